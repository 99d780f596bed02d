"""``manage.py backup`` and ``restore``: online backups under writes, and a restore that
never leaves an old write-ahead log behind."""

import json
import os
import sqlite3
import subprocess
import sys
import threading
from contextlib import closing
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from matches.backup import hold_server_lock, integrity
from matches.models import Match
from matches.services import play as services
from tests.factories import sm_hand

ROOT = Path(__file__).resolve().parents[2]
TABLES = ("matches_player", "matches_match", "matches_seat", "matches_hand", "matches_auditentry")

sqlite_only = pytest.mark.skipif(
    connection.vendor != "sqlite",
    reason="SQLite's backup API; on PostgreSQL test_it_points_postgresql_to_pg_dump runs",
)


def rows(path, table):
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
        return db.execute(f"SELECT * FROM {table} ORDER BY id").fetchall()  # noqa: S608


def manage(*args, data_dir):
    env = {**os.environ, "DATA_DIR": str(data_dir), "SECRET_KEY": "restore-test"}
    env.pop("DATABASE_URL", None)
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def database_file():
    return Path(connection.settings_dict["NAME"])


@sqlite_only
@pytest.mark.django_db(transaction=True)
def test_it_backs_up_under_writes_and_restores_every_match(owner, make_match, tmp_path):
    matches = [make_match([sm_hand([8, 5, 3])]) for _ in range(3)]
    stop = threading.Event()
    recorded = []

    def write(match):
        try:
            number = 2
            while not stop.is_set() and number < 40:
                fresh = Match.objects.get(pk=match.pk)
                services.record_hand(fresh, number, sm_hand([8, 5, 3]), by=owner)
                recorded.append(number)
                number += 1
        finally:
            connection.close()

    writers = [threading.Thread(target=write, args=(match,)) for match in matches]
    for writer in writers:
        writer.start()
    during = tmp_path / "during.sqlite3"
    call_command("backup", str(during))
    stop.set()
    for writer in writers:
        writer.join(timeout=60)
    after = tmp_path / "after.sqlite3"
    call_command("backup", str(after))

    assert recorded, "the writers never wrote"
    assert integrity(during) == "ok"
    # Taken mid-write, the backup holds each match as it stood at one moment: its hands
    # are the first ones of the original, and its revision says how many.
    with closing(sqlite3.connect(during)) as db:
        kept = db.execute("SELECT match_id, number, input FROM matches_hand").fetchall()
        revisions = dict(db.execute("SELECT id, revision FROM matches_match"))
    for match in matches:
        inputs = [row[2] for row in sorted(kept) if row[0] == match.pk]
        original = list(match.hands.order_by("number").values_list("input", flat=True))
        assert [json.loads(text) for text in inputs] == original[: len(inputs)]
        assert revisions[match.pk] == len(inputs)  # one write per hand, as in the original

    fresh = tmp_path / "var"
    result = manage("restore", str(after), data_dir=fresh)

    assert result.returncode == 0, result.stderr
    assert "Replaced the database at" in result.stdout  # said once it is done
    assert integrity(fresh / "db.sqlite3") == "ok"
    for table in TABLES:
        assert rows(fresh / "db.sqlite3", table) == rows(database_file(), table), table


@sqlite_only
@pytest.mark.django_db(transaction=True)
def test_it_removes_an_old_write_ahead_log_on_restore(make_match, tmp_path):
    make_match([sm_hand([8, 5, 3]), sm_hand([9, 4, 3])])
    backup = tmp_path / "backup.sqlite3"
    call_command("backup", str(backup))
    fresh = tmp_path / "var"
    fresh.mkdir()
    # An old database in WAL mode with a log full of pages of its own, left behind as a
    # crashed server or a careless copy would leave it.
    old = fresh / "db.sqlite3"
    writer = sqlite3.connect(old)
    writer.execute("PRAGMA journal_mode=WAL")
    writer.execute("PRAGMA wal_autocheckpoint=0")
    writer.execute("CREATE TABLE junk (x)")
    writer.executemany("INSERT INTO junk VALUES (?)", [("x" * 500,)] * 2000)
    writer.commit()
    assert Path(f"{old}-wal").stat().st_size > 0

    result = manage("restore", str(backup), data_dir=fresh)
    writer.close()

    assert result.returncode == 0, result.stderr
    assert not Path(f"{old}-wal").exists() or Path(f"{old}-wal").stat().st_size == 0
    assert integrity(old) == "ok"
    assert rows(old, "matches_hand") == rows(database_file(), "matches_hand")


@sqlite_only
@pytest.mark.django_db(transaction=True)
def test_it_refuses_to_restore_while_the_server_runs(make_match, tmp_path):
    make_match()
    backup = tmp_path / "backup.sqlite3"
    call_command("backup", str(backup))
    fresh = tmp_path / "var"
    fresh.mkdir()
    lock = hold_server_lock(fresh)
    try:
        result = manage("restore", str(backup), data_dir=fresh)
    finally:
        lock.close()

    assert result.returncode != 0
    assert "server is running" in result.stderr
    assert "replace" not in result.stdout.lower()  # nothing was (issue 32, item 12)
    # Still the empty database that manage.py's start made, nothing restored into it.
    assert (fresh / "db.sqlite3").stat().st_size == 0


@sqlite_only
def test_it_refuses_a_file_that_is_not_a_database(tmp_path):
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"not a database at all" * 100)

    result = manage("restore", str(junk), data_dir=tmp_path / "var")

    assert result.returncode != 0
    assert "not a sound database" in result.stderr
    assert "replace" not in result.stdout.lower()


@sqlite_only
@pytest.mark.django_db
def test_it_never_overwrites_an_existing_backup(tmp_path):
    target = tmp_path / "taken.sqlite3"
    target.write_text("keep me")

    with pytest.raises(CommandError, match="exists already"):
        call_command("backup", str(target))
    assert target.read_text() == "keep me"


@pytest.mark.skipif(
    connection.vendor == "sqlite",
    reason="the PostgreSQL hint; the SQLite backups are tested above",
)
@pytest.mark.django_db
def test_it_points_postgresql_to_pg_dump(tmp_path):
    with pytest.raises(CommandError, match="pg_dump"):
        call_command("backup", str(tmp_path / "x.sqlite3"))


def test_a_restore_forgets_the_boards_drawn_beside_the_old_database(tmp_path):
    # They describe the old database's tournaments: a restored tournament can reach the
    # same revision again otherwise.
    from matches.backup import restore

    source = tmp_path / "backup.sqlite3"
    with closing(sqlite3.connect(source)) as db:
        db.execute("CREATE TABLE django_migrations (id integer)")
        db.commit()
    data = tmp_path / "var"
    kept = data / "boards"
    kept.mkdir(parents=True)
    (kept / "board-7").write_bytes(b"the old database's board")

    restore(source, data / "db.sqlite3", data)

    assert not (data / "boards").exists()
    assert integrity(data / "db.sqlite3") == "ok"
