"""Properties of every Sergeant Major preset over random matches, no database
(sergeant_major/rules.md §1).

Matches are drawn hand by hand, because what a valid hand is depends on the state (the
calls the dealer has left in the alternate game). Expectations are computed here from the
sergeant_major/rules.md tables, independently of the rules code.
"""

import itertools

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from matches.rules import RuleError, get_ruleset, play_hand, replay
from tests.factories import PRESET_TABLE, PRESETS
from tests.rules.sergeant_major_draws import (
    BIDS,
    CAP,
    KINDS,
    SUITS,
    corrected_as_replayed,
    expected_scores,
    options,
    point_limit_tie,
    stepwise,
    tricks_for,
)

THREE = ("Ann", "Ben", "Cy")
FOUR = ("North", "East", "South", "West")
CALLS = (*SUITS, "no-trumps", "miz")
END = ("win_tricks", "point_limit", "point_band", "hands_limit")

# Examples per test; per preset where a test runs for each (the file stays under 10 s).
PROPERTY = settings(max_examples=20, deadline=None)
PER_PRESET = settings(max_examples=8, deadline=None)
each_preset = pytest.mark.parametrize("variant", PRESETS)


def players(variant):
    return FOUR if variant == "four-player" else THREE


def by_offset(values, dealer):
    return tuple(values[(seat - dealer) % len(values)] for seat in range(len(values)))


def expected_targets(variant, number, dealer, bid):
    """Targets of hand ``number``: the bid table for Woburn's first hand, else §1.2."""
    if variant == "woburn" and number == 1 and bid is not None:
        return by_offset(BIDS[bid], dealer)
    return by_offset(PRESET_TABLE[variant][0], dealer)


# -- strategies ------------------------------------------------------------------------------


def hand_strategy(variant, state, kinds=KINDS):
    """One valid hand for the state: trumps, or a call the dealer has not made yet; for four
    players sometimes an override picked among every valid allocation."""
    coming = state.next_hand

    @st.composite
    def one(draw):
        data = {"tricks": draw(tricks_for(variant, coming.targets, state.totals, kinds))}
        if variant == "alternate":
            left = coming.detail.calls_left[coming.dealer]
            assert left, "the match goes on although the dealer has made every call"
            data["call"] = draw(st.sampled_from(left))
        else:
            data["trump"] = draw(st.sampled_from(SUITS))
        if variant == "four-player" and state.hands and draw(st.booleans()):
            every = list(all_allocations(state.hands[-1].scores))
            chosen = draw(st.sampled_from(every))
            data["exchanges"] = [
                {"from": g, "to": r, "cards": n} for (g, r), n in sorted(chosen.items())
            ]
        return data

    return one()


@st.composite
def matches(draw, variants=PRESETS, max_hands=20, defaults=False, chosen=None, kinds=KINDS):
    """(variant, ruleset, first dealer, setup, hand inputs, final state)."""
    variant = draw(st.sampled_from(variants))
    if chosen is not None:
        chosen = draw(chosen)
    elif not defaults:
        chosen = draw(options(variant))
    ruleset = get_ruleset("sergeant-major", variant, chosen)
    first_dealer = draw(st.integers(0, len(players(variant)) - 1))
    setup = {}
    if variant == "woburn":
        bid = draw(st.none() | st.sampled_from(sorted(BIDS)))
        setup = {} if bid is None else {"bid": bid}
    state = replay(ruleset, players(variant), [], first_dealer, setup)
    inputs = []
    count = draw(st.integers(0, max_hands))
    while not state.finished and len(inputs) < count:
        data = draw(hand_strategy(variant, state, kinds))
        tied = point_limit_tie(ruleset, state, data)
        if len(tied) > 1:
            # §1.3: without last_trick the hand is refused; then a tied seat is named.
            try:
                play_hand(ruleset, state, data)
            except RuleError as error:
                assert error.field == "last_trick"
            else:
                raise AssertionError("a point-limit tie was accepted without last_trick")
            data = {**data, "last_trick": draw(st.sampled_from(tied))}
        state = play_hand(ruleset, state, data)
        inputs.append(data)
    return variant, ruleset, first_dealer, setup, inputs, state


def all_allocations(scores):
    """Brute force: every assignment of cards to (up seat, down seat) pairs that gives
    each up seat exactly its up and each down seat exactly its down."""
    up = [seat for seat, score in enumerate(scores) if score > 0]
    down = [seat for seat, score in enumerate(scores) if score < 0]
    pairs = [(g, r) for g in up for r in down]
    ranges = [range(min(scores[g], -scores[r]) + 1) for g, r in pairs]
    for amounts in itertools.product(*ranges):
        allocation = dict(zip(pairs, amounts, strict=True))
        gives = {g: sum(n for (gg, _r), n in allocation.items() if gg == g) for g in up}
        takes = {r: sum(n for (_g, rr), n in allocation.items() if rr == r) for r in down}
        if all(gives[g] == scores[g] for g in up) and all(takes[r] == -scores[r] for r in down):
            yield {pair: n for pair, n in allocation.items() if n}


def to_left(allocation, seats):
    return sum(n for (g, r), n in allocation.items() if r == (g + 1) % seats)


# -- properties ------------------------------------------------------------------------------


@each_preset
@PER_PRESET
@given(data=st.data())
def test_zero_sum_scores_from_the_targets_and_the_deal_to_the_left(variant, data):
    _variant, _ruleset, first_dealer, setup, inputs, state = data.draw(matches([variant]))
    seats = len(players(variant))
    assert len(state.hands) == len(inputs)
    for number, (played, hand) in enumerate(zip(state.hands, inputs, strict=True), start=1):
        dealer = (first_dealer + number - 1) % seats
        targets = expected_targets(variant, number, dealer, setup.get("bid"))
        assert sum(targets) == PRESET_TABLE[variant][1]
        assert played.number == number
        assert played.dealer == dealer
        assert played.targets == targets
        assert played.scores == expected_scores(hand, targets)
        assert sum(played.scores) == 0
    assert sum(state.totals) == 0
    assert state.running_totals()[-1] == state.totals
    if not state.finished:
        number = len(state.hands) + 1
        dealer = (first_dealer + number - 1) % seats
        assert state.next_hand.number == number
        assert state.next_hand.dealer == dealer
        expected = expected_targets(variant, number, dealer, setup.get("bid"))
        assert state.next_hand.targets == expected


def check_exchanges(variant, scores, exchanges):
    """The passes owed after a hand with ``scores`` (§1.1.6, §1.4, §1.5, §1.6)."""
    seats = len(scores)
    if variant == "alternate":
        assert exchanges == ()
        return
    gives, takes = [0] * seats, [0] * seats
    for exchange in exchanges:
        assert scores[exchange.giver] > 0, "only an up seat passes"
        assert scores[exchange.receiver] < 0, "only a down seat receives"
        assert exchange.cards > 0
        gives[exchange.giver] += exchange.cards
        takes[exchange.receiver] += exchange.cards
    pairs = [(e.giver, e.receiver) for e in exchanges]
    assert len(pairs) == len(set(pairs))
    ups = [max(score, 0) for score in scores]
    downs = [max(-score, 0) for score in scores]
    if variant != "woburn":
        assert gives == ups
        assert takes == downs
        return
    # Woburn: never more than 3 a seat, never more than owed, and as much as the cap lets
    # through (with three seats every up seat owes every down seat).
    for seat in range(seats):
        assert gives[seat] <= min(CAP, ups[seat])
        assert takes[seat] <= min(CAP, downs[seat])
    giver_room = any(gives[s] < min(CAP, ups[s]) for s in range(seats))
    taker_room = any(takes[s] < min(CAP, downs[s]) for s in range(seats))
    assert not (giver_room and taker_room)
    if max(ups) <= CAP and max(downs) <= CAP:
        assert gives == ups
        assert takes == downs


@each_preset
@PER_PRESET
@given(data=st.data())
def test_exchanges_settle_the_ups_and_downs(variant, data):
    _variant, ruleset, first_dealer, setup, inputs, _state = data.draw(matches([variant]))
    state = replay(ruleset, players(variant), [], first_dealer, setup)
    assert state.next_hand.exchanges == ()
    for data in inputs:
        state = play_hand(ruleset, state, data)
        if state.finished:
            break
        check_exchanges(variant, state.hands[-1].scores, state.next_hand.exchanges)


@PROPERTY
@given(matches(variants=["four-player"]))
def test_plucking_proposal_has_most_pairs_then_fewest_to_the_left(match):
    _variant, ruleset, first_dealer, _setup, inputs, _state = match
    state = replay(ruleset, FOUR, [], first_dealer)
    for data in inputs:
        proposed = state.next_hand.exchanges
        state = play_hand(ruleset, state, data)
        played = state.hands[-1]
        if played.number > 1:
            # The plucking done before this hand: the override, or else the proposal.
            done = data.get("exchanges")
            if done is None:
                done = [e.as_dict() for e in proposed]
            assert [e.as_dict() for e in played.detail.plucked] == done
        if state.finished:
            break
        proposal = {(e.giver, e.receiver): e.cards for e in state.next_hand.exchanges}
        every = list(all_allocations(played.scores))  # [{}] when all were even
        assert proposal in every
        most = max(len(allocation) for allocation in every)
        assert len(proposal) == most
        fewest = min(to_left(a, 4) for a in every if len(a) == most)
        assert to_left(proposal, 4) == fewest


@PROPERTY
@given(matches(variants=["alternate"], max_hands=19))
def test_alternate_calls_are_each_made_once_per_seat(match):
    _variant, _ruleset, first_dealer, _setup, inputs, state = match
    made = {seat: [] for seat in range(3)}
    for number, data in enumerate(inputs, start=1):
        made[(first_dealer + number - 1) % 3].append(data["call"])
    for seat, calls in made.items():
        assert len(calls) == len(set(calls)), "a call was made twice"
        if not state.finished:
            left = state.next_hand.detail.calls_left[seat]
            assert sorted(left) == sorted(set(CALLS) - set(calls))
    if len(state.hands) == 18:
        assert all(sorted(calls) == sorted(CALLS) for calls in made.values())


@PROPERTY
@given(matches(variants=["alternate"], max_hands=17, defaults=True), st.data())
def test_alternate_refuses_a_call_the_dealer_has_made(match, data):
    _variant, ruleset, first_dealer, _setup, inputs, state = match
    assume(not state.finished)
    dealer = state.next_hand.dealer
    used = [h["call"] for n, h in enumerate(inputs) if (first_dealer + n) % 3 == dealer]
    assume(used)
    repeat = {"tricks": list(state.next_hand.targets), "call": data.draw(st.sampled_from(used))}
    try:
        play_hand(ruleset, state, repeat)
    except RuleError as error:
        assert error.field == "call"
    else:
        raise AssertionError("a repeated call was accepted")


def ends_after(ruleset, variant, number, data, totals):
    """Whether an end condition of §1.2/§1.5 is met after hand ``number``."""
    chosen = ruleset.options
    win = chosen["win_tricks"]
    # A miz hand is won by taking few tricks, so many tricks there win nothing
    # (sergeant_major/rules.md §1.2; docs/rules-decisions.md).
    if win is not None and data.get("call") != "miz" and max(data["tricks"]) >= win:
        return "win_tricks"
    if chosen["point_limit"] is not None and max(totals) >= chosen["point_limit"]:
        return "point_limit"
    band = chosen["point_band"]
    if band is not None and (max(totals) >= band or min(totals) <= -band):
        return "point_band"
    if chosen["hands_limit"] is not None and number >= chosen["hands_limit"]:
        return "hands_limit"
    if variant == "alternate" and number == 18:
        return "calls"
    return None


@each_preset
@PER_PRESET
@given(data=st.data())
def test_a_match_ends_exactly_when_an_end_condition_is_met(variant, data):
    _variant, ruleset, _first_dealer, _setup, inputs, state = data.draw(matches([variant]))
    totals = [0] * len(players(variant))
    for number, (played, data) in enumerate(zip(state.hands, inputs, strict=True), start=1):
        totals = [t + s for t, s in zip(totals, played.scores, strict=True)]
        reason = ends_after(ruleset, variant, number, data, totals)
        last = number == len(state.hands)
        assert (reason is not None) == (last and state.finished)
    assert state.finished == (state.next_hand is None)
    if not state.finished:
        assert state.winners == ()
        assert len(state.hands) < 18 or variant != "alternate"
        return
    data = inputs[-1]
    reason = ends_after(ruleset, variant, len(inputs), data, totals)
    if reason == "win_tricks":
        tricks = data["tricks"]
        assert state.winners == (tricks.index(max(tricks)),)
    elif reason == "point_limit":
        (winner,) = state.winners
        assert totals[winner] == max(totals)
        if "last_trick" in data:
            assert winner == data["last_trick"]
    else:
        best = max(totals)
        assert state.winners == tuple(s for s, t in enumerate(totals) if t == best)
    # Nothing may follow.
    try:
        play_hand(ruleset, state, inputs[-1])
    except RuleError as error:
        assert error.params == {"number": len(inputs)}
    else:
        raise AssertionError("a hand after the end was accepted")


POINTS_PRESETS = ["8-5-3-points", "9-5-2", "8-6-3", "four-player"]
SMALL_LIMIT = st.fixed_dictionaries({"point_limit": st.integers(1, 4)})


@PROPERTY
@given(matches(POINTS_PRESETS, max_hands=6, chosen=SMALL_LIMIT, kinds=("pair", "near", "level")))
def test_a_point_limit_tie_goes_to_the_seat_named_last_trick(match):
    # The drawing of the match already checks that a tie without last_trick is refused.
    _variant, ruleset, _first_dealer, _setup, inputs, state = match
    assume(state.finished)
    data, played = inputs[-1], state.hands[-1]
    limit = ruleset.options["point_limit"]
    (winner,) = state.winners
    over = [seat for seat, total in enumerate(state.totals) if total >= limit]
    best = [seat for seat in over if state.totals[seat] == max(state.totals)]
    assert winner in best
    gain = max(played.scores[seat] for seat in best)
    assert played.scores[winner] == gain
    tied = [seat for seat in best if played.scores[seat] == gain]
    if len(tied) > 1:
        assert winner == data["last_trick"]
    else:
        assert "last_trick" not in data


def levelling_hands(variant, targets, totals, limit):
    """Every last hand (as tricks) that brings exactly two seats with different totals to
    the same total at or over ``limit`` while the others stay below it."""
    total_tricks = PRESET_TABLE[variant][1]
    seats = len(targets)
    for one, other in itertools.combinations(range(seats), 2):
        if totals[one] == totals[other]:
            continue
        others = [seat for seat in range(seats) if seat not in (one, other)]
        for level in range(max(limit, totals[one], totals[other]), total_tricks):
            tricks = [0] * seats
            for seat in (one, other):
                tricks[seat] = targets[seat] + level - totals[seat]
            left = total_tricks - tricks[one] - tricks[other]
            for seat in others:
                tricks[seat] = min(left, max(0, targets[seat] + level - 1 - totals[seat]))
                left -= tricks[seat]
            if left == 0 and min(tricks) >= 0:
                yield one, other, tricks


@PROPERTY
@given(data=st.data())
def test_equal_totals_at_the_point_limit_go_to_the_bigger_gain(data):
    variant = data.draw(st.sampled_from(POINTS_PRESETS))
    limit = data.draw(st.integers(2, 6))
    match = data.draw(
        matches([variant], max_hands=4, chosen=st.just({"point_limit": limit}), kinds=("near",))
    )
    _variant, ruleset, _first_dealer, _setup, _inputs, state = match
    assume(not state.finished)
    totals = state.totals
    candidates = list(levelling_hands(variant, state.next_hand.targets, totals, limit))
    assume(candidates)
    one, other, tricks = data.draw(st.sampled_from(candidates))
    state = play_hand(ruleset, state, {"tricks": tricks, "trump": "clubs"})
    level = state.totals[one]
    assert state.totals[other] == level >= limit
    assert max(state.totals) == level
    # Equal totals, so the seat that was further behind gained more in the last hand.
    assert state.winners == (one if totals[one] < totals[other] else other,)


@PROPERTY
@given(matches(variants=["alternate"], max_hands=20, defaults=True))
def test_alternate_ends_after_18_hands_without_other_end_conditions(match):
    _variant, ruleset, _first_dealer, _setup, _inputs, state = match
    assert all(ruleset.options[name] is None for name in END)
    assert len(state.hands) <= 18
    assert state.finished == (len(state.hands) == 18)


@each_preset
@PER_PRESET
@given(data=st.data())
def test_a_correction_equals_a_fresh_replay(variant, data):
    match = data.draw(matches([variant], max_hands=12))
    _variant, ruleset, first_dealer, setup, inputs, state = match
    assume(inputs)
    index = data.draw(st.integers(0, len(inputs) - 1), label="corrected hand")
    before = replay(ruleset, players(variant), inputs[:index], first_dealer, setup)
    replacement = data.draw(hand_strategy(variant, before), label="replacement")
    if variant == "alternate":
        replacement["call"] = inputs[index]["call"]  # keep the later calls valid
    if "exchanges" in inputs[index]:
        replacement["exchanges"] = inputs[index]["exchanges"]  # the same previous hand
    if "last_trick" in inputs[index] and replacement["tricks"][inputs[index]["last_trick"]]:
        replacement["last_trick"] = inputs[index]["last_trick"]
    corrected = [*inputs[:index], replacement, *inputs[index + 1 :]]
    fresh_ruleset = get_ruleset("sergeant-major", variant, ruleset.options)
    fresh = corrected_as_replayed(
        lambda: replay(fresh_ruleset, players(variant), corrected, first_dealer, setup),
        lambda: stepwise(ruleset, before, corrected, index),
    )
    if fresh is None:
        return
    assert replay(ruleset, players(variant), corrected, first_dealer, setup) == fresh
    assert fresh.hands[:index] == state.hands[:index]
    assert fresh.hands[index].input["tricks"] == replacement["tricks"]
