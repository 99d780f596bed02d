"""Link tokens and board keys never reach a log."""

import logging
from types import SimpleNamespace

from django.conf import settings

from matches.logs import GunicornLogger, RedactSecrets, redact

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
