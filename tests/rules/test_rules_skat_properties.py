"""Properties of Skat (skat/rules.md) over random series at tables of three and four,
no database.

Each game is drawn as what happened at the table (the game, the matadors, hand, ouvert and
announcements, the bid, the declarer's card points and who took no trick) and reported as
the table reports it, the card points sometimes left out. The expected value, list entry
and Seeger-Fabian scores are worked out here from the rules page, independently of the
rules code.
"""

import json
import math
from dataclasses import replace

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from matches.games.skat.rules import BID_VALUES, Skat
from matches.rules import RuleError, play_hand, replay
from matches.rules.stored import state_from_json, state_to_json
from tests.rules.corrections import correct

NAMES = ("Ann", "Ben", "Cy", "Dee")
PROPERTY = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SERIES = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])

BASE = {"diamonds": 9, "hearts": 10, "spades": 11, "clubs": 12, "grand": 24}
NULL = {(False, False): 23, (True, False): 35, (False, True): 46, (True, True): 59}
OTHERS = {3: 40, 4: 30}


def ruleset(seats, hands_limit=None):
    options = None if hands_limit is None else {"hands_limit": hands_limit}
    return Skat("isko" if seats == 3 else "isko-four", options)


def players(seats):
    return NAMES[:seats]


def playing(seats, dealer):
    """The seats that play a game: all three, or the three beside the dealer at four."""
    return [seat for seat in range(seats) if seats == 3 or seat != dealer]


@st.composite
def games(draw, seats, dealer):
    """(the input as the table reports it, the expected value and list entry) of one game
    dealt by ``dealer``; value and entry None for a passed-in deal."""
    if draw(st.integers(0, 5)) == 0:
        return {"passed": True}, None, None
    declarer = draw(st.sampled_from(playing(seats, dealer)))
    kind = draw(st.sampled_from([*BASE, "null"]))
    hand = draw(st.booleans())
    data = {"declarer": declarer, "game": kind, "hand": hand}
    if kind == "null":
        ouvert = draw(st.booleans())
        value = NULL[hand, ouvert]
        base = value
        made = draw(st.booleans())  # the declarer took no trick
        data["ouvert"] = ouvert
    else:
        n = draw(st.integers(1, 4 if kind == "grand" else 11))
        data["matadors"] = {"with": draw(st.booleans()), "n": n}
        ouvert = hand and draw(st.integers(0, 5)) == 0
        level = 2 if ouvert else draw(st.sampled_from([0, 0, 1, 2])) if hand else 0
        sa, za = level >= 1, level == 2
        points = draw(st.sampled_from([0, 22, 30, 31, 60, 61, 89, 90, 119, 120]))
        points = draw(st.just(points) | st.integers(0, 120))
        schneider = points >= 90 or points <= 30
        # No trick: the opponents (all 120 points to the declarer) or the declarer (the
        # skat's 0–22 at most); a trick of no card points leaves either side with one.
        schwarz = (points == 120 or points <= 22) and draw(st.booleans())
        multiplier = n + 1 + hand + (schneider or sa) + sa + (schwarz or za) + za + ouvert
        value = BASE[kind] * multiplier
        base = BASE[kind]
        needed = 120 if za else 90 if sa else 61
        made = points >= needed and (schwarz or not za)
        data.update(ouvert=ouvert, schneider=schneider, schwarz=schwarz)
        if sa:
            data["schneider_announced"] = True
        if za and not ouvert:
            data["schwarz_announced"] = True
        if draw(st.booleans()):
            data["points"] = points
    if draw(st.integers(0, 3)) == 0:
        bid = draw(st.sampled_from(BID_VALUES))  # perhaps overbid
    else:
        bid = draw(st.sampled_from([b for b in BID_VALUES if b <= value]))
    if bid != 18 or draw(st.booleans()):
        data["bid"] = bid
    won = made and value >= bid
    data["won"] = won
    if value < bid:
        value = base * math.ceil(bid / base)
    return data, value, value if won else -2 * value


@st.composite
def series(draw, seats=None, count=None):
    """(seats, first dealer, inputs, expected values, expected list entries) of a series
    of up to ``count`` games (a random number up to 20 when not given)."""
    seats = seats or draw(st.sampled_from([3, 4]))
    first = draw(st.integers(0, seats - 1))
    count = draw(st.integers(0, 20)) if count is None else count
    inputs, values, entries = [], [], []
    for number in range(count):
        data, value, entry = draw(games(seats, (first + number) % seats))
        inputs.append(data)
        values.append(value)
        entries.append(entry)
    return seats, first, inputs, values, entries


def expected_scores(seats, data, entry):
    if entry is None:
        return (0,) * seats
    declarer = data["declarer"]
    if data["won"]:
        return tuple(entry + 50 if seat == declarer else 0 for seat in range(seats))
    return tuple(entry - 50 if seat == declarer else OTHERS[seats] for seat in range(seats))


@PROPERTY
@given(series())
def test_each_game_scores_exactly_its_value_and_seeger_fabian(match):
    seats, first, inputs, values, entries = match
    state = replay(ruleset(seats), players(seats), inputs, first)
    for played, data, value, entry in zip(state.hands, inputs, values, entries, strict=True):
        assert played.detail.value == value
        assert played.detail.list_entry == entry
        assert played.scores == expected_scores(seats, data, entry)
        # Not zero-sum (the rules page): a won game adds its value and 50 to the table; a
        # lost one may sum to zero only by chance (hearts worth 20 at four: -90, 3 x 30).
        if entry is None:
            assert sum(played.scores) == 0
        elif data["won"]:
            assert sum(played.scores) == entry + 50 > 0
        else:
            assert sum(played.scores) == entry - 50 + (seats - 1) * OTHERS[seats]


@PROPERTY
@given(series())
def test_the_totals_are_the_end_of_list_formula_and_the_list_the_sum_of_entries(match):
    seats, first, inputs, _values, entries = match
    state = replay(ruleset(seats), players(seats), inputs, first)
    tally = state.detail
    for seat in range(seats):
        mine = [(d, e) for d, e in zip(inputs, entries, strict=True) if d.get("declarer") == seat]
        assert tally.list_totals[seat] == sum(e for _d, e in mine if e is not None)
        assert tally.games_won[seat] == sum(1 for d, e in mine if e is not None and d["won"])
        assert tally.games_lost[seat] == sum(1 for d, e in mine if e is not None and not d["won"])
        others = sum(
            1
            for d, e in zip(inputs, entries, strict=True)
            if e is not None and not d["won"] and d["declarer"] != seat
        )
        assert tally.others_lost[seat] == others
        formula = (
            tally.list_totals[seat]
            + 50 * (tally.games_won[seat] - tally.games_lost[seat])
            + OTHERS[seats] * tally.others_lost[seat]
        )
        # The end of the list equals the column sums of the per-game scores.
        assert state.totals[seat] == formula == sum(h.scores[seat] for h in state.hands)
    assert tally.scores == state.totals == state.running_totals()[-1]


@SERIES
@given(st.data())
def test_in_a_whole_series_everyone_deals_12_times_and_the_dealer_never_declares_at_four(data):
    seats = data.draw(st.sampled_from([3, 4]), label="seats")
    seats, first, inputs, _values, _entries = data.draw(series(seats, count=12 * seats))
    state = replay(ruleset(seats), players(seats), inputs, first)
    assert state.finished and len(state.hands) == 12 * seats == state.ending.hand
    dealers = [h.dealer for h in state.hands]
    assert [dealers.count(seat) for seat in range(seats)] == [12] * seats
    assert dealers == [(first + n) % seats for n in range(12 * seats)]
    for played in state.hands:
        assert list(played.active) == playing(seats, played.dealer)
        if seats == 4:
            assert played.input.get("declarer") != played.dealer
    if seats == 4:  # each player sits out the 12 games they deal, and plays 36
        for seat in range(4):
            assert sum(seat not in h.active for h in state.hands) == 12
    # The winners are first by score, then games won, then fewer games lost.
    tally = state.detail
    best = max((tally.scores[s], tally.games_won[s], -tally.games_lost[s]) for s in range(seats))
    assert state.winners == tuple(
        s
        for s in range(seats)
        if (tally.scores[s], tally.games_won[s], -tally.games_lost[s]) == best
    )


@PROPERTY
@given(series(seats=4), st.data())
def test_the_dealer_at_four_is_refused_as_declarer(match, data):
    seats, first, inputs, _values, _entries = match
    rules = ruleset(seats)
    state = replay(rules, players(seats), inputs, first)
    game, _value, _entry = data.draw(games(seats, (state.next_hand.dealer + 1) % seats))
    assume("declarer" in game)
    dealer = state.next_hand.dealer
    try:
        play_hand(rules, state, {**game, "declarer": dealer})
    except RuleError as error:
        assert error.field == "declarer"
        assert error.params["seat"] == dealer + 1
    else:
        raise AssertionError("the dealer declared at a table of four")


@PROPERTY
@given(series())
def test_replay_is_deterministic_and_the_stored_inputs_replay_alike(match):
    seats, first, inputs, _values, _entries = match
    state = replay(ruleset(seats), players(seats), inputs, first)
    assert replay(ruleset(seats), players(seats), inputs, first) == state
    stored = [h.input for h in state.hands]
    assert replay(ruleset(seats), players(seats), stored, first) == state
    # As a match's row keeps it (its games apart), and played on from there game by game
    # (the state a write plays on holds no earlier games): the same series.
    written = json.loads(json.dumps(state_to_json(state)))
    assert state_from_json(written, state.hands) == state
    rules = ruleset(seats)
    stepwise = replay(rules, players(seats), [], first)
    for data in stored:
        kept = json.loads(json.dumps(state_to_json(stepwise)))
        stepwise = play_hand(rules, state_from_json(kept), data)
    assert replace(stepwise, hands=()) == replace(state, hands=())


@PROPERTY
@given(series(), st.data())
def test_a_correction_equals_a_fresh_replay(match, data):
    seats, first, inputs, _values, _entries = match
    assume(inputs)
    index = data.draw(st.integers(0, len(inputs) - 1), label="corrected game")
    new, _value, _entry = data.draw(games(seats, (first + index) % seats), label="correction")
    rules = ruleset(seats)
    changed = [*inputs[:index], new, *inputs[index + 1 :]]
    # Each game stands alone (the dealer only passes on), so the corrected series always
    # fits: the correction's state is the fresh replay's.
    assert correct(rules, players(seats), inputs, first, index, new) == replay(
        rules, players(seats), changed, first
    )
