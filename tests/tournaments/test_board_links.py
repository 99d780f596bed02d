"""The round page's link to the live board, and what the board's standings say they are
after (issue 19, item 10)."""

import re

from django.test import Client
from django.urls import reverse

from matches.models import Table
from matches.services import closing, drafting, play
from matches.services import standings as reads
from tests.factories import text
from tests.tournaments.evenings import play_table


def board_link(page: str) -> str:
    (href,) = re.findall(r'<a href="([^"]*)">Live board</a>', page)
    return href.replace("&amp;", "&")


def board_heading(response) -> str:
    # The standings' own heading (at a round's start the seats by name come first).
    page = response.content.decode()
    return re.search(r'class="board-standings".*?<h2>(.*?)</h2>', page, re.S).group(1).strip()


def close(round_, organiser):
    for table in Table.objects.filter(round=round_):
        play_table(table, organiser)
    closing.close_round(round_, organiser)


def test_it_opens_a_private_board_from_the_round_page_without_an_account(
    client_of, running, organiser
):
    page = client_of(organiser).get(reverse("tournaments:round", args=[running.pk, 1]))
    link = board_link(page.content.decode())

    assert f"?key={running.board_token}" in link
    projector = Client()  # logged out, as the projector's browser is
    assert projector.get(link).status_code == 200


def test_it_links_a_public_board_without_the_key(client_of, running, organiser):
    running.public = True
    running.save()

    page = client_of(organiser).get(reverse("tournaments:round", args=[running.pk, 1]))

    assert board_link(page.content.decode()) == reverse("tournaments:board", args=[running.pk])


def test_it_says_round_1_is_being_played_the_moment_it_starts(client, running):
    response = client.get(f"/tournaments/{running.pk}/board/?key={running.board_token}")

    assert board_heading(response) == "Round 1 being played, no results yet"
    assert "after round" not in text(response)
    assert reads.tournament_standings(running).after_round == 0


def test_it_says_the_hands_in_count_so_far_while_round_1_plays(client, running, organiser):
    table = Table.objects.get(round__tournament=running, number=1)
    match = table.match
    play.record_hand(match, 1, {"tricks": [9, 5, 2], "trump": "hearts"}, by=organiser)

    response = client.get(f"/tournaments/{running.pk}/board/?key={running.board_token}")

    assert board_heading(response) == "Round 1 being played: standings so far"


def test_it_says_after_the_last_closed_round_while_the_next_one_plays(client, running, organiser):
    close(running.rounds.get(number=1), organiser)
    url = f"/tournaments/{running.pk}/board/?key={running.board_token}"
    assert board_heading(client.get(url)) == "Standings after round 1"

    second = drafting.draft_round(running, organiser, method="mixed", seed=5)
    drafting.start_round(second, organiser)

    assert board_heading(client.get(url)) == "Standings after round 1"
    assert reads.tournament_standings(running).after_round == 1
    table = Table.objects.filter(round=second).first()
    play.record_hand(table.match, 1, {"tricks": [9, 5, 2], "trump": "hearts"}, by=organiser)
    assert board_heading(client.get(url)) == "Standings after round 1, with round 2 so far"


def test_it_says_it_in_german(client, running):
    response = client.get(
        f"/tournaments/{running.pk}/board/?key={running.board_token}",
        headers={"Accept-Language": "de"},
    )

    assert board_heading(response) == "Runde 1 läuft, noch keine Ergebnisse"


def test_the_standings_page_says_the_same_and_takes_a_ruling_in_the_round_being_played(
    client_of, running, organiser
):
    page = client_of(organiser).get(f"/tournaments/{running.pk}/standings/")

    assert "Round 1 being played: standings so far" in text(page)
    assert 'max="1" value="1"' in page.content.decode()  # a penalty in round 1 already


def test_the_printed_standings_say_the_same(client_of, running, organiser):
    sheet = client_of(organiser).get(f"/tournaments/{running.pk}/print/standings/")

    assert "Round 1 being played: standings so far" in text(sheet)
    assert "After round 1" not in text(sheet)
