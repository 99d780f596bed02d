import pytest

from matches.models import AuditEntry, Match
from tests.factories import HTMX

FORM = {"player_0": "Ann", "player_1": "Ben", "player_2": "Cy", "first_dealer": "1"}


@pytest.mark.django_db
class TestMatchNew:
    def test_it_shows_the_form_with_seating_help(self, client_of, owner):
        response = client_of(owner).get("/matches/new/")
        assert response.status_code == 200
        assert b"clockwise" in response.content
        assert b"Draw for me" in response.content

    def test_it_creates_a_match(self, client_of, owner):
        response = client_of(owner).post("/matches/new/", FORM)
        match = Match.objects.get()
        assert response.status_code == 302
        assert response["Location"] == f"/matches/{match.pk}/"
        assert match.owner == owner
        assert match.names == ["Ann", "Ben", "Cy"]
        assert match.first_dealer == 1
        assert match.options["win_tricks"] == 12
        assert AuditEntry.objects.get().action == "create"

    def test_it_trims_names(self, client_of, owner):
        client_of(owner).post("/matches/new/", {**FORM, "player_0": "  Ann  Marie "})
        assert Match.objects.get().names[0] == "Ann Marie"

    def test_it_draws_the_first_dealer(self, client_of, owner):
        client_of(owner).post("/matches/new/", {**FORM, "first_dealer": "draw"})
        assert Match.objects.get().first_dealer in (0, 1, 2)

    @pytest.mark.parametrize(
        ("change", "message"),
        [
            ({"player_1": "ann"}, b"sits at the table twice"),
            ({"player_2": "x" * 41}, b"at most 40 characters"),
            ({"player_2": "   "}, b"This field is required"),
            ({"first_dealer": "7"}, b"Select a valid choice"),
        ],
    )
    def test_it_refuses_bad_input_and_writes_nothing(self, client_of, owner, change, message):
        response = client_of(owner).post("/matches/new/", {**FORM, **change})
        assert response.status_code == 422
        assert message in response.content
        assert not Match.objects.exists()

    def test_it_answers_htmx_with_the_form_partial_on_errors(self, client_of, owner):
        response = client_of(owner).post("/matches/new/", {**FORM, "player_1": "ANN"}, **HTMX)
        assert response.status_code == 422
        assert response.content.lstrip().startswith(b"<form")
        assert b"<html" not in response.content

    def test_it_tells_htmx_to_go_to_the_new_match(self, client_of, owner):
        response = client_of(owner).post("/matches/new/", FORM, **HTMX)
        match = Match.objects.get()
        assert response.status_code == 200
        assert response["HX-Redirect"] == f"/matches/{match.pk}/"

    def test_it_requires_login(self, client, owner):
        response = client.post("/matches/new/", FORM)
        assert response.status_code == 302
        assert response["Location"].startswith("/accounts/login/")
        assert not Match.objects.exists()

    def test_it_rejects_other_methods(self, client_of, owner):
        assert client_of(owner).delete("/matches/new/").status_code == 405
