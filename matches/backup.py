"""Backup and restore of the SQLite database, with Python's own ``sqlite3`` (a fresh
machine has no ``sqlite3`` command-line tool).

A backup is taken online, page by page, by SQLite's backup API: it is consistent even
while the app writes. A restore must not run beside the app, and must never leave the
old write-ahead log (``-wal``) next to the restored file: SQLite would replay it onto
pages it no longer describes ("database disk image is malformed").
"""

from __future__ import annotations

import os
import shutil
import sqlite3
from contextlib import closing, contextmanager
from pathlib import Path

try:
    import fcntl
except ImportError:  # not on Windows
    fcntl = None

# Every server (``make run``: ``scorekeeper.serve``) holds a shared
# lock on this file for as long as it runs; a restore needs it exclusively, so one that
# cannot take it knows a server is running. Shared, so that two servers on one data
# directory (a restart overlapping the old one) do not refuse each other.
SERVER_LOCK = "server.lock"
BOARD_DRAWINGS = "boards"  # scorekeeper.datadir.board_drawings_dir()


class BackupError(Exception):
    """What went wrong, in words for the person at the terminal."""


def integrity(path: Path) -> str:
    """SQLite's own check of ``path``: "ok", or what is broken."""
    try:
        with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
            rows = db.execute("PRAGMA integrity_check").fetchall()
    except sqlite3.DatabaseError as error:
        return str(error)
    return "; ".join(str(row[0]) for row in rows)


def backup(source: Path, target: Path) -> None:
    """Copy the database ``source`` to ``target`` while the app may be writing."""
    if target.exists():
        raise BackupError(f"{target} exists already; choose another file.")
    target.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    with closing(sqlite3.connect(source)) as src, closing(sqlite3.connect(target)) as dst:
        src.backup(dst)
        # A self-contained file: no write-ahead log of its own to carry along.
        dst.execute("PRAGMA journal_mode=DELETE")
    os.chmod(target, 0o600)
    checked = integrity(target)
    if checked != "ok":
        target.unlink()
        raise BackupError(f"The backup failed its integrity check: {checked}")


def restore(source: Path, target: Path, data_dir: Path) -> None:
    """Replace the database ``target`` by the backup ``source``, with the server stopped."""
    if not source.is_file():
        raise BackupError(f"There is no backup at {source}.")
    checked = integrity(source)
    if checked != "ok":
        raise BackupError(f"{source} is not a sound database: {checked}")
    if not _has_table(source, "django_migrations"):
        raise BackupError(f"{source} is not a scorekeeper database.")
    with server_stopped(data_dir):
        staging = target.with_name(target.name + ".restoring")
        staging.unlink(missing_ok=True)
        with closing(sqlite3.connect(source)) as src, closing(sqlite3.connect(staging)) as dst:
            src.backup(dst)
            dst.execute("PRAGMA journal_mode=DELETE")
        os.chmod(staging, 0o600)
        # The old log and its index describe the old file: gone before the new one lands.
        for suffix in ("-wal", "-shm", "-journal"):
            Path(f"{target}{suffix}").unlink(missing_ok=True)
        os.replace(staging, target)
        # The boards drawn beside the old database describe its tournaments, not the
        # restored ones (a tournament may reach the same revision again otherwise).
        shutil.rmtree(data_dir / BOARD_DRAWINGS, ignore_errors=True)
    checked = integrity(target)
    if checked != "ok":
        raise BackupError(f"The restored database failed its integrity check: {checked}")


@contextmanager
def server_stopped(data_dir: Path):
    """Hold the server's lock for the restore; refuse when the server holds it."""
    if fcntl is None:
        raise BackupError("Cannot tell whether the server runs here; stop it and copy by hand.")
    data_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
    with open(data_dir / SERVER_LOCK, "a", opener=private) as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise BackupError(
                "The server is running on this data directory: stop it first."
            ) from None
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def hold_server_lock(data_dir: Path):
    """Called by the server at start (``scorekeeper.serve``, before its workers start):
    the open file with the shared lock, kept for the server's lifetime by its main
    process (workers forked from it inherit it too), so the lock lasts as long as the
    server runs. None without ``fcntl``."""
    if fcntl is None:
        return None
    # Held until the process ends, hence no ``with``.
    handle = open(data_dir / SERVER_LOCK, "a", opener=private)  # noqa: SIM115
    try:
        fcntl.flock(handle, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        handle.close()
        raise BackupError(
            "A restore is running on this data directory: start the server when it is done."
        ) from None
    os.set_inheritable(handle.fileno(), True)
    return handle


def private(path: str, flags: int) -> int:
    """``open``'s opener for a file only this user may read (0600 when it is created)."""
    return os.open(path, flags, 0o600)


def _has_table(path: Path, name: str) -> bool:
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
        row = db.execute(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (name,)
        ).fetchone()
    return row is not None
