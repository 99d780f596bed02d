"""A table the organiser ended (issue 32, item 9): its pages said "The table ended the
match …", the reason only in the audit. Now the table link, the match page, the round
page, the public results and their table say who ended it and why, in both languages."""

import pytest
from django.test import Client

from matches.models import Match, Round, Table
from matches.services import closing, drafting, play, registration, table_results
from tests.factories import HTMX, game_match, text
from tests.factories import tournament as make_tournament
from tests.tournaments.evenings import club, started

ENDED = "Ended by the organiser (otto): Ben had to leave"
ENDED_DE = "Von der Turnierleitung (otto) beendet: Ben had to leave"


def one_hand(table: Table, by) -> None:
    """Hand 1 at a table of three, every seat on its target (8, 5, 3 from the dealer)."""
    match = Match.objects.get(pk=table.match_id)
    tricks = [0, 0, 0]
    for offset, target in enumerate((8, 5, 3)):
        tricks[(match.first_dealer + offset) % 3] = target
    play.record_hand(match, 1, {"tricks": tricks, "trump": "hearts"}, by=by)


@pytest.fixture
def ended(organiser):
    """Table 1 of a public tournament's round 1, ended by otto after one hand."""
    table = started(organiser, public=True)
    one_hand(table, organiser)
    table_results.end_table(table, organiser, reason="Ben had to leave")
    return Table.objects.select_related("match", "round__tournament").get(pk=table.pk)


def pages(table: Table) -> dict[str, str]:
    tournament = table.round.tournament
    return {
        "table link": f"/t/{table.token}/",
        "match": f"/matches/{table.match_id}/",
        "round": f"/tournaments/{tournament.pk}/rounds/1/",
        "results": f"/tournaments/{tournament.pk}/results/",
        "result table": f"/tournaments/{tournament.pk}/results/1/1/",
    }


def card_of(page: str, number: int) -> str:
    cards = page.split('<li class="card table-card')[1:]
    return next(card for card in cards if f"<h2>Table {number}</h2>" in card)


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["plain", "htmx"])
def test_every_page_of_the_table_says_who_ended_it_and_why(boss, ended, headers):
    for name, url in pages(ended).items():
        response = boss.get(url, **headers)
        assert response.status_code == 200, name
        page = text(response)
        assert ENDED in page, name
        assert "The table ended the match" not in page, name


def test_the_match_page_says_what_the_ruling_decided(boss, ended):
    for url in (f"/t/{ended.token}/", f"/matches/{ended.match_id}/"):
        page = text(boss.get(url))
        assert "share the win!" in page or "wins the match!" in page
        assert "After 1 hand: the highest total wins." in page


def test_the_round_page_says_it_on_the_ended_tables_card_alone(boss, ended):
    page = boss.get(f"/tournaments/{ended.round.tournament.pk}/rounds/1/").content.decode()
    assert f'<p class="ended-by">{ENDED}</p>' in card_of(page, 1)
    assert "Ended by the organiser" not in card_of(page, 2)


def test_the_public_results_say_it_to_anyone(ended):
    anonymous = Client()
    tournament = ended.round.tournament
    results = text(anonymous.get(f"/tournaments/{tournament.pk}/results/"))
    assert results.count("Ended by the organiser") == 1 and ENDED in results
    assert ENDED in text(anonymous.get(f"/tournaments/{tournament.pk}/results/1/1/"))
    # A player at the table, through its link (no account), reads it too.
    assert ENDED in text(anonymous.get(f"/t/{ended.token}/"))


def test_in_german(boss, ended):
    for name, url in pages(ended).items():
        page = text(boss.get(url, HTTP_ACCEPT_LANGUAGE="de"))
        assert ENDED_DE in page, name
        assert "Der Tisch hat die Partie" not in page, name
    match = text(boss.get(f"/matches/{ended.match_id}/", HTTP_ACCEPT_LANGUAGE="de"))
    assert "Nach 1 Spiel: Der höchste Stand gewinnt." in match


def test_tables_ended_by_closing_the_round_say_so_too(boss, organiser):
    tournament = club(organiser, public=True)
    round_ = drafting.draft_round(tournament, organiser, method="draw", seed=3)
    drafting.start_round(round_, organiser)
    closing.close_round(round_, organiser, end_unfinished=True, reason="last bus")
    assert Round.objects.get(pk=round_.pk).status == "closed"
    for url in pages(Table.objects.get(round=round_, number=1)).values():
        page = text(boss.get(url))
        assert "Ended by the organiser (otto): last bus" in page, url
    match = text(boss.get(f"/matches/{Table.objects.get(round=round_, number=1).match_id}/"))
    assert "No hand was played." in match
    results = text(boss.get(f"/tournaments/{tournament.pk}/results/"))
    assert results.count("Ended by the organiser (otto): last bus") == 3


def test_a_table_played_to_its_end_says_nothing_of_the_kind(boss, organiser):
    table = started(organiser, public=True)
    for number in (1, 2, 3):
        match = Match.objects.get(pk=table.match_id)
        dealer = (match.first_dealer + number - 1) % 3
        tricks = [0, 0, 0]
        for offset, target in enumerate((8, 5, 3)):
            tricks[(dealer + offset) % 3] = target
        play.record_hand(match, number, {"tricks": tricks, "trump": "hearts"}, by=organiser)
    for url in pages(table).values():
        assert "Ended by the organiser" not in text(boss.get(url)), url


def test_a_ruling_taken_back_on_the_match_page_is_no_longer_said(boss, ended, organiser):
    play.reopen_match(Match.objects.get(pk=ended.match_id), by=organiser, reason="Ben is back")
    for name, url in pages(ended).items():
        assert "Ended by the organiser" not in text(boss.get(url)), name


def test_a_match_of_ones_own_still_says_the_table_ended_it(client_of, owner):
    match = game_match(
        owner,
        "sergeant-major",
        "8-5-3",
        ("Ann", "Ben", "Cy"),
        [{"tricks": [8, 5, 3], "trump": "hearts"}],
    )
    play.stop_match(match, by=owner, reason="bed time")
    page = text(client_of(owner).get(f"/matches/{match.pk}/"))
    assert "The table ended the match after 1 hand: the highest total wins." in page
    assert "Ended by the organiser" not in page


@pytest.mark.parametrize(("rounds", "words"), [(0, "No hand was played."), (1, "After 1 round")])
def test_sieben_says_it_in_rounds(boss, organiser, rounds, words):
    tournament = make_tournament(
        organiser, game="sieben", variant="partners", hands_per_round=3, rounds=2
    )
    teams = [["Ann", "Ben"], ["Cy", "Dan"], ["Eve", "Fay"], ["Gus", "Hal"]]
    for entry in registration.register_players(tournament, organiser, teams):
        registration.check_in(entry, organiser)
    round_ = drafting.draft_round(tournament, organiser, method="draw", seed=3)
    drafting.start_round(round_, organiser)
    table = Table.objects.select_related("match").get(round=round_, number=1)
    for number in range(1, rounds + 1):
        play.record_hand(table.match, number, {"counters": [50, 40]}, by=organiser)
    table_results.end_table(table, organiser, reason="the hall closes")
    page = text(boss.get(f"/t/{table.token}/"))
    assert "Ended by the organiser (otto): the hall closes" in page
    assert words in page and "The table ended the match" not in page
    german = text(boss.get(f"/t/{table.token}/", HTTP_ACCEPT_LANGUAGE="de"))
    assert "Von der Turnierleitung (otto) beendet: the hall closes" in german
    assert ("Nach 1 Runde: Der höchste Stand gewinnt." in german) is bool(rounds)


def test_the_ruling_is_only_said_where_the_table_is_seen(client, other, ended):
    """The round page stays the organiser's: a player's account is refused, an anonymous
    visitor asked to log in."""
    url = f"/tournaments/{ended.round.tournament.pk}/rounds/1/"
    anonymous = client.get(url)
    assert anonymous.status_code == 302 and anonymous["Location"].startswith("/accounts/login/")
    client.force_login(other)
    assert client.get(url).status_code == 403
    assert client.get(f"/matches/{ended.match_id}/").status_code == 403


def test_the_pages_that_say_it_only_read(boss, ended):
    tournament = ended.round.tournament
    for url in (
        f"/tournaments/{tournament.pk}/rounds/1/",
        f"/tournaments/{tournament.pk}/results/",
        f"/tournaments/{tournament.pk}/results/1/1/",
        f"/matches/{ended.match_id}/",
        f"/t/{ended.token}/",
    ):
        assert boss.post(url).status_code == 405, url
