"""`make run`'s server, started for real (``python -m scorekeeper.serve``): it prints the
address phones open, clears expired sessions at start, holds the server lock that makes
a restore refuse, and keeps answering while slow clients hold connections open."""

import http.client
import json
import os
import socket
import sqlite3
import subprocess
import sys
import time
from contextlib import closing
from importlib import import_module
from pathlib import Path

from matches.backup import server_stopped
from tests.server_support import HOST, ROOT, environment, free_port, get, serving


def manage(*args, data_dir: Path, secret_key: str):
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=environment(data_dir, 0, secret_key),
        capture_output=True,
        text=True,
        timeout=60,
    )


def scorekeeper_backup(path: Path) -> Path:
    """The smallest file that ``restore`` takes for a scorekeeper database."""
    with closing(sqlite3.connect(path)) as db:
        db.execute("CREATE TABLE django_migrations (id INTEGER PRIMARY KEY, app, name)")
        db.execute("INSERT INTO django_migrations (app, name) VALUES ('matches', 'restored')")
        db.commit()
    return path


def file_sessions_in(folder: Path, monkeypatch):
    """Django's file session store, writing to ``folder``. (The store keeps the first
    folder it was asked for in a class attribute; the setting alone would not move it.)"""
    store = import_module("django.contrib.sessions.backends.file").SessionStore
    monkeypatch.setattr(store, "_storage_path", str(folder), raising=False)
    return store


def session_file(store_class, folder: Path, cookie_name: str, age_days: float) -> Path:
    """A real logged-in session file in ``folder``, last written ``age_days`` ago."""
    store = store_class()
    store["_auth_user_id"] = "1"
    store.create()
    path = folder / f"{cookie_name}{store.session_key}"
    then = time.time() - age_days * 24 * 3600
    os.utime(path, (then, then))
    return path


def test_the_server_clears_expired_sessions_and_refuses_a_restore_while_it_runs(
    settings, tmp_path, monkeypatch
):
    data_dir = tmp_path / "var"
    sessions = data_dir / "sessions"
    sessions.mkdir(parents=True)
    store = file_sessions_in(sessions, monkeypatch)
    cookie = settings.SESSION_COOKIE_NAME
    expired = session_file(store, sessions, cookie, settings.SESSION_COOKIE_AGE / 86400 + 1)
    live = session_file(store, sessions, cookie, age_days=1)
    backup = scorekeeper_backup(tmp_path / "backup.sqlite3")

    with serving(data_dir, settings.SECRET_KEY):
        assert not expired.exists()
        assert live.exists()
        refused = manage("restore", str(backup), data_dir=data_dir, secret_key=settings.SECRET_KEY)
        assert refused.returncode != 0
        assert "The server is running on this data directory: stop it first." in refused.stderr
        with closing(sqlite3.connect(data_dir / "db.sqlite3")) as db:
            assert db.execute("SELECT name FROM sqlite_master").fetchall() == []

    restored = manage("restore", str(backup), data_dir=data_dir, secret_key=settings.SECRET_KEY)
    assert restored.returncode == 0, restored.stderr
    with closing(sqlite3.connect(data_dir / "db.sqlite3")) as db:
        assert db.execute("SELECT name FROM django_migrations").fetchall() == [("restored",)]


def test_the_server_does_not_start_during_a_restore(settings, tmp_path):
    data_dir = tmp_path / "var"
    port = free_port()
    with server_stopped(data_dir):  # what a restore holds while it works
        started = subprocess.run(
            [sys.executable, "-m", "scorekeeper.serve", "--workers", "1"],
            cwd=ROOT,
            env=environment(data_dir, port, settings.SECRET_KEY),
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert started.returncode != 0
    assert "A restore is running on this data directory" in started.stderr


def test_slow_clients_do_not_hold_the_only_worker(settings, tmp_path):
    # Requests' first bytes and then nothing more, from more clients than a worker has
    # threads (8): a threaded worker parsed each one in a thread of its pool with blocking
    # reads, and /ping/ waited behind them (the issue: 30 phones on bad Wi-Fi). Granian
    # reads headers in Rust; the half bodies reach a view, which refuses them (no
    # credentials) without reading on. (Slow bodies that are read: the next test.)
    half_a_header = b"GET /ping/ HTTP/1.1\r\nHo"
    half_a_body = (
        b"POST /api/matches HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b'Content-Length: 100\r\n\r\n{"players": '
    )
    with serving(tmp_path / "var", settings.SECRET_KEY, workers=1) as port:
        slow = [socket.create_connection((HOST, port), timeout=10) for _ in range(64)]
        try:
            for number, sock in enumerate(slow):
                sock.sendall(half_a_body if number % 2 else half_a_header)  # and no more
            assert get(port) == (200, b"ok")
        finally:
            for sock in slow:
                sock.close()


def raw_answer(port: int, request: bytes) -> tuple[int, dict[str, str], bytes]:
    """What the server answers ``request`` (sent as it is): status, headers, body."""
    with socket.create_connection((HOST, port), timeout=10) as sock:
        sock.sendall(request)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    head, body = answer.split(b"\r\n\r\n", 1)
    status_line, *lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines)
    return int(status_line.split(" ")[1]), {k.lower(): v for k, v in headers.items()}, body


def test_slow_bodies_do_not_hold_the_only_worker(settings, tmp_path):
    # The login form posted with its CSRF cookie and token, and its body stopped short:
    # Granian hands the request to a view's thread at once, and the CSRF check then waits
    # for the body in it. More of them than a worker has threads (8): they take turns
    # for six (scorekeeper.bodies), and /ping/ (no body) still has the other two.
    data_dir = tmp_path / "var"
    key = settings.SECRET_KEY
    assert manage("migrate", "-v", "0", data_dir=data_dir, secret_key=key).returncode == 0
    with serving(data_dir, settings.SECRET_KEY, workers=1) as port:
        # A CSRF cookie is all the check needs to read the body: it never comes whole, so
        # the token is never compared (and no page is drawn: a fresh clone has no static
        # files collected, and the login page then answered 500 in CI).
        cookie = token = "a" * 32
        body = f"csrfmiddlewaretoken={token}&username=ann&password=".encode()
        head = (
            b"POST /accounts/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            b"Content-Type: application/x-www-form-urlencoded\r\n"
            b"Cookie: csrftoken=%s\r\nContent-Length: %d\r\n\r\n"
            % (cookie.encode(), len(body) + 20)
        )
        slow = [socket.create_connection((HOST, port), timeout=10) for _ in range(12)]
        try:
            for sock in slow:
                sock.sendall(head + body)  # and the last 20 bytes never
            # Time for the server to hand each to a view's thread, which then waits for
            # the body (without it, /ping/ could be answered before they are all there).
            time.sleep(1)
            assert get(port) == (200, b"ok")
        finally:
            for sock in slow:
                sock.close()


def test_slow_readers_of_a_large_static_file_do_not_hold_the_only_worker(settings, tmp_path):
    # More clients than a worker has threads (8) ask for a static file larger than what
    # the sockets' buffers take at once, and read nothing: a file written from a view's
    # thread (WhiteNoise's) held a thread per reader, and /ping/ waited behind them (the
    # issue: 30 slow readers of the 8.6 MB pyodide.asm.wasm, no /ping/ in 10 s). Granian
    # serves STATIC_ROOT from Rust.
    static_root = tmp_path / "static"
    static_root.mkdir()
    (static_root / "large.bin").write_bytes(os.urandom(32 * 2**20))
    request = b"GET /static/large.bin HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
    with serving(
        tmp_path / "var", settings.SECRET_KEY, workers=1, STATIC_ROOT=str(static_root)
    ) as port:
        readers = []
        try:
            for _ in range(12):
                sock = socket.socket()
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
                sock.settimeout(10)
                sock.connect((HOST, port))
                sock.sendall(request)
                readers.append(sock)
            for sock in readers:
                assert sock.recv(12) == b"HTTP/1.1 200"  # answering, and read no further
            assert get(port) == (200, b"ok")
        finally:
            for sock in readers:
                sock.close()


def test_the_server_refuses_what_it_cannot_read_itself(settings, tmp_path):
    # Granian refuses these before the app sees them, with an empty body, under /api/
    # too (docs/api.md); a request line of 9000 bytes (a search URL with many
    # accented letters) is no such case: the app answers it.
    api = b"GET /api/matches%s HTTP/1.1\r\nHost: 127.0.0.1\r\n%s\r\n"
    many_headers = b"".join(b"X-Line-%d: v\r\n" % n for n in range(120))
    with serving(tmp_path / "var", settings.SECRET_KEY, workers=1) as port:
        for target, headers, statuses in [
            (b"", b"X-Note: a\x01b\r\n", {400}),
            # Longer than its buffer: 414, or 431 when the parser is past the line by then.
            (b"?q=" + b"a" * 500_000, b"", {414, 431}),
            (b"", many_headers, {431}),
        ]:
            answered, _headers, body = raw_answer(port, api % (target, headers))
            assert answered in statuses
            assert body == b""
        long_line = api % (b"?q=" + b"a" * 9000, b"Connection: close\r\n")
        answered, headers, body = raw_answer(port, long_line)
        assert (answered, headers["content-type"]) == (401, "application/json; charset=utf-8")
        assert json.loads(body)["error"]


def test_a_body_too_large_for_django_is_refused_before_it_is_all_sent(settings, tmp_path):
    # The server reads each body before a thread runs the view (so that a slow one holds
    # no thread), but no further than Django takes one: the rest is never waited for.
    enough = settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1
    head = (
        b"POST /api/matches HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Content-Length: %d\r\n\r\n" % (10 * enough)
    )
    with serving(tmp_path / "var", settings.SECRET_KEY, workers=1) as port:
        status, headers, body = raw_answer(port, head + b" " * enough)
    assert 400 <= status < 500
    assert headers["content-type"].startswith("application/json")
    assert json.loads(body)["error"]


def test_the_access_log_names_no_link_token(settings, tmp_path):
    token = "Secret-Table-Token-1234"
    log = tmp_path / "access.log"
    with open(log, "w") as access_log:
        with serving(tmp_path / "var", settings.SECRET_KEY, 1, access_log) as port:
            # (The database of these tests has no tables: any answer will do.)
            get(port, f"/t/{token}/")
            get(port, f"/tournaments/1/board/?key={token}")
            # Granian writes a request's line after its answer is sent: stopping the
            # server at once lost the second line now and then (seen in CI, 2026-12-04).
            deadline = time.monotonic() + 10
            while "/board/" not in log.read_text() and time.monotonic() < deadline:
                time.sleep(0.05)
    written = log.read_text()
    assert '"GET /t/…/ HTTP/1.1"' in written
    assert "key=…" in written
    assert token not in written


def test_a_connection_is_kept_open_between_two_board_polls(settings, tmp_path):
    # The board polls every 5 s: a connection idle for 3 s is still the same one
    # (gunicorn's default closed it after 2 s; HEADERS_SECONDS is 10).
    with serving(tmp_path / "var", settings.SECRET_KEY, workers=1) as port:
        conn = http.client.HTTPConnection(HOST, port, timeout=10)
        try:
            conn.request("GET", "/ping/")
            assert conn.getresponse().read() == b"ok"
            first = conn.sock
            time.sleep(3)
            conn.request("GET", "/ping/")
            assert conn.getresponse().read() == b"ok"
            assert conn.sock is first
        finally:
            conn.close()


def test_a_client_that_never_finishes_its_headers_is_let_go(settings, tmp_path):
    # A connection has HEADERS_SECONDS (10) for each request's headers, its first
    # included (scorekeeper.serve); two here, so that a second is plenty to tell.
    with serving(tmp_path / "var", settings.SECRET_KEY, workers=1, HEADERS_SECONDS="2") as port:
        silent = socket.create_connection((HOST, port), timeout=10)
        slow = socket.create_connection((HOST, port), timeout=10)
        try:
            slow.sendall(b"GET /ping/ HTTP/1.1\r\nHo")  # and then nothing more
            assert silent.recv(1024) == b""  # closed by the server, well before 10 s
            assert slow.recv(1024) == b""
        finally:
            silent.close()
            slow.close()


def test_make_run_prints_the_address_phones_open(settings, tmp_path):
    # On all interfaces (`make run`'s HOST=0.0.0.0), the server names this machine's
    # LAN addresses first, each with the port: the table links and QR codes use them.
    from scorekeeper.serve import lan_addresses

    said = tmp_path / "stdout.log"
    with open(said, "w") as stdout:
        with serving(tmp_path / "var", settings.SECRET_KEY, 1, stdout, HOST="0.0.0.0") as port:
            lines = said.read_text().splitlines()
    assert lines[0] == f"Scorekeeper: http://127.0.0.1:{port}/"
    expected = [f"  phones on this network: http://{a}:{port}/" for a in lan_addresses()]
    assert lines[1 : 1 + len(expected)] == (expected or ["  (no local network address found)"])


def test_the_address_phones_reach_comes_first(monkeypatch):
    """The table links take the first LAN address: the interface that reaches the
    network, not the first in text order (Docker's 172.17.0.1 sorts before 192.168.x)."""
    from scorekeeper import serve

    class Probe:
        def __init__(self, *args):
            pass

        def connect(self, address):
            pass

        def getsockname(self):
            return ("192.168.1.20", 40000)

        def close(self):
            pass

    monkeypatch.setattr(serve.socket, "socket", Probe)
    monkeypatch.setattr(
        serve.socket,
        "getaddrinfo",
        lambda *args: [(0, 0, 0, "", (a, 0)) for a in ("172.17.0.1", "10.8.0.2", "127.0.1.1")],
    )
    assert serve.lan_addresses() == ["192.168.1.20", "10.8.0.2", "172.17.0.1"]
