"""The state a match's row stores (``rules.stored``): written and read back it is the
same state, over random matches of every game, variant and table size; and a match
played hand by hand on the stored state alone (no earlier hands, as a write plays it)
ends where a replay of all its hands does.

No database."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from matches.games.sergeant_major.rules import SUITS, WOBURN_BIDS
from matches.rules import GAMES, RuleError, get_ruleset, play_hand, replay, stop
from matches.rules.base import Detail, MatchState
from matches.rules.stored import (
    detail_from_json,
    detail_to_json,
    state_from_json,
    state_to_json,
)

NAMES = ("Ann", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")
PRESETS = [(game, variant) for game, kind in sorted(GAMES.items()) for variant in kind.presets]
PROPERTY = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def candidates(draw, ruleset, state):
    """A hand for the coming deal that is often, not always, within the rules."""
    coming = state.next_hand
    if ruleset.game == "sergeant-major":
        out = ruleset.sits_out(coming.dealer)
        playing = [seat for seat in range(ruleset.seats) if seat != out]
        cuts = sorted(
            draw(
                st.lists(
                    st.integers(0, ruleset.tricks),
                    min_size=len(playing) - 1,
                    max_size=len(playing) - 1,
                )
            )
        )
        counts = [b - a for a, b in zip([0, *cuts], [*cuts, ruleset.tricks], strict=True)]
        tricks = [0] * ruleset.seats
        for seat, count in zip(playing, counts, strict=True):
            tricks[seat] = count
        data = {"tricks": tricks}
        if coming.detail.calls_left is not None:
            data["call"] = draw(st.sampled_from(coming.detail.calls_left[coming.dealer]))
        else:
            data["trump"] = draw(st.sampled_from(SUITS))
        if draw(st.booleans()):
            data["last_trick"] = draw(st.sampled_from([s for s, c in enumerate(tricks) if c]))
        if "exchanges" in ruleset.hand_keys() and coming.exchanges and draw(st.booleans()):
            data["exchanges"] = [exchange.as_dict() for exchange in coming.exchanges]
        return data
    if ruleset.game == "sheepshead":
        active = list(coming.active)
        if draw(st.integers(0, 4)) == 0:
            return {"picker": None, "leaster_winner": draw(st.sampled_from(active))}
        picker = draw(st.sampled_from(active))
        partner = draw(st.none() | st.sampled_from([s for s in active if s != picker]))
        return {"picker": picker, "partner": partner, "points": draw(st.integers(0, 120))}
    if ruleset.game == "skat":
        return skat_candidate(draw, coming)
    sides = ruleset.sides
    cuts = sorted(draw(st.lists(st.integers(0, 9), min_size=sides - 1, max_size=sides - 1)))
    counters = [10 * (b - a) for a, b in zip([0, *cuts], [*cuts, 9], strict=True)]
    return {"counters": counters, "no_trick": 90 in counters and draw(st.booleans())}


def skat_candidate(draw, coming):
    """A Skat game (skat/rules.md §4.1): passed in, or a declarer's game, often legal."""
    if draw(st.integers(0, 5)) == 0:
        return {"passed": True}
    game = draw(st.sampled_from(["clubs", "spades", "hearts", "diamonds", "grand", "null"]))
    data = {"declarer": draw(st.sampled_from(list(coming.active))), "game": game}
    data["won"] = draw(st.booleans())
    data["hand"] = draw(st.booleans())
    data["bid"] = draw(st.sampled_from([18, 20, 24, 36, 48]))
    if game != "null":
        data["matadors"] = {"with": draw(st.booleans()), "n": draw(st.integers(1, 4))}
        data["schneider"] = draw(st.booleans())
    return data


@st.composite
def matches(draw):
    """A ruleset, the players, and the states of a match after each of its hands."""
    game, variant = draw(st.sampled_from(PRESETS))
    options = {}
    if game == "skat" and draw(st.booleans()):
        # A short series: a multiple of the table (skat/rules.md §4.5).
        options["hands_limit"] = draw(st.integers(1, 4)) * (3 if variant == "isko" else 4)
    elif game not in ("sheepshead", "skat") and draw(st.booleans()):
        options["point_limit"] = draw(st.integers(1, 12))
    if game == "sheepshead" and draw(st.booleans()):
        options["all_pass"] = draw(st.sampled_from(["leaster", "doubler"]))
    ruleset = get_ruleset(game, variant, options)
    players = NAMES[: ruleset.seats]
    setup = {}
    if getattr(ruleset.preset, "bidding", False):
        setup = {"bid": draw(st.sampled_from(sorted(WOBURN_BIDS)))}
    state = replay(ruleset, players, [], draw(st.integers(0, ruleset.seats - 1)), setup)
    states = [state]
    for _attempt in range(draw(st.integers(0, 30))):
        if state.finished:
            break
        try:
            state = play_hand(ruleset, state, candidates(draw, ruleset, state))
        except RuleError:
            continue
        states.append(state)
    if not state.finished and draw(st.booleans()):
        states.append(stop(state))
    return ruleset, states


def through_json(value):
    return json.loads(json.dumps(value))


@PROPERTY
@given(matches())
def test_a_stored_state_reads_back_as_it_was(match):
    _ruleset, states = match
    for state in states:
        stored = through_json(state_to_json(state))
        assert state_from_json(stored, state.hands) == state
        assert stored["hand_count"] == len(state.hands)
        for hand in state.hands:
            assert detail_from_json(through_json(detail_to_json(hand.detail))) == hand.detail


@PROPERTY
@given(matches())
def test_a_match_played_on_its_stored_state_alone_is_the_replayed_match(match):
    """As a write plays: each hand on the state read back from JSON, without the earlier
    hands; the totals, coming hand, running figures, ending and winners are the replay's."""
    ruleset, states = match
    final = states[-1]
    bare = state_from_json(through_json(state_to_json(states[0])))
    for hand in final.hands:
        bare = play_hand(ruleset, bare, hand.input)
        assert bare.hands == (hand,)
        bare = state_from_json(through_json(state_to_json(bare)))
    if final.ending is not None and final.ending.how == "stopped":
        bare = stop(bare)
    assert state_to_json(bare) == state_to_json(final)


def test_a_state_that_cannot_be_read_says_so():
    state = replay(get_ruleset("sieben", "two-player"), ("Ann", "Ben"), [])
    good = through_json(state_to_json(state))
    for broken in (
        {},
        {**good, "format": 99},
        {**good, "detail": {"kind": "NoSuchDetail"}},
        {**good, "detail": {"kind": "SiebenTally", "points": [0, 0], "extra": 1}},
        {**good, "totals": ["0", 0]},
        {**good, "hand_count": 3},
    ):
        with pytest.raises(ValueError):
            state_from_json(broken)


def test_every_detail_reads_back_by_its_kind():
    assert detail_from_json(detail_to_json(Detail())) == Detail()
    assert isinstance(
        state_from_json(state_to_json(MatchState(("A",), (), (0,), None))), MatchState
    )
