"""The log of `make run`'s server, started for real (docs/deployment.md, "The log"): a
client that leaves before its answer is complete is no 500, a real 500 is logged once
with its traceback, and the master and its workers tell the time in one zone.

One server for the module, in a time zone of its own (``TIME_ZONE``) on a computer in
another (``TZ``); its database has no tables, so that any page but /ping/ fails for real.
"""

import asyncio
import contextlib
import json
import re
import socket
import threading
import time
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.conf import settings
from django.core.signals import request_finished

from matches.logs import ANSWER
from tests.server_support import HOST, get, serving

CLUB_ZONE, CLUB_OFFSET = "Asia/Kolkata", "+0530"  # no summer time: always this offset
COMPUTER_ZONE = "America/New_York"
LEFT = "client left before the answer was complete"
# gunicorn's own lines: "[2026-12-01 23:28:33 +0530] [9995] [INFO] Starting gunicorn 27.0.1"
GUNICORN_LINE = re.compile(r"^\[[\d-]+ [\d:]+ ([+-]\d{4})\] \[(\d+)\] \[\w+\] (.*)$", re.M)
# the access log's: '127.0.0.1 - - [01/Dec/2026:23:28:40 +0530] "GET /ping/ HTTP/1.1" 200 2'
ACCESS_TIME = re.compile(r"\[\d\d/\w{3}/\d{4}:[\d:]+ ([+-]\d{4})\]")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("server-log")
    access, errors = folder / "access.log", folder / "errors.log"
    with open(access, "w") as access_log, open(errors, "w") as error_log:
        with serving(
            folder / "var",
            settings.SECRET_KEY,
            1,
            access_log,
            error_log,
            TZ=COMPUTER_ZONE,
            TIME_ZONE=CLUB_ZONE,
        ) as port:
            yield SimpleNamespace(port=port, access=access, errors=errors)


def lines_naming(log: Path, *targets: str) -> dict[str, str]:
    """Each target's line in ``log``, once the server has written them all. (A bound on
    the wait, not a measurement: the server writes a request's line once it is done.)"""
    deadline = time.monotonic() + 30
    while True:
        found = {}
        for line in log.read_text().splitlines():
            for target in targets:
                if f" {target} HTTP/1.1" in line:
                    found[target] = line
        if len(found) == len(targets) or time.monotonic() > deadline:
            return found
        time.sleep(0.05)


def logs(server) -> tuple[str, str]:
    """The access log and the rest of the log (gunicorn's lines, Django's) so far."""
    return server.access.read_text(), server.errors.read_text()


def send_and_leave(port: int, request: bytes) -> None:
    """``request`` sent, and the connection closed without waiting for the answer (a
    phone leaving the Wi-Fi, a browser tab closed)."""
    with socket.create_connection((HOST, port), timeout=10) as sock:
        sock.sendall(request)


def test_a_client_that_leaves_before_its_answer_is_no_server_error(server):
    before = [len(log) for log in logs(server)]
    # Halfway through its body: the 408 the app answers never goes out (gunicorn writes
    # nothing more to a closed connection), and gunicorn logged "500 0".
    send_and_leave(
        server.port,
        b"POST /api/matches?halfway HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        b'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"players": ',
    )
    # Its whole request, and gone before the answer: gunicorn writes nothing to a closed
    # connection, and logged "500 0" for the status line it never wrote.
    send_and_leave(server.port, b"GET /ping/?gone HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    assert get(server.port, "/ping/?staying") == (200, b"ok")

    lines = lines_naming(server.access, "/api/matches?halfway", "/ping/?gone", "/ping/?staying")
    assert lines["/api/matches?halfway"].endswith(
        f'"POST /api/matches?halfway HTTP/1.1" {LEFT} (0 bytes of body sent)'
    )
    # Gone before the answer — or, should the answer have been quicker, answered.
    assert lines["/ping/?gone"].endswith((f"{LEFT} (0 bytes of body sent)", '" 200 2 "-" "-"'))
    assert '"GET /ping/?staying HTTP/1.1" 200 2 ' in lines["/ping/?staying"]
    access, errors = (log[start:] for log, start in zip(logs(server), before, strict=True))
    assert " 500 " not in access
    assert "Traceback" not in errors


def test_a_server_error_is_logged_once_with_its_traceback(server):
    # With no tables in the database, the login page fails for real; and so does an API
    # call with a token (the API's own error handler logged it, and Django again).
    assert get(server.port, "/accounts/login/?failing")[0] == 500
    request = (
        b"GET /api/matches?failing HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        b"Authorization: Bearer some-key-1234567890\r\nConnection: close\r\n\r\n"
    )
    with socket.create_connection((HOST, server.port), timeout=10) as sock:
        sock.sendall(request)
        assert sock.recv(64).startswith(b"HTTP/1.1 500 ")

    lines = lines_naming(server.access, "/accounts/login/?failing", "/api/matches?failing")
    assert all(" 500 " in line for line in lines.values())
    errors = logs(server)[1]
    for path in ("/accounts/login/", "/api/matches"):
        assert errors.count(f"Internal Server Error: {path}\n") == 1
        assert errors.count(f"Internal Server Error: {path}\nTraceback") == 1
    # Two errors, two tracebacks (each a chain: the database's error and Django's).
    chained = errors.count("The above exception was the direct cause") + errors.count(
        "During handling of the above exception"
    )
    assert errors.count("Traceback (most recent call last)") - chained == 2


def test_the_master_and_its_workers_log_in_one_time_zone(server):
    get(server.port, "/ping/?time")
    access_line = lines_naming(server.access, "/ping/?time")["/ping/?time"]
    gunicorn_lines = GUNICORN_LINE.findall(logs(server)[1])
    master = {pid for _offset, pid, said in gunicorn_lines if said.startswith("Starting gunicorn")}
    workers = {pid for _offset, pid, said in gunicorn_lines if said.startswith("ASGI server")}
    assert len(master) == 1
    assert workers and not workers & master
    offsets = {(pid, offset) for offset, pid, _said in gunicorn_lines}
    assert {offset for _pid, offset in offsets} == {CLUB_OFFSET}, offsets
    assert ACCESS_TIME.search(access_line).group(1) == CLUB_OFFSET


PING = {
    "type": "http",
    "http_version": "1.1",
    "method": "GET",
    "scheme": "http",
    "path": "/ping/",
    "raw_path": b"/ping/",
    "query_string": b"",
    "root_path": "",
    "headers": [(b"host", b"127.0.0.1")],
    "client": ("127.0.0.1", 1),
    "server": ("127.0.0.1", 80),
}


def test_the_app_notes_what_it_answered_for_the_access_log():
    # What the access log compares with what gunicorn wrote (matches.logs.Answer): the
    # status and the body handed over, and a view the server gave up on.
    from scorekeeper.asgi import application

    async def serving(receive, send, cancel_when=None, scope=PING):
        """The app's ``Answer`` for one request, as the server's task sees it."""

        async def request():
            try:
                await application(scope, receive, send)
            finally:
                seen.append(ANSWER.get())

        seen = []
        task = asyncio.ensure_future(request())
        if cancel_when is not None:
            await cancel_when.wait()
            task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        return seen[0]

    async def whole(*messages):
        return {"type": "http.request", "body": b"", "more_body": False}

    sent = []

    async def taken(message):
        sent.append(message)

    answered = asyncio.run(serving(whole, taken))
    assert (answered.status, answered.body, answered.cancelled) == (200, 2, False)

    # Its body stopped arriving: the client left, or has not sent more for gunicorn's
    # timeout (30 s). It is told so (gunicorn answered a 500); a client that left gets
    # nothing, since gunicorn writes nothing more to a closed connection.
    async def stopped():
        return {"type": "http.disconnect"}

    api_post = PING | {"method": "POST", "path": "/api/matches", "raw_path": b"/api/matches"}
    for scope, kind in [(PING, b"text/plain"), (api_post, b"application/json")]:
        sent.clear()
        told = asyncio.run(serving(stopped, taken, scope=scope))
        start, body = sent
        assert (start["status"], told.status, told.body) == (408, 408, len(body["body"]))
        assert dict(start["headers"])[b"content-type"] == kind
    assert json.loads(body["body"])["error"] == "request_timeout"

    async def cancelled():
        # A send that waits for ever (gunicorn's, to a client that reads nothing): the
        # server cancels the request, and the view's thread then stops.
        waiting = asyncio.Event()

        async def stuck(message):
            waiting.set()
            await asyncio.Event().wait()

        return await serving(whole, stuck, cancel_when=waiting)

    closed = threading.Event()

    def note(**_kwargs):
        closed.set()

    request_finished.connect(note)
    try:
        cut = asyncio.run(cancelled())
        assert closed.wait(timeout=30)  # (a bound on the wait, not a measurement)
    finally:
        request_finished.disconnect(note)
    assert (cut.status, cut.cancelled) == (None, True)
