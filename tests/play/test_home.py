import pytest

from tests.factories import HTMX, sm_hand


@pytest.mark.django_db
class TestHome:
    def test_it_shows_the_empty_state(self, client_of, owner):
        response = client_of(owner).get("/")
        assert response.status_code == 200
        assert b"Keep score at the card table" in response.content
        assert b"/matches/new/" in response.content

    def test_it_lists_my_matches_in_progress_and_finished(self, client_of, owner, make_match):
        make_match([sm_hand([9, 4, 3])], players=("Ann", "Ben", "Cy"))
        make_match([sm_hand([12, 2, 2])], players=("Dora", "Emil", "Fay"))
        body = client_of(owner).get("/").content.decode()
        assert "In progress" in body and "Finished" in body
        assert body.index("Ann") < body.index("Finished") < body.index("Dora")
        assert "Keep score at the card table" not in body

    def test_it_hides_other_peoples_matches(self, client_of, other, make_match):
        make_match([], players=("Ann", "Ben", "Cy"))
        body = client_of(other).get("/").content.decode()
        assert "Ann" not in body

    def test_it_sends_anonymous_visitors_to_log_in(self, client, owner):
        response = client.get("/")
        assert response.status_code == 302
        assert response["Location"].startswith("/accounts/login/")

    def test_it_rejects_post(self, client_of, owner):
        assert client_of(owner).post("/").status_code == 405

    def test_it_answers_htmx_with_the_page(self, client_of, owner, make_match):
        make_match([], players=("Ann", "Ben", "Cy"))
        client = client_of(owner)
        for response in (client.get("/"), client.get("/", **HTMX)):
            assert response.status_code == 200
            body = response.content.decode()
            assert body.lstrip().startswith("<!doctype html>")  # the whole page, no partial
            assert "In progress" in body and "Ann" in body
            assert "HX-Request" in response["Vary"]

    def test_query_count_does_not_grow_with_matches(
        self, client_of, owner, make_match, django_assert_max_num_queries
    ):
        client = client_of(owner)
        make_match([sm_hand([9, 4, 3])])
        with django_assert_max_num_queries(8) as few:
            client.get("/")
        for index in range(5):
            make_match([sm_hand([9, 4, 3])], players=(f"A{index}", "B", "C"))
        with django_assert_max_num_queries(len(few.captured_queries)):
            client.get("/")


@pytest.mark.django_db
def test_a_sieben_match_lists_its_points_per_side_from_what_it_stores(
    client_of, owner, monkeypatch
):
    from matches import rules
    from matches.services import play

    match = play.create_match(
        owner, game="sieben", variant="two-player", players=["Ann", "Ben"], first_dealer=0
    ).match
    play.record_hand(match, 1, {"counters": [90, 0], "no_trick": False}, by=owner)
    # The list reads the match's stored state (Game.list_figures): no replay per row.
    monkeypatch.setattr(rules, "replay", None)
    monkeypatch.setattr(rules.base, "replay", None)
    body = client_of(owner).get("/").content.decode()
    assert "2 : 0 points" in body
