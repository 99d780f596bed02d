"""The modules CI's PostgreSQL pass leaves out (tests/conftest.py's ANY_DATABASE) exist:
a module renamed or moved must be listed again, or it would run on PostgreSQL, and a
name that no longer names a module says nothing."""

from pathlib import Path

from tests.conftest import ANY_DATABASE

TESTS = Path(__file__).resolve().parent.parent


def test_every_module_left_to_sqlite_exists():
    assert [name for name in sorted(ANY_DATABASE) if not (TESTS / name).is_file()] == []


def test_the_postgresql_pass_leaves_them_out():
    ci = (TESTS.parent / ".ci" / "run").read_text()
    assert '-m "not nodb and not anydb and not e2e"' in ci
