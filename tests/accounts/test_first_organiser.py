import pytest
from django.contrib.auth import get_user_model

from tests.factories import HTMX

User = get_user_model()
FORM = {"username": "org", "password1": "Kitchen-table-42", "password2": "Kitchen-table-42"}


@pytest.mark.django_db
class TestFirstOrganiser:
    def test_it_leads_every_page_to_the_form_while_there_are_no_users(self, client):
        for path in ["/", "/matches/new/", "/accounts/login/", "/matches/1/"]:
            response = client.get(path)
            assert response.status_code == 302
            assert response["Location"] == "/setup/"

    def test_it_shows_the_form(self, client):
        response = client.get("/setup/")
        assert response.status_code == 200
        assert b"Create the organiser account" in response.content

    def test_it_creates_a_staff_user_and_logs_in(self, client):
        response = client.post("/setup/", FORM)
        assert response.status_code == 302
        user = User.objects.get()
        assert user.username == "org"
        assert user.is_staff and user.is_superuser
        assert client.get("/").status_code == 200  # logged in

    def test_it_is_made_only_on_the_computer_that_runs_the_server(self, client, settings):
        """``make run`` serves the club's network: a phone on it that reaches a fresh
        install first must not become its organiser."""
        phone = {"REMOTE_ADDR": "192.168.1.23"}
        page = client.get("/setup/", **phone)
        assert page.status_code == 403
        assert b"made on the computer that runs the scorekeeper" in page.content
        assert b"<form" not in page.content.split(b"<main", 1)[-1].split(b"</main>")[0]
        assert client.post("/setup/", FORM, **phone).status_code == 403
        assert not User.objects.exists()
        # A proxy on this machine forwards the address it saw: that one counts.
        settings.TRUST_X_FORWARDED_FOR = True
        forwarded = {"HTTP_X_FORWARDED_FOR": "192.168.1.23"}
        assert client.post("/setup/", FORM, **forwarded).status_code == 403
        assert client.post("/setup/", FORM, **{"REMOTE_ADDR": "::1"}).status_code == 302
        assert User.objects.count() == 1

    def test_it_says_so_in_german(self, client):
        page = client.get("/setup/", REMOTE_ADDR="10.0.0.7", HTTP_ACCEPT_LANGUAGE="de")
        assert "auf dem Computer angelegt" in page.content.decode()

    def test_it_is_gone_once_a_user_exists(self, client, owner):
        assert client.get("/setup/").status_code == 404
        assert client.post("/setup/", FORM).status_code == 404
        assert User.objects.count() == 1

    def test_it_refuses_mismatched_passwords_and_writes_nothing(self, client):
        response = client.post("/setup/", {**FORM, "password2": "other-Password-1"})
        assert response.status_code == 422
        assert User.objects.count() == 0

    def test_it_refuses_an_empty_post(self, client):
        response = client.post("/setup/", {})
        assert response.status_code == 422
        assert b"This field is required" in response.content
        assert User.objects.count() == 0

    def test_it_rejects_other_methods(self, client):
        assert client.put("/setup/").status_code == 405

    def test_it_works_under_htmx(self, client):
        refused = client.post("/setup/", {**FORM, "password2": "other-Password-1"}, **HTMX)
        assert refused.status_code == 422
        assert b"<form" in refused.content and b"Create the organiser account" in refused.content
        assert User.objects.count() == 0
        response = client.post("/setup/", FORM, **HTMX)
        # A plain redirect, as for a browser: htmx follows it and shows the home page.
        assert response.status_code == 302
        assert response["Location"] == "/"
        assert User.objects.count() == 1
        home = client.get(response["Location"], **HTMX)
        assert b"Welcome! You are the organiser of this scorekeeper." in home.content

    def test_health_check_is_open_before_setup(self, client):
        response = client.get("/ping/")
        assert response.status_code == 200
        assert response.content == b"ok"
