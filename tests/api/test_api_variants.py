"""Every Sergeant Major preset through the API (matches/api/API.md), from creation to its end, and
each preset's refusals (sergeant_major/rules.md §1.2-§1.6).

The expected figures are worked out by hand from sergeant_major/rules.md, not taken from the rules
code. In the comments a hand's targets, tricks and scores are listed by seat, seat 0 first; the
targets of seat s in a hand dealt by d are the preset's targets at offset (s - d) mod n.
"""

import pytest
from django.test import Client

from tests.api_support import assert_error, bearer, create_match, key_for, login, send, writes
from tests.factories import PRESET_TABLE, PRESETS, THREE_PLAYER_PRESETS

THREE = ["Ann", "Ben", "Cy"]
FOUR = ["North", "East", "South", "West"]  # clockwise, as §1.6 seats them
N, E, S, W = range(4)

CALLS = ["clubs", "spades", "hearts", "diamonds", "no-trumps", "miz"]


# -- driving the API ----------------------------------------------------------------------


def api(owner):
    """A client and the owner's bearer key."""
    return Client(), bearer(key_for(owner))


def seated(variant):
    return FOUR if variant == "four-player" else THREE


def create(client, auth, variant, players=None, first_dealer=0, **extra):
    players = seated(variant) if players is None else players
    return create_match(client, auth, "sergeant-major", variant, players, first_dealer, **extra)


def start(client, auth, variant, **extra):
    response = create(client, auth, variant, **extra)
    assert response.status_code == 201, response.content
    state = response.json()
    assert state["variant"] == variant
    assert (state["hands"], state["finished"], state["winners"]) == ([], False, [])
    assert state["next_hand"]["number"] == 1
    assert state["next_hand"]["exchanges"] == []
    return state


def hands_url(state):
    return f"/api/matches/{state['id']}/hands"


def post(client, auth, state, body, number=None):
    """POST the next hand (or hand ``number``) of the match ``state`` shows."""
    if number is None:
        number = state["next_hand"]["number"]
    return send(client, "post", hands_url(state), {"number": number, **body}, headers=auth)


def deal(variant, tricks, **extra):
    """A hand's input: trumps hearts, or the call clubs in the alternate game."""
    key = {"call": "clubs"} if variant == "alternate" else {"trump": "hearts"}
    return {"tricks": list(tricks), **key, **extra}


def play(client, auth, state, script):
    """Record the hands of ``script`` one after the other and check every figure.

    A step is ``(body, dealer, targets, scores, totals, exchanges)``: the hand's input, who
    deals it and the targets it is played to, its scores, the totals after it and the
    exchanges owed before the next hand — ``None`` for the hand that ends the match.
    """
    seats = len(state["players"])
    running = list(state["totals"])
    for body, dealer, targets, scores, totals, exchanges in script:
        # My own figures first: a hand is zero-sum and totals are running sums (§1.1).
        assert sum(scores) == 0
        running = [a + b for a, b in zip(running, scores, strict=True)]
        assert running == totals
        number = state["next_hand"]["number"]
        assert (state["next_hand"]["dealer"], state["next_hand"]["targets"]) == (dealer, targets)

        response = post(client, auth, state, body)

        assert response.status_code == 201, response.content
        state = response.json()
        hand = state["hands"][-1]
        assert (hand["number"], hand["dealer"], hand["targets"], hand["scores"]) == (
            number,
            dealer,
            targets,
            scores,
        )
        assert len(state["hands"]) == number
        assert state["totals"] == totals
        if exchanges is None:
            assert (state["finished"], state["next_hand"]) == (True, None)
        else:
            assert (state["finished"], state["winners"]) == (False, [])
            assert state["next_hand"]["number"] == number + 1
            assert state["next_hand"]["dealer"] == (dealer + 1) % seats
            assert state["next_hand"]["exchanges"] == exchanges
    if state["finished"]:
        assert client.get(f"/api/matches/{state['id']}", headers=auth).json() == state
        before = writes()
        late = post(client, auth, state, script[-1][0], number=len(state["hands"]) + 1)
        assert assert_error(late, 409, "conflict")["state"] == state
        assert writes() == before
    return state


def refused(response, field):
    """A 422 whose ``fields`` name exactly ``field``, with a message."""
    body = assert_error(response, 422, "invalid")
    assert list(body["fields"]) == [field], body
    assert body["fields"][field] and all(isinstance(m, str) and m for m in body["fields"][field])
    return body


# -- every preset from creation to its end (§1.2-§1.6) ------------------------------------


def test_8_5_3_plays_to_a_twelve_trick_win(owner):
    client, auth = api(owner)
    state = start(client, auth, "8-5-3", first_dealer=2)
    assert state["options"]["win_tricks"] == 12

    state = play(
        client,
        auth,
        state,
        [
            # dealer 2: targets 5, 3, 8; seat 0 up 1, seat 1 down 1 → 0 gives 1 one card.
            (
                deal("8-5-3", [6, 2, 8]),
                2,
                [5, 3, 8],
                [1, -1, 0],
                [1, -1, 0],
                [{"from": 0, "to": 1, "cards": 1}],
            ),
            # dealer 0: 11 tricks do not win.
            (
                deal("8-5-3", [11, 2, 3], trump="clubs"),
                0,
                [8, 5, 3],
                [3, -3, 0],
                [4, -4, 0],
                [{"from": 0, "to": 1, "cards": 3}],
            ),
            # dealer 1: seat 2 takes 12 and wins at once, though its total is not the highest
            # before the hand.
            (
                deal("8-5-3", [1, 3, 12], trump="spades"),
                1,
                [3, 8, 5],
                [-2, -5, 7],
                [2, -9, 7],
                None,
            ),
        ],
    )

    assert state["winners"] == [2]


def test_8_5_3_points_races_to_ten_and_a_tie_needs_the_last_trick(owner):
    client, auth = api(owner)
    state = start(client, auth, "8-5-3-points")
    assert (state["options"]["point_limit"], state["options"]["win_tricks"]) == (10, None)

    # Seats 0 and 1 gain alike every hand; seat 2 pays.
    state = play(
        client,
        auth,
        state,
        [
            # Two up seats give the one down seat, the higher coming target (seat 1: 8) first.
            (
                deal("8-5-3-points", [9, 6, 1]),
                0,
                [8, 5, 3],
                [1, 1, -2],
                [1, 1, -2],
                [{"from": 1, "to": 2, "cards": 1}, {"from": 0, "to": 2, "cards": 1}],
            ),
            (
                deal("8-5-3-points", [5, 10, 1]),
                1,
                [3, 8, 5],
                [2, 2, -4],
                [3, 3, -6],
                [{"from": 0, "to": 2, "cards": 2}, {"from": 1, "to": 2, "cards": 2}],
            ),
            (
                deal("8-5-3-points", [9, 7, 0]),
                2,
                [5, 3, 8],
                [4, 4, -8],
                [7, 7, -14],
                [{"from": 0, "to": 2, "cards": 4}, {"from": 1, "to": 2, "cards": 4}],
            ),
            (
                deal("8-5-3-points", [9, 6, 1]),
                0,
                [8, 5, 3],
                [1, 1, -2],
                [8, 8, -16],
                [{"from": 1, "to": 2, "cards": 1}, {"from": 0, "to": 2, "cards": 1}],
            ),
        ],
    )
    tie = deal("8-5-3-points", [5, 10, 1])  # dealer 1: +2, +2, -4 → 10, 10, -20
    before = writes()

    # Equal totals at the limit and equal gains in the hand: who took a trick last? (§1.3)
    refused(post(client, auth, state, tie), "last_trick")
    # Seat 2 is not one of the tied seats.
    refused(post(client, auth, state, {**tie, "last_trick": 2}), "last_trick")
    assert writes() == before

    state = play(
        client,
        auth,
        state,
        [
            ({**tie, "last_trick": 1}, 1, [3, 8, 5], [2, 2, -4], [10, 10, -20], None),
        ],
    )

    assert state["winners"] == [1]
    assert state["hands"][-1]["input"]["last_trick"] == 1


def test_9_5_2_plays_to_a_point_limit_of_twenty(owner):
    client, auth = api(owner)
    state = start(client, auth, "9-5-2", first_dealer=1, options={"point_limit": 20})
    assert (state["options"]["point_limit"], state["options"]["win_tricks"]) == (20, None)

    state = play(
        client,
        auth,
        state,
        [
            # dealer 1: targets 2, 9, 5. One up seat owing two: the down seat with the higher
            # coming target (seat 2: 9) first.
            (
                deal("9-5-2", [10, 4, 2]),
                1,
                [2, 9, 5],
                [8, -5, -3],
                [8, -5, -3],
                [{"from": 0, "to": 2, "cards": 3}, {"from": 0, "to": 1, "cards": 5}],
            ),
            # 12 would have ended the match at the default limit of 10.
            (
                deal("9-5-2", [9, 1, 6]),
                2,
                [5, 2, 9],
                [4, -1, -3],
                [12, -6, -6],
                [{"from": 0, "to": 1, "cards": 1}, {"from": 0, "to": 2, "cards": 3}],
            ),
            # 14 tricks end nothing: this preset has no win_tricks.
            (
                deal("9-5-2", [14, 1, 1]),
                0,
                [9, 5, 2],
                [5, -4, -1],
                [17, -10, -7],
                [{"from": 0, "to": 1, "cards": 4}, {"from": 0, "to": 2, "cards": 1}],
            ),
            (deal("9-5-2", [5, 4, 7]), 1, [2, 9, 5], [3, -5, 2], [20, -15, -5], None),
        ],
    )

    assert state["winners"] == [0]


def test_9_2_5_ends_at_minus_fifteen_and_the_highest_total_wins(owner):
    client, auth = api(owner)
    state = start(client, auth, "9-2-5")
    assert state["options"]["point_band"] == 15

    state = play(
        client,
        auth,
        state,
        [
            # dealer 0: targets 9, 2, 5.
            (
                deal("9-2-5", [4, 7, 5]),
                0,
                [9, 2, 5],
                [-5, 5, 0],
                [-5, 5, 0],
                [{"from": 1, "to": 0, "cards": 5}],
            ),
            # Two up seats: the coming dealer (seat 2: 9) passes first.
            (
                deal("9-2-5", [0, 10, 6]),
                1,
                [5, 9, 2],
                [-5, 1, 4],
                [-10, 6, 4],
                [{"from": 2, "to": 0, "cards": 4}, {"from": 1, "to": 0, "cards": 1}],
            ),
            (
                deal("9-2-5", [0, 7, 9]),
                2,
                [2, 5, 9],
                [-2, 2, 0],
                [-12, 8, 4],
                [{"from": 1, "to": 0, "cards": 2}],
            ),
            # Seat 0 reaches -15: the match ends; nobody is at +15, the highest total wins.
            (deal("9-2-5", [6, 4, 6]), 0, [9, 2, 5], [-3, 2, 1], [-15, 10, 5], None),
        ],
    )

    assert state["winners"] == [1]


def test_9_2_5_equal_highest_totals_share_the_win(owner):
    client, auth = api(owner)
    state = start(client, auth, "9-2-5")

    state = play(
        client,
        auth,
        state,
        [
            (
                deal("9-2-5", [0, 9, 7]),
                0,
                [9, 2, 5],
                [-9, 7, 2],
                [-9, 7, 2],
                [{"from": 1, "to": 0, "cards": 7}, {"from": 2, "to": 0, "cards": 2}],
            ),
            # -14 is still inside the band.
            (
                deal("9-2-5", [0, 9, 7]),
                1,
                [5, 9, 2],
                [-5, 0, 5],
                [-14, 7, 7],
                [{"from": 2, "to": 0, "cards": 5}],
            ),
            (deal("9-2-5", [0, 6, 10]), 2, [2, 5, 9], [-2, 1, 1], [-16, 8, 8], None),
        ],
    )

    assert state["winners"] == [1, 2]


def test_8_6_3_plays_seventeen_tricks_to_ten_and_the_bigger_gain_breaks_a_tie(owner):
    client, auth = api(owner)
    state = start(client, auth, "8-6-3")
    assert state["options"]["point_limit"] == 10

    state = play(
        client,
        auth,
        state,
        [
            # dealer 0: targets 8, 6, 3.
            (
                deal("8-6-3", [5, 8, 4]),
                0,
                [8, 6, 3],
                [-3, 2, 1],
                [-3, 2, 1],
                [{"from": 1, "to": 0, "cards": 2}, {"from": 2, "to": 0, "cards": 1}],
            ),
            (
                deal("8-6-3", [0, 10, 7]),
                1,
                [3, 8, 6],
                [-3, 2, 1],
                [-6, 4, 2],
                [{"from": 2, "to": 0, "cards": 1}, {"from": 1, "to": 0, "cards": 2}],
            ),
            (
                deal("8-6-3", [0, 6, 11]),
                2,
                [6, 3, 8],
                [-6, 3, 3],
                [-12, 7, 5],
                [{"from": 1, "to": 0, "cards": 3}, {"from": 2, "to": 0, "cards": 3}],
            ),
            # Seats 1 and 2 both reach 10; seat 2 gained more in this hand (5 > 3) and wins
            # without a last_trick (§1.3 rule 1).
            (deal("8-6-3", [0, 9, 8]), 0, [8, 6, 3], [-8, 3, 5], [-20, 10, 10], None),
        ],
    )

    assert state["winners"] == [2]


def test_9_5_3_plays_to_a_thirteen_trick_win(owner):
    client, auth = api(owner)
    state = start(client, auth, "9-5-3")
    assert state["options"]["win_tricks"] == 13

    state = play(
        client,
        auth,
        state,
        [
            # 12 of 17 tricks do not end this preset.
            (
                deal("9-5-3", [12, 2, 3]),
                0,
                [9, 5, 3],
                [3, -3, 0],
                [3, -3, 0],
                [{"from": 0, "to": 1, "cards": 3}],
            ),
            (deal("9-5-3", [2, 13, 2]), 1, [3, 9, 5], [-1, 4, -3], [2, 1, -3], None),
        ],
    )

    assert state["winners"] == [1]


# The alternate game, first dealer seat 1: hand n is dealt by (1 + n - 1) mod 3.
# (tricks, call, scores); targets of dealer 1: 3, 8, 5; dealer 2: 5, 3, 8; dealer 0: 8, 5, 3.
ALTERNATE = [
    ([4, 9, 3], "clubs", [1, 1, -2]),  # 1, seat 1
    ([3, 5, 8], "miz", [2, -2, 0]),  # 2, seat 2: miz, target - tricks
    ([8, 5, 3], "spades", [0, 0, 0]),  # 3, seat 0
    ([3, 8, 5], "spades", [0, 0, 0]),  # 4, seat 1
    ([5, 3, 8], "no-trumps", [0, 0, 0]),  # 5, seat 2
    ([6, 6, 4], "miz", [2, -1, -1]),  # 6, seat 0: miz, 8-6, 5-6, 3-4
    ([3, 8, 5], "hearts", [0, 0, 0]),  # 7, seat 1
    ([5, 3, 8], "diamonds", [0, 0, 0]),  # 8, seat 2
    ([8, 5, 3], "hearts", [0, 0, 0]),  # 9, seat 0
    ([3, 8, 5], "diamonds", [0, 0, 0]),  # 10, seat 1
    ([5, 3, 8], "hearts", [0, 0, 0]),  # 11, seat 2
    ([12, 2, 2], "clubs", [4, -3, -1]),  # 12, seat 0: 12 tricks win nothing here
    ([0, 12, 4], "no-trumps", [-3, 4, -1]),  # 13, seat 1
    ([5, 3, 8], "spades", [0, 0, 0]),  # 14, seat 2
    ([8, 5, 3], "no-trumps", [0, 0, 0]),  # 15, seat 0
    ([5, 2, 9], "miz", [-2, 6, -4]),  # 16, seat 1: miz, 3-5, 8-2, 5-9
    ([5, 3, 8], "clubs", [0, 0, 0]),  # 17, seat 2
    ([9, 5, 2], "diamonds", [1, 0, -1]),  # 18, seat 0
]
ALTERNATE_TOTALS = [5, 5, -10]


def test_alternate_plays_all_eighteen_calls_and_equal_highest_share(owner):
    client, auth = login(owner), {}  # the browser's session this time
    first_dealer = 1
    state = start(client, auth, "alternate", first_dealer=first_dealer)
    assert state["next_hand"]["calls_left"] == [CALLS] * 3
    calls_left = [list(CALLS) for _seat in range(3)]
    offsets = (8, 5, 3)
    totals = [0, 0, 0]

    for number, (tricks, call, scores) in enumerate(ALTERNATE, start=1):
        dealer = (first_dealer + number - 1) % 3
        targets = [offsets[(seat - dealer) % 3] for seat in range(3)]
        totals = [a + b for a, b in zip(totals, scores, strict=True)]
        calls_left[dealer].remove(call)
        last = number == len(ALTERNATE)
        # No card exchange in the alternate game (§1.5), whatever the ups and downs.
        step = (
            {"tricks": tricks, "call": call},
            dealer,
            targets,
            scores,
            totals,
            None if last else [],
        )

        state = play(client, auth, state, [step])

        assert state["hands"][-1]["input"] == {"tricks": tricks, "call": call}
        if not last:
            assert state["next_hand"]["calls_left"] == calls_left
            assert sum(map(len, state["next_hand"]["calls_left"])) == 18 - number

    assert calls_left == [[], [], []]
    assert state["totals"] == ALTERNATE_TOTALS
    assert (state["finished"], state["winners"]) == (True, [0, 1])


def test_woburn_bids_eleven_bleeds_at_most_three_and_plays_to_a_twelve_trick_win(owner):
    client, auth = api(owner)
    # Seat 1 bid highest and deals first.
    state = start(client, auth, "woburn", first_dealer=1, bid=11)
    assert state["next_hand"]["bid"] == 11
    assert state["options"]["win_tricks"] == 12

    state = play(
        client,
        auth,
        state,
        [
            # The bid table: 11-3-2 by offset from seat 1 for the first hand. Seat 2 deals next
            # (targets 5, 3, 8): the coming 8-seat (2) was +2, the coming 5-seat (0) +2, the
            # coming 3-seat (1) -4: the 8-seat passes 2, then the 5-seat only 1 (§1.4, first
            # example).
            (
                deal("woburn", [4, 7, 5]),
                1,
                [2, 11, 3],
                [2, -4, 2],
                [2, -4, 2],
                [{"from": 2, "to": 1, "cards": 2}, {"from": 0, "to": 1, "cards": 1}],
            ),
            # Back to 8-5-3. Seat 0 deals next: the coming 8-seat (0) was +4, the coming 5-seat
            # (1) -2, the coming 3-seat (2) -2: 2 to the coming 3-seat, then 1 to the coming
            # 5-seat (second example).
            (
                deal("woburn", [9, 1, 6]),
                2,
                [5, 3, 8],
                [4, -2, -2],
                [6, -6, 0],
                [{"from": 0, "to": 2, "cards": 2}, {"from": 0, "to": 1, "cards": 1}],
            ),
            (deal("woburn", [2, 12, 2]), 0, [8, 5, 3], [-6, 7, -1], [0, 1, -1], None),
        ],
    )

    assert state["winners"] == [1]


def test_four_players_pluck_as_proposed_or_as_the_table_did_and_race_to_ten(owner):
    client, auth = api(owner)
    state = start(client, auth, "four-player")
    assert (state["players"], state["options"]["point_limit"]) == (FOUR, 10)
    override = [{"from": S, "to": N, "cards": 2}, {"from": W, "to": E, "cards": 1}]
    proposed_before_3 = [{"from": S, "to": W, "cards": 1}, {"from": S, "to": N, "cards": 1}]

    state = play(
        client,
        auth,
        state,
        [
            # North deals: 5, 4, 2, 2. North -2, East -1, South +2, West +1: South gives North
            # 1 and East 1, West gives North 1 (§1.6, first example). East deals next (targets
            # 2, 5, 4, 2): South (coming 4) passes before West (2), to East (5) before North.
            (
                deal("four-player", [3, 3, 4, 3]),
                N,
                [5, 4, 2, 2],
                [-2, -1, 2, 1],
                [-2, -1, 2, 1],
                [
                    {"from": S, "to": E, "cards": 1},
                    {"from": S, "to": N, "cards": 1},
                    {"from": W, "to": N, "cards": 1},
                ],
            ),
            # The table plucked otherwise: South gave North 2, West gave East 1.
            (
                deal("four-player", [1, 5, 6, 1], exchanges=override),
                E,
                [2, 5, 4, 2],
                [-1, 0, 2, -1],
                [-3, -1, 4, 0],
                proposed_before_3,
            ),
            # As proposed this time (one up seat: forced).
            (
                deal("four-player", [0, 1, 10, 2]),
                S,
                [2, 2, 5, 4],
                [-2, -1, 5, -2],
                [-5, -2, 9, -2],
                [
                    {"from": S, "to": W, "cards": 2},
                    {"from": S, "to": N, "cards": 2},
                    {"from": S, "to": E, "cards": 1},
                ],
            ),
            (
                deal("four-player", [3, 2, 3, 5]),
                W,
                [4, 2, 2, 5],
                [-1, 0, 1, 0],
                [-6, -2, 10, -2],
                None,
            ),
        ],
    )

    assert state["winners"] == [S]
    second, third = state["hands"][1], state["hands"][2]
    assert second["input"]["exchanges"] == override
    assert second["exchanges"] == override
    assert "exchanges" not in third["input"]
    assert third["exchanges"] == proposed_before_3


def test_four_players_are_proposed_no_passes_to_the_givers_left(owner):
    client, auth = api(owner)
    state = start(client, auth, "four-player")

    state = play(
        client,
        auth,
        state,
        [
            # North +1, East -1, South +1, West -1 (§1.6, second example): South gives East,
            # North gives West — not North to East, its left. South (coming 4) passes first.
            (
                deal("four-player", [6, 3, 3, 1]),
                N,
                [5, 4, 2, 2],
                [1, -1, 1, -1],
                [1, -1, 1, -1],
                [{"from": S, "to": E, "cards": 1}, {"from": N, "to": W, "cards": 1}],
            ),
        ],
    )

    assert state["next_hand"]["dealer"] == E


# -- refusals: 422, the field named, nothing written --------------------------------------


@pytest.mark.parametrize(
    ("variant", "count"),
    [(variant, count) for variant in THREE_PLAYER_PRESETS for count in (2, 5)]
    + [("four-player", 3), ("four-player", 5)],
)
def test_it_refuses_the_wrong_number_of_players(owner, variant, count):
    client, auth = api(owner)
    before = writes()

    response = create(client, auth, variant, players=(FOUR + ["Ed"])[:count])

    refused(response, "players")
    assert writes() == before


def impossible_options(variant):
    """(options, field) pairs that no preset can accept (§1.2 options)."""
    _targets, tricks = PRESET_TABLE[variant]
    return [
        ({"colour": 1}, "options.colour"),
        ({"win_tricks": tricks + 1}, "options.win_tricks"),
        ({"point_limit": 0}, "options.point_limit"),
        ({"kitty_first": "yes"}, "options.kitty_first"),
    ]


@pytest.mark.parametrize(
    ("variant", "options", "field"),
    [(variant, *case) for variant in PRESETS for case in impossible_options(variant)],
)
def test_it_refuses_unknown_options_and_impossible_values(owner, variant, options, field):
    client, auth = api(owner)
    before = writes()

    response = create(client, auth, variant, options=options)

    refused(response, field)
    assert writes() == before


@pytest.mark.parametrize("bid", [7, 17, "9", True, 9.5])
def test_woburn_refuses_a_bid_off_the_table(owner, bid):
    client, auth = api(owner)
    before = writes()

    refused(create(client, auth, "woburn", bid=bid), "bid")
    assert writes() == before


@pytest.mark.parametrize("variant", [variant for variant in PRESETS if variant != "woburn"])
def test_only_woburn_takes_a_bid(owner, variant):
    client, auth = api(owner)
    before = writes()

    refused(create(client, auth, variant, bid=9), "bid")
    assert writes() == before


def even(state):
    """The tricks of the next hand if every seat makes its target exactly."""
    return list(state["next_hand"]["targets"])


@pytest.mark.parametrize("variant", PRESETS)
def test_it_refuses_the_other_games_trump_field(owner, variant):
    client, auth = api(owner)
    state = start(client, auth, variant)
    if variant == "alternate":
        body, field = {"tricks": even(state), "call": "clubs", "trump": "hearts"}, "trump"
    else:
        body, field = {"tricks": even(state), "trump": "hearts", "call": "clubs"}, "call"
    before = writes()

    refused(post(client, auth, state, body), field)
    assert writes() == before


@pytest.mark.parametrize("change", [-1, 1])
@pytest.mark.parametrize("variant", PRESETS)
def test_it_refuses_tricks_that_do_not_add_up_to_the_hand(owner, variant, change):
    client, auth = api(owner)
    state = start(client, auth, variant)
    tricks = even(state)
    tricks[0] += change
    assert sum(tricks) == PRESET_TABLE[variant][1] + change  # 15/17, 16/18, 12/14
    before = writes()

    refused(post(client, auth, state, deal(variant, tricks)), "tricks")
    assert writes() == before
    # The hand as it was played is still the next one.
    assert post(client, auth, state, deal(variant, even(state))).status_code == 201


@pytest.mark.parametrize("variant", THREE_PLAYER_PRESETS)
def test_three_player_presets_take_no_exchanges(owner, variant):
    client, auth = api(owner)
    state = start(client, auth, variant)
    targets = even(state)
    tricks = [targets[0] + 1, targets[1] - 1, targets[2]]  # seat 0 up 1, seat 1 down 1
    state = post(client, auth, state, deal(variant, tricks)).json()
    exchanges = [{"from": 0, "to": 1, "cards": 1}]
    if variant != "alternate":
        assert state["next_hand"]["exchanges"] == exchanges
    before = writes()

    refused(post(client, auth, state, deal(variant, even(state), exchanges=exchanges)), "exchanges")
    assert writes() == before


def test_alternate_refuses_a_repeated_call_and_a_call_that_is_none_of_the_six(owner):
    client, auth = api(owner)
    state = start(client, auth, "alternate")
    # Seat 0 calls miz, then seat 1 may still call it: calls are counted per dealer.
    for call in ("miz", "miz", "clubs"):
        response = post(client, auth, state, {"tricks": even(state), "call": call})
        assert response.status_code == 201, response.content
        state = response.json()
    assert state["next_hand"]["dealer"] == 0
    assert state["next_hand"]["calls_left"] == [CALLS[:5], CALLS[:5], CALLS[1:]]
    before = writes()

    refused(post(client, auth, state, {"tricks": even(state), "call": "miz"}), "call")
    refused(post(client, auth, state, {"tricks": even(state), "call": "misere"}), "call")
    refused(post(client, auth, state, {"tricks": even(state)}), "call")
    assert writes() == before

    response = post(client, auth, state, {"tricks": even(state), "call": "no-trumps"})
    assert response.status_code == 201, response.content


def test_four_players_take_no_plucking_before_the_first_hand(owner):
    client, auth = api(owner)
    state = start(client, auth, "four-player")
    before = writes()

    response = post(
        client,
        auth,
        state,
        deal("four-player", even(state), exchanges=[{"from": S, "to": N, "cards": 1}]),
    )

    refused(response, "exchanges")
    assert writes() == before


@pytest.mark.parametrize(
    ("exchanges", "field"),
    [
        # After North -2, East -1, South +2, West +1.
        ([{"from": S, "to": N, "cards": 2}], "exchanges"),  # West and East not settled
        ([{"from": S, "to": N, "cards": 2}, {"from": W, "to": N, "cards": 1}], "exchanges"),
        ([{"from": S, "to": E, "cards": 2}, {"from": W, "to": N, "cards": 1}], "exchanges"),
        (
            [
                {"from": N, "to": E, "cards": 1},
                {"from": S, "to": N, "cards": 2},
                {"from": W, "to": E, "cards": 1},
            ],
            "exchanges.0",
        ),  # from a down seat
        ([{"from": S, "to": W, "cards": 1}], "exchanges.0"),  # to an up seat
    ],
)
def test_four_players_refuse_plucking_that_does_not_settle_the_last_hand(owner, exchanges, field):
    client, auth = api(owner)
    state = start(client, auth, "four-player")
    state = post(client, auth, state, deal("four-player", [3, 3, 4, 3])).json()
    assert state["hands"][0]["scores"] == [-2, -1, 2, 1]
    before = writes()

    response = post(client, auth, state, deal("four-player", even(state), exchanges=exchanges))

    refused(response, field)
    assert writes() == before
