"""The reads every request makes (the match by its id, the user of a session or an API
key, a table by its link), as written SQL run on a cursor: each row becomes its model's
object by ``Model.from_db`` (the documented way the ORM itself builds one), every field
converted as the ORM converts it (``Field.get_db_converters`` with the backend's own).

Why not ``objects.filter(...)``: building the SQL of a query takes the ORM longer than
SQLite takes to run it. Why not ``Manager.raw``: it works out again for every query which
column is which field and how each converts (280 µs against 55 µs for one match;
``bench/profile_write.py`` measures a whole request). Here that is worked out once per
model and set of columns (``_reading``). These few lookups start every page, JSON read
and write. The SQL is ``SELECT *`` by one column named from the model's ``_meta``, so a
new field needs nothing here; ``tests/core/test_lookups.py`` holds each lookup to the
ORM's answer.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any, NamedTuple, TypeVar

import orjson
from django.core.exceptions import ValidationError
from django.db import connections, models, router
from django.utils import timezone

M = TypeVar("M", bound=models.Model)


def one_by(model: type[M], field: str, value: Any) -> M | None:
    """The one ``model`` whose unique ``field`` is ``value``, or None (also for a value
    the field cannot hold, as the ORM's lookup would refuse it)."""
    column = model._meta.get_field(field)
    try:
        value = column.get_prep_value(column.to_python(value))
    except (ValidationError, TypeError, ValueError):
        return None
    using = router.db_for_read(model)
    return _first(model, using, _select(model, field, using), [value])


def _first(model: type[M], using: str, sql: str, params: list[Any]) -> M | None:
    """The first row of ``sql`` as a ``model``, its columns that are no field of the model
    (a join's, named by ``AS``) set on it as they come; or None."""
    connection = connections[using]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        row = cursor.fetchone()
        if row is None:
            return None
        columns = tuple(column[0] for column in cursor.description)
    reading = _reading(model, using, columns)
    values = [
        _converted(row[index], converters, column, connection)
        for index, column, converters in reading.fields
    ]
    instance = model.from_db(using, reading.names, values)
    for index, name in reading.extras:
        setattr(instance, name, row[index])
    return instance


def _converted(value: Any, converters: tuple, column: Any, connection) -> Any:
    for converter in converters:
        value = converter(value, column, connection)
    return value


class _Reading(NamedTuple):
    names: list[str]  # every concrete field's attname, in ``_meta.concrete_fields`` order
    fields: tuple[tuple[int, Any, tuple], ...]  # (column index, the field's column, converters)
    extras: tuple[tuple[int, str], ...]  # (column index, name) of columns no field reads


@functools.cache
def _reading(model: type[models.Model], using: str, columns: tuple[str, ...]) -> _Reading:
    """Which column each field reads and its converters, as the ORM's compiler finds them:
    the backend's for the field's column, then the field's own (``from_db_value``). Kept
    per database alias, not per connection: the backend's converters read the settings
    (the time zone), never the state of the thread's connection they were taken from,
    and each call is handed the connection of its own thread (``_converted``)."""
    connection = connections[using]
    meta = model._meta
    by_column = {name: index for index, name in enumerate(columns)}
    fields = []
    for field in meta.concrete_fields:
        column = field.get_col(meta.db_table)
        converters = connection.ops.get_db_converters(column) + field.get_db_converters(connection)
        fields.append((by_column[field.column], column, tuple(converters)))
    read = {field.column for field in meta.concrete_fields}
    extras = tuple((index, name) for index, name in enumerate(columns) if name not in read)
    return _Reading([field.attname for field in meta.concrete_fields], tuple(fields), extras)


@functools.cache
def _select(model: type[models.Model], field: str, using: str) -> str:
    quote = connections[using].ops.quote_name
    meta = model._meta
    return f"SELECT * FROM {quote(meta.db_table)} WHERE {quote(meta.get_field(field).column)} = %s"


def user_by_token_hash(key_hash: str):
    """The user whose API token has ``key_hash``, with the token's id and when it was last
    used as ``api_token_id`` and ``api_token_used_at``; or None."""
    from django.contrib.auth import get_user_model

    from .accounts import ApiToken

    user_model = get_user_model()
    using = router.db_for_read(user_model)
    user = _first(user_model, using, _token_select(user_model, ApiToken, using), [key_hash])
    if user is not None:
        user.api_token_used_at = stored_time(user.api_token_used_at)
    return user


@functools.cache
def _token_select(user_model, token_model, using: str) -> str:
    quote = connections[using].ops.quote_name
    users, tokens = user_model._meta, token_model._meta

    def column(meta, name):
        return quote(meta.get_field(name).column)

    return (
        f"SELECT u.*, t.{column(tokens, 'id')} AS api_token_id, "
        f"t.{column(tokens, 'last_used_at')} AS api_token_used_at "
        f"FROM {quote(users.db_table)} u JOIN {quote(tokens.db_table)} t "
        f"ON t.{column(tokens, 'user')} = u.{quote(users.pk.column)} "
        f"WHERE t.{column(tokens, 'key_hash')} = %s"
    )


def stored_time(value: Any) -> datetime | None:
    """A time read as an extra column of ``raw`` (no field converts it): SQLite gives the
    text it stores, in UTC; PostgreSQL a datetime."""
    if isinstance(value, str):
        value = datetime.fromisoformat(value)
    if isinstance(value, datetime) and timezone.is_naive(value):
        value = value.replace(tzinfo=UTC)
    return value


def table_by(field: str, value: Any, *, with_match_revision: bool = False):
    """The tournament table whose unique ``field`` (``token``, ``match``) is ``value`` and
    which plays a match, with its round's status as ``round_status`` (and its match's
    revision as ``match_revision``); or None: what a table link's every request reads."""
    from .tournaments import Table

    column = Table._meta.get_field(field)
    try:
        value = column.get_prep_value(column.to_python(value))
    except (ValidationError, TypeError, ValueError):
        return None
    using = router.db_for_read(Table)
    sql = _table_select(Table, field, with_match_revision, using)
    return _first(Table, using, sql, [value])


@functools.cache
def _table_select(table_model, field: str, with_match_revision: bool, using: str) -> str:
    quote = connections[using].ops.quote_name
    tables = table_model._meta
    rounds = tables.get_field("round").related_model._meta
    matches = tables.get_field("match").related_model._meta

    def column(name):
        return f"t.{quote(tables.get_field(name).column)}"

    revision, join = "", ""
    if with_match_revision:
        revision = f", m.{quote(matches.get_field('revision').column)} AS match_revision"
        join = (
            f" JOIN {quote(matches.db_table)} m ON m.{quote(matches.pk.column)} = {column('match')}"
        )
    return (
        f"SELECT t.*, r.{quote(rounds.get_field('status').column)} AS round_status{revision} "
        f"FROM {quote(tables.db_table)} t JOIN {quote(rounds.db_table)} r "
        f"ON r.{quote(rounds.pk.column)} = {column('round')}{join} "
        f"WHERE {column(field)} = %s AND {column('match')} IS NOT NULL"
    )


# What a read of a match's hands needs of each: the rules' derived facts and the version.
HAND_COLUMNS = ("number", "dealer", "input", "targets", "scores", "active", "detail", "version")
JSON_COLUMNS = frozenset({"input", "targets", "scores", "active", "detail"})


def hand_rows(match_id: int) -> Iterator[tuple[Any, ...]]:
    """A match's hands, oldest first, as tuples of ``HAND_COLUMNS`` with the JSON decoded:
    what a whole state reads after another worker wrote the match's last hand. Written
    SQL for the reason above, and more: through ``values_list`` the ORM spent two thirds
    of this read converting each of a hand's five JSON values one by one (``bench/
    profile_write.py --cold``); here the rows come as the database holds them and each
    value is decoded by ``orjson``."""
    from .play import Hand

    using = router.db_for_read(Hand)
    with connections[using].cursor() as cursor:
        cursor.execute(_hands_select(Hand, using), [match_id])
        rows = cursor.fetchall()
    decoded = [column in JSON_COLUMNS for column in HAND_COLUMNS]
    for row in rows:
        pairs = zip(decoded, row, strict=True)
        yield tuple(_json(value) if is_json else value for is_json, value in pairs)


def _json(value: Any) -> Any:
    """A JSON column as the driver gives it: text on SQLite and, as Django sets psycopg
    up, on PostgreSQL; None for SQL NULL."""
    return orjson.loads(value) if isinstance(value, (str, bytes)) else value


@functools.cache
def _hands_select(hand_model, using: str) -> str:
    quote = connections[using].ops.quote_name
    meta = hand_model._meta
    columns = ", ".join(quote(meta.get_field(name).column) for name in HAND_COLUMNS)
    match = quote(meta.get_field("match").column)
    number = quote(meta.get_field("number").column)
    return f"SELECT {columns} FROM {quote(meta.db_table)} WHERE {match} = %s ORDER BY {number}"
