"""The statements of recording a hand (the match's guarded UPDATE, the hand's INSERT, the
audit entry's INSERT), as SQL run on a cursor: its text written once per process from
the model's own description (``_meta``: its table, each field's column), its values
converted by each field as ``save()`` converts them (``Field.pre_save`` and
``get_db_prep_save``: JSON, times and booleans for SQLite and PostgreSQL alike). The
times that ``auto_now`` and ``auto_now_add`` fill are taken then, when the record is
built: earlier than the write by its wait for the queue (milliseconds; at worst the
busy timeout). Within a match their order holds, since a write that came between fails
the record's guard and the record is built again inside the queue.

Why not ``save()`` and ``update()``: on SQLite every writer of the machine waits while one
writes (``services.base.writing``), and the ORM builds each statement's SQL afresh in
there, most of a record's time inside the queue (docs/performance.md). Here the values
are converted when the statement is made, before the queue, and only
``cursor.execute`` runs inside it. The SQL names every field ``save()`` would write (the
model's own concrete fields, but a generated one and an automatic key), so a plain new
field needs nothing here; one with a database default is refused (``save()`` writes
it). These models have no signals and the app one database (``router.db_for_write``
names it, as for the ORM), so nothing that ``save()`` would run is skipped.
``tests/play/test_statements.py`` holds each statement's row to the one ``save()`` or
``update()`` writes.
"""

from __future__ import annotations

import functools
from typing import Any

from django.db import connections, models, router


class Insert:
    """``instance`` as a new row (every concrete field but an automatic key), its values
    converted now; ``run()`` inserts it and gives ``instance`` its key, as ``save()``
    would."""

    def __init__(self, instance: models.Model):
        model = type(instance)
        self.instance = instance
        self.using = router.db_for_write(model, instance=instance)
        connection = connections[self.using]
        self.returning = _returns(connection)
        self.sql = _insert_sql(model, connection.vendor, self.returning)
        fields = _inserted(model)
        values = [field.pre_save(instance, add=True) for field in fields]
        if any(hasattr(value, "as_sql") for value in values):
            raise TypeError(f"{model.__name__}: an expression or database default is save()'s")
        self.params = [
            field.get_db_prep_save(value, connection)
            for field, value in zip(fields, values, strict=True)
        ]

    def run(self) -> None:
        with connections[self.using].cursor() as cursor:
            cursor.execute(self.sql, self.params)
            if self.returning:
                (key,) = cursor.fetchone()
            else:  # SQLite before 3.35
                key = cursor.lastrowid
        self.instance.pk = key
        self.instance._state.adding = False
        self.instance._state.db = self.using


class Update:
    """The row of ``model`` whose key is ``pk`` (and, with ``guard``, whose fields still
    hold those values) set to ``values``, converted now; ``run()`` says whether a row was
    written."""

    def __init__(
        self, model: type[models.Model], pk: Any, values: dict[str, Any], guard: dict[str, Any]
    ):
        self.using = router.db_for_write(model)
        connection = connections[self.using]
        meta = model._meta
        sets = [meta.get_field(name) for name in values]
        wheres = [meta.pk, *(meta.get_field(name) for name in guard)]
        self.sql = _update_sql(model, tuple(values), tuple(guard), connection.vendor)
        self.params = [
            *(field.get_db_prep_save(values[field.name], connection) for field in sets),
            *(
                field.get_db_prep_value(value, connection)
                for field, value in zip(wheres, (pk, *guard.values()), strict=True)
            ),
        ]

    def run(self) -> bool:
        with connections[self.using].cursor() as cursor:
            cursor.execute(self.sql, self.params)
            return cursor.rowcount == 1


def _inserted(model: type[models.Model]) -> list[models.Field]:
    """The fields ``save()`` inserts: the model's own concrete ones, but a generated one
    and an automatic key."""
    return [
        field
        for field in model._meta.local_concrete_fields
        if not field.generated and not (field.primary_key and field.db_returning)
    ]


def _returns(connection) -> bool:
    return connection.features.can_return_columns_from_insert


@functools.cache
def _insert_sql(model: type[models.Model], vendor: str, returning: bool = True) -> str:
    quote = _quote(model)
    fields = _inserted(model)
    columns = ", ".join(quote(field.column) for field in fields)
    marks = ", ".join(["%s"] * len(fields))
    sql = f"INSERT INTO {quote(model._meta.db_table)} ({columns}) VALUES ({marks})"
    return f"{sql} RETURNING {quote(model._meta.pk.column)}" if returning else sql


@functools.cache
def _update_sql(
    model: type[models.Model], names: tuple[str, ...], guard: tuple[str, ...], vendor: str
) -> str:
    quote = _quote(model)
    meta = model._meta
    sets = ", ".join(f"{quote(meta.get_field(name).column)} = %s" for name in names)
    wheres = " AND ".join(
        f"{quote(field.column)} = %s"
        for field in (meta.pk, *(meta.get_field(name) for name in guard))
    )
    return f"UPDATE {quote(meta.db_table)} SET {sets} WHERE {wheres}"


def _quote(model: type[models.Model]):
    return connections[router.db_for_write(model)].ops.quote_name
