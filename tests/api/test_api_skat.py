"""Skat (skat/rules.md §4) through the API (matches/api/API.md): a match created, the
worked examples of §4.10 recorded and read back, and each refusal of §4.8 with its
message and nothing written.

The expected figures are the rules page's, worked out by hand there, not taken from the
rules code. Per-seat lists are by seat, seat 0 first: A, B, C at a table of three, C
dealing first so that A is Vorhand (§4.10).
"""

import pytest
from django.test import Client

from tests.api_support import assert_error, bearer, create_match, key_for, send, writes

THREE = ["Ann", "Ben", "Cy"]
FOUR = ["Ann", "Ben", "Cy", "Dan"]
A, B, C = 0, 1, 2

pytestmark = pytest.mark.django_db


@pytest.fixture
def api(owner):
    return Client(), bearer(key_for(owner))


def start(api, players=THREE, first_dealer=C, **options):
    client, auth = api
    extra = {"options": options} if options else {}
    variant = "isko" if len(players) == 3 else "isko-four"
    response = create_match(client, auth, "skat", variant, players, first_dealer, **extra)
    assert response.status_code == 201, response.content
    state = response.json()
    assert (state["game"], state["variant"], state["players"]) == ("skat", variant, players)
    assert state["next_hand"]["dealer"] == first_dealer
    return state


def post(api, state, body, number=None):
    client, auth = api
    if number is None:
        number = state["next_hand"]["number"]
    url = f"/api/matches/{state['id']}/hands"
    return send(client, "post", url, {"number": number, **body}, headers=auth)


def played(api, state, body):
    """Record ``body`` as the next game: the match state after it."""
    response = post(api, state, body)
    assert response.status_code in (200, 201), response.content
    return response.json()


def game(declarer, kind, n=None, with_=True, won=True, **flags):
    """A game as a client reports it (matadors unless a null)."""
    body = {"declarer": declarer, "game": kind, "won": won, **flags}
    if n is not None:
        body["matadors"] = {"with": with_, "n": n}
    return body


def last(state):
    return state["hands"][-1]


def check(api, body, value, list_entry, scores, **options):
    state = played(api, start(api, **options), body)
    hand = last(state)
    assert (hand["value"], hand["list"], hand["scores"]) == (value, list_entry, scores), hand
    assert state["totals"] == scores
    return state


# -- creating a match ---------------------------------------------------------------------


def test_a_skat_match_is_created_with_its_series_and_list(api):
    state = start(api)
    assert state["options"] == {"hands_limit": 36}
    coming = state["next_hand"]
    assert (coming["number"], coming["dealer"], coming["active"]) == (1, C, [0, 1, 2])
    for key in ("list_totals", "games_won", "games_lost", "others_lost"):
        assert state[key] == [0, 0, 0], key
    four = start(api, FOUR, first_dealer=0)
    assert four["options"] == {"hands_limit": 48}
    assert four["next_hand"]["active"] == [1, 2, 3]


def test_games_lists_skat_with_its_two_presets(api):
    client, auth = api
    games = {g["slug"]: g for g in client.get("/api/games", headers=auth).json()}
    variants = {v["slug"]: v for v in games["skat"]["presets"]}
    assert set(variants) == {"isko", "isko-four"}
    assert (variants["isko"]["players"], variants["isko-four"]["players"]) == (3, 4)
    assert "matadors" in variants["isko"]["hand_fields"]


def test_a_series_must_be_a_multiple_of_the_table(api):
    client, auth = api
    before = writes()
    response = create_match(client, auth, "skat", "isko", THREE, 0, options={"hands_limit": 10})
    body = assert_error(response, 422, "invalid")
    assert "multiple of 3" in body["fields"]["options.hands_limit"][0]
    assert writes() == before


# -- §4.10 worked examples ----------------------------------------------------------------


def test_example_1_won_suit_game_with_matadors(api):
    check(api, game(A, "clubs", 3, points=61, bid=48), 48, 48, [98, 0, 0])


def test_example_2_won_schneider_reached(api):
    body = game(A, "clubs", 1, points=90, bid=24, schneider=True)
    check(api, body, 36, 36, [86, 0, 0])


def test_example_3_lost_without_matadors(api):
    body = game(A, "diamonds", 2, with_=False, won=False, points=52)
    state = check(api, body, 27, -54, [-104, 40, 40])
    assert (state["games_lost"], state["others_lost"]) == ([1, 0, 0], [0, 1, 1])


def test_example_4_won_hand_game(api):
    check(api, game(A, "spades", 1, hand=True, points=70), 33, 33, [83, 0, 0])


def test_example_5_schneider_announced_and_reached(api):
    body = game(A, "clubs", 1, hand=True, schneider_announced=True, schneider=True, points=90)
    check(api, body, 60, 60, [110, 0, 0])


def test_example_6_schwarz_announced_and_reached(api):
    body = game(
        A,
        "clubs",
        1,
        hand=True,
        schneider_announced=True,
        schwarz_announced=True,
        schneider=True,
        schwarz=True,
        points=120,
    )
    check(api, body, 84, 84, [134, 0, 0])


def test_example_7_schneider_announced_and_missed(api):
    body = game(A, "grand", 4, hand=True, schneider_announced=True, points=89)
    state = start(api)
    before = writes()
    refused = assert_error(post(api, state, body), 422, "invalid")
    assert refused["fields"] == {
        "schneider": [
            "Schneider was announced but not reached: the game is lost in that level (ISkO 5.2.5)."
        ]
    }
    assert writes() == before
    hand = last(played(api, state, {**body, "won": False}))
    assert (hand["value"], hand["list"], hand["scores"]) == (192, -384, [-434, 40, 40])


def test_example_8_grand_won(api):
    check(api, game(A, "grand", 4, schneider=True), 144, 144, [194, 0, 0])


def test_example_9_grand_lost(api):
    check(api, game(A, "grand", 1, won=False, points=60), 48, -96, [-146, 40, 40])


@pytest.mark.parametrize(
    ("flags", "won", "value", "list_entry", "score"),
    [
        ({"ouvert": True, "hand": True}, True, 59, 59, 109),
        ({"ouvert": True, "hand": True}, False, 59, -118, -168),
        ({"ouvert": True}, True, 46, 46, 96),
        ({"ouvert": True}, False, 46, -92, -142),
        ({}, True, 23, 23, 73),
        ({}, False, 23, -46, -96),
    ],
)
def test_example_10_null(api, flags, won, value, list_entry, score):
    others = 0 if won else 40
    body = game(A, "null", won=won, **flags)
    check(api, body, value, list_entry, [score, others, others])


def test_example_11_suit_and_grand_ouvert(api):
    every_trick = {"hand": True, "ouvert": True, "schneider": True, "schwarz": True}
    check(api, game(A, "clubs", 2, **every_trick), 108, 108, [158, 0, 0])
    check(api, game(A, "grand", 4, **every_trick), 264, 264, [314, 0, 0])


def test_example_12_overbid_after_picking_up_the_skat(api):
    lost = game(A, "diamonds", 1, with_=False, won=False, bid=22, points=89)
    check(api, lost, 27, -54, [-104, 40, 40])
    won = game(A, "diamonds", 1, with_=False, bid=22, points=90, schneider=True)
    check(api, won, 27, 27, [77, 0, 0])


def test_example_13_overbid_though_the_points_won(api):
    body = game(A, "diamonds", 1, with_=False, won=False, bid=36, points=75)
    check(api, body, 36, -72, [-122, 40, 40])


def test_example_14_overbid_hand_game_a_jack_in_the_skat(api):
    body = game(A, "spades", 1, hand=True, won=False, bid=72)
    check(api, body, 77, -154, [-204, 40, 40])


def test_example_15_overbid_null(api):
    check(api, game(A, "null", won=False, bid=24), 46, -92, [-142, 40, 40])


def test_example_16_table_of_four(api):
    state = start(api, FOUR, first_dealer=0)
    before = writes()
    refused = assert_error(post(api, state, game(0, "hearts", 2, bid=30)), 422, "invalid")
    assert refused["fields"] == {
        "declarer": ["Seat 1 dealt this game and sits out; the declarer is one of seats 2, 3, 4."]
    }
    assert writes() == before
    state = played(api, state, game(2, "hearts", 2, won=False, bid=30, points=55))
    hand = last(state)
    assert (hand["value"], hand["list"], hand["active"]) == (30, -60, [1, 2, 3])
    assert hand["scores"] == [30, 30, -110, 30]
    assert state["others_lost"] == [1, 1, 0, 1]
    coming = state["next_hand"]
    assert (coming["dealer"], coming["active"]) == (1, [0, 2, 3])


def test_example_17_a_short_series(api):
    state = start(api, hands_limit=6)
    for body in (
        game(A, "grand", 4, schneider=True),
        game(A, "diamonds", 2, with_=False, won=False),
        game(C, "null", ouvert=True),
        {"passed": True},
        game(B, "hearts", 1, won=False, points=58),
        game(B, "clubs", 2),
    ):
        state = played(api, state, body)
    assert [hand["list"] for hand in state["hands"]] == [144, -54, 46, None, -40, 36]
    assert [hand["dealer"] for hand in state["hands"]] == [C, A, B, C, A, B]
    assert state["list_totals"] == [90, -4, 46]
    assert state["games_won"] == [1, 1, 1]
    assert state["games_lost"] == [1, 1, 0]
    assert state["others_lost"] == [1, 1, 2]
    assert state["totals"] == [130, 36, 176]
    assert (state["finished"], state["winners"], state["next_hand"]) == (True, [C], None)
    # A game after the last: the match is over, and nothing is written.
    before = writes()
    over = assert_error(post(api, state, {"passed": True}, number=7), 409, "conflict")
    assert over["state"]["finished"] is True
    assert writes() == before


# -- §4.8 refused -------------------------------------------------------------------------

REFUSED = [
    (
        game(A, "diamonds", 1, with_=False, bid=22, points=89),
        "won",
        "Overbid: this game is worth 18, below the bid of 22. An overbid game is lost "
        "(ISkO 5.4) — enter it as lost; it counts −54.",
    ),
    (game(A, "clubs", 1, bid=19), "bid", "19 is not a bid value (next lower 18, next higher 20)."),
    (game(A, "clubs", 1, bid=17), "bid", "17 is not a bid value (the lowest is 18)."),
    (game(A, "clubs", 1, bid=265), "bid", "265 is not a bid value (the highest is 264)."),
    (
        {**game(A, "null"), "matadors": {"with": True, "n": 1}},
        "matadors",
        "Null games have no matadors.",
    ),
    *[
        (
            game(A, kind, n),
            "matadors.n",
            "A suit game is with or without 1 to 11; a grand with or without 1 to 4.",
        )
        for kind, n in (("clubs", 0), ("clubs", 12), ("grand", 5))
    ],
    (
        game(A, "clubs", 1, schneider=False, schwarz=True),
        "schneider",
        "Schwarz includes schneider: a party without a trick has 30 card points or fewer.",
    ),
    (
        game(A, "clubs", 1, schneider_announced=True),
        "schneider_announced",
        "Schneider and schwarz can only be announced in a hand game (ISkO 5.2.5).",
    ),
    (
        game(A, "clubs", 1, hand=True, schwarz_announced=True),
        "schneider_announced",
        "Schwarz announced includes schneider announced.",
    ),
    (
        game(A, "grand", 1, ouvert=True),
        "ouvert",
        "A suit or grand ouvert is always a hand game with schwarz announced (ISkO 5.2.6).",
    ),
    (
        game(A, "clubs", 1, hand=True, schneider_announced=True, points=85),
        "schneider",
        "Schneider was announced but not reached: the game is lost in that level (ISkO 5.2.5).",
    ),
    (
        game(A, "clubs", 1, hand=True, ouvert=True, schneider=True, points=120),
        "schwarz",
        "Schwarz was announced but the opponents took a trick: the game is lost in that level.",
    ),
    (
        game(A, "clubs", 1, points=60),
        "points",
        "With 60 card points the declarer has lost this game; correct the points or the result.",
    ),
    (
        game(A, "clubs", 1, won=False, points=61),
        "points",
        "With 61 card points the declarer has won this game; correct the points or the result.",
    ),
    (game(A, "clubs", 1, points=95), "schneider", "With 95 card points schneider is reached."),
    (
        game(A, "clubs", 1, points=80, schneider=True),
        "schneider",
        "With 80 card points schneider is not reached.",
    ),
    (
        game(A, "clubs", 1, points=110, schneider=True, schwarz=True),
        "schwarz",
        "The opponents can only be schwarz when the declarer has all 120 card points.",
    ),
    (
        game(A, "clubs", 1, won=False, points=25, schneider=True, schwarz=True),
        "schwarz",
        "Schwarz means a party took no trick: the declarer then has all 120 card points (an "
        "overbid game) or at most the skat's 22.",
    ),
    *[
        (
            {**game(A, "null"), name: value},
            name,
            "Null games are won or lost; they have no schneider, schwarz or card points.",
        )
        for name, value in (("schneider", True), ("schwarz", True), ("points", 0))
    ],
    (
        {"passed": True, "declarer": A},
        "declarer",
        "A passed-in game has no declarer and no result.",
    ),
    (
        {"passed": True, "won": False},
        "won",
        "A passed-in game has no declarer and no result.",
    ),
    *[
        (
            {**game(A, "clubs", 1), name: True},
            name,
            "Not part of ISkO tournament play: record all-pass deals as passed in.",
        )
        for name in ("ramsch", "kontra", "re", "bock")
    ],
    (
        game(A, "ramsch"),
        "game",
        "Not part of ISkO tournament play: record all-pass deals as passed in.",
    ),
    ({"game": "clubs", "won": True}, "declarer", "Who declared? Or was the game passed in?"),
    ({"declarer": A, "won": True}, "game", "Which game was played?"),
    (game(A, "clubs", 1, won=None), "won", "Was the game won or lost?"),
    (
        {**game(A, "clubs"), "matadors": {"with": True}},
        "matadors",
        "Enter the matadors: with or without, and how many.",
    ),
]


@pytest.mark.parametrize(("body", "field", "message"), REFUSED)
def test_each_refusal_says_why_and_writes_nothing(api, body, field, message):
    state = start(api)
    body = {key: value for key, value in body.items() if value is not None}
    before = writes()
    refused = assert_error(post(api, state, body), 422, "invalid")
    assert refused["fields"] == {field: [message]}, refused
    assert writes() == before


def test_refusals_read_in_german(api):
    client, auth = api
    state = start(api)
    url = f"/api/matches/{state['id']}/hands"
    body = {"number": 1, **game(A, "null"), "matadors": {"with": True, "n": 1}}
    response = send(client, "post", url, body, headers={**auth, "Accept-Language": "de"})
    refused = assert_error(response, 422, "invalid")
    assert refused["fields"] == {"matadors": ["Nullspiele haben keine Spitzen."]}
