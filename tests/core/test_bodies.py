"""Requests with a body take turns for the view threads (scorekeeper.bodies): a slow body
holds at most its turn, never the threads that pages and /ping/ need."""

import json
import threading

from scorekeeper.bodies import BodiesTakeTurns, has_body


def answered(application, environ) -> tuple[str, dict, bytes]:
    said = {}

    def start_response(status, headers):
        said["status"], said["headers"] = status, dict(headers)

    body = b"".join(application(environ, start_response))
    return said["status"], said["headers"], body


def ok(environ, start_response):
    start_response("200 OK", [("Content-Type", "text/plain")])
    return [b"ok"]


def test_only_a_request_that_announces_a_body_needs_a_turn():
    assert not has_body({})
    assert not has_body({"CONTENT_LENGTH": "0"})
    assert has_body({"CONTENT_LENGTH": "12"})
    assert has_body({"HTTP_TRANSFER_ENCODING": "chunked"})


def test_when_the_turns_are_taken_a_body_is_told_to_come_back():
    # One turn, held by a view still reading its body (a slow client's).
    reading, done = threading.Event(), threading.Event()

    def slow(environ, start_response):
        reading.set()
        done.wait(30)  # (a bound, not a measurement: the test lets it go below)
        return ok(environ, start_response)

    application = BodiesTakeTurns(slow, turns=1)
    held = threading.Thread(
        target=answered, args=(application, {"CONTENT_LENGTH": "10", "PATH_INFO": "/"})
    )
    held.start()
    try:
        assert reading.wait(30)
        # A page or /ping/: no body, no turn needed.
        application.application = ok
        assert answered(application, {"PATH_INFO": "/ping/"})[0] == "200 OK"
        # A hand posted to the API: no turn free, 503 at once in the API's shape.
        status, headers, body = answered(
            application, {"CONTENT_LENGTH": "40", "PATH_INFO": "/api/matches/1/hands"}
        )
        assert status.startswith("503")
        assert headers["Retry-After"] == "5"
        assert headers["Content-Type"] == "application/json"
        assert json.loads(body)["error"] == "busy"
        assert json.loads(body)["message"]
        # Elsewhere in plain text.
        status, headers, body = answered(
            application, {"CONTENT_LENGTH": "40", "PATH_INFO": "/accounts/login/"}
        )
        assert status.startswith("503")
        assert headers["Content-Type"].startswith("text/plain")
    finally:
        done.set()
        held.join(30)
    # The turn is back once the slow one is done.
    assert answered(application, {"CONTENT_LENGTH": "40", "PATH_INFO": "/"})[0] == "200 OK"
