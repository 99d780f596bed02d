"""The home list (issue 20, item 5): finished matches show the winner; past a screenful a
search by player name and a filter by game (a plain GET form); in progress first, the
latest played first; pages that keep the search; archived matches behind "Archived"."""

import re

import pytest

from matches.models import Match
from matches.services import keeping
from tests.api_support import writes
from tests.factories import HTMX, sieben, sm_hand, text

pytestmark = pytest.mark.django_db


def listed(response) -> list[int]:
    """The match ids the page links, in the order shown."""
    return [int(pk) for pk in re.findall(r'href="/matches/(\d+)/"', response.content.decode())]


def many(make_match, count, **names):
    return [make_match(players=(f"P{index}", "Ben", "Cy")) for index in range(count)]


def test_a_finished_match_shows_its_winner(client_of, owner, make_match):
    make_match([sm_hand([12, 2, 2])], players=("Dora", "Emil", "Fay"))
    make_match([sm_hand([9, 4, 3])], players=("Ann", "Ben", "Cy"))
    words = text(client_of(owner).get("/"))
    assert "Winner: Dora" in words
    assert "Winner: Ann" not in words  # still playing


def test_partners_who_win_are_both_named(client_of, owner):
    from matches.services import play

    match = sieben(owner, variant="partners", players=("Ann", "Ben", "Cy", "Dan"))
    for number in range(1, 30):
        match.refresh_from_db()
        if match.finished:
            break
        play.record_hand(match, number, {"counters": [90, 0], "no_trick": False}, by=owner)
    words = text(client_of(owner).get("/"))
    assert "Winners: Ann & Cy" in words


def test_in_progress_first_then_the_latest_played_first(client_of, owner, make_match):
    done_first = make_match([sm_hand([12, 2, 2])], players=("Dora", "Emil", "Fay"))
    playing_old = make_match([sm_hand([9, 4, 3])], players=("Ann", "Ben", "Cy"))
    done_last = make_match([sm_hand([2, 12, 2])], players=("Gus", "Hal", "Ida"))
    playing_new = make_match([], players=("Jo", "Kim", "Lu"))
    order = listed(client_of(owner).get("/"))
    assert order == [playing_new.pk, playing_old.pk, done_last.pk, done_first.pk]


def test_the_search_appears_past_a_screenful(client_of, owner, make_match):
    client = client_of(owner)
    many(make_match, 10)
    assert 'role="search"' not in client.get("/").content.decode()
    make_match(players=("Ann", "Ben", "Cy"))
    body = client.get("/").content.decode()
    assert 'role="search"' in body and 'method="get"' in body
    assert 'name="q"' in body and 'name="game"' in body


def test_it_searches_by_player_name_as_the_register_folds_names(client_of, owner, make_match):
    many(make_match, 11)
    ann = make_match(players=("Ann", "Ben", "Cy"))
    anna = sieben(owner, players=("Anna", "Olaf"))
    client = client_of(owner)
    assert sorted(listed(client.get("/?q=ANN "))) == sorted([ann.pk, anna.pk])
    assert listed(client.get("/?q=ann&game=sieben")) == [anna.pk]
    assert listed(client.get("/?game=sieben")) == [anna.pk]
    nobody = client.get("/?q=Zed")
    assert nobody.status_code == 200
    assert "No match has a player whose name contains “Zed”." in text(nobody)
    assert "Show all matches" in text(nobody)


def test_pages_keep_the_search_and_the_filter(client_of, owner, make_match):
    for index in range(25):
        make_match(players=(f"Ann{index}", "Ben", "Cy"))
    make_match(players=("Dora", "Emil", "Fay"))
    client = client_of(owner)
    first = client.get("/?q=ann&game=sergeant-major")
    body = first.content.decode()
    assert "Page 1 of 2" in text(first)
    assert 'href="?q=ann&amp;game=sergeant-major&amp;page=2"' in body
    second = client.get("/?q=ann&game=sergeant-major&page=2")
    assert 'href="?q=ann&amp;game=sergeant-major&amp;page=1"' in second.content.decode()
    shown = listed(first) + listed(second)
    assert len(shown) == 25 == len(set(shown))


def test_pages_without_a_search(client_of, owner, make_match):
    many(make_match, 21)
    client = client_of(owner)
    first = client.get("/")
    assert len(listed(first)) == 20
    assert 'href="?page=2"' in first.content.decode()
    assert len(listed(client.get("/?page=2"))) == 1
    assert len(listed(client.get("/?page=99"))) == 1  # the last page


def test_bad_input_says_why_and_writes_nothing(client_of, owner, make_match):
    many(make_match, 11)
    client = client_of(owner)
    before = writes()
    response = client.get("/?game=poker")
    assert response.status_code == 422
    assert "There is no such game here" in text(response)
    response = client.get("/?q=A%00nn")
    assert response.status_code == 422 and "U+0000" in text(response)
    assert len(listed(response)) == 11  # the list, unsearched
    assert writes() == before


def test_archived_matches_are_behind_a_link(client_of, owner, make_match):
    kept = make_match(players=("Ann", "Ben", "Cy"))
    away = make_match(players=("Dora", "Emil", "Fay"))
    keeping.set_archived(away, True, by=owner)
    client = client_of(owner)
    home = client.get("/")
    assert listed(home) == [kept.pk]
    assert 'href="/?archived=1"' in home.content.decode()
    archived = client.get("/?archived=1")
    assert listed(archived) == [away.pk]
    assert "Archived matches" in text(archived)


def test_no_archived_link_without_archived_matches(client_of, owner, make_match):
    make_match()
    assert "?archived=1" not in client_of(owner).get("/").content.decode()


def test_other_peoples_matches_are_not_listed_nor_found(client_of, owner, other, make_match):
    make_match(players=("Ann", "Ben", "Cy"))
    client = client_of(other)
    assert listed(client.get("/")) == [] and listed(client.get("/?q=ann")) == []


def test_htmx_gets_the_whole_page_too(client_of, owner, make_match):
    many(make_match, 11)
    response = client_of(owner).get("/?q=P1", **HTMX)
    assert response.content.decode().lstrip().startswith("<!doctype html>")
    assert listed(response)


def test_in_german(client_of, owner, make_match):
    make_match([sm_hand([12, 2, 2])], players=("Dora", "Emil", "Fay"))
    many(make_match, 11)
    keeping.set_archived(Match.objects.first(), True, by=owner)
    client = client_of(owner)
    client.cookies["django_language"] = "de"
    words = text(client.get("/"))
    assert "Sieger: Dora" in words
    assert "Alle Spiele" in words and "Archiv" in words
