"""What every writer shares: one transaction per write (with SQLite's writer queue), the
errors a write answers with, and how a rule error reads to people."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connection, connections, models, router, transaction
from django.db.models.sql import InsertQuery, UpdateQuery
from django.utils.translation import gettext

from ..backup import private
from ..rules import RuleError
from ..rules.base import Phrases, Term

if TYPE_CHECKING:
    from .selectors import Snapshot

try:
    import fcntl
except ImportError:  # not on Windows; SQLite's busy handler then does the waiting
    fcntl = None


@contextmanager
def writing():
    """One transaction that writes. On SQLite, writers from every worker process first
    queue on a file lock: the kernel wakes the next one the moment the last commits,
    where SQLite's own busy handler would poll, sleeping in steps of milliseconds. The
    database's locks stay the guarantee; the queue only keeps writers from bumping into
    them. (PostgreSQL needs no queue: its row locks wake waiters at once.)"""
    with _writer_queue(), transaction.atomic():
        yield


def after_the_queue(work: Callable[[], None]) -> None:
    """Do ``work`` once this thread has left the writers' queue, or now when it is not in
    it. For what no other writer needs to wait for (keeping a derived state in a file, say):
    registered from ``transaction.on_commit``, it runs after the commit either way."""
    pending = getattr(_held, "pending", None)
    if pending is None:
        work()
    else:
        pending.append(work)


_queue = threading.RLock()
_queue_file: tuple[int, Any] | None = None  # (pid, open file): never shared across a fork
_held = threading.local()  # .pending: work for after the queue, while this thread holds it


@contextmanager
def _writer_queue():
    if fcntl is None or connection.vendor != "sqlite" or connection.in_atomic_block:
        yield
        return
    global _queue_file
    with _queue:  # threads of one process: flock alone would not keep them apart
        if _queue_file is None or _queue_file[0] != os.getpid():
            path = settings.DATA_DIR / "writers.lock"
            _queue_file = (os.getpid(), open(path, "a", opener=private))  # noqa: SIM115
        handle = _queue_file[1]
        fcntl.flock(handle, fcntl.LOCK_EX)
        _held.pending = []
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
            pending, _held.pending = _held.pending, None
    # Only committed work is here: it was queued by on_commit callbacks.
    for work in pending:
        work()


class Writes:
    """Statements built now and run later, under the writers' queue.

    Building a statement is the ORM's work (SQL, each value through its field, the
    timestamps of ``auto_now``); running it is the database's. A writer that builds its
    statements before queueing holds the queue (and SQLite's write lock) only while they
    run: with several threads per worker, every return from the database inside the
    queue waits for the interpreter's lock, so the less Python runs in there, the shorter
    every other writer waits.

    The first statement is the one that decides: when it changes no row (an update
    guarded by a revision that has moved on), nothing else runs and ``run`` says False.
    Inserts are built as ``save`` would run them for a new row, without its signals (the
    models written here have none) and without reading the new key back; the SQL of a
    model's insert is the same every time, so the ORM writes it once per process, and
    each row's values go through their fields as the ORM's insert passes them
    (``pre_save``, then ``get_db_prep_save``)."""

    def __init__(self):
        self.statements: list[tuple[str, Any, str]] = []
        self.afterwards: list[Callable[[], None]] = []

    def then(self, done: Callable[[], None]) -> None:
        """``done()`` once every statement has run (to bring objects in memory along)."""
        self.afterwards.append(done)

    def update(self, rows: models.QuerySet, **values: Any) -> None:
        """What ``rows.update(**values)`` would run."""
        query = rows.query.chain(UpdateQuery)
        query.add_update_values(values)
        self._add(query, rows.db)

    def insert(self, row: models.Model) -> None:
        """What ``row.save()`` would run for a new row with an automatic key."""
        using = router.db_for_write(type(row))
        sql, fields = _insert_sql(type(row), using)
        connection = connections[using]
        params = []
        for field in fields:
            value = field.pre_save(row, True)
            if hasattr(value, "resolve_expression"):
                raise TypeError("Writes.insert takes values, not expressions.")
            params.append(field.get_db_prep_save(value, connection))
        self.add(sql, params, using)

    def add(self, sql: str, params: Sequence[Any], using: str = DEFAULT_DB_ALIAS) -> None:
        """A statement written out by the caller."""
        self.statements.append((sql, params, using))

    def _add(self, query, using: str) -> None:
        built = query.get_compiler(using).as_sql()
        for sql, params in built if isinstance(built, list) else [built]:
            self.statements.append((sql, params, using))

    def run(self) -> bool:
        for index, (sql, params, using) in enumerate(self.statements):
            with connections[using].cursor() as cursor:
                cursor.execute(sql, params)
                if index == 0 and cursor.rowcount == 0:
                    return False
        for done in self.afterwards:
            done()
        return True


_inserts: dict[tuple[type[models.Model], str], tuple[str, list[models.Field]]] = {}


def _insert_sql(model: type[models.Model], using: str) -> tuple[str, list[models.Field]]:
    """The SQL of a one-row insert into ``model`` (every column but the automatic key)
    and its fields in the order of its parameters, as the ORM writes it."""
    known = _inserts.get((model, using))
    if known is None:
        meta = model._meta
        fields = [
            field
            for field in meta.local_concrete_fields
            if not field.generated and field is not meta.auto_field
        ]
        query = InsertQuery(model)
        query.insert_values(fields, [model()])
        [(sql, params)] = query.get_compiler(using).as_sql()
        if len(params) != len(fields):
            raise TypeError(f"An insert of {model.__name__} needs more than its values: {sql}")
        known = _inserts[(model, using)] = (sql, fields)
    return known


class Conflict(Exception):
    """The request no longer fits the match (another device was quicker, a stale
    version, a finished match). Carries the current snapshot so the caller can show it."""

    def __init__(self, message: str, snapshot: Snapshot):
        super().__init__(message)
        self.message = message
        self.snapshot = snapshot


class HandNotFound(Exception):
    pass


class TableLocked(Exception):
    """A write through a table link that its table no longer takes: the result was
    confirmed, or the round closed, before the write's transaction began. Decided under
    the tournament's lock, which confirming and closing take too, so a result never moves
    after its confirmation; the pages and the API answer with ``message`` (403)."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class Clash(RuleError):
    """A request that is well formed and within the rules, refused because of what is
    stored: a name another player has, a tournament in another series, a round already
    under way. The same request could succeed against another state, so the API answers
    409 (not 422, which says the request itself must change); the pages show it as any
    refusal, next to its field."""


def clashes(error: RuleError) -> bool:
    """Whether ``error`` (or every one of the errors it gathers) is a ``Clash``."""
    return all(isinstance(each, Clash) for each in getattr(error, "errors", None) or [error])


def explain(error: RuleError) -> str:
    """The translated sentence for a rule error, naming the hand when it is a later one."""
    text = gettext(error.message)
    if error.params:
        text = text % {key: _display(value) for key, value in error.params.items()}
    hand = getattr(error, "hand", None)
    if hand is not None:
        return gettext("Hand %(number)s no longer fits: %(problem)s") % {
            "number": hand,
            "problem": text,
        }
    return text


def _display(value: Any) -> Any:
    # Only the program's own words (``Term``: an option's name, a call; ``Phrases``: whole
    # sentences) are translated; a player's name or what a client sent is shown as it is
    # ("Nobody" stays "Nobody").
    if isinstance(value, Phrases):
        return "; ".join(
            gettext(message) % {key: _display(item) for key, item in params.items()}
            for message, params in value
        )
    return gettext(value) if isinstance(value, Term) else value
