"""The club's accounts (issue 20, item 4): an organiser adds a scorer by name and password
or by a one-time invite link that expires, and makes accounts organisers or takes that
away, never leaving the club without one."""

import re
from datetime import timedelta
from unittest import mock

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from matches.services import users
from tests.factories import HTMX

URL = "/accounts/users/"
GOOD = "a-long-Pass-phrase-9"
User = get_user_model()


def invite_link(page: str) -> str:
    found = re.search(r'id="invite-url">[^<]*(/accounts/invite/[^<"]+)<', page)
    assert found, "no invite link"
    return found.group(1)


@pytest.mark.django_db
class TestAddingAccounts:
    @pytest.mark.parametrize("headers", [HTMX, {}], ids=["htmx", "plain"])
    def test_an_organiser_adds_a_scorer_with_a_password(self, client_of, organiser, headers):
        response = client_of(organiser).post(
            URL, {"do": "add", "name": "sam", "password": GOOD}, **headers
        )
        assert response.status_code == 200 if headers else response.status_code == 302
        sam = User.objects.get(username="sam")
        assert sam.check_password(GOOD) and not sam.is_staff
        assert Client().login(username="sam", password=GOOD)

    @pytest.mark.parametrize("headers", [HTMX, {}], ids=["htmx", "plain"])
    def test_bad_input_says_why_and_writes_nothing(self, client_of, organiser, owner, headers):
        client = client_of(organiser)
        for data, words in [
            ({"do": "add", "name": "sam", "password": "123"}, "too short"),
            ({"do": "add", "name": "two words", "password": GOOD}, "no spaces"),
            ({"do": "add", "name": "ann", "password": GOOD}, "already"),
            ({"do": "add", "name": "", "password": GOOD}, "required"),
            ({"do": "nonsense"}, "Choose what to do"),
        ]:
            response = client.post(URL, data, **headers)
            assert response.status_code in (409, 422), data
            assert words in response.content.decode(), data
        assert User.objects.count() == 2

    def test_others_may_not(self, client_of, owner):
        assert client_of(owner).get(URL).status_code == 403
        assert (
            client_of(owner).post(URL, {"do": "add", "name": "x", "password": GOOD}).status_code
            == 403
        )
        anonymous = Client().post(URL, {"do": "add", "name": "x", "password": GOOD})
        assert anonymous.status_code == 302 and "/login" in anonymous["Location"]
        assert not User.objects.filter(username="x").exists()

    def test_a_wrong_method(self, client_of, organiser):
        assert client_of(organiser).put(URL).status_code == 405

    def test_in_german(self, client_of, organiser):
        page = client_of(organiser).get(URL, HTTP_ACCEPT_LANGUAGE="de").content.decode()
        assert "Konto anlegen" in page


@pytest.mark.django_db
class TestInvites:
    def test_an_invite_makes_the_account_once(self, client_of, organiser):
        page = client_of(organiser).post(URL, {"do": "invite", "name": "ivy", "password": ""})
        assert page.status_code == 200
        html = page.content.decode()
        assert 'class="qr"' in html and "data-copy=" in html
        link = invite_link(html)
        guest = Client()
        assert "ivy" in guest.get(link).content.decode()
        assert guest.post(link, {"password": "123"}).status_code == 422  # too short
        assert not User.objects.filter(username="ivy").exists()
        done = guest.post(link, {"password": GOOD})
        assert done.status_code == 302
        assert User.objects.get(username="ivy").check_password(GOOD)
        assert guest.get("/").status_code == 200  # logged in
        assert Client().get(link).status_code == 404  # spent
        assert Client().post(link, {"password": GOOD}).status_code == 404

    def test_an_invite_expires(self, organiser):
        token = users.invite("ivy")
        later = (
            users.signing.time.time() + timedelta(days=users.INVITE_DAYS, hours=1).total_seconds()
        )
        with mock.patch("django.core.signing.time.time", return_value=later):
            response = Client().get(f"/accounts/invite/{token}/")
        assert response.status_code == 404
        assert "expired" in response.content.decode()

    def test_a_forged_invite(self, organiser):
        response = Client().post(
            "/accounts/invite/eyJ1IjoiZXZlIn0:1abc:forged/", {"password": GOOD}
        )
        assert response.status_code == 404
        assert not User.objects.filter(username="eve").exists()


@pytest.mark.django_db
class TestOrganisers:
    def test_make_and_take_away(self, client_of, organiser, owner):
        client = client_of(organiser)
        assert (
            client.post(URL, {"do": "organiser", "user": owner.pk, "organiser": "1"}).status_code
            == 302
        )
        owner.refresh_from_db()
        assert owner.is_staff
        assert (
            client.post(URL, {"do": "organiser", "user": owner.pk, "organiser": "0"}).status_code
            == 302
        )
        owner.refresh_from_db()
        assert not owner.is_staff

    def test_never_the_last_organiser_not_even_oneself(self, client_of, organiser):
        response = client_of(organiser).post(
            URL, {"do": "organiser", "user": organiser.pk, "organiser": "0"}
        )
        assert response.status_code == 409
        assert "needs an organiser" in response.content.decode()
        organiser.refresh_from_db()
        assert organiser.is_staff

    def test_bad_input(self, client_of, organiser):
        response = client_of(organiser).post(
            URL, {"do": "organiser", "user": 999, "organiser": "1"}
        )
        assert response.status_code == 422


def test_an_invite_stays_out_of_the_logs():
    from matches.logs import redact

    assert redact("GET /accounts/invite/eyJ1Ijoi:1abc:sig/ 200") == "GET /accounts/invite/…/ 200"


@pytest.mark.django_db
def test_the_account_page_links_it_for_organisers_only(client_of, organiser, owner):
    assert URL in client_of(organiser).get("/accounts/").content.decode()
    assert URL not in client_of(owner).get("/accounts/").content.decode()
