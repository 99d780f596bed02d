"""What the log says (docs/deployment.md, "The log"): no link token or board key, a
refusal in one line, a real error once with its traceback."""

import logging

from django.conf import settings
from django.test import Client

from matches.logs import ACCESS_FORMAT, AccessLine, RedactSecrets, redact
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
    # Granian's access log record as it makes it (its atoms in a mapping), through the
    # filter that `make run` puts on its logger (scorekeeper.serve.logging_config).
    record = logging.LogRecord(
        "granian.access",
        logging.INFO,
        "",
        0,
        ACCESS_FORMAT,
        (
            {
                "addr": "192.168.1.20",
                "time": "2026-12-01 23:28:40 +0100",
                "dt_ms": 1.25,
                "status": 200,
                "path": f"/t/{TOKEN}/",
                "query_string": f"key={TOKEN}",
                "method": "GET",
                "scheme": "http",
                "protocol": "HTTP/1.1",
            },
        ),
        None,
    )
    assert AccessLine().filter(record)
    line = record.getMessage()
    assert line == (
        '192.168.1.20 - - [2026-12-01 23:28:40 +0100] "GET /t/…/?key=… HTTP/1.1" 200 1.2 ms'
    )
    assert TOKEN not in " ".join(str(value) for value in record.args.values())


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
