"""Issue 31, items 1 and 2: a Sheepshead night at any head count is fair. 23 players sit
5+6+6+6; at the tables of six the dealer sits out every hand (docs/tournaments.md "Table
sizes"), so every player plays the round's 20 hands, and a hand with the dealer as picker
or partner is refused there. The pages say who sits out in Sheepshead's words.
"""

from collections import Counter

import pytest
from django.test import Client

from matches.models import Hand, Table
from matches.services import drafting, registration
from tests.api_support import assert_error, bearer, login, match_url, send, writes
from tests.factories import text
from tests.factories import tournament as make_tournament

PLAYERS = [f"Spieler {n:02}" for n in range(1, 24)]


def night(client, rounds):
    """A Sheepshead tournament for 23 through the API: registered, checked in."""
    made = send(
        client,
        "post",
        "/api/tournaments",
        {
            "name": "Schafkopf",
            "date": "2026-12-01",
            "game": "sheepshead",
            "variant": "standard",
            "rounds": rounds,
            "hands_per_round": 20,
        },
    )
    assert made.status_code == 201, made.content
    url = f"/api/tournaments/{made.json()['id']}"
    for entry in send(client, "post", f"{url}/entries", {"players": PLAYERS}).json():
        send(client, "post", f"{url}/entries/{entry['id']}/check-in")
    return url


def play_through_the_link(row):
    """Every hand of a table of the API's round, through its table link as the phones
    send them: the first seat that plays picks alone and takes 61 (a single win)."""
    phone, token = Client(), bearer(row["link"].strip("/").rsplit("/", 1)[-1])
    url = f"/api/matches/{row['match']}"
    while True:
        state = send(phone, "get", url, headers=token).json()
        if state["finished"]:
            return state
        coming = state["next_hand"]
        hand = {"number": coming["number"], "picker": coming["active"][0], "points": 61}
        answer = send(phone, "post", f"{url}/hands", hand, headers=token)
        assert answer.status_code == 201, answer.content


def test_a_23_player_night_gives_everyone_20_hands_with_the_dealer_out_at_the_sixes(
    organiser,
):
    boss = login(organiser)
    url = night(boss, rounds=2)
    played: Counter[str] = Counter()
    for number in (1, 2):
        drafted = send(boss, "post", f"{url}/rounds", {"method": "draw"})
        assert sorted(len(t["entries"]) for t in drafted.json()["tables"]) == [5, 6, 6, 6]
        started = send(boss, "post", f"{url}/rounds/{number}/start").json()
        for row in started["tables"]:
            state = play_through_the_link(row)
            seats = len(state["players"])
            assert len(state["hands"]) == (24 if seats == 6 else 20)
            assert state["options"]["dealer_sits_out"] is (seats == 6)
            for hand in state["hands"]:
                # The dealer sits out at six and scores nothing; at five all play.
                assert (hand["dealer"] in hand["active"]) is (seats == 5)
                if seats == 6:
                    assert hand["scores"][hand["dealer"]] == 0
                assert sum(hand["scores"]) == 0
                played.update(state["players"][seat] for seat in hand["active"])
        closed = send(boss, "post", f"{url}/rounds/{number}/close", {})
        assert closed.status_code == 200, closed.content
    assert played == {name: 40 for name in PLAYERS}


@pytest.fixture
def six(organiser):
    """A started Sheepshead round for 23, and one of its tables of six."""
    tournament = make_tournament(organiser, game="sheepshead", variant="standard", rounds=1,
                                 hands_per_round=20)  # fmt: skip
    for entry in registration.register_players(tournament, organiser, PLAYERS):
        registration.check_in(entry, organiser)
    drafting.start_round(drafting.draft_round(tournament, organiser, method="draw", seed=3),
                         organiser)  # fmt: skip
    return next(t for t in Table.objects.select_related("match") if t.seats.count() == 6)


@pytest.mark.parametrize("role", ["picker", "partner"])
def test_the_dealer_at_a_six_is_refused_as_picker_or_partner(six, role):
    dealer = six.match.first_dealer
    hand = {"number": 1, "picker": (dealer + 1) % 6, "partner": None, "points": 61}
    hand[role] = dealer
    before = writes()
    answer = send(Client(), "post", match_url(six.match, "/hands"), hand,
                  headers=bearer(six.token))  # fmt: skip
    assert_error(answer, 422, "invalid")
    assert answer.json()["fields"][role] == ["The dealer sits out this hand."]
    assert writes() == before and not Hand.objects.filter(match=six.match).exists()


def test_the_pages_say_the_dealer_sits_out_at_a_six(six, organiser):
    tournament, round_ = six.round.tournament, six.round.number
    pages = [
        f"/tournaments/{tournament.pk}/rounds/{round_}/",
        f"/tournaments/{tournament.pk}/print/seating/{round_}/",
        f"/tournaments/{tournament.pk}/print/tables/{round_}/",
    ]
    for language, says, never in [
        ("en", "Each hand the dealer sits out.", "the dealer's right"),
        ("de", "In jedem Spiel setzt der Geber aus.", "rechts vom Geber"),
    ]:
        client = Client(HTTP_ACCEPT_LANGUAGE=language)
        client.force_login(organiser)
        for page in pages:
            body = text(client.get(page))
            assert body.count(says) == 3, (page, body)  # the three sixes, not the five
            assert never not in body, page
    cards = text(login(organiser).get(pages[2]))
    # Each card is headed with what its table plays: the five, and three sixes.
    assert cards.count("Sheepshead, six players") == 3
    assert cards.count("Sheepshead, five players") == 1
    round_page = text(login(organiser).get(pages[0]))
    assert round_page.count("24 hands: each player plays 20") == 3
