"""Django's error answers are the site's own pages, in the reader's language, each with a
way on (issue 19, item 7): an old or mistyped table link is told to ask the organiser for
this round's table card, every other address gets a link home. Under /api/ they stay
JSON (matches.views.errors)."""

import json

import pytest
from django.core.exceptions import PermissionDenied
from django.test import Client

from matches.views import errors
from tests.api_support import login
from tests.factories import text

TABLE_CARD = "Ask the organiser for this round's table card"
STYLED = 'href="/static/css/app.css"'


@pytest.fixture(autouse=True)
def _production(settings):
    settings.DEBUG = False


def assert_page(response, status):
    assert response.status_code == status
    assert response["Content-Type"].startswith("text/html")
    body = response.content.decode()
    assert body.lstrip().lower().startswith("<!doctype html>")
    assert STYLED in body  # the site's look, not Django's bare page
    return body


# -- 404 ----------------------------------------------------------------------------------


def test_it_answers_an_unknown_address_with_a_page_and_a_way_home(client, owner):
    response = client.get("/no/such/page/")

    body = assert_page(response, 404)
    assert "Page not found" in body
    assert 'href="/"' in body
    assert TABLE_CARD not in text(response)


def test_it_tells_an_old_table_link_to_ask_for_the_table_card(client, owner):
    response = client.get("/t/abcdefghijklmnopqrstuvwxyz0/")

    assert_page(response, 404)
    assert "This table link is not known" in text(response)
    assert TABLE_CARD in text(response)


def test_it_speaks_german_by_accept_language(client, owner):
    response = client.get("/t/abcdefghijklmnopqrstuvwxyz0/", headers={"Accept-Language": "de"})

    body = assert_page(response, 404)
    assert 'lang="de"' in body
    assert "Fragen Sie den Organisator nach der Tischkarte dieser Runde" in text(response)


def test_it_speaks_german_by_the_language_cookie(client, owner, settings):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"

    response = client.get("/no/such/page/")

    assert_page(response, 404)
    assert "Seite nicht gefunden" in text(response)


def test_it_keeps_json_under_the_api(client, owner):
    response = client.get("/api/nothing")

    assert response.status_code == 404
    assert json.loads(response.content)["error"] == "not_found"


# -- 403 ----------------------------------------------------------------------------------


def test_it_answers_a_refusal_with_a_page(client_of, other, make_match):
    match = make_match()

    response = client_of(other).get(f"/matches/{match.pk}/")

    body = assert_page(response, 403)
    assert "not yours to open" in text(response)
    assert 'href="/"' in body


def test_it_answers_a_refusal_in_german(rf, owner):
    request = rf.get("/matches/1/", headers={"Accept-Language": "de"})
    request.user = owner

    from django.utils import translation

    with translation.override("de"):
        response = errors.permission_denied(request, PermissionDenied())

    assert response.status_code == 403
    assert "Kein Zugang" in response.content.decode()


def test_it_answers_an_unreadable_request_with_a_page_in_both_languages(rf, owner):
    from django.core.exceptions import SuspiciousOperation
    from django.utils import translation

    for language, words in [("en", "The request could not be read"), ("de", "nicht gelesen")]:
        request = rf.get("/matches/1/")
        request.user = owner
        with translation.override(language):
            response = errors.bad_request(request, SuspiciousOperation())
        assert response.status_code == 400
        assert words in response.content.decode()


# -- CSRF ---------------------------------------------------------------------------------


def test_it_answers_a_stale_form_with_a_page_that_says_what_to_do(owner):
    response = login(owner, enforce_csrf_checks=True).post("/matches/new/", {"game": "x"})

    body = assert_page(response, 403)
    assert "reload the page" in text(response)
    assert "CSRF" in body  # the name of the check, for whoever is asked to help


def test_it_sends_a_stale_table_phone_back_to_its_table(owner):
    client = Client(enforce_csrf_checks=True)

    response = client.post("/t/abcdefghijklmnopqrstuvwxyz0/hands/", {"number": "1"})

    body = assert_page(response, 403)
    assert 'href="/t/abcdefghijklmnopqrstuvwxyz0/"' in body


def test_it_answers_a_stale_form_in_german(owner):
    client = login(owner, enforce_csrf_checks=True)

    response = client.post("/matches/new/", {"game": "x"}, headers={"Accept-Language": "de"})

    assert_page(response, 403)
    assert "laden Sie die Seite neu" in text(response)


@pytest.mark.parametrize(
    ("language", "words"),
    [("en", "Nothing was saved"), ("de", "Es wurde nichts gespeichert")],
)
def test_it_reloads_a_stale_htmx_form_and_says_why(owner, make_match, language, words):
    # htmx swaps no 403 (base.html's htmx-config): a page would stay as it was, silent.
    match = make_match()
    client = login(owner, enforce_csrf_checks=True)
    client.get(f"/matches/{match.pk}/")  # the page, and the CSRF cookie it sets
    headers = {"HX-Request": "true", "X-CSRFToken": "x" * 64, "Accept-Language": language}

    response = client.post(f"/matches/{match.pk}/hands/", {"number": "1"}, headers=headers)

    assert response.status_code == 403
    assert response["HX-Refresh"] == "true"  # the page comes again, with a fresh token
    page = client.get(f"/matches/{match.pk}/", headers={"Accept-Language": language})
    assert words in text(page)
    assert not match.hands.exists()


def test_it_keeps_the_csrf_refusal_json_under_the_api(rf):
    response = errors.csrf_failure(rf.post("/api/matches"), reason="CSRF cookie not set.")

    assert response["Content-Type"].startswith("application/json")


# -- 500 ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("language", "words"), [("en", "went wrong"), ("de", "schiefgegangen")])
def test_it_answers_a_crash_with_a_page(refusing, owner, language, words):
    response = Client(raise_request_exception=False).get(
        "/tournaments/", headers={"Accept-Language": language}
    )

    body = assert_page(response, 500)
    assert words in text(response)
    assert "boom" not in body
    assert 'href="/"' in body


def test_it_draws_the_crash_page_without_the_database(rf):
    # No database fixture: pytest-django refuses any query. No session, no user either:
    # the request may have failed before either was read.
    request = rf.get("/t/abcdefghijklmnopqrstuvwxyz0/", headers={"Accept-Language": "de"})

    response = errors.server_error(request)

    assert response.status_code == 500
    body = response.content.decode()
    assert STYLED in body and 'lang="de"' in body


def test_it_still_answers_a_crash_when_its_page_cannot_be_drawn(rf, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("the template is gone")

    monkeypatch.setattr(errors.loader, "get_template", broken)

    response = errors.server_error(rf.get("/"))

    assert response.status_code == 500
    assert b"Server error" in response.content


def test_it_keeps_a_crash_json_under_the_api(refusing, owner):
    response = Client(raise_request_exception=False).get("/api/games")

    assert response.status_code == 500
    assert json.loads(response.content)["error"] == "server_error"


def test_it_answers_a_host_it_does_not_serve_with_the_page(client, owner, settings):
    """A Host the site does not answer to is Django's 400: the page draws without asking
    the request for its host again (which would fail the same way)."""
    settings.DEBUG = False
    response = client.get("/", HTTP_HOST="evil.example")
    assert response.status_code == 400
    assert "The request could not be read" in text(response)
