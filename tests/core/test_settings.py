"""The settings and the data directory: what a person deploying the app relies on."""

import os
import re
import sqlite3
import stat
import subprocess
import sys
import threading
from contextlib import closing
from importlib import import_module
from pathlib import Path

import pytest

from scorekeeper import datadir

ROOT = Path(__file__).resolve().parents[2]
# Whatever the test run itself was given must not leak into the configurations under test.
CONFIGURATION = (
    "DATABASE_URL",
    "SECRET_KEY",
    "DATA_DIR",
    "DEBUG",
    "HTTPS",
    "DJANGO_SETTINGS_MODULE",
    "SECURE_HSTS_INCLUDE_SUBDOMAINS",
    "SECURE_HSTS_PRELOAD",
    "SECURE_HSTS_SECONDS",
    "SECURE_SSL_REDIRECT",
    "POLL_SECONDS",
    # Set for this test process by its browser tests (tests/e2e_support.py), never by a
    # deployment: the deploy check refuses it.
    "DJANGO_ALLOW_ASYNC_UNSAFE",
)


def run(code_or_args, **env):
    """Python in a fresh interpreter beside manage.py, with only ``env`` configured."""
    clean = {key: value for key, value in os.environ.items() if key not in CONFIGURATION}
    clean["DJANGO_SETTINGS_MODULE"] = "scorekeeper.settings"
    args = code_or_args if isinstance(code_or_args, list) else ["-c", code_or_args]
    return subprocess.run(
        [sys.executable, *args],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.fixture
def data(tmp_path, monkeypatch):
    for name in CONFIGURATION:
        monkeypatch.delenv(name, raising=False)
    path = tmp_path / "data"
    monkeypatch.setenv("DATA_DIR", str(path))
    return path


def mode(path):
    return stat.S_IMODE(path.stat().st_mode)


def test_importing_the_settings_writes_nothing(tmp_path):
    done = run("import scorekeeper.settings", DATA_DIR=str(tmp_path / "data"), SECRET_KEY="k" * 50)
    assert done.returncode == 0, done.stderr
    assert not (tmp_path / "data").exists()


def test_without_a_key_the_settings_say_how_to_get_one(tmp_path):
    done = run("import scorekeeper.settings", DATA_DIR=str(tmp_path / "data"))
    assert done.returncode != 0
    assert "ImproperlyConfigured: No SECRET_KEY in the environment and no key file" in done.stderr
    assert not (tmp_path / "data").exists()


def test_a_shared_database_without_a_secret_key_refuses_to_start(tmp_path):
    done = run(
        ["manage.py", "check"],
        DATA_DIR=str(tmp_path / "data"),
        DATABASE_URL="postgres://nobody@127.0.0.1:1/none",
    )
    assert done.returncode != 0
    assert "DATABASE_URL is set but SECRET_KEY is not" in done.stderr


def test_manage_py_prepares_the_data_directory_on_first_start(tmp_path):
    data = tmp_path / "data"
    first = run(["manage.py", "check"], DATA_DIR=str(data))
    assert first.returncode == 0, first.stderr
    key = (data / "secret_key").read_text()
    assert len(key) >= 50
    second = run(["manage.py", "check"], DATA_DIR=str(data))
    assert second.returncode == 0, second.stderr
    assert (data / "secret_key").read_text() == key


def test_prepare_makes_private_folders_and_key(data):
    datadir.prepare()
    assert mode(data) == 0o700
    assert mode(data / "sessions") == 0o700
    assert mode(data / "secret_key") == 0o600
    key = (data / "secret_key").read_text()
    datadir.prepare()
    assert (data / "secret_key").read_text() == key
    assert [p.name for p in data.iterdir() if p.name.startswith(".")] == []


def test_prepare_makes_an_older_data_directory_private(data):
    # As an earlier version (or a careless copy) may have left it: readable by anyone.
    (data / "sessions").mkdir(parents=True, mode=0o755)
    data.chmod(0o755)
    (data / "sessions").chmod(0o755)
    for name in ("db.sqlite3", "db.sqlite3-wal", "db.sqlite3-shm", "secret_key"):
        (data / name).write_text("x")
        (data / name).chmod(0o644)

    datadir.prepare()

    assert mode(data) == mode(data / "sessions") == 0o700
    for name in ("db.sqlite3", "db.sqlite3-wal", "db.sqlite3-shm", "secret_key"):
        assert mode(data / name) == 0o600, name
    assert (data / "secret_key").read_text() == "x"  # made private, not replaced


def test_the_database_and_its_write_ahead_log_are_private(data):
    datadir.prepare()
    with closing(sqlite3.connect(datadir.database_file())) as db:
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("CREATE TABLE hands (x)")
        db.execute("INSERT INTO hands VALUES (1)")
        db.commit()
        assert (data / "db.sqlite3-wal").exists() and (data / "db.sqlite3-shm").exists()
        for name in ("db.sqlite3", "db.sqlite3-wal", "db.sqlite3-shm"):
            assert mode(data / name) == 0o600, name


def test_session_files_are_private(data, monkeypatch):
    datadir.prepare()
    # The store keeps the first folder it was given in a class attribute.
    store_class = import_module("django.contrib.sessions.backends.file").SessionStore
    monkeypatch.setattr(store_class, "_storage_path", str(data / "sessions"), raising=False)
    store = store_class()
    store["_auth_user_id"] = "1"
    store.create()
    store["seen"] = True
    store.save()

    (session,) = (data / "sessions").iterdir()
    assert session.name.endswith(store.session_key)
    assert mode(session) == 0o600
    assert mode(data / "sessions") == 0o700


def test_workers_starting_at_once_agree_on_one_key(data):
    data.mkdir()
    keys, errors = [], []

    def start():
        try:
            datadir.prepare()
            keys.append((data / "secret_key").read_text())
        except Exception as error:  # noqa: BLE001 - reported below
            errors.append(error)

    workers = [threading.Thread(target=start) for _ in range(8)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert errors == []
    assert len(set(keys)) == 1 and keys[0]


def test_a_key_from_the_environment_writes_no_key_file(data, monkeypatch):
    monkeypatch.setenv("SECRET_KEY", "k" * 50)
    datadir.prepare()
    assert (data / "sessions").is_dir()
    assert not (data / "secret_key").exists()


def test_a_shared_database_needs_nothing_on_disk(data, monkeypatch):
    monkeypatch.setenv("DATABASE_URL", "postgres://nobody@127.0.0.1:1/none")
    datadir.prepare()
    assert not data.exists()


HSTS = (
    "from django.conf import settings as s; "
    "print(s.SECURE_HSTS_INCLUDE_SUBDOMAINS, s.SECURE_HSTS_PRELOAD, s.SILENCED_SYSTEM_CHECKS)"
)


def test_hsts_subdomains_and_preload_are_opt_in(tmp_path):
    key = {"SECRET_KEY": "k" * 50, "DATA_DIR": str(tmp_path), "HTTPS": "1"}
    default = run(HSTS, **key)
    assert default.stdout.split() == ["False", "False", "['security.W005',", "'security.W021']"]
    both = run(HSTS, SECURE_HSTS_INCLUDE_SUBDOMAINS="1", SECURE_HSTS_PRELOAD="1", **key)
    assert both.stdout.split() == ["True", "True", "[]"]


def test_the_deploy_check_is_clean_with_https(tmp_path):
    done = run(
        ["manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        DEBUG="0",
        HTTPS="1",
        DATA_DIR=str(tmp_path / "data"),
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_settings_page_lists_every_environment_variable():
    read = set()
    for path in (ROOT / "scorekeeper").glob("*.py"):  # every entry point, the server's too
        source = path.read_text()
        read |= set(re.findall(r'(?:environ\.get|environ\[|env_flag|env_list)\(?"(\w+)"', source))
    read -= {"DJANGO_SETTINGS_MODULE"}
    assert {"DEBUG", "SECRET_KEY", "DATABASE_URL", "HOST"} <= read  # the pattern finds them
    page = (ROOT / "docs" / "settings.md").read_text()
    table = page.split("## Environment variables", 1)[1].split("\n## ", 1)[0]
    documented = set(re.findall(r"^\|[^|]*", table, re.M))
    documented = set(re.findall(r"`(\w+)`", "".join(documented)))
    assert read - documented == set()


def test_ci_draws_the_same_examples_on_every_run():
    # .ci/run sets HYPOTHESIS_PROFILE=ci: a property that fails in CI fails again at home.
    from hypothesis import settings as hypothesis_settings

    ci = hypothesis_settings.get_profile("ci")
    assert ci.derandomize and ci.database is None and ci.deadline is None
    assert "HYPOTHESIS_PROFILE=ci" in (ROOT / ".ci" / "run").read_text()


@pytest.mark.parametrize(("given", "polls"), [(None, 5), ("10", 10), ("0", 1)])
def test_how_often_the_pages_poll_comes_from_the_environment(tmp_path, given, polls):
    env = {"DATA_DIR": str(tmp_path / "data"), "SECRET_KEY": "k" * 50}
    if given is not None:
        env["POLL_SECONDS"] = given
    done = run("import scorekeeper.settings as s; print(s.POLL_SECONDS)", **env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == str(polls)
