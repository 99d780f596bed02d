"""The log of `make run`'s server, started for real (docs/deployment.md, "The log"): a
client that leaves before its answer is complete is no 500, a real 500 is logged once
with its traceback, and the main process and its workers tell the time in one zone.

One server for the module, in a time zone of its own (``TIME_ZONE``) on a computer in
another (``TZ``); its database has no tables, so that any page but /ping/ fails for real.
"""

import re
import socket
import time
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.conf import settings

from tests.server_support import HOST, get, serving

CLUB_ZONE, CLUB_OFFSET = "Asia/Kolkata", "+0530"  # no summer time: always this offset
COMPUTER_ZONE = "America/New_York"
# Granian's own lines: "[2026-12-01 23:28:33 +0530] [9995] [INFO] Starting granian (main PID: 9995)"
SERVER_LINE = re.compile(r"^\[[\d-]+ [\d:]+ ([+-]\d{4})\] \[(\d+)\] \[\w+\] (.*)$", re.M)
# the access log's: '127.0.0.1 - - [2026-12-01 23:28:40 +0530] "GET /ping/ HTTP/1.1" 200 1.2 ms'
ACCESS_TIME = re.compile(r"\[[\d-]+ [\d:]+ ([+-]\d{4})\]")


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
    """The access log and the rest of the log (Granian's lines, Django's) so far."""
    return server.access.read_text(), server.errors.read_text()


def send_and_leave(port: int, request: bytes) -> None:
    """``request`` sent, and the connection closed without waiting for the answer (a
    phone leaving the Wi-Fi, a browser tab closed)."""
    with socket.create_connection((HOST, port), timeout=10) as sock:
        sock.sendall(request)


def test_a_client_that_leaves_before_its_answer_is_no_server_error(server):
    before = [len(log) for log in logs(server)]
    # Halfway through its body: Granian hands the request over once its headers are in,
    # and the API refuses it (no credentials) without reading the body; the client is
    # gone by then (gunicorn logged "500 0" for it).
    send_and_leave(
        server.port,
        b"POST /api/matches?halfway HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        b'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"players": ',
    )
    # Its whole request, and gone before the answer: the line, if the app was called
    # at all, says what it answered, which Granian could not deliver (gunicorn logged
    # "500 0").
    send_and_leave(server.port, b"GET /ping/?gone HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    assert get(server.port, "/ping/?staying") == (200, b"ok")

    lines = lines_naming(server.access, "/api/matches?halfway", "/ping/?staying")
    assert '"POST /api/matches?halfway HTTP/1.1" 401 ' in lines["/api/matches?halfway"]
    assert '"GET /ping/?staying HTTP/1.1" 200 ' in lines["/ping/?staying"]
    access, errors = (log[start:] for log, start in zip(logs(server), before, strict=True))
    gone = [line for line in access.splitlines() if " /ping/?gone " in line]
    assert all('"GET /ping/?gone HTTP/1.1" 200 ' in line for line in gone)
    assert '" 500 ' not in access
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


def test_the_main_process_and_its_workers_log_in_one_time_zone(server):
    get(server.port, "/ping/?time")
    access_line = lines_naming(server.access, "/ping/?time")["/ping/?time"]
    server_lines = SERVER_LINE.findall(logs(server)[1])
    main = {pid for _offset, pid, said in server_lines if said.startswith("Starting granian")}
    workers = {pid for _offset, pid, said in server_lines if said.startswith("Started worker")}
    assert len(main) == 1
    assert workers and not workers & main
    offsets = {(pid, offset) for offset, pid, _said in server_lines}
    assert {offset for _pid, offset in offsets} == {CLUB_OFFSET}, offsets
    assert ACCESS_TIME.search(access_line).group(1) == CLUB_OFFSET
