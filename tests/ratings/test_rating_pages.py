"""The player page's figures per game and the club rating list: who sees them, what
they show (in English and German), the CSV, the option that hides the long inactive,
and the API's answers."""

from datetime import timedelta

import pytest
from django.utils import timezone

from matches.models import Match, Player
from matches.services import ratings

from ..factories import HTMX, text
from .support import FIRST_SECOND_THIRD, TIE_FOR_FIRST, one_hand, registered

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(organiser):
    """Ann, Ben and Cy: six matches (Ann first in each, Ben and Cy tied in three); Dan
    three matches with Ann and Ben."""
    registered(organiser, "Ann", "Ben", "Cy", "Dan")
    for n in range(6):
        one_hand(organiser, ["Ann", "Ben", "Cy"], FIRST_SECOND_THIRD if n % 2 else TIE_FOR_FIRST)
    for _ in range(3):
        one_hand(organiser, ["Dan", "Ann", "Ben"], FIRST_SECOND_THIRD)
    return {p.name: p for p in Player.objects.all()}


def test_the_player_page_shows_each_games_figures_and_rating(played, boss):
    page = boss.get(f"/players/{played['Ann'].pk}/")
    assert page.status_code == 200
    words = text(page)
    assert "Sergeant Major" in words
    assert "Matches 9 Wins 6" in words  # tied for first with Ben three times: shared wins
    assert "Average place 1.33" in words
    assert "Form 1 1 1 1 1 1 2 2 2" in words  # oldest first, newest last
    assert "Rating" in words and "μ" in words and "σ" in words
    assert "<svg" in page.content.decode() and 'class="mu"' in page.content.decode()
    assert "Met most Opponent Met Ahead Behind Ben 9 6 0 Cy 6 6 0 Dan 3 0 3" in words
    assert "probab" not in words.lower()


def test_no_rating_before_five_rated_matches(played, boss):
    page = boss.get(f"/players/{played['Dan'].pk}/")
    words = text(page)
    assert "not yet rated: 3 of 5 matches" in words
    assert 'class="mu"' not in page.content.decode()  # no chart either


def test_the_player_page_in_german(played, boss):
    boss.cookies["django_language"] = "de"
    words = text(boss.get(f"/players/{played['Dan'].pk}/", HTTP_ACCEPT_LANGUAGE="de"))
    assert "noch nicht bewertet: 3 von 5 Partien" in words
    assert "Durchschnittlicher Platz" in words


@pytest.mark.parametrize("path", ["/players/{ann}/", "/ratings/sergeant-major/"])
def test_only_organisers_see_them(played, client, other, path):
    url = path.format(ann=played["Ann"].pk)
    anonymous = client.get(url)
    assert anonymous.status_code == 302 and "/accounts/login/" in anonymous["Location"]
    client.force_login(other)
    assert client.get(url).status_code == 403


@pytest.mark.parametrize("path", ["/players/{ann}/", "/ratings/sergeant-major/"])
def test_they_are_read_never_posted_to(played, boss, path):
    assert boss.post(path.format(ann=played["Ann"].pk)).status_code == 405


def test_the_rating_list_ranks_the_rated_by_rating(played, boss):
    page = boss.get("/ratings/sergeant-major/")
    assert page.status_code == 200
    words = text(page)
    assert words.index("1 Ann") < words.index("2 Ben") < words.index("3 Cy")
    assert "Dan" not in words.split("Last played", 1)[1]  # three rated matches: not listed
    assert "data-print" in page.content.decode()  # the sheet's Print button
    assert "probab" not in words.lower()


def test_the_rating_list_is_a_sheet_to_htmx(played, boss):
    page = boss.get("/ratings/sergeant-major/", **HTMX)
    assert page.content.decode().lstrip().startswith('<article class="sheet"')


def test_an_unknown_game_has_no_list(played, boss):
    assert boss.get("/ratings/poker/").status_code == 404
    assert boss.get("/ratings/poker/ratings.csv").status_code == 404


def test_an_empty_list_says_when_players_appear(organiser, boss):
    assert "after 5 rated matches" in text(boss.get("/ratings/sieben/"))


def test_the_option_hides_who_has_not_played_for_a_year(played, boss):
    old = timezone.now() - timedelta(days=400)
    Match.objects.filter(seats__player=played["Cy"]).update(finished_at=old)
    ratings.rebuild()
    assert "Cy" in text(boss.get("/ratings/sergeant-major/"))
    recent = text(boss.get("/ratings/sergeant-major/?recent=1"))
    assert "Cy" not in recent.split("Last played", 1)[1] and "Ann" in recent


def test_the_csv_has_a_line_per_rated_player(played, boss, client, other):
    answer = boss.get("/ratings/sergeant-major/ratings.csv")
    assert answer["Content-Type"].startswith("text/csv")
    lines = answer.content.decode("utf-8-sig").splitlines()
    assert lines[0] == "rank,name,rating,mu,sigma,matches,last played"
    assert [line.split(",")[1] for line in lines[1:]] == ["Ann", "Ben", "Cy"]
    assert (
        boss.get("/ratings/sergeant-major/ratings.csv?sep=semicolon")
        .content.decode("utf-8-sig")
        .startswith("rank;name")
    )
    client.force_login(other)
    assert client.get("/ratings/sergeant-major/ratings.csv").status_code == 403


def test_the_register_links_the_rating_lists(played, boss):
    page = boss.get("/players/").content.decode()
    assert 'href="/ratings/sergeant-major/"' in page
    assert f'href="/players/{played["Ann"].pk}/"' in page


def test_the_api_stats_and_list(played, boss, client, other):
    stats = boss.get(f"/api/players/{played['Ann'].pk}/stats").json()
    assert stats["name"] == "Ann"
    (game,) = stats["games"]
    assert game["game"] == "sergeant-major"
    assert (game["matches"], game["wins"], game["average_place"]) == (9, 6, 1.33)
    assert game["form"] == [1, 1, 1, 1, 1, 1, 2, 2, 2]
    rating = game["rating"]
    assert rating["shown"] and rating["rated_matches"] == 9
    assert rating["ordinal"] == pytest.approx(rating["mu"] - 3 * rating["sigma"])
    assert game["opponents"][0] == {
        "player": played["Ben"].pk,
        "name": "Ben",
        "met": 9,
        "ahead": 6,
        "behind": 0,
    }
    dan = boss.get(f"/api/players/{played['Dan'].pk}/stats").json()["games"][0]["rating"]
    assert dan["shown"] is False and dan["rated_matches"] == 3
    listed = boss.get("/api/ratings/sergeant-major").json()
    assert [row["name"] for row in listed["rows"]] == ["Ann", "Ben", "Cy"]
    assert set(listed["rows"][0]) == {
        "rank",
        "player",
        "name",
        "ordinal",
        "mu",
        "sigma",
        "matches",
        "last_played",
    }
    assert boss.get("/api/players/999999/stats").status_code == 404
    assert boss.get("/api/ratings/poker").status_code == 404
    assert boss.post("/api/ratings/sergeant-major", {}, "application/json").status_code == 405
    assert client.get("/api/ratings/sergeant-major").status_code == 401
    client.force_login(other)
    assert client.get(f"/api/players/{played['Ann'].pk}/stats").status_code == 403
