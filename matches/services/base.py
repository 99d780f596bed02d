"""What every writer shares: one transaction per write (with SQLite's writer queue). The
errors a write answers with, and how each reads to people, are ``matches.errors``."""

from __future__ import annotations

import gc
import os
import threading
from contextlib import contextmanager
from typing import Any

from django.conf import settings
from django.db import connection, transaction

from ..backup import private

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
    them. (PostgreSQL needs no queue: its row locks wake waiters at once.) While a process
    holds the queue for its short statements, its garbage collector waits
    (``_no_collection``); a write that works through many things says so
    (``long_work``) and the collector runs again.

    What computes for long is done before it: a record plays its hand and builds its rows
    first (``services.play.record_hand``), a draft plans its seating first
    (``services.drafting.draft_round``), each stored under a guard that finds out
    whether another write came between."""
    with _writer_queue(), transaction.atomic():
        yield


_queue = threading.RLock()
_queue_file: tuple[int, Any] | None = None  # (pid, open file): never shared across a fork
_held = threading.local()  # ``paused``: this thread's hold of the queue stopped the collector

# Things (matches replayed, rows written) past which a write is long (``long_work``).
LONG_WORK = 100


def long_work(things: int) -> None:
    """A write holding the queue is about to work through ``things`` (the matches a
    rating replays, the rows of a member list): past ``LONG_WORK`` its collector runs
    again. A collection's pause is small beside such a write, and the garbage of a long
    one would pile up meanwhile; the short statements of every other write keep it off."""
    if things > LONG_WORK and getattr(_held, "paused", False):
        _held.paused = False
        gc.enable()


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
        collecting = _held.paused = _no_collection()
        try:
            yield
        finally:
            _held.paused = False
            try:
                fcntl.flock(handle, fcntl.LOCK_UN)
            finally:
                if collecting:
                    gc.enable()


def _no_collection() -> bool:
    """Stop the cyclic garbage collector of this process until the queue is let go;
    whether it was running. Every writer of the machine waits while one holds the queue,
    and a collection that starts in there (set off by an allocation in any thread of the
    process) stops the holder for as long as it takes to walk the whole heap, many times
    the write itself (docs/performance.md). What a write leaves behind is collected after
    it; a long one lets it run again (``long_work``). One thread of a process holds the
    queue at a time (``_queue``), so two pauses never overlap."""
    collecting = gc.isenabled()
    gc.disable()
    return collecting
