"""Every answer under /api/ is JSON in matches/api/API.md's error shape (issue 8, defect 4): unknown
addresses whatever the method and credentials, CSRF refusals, wrong methods, bodies that
are not JSON, crashes inside and outside the API's routes, and Django's own refusals.
Pages keep Django's HTML answers."""

import json

import pytest
from django.core.exceptions import PermissionDenied, SuspiciousOperation
from django.http import Http404
from django.test import Client

from matches.api.base import api
from matches.models import Match
from tests.api_support import assert_error, bearer, key_for, login, match_url, send, writes
from tests.factories import sm_hand

HTMX = {"HX-Request": "true"}

UNKNOWN = [
    "/api/matches/",  # a trailing slash
    "/api/matches/-1/hands",  # a negative id
    "/api/matches/abc/hands",  # not a number
    "/api/matches/null,null/stop",
    "/api/matches/1/hands/x",
    "/api/nothing",
    "/api/",
]


def credentials(owner):
    """Anonymous, a bearer token, and a session without its CSRF token."""
    return {
        "anonymous": (Client(enforce_csrf_checks=True), {}),
        "bearer": (Client(enforce_csrf_checks=True), bearer(key_for(owner))),
        "session": (login(owner, enforce_csrf_checks=True), {}),
    }


@pytest.mark.parametrize("method", ["post", "put", "delete", "patch"])
@pytest.mark.parametrize("headers", [{}, HTMX], ids=["plain", "htmx"])
def test_an_unknown_address_is_a_json_404_whatever_the_method_and_credentials(
    owner, make_match, method, headers
):
    make_match()
    before = writes()
    for who, (client, auth) in credentials(owner).items():
        for path in UNKNOWN:
            response = send(client, method, path, {"reason": "x"}, headers={**auth, **headers})

            body = assert_error(response, 404, "not_found")
            assert set(body) == {"error", "message"}, (who, path)
    assert writes() == before


def test_a_trailing_slash_is_told_the_right_address(owner):
    response = send(Client(), "post", "/api/matches/", {}, headers=bearer(key_for(owner)))

    body = assert_error(response, 404, "not_found")
    assert body["message"].endswith("/api/matches")
    assert not Match.objects.exists()


def test_unknown_addresses_read_no_body(owner):
    # 404 first: an unknown address is not asked what it would have taken.
    response = Client().post("/api/nothing", data={"a": "b"}, headers=bearer(key_for(owner)))

    assert_error(response, 404, "not_found")


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["plain", "htmx"])
def test_a_session_write_without_its_csrf_token_is_a_json_403(owner, make_match, headers):
    match = make_match()
    before = writes()

    response = send(
        login(owner, enforce_csrf_checks=True),
        "post",
        match_url(match, "/hands"),
        {"number": 1, "tricks": [9, 4, 3], "trump": "hearts"},
        headers=headers,
    )

    assert_error(response, 403, "forbidden")
    assert "CSRF" in response.json()["message"]
    assert writes() == before


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["plain", "htmx"])
def test_the_description_is_not_posted_to(client, db, headers):
    for path in ("/api/openapi.json", "/api/docs"):
        response = client.post(path, data="{}", content_type="application/json", headers=headers)

        assert_error(response, 405, "method_not_allowed")
        assert "GET" in response["Allow"]


def test_a_wrong_method_names_the_right_ones(owner, make_match):
    match = make_match()

    response = send(Client(), "patch", match_url(match, "/hands"), {}, headers=HTMX)

    body = assert_error(response, 405, "method_not_allowed")
    assert body["message"] == "PATCH is not allowed here; use POST."
    assert response["Allow"] == "POST"


# -- bodies that are not JSON ---------------------------------------------------------


def test_a_form_body_from_a_session_is_a_415_not_a_crash(owner, make_match):
    # Django's CSRF check parses a multipart body and would leave nothing to read.
    match = make_match()
    client = login(owner, enforce_csrf_checks=True)
    client.cookies["csrftoken"] = "a" * 32
    before = writes()

    response = client.post(
        match_url(match, "/hands"),
        data={"number": "1", "trump": "hearts"},  # multipart, as a browser form sends it
        headers={"X-CSRFToken": "a" * 32},
    )

    body = assert_error(response, 415, "unsupported_media_type")
    assert "application/json" in body["message"]
    assert writes() == before


@pytest.mark.parametrize(
    "content_type",
    ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data", "application/xml"],
)
def test_a_body_declared_as_anything_but_json_is_a_415(owner, content_type):
    json_text = '{"game": "sergeant-major", "variant": "8-5-3", "players": ["A", "B", "C"], '
    json_text += '"first_dealer": 0}'

    response = Client().post(
        "/api/matches", data=json_text, content_type=content_type, headers=bearer(key_for(owner))
    )

    body = assert_error(response, 415, "unsupported_media_type")
    assert content_type in body["message"]
    assert not Match.objects.exists()


@pytest.mark.parametrize("content_type", ["application/json; charset=utf-8", ""])
def test_a_json_body_is_read_with_or_without_its_content_type(owner, content_type):
    client = Client()
    json_text = '{"game": "sergeant-major", "variant": "8-5-3", "players": ["A", "B", "C"], '
    json_text += '"first_dealer": 0}'

    response = client.generic(
        "POST",
        "/api/matches",
        json_text,
        content_type=content_type,
        headers=bearer(key_for(owner)),
    )

    assert response.status_code == 201, response.content
    assert Match.objects.count() == 1


def test_an_empty_delete_needs_no_content_type(owner, make_match):
    match = make_match([sm_hand((9, 4, 3))])

    response = Client().delete(match_url(match, "/hands/1"), headers=bearer(key_for(owner)))

    assert response.status_code == 200, response.content


# -- crashes --------------------------------------------------------------------------


def test_a_crash_outside_an_operation_is_a_json_500(client, db, monkeypatch):
    def broken(**kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(api, "get_openapi_schema", broken)

    response = client.get("/api/openapi.json")

    body = assert_error(response, 500, "server_error")
    assert "boom" not in body["message"]


DJANGO_REFUSALS = [
    (SuspiciousOperation("bad"), 400, "bad_request"),
    (PermissionDenied(), 403, "forbidden"),
    (Http404(), 404, "not_found"),
    (RuntimeError("boom"), 500, "server_error"),
]


@pytest.mark.parametrize(("error", "status", "code"), DJANGO_REFUSALS)
@pytest.mark.parametrize("headers", [{}, HTMX], ids=["plain", "htmx"])
def test_django_answers_in_json_under_the_api(db, refusing, error, status, code, headers):
    refusing.error = error
    client = Client(raise_request_exception=False)

    response = client.post(
        "/api/matches", data="{}", content_type="application/json", headers=headers
    )

    body = assert_error(response, status, code)
    assert "boom" not in body["message"]


@pytest.mark.parametrize(("error", "status", "code"), DJANGO_REFUSALS)
def test_django_answers_pages_as_before(db, refusing, error, status, code):
    refusing.error = error
    client = Client(raise_request_exception=False)

    response = client.get("/ping/")

    assert response.status_code == status
    assert response["Content-Type"].startswith("text/html")


def test_a_host_django_does_not_serve_is_a_json_400_under_the_api(db):
    response = Client().get("/api/games", headers={"Host": "evil.example"})

    assert_error(response, 400, "bad_request")
    page = Client().get("/ping/", headers={"Host": "evil.example"})
    assert page.status_code == 400
    assert page["Content-Type"].startswith("text/html")


def test_the_csrf_failure_view_answers_json_under_the_api_and_html_elsewhere(rf, settings):
    from matches.views import errors

    assert settings.CSRF_FAILURE_VIEW == "matches.views.errors.csrf_failure"

    response = errors.csrf_failure(rf.post("/api/matches"), reason="CSRF cookie not set.")
    assert response.status_code == 403
    assert response["Content-Type"].startswith("application/json")
    body = json.loads(response.content)
    assert body["error"] == "forbidden"
    assert "X-CSRFToken" in body["message"]

    page = errors.csrf_failure(rf.post("/matches/new/"), reason="CSRF cookie not set.")
    assert page.status_code == 403
    assert page["Content-Type"].startswith("text/html")


def test_a_page_without_its_csrf_token_still_gets_djangos_page(owner):
    response = login(owner, enforce_csrf_checks=True).post("/matches/new/", {"game": "x"})

    assert response.status_code == 403
    assert response["Content-Type"].startswith("text/html")
    assert b"CSRF" in response.content


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("en", "Send the body as JSON (Content-Type: application/json), not as text/plain."),
        (
            "de",
            "Den Inhalt bitte als JSON senden (Content-Type: application/json), nicht als "
            "text/plain.",
        ),
    ],
)
def test_the_new_answers_speak_the_requests_language(owner, language, message):
    response = Client().post(
        "/api/matches",
        data="x",
        content_type="text/plain",
        headers={**bearer(key_for(owner)), "Accept-Language": language},
    )

    assert assert_error(response, 415, "unsupported_media_type")["message"] == message
