"""Sergeant Major with a sitter through the API (matches/api/API.md "Players and tournaments": a
four-seat table has four players and the ``sitter`` option on; its hands carry tricks for
all four seats, 0 for the seat that sits out, and ``active`` lists the three who played).

Seats: Ann 0, Ben 1, Cy 2, Dee 3; Ann deals first, so Dee sits out hand 1. Figures are
worked out by hand as in tests/rules/test_rules_sitter.py.
"""

import pytest
from django.test import Client

from tests.api_support import assert_error, bearer, key_for, login, send, writes

FOUR = ["Ann", "Ben", "Cy", "Dee"]


def create(client, players=FOUR, variant="8-5-3", headers=None, **options):
    body = {
        "game": "sergeant-major",
        "variant": variant,
        "players": players,
        "first_dealer": 0,
        "options": {"sitter": True, **options},
    }
    return send(client, "post", "/api/matches", body, headers=headers)


def record(client, match_id, number, tricks, trump="hearts"):
    body = {"number": number, "tricks": tricks, "trump": trump}
    return send(client, "post", f"/api/matches/{match_id}/hands", body)


def test_games_list_the_sitter_for_the_three_player_presets(client, db):
    games = {game["slug"]: game for game in client.get("/api/games").json()}
    presets = {p["slug"]: p for p in games["sergeant-major"]["presets"]}
    for slug, preset in presets.items():
        if slug == "four-player":
            assert "sitter" not in preset["options"]
            assert "players_with_sitter" not in preset
        else:
            assert preset["options"]["sitter"] is False
            assert (preset["players"], preset["players_with_sitter"]) == (3, 4)
            assert "0 for the seat to the dealer's right" in preset["hand_fields"]["tricks"]
    sheepshead = games["sheepshead"]["presets"][0]
    assert "sitter" not in sheepshead["options"]


def test_it_creates_a_four_seat_table_with_the_sitter(owner):
    response = create(login(owner))

    assert response.status_code == 201, response.content
    state = response.json()
    assert state["players"] == FOUR
    assert state["options"]["sitter"] is True
    assert state["totals"] == [0, 0, 0, 0]
    assert state["next_hand"] == {
        "number": 1,
        "dealer": 0,
        "targets": [8, 5, 3, 0],
        "exchanges": [],
        "active": [0, 1, 2],
    }


def test_it_records_hands_with_active_seats_and_settles_the_two_who_remain(owner):
    client = login(owner)
    match_id = create(client).json()["id"]

    # Hand 1: Ann +2, Ben −1, Cy −1, Dee (out) 0.
    state = record(client, match_id, 1, [10, 4, 2, 0]).json()
    assert state["hands"][0]["scores"] == [2, -1, -1, 0]
    assert state["hands"][0]["active"] == [0, 1, 2]
    assert state["hands"][0]["targets"] == [8, 5, 3, 0]
    # Ben deals, Ann sits out: her +2 lapses; Ben and Cy were both down.
    assert state["next_hand"]["active"] == [1, 2, 3]
    assert state["next_hand"]["exchanges"] == []

    # Hand 2: Ben 9 of 8 +1, Cy 2 of 5 −3, Dee 5 of 3 +2.
    response = record(client, match_id, 2, [0, 9, 2, 5], "clubs")
    assert response.status_code == 201
    state = response.json()
    assert state["hands"][1]["active"] == [1, 2, 3]
    assert state["totals"] == [2, 0, -4, 2]
    # Cy deals, Ben sits out: Dee (+2) passes min(2, 3) = 2 cards to Cy (−3).
    assert state["next_hand"]["dealer"] == 2
    assert state["next_hand"]["active"] == [0, 2, 3]
    assert state["next_hand"]["exchanges"] == [{"from": 3, "to": 2, "cards": 2}]

    # Hand 3: Cy takes 12 and wins.
    state = record(client, match_id, 3, [3, 0, 12, 1]).json()
    assert state["finished"] is True
    assert state["winners"] == [2]
    assert state["next_hand"] is None

    # The read gives the same.
    assert send(client, "get", f"/api/matches/{match_id}").json() == state


def test_it_refuses_tricks_for_the_sitter_naming_the_seat(owner):
    client = login(owner)
    match_id = create(client).json()["id"]
    before = writes()

    response = record(client, match_id, 1, [8, 5, 2, 1])

    problem = assert_error(response, 422, "invalid")
    assert problem["message"] == "Dee (seat 4) sits out this hand and takes no tricks: enter 0."
    assert list(problem["fields"]) == ["tricks.3"]
    assert writes() == before


def test_it_refuses_three_tricks(owner):
    client = login(owner)
    match_id = create(client).json()["id"]

    response = record(client, match_id, 1, [8, 5, 3])

    problem = assert_error(response, 422, "invalid")
    assert problem["message"] == "Enter tricks for 4 seats, not 3."


@pytest.mark.parametrize(
    ("players", "variant", "options", "field", "message"),
    [
        (FOUR[:3], "8-5-3", {}, "players", "With a sitter the table has 4 players, not 3."),
        (
            FOUR,
            "four-player",
            {},
            "options.sitter",
            "Only the three-player games have a sitter; with four players all play.",
        ),
        (FOUR, "8-5-3", {"sitter": "yes"}, "options.sitter", "sitter must be true or false."),
    ],
)
def test_it_refuses_a_wrong_sitter_table(owner, players, variant, options, field, message):
    before = writes()

    response = create(login(owner), players=players, variant=variant, **options)

    problem = assert_error(response, 422, "invalid")
    assert problem["fields"] == {field: [message]}
    assert writes() == before


def test_four_players_without_the_sitter_are_refused(owner):
    response = create(login(owner), sitter=False)

    problem = assert_error(response, 422, "invalid")
    assert problem["message"] == "This game needs 3 players, not 4."


def test_a_correction_replays_with_the_same_sitters(owner):
    client = login(owner)
    match_id = create(client).json()["id"]
    record(client, match_id, 1, [10, 4, 2, 0])
    record(client, match_id, 2, [0, 9, 2, 5], "clubs")

    body = {"number": 1, "version": 1, "tricks": [8, 5, 3, 0], "trump": "hearts"}
    response = send(client, "put", f"/api/matches/{match_id}/hands/1", body)

    assert response.status_code == 200, response.content
    state = response.json()
    assert [hand["active"] for hand in state["hands"]] == [[0, 1, 2], [1, 2, 3]]
    assert state["totals"] == [0, 1, -3, 2]


def test_it_needs_credentials(client, db, owner):
    before = writes()
    response = create(client)
    assert response.status_code in (401, 403)
    assert writes() == before
    # A bearer token works as for any match.
    response = create(Client(), headers=bearer(key_for(owner)))
    assert response.status_code == 201
