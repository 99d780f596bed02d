"""What the log says (docs/deployment.md, "The log"): no link token or board key, a
refusal in one line, a real error once with its traceback, a client that left as such."""

import contextvars
import logging
from types import SimpleNamespace

from django.conf import settings
from django.test import Client

from matches.logs import ANSWER, Answer, GunicornLogger, RedactSecrets, redact
from matches.services import selectors
from tests.api_support import login

TOKEN = "Yq3bX0aFz-Q1_secret_token"


def test_tokens_in_paths_and_keys_in_queries_are_hidden():
    assert redact(f"GET /t/{TOKEN}/hands/ HTTP/1.1") == "GET /t/…/hands/ HTTP/1.1"
    assert redact(f"/s/{TOKEN}/") == "/s/…/"
    assert redact(f"/tournaments/3/board/?key={TOKEN}&x=1") == "/tournaments/3/board/?key=…&x=1"
    assert redact(f"share={TOKEN}") == "share=…"
    assert redact("/tournaments/3/standings/?q=ann") == "/tournaments/3/standings/?q=ann"


def test_djangos_log_records_are_redacted():
    record = logging.LogRecord(
        "django.request", logging.WARNING, "", 0, "Not Found: %s", (f"/t/{TOKEN}/",), None
    )
    assert RedactSecrets().filter(record)
    assert record.getMessage() == "Not Found: /t/…/"
    assert "secrets" in settings.LOGGING["handlers"]["console"]["filters"]


def test_the_access_log_is_redacted():
    from gunicorn.config import Config

    logger = GunicornLogger(Config())
    environ = {
        "REQUEST_METHOD": "GET",
        "RAW_URI": f"/t/{TOKEN}/",
        "PATH_INFO": f"/t/{TOKEN}/",
        "QUERY_STRING": f"key={TOKEN}",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "HTTP_REFERER": f"http://club/tournaments/1/board/?key={TOKEN}",
        "REMOTE_ADDR": "127.0.0.1",
    }
    response = SimpleNamespace(status="200 OK", headers=[], sent=2, response_length=2)
    request = SimpleNamespace(headers=[])
    atoms = logger.atoms(response, request, environ, SimpleNamespace(seconds=0, microseconds=1))
    assert TOKEN not in " ".join(str(value) for value in atoms.values())
    assert atoms["r"] == "GET /t/…/ HTTP/1.1"


def test_a_refusal_is_one_line_in_the_log(caplog, owner, other, make_match):
    from django.test import Client

    match = make_match()
    client = Client()
    client.force_login(other)
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(levelname)s %(name)s %(message)s"))

    with caplog.at_level(logging.WARNING, logger="django.request"):
        assert client.get(f"/matches/{match.pk}/").status_code == 403

    refusals = [record for record in caplog.records if record.name == "django.request"]
    assert len(refusals) == 1
    line = handler.format(refusals[0])
    assert line == f"WARNING django.request Forbidden (Permission denied): /matches/{match.pk}/"


def logged(caplog) -> list[str]:
    """What the console shows of the app's records (Django's and ours), one string each,
    a record's traceback included."""
    formatter = logging.Formatter("%(levelname)s %(name)s %(message)s")
    return [
        formatter.format(record)
        for record in caplog.records
        if record.name.startswith(("django", "matches", "scorekeeper"))
    ]


def test_an_anonymous_visitor_refused_is_one_line_without_a_traceback(caplog, owner):
    # A page for organisers: to the login page (302). Django logged it at INFO with the
    # traceback of its PermissionDenied, which the 403's filter left alone.
    with caplog.at_level(logging.INFO):
        page = Client().get("/tournaments/")
    assert page.status_code == 302
    assert page["Location"].startswith("/accounts/login/")
    assert logged(caplog) == ["INFO django.request Forbidden (Permission denied): /tournaments/"]

    caplog.clear()
    with caplog.at_level(logging.INFO):
        call = Client().get("/api/matches")
        wrong_key = Client().get("/api/matches", headers={"Authorization": "Bearer nobodys-key"})
    assert (call.status_code, wrong_key.status_code) == (401, 401)
    assert logged(caplog) == ["WARNING django.request Unauthorized: /api/matches"] * 2


def test_a_server_error_is_logged_once_with_its_traceback(caplog, owner, make_match, monkeypatch):
    # A view that fails: on a page Django logs it; in the API the API's error handler
    # logged it (with the traceback) and then Django again (without).
    match = make_match()

    def broken(match):
        raise RuntimeError("boom")

    monkeypatch.setattr(selectors, "snapshot", broken)
    client = login(owner, raise_request_exception=False)
    for path in (f"/matches/{match.pk}/", f"/api/matches/{match.pk}"):
        caplog.clear()
        with caplog.at_level(logging.INFO):
            assert client.get(path).status_code == 500
        [line] = logged(caplog)
        assert line.startswith(f"ERROR django.request Internal Server Error: {path}\nTraceback")
        assert line.endswith("RuntimeError: boom")


def test_the_access_log_tells_a_client_that_left_from_an_answer():
    # What the app handed over (``Answer``) beside what gunicorn wrote (status, bytes).
    def answer(method="GET", status=200, body=2, **facts):
        return Answer(method, status, body, **facts)

    assert not answer().incomplete(200, 2)
    # The status line never went out: gunicorn logs its own "500 0".
    assert answer().incomplete(500, 0)
    # A large file, cut off: the client left after 3.9 MB of its 30.
    assert answer(body=30_000_000).incomplete(200, 3_948_544)
    # Gone halfway through its request: the 408 it was sent never went out either.
    assert answer(status=408, body=15).incomplete(500, 0)
    # Long gone when gunicorn cancelled the view.
    assert answer(status=None, body=0, cancelled=True).incomplete(500, 0)
    # Answers without a body: gunicorn writes none, whatever the app hands it.
    assert not answer("HEAD").incomplete(200, 0)
    assert not answer(status=304).incomplete(304, 0)
    # A real error: the app answered 500, or never answered (gunicorn's own 500).
    assert not answer(status=500, body=75).incomplete(500, 75)
    assert not answer(status=None, body=0).incomplete(500, 0)


def test_a_request_whose_client_left_is_one_line_in_the_access_log(capsys):
    from gunicorn.config import Config

    config = Config()
    config.set("accesslog", "-")
    logger = GunicornLogger(config)
    environ = {
        "REQUEST_METHOD": "GET",
        "RAW_URI": f"/t/{TOKEN}/",
        "PATH_INFO": f"/t/{TOKEN}/",
        "QUERY_STRING": "",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "192.168.1.20",
    }
    took = SimpleNamespace(seconds=0, microseconds=1)

    def access_line(answer, status, sent):
        response = SimpleNamespace(status=status, headers=[], sent=sent)
        request = SimpleNamespace(headers=[])
        contextvars.copy_context().run(
            lambda: (ANSWER.set(answer), logger.access(response, request, environ, took))
        )
        return capsys.readouterr().out.strip()

    left = access_line(Answer("GET", 200, 2), 500, 0)
    assert left.startswith("192.168.1.20 - - [")
    assert left.endswith(
        '"GET /t/…/ HTTP/1.1" client left before the answer was complete (0 bytes of body sent)'
    )
    cancelled = access_line(Answer("GET", cancelled=True), 500, 0)
    assert '"GET /t/…/ HTTP/1.1" answer cancelled before it was complete' in cancelled
    assert '"GET /t/…/ HTTP/1.1" 200 2 ' in access_line(Answer("GET", 200, 2), 200, 2)
    assert '"GET /t/…/ HTTP/1.1" 500 75 ' in access_line(Answer("GET", 500, 75), 500, 75)
