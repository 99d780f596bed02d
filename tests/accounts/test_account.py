import json

import pytest

from matches.models import ApiToken, hash_token
from tests.factories import HTMX


@pytest.mark.django_db
class TestAccount:
    def test_it_creates_a_token_shown_once_and_stored_hashed(self, client_of, owner):
        client = client_of(owner)
        response = client.post("/accounts/tokens/", {"name": "scoreboard"})
        assert response.status_code == 302
        body = client.get("/accounts/").content.decode()
        key = body.split('value="sk_')[1].split('"')[0]
        token = ApiToken.objects.get()
        assert token.key_hash == hash_token("sk_" + key)
        assert "sk_" + key not in token.key_hash
        assert 'value="sk_' not in client.get("/accounts/").content.decode()

    def test_it_refuses_a_token_without_a_name(self, client_of, owner):
        response = client_of(owner).post("/accounts/tokens/", {"name": ""})
        assert response.status_code == 422
        assert not ApiToken.objects.exists()

    @pytest.mark.parametrize(
        ("name", "message"),
        [
            (
                "score\x00board",
                "A token's name cannot contain the invisible or control character U+0000.",
            ),
            ("\u200b", "A token's name cannot contain the invisible or control character U+200B."),
            ("x" * 61, "A token's name can have at most 60 characters."),
        ],
        ids=["nul", "zero-width", "too long"],
    )
    def test_it_refuses_a_hostile_token_name(self, client_of, owner, name, message):
        # The same cleaning as every other text a person types (matches.text).
        response = client_of(owner).post("/accounts/tokens/", {"name": name})
        assert response.status_code == 422
        html = response.content.decode()
        assert message.replace("'", "&#x27;") in html
        assert 'value="sk_' not in html
        assert not ApiToken.objects.exists()

    def test_it_keeps_the_token_name_as_cleaned(self, client_of, owner):
        client_of(owner).post("/accounts/tokens/", {"name": "  club \t scoreboard "})
        assert ApiToken.objects.get().name == "club scoreboard"

    def test_it_revokes_a_token(self, client_of, owner):
        from matches.services import accounts as services

        token, _key = services.issue_token(owner, "x")
        response = client_of(owner).post(f"/accounts/tokens/{token.pk}/revoke/")
        assert response.status_code == 302
        assert not ApiToken.objects.exists()

    def test_it_cannot_revoke_someone_elses_token(self, client_of, owner, other):
        from matches.services import accounts as services

        token, _key = services.issue_token(owner, "x")
        assert client_of(other).post(f"/accounts/tokens/{token.pk}/revoke/").status_code == 404
        assert ApiToken.objects.exists()

    def test_it_requires_login(self, client, owner):
        assert client.get("/accounts/").status_code == 302
        assert client.post("/accounts/tokens/", {"name": "x"}).status_code == 302
        assert not ApiToken.objects.exists()

    def test_it_rejects_wrong_methods(self, client_of, owner):
        client = client_of(owner)
        assert client.post("/accounts/").status_code == 405
        assert client.get("/accounts/tokens/").status_code == 405
        assert client.get("/accounts/tokens/1/revoke/").status_code == 405

    def test_it_answers_htmx(self, client_of, owner):
        # The account page has no partial: htmx gets the whole page, as a browser does.
        client = client_of(owner)
        for response in (client.get("/accounts/"), client.get("/accounts/", **HTMX)):
            assert response.status_code == 200
            body = response.content.decode()
            assert body.lstrip().startswith("<!doctype html>")
            assert "<h1>Your account</h1>" in body
            assert 'name="name"' in body  # the form for a new token
            assert "HX-Request" in response["Vary"]

    def test_login_and_logout(self, client, owner):
        response = client.post("/accounts/login/", {"username": "ann", "password": "pw-ann-12345"})
        assert response.status_code == 302
        assert client.get("/").status_code == 200
        client.post("/accounts/logout/")
        assert client.get("/").status_code == 302


@pytest.mark.django_db
def test_using_a_token_is_noted_on_the_account_page(client, client_of, owner):
    from matches.services import accounts as services

    token, key = services.issue_token(owner, "scoreboard")
    assert b"never used" in client_of(owner).get("/accounts/").content
    client.logout()
    assert client.get("/api/matches/999", HTTP_AUTHORIZATION=f"Bearer {key}").status_code == 404
    token.refresh_from_db()
    assert token.last_used_at is not None
    assert b"last used" in client_of(owner).get("/accounts/").content


@pytest.mark.django_db
def test_a_copied_session_cookie_is_dead_after_logout(client, owner):
    from django.test import Client

    client.post("/accounts/login/", {"username": "ann", "password": "pw-ann-12345"})
    copy = Client()
    copy.cookies = client.cookies.__class__(client.cookies)  # another device, same cookie
    assert copy.get("/").status_code == 200
    client.post("/accounts/logout/")
    assert copy.get("/").status_code == 302  # the session is gone on the server


@pytest.mark.django_db
def test_a_key_stops_working_at_once_when_revoked_or_its_account_deactivated(owner, make_match):
    from django.test import Client

    from matches.services import accounts as services

    match = make_match()
    url = f"/api/matches/{match.pk}/hands"
    token, key = services.issue_token(owner, "scoreboard")
    api = Client(headers={"Authorization": f"Bearer {key}"})

    def record(number):
        body = json.dumps({"number": number, "tricks": [9, 4, 3], "trump": "hearts"})
        return api.post(url, body, content_type="application/json").status_code

    assert record(1) == 201
    owner.is_active = False
    owner.save()
    assert record(2) == 401
    owner.is_active = True
    owner.save()
    assert record(2) == 201
    services.revoke_token(owner, token.pk)
    assert record(3) == 401
    assert match.hands.count() == 2


@pytest.mark.django_db
def test_a_keys_use_is_noted_at_most_once_a_minute(owner, monkeypatch):
    from datetime import timedelta

    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from django.utils import timezone

    from matches.models import ApiToken
    from matches.services import accounts as services

    token, key = services.issue_token(owner, "scoreboard")
    start = timezone.now()

    def use(at):
        monkeypatch.setattr(services.timezone, "now", lambda: at)
        with CaptureQueriesContext(connection) as captured:
            assert services.token_user(key) == owner
        return sum(query["sql"].startswith("UPDATE") for query in captured)

    assert use(start) == 1
    assert use(start + timedelta(seconds=59)) == 0
    assert ApiToken.objects.get(pk=token.pk).last_used_at == start
    assert use(start + timedelta(seconds=61)) == 1
    assert ApiToken.objects.get(pk=token.pk).last_used_at == start + timedelta(seconds=61)
