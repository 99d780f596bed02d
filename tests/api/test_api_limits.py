"""The server holds every limit the OpenAPI description declares (issue 8, defect 11): a
body just past one is refused with a 422 naming the field, and nothing is written. The
description side is test_api_docs; ``make fuzz`` tries the same from outside."""

import pytest

from matches.api.schemas import MOST_PLAYERS
from tests.api_support import assert_error, bearer, key_for, match_url, send, writes
from tests.factories import game_match, sheep, sieben, sm_hand

CREATE = {
    "game": "sergeant-major",
    "variant": "8-5-3",
    "players": ["Ann", "Ben", "Cy"],
    "first_dealer": 0,
}


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"game": "chess"}, "game"),
        ({"variant": "9-9-9"}, "variant"),
        ({"game": "sieben", "variant": "8-5-3"}, "variant"),
        ({"players": ["Ann", "Ann", "Cy"]}, "players.1"),  # uniqueItems
        ({"players": ["Ann", "   ", "Cy"]}, "players.1"),  # pattern \S
        ({"players": ["Ann", "Ben", "Cy", "Di"]}, "players"),
        ({"first_dealer": 3}, "first_dealer"),
        ({"first_dealer": MOST_PLAYERS}, "first_dealer"),
        ({"first_dealer": -1}, "first_dealer"),
        ({"options": {"colour": "red"}}, "options.colour"),  # propertyNames
        ({"variant": "woburn", "bid": 7}, "bid"),
        ({"variant": "woburn", "bid": 17}, "bid"),
        # The description's branch for each preset:
        ({"game": "sieben", "variant": "two-player"}, "players"),  # its seats
        (
            {
                "first_dealer": 2,
                "players": ["Ann", "Ben"],
                "game": "sieben",
                "variant": "two-player",
            },
            "first_dealer",
        ),
        ({"bid": 9}, "bid"),  # a bid only for woburn
        ({"options": {"all_pass": "leaster"}}, "options.all_pass"),  # its own options
        ({"options": {"kitty_first": 1}}, "options.kitty_first"),  # boolean
        ({"options": {"point_limit": 0}}, "options.point_limit"),  # minimum
        (
            {
                "game": "sheepshead",
                "variant": "standard",
                "players": list("ABCDE"),
                "options": {"all_pass": "pass"},
            },
            "options.all_pass",
        ),  # enum
    ],
)
def test_create_holds_the_declared_limits(client, owner, changes, field):
    before = writes()

    response = send(client, "post", "/api/matches", {**CREATE, **changes}, headers=auth(owner))

    fields = assert_error(response, 422, "invalid")["fields"]
    assert any(name.startswith(field) for name in fields), (field, fields)
    assert writes() == before


def test_an_option_with_no_fraction_is_a_whole_number(client, owner):
    body = {**CREATE, "options": {"point_limit": 20.0}}

    response = send(client, "post", "/api/matches", body, headers=auth(owner))

    assert response.status_code == 201, response.content
    assert response.json()["options"]["point_limit"] == 20


def auth(user):
    return bearer(key_for(user))


SM_HAND = {"number": 1, "tricks": [9, 4, 3], "trump": "hearts"}


@pytest.mark.parametrize(
    ("variant", "changes", "field"),
    [
        ("8-5-3", {"tricks": [17, -1, 0]}, "tricks.1"),  # minimum 0
        ("8-5-3", {"tricks": [18, 0, 0]}, "tricks"),  # maximum: more than a hand has
        ("8-5-3", {"tricks": [16, 0]}, "tricks"),  # minItems
        ("8-5-3", {"tricks": [4, 4, 4, 4, 0]}, "tricks"),  # maxItems
        ("8-5-3", {"trump": "roses"}, "trump"),
        ("8-5-3", {"trump": "miz"}, "trump"),
        ("alternate", {"trump": None, "call": "pass"}, "call"),
        ("8-5-3", {"tricks": [8, 8, 0], "last_trick": 4}, "last_trick"),
        ("8-5-3", {"tricks": [8, 8, 0], "last_trick": -1}, "last_trick"),
        ("8-5-3", {"number": 0}, "number"),
    ],
)
def test_a_sergeant_major_hand_holds_the_declared_limits(client, owner, variant, changes, field):
    match = game_match(owner, "sergeant-major", variant, ["Ann", "Ben", "Cy"])
    hand = {key: value for key, value in {**SM_HAND, **changes}.items() if value is not None}
    before = writes()

    response = send(client, "post", match_url(match, "/hands"), hand, headers=auth(owner))

    fields = assert_error(response, 422, "invalid")["fields"]
    assert any(name.startswith(field) for name in fields), (field, fields)
    assert writes() == before


def test_exchanges_hold_the_declared_limits(client, owner):
    players = ["Ann", "Ben", "Cy", "Di"]
    # Hand 1: Ann is 2 up, Ben 2 down (targets 5, 4, 2, 2), so cards pass before hand 2.
    match = game_match(owner, "sergeant-major", "four-player", players, [sm_hand((7, 2, 2, 2))])
    pair = {"from": 0, "to": 1, "cards": 2}
    cases = [
        ([{**pair, "from": 4}], "exchanges.0.from"),
        ([{**pair, "to": -1}], "exchanges.0.to"),
        ([{**pair, "cards": 0}], "exchanges.0.cards"),
        ([pair] * 7, "exchanges"),  # maxItems: some pair of seats would pass twice
    ]
    for exchanges, field in cases:
        body = {"number": 2, "tricks": [2, 5, 4, 2], "trump": "hearts", "exchanges": exchanges}
        before = writes()

        response = send(client, "post", match_url(match, "/hands"), body, headers=auth(owner))

        fields = assert_error(response, 422, "invalid")["fields"]
        assert any(name.startswith(field) for name in fields), (field, fields)
        assert writes() == before


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"points": -1}, "points"),
        ({"points": 121}, "points"),
        ({"picker": 7}, "picker"),
        ({"picker": -1}, "picker"),
        ({"partner": 7}, "partner"),
    ],
)
def test_a_sheepshead_hand_holds_the_declared_limits(client, owner, changes, field):
    match = sheep(owner)
    hand = {"number": 1, "picker": 0, "partner": 1, "points": 61, **changes}
    before = writes()

    response = send(client, "post", match_url(match, "/hands"), hand, headers=auth(owner))

    fields = assert_error(response, 422, "invalid")["fields"]
    assert any(name.startswith(field) for name in fields), (field, fields)
    assert writes() == before


def test_a_leaster_holds_the_declared_seats(client, owner):
    match = sheep(owner, all_pass="leaster")
    for seat in (-1, 7):
        hand = {"number": 1, "picker": None, "leaster_winner": seat}

        response = send(client, "post", match_url(match, "/hands"), hand, headers=auth(owner))

        assert "leaster_winner" in assert_error(response, 422, "invalid")["fields"]


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"counters": [100, -10]}, "counters"),  # maximum 90 (the sum is 90)
        ({"counters": [-10, 100]}, "counters.0"),  # minimum 0
        ({"counters": [45, 45]}, "counters.0"),  # multipleOf 10
        ({"counters": [90]}, "counters"),  # minItems
        ({"counters": [30, 30, 30, 0]}, "counters"),  # maxItems
        ({"counters": None, "four_of_a_kind": 3}, "four_of_a_kind"),
        ({"counters": None, "four_of_a_kind": -1}, "four_of_a_kind"),
    ],
)
def test_a_sieben_round_holds_the_declared_limits(client, owner, changes, field):
    match = sieben(owner, four_of_a_kind=True)
    hand = {"number": 1, "counters": [50, 40], **changes}
    hand = {key: value for key, value in hand.items() if value is not None}
    before = writes()

    response = send(client, "post", match_url(match, "/hands"), hand, headers=auth(owner))

    fields = assert_error(response, 422, "invalid")["fields"]
    assert any(name.startswith(field) for name in fields), (field, fields)
    assert writes() == before
