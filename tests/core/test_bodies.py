"""Requests take turns to read their bodies (scorekeeper.bodies): slow bodies hold at most
the turns, never the threads that pages and /ping/ need."""

import io
import json
import threading

from scorekeeper.bodies import BodiesTakeTurns, has_body


def answered(application, environ) -> tuple[str, dict, bytes]:
    said = {}

    def start_response(status, headers):
        said["status"], said["headers"] = status, dict(headers)

    body = b"".join(application(environ, start_response))
    return said["status"], said["headers"], body


def echo(environ, start_response):
    """The view: answers the body it reads."""
    length = int(environ.get("CONTENT_LENGTH") or 0)
    body = environ["wsgi.input"].read(length) if length else b""
    start_response("200 OK", [("Content-Type", "text/plain")])
    return [body or b"ok"]


class SlowBody(io.RawIOBase):
    """A body whose client stopped sending: a read waits until ``arrived`` is set."""

    def __init__(self, data: bytes):
        self.data, self.reading, self.arrived = data, threading.Event(), threading.Event()

    def read(self, size=-1):
        self.reading.set()
        assert self.arrived.wait(30)  # (a bound, not a measurement: the test sets it)
        data, self.data = self.data, b""
        return data


def posted(path: str, body: bytes, stream=None) -> dict:
    return {
        "PATH_INFO": path,
        "CONTENT_LENGTH": str(len(body)),
        "wsgi.input": stream or io.BytesIO(body),
    }


def test_only_a_request_that_announces_a_body_needs_a_turn():
    assert not has_body({})
    assert not has_body({"CONTENT_LENGTH": "0"})
    assert has_body({"CONTENT_LENGTH": "12"})
    assert has_body({"HTTP_TRANSFER_ENCODING": "chunked"})


def test_the_view_reads_the_body_read_before_it():
    application = BodiesTakeTurns(echo, turns=1)
    assert answered(application, posted("/api/matches", b'{"players": []}'))[2] == (
        b'{"players": []}'
    )
    # The turn was let go before the view ran: the next one has it.
    assert answered(application, posted("/api/matches", b"{}"))[0] == "200 OK"


def test_while_a_slow_body_holds_the_turn_others_are_told_to_come_back():
    application = BodiesTakeTurns(echo, turns=1)
    slow = SlowBody(b"username=ann")
    held = threading.Thread(
        target=answered, args=(application, posted("/accounts/login/", b"username=ann", slow))
    )
    held.start()
    try:
        assert slow.reading.wait(30)
        # A page or /ping/: no body, no turn needed.
        assert answered(application, {"PATH_INFO": "/ping/"})[0] == "200 OK"
        # A hand posted to the API: no turn free, 503 at once in the API's shape.
        status, headers, body = answered(application, posted("/api/matches/1/hands", b"{}"))
        assert status.startswith("503")
        assert headers["Retry-After"] == "5"
        assert headers["Content-Type"] == "application/json"
        assert json.loads(body)["error"] == "busy"
        assert json.loads(body)["message"]
        # Elsewhere in plain text.
        status, headers, _body = answered(application, posted("/accounts/login/", b"x=1"))
        assert status.startswith("503")
        assert headers["Content-Type"].startswith("text/plain")
    finally:
        slow.arrived.set()
        held.join(30)
    # The turn is back once the slow body is in.
    assert answered(application, posted("/api/matches", b"{}"))[0] == "200 OK"
