"""A player sees their own player page through their player link (issue 37, item 6;
docs/tournaments.md "Player pages and the club rating"): ``/p/<token>/players/<id>/`` and
``GET /api/players/{id}/stats`` with the link as the bearer token. The link opens its own
player's figures and nobody else's (403), leads to none of the organiser's pages, and an
unknown or replaced link is gone (404)."""

import pytest

from matches.models import Entry, Player
from matches.services import registration
from tests.tournaments.evenings import club

from ..factories import HTMX, text
from ..factories import tournament as make_tournament
from .support import FIRST_SECOND_THIRD, one_hand, registered

pytestmark = pytest.mark.django_db


@pytest.fixture
def ann(organiser):
    """Ann's entry in a club night; Ann has played six finished matches with Ben and Cy
    (rated), Dan none."""
    registered(organiser, "Ann", "Ben", "Cy", "Dan")
    for _ in range(6):
        one_hand(organiser, ["Ann", "Ben", "Cy"], FIRST_SECOND_THIRD)
    tournament = club(organiser, names=["Ann", "Ben", "Cy", "Dan", "Eve", "Fay"])
    return Entry.objects.get(tournament=tournament, player__name="Ann")


def _player(name):
    return Player.objects.get(name=name)


def test_the_player_link_opens_the_players_own_page(client, ann):
    link = text(client.get(f"/p/{ann.token}/"))
    assert "Ann: matches and rating across the club's evenings" in link
    page = client.get(f"/p/{ann.token}/players/{ann.player_id}/")
    assert page.status_code == 200
    words = text(page)
    assert "Ann" in words and "Matches 6 Wins 6" in words
    assert "Rating" in words and "μ" in words  # six rated matches: shown
    html = page.content.decode()
    assert "<svg" in html
    # Nothing that leads to the organiser's pages: the opponents are names only.
    assert "/players/" not in html.replace(f"/p/{ann.token}/players/", "")
    assert "/ratings/" not in html and "Edit" not in words and "E-mail" not in words
    assert f'href="/p/{ann.token}/"' in html  # back to the player's page


def test_the_page_links_a_pairs_two_players(client, organiser):
    tournament = make_tournament(organiser, game="sieben", variant="partners")
    (entry,) = registration.register_players(tournament, organiser, [["Ann", "Ben"]])
    html = client.get(f"/p/{entry.token}/").content.decode()
    for player in (entry.player, entry.partner):
        assert f"/p/{entry.token}/players/{player.pk}/" in html
        assert client.get(f"/p/{entry.token}/players/{player.pk}/").status_code == 200


def test_not_yet_rated_and_no_match_at_all(client, ann, organiser):
    dan = Entry.objects.get(tournament=ann.tournament, player__name="Dan")
    words = text(client.get(f"/p/{dan.token}/players/{dan.player_id}/"))
    assert "Dan has not finished a match yet." in words
    for _ in range(3):
        one_hand(organiser, ["Dan", "Ben", "Cy"], FIRST_SECOND_THIRD)
    words = text(client.get(f"/p/{dan.token}/players/{dan.player_id}/"))
    assert "not yet rated: 3 of 5 matches" in words


def test_in_german(client, ann):
    client.cookies["django_language"] = "de"
    words = text(client.get(f"/p/{ann.token}/players/{ann.player_id}/"))
    assert "Durchschnittlicher Platz" in words
    assert "Deine Partien und Wertung über die Abende des Vereins." in words
    link = text(client.get(f"/p/{ann.token}/"))
    assert "Ann: Partien und Wertung über die Abende des Vereins" in link


def test_another_players_page_is_refused(client, ann):
    ben = _player("Ben")
    page = client.get(f"/p/{ann.token}/players/{ben.pk}/")
    assert page.status_code == 403 and "Ben" not in text(page)
    api = client.get(f"/api/players/{ben.pk}/stats", HTTP_AUTHORIZATION=f"Bearer {ann.token}")
    assert api.status_code == 403
    assert api.json()["message"] == "A player link opens its own player's page only."


def test_an_unknown_or_replaced_link_is_gone(client, ann, organiser):
    old = ann.token
    registration.replace_player_link(ann, organiser)
    assert client.get(f"/p/{old}/players/{ann.player_id}/").status_code == 404
    assert client.get(f"/p/{'x' * 27}/players/{ann.player_id}/").status_code == 404
    api = client.get(f"/api/players/{ann.player_id}/stats", HTTP_AUTHORIZATION=f"Bearer {old}")
    assert api.status_code == 401


def test_anonymous_and_strangers_still_see_no_player_page(client, ann, other):
    assert client.get(f"/players/{ann.player_id}/").status_code == 302
    assert client.get(f"/api/players/{ann.player_id}/stats").status_code == 401
    client.force_login(other)
    assert client.get(f"/players/{ann.player_id}/").status_code == 403


def test_the_organiser_opens_it_too(boss, ann):
    assert boss.get(f"/p/{ann.token}/players/{ann.player_id}/").status_code == 200


def test_it_is_only_read(client, ann):
    assert client.post(f"/p/{ann.token}/players/{ann.player_id}/").status_code == 405


def test_an_htmx_request_gets_the_page(client, ann):
    page = client.get(f"/p/{ann.token}/players/{ann.player_id}/", **HTMX)
    assert page.status_code == 200 and "Matches 6 Wins 6" in text(page)


def test_the_api_answers_the_players_own_stats(client, ann):
    answer = client.get(
        f"/api/players/{ann.player_id}/stats", HTTP_AUTHORIZATION=f"Bearer {ann.token}"
    )
    assert answer.status_code == 200
    body = answer.json()
    assert body["player"] == ann.player_id and body["name"] == "Ann"
    (game,) = body["games"]
    assert game["matches"] == 6 and game["wins"] == 6 and game["rating"]["shown"] is True
