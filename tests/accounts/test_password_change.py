"""The password change page: Django's view in the house's pages."""

import pytest
from django.test import Client

from matches.models import LoginFailures
from tests.factories import HTMX

PAGE = "/accounts/password/"
NEW = "Kitchen-table-43"


def change(client, old, new1=NEW, new2=NEW, **extra):
    return client.post(
        PAGE, {"old_password": old, "new_password1": new1, "new_password2": new2}, **extra
    )


@pytest.mark.django_db
class TestPasswordChange:
    def test_the_account_page_links_to_it(self, client_of, owner):
        body = client_of(owner).get("/accounts/").content.decode()
        assert f'href="{PAGE}"' in body
        assert "Change your password" in body

    def test_it_shows_the_form_with_the_rules(self, client_of, owner):
        response = client_of(owner).get(PAGE)
        body = response.content.decode()
        assert response.status_code == 200
        assert "<h1>Change your password</h1>" in body
        for name in ("old_password", "new_password1", "new_password2"):
            assert f'name="{name}"' in body
        assert "at least 8 characters" in body

    def test_the_owner_changes_it_and_stays_logged_in(self, client_of, owner):
        client = client_of(owner)
        response = change(client, "pw-ann-12345")

        assert response.status_code == 302
        assert response["Location"] == "/accounts/"
        page = client.get("/accounts/").content.decode()
        assert "Your password was changed." in page
        owner.refresh_from_db()
        assert owner.check_password(NEW)
        assert not owner.check_password("pw-ann-12345")

    def test_other_sessions_of_the_user_end(self, client_of, owner):
        elsewhere = Client()
        elsewhere.force_login(owner)
        assert elsewhere.get("/").status_code == 200

        change(client_of(owner), "pw-ann-12345")

        assert elsewhere.get("/").status_code == 302

    def test_a_wrong_old_password_changes_nothing(self, client_of, owner):
        response = change(client_of(owner), "not-my-password")

        assert response.status_code == 422
        assert "Your old password was entered incorrectly." in response.content.decode()
        owner.refresh_from_db()
        assert owner.check_password("pw-ann-12345")

    def test_mismatched_new_passwords_change_nothing(self, client_of, owner):
        response = change(client_of(owner), "pw-ann-12345", new2=NEW + "x")

        assert response.status_code == 422
        assert "The two password fields didn’t match." in response.content.decode()
        owner.refresh_from_db()
        assert owner.check_password("pw-ann-12345")

    def test_a_weak_new_password_is_refused_with_the_reason(self, client_of, owner):
        response = change(client_of(owner), "pw-ann-12345", new1="12345678", new2="12345678")

        assert response.status_code == 422
        assert "This password is entirely numeric." in response.content.decode()
        owner.refresh_from_db()
        assert owner.check_password("pw-ann-12345")

    def test_guessing_the_old_password_is_throttled_like_a_login(self, client_of, owner):
        client = client_of(owner)
        answers = [change(client, f"guess-{n}") for n in range(5)]

        assert [a.status_code for a in answers] == [422] * 4 + [429]
        locked = change(client, "pw-ann-12345")
        assert locked.status_code == 429
        assert "Too many failed logins. Try again in 15 minutes." in locked.content.decode()
        owner.refresh_from_db()
        assert owner.check_password("pw-ann-12345")
        # And logging in elsewhere is refused alike: one count per account.
        assert LoginFailures.objects.filter(locked_until__isnull=False).exists()
        other = Client()
        login = other.post("/accounts/login/", {"username": "ann", "password": "pw-ann-12345"})
        assert login.status_code == 429

    def test_anonymous_visitors_are_sent_to_log_in(self, client, owner):
        for response in (client.get(PAGE), change(client, "pw-ann-12345")):
            assert response.status_code == 302
            assert response["Location"].startswith("/accounts/login/?next=/accounts/password/")
        owner.refresh_from_db()
        assert owner.check_password("pw-ann-12345")

    def test_each_user_changes_only_their_own(self, client_of, owner, other):
        # No user id in the address: the page is always the logged-in user's own.
        change(client_of(other), "pw-olga-12345")
        owner.refresh_from_db()
        other.refresh_from_db()
        assert owner.check_password("pw-ann-12345")
        assert other.check_password(NEW)

    def test_it_answers_htmx_with_the_whole_page(self, client_of, owner):
        client = client_of(owner)
        shown = client.get(PAGE, **HTMX)
        refused = change(client, "not-my-password", **HTMX)
        for response in (shown, refused):
            body = response.content.decode()
            assert body.lstrip().startswith("<!doctype html>")
            assert "<h1>Change your password</h1>" in body
        assert refused.status_code == 422
        assert "Your old password was entered incorrectly." in refused.content.decode()
        assert change(client, "pw-ann-12345", **HTMX).status_code == 302

    def test_it_is_in_german(self, client_of, owner):
        body = client_of(owner).get(PAGE, HTTP_ACCEPT_LANGUAGE="de").content.decode()
        assert "<h1>Passwort ändern</h1>" in body
