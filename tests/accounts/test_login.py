"""Logging in and who a session belongs to (``matches.auth``): the session's user read
in one prepared query; sessions made before the backend still valid; a wrong password
hashed once."""

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import MD5PasswordHasher
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tests.factories import text


def log_in(client, password="pw-ann-12345"):
    return client.post("/accounts/login/", {"username": "ann", "password": password})


def test_logging_in_keeps_the_user_in_the_session_by_this_backend(client, owner):
    assert log_in(client).status_code == 302

    assert client.session["_auth_user_backend"] == "matches.auth.Accounts"
    assert "ann" in text(client.get("/accounts/"))


def test_a_logged_in_page_reads_its_user_in_one_query(client, owner):
    log_in(client)
    client.get("/accounts/")

    with CaptureQueriesContext(connection) as captured:
        client.get("/")  # the home page: the user, then their matches

    users = [query["sql"] for query in captured if 'FROM "auth_user"' in query["sql"]]
    assert len(users) == 1
    assert users[0].startswith("SELECT ")  # the user's row alone (models.lookups)


def test_a_session_made_before_the_backend_still_logs_in(owner):
    # As django.contrib.auth's own backend wrote it, before an update.
    old = Client()
    session = old.session
    session.update(
        {
            "_auth_user_id": str(owner.pk),
            "_auth_user_backend": "django.contrib.auth.backends.ModelBackend",
            "_auth_user_hash": owner.get_session_auth_hash(),
        }
    )
    session.save()
    old.cookies[settings.SESSION_COOKIE_NAME] = session.session_key

    response = old.get("/accounts/")

    assert response.status_code == 200
    assert "ann" in text(response)


def test_a_deactivated_user_is_logged_out(client, owner):
    log_in(client)
    get_user_model().objects.filter(pk=owner.pk).update(is_active=False)

    response = client.get("/accounts/")

    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


@pytest.mark.parametrize("username", ["ann", "nobody"])
def test_a_wrong_password_is_hashed_once_and_refused(client, owner, monkeypatch, username):
    hashed = []
    encode = MD5PasswordHasher.encode
    monkeypatch.setattr(
        MD5PasswordHasher, "encode", lambda self, *a, **k: hashed.append(1) or encode(self, *a, **k)
    )

    response = client.post("/accounts/login/", {"username": username, "password": "wrong-pw"})

    assert response.status_code == 422
    assert "enter a correct username and password" in text(response)
    assert len(hashed) == 1
    assert "_auth_user_id" not in client.session
