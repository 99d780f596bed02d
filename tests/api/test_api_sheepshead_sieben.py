"""American Sheepshead (sheepshead/rules.md §2) and Sieben (sieben/rules.md §3) through the
API (matches/api/API.md), from creation to the end of a match, every option, and the refusals.

The expected figures are worked out by hand from the rules pages, not taken from the rules code.
Per-seat lists are by seat, seat 0 first.

Sheepshead (§2.5): every opponent scores −m, the partner +m, the picker what makes the
hand sum to zero — with five at the table +2m with a partner (three opponents pay m, the
partner keeps m) and +4m alone. Sieben (docs/rules-decisions.md): each winning seat
scores +p × the number of losing sides, each losing seat −p; the per-side tally
``points`` decides the game.
"""

import pytest
from django.test import Client

from tests.api_support import assert_error, bearer, create_match, key_for, send, writes

FIVE = ["Ann", "Ben", "Cy", "Dot", "Ed"]
SIX = [*FIVE, "Flo"]
SEVEN = [*SIX, "Gus"]
TWO = ["Ann", "Ben"]
THREE = ["Ann", "Ben", "Cy"]
FOUR = ["North", "East", "South", "West"]  # sides: North & South (0), East & West (1)


# -- driving the API ----------------------------------------------------------------------


def api(owner):
    """A client and the owner's bearer key."""
    return Client(), bearer(key_for(owner))


def start(client, auth, game, variant, players, first_dealer=0, **extra):
    response = create_match(client, auth, game, variant, players, first_dealer, **extra)
    assert response.status_code == 201, response.content
    state = response.json()
    assert (state["game"], state["variant"], state["players"]) == (game, variant, players)
    assert (state["hands"], state["finished"], state["winners"]) == ([], False, [])
    assert state["stopped"] is False
    assert state["totals"] == [0] * len(players)
    coming = state["next_hand"]
    assert (coming["number"], coming["dealer"]) == (1, first_dealer)
    assert (coming["targets"], coming["exchanges"]) == (None, [])
    return state


def url(state, tail=""):
    return f"/api/matches/{state['id']}{tail}"


def post(client, auth, state, body, number=None):
    """POST the next hand (or hand ``number``) of the match ``state`` shows."""
    if number is None:
        number = state["next_hand"]["number"] if state["next_hand"] else len(state["hands"]) + 1
    return send(client, "post", url(state, "/hands"), {"number": number, **body}, headers=auth)


def put(client, auth, state, number, body):
    return send(client, "put", url(state, f"/hands/{number}"), body, headers=auth)


def refused(response, field):
    """A 422 whose ``fields`` name exactly ``field``, with a message."""
    body = assert_error(response, 422, "invalid")
    assert list(body["fields"]) == [field], body
    assert body["fields"][field] and all(isinstance(m, str) and m for m in body["fields"][field])
    return body


def conflict(client, auth, response, state):
    """A 409 carrying the match state as it is (and as GET shows it)."""
    body = assert_error(response, 409, "conflict")
    assert body["state"] == state
    assert client.get(url(state), headers=auth).json() == state
    return body


def add(totals, scores):
    return [a + b for a, b in zip(totals, scores, strict=True)]


def pick(picker, points, partner=None, **flags):
    return {"picker": picker, "partner": partner, "points": points, **flags}


PASS = {"picker": None}


def play_sheepshead(client, auth, state, script):
    """Record the hands of ``script`` and check every figure.

    A step is ``(body, dealer, active, m, scores)``: the hand's input, who deals it, the
    seats that play it, its multiplier (None when nobody picked) and its scores.
    """
    seats = len(state["players"])
    totals = list(state["totals"])
    limit = state["options"]["hands_limit"]
    for body, dealer, active, m, scores in script:
        assert sum(scores) == 0  # my own figures first
        totals = add(totals, scores)
        number = state["next_hand"]["number"]
        assert (state["next_hand"]["dealer"], state["next_hand"]["active"]) == (dealer, active)

        response = post(client, auth, state, body)

        assert response.status_code == 201, response.content
        state = response.json()
        hand = state["hands"][-1]
        assert (hand["number"], hand["dealer"], hand["active"]) == (number, dealer, active)
        assert hand.get("multiplier") == m
        assert hand["scores"] == scores
        assert hand["targets"] is None
        assert state["totals"] == totals
        if limit is not None and number == limit:
            assert (state["finished"], state["next_hand"]) == (True, None)
        else:
            assert (state["finished"], state["winners"]) == (False, [])
            assert state["next_hand"]["number"] == number + 1
            assert state["next_hand"]["dealer"] == (dealer + 1) % seats  # passes to the left
    return state


def play_sieben(client, auth, state, script):
    """Record the rounds of ``script`` and check every figure.

    A step is ``(body, dealer, winner, p, scores, tally, next_dealer)``: the round's input,
    who deals it, the side that wins it (None: a tie) and its points, the per-seat scores,
    the per-side tally after it, and who deals next (None when the round ends the game).
    """
    sides = 2 if len(state["players"]) == 4 else len(state["players"])
    totals = list(state["totals"])
    tally = list(state["points"])
    for body, dealer, winner, p, scores, after, next_dealer in script:
        # My own figures first: zero-sum, partners alike, the tally gains the round's points.
        assert sum(scores) == 0
        assert all(scores[seat] == scores[seat % sides] for seat in range(len(scores)))
        if winner is not None:
            tally[winner] += p
        assert tally == after
        totals = add(totals, scores)
        number = state["next_hand"]["number"]
        assert state["next_hand"]["dealer"] == dealer

        response = post(client, auth, state, body)

        assert response.status_code == 201, response.content
        state = response.json()
        hand = state["hands"][-1]
        assert (hand["number"], hand["dealer"]) == (number, dealer)
        assert (hand["winner"], hand["points"], hand["scores"]) == (winner, p, scores)
        assert (state["totals"], state["points"]) == (totals, tally)
        if next_dealer is None:
            assert (state["finished"], state["next_hand"]) == (True, None)
        else:
            assert (state["finished"], state["winners"]) == (False, [])
            assert state["next_hand"]["number"] == number + 1
            assert state["next_hand"]["dealer"] == next_dealer
    return state


# -- Sheepshead: a fifteen-hand session (§2.3-§2.5, §2.7) ---------------------------------

# First dealer seat 3: hand n is dealt by (3 + n - 1) mod 5; with five everyone plays.
ALL5 = [0, 1, 2, 3, 4]
SESSION = [
    # picker 1 + partner 3, 61: a single win, m = 1 → picker +2, partner +1, others −1.
    (pick(1, 61, 3), 3, ALL5, 1, [-1, 2, -1, 1, -1]),
    # 90 is still a single win.
    (pick(2, 90, 0), 4, ALL5, 1, [1, -1, 2, -1, -1]),
    # 91: opponents schneider, m = 2.
    (pick(3, 91, 4), 0, ALL5, 2, [-2, -2, -2, 4, 2]),
    # every trick: m = 3.
    (pick(4, 120, 1, all_tricks=True), 1, ALL5, 3, [-3, 3, -3, -3, 6]),
    # 30: picker side schneider, m = −2.
    (pick(0, 30, 2), 2, ALL5, -2, [-4, 2, -2, 2, 2]),
    # 31: a single loss, m = −1.
    (pick(1, 31, 4), 3, ALL5, -1, [1, -2, 1, 1, -1]),
    # no trick: m = −3.
    (pick(2, 0, 3, no_trick=True), 4, ALL5, -3, [3, 3, -6, -3, 3]),
    # 0 points but a trick (worth nothing) taken: schneider only, m = −2.
    (pick(3, 0, 0), 0, ALL5, -2, [-2, 2, 2, -4, 2]),
    # alone: +4 / +8 / +12, each opponent pays m.
    (pick(4, 61), 1, ALL5, 1, [-1, -1, -1, -1, 4]),
    (pick(0, 91), 2, ALL5, 2, [8, -2, -2, -2, -2]),
    # nobody picked (redeal, the default): scores nothing, still counts as a hand.
    (PASS, 3, ALL5, None, [0, 0, 0, 0, 0]),
    # alone and 60: a loss, −4; each opponent +1.
    (pick(1, 60), 4, ALL5, -1, [1, -4, 1, 1, 1]),
    (pick(2, 120, all_tricks=True), 0, ALL5, 3, [-3, -3, 12, -3, -3]),
    (pick(3, 20), 1, ALL5, -2, [2, 2, 2, -8, 2]),
    (pick(4, 75, 2), 2, ALL5, 1, [-1, -1, 1, -1, 2]),
]
SESSION_TOTALS = [-1, -2, 4, -17, 16]


def test_sheepshead_a_fifteen_hand_session_from_creation_to_the_end(owner):
    client, auth = api(owner)
    state = start(
        client, auth, "sheepshead", "standard", FIVE, first_dealer=3, options={"hands_limit": 15}
    )
    assert state["options"] == {
        "hands_limit": 15,
        "all_pass": "redeal",
        "double_on_bump": False,
        "cracking": False,
        "dealer_sits_out": False,
    }
    assert state["next_hand"]["active"] == ALL5

    state = play_sheepshead(client, auth, state, SESSION)

    assert len(state["hands"]) == 15
    assert state["totals"] == SESSION_TOTALS
    assert (state["finished"], state["winners"], state["next_hand"]) == (True, [4], None)
    assert state["stopped"] is False
    # The input as the table reported it, normalised.
    assert state["hands"][0]["input"] == {
        "picker": 1,
        "partner": 3,
        "points": 61,
        "all_tricks": False,
        "no_trick": False,
    }
    assert state["hands"][10]["input"] == {"picker": None}
    assert client.get(url(state), headers=auth).json() == state
    before = writes()

    # A sixteenth hand: 409 with the state; stopping a finished match: 409 as well.
    conflict(client, auth, post(client, auth, state, pick(0, 61, 1)), state)
    conflict(client, auth, send(client, "post", url(state, "/stop"), headers=auth), state)
    assert writes() == before


# -- Sheepshead options (§2.6) ------------------------------------------------------------


def test_sheepshead_leaster_the_winner_takes_one_from_every_other_seat(owner):
    client, auth = api(owner)
    state = start(client, auth, "sheepshead", "standard", FIVE, options={"all_pass": "leaster"})
    before = writes()

    # Nobody picked: who won the leaster must be said; someone picked: there is none.
    refused(post(client, auth, state, PASS), "leaster_winner")
    refused(post(client, auth, state, {**pick(0, 61, 1), "leaster_winner": 2}), "leaster_winner")
    refused(post(client, auth, state, {"picker": None, "leaster_winner": 5}), "leaster_winner")
    assert writes() == before

    state = play_sheepshead(
        client,
        auth,
        state,
        [
            ({"picker": None, "leaster_winner": 2}, 0, ALL5, None, [-1, -1, 4, -1, -1]),
            # Picked hands score as usual.
            (pick(1, 91, 3), 1, ALL5, 2, [-2, 4, -2, 2, -2]),
        ],
    )

    assert state["totals"] == [-3, 3, 2, 1, -3]
    assert state["hands"][0]["input"] == {"picker": None, "leaster_winner": 2}


def test_sheepshead_doublers_stack_and_apply_to_the_next_picked_hand(owner):
    client, auth = api(owner)
    state = start(client, auth, "sheepshead", "standard", FIVE, options={"all_pass": "doubler"})
    assert "doublers" not in state["next_hand"]

    state = play_sheepshead(client, auth, state, [(PASS, 0, ALL5, None, [0] * 5)])
    assert state["next_hand"]["doublers"] == 1
    state = play_sheepshead(client, auth, state, [(PASS, 1, ALL5, None, [0] * 5)])
    assert state["next_hand"]["doublers"] == 2
    # Two doublers: ×4. 61 with a partner: m = 4 → picker +8, partner +4.
    state = play_sheepshead(
        client,
        auth,
        state,
        [
            (pick(0, 61, 1), 2, ALL5, 4, [8, 4, -4, -4, -4]),
        ],
    )
    assert "doublers" not in state["next_hand"]
    state = play_sheepshead(client, auth, state, [(PASS, 3, ALL5, None, [0] * 5)])
    assert state["next_hand"]["doublers"] == 1
    # A doubled loss: alone, 45 → m = −1 × 2.
    state = play_sheepshead(
        client,
        auth,
        state,
        [
            (pick(2, 45), 4, ALL5, -2, [2, 2, -8, 2, 2]),
            # Back to single.
            (pick(3, 61, 4), 0, ALL5, 1, [-1, -1, -1, 2, 1]),
        ],
    )

    assert state["totals"] == [9, 5, -13, 0, -1]


def test_sheepshead_double_on_bump_doubles_losses_only(owner):
    client, auth = api(owner)
    state = start(client, auth, "sheepshead", "standard", FIVE, options={"double_on_bump": True})

    state = play_sheepshead(
        client,
        auth,
        state,
        [
            (pick(0, 61, 1), 0, ALL5, 1, [2, 1, -1, -1, -1]),  # a win: not doubled
            (pick(0, 60, 1), 1, ALL5, -2, [-4, -2, 2, 2, 2]),  # −1 × 2
            (pick(2, 30), 2, ALL5, -4, [4, 4, -16, 4, 4]),  # −2 × 2, alone
            (pick(3, 0, 4, no_trick=True), 3, ALL5, -6, [6, 6, 6, -12, -6]),  # −3 × 2
            (pick(4, 120, all_tricks=True), 4, ALL5, 3, [-3, -3, -3, -3, 12]),
        ],
    )

    assert state["totals"] == [5, 6, -12, -10, 11]


def test_sheepshead_cracked_doubles_and_recracked_quadruples(owner):
    client, auth = api(owner)
    state = start(client, auth, "sheepshead", "standard", FIVE, options={"cracking": True})
    before = writes()

    refused(post(client, auth, state, pick(0, 61, 1, recracked=True)), "recracked")
    refused(post(client, auth, state, pick(0, 61, 1, cracked="yes")), "cracked")
    assert writes() == before

    state = play_sheepshead(
        client,
        auth,
        state,
        [
            (pick(0, 61, 1, cracked=True), 0, ALL5, 2, [4, 2, -2, -2, -2]),
            (pick(1, 91, 2, cracked=True, recracked=True), 1, ALL5, 8, [-8, 16, 8, -8, -8]),
            (pick(2, 40, cracked=True), 2, ALL5, -2, [2, 2, -8, 2, 2]),
            (pick(3, 70, 0), 3, ALL5, 1, [1, -1, -1, 2, -1]),
        ],
    )

    assert state["totals"] == [-1, 19, -3, -6, -9]
    assert state["hands"][1]["input"] == {
        "picker": 1,
        "partner": 2,
        "points": 91,
        "all_tricks": False,
        "no_trick": False,
        "cracked": True,
        "recracked": True,
    }
    assert state["hands"][3]["input"]["cracked"] is False


def test_sheepshead_six_handed_the_dealer_sits_out(owner):
    client, auth = api(owner)
    state = start(client, auth, "sheepshead", "6-handed", SIX)
    assert state["options"]["dealer_sits_out"] is True
    assert state["next_hand"]["active"] == [1, 2, 3, 4, 5]
    before = writes()

    # Seat 0 deals hand 1 and sits out: it can neither pick nor be the partner.
    refused(post(client, auth, state, pick(0, 61, 1)), "picker")
    refused(post(client, auth, state, pick(1, 61, 0)), "partner")
    assert writes() == before

    state = play_sheepshead(
        client,
        auth,
        state,
        [
            # The dealer sits out and scores 0; three opponents pay 1, the partner keeps 1.
            (pick(1, 61, 2), 0, [1, 2, 3, 4, 5], 1, [0, 2, 1, -1, -1, -1]),
            # Alone against four: +8.
            (pick(0, 91), 1, [0, 2, 3, 4, 5], 2, [8, 0, -2, -2, -2, -2]),
        ],
    )
    assert state["next_hand"]["active"] == [0, 1, 3, 4, 5]
    refused(post(client, auth, state, pick(2, 61, 1)), "picker")
    state = play_sheepshead(
        client,
        auth,
        state,
        [
            (pick(5, 0, 4, no_trick=True), 2, [0, 1, 3, 4, 5], -3, [3, 3, 0, 3, -3, -6]),
        ],
    )

    assert state["totals"] == [11, 5, -1, 0, -6, -9]


def test_sheepshead_six_handed_without_sitting_out_everyone_plays(owner):
    client, auth = api(owner)
    state = start(client, auth, "sheepshead", "6-handed", SIX, options={"dealer_sits_out": False})

    state = play_sheepshead(
        client,
        auth,
        state,
        [
            # Four opponents pay 1, the partner keeps 1: the picker +3.
            (pick(0, 61, 1), 0, [0, 1, 2, 3, 4, 5], 1, [3, 1, -1, -1, -1, -1]),
        ],
    )


def test_sheepshead_an_open_ended_match_is_stopped_and_reopened(owner, other):
    client, auth = api(owner)
    state = start(client, auth, "sheepshead", "standard", FIVE)
    assert state["options"]["hands_limit"] is None
    state = play_sheepshead(
        client,
        auth,
        state,
        [
            (pick(0, 61, 1), 0, ALL5, 1, [2, 1, -1, -1, -1]),
            (pick(1, 61, 0), 1, ALL5, 1, [1, 2, -1, -1, -1]),
        ],
    )
    stop, reopen = url(state, "/stop"), url(state, "/reopen")
    before = writes()

    # Only the owner (or an organiser), and never anonymously.
    assert_error(send(client, "post", stop, headers=bearer(key_for(other))), 403, "forbidden")
    assert_error(send(Client(), "post", stop), 401, "not_authenticated")
    assert_error(send(client, "post", reopen, headers=bearer(key_for(other))), 403, "forbidden")
    assert_error(send(Client(), "post", reopen), 401, "not_authenticated")
    # Nothing to reopen yet.
    conflict(client, auth, send(client, "post", reopen, headers=auth), state)
    assert writes() == before

    response = send(client, "post", stop, {"reason": "last train"}, headers=auth)

    assert response.status_code == 200, response.content
    state = response.json()
    assert (state["finished"], state["stopped"], state["next_hand"]) == (True, True, None)
    assert state["totals"] == [3, 3, -2, -2, -2]
    assert state["winners"] == [0, 1]  # equal highest share
    history = client.get(url(state, "/history"), headers=auth).json()
    assert [entry["action"] for entry in history] == ["create", "record", "record", "stop"]
    assert (history[-1]["number"], history[-1]["reason"]) == (None, "last train")
    before = writes()

    # Stopped twice: 409; no hand can be recorded.
    conflict(client, auth, send(client, "post", stop, headers=auth), state)
    conflict(client, auth, post(client, auth, state, pick(2, 61), number=3), state)
    assert writes() == before

    response = send(client, "post", reopen, headers=auth)

    assert response.status_code == 200, response.content
    state = response.json()
    assert (state["finished"], state["stopped"], state["winners"]) == (False, False, [])
    assert (state["next_hand"]["number"], state["next_hand"]["dealer"]) == (3, 2)
    state = play_sheepshead(
        client,
        auth,
        state,
        [
            (pick(2, 61), 2, ALL5, 1, [-1, -1, 4, -1, -1]),
        ],
    )
    assert state["totals"] == [2, 2, 2, -3, -3]
    response = send(client, "post", stop, headers=auth)
    assert response.json()["winners"] == [0, 1, 2]
    history = client.get(url(state, "/history"), headers=auth).json()
    assert [entry["action"] for entry in history][3:] == ["stop", "reopen", "record", "stop"]


# -- Sheepshead refusals ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "field"),
    [
        (pick(0, 100, 1, all_tricks=True), "all_tricks"),  # every trick is 120
        (pick(0, 5, 1, no_trick=True), "no_trick"),  # no trick is 0
        (pick(0, 61, 0), "partner"),  # the picker's own partner
        (pick(0, 121, 1), "points"),
        (pick(0, -1, 1), "points"),
        (pick(5, 61, 1), "picker"),  # no seat 5 at five
        ({**pick(0, 61, 1), "tricks": [3, 2, 1, 1, 1]}, "tricks"),  # unknown field
        ({"picker": None, "leaster_winner": 2}, "leaster_winner"),  # all_pass is redeal
        (pick(0, 61, 1, cracked=True), "cracked"),  # no cracking option
        (pick(0, 61, 1, recracked=False), "recracked"),
        ({"picker": None, "points": 40}, "points"),  # nobody picked, no points
    ],
)
def test_sheepshead_refuses_a_hand_that_breaks_the_rules(owner, body, field):
    client, auth = api(owner)
    state = start(client, auth, "sheepshead", "standard", FIVE)
    before = writes()

    refused(post(client, auth, state, body), field)

    assert writes() == before
    assert post(client, auth, state, pick(0, 61, 1)).status_code == 201


@pytest.mark.parametrize(
    ("variant", "players", "options", "field"),
    [
        ("standard", FIVE, {"dealer_sits_out": True}, "options.dealer_sits_out"),
        ("7-handed", SEVEN, {"dealer_sits_out": True}, "options.dealer_sits_out"),
        ("standard", FIVE, {"all_pass": "sometimes"}, "options.all_pass"),
        ("standard", FIVE, {"hands_limit": 0}, "options.hands_limit"),
        ("standard", FIVE, {"cracking": "yes"}, "options.cracking"),
        ("3-handed", FIVE[:4], None, "players"),
        ("4-handed", FIVE, None, "players"),
        ("standard", SIX, None, "players"),
        ("7-handed", SIX, None, "players"),
        ("6-handed", SEVEN, None, "players"),
    ],
)
def test_sheepshead_refuses_a_match_that_cannot_be(owner, variant, players, options, field):
    client, auth = api(owner)
    before = writes()

    extra = {} if options is None else {"options": options}
    refused(create_match(client, auth, "sheepshead", variant, players, **extra), field)

    assert writes() == before


# -- Sieben: two players to 12 (§3.1-§3.5) ------------------------------------------------


def counters(*values, no_trick=False):
    return {"counters": list(values), "no_trick": no_trick}


def test_sieben_two_players_play_to_twelve_and_the_loser_deals(owner):
    client, auth = api(owner)
    state = start(client, auth, "sieben", "two-player", TWO, first_dealer=1)
    assert state["options"] == {
        "point_limit": 12,
        "hands_limit": None,
        "difference": False,
        "four_of_a_kind": False,
    }
    assert state["points"] == [0, 0]
    before = writes()
    # Hand 2 before hand 1: 409 with the state.
    conflict(client, auth, post(client, auth, state, counters(60, 30), number=2), state)
    assert writes() == before

    state = play_sieben(
        client,
        auth,
        state,
        [
            # The loser has counters: 1. The dealer (1) lost and deals again.
            (counters(60, 30), 1, 0, 1, [1, -1], [1, 0], 1),
            # The loser has none (took a trick without an ace, ten or the last): 2.
            (counters(0, 90), 1, 1, 2, [-2, 2], [1, 2], 0),
            # The loser took no trick: 3.
            (counters(90, 0, no_trick=True), 0, 0, 3, [3, -3], [4, 2], 1),
        ],
    )
    before = writes()
    # Round 3 again (already recorded), and a gap: 409, nothing written.
    conflict(client, auth, post(client, auth, state, counters(60, 30), number=3), state)
    conflict(client, auth, post(client, auth, state, counters(60, 30), number=5), state)
    assert writes() == before
    state = play_sieben(
        client,
        auth,
        state,
        [
            (counters(50, 40), 1, 0, 1, [1, -1], [5, 2], 1),
            (counters(40, 50), 1, 1, 1, [-1, 1], [5, 3], 0),
            (counters(90, 0), 0, 0, 2, [2, -2], [7, 3], 1),
            (counters(0, 90, no_trick=True), 1, 1, 3, [-3, 3], [7, 6], 0),
            (counters(90, 0, no_trick=True), 0, 0, 3, [3, -3], [10, 6], 1),
            (counters(30, 60), 1, 1, 1, [-1, 1], [10, 7], 0),
            # 10 + 2 = 12: the game is won.
            (counters(90, 0), 0, 0, 2, [2, -2], [12, 7], None),
        ],
    )

    assert (state["finished"], state["winners"]) == (True, [0])
    assert state["totals"] == [5, -5]  # 12 won − 7 lost
    assert state["hands"][2]["input"] == {"counters": [90, 0], "no_trick": True}
    before = writes()
    conflict(client, auth, post(client, auth, state, counters(60, 30)), state)
    assert writes() == before


def test_sieben_partners_the_losing_side_deals_and_partners_score_alike(owner):
    client, auth = api(owner)
    state = start(client, auth, "sieben", "partners", FOUR)
    assert state["points"] == [0, 0]

    state = play_sieben(
        client,
        auth,
        state,
        [
            # Counters per side. The dealing side won: the deal passes to the left.
            (counters(60, 30), 0, 0, 1, [1, -1, 1, -1], [1, 0], 1),
            # The dealing side lost: the dealer's partner deals.
            (counters(70, 20), 1, 0, 1, [1, -1, 1, -1], [2, 0], 3),
            (counters(0, 90, no_trick=True), 3, 1, 3, [-3, 3, -3, 3], [2, 3], 0),
            (counters(20, 70), 0, 1, 1, [-1, 1, -1, 1], [2, 4], 2),
            (counters(90, 0), 2, 0, 2, [2, -2, 2, -2], [4, 4], 3),
            (counters(90, 0, no_trick=True), 3, 0, 3, [3, -3, 3, -3], [7, 4], 1),
            (counters(0, 90), 1, 1, 2, [-2, 2, -2, 2], [7, 6], 2),
            (counters(90, 0, no_trick=True), 2, 0, 3, [3, -3, 3, -3], [10, 6], 3),
            (counters(50, 40), 3, 0, 1, [1, -1, 1, -1], [11, 6], 1),
            (counters(60, 30), 1, 0, 1, [1, -1, 1, -1], [12, 6], None),
        ],
    )

    assert (state["finished"], state["winners"]) == (True, [0, 2])
    assert state["totals"] == [6, -6, 6, -6]


def test_sieben_three_players_each_for_themselves_and_a_tie_scores_nothing(owner):
    client, auth = api(owner)
    state = start(client, auth, "sieben", "three-player", THREE)
    assert state["points"] == [0, 0, 0]

    state = play_sieben(
        client,
        auth,
        state,
        [
            # The winner gains 1 from each of two others; the fewest counters deal next.
            (counters(50, 30, 10), 0, 0, 1, [2, -1, -1], [1, 0, 0], 2),
            # A tie for the most: nothing scored, the deal passes to the left.
            (counters(40, 40, 10), 2, None, 0, [0, 0, 0], [1, 0, 0], 0),
            # Both others without counters: 2. They tie for the fewest: the first from the
            # dealer's left (seat 0 dealt: seat 1 is the winner, so seat 2) deals.
            (counters(0, 90, 0), 0, 1, 2, [-2, 4, -2], [1, 2, 0], 2),
            (counters(0, 0, 90, no_trick=True), 2, 2, 3, [-3, -3, 6], [1, 2, 3], 0),
            # Everyone alike: a tie, nothing scored.
            (counters(30, 30, 30), 0, None, 0, [0, 0, 0], [1, 2, 3], 1),
        ],
    )

    assert state["totals"] == [-3, 0, 3]
    assert state["hands"][1]["input"] == {"counters": [40, 40, 10], "no_trick": False}


def test_sieben_difference_goes_to_500_and_scores_the_difference(owner):
    client, auth = api(owner)
    state = start(client, auth, "sieben", "two-player", TWO, options={"difference": True})
    assert (state["options"]["difference"], state["options"]["point_limit"]) == (True, 500)

    state = play_sieben(
        client,
        auth,
        state,
        [
            (counters(60, 30), 0, 0, 30, [30, -30], [30, 0], 1),
            (counters(20, 70), 1, 1, 50, [-50, 50], [30, 50], 0),
            # No trick scores the difference too, not 3.
            (counters(90, 0, no_trick=True), 0, 0, 90, [90, -90], [120, 50], 1),
        ],
    )

    assert state["totals"] == [70, -70]
    assert state["finished"] is False


def test_sieben_difference_to_a_chosen_limit_is_played_to_the_end(owner):
    client, auth = api(owner)
    state = start(
        client, auth, "sieben", "two-player", TWO, options={"difference": True, "point_limit": 100}
    )
    assert state["options"]["point_limit"] == 100

    state = play_sieben(
        client,
        auth,
        state,
        [
            (counters(90, 0, no_trick=True), 0, 0, 90, [90, -90], [90, 0], 1),
            (counters(40, 50), 1, 1, 10, [-10, 10], [90, 10], 0),
            (counters(70, 20), 0, 0, 50, [50, -50], [140, 10], None),
        ],
    )

    assert (state["winners"], state["totals"]) == ([0], [130, -130])


def test_sieben_three_players_difference_is_to_the_next_highest(owner):
    client, auth = api(owner)
    state = start(client, auth, "sieben", "three-player", THREE, options={"difference": True})

    play_sieben(
        client,
        auth,
        state,
        [
            (counters(50, 30, 10), 0, 0, 20, [40, -20, -20], [20, 0, 0], 2),
        ],
    )


def test_sieben_four_of_a_kind_wins_the_round_for_four(owner):
    client, auth = api(owner)
    state = start(
        client, auth, "sieben", "two-player", TWO, first_dealer=1, options={"four_of_a_kind": True}
    )
    before = writes()

    # Four of a kind is played without counters; there is no side 2.
    refused(post(client, auth, state, {"four_of_a_kind": 0, "counters": [60, 30]}), "counters")
    refused(post(client, auth, state, {"four_of_a_kind": 2}), "four_of_a_kind")
    assert writes() == before

    state = play_sieben(
        client,
        auth,
        state,
        [
            ({"four_of_a_kind": 1}, 1, 1, 4, [-4, 4], [0, 4], 0),
            ({**counters(60, 30), "four_of_a_kind": None}, 0, 0, 1, [1, -1], [1, 4], 1),
        ],
    )

    assert state["hands"][0]["input"] == {"counters": None, "no_trick": False, "four_of_a_kind": 1}


def test_sieben_partners_four_of_a_kind_scores_both_partners(owner):
    client, auth = api(owner)
    state = start(client, auth, "sieben", "partners", FOUR, options={"four_of_a_kind": True})

    play_sieben(
        client,
        auth,
        state,
        [
            # The dealing side (0) lost: the dealer's partner deals.
            ({"four_of_a_kind": 1}, 0, 1, 4, [-4, 4, -4, 4], [0, 4], 2),
        ],
    )


# -- Sieben refusals ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "players", "body", "field"),
    [
        ("two-player", TWO, counters(55, 35), "counters.0"),  # not tens
        ("two-player", TWO, counters(50, 30), "counters"),  # not 90
        ("two-player", TWO, counters(30, 30, 30), "counters"),  # three sides
        ("two-player", TWO, counters(90), "counters"),
        ("partners", FOUR, counters(20, 20, 20, 30), "counters"),  # counters are per side
        ("three-player", THREE, counters(60, 30), "counters"),
        ("two-player", TWO, counters(80, 10, no_trick=True), "no_trick"),  # loser has 10
        ("three-player", THREE, counters(80, 0, 10, no_trick=True), "no_trick"),
        ("two-player", TWO, {"four_of_a_kind": 1}, "four_of_a_kind"),  # not an option
        ("two-player", TWO, {**counters(60, 30), "four_of_a_kind": None}, "four_of_a_kind"),
        ("two-player", TWO, {**counters(60, 30), "picker": 0}, "picker"),
    ],
)
def test_sieben_refuses_a_round_that_breaks_the_rules(owner, variant, players, body, field):
    client, auth = api(owner)
    state = start(client, auth, "sieben", variant, players)
    before = writes()

    refused(post(client, auth, state, body), field)

    assert writes() == before


@pytest.mark.parametrize(
    ("variant", "players", "options", "field"),
    [
        ("two-player", THREE, None, "players"),
        ("partners", THREE, None, "players"),
        ("three-player", FOUR, None, "players"),
        ("two-player", TWO, {"point_limit": 0}, "options.point_limit"),
        ("two-player", TWO, {"difference": "yes"}, "options.difference"),
        ("two-player", TWO, {"point_limit": None}, "options"),  # no way to end
    ],
)
def test_sieben_refuses_a_match_that_cannot_be(owner, variant, players, options, field):
    client, auth = api(owner)
    before = writes()

    extra = {} if options is None else {"options": options}
    refused(create_match(client, auth, "sieben", variant, players, **extra), field)

    assert writes() == before


# -- corrections --------------------------------------------------------------------------


def test_sieben_correcting_a_round_re_derives_later_dealers_and_the_tally(owner):
    client, auth = api(owner)
    state = start(client, auth, "sieben", "partners", FOUR)
    state = play_sieben(
        client,
        auth,
        state,
        [
            (counters(60, 30), 0, 0, 1, [1, -1, 1, -1], [1, 0], 1),
            (counters(30, 60), 1, 1, 1, [-1, 1, -1, 1], [1, 1], 2),
            (counters(20, 70), 2, 1, 1, [-1, 1, -1, 1], [1, 2], 0),
        ],
    )
    before = writes()

    # A stale version: 409 with the state.
    stale = {"version": 2, **counters(30, 60)}
    conflict(client, auth, put(client, auth, state, 1, stale), state)
    # A correction that breaks the rules itself: 422 naming its field.
    refused(put(client, auth, state, 1, {"version": 1, **counters(30, 50)}), "counters")
    assert writes() == before

    # Round 1 was won by East & West: the dealing side lost, so South dealt round 2;
    # South's side lost that too, so North dealt round 3; lost again: South deals next.
    response = put(client, auth, state, 1, {"version": 1, **counters(30, 60), "reason": "typo"})

    assert response.status_code == 200, response.content
    state = response.json()
    assert [hand["dealer"] for hand in state["hands"]] == [0, 2, 0]
    assert [hand["version"] for hand in state["hands"]] == [2, 1, 1]
    assert [hand["winner"] for hand in state["hands"]] == [1, 1, 1]
    assert state["hands"][0]["scores"] == [-1, 1, -1, 1]
    assert state["points"] == [0, 3]
    assert state["totals"] == [-3, 3, -3, 3]
    assert state["next_hand"] == {"number": 4, "dealer": 2, "targets": None, "exchanges": []}
    assert client.get(url(state), headers=auth).json() == state
    history = client.get(url(state, "/history"), headers=auth).json()
    assert history[-1]["action"] == "correct"
    assert (history[-1]["before"]["counters"], history[-1]["after"]["counters"]) == (
        [60, 30],
        [30, 60],
    )
    assert history[-1]["reason"] == "typo"


def test_sieben_a_correction_that_would_end_the_game_earlier_names_the_later_round(owner):
    client, auth = api(owner)
    state = start(client, auth, "sieben", "two-player", TWO, options={"point_limit": 3})
    state = play_sieben(
        client,
        auth,
        state,
        [
            (counters(60, 30), 0, 0, 1, [1, -1], [1, 0], 1),
            (counters(30, 60), 1, 1, 1, [-1, 1], [1, 1], 0),
            (counters(60, 30), 0, 0, 1, [1, -1], [2, 1], 1),
        ],
    )
    before = writes()

    # Round 1 for 3 would have won the game at once: round 2 could not have been played.
    body = refused(
        put(client, auth, state, 1, {"version": 1, **counters(90, 0, no_trick=True)}),
        "hands.2",
    )

    assert "Hand 2" in body["message"]
    assert writes() == before
    assert client.get(url(state), headers=auth).json() == state

    # The last round may end the game.
    response = put(client, auth, state, 3, {"version": 1, **counters(90, 0, no_trick=True)})
    assert response.status_code == 200, response.content
    state = response.json()
    assert (state["points"], state["finished"], state["winners"]) == ([4, 1], True, [0])
    assert state["totals"] == [3, -3]
    conflict(client, auth, post(client, auth, state, counters(60, 30)), state)


def test_sheepshead_correcting_a_hand_re_derives_the_totals_and_the_doublers(owner):
    client, auth = api(owner)
    state = start(
        client,
        auth,
        "sheepshead",
        "standard",
        FIVE,
        options={"all_pass": "doubler", "hands_limit": 3},
    )
    state = play_sheepshead(
        client,
        auth,
        state,
        [
            (pick(0, 61, 1), 0, ALL5, 1, [2, 1, -1, -1, -1]),
            (pick(2, 61), 1, ALL5, 1, [-1, -1, 4, -1, -1]),
        ],
    )

    # Nobody picked hand 1 after all: hand 2 is doubled.
    response = put(client, auth, state, 1, {"version": 1, **PASS})

    assert response.status_code == 200, response.content
    state = response.json()
    assert [hand["scores"] for hand in state["hands"]] == [[0] * 5, [-2, -2, 8, -2, -2]]
    assert state["hands"][1]["multiplier"] == 2
    assert state["totals"] == [-2, -2, 8, -2, -2]
    assert "doublers" not in state["next_hand"]
