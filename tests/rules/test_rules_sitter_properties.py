"""Properties of Sergeant Major with a sitter (docs/tournaments.md §2) over random matches of
every three-player preset, no database.

The matches are drawn with the helpers the preset properties use too
(``sergeant_major_draws``: end conditions, tricks near the targets, §1.3 ties);
expectations are computed here from docs/tournaments.md and sergeant_major/rules.md,
independently of the rules code.
"""

from hypothesis import given, settings
from hypothesis import strategies as st

from matches.rules import RuleError, get_ruleset, play_hand, replay
from tests.factories import PRESET_TABLE, THREE_PLAYER_PRESETS
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

FOUR = ("Ann", "Ben", "Cy", "Dee")
PROPERTY = settings(max_examples=40, deadline=None)


def out_of(dealer):
    """docs/tournaments.md §2: the seat to the dealer's right sits out."""
    return (dealer - 1) % 4


def expected_targets(variant, number, dealer, bid):
    """The preset's targets (or Woburn's bid table in hand 1) by offset among the three
    who play: dealer, eldest, third; 0 for the sitter."""
    by_offset = BIDS[bid] if variant == "woburn" and number == 1 and bid else None
    by_offset = by_offset or PRESET_TABLE[variant][0]
    targets = [0] * 4
    for offset, target in enumerate(by_offset):
        targets[(dealer + offset) % 4] = target
    return tuple(targets)


def sitter_hand(variant, state, kinds=KINDS):
    """One valid hand: tricks for the three who play, 0 for the sitter; trumps, or a call
    the dealer has still to make."""
    coming = state.next_hand
    playing = list(coming.active)

    @st.composite
    def one(draw):
        targets = [coming.targets[seat] for seat in playing]
        totals = [state.totals[seat] for seat in playing]
        drawn = draw(tricks_for(variant, targets, totals, kinds))
        tricks = [0] * 4
        for seat, count in zip(playing, drawn, strict=True):
            tricks[seat] = count
        data = {"tricks": tricks}
        if variant == "alternate":
            data["call"] = draw(st.sampled_from(coming.detail.calls_left[coming.dealer]))
        else:
            data["trump"] = draw(st.sampled_from(SUITS))
        return data

    return one()


@st.composite
def sitter_matches(draw, variants=THREE_PLAYER_PRESETS, max_hands=16):
    """(variant, ruleset, first dealer, setup, hand inputs, final state)."""
    variant = draw(st.sampled_from(variants))
    chosen = {**(draw(options(variant)) or {}), "sitter": True}
    ruleset = get_ruleset("sergeant-major", variant, chosen)
    first_dealer = draw(st.integers(0, 3))
    setup = {}
    if variant == "woburn":
        bid = draw(st.none() | st.sampled_from(sorted(BIDS)))
        setup = {} if bid is None else {"bid": bid}
    state = replay(ruleset, FOUR, [], first_dealer, setup)
    inputs = []
    count = draw(st.integers(0, max_hands))
    while not state.finished and len(inputs) < count:
        data = draw(sitter_hand(variant, state))
        tied = point_limit_tie(ruleset, state, data)
        if len(tied) > 1:
            data = {**data, "last_trick": draw(st.sampled_from(tied))}
        state = play_hand(ruleset, state, data)
        inputs.append(data)
    return variant, ruleset, first_dealer, setup, inputs, state


@PROPERTY
@given(sitter_matches())
def test_every_hand_is_zero_sum_and_the_sitter_scores_0(match):
    variant, _ruleset, first_dealer, setup, inputs, state = match
    assert len(state.hands) == len(inputs)
    for number, (played, data) in enumerate(zip(state.hands, inputs, strict=True), start=1):
        dealer = (first_dealer + number - 1) % 4
        targets = expected_targets(variant, number, dealer, setup.get("bid"))
        assert played.dealer == dealer
        assert played.targets == targets
        assert played.scores == expected_scores(data, targets)
        assert sum(played.scores) == 0
        assert played.scores[out_of(dealer)] == 0
        assert played.active == tuple(s for s in range(4) if s != out_of(dealer))
    assert sum(state.totals) == 0
    assert state.running_totals()[-1] == state.totals


@PROPERTY
@given(sitter_matches(max_hands=20))
def test_each_seat_sits_out_once_in_any_four_hands_in_a_row(match):
    _variant, _ruleset, _first_dealer, _setup, _inputs, state = match
    out = [next(s for s in range(4) if s not in h.active) for h in state.hands]
    for start in range(len(out) - 3):
        assert sorted(out[start : start + 4]) == [0, 1, 2, 3]
    # The one who sits out is the previous dealer, who dealt to the left.
    for before, after in zip(state.hands, state.hands[1:], strict=False):
        assert after.dealer == (before.dealer + 1) % 4
        assert out[after.number - 1] == before.dealer


@PROPERTY
@given(sitter_matches())
def test_obligations_only_between_players_of_both_hands(match):
    variant, ruleset, first_dealer, setup, inputs, _state = match
    state = replay(ruleset, FOUR, [], first_dealer, setup)
    assert state.next_hand.exchanges == ()
    for data in inputs:
        state = play_hand(ruleset, state, data)
        if state.finished:
            break
        played, coming = state.hands[-1], state.next_hand
        both = set(played.active) & set(coming.active)
        assert len(both) == 2
        scores = played.scores
        passes = coming.exchanges
        for exchange in passes:
            assert {exchange.giver, exchange.receiver} == both
        if variant == "alternate":
            assert passes == ()
            continue
        up = [seat for seat in both if scores[seat] > 0]
        down = [seat for seat in both if scores[seat] < 0]
        if len(up) == 1 and len(down) == 1:
            owed = min(scores[up[0]], -scores[down[0]])
            if variant == "woburn":
                owed = min(owed, CAP)
            assert [(e.giver, e.receiver, e.cards) for e in passes] == [(up[0], down[0], owed)]
        else:
            assert passes == ()


@PROPERTY
@given(sitter_matches())
def test_replay_is_deterministic(match):
    variant, ruleset, first_dealer, setup, inputs, state = match
    copied = [dict(data, tricks=list(data["tricks"])) for data in inputs]
    fresh = get_ruleset("sergeant-major", variant, ruleset.options)
    assert replay(fresh, FOUR, copied, first_dealer, setup) == state
    assert replay(ruleset, FOUR, inputs, first_dealer, setup) == state


@PROPERTY
@given(sitter_matches(max_hands=12), st.data())
def test_a_correction_equals_a_fresh_replay(match, data):
    variant, ruleset, first_dealer, setup, inputs, state = match
    if not inputs:
        return
    index = data.draw(st.integers(0, len(inputs) - 1), label="corrected hand")
    before = replay(ruleset, FOUR, inputs[:index], first_dealer, setup)
    replacement = data.draw(sitter_hand(variant, before), label="replacement")
    if variant == "alternate":
        replacement["call"] = inputs[index]["call"]  # keep the later calls valid
    if "last_trick" in inputs[index] and replacement["tricks"][inputs[index]["last_trick"]]:
        replacement["last_trick"] = inputs[index]["last_trick"]
    corrected = [*inputs[:index], replacement, *inputs[index + 1 :]]
    fresh_ruleset = get_ruleset("sergeant-major", variant, ruleset.options)
    fresh = corrected_as_replayed(
        lambda: replay(fresh_ruleset, FOUR, corrected, first_dealer, setup),
        lambda: stepwise(ruleset, before, corrected, index),
    )
    if fresh is None:
        return
    assert fresh.hands[:index] == state.hands[:index]
    assert fresh.hands[index].input["tricks"] == replacement["tricks"]
    # The sitters do not depend on what was played: the same seats sat out.
    assert [h.active for h in fresh.hands] == [h.active for h in state.hands[: len(fresh.hands)]]


@PROPERTY
@given(sitter_matches(), st.data())
def test_tricks_for_the_sitter_are_refused_naming_the_seat(match, data):
    _variant, ruleset, _first_dealer, _setup, _inputs, state = match
    if state.finished:
        return
    coming = state.next_hand
    out = out_of(coming.dealer)
    tricks = list(coming.targets)
    giver = data.draw(st.sampled_from([s for s in coming.active if tricks[s]]))
    moved = data.draw(st.integers(1, tricks[giver]))
    tricks[giver] -= moved
    tricks[out] += moved  # still adds up to the hand
    key = "call" if ruleset.preset.calls else "trump"
    value = coming.detail.calls_left[coming.dealer][0] if ruleset.preset.calls else "clubs"
    try:
        play_hand(ruleset, state, {"tricks": tricks, key: value})
    except RuleError as error:
        assert error.field == f"tricks.{out}"
        assert error.params == {"name": FOUR[out], "seat": out + 1}
    else:
        raise AssertionError("tricks for the seat that sits out were accepted")


@PROPERTY
@given(sitter_matches())
def test_a_twelve_trick_hand_ends_the_match_as_usual(match):
    _variant, ruleset, _first_dealer, _setup, inputs, state = match
    win = ruleset.options["win_tricks"]
    if not state.finished or win is None:
        return
    last = inputs[-1]
    if last.get("call") != "miz" and max(last["tricks"]) >= win:
        assert state.winners == (last["tricks"].index(max(last["tricks"])),)
