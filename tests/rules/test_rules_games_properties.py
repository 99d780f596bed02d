"""Properties of American Sheepshead (sheepshead/rules.md §2) and Sieben (sieben/rules.md §3)
over random matches.

No database. Valid hands are drawn for every table size and every option combination;
expectations are computed here from the rules pages' tables, independently of the rules code.
"""

from hypothesis import given, settings
from hypothesis import strategies as st

from matches.games.sieben.rules import SiebenRound, SiebenTally
from matches.rules import RuleError, get_ruleset, play_hand, replay
from tests.rules.corrections import correct

NAMES = ("Ann", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus")
PROPERTY = settings(max_examples=60, deadline=None)

# -- Sheepshead -----------------------------------------------------------------------------

SHEEPSHEAD = {3: "3-handed", 4: "4-handed", 5: "standard", 6: "6-handed", 7: "7-handed"}
# §2.4: (lowest points, m) from the top; all tricks +3 and no trick -3 come first.
RESULTS = ((91, 2), (61, 1), (31, -1), (0, -2))


@st.composite
def sheepshead_setups(draw):
    """A table size, its options (any combination the size allows) and a first dealer."""
    seats = draw(st.sampled_from(sorted(SHEEPSHEAD)))
    options = {
        "all_pass": draw(st.sampled_from(["redeal", "leaster", "doubler"])),
        "double_on_bump": draw(st.booleans()),
        "cracking": draw(st.booleans()),
        "hands_limit": draw(st.none() | st.integers(1, 12)),
    }
    if seats == 6:
        options["dealer_sits_out"] = draw(st.booleans())
    return seats, options, draw(st.integers(0, seats - 1))


def sits_out(seats, options, dealer):
    sitting = options.get("dealer_sits_out", seats == 6)
    return dealer if sitting else None


def active_seats(seats, options, dealer):
    return [s for s in range(seats) if s != sits_out(seats, options, dealer)]


@st.composite
def sheepshead_hand(draw, seats, options, dealer):
    """One valid hand for the table as it is dealt by ``dealer``."""
    active = active_seats(seats, options, dealer)
    if draw(st.integers(0, 4)) == 0:
        data = {"picker": None}
        if options["all_pass"] == "leaster":
            data["leaster_winner"] = draw(st.sampled_from(active))
        return data
    picker = draw(st.sampled_from(active))
    partner = draw(st.none() | st.sampled_from([s for s in active if s != picker]))
    points = draw(st.sampled_from([0, 30, 31, 60, 61, 90, 91, 120]) | st.integers(0, 120))
    data = {"picker": picker, "partner": partner, "points": points}
    if points == 120:
        data["all_tricks"] = draw(st.booleans())
    if points == 0:
        data["no_trick"] = draw(st.booleans())
    if options["cracking"] and draw(st.booleans()):
        data["cracked"] = True
        data["recracked"] = draw(st.booleans())
    return data


@st.composite
def sheepshead_matches(draw):
    seats, options, first_dealer = draw(sheepshead_setups())
    limit = options["hands_limit"] or 14
    count = draw(st.integers(0, limit))
    hands = [
        draw(sheepshead_hand(seats, options, (first_dealer + k) % seats)) for k in range(count)
    ]
    return seats, options, first_dealer, hands


def sheepshead(seats, options):
    return get_ruleset("sheepshead", SHEEPSHEAD[seats], options)


def expected_multiplier(data, options, doublers):
    if data.get("all_tricks"):
        m = 3
    elif data.get("no_trick"):
        m = -3
    else:
        m = next(m for lowest, m in RESULTS if data["points"] >= lowest)
    if m < 0 and options["double_on_bump"]:
        m *= 2
    if data.get("cracked"):
        m *= 4 if data.get("recracked") else 2
    return m * 2**doublers


@PROPERTY
@given(sheepshead_matches())
def test_sheepshead_every_hand_is_zero_sum_and_follows_the_table(match):
    seats, options, first_dealer, hands = match
    state = replay(sheepshead(seats, options), NAMES[:seats], hands, first_dealer)
    assert len(state.hands) == len(hands)
    doublers = 0
    for played, data in zip(state.hands, hands, strict=True):
        assert sum(played.scores) == 0
        active = active_seats(seats, options, played.dealer)
        assert list(played.active) == active
        out = sits_out(seats, options, played.dealer)
        if out is not None:
            assert played.scores[out] == 0
        expected = [0] * seats
        if data["picker"] is None:
            assert played.detail.multiplier is None
            if options["all_pass"] == "leaster":
                for seat in active:
                    expected[seat] = len(active) - 1 if seat == data["leaster_winner"] else -1
            elif options["all_pass"] == "doubler":
                doublers += 1
        else:
            m = expected_multiplier(data, options, doublers)
            doublers = 0
            assert played.detail.multiplier == m
            for seat in active:
                expected[seat] = m if seat == data["partner"] else -m
            expected[data["picker"]] = 0
            expected[data["picker"]] = -sum(expected)
        assert played.scores == tuple(expected)
    assert sum(state.totals) == 0
    if not state.finished:
        assert state.next_hand.detail.doublers == doublers


@PROPERTY
@given(sheepshead_matches())
def test_sheepshead_the_deal_passes_to_the_left(match):
    seats, options, first_dealer, hands = match
    state = replay(sheepshead(seats, options), NAMES[:seats], hands, first_dealer)
    assert [h.dealer for h in state.hands] == [
        (first_dealer + k) % seats for k in range(len(hands))
    ]
    assert [h.number for h in state.hands] == list(range(1, len(hands) + 1))
    limit = options["hands_limit"]
    if limit is not None and len(hands) == limit:
        assert state.finished
        best = max(state.totals)
        assert state.winners == tuple(s for s in range(seats) if state.totals[s] == best)
    else:
        assert not state.finished
        assert state.next_hand.dealer == (first_dealer + len(hands)) % seats
        assert list(state.next_hand.active) == active_seats(seats, options, state.next_hand.dealer)


@PROPERTY
@given(sheepshead_matches())
def test_sheepshead_replay_is_deterministic_and_stored_inputs_replay_alike(match):
    seats, options, first_dealer, hands = match
    ruleset = sheepshead(seats, options)
    state = replay(ruleset, NAMES[:seats], hands, first_dealer)
    assert replay(sheepshead(seats, options), NAMES[:seats], hands, first_dealer) == state
    stored = [h.input for h in state.hands]
    assert replay(ruleset, NAMES[:seats], stored, first_dealer) == state
    stopped = replay(ruleset, NAMES[:seats], hands, first_dealer, stopped=True)
    assert stopped.finished
    assert stopped.totals == state.totals
    if not state.finished:
        best = max(state.totals)
        assert stopped.winners == tuple(s for s in range(seats) if state.totals[s] == best)


def same_outcome(corrected, fresh):
    """Both derivations give the same state, or refuse the same hand the same way."""
    try:
        expected = fresh()
    except RuleError as error:
        expected = error
    try:
        got = corrected()
    except RuleError as error:
        got = error
    assert got == expected
    if isinstance(expected, RuleError):
        assert got.field == expected.field


@PROPERTY
@given(sheepshead_matches(), st.data())
def test_sheepshead_a_correction_equals_a_fresh_replay(match, data):
    seats, options, first_dealer, hands = match
    if not hands:
        return
    index = data.draw(st.integers(0, len(hands) - 1))
    dealer = (first_dealer + index) % seats
    new = data.draw(sheepshead_hand(seats, options, dealer))
    ruleset = sheepshead(seats, options)
    players = NAMES[:seats]
    changed = [*hands[:index], new, *hands[index + 1 :]]
    same_outcome(
        lambda: correct(ruleset, players, hands, first_dealer, index, new),
        lambda: replay(ruleset, players, changed, first_dealer),
    )


# -- Sieben ---------------------------------------------------------------------------------

SIEBEN = {2: "two-player", 3: "three-player", 4: "partners"}


@st.composite
def sieben_setups(draw):
    seats = draw(st.sampled_from(sorted(SIEBEN)))
    options = {
        "difference": draw(st.booleans()),
        "four_of_a_kind": draw(st.booleans()),
    }
    end = draw(st.sampled_from(["default", "points", "hands", "both"]))
    if end in ("points", "both"):
        options["point_limit"] = draw(st.integers(1, 40))
    if end in ("hands", "both"):
        options["hands_limit"] = draw(st.integers(1, 15))
        if end == "hands":
            options["point_limit"] = None
    return seats, options, draw(st.integers(0, seats - 1))


@st.composite
def sieben_round(draw, sides, options):
    if options["four_of_a_kind"] and draw(st.integers(0, 5)) == 0:
        return {"four_of_a_kind": draw(st.integers(0, sides - 1))}
    cuts = sorted(draw(st.lists(st.integers(0, 9), min_size=sides - 1, max_size=sides - 1)))
    bounds = [0, *cuts, 9]
    counters = [10 * (b - a) for a, b in zip(bounds, bounds[1:], strict=False)]
    data = {"counters": counters}
    if 90 in counters:
        data["no_trick"] = draw(st.booleans())
    return data


@st.composite
def sieben_matches(draw):
    seats, options, first_dealer = draw(sieben_setups())
    sides = 2 if seats == 4 else seats
    rounds = draw(st.lists(sieben_round(sides, options), max_size=20))
    return seats, options, first_dealer, rounds


def sieben(seats, options):
    return get_ruleset("sieben", SIEBEN[seats], options)


def play_until_over(ruleset, players, rounds, first_dealer):
    """The state after the rounds, stopping at the end of the game; and the rounds used."""
    state = replay(ruleset, players, [], first_dealer)
    used = []
    for data in rounds:
        if state.finished:
            break
        state = play_hand(ruleset, state, data)
        used.append(data)
    return state, used


def expected_round(data, options):
    """(winning side or None, round points) from sieben/rules.md §3.3, §3.6, §3.7."""
    if data.get("four_of_a_kind") is not None:
        return data["four_of_a_kind"], 4
    counters = data["counters"]
    best = max(counters)
    if counters.count(best) > 1:
        return None, 0
    winner = counters.index(best)
    others = sorted(c for side, c in enumerate(counters) if side != winner)
    if options["difference"]:
        return winner, best - others[-1]
    if data.get("no_trick"):
        return winner, 3
    return winner, 2 if others[-1] == 0 else 1


@PROPERTY
@given(sieben_matches())
def test_sieben_zero_sum_partners_alike_and_points_by_the_table(match):
    seats, options, first_dealer, rounds = match
    sides = 2 if seats == 4 else seats
    state, used = play_until_over(sieben(seats, options), NAMES[:seats], rounds, first_dealer)
    for played, data in zip(state.hands, used, strict=True):
        assert sum(played.scores) == 0
        winner, points = expected_round(data, options)
        assert played.detail == SiebenRound(winner=winner, points=points)
        for seat in range(seats):
            if winner is None:
                assert played.scores[seat] == 0
            elif seat % sides == winner:
                assert played.scores[seat] == points * (sides - 1)
            else:
                assert played.scores[seat] == -points
        if seats == 4:
            assert played.scores[0] == played.scores[2]
            assert played.scores[1] == played.scores[3]
    assert sum(state.totals) == 0
    if seats == 4:
        assert state.totals[0] == state.totals[2]
        assert state.totals[1] == state.totals[3]


@PROPERTY
@given(sieben_matches())
def test_sieben_tally_is_the_winners_round_points_and_decides_the_game(match):
    seats, options, first_dealer, rounds = match
    sides = 2 if seats == 4 else seats
    ruleset = sieben(seats, options)
    state, used = play_until_over(ruleset, NAMES[:seats], rounds, first_dealer)
    tally = [
        sum(h.detail.points for h in state.hands if h.detail.winner == side)
        for side in range(sides)
    ]
    assert state.detail == SiebenTally(points=tuple(tally))
    limit = ruleset.options["point_limit"]
    hands_limit = ruleset.options["hands_limit"]
    over = (limit is not None and max(tally) >= limit) or (
        hands_limit is not None and len(used) >= hands_limit
    )
    assert state.finished == over
    if over:
        best = max(tally)
        assert state.winners == tuple(s for s in range(seats) if tally[s % sides] == best)
        if limit is not None and best >= limit:
            # Only the round's winner gains, so one side alone reached the limit.
            assert tally.count(best) == 1
    else:
        assert state.winners == ()
        assert len(used) == len(rounds)  # the game never ended, so every round was played


@PROPERTY
@given(sieben_matches())
def test_sieben_the_loser_deals(match):
    seats, options, first_dealer, rounds = match
    sides = 2 if seats == 4 else seats
    state, _used = play_until_over(sieben(seats, options), NAMES[:seats], rounds, first_dealer)
    dealers = [h.dealer for h in state.hands]
    if not state.finished:
        dealers.append(state.next_hand.dealer)
    assert dealers[0] == first_dealer
    for played, next_dealer in zip(state.hands, dealers[1:], strict=False):
        winner = played.detail.winner
        if winner is None:
            assert next_dealer == (played.dealer + 1) % seats
            continue
        assert next_dealer % sides != winner
        if seats == 4:
            dealing_side_won = played.dealer % 2 == winner
            assert next_dealer == (played.dealer + (1 if dealing_side_won else 2)) % 4
        if seats == 3:
            losers = [s for s in range(3) if s != winner]
            counters = played.input["counters"] or [0, 0, 0]
            fewest = min(counters[s] for s in losers)
            first = next(
                s
                for s in ((played.dealer + k) % 3 for k in (1, 2, 3))
                if s in losers and counters[s] == fewest
            )
            assert next_dealer == first


@PROPERTY
@given(sieben_matches())
def test_sieben_replay_is_deterministic_and_stored_inputs_replay_alike(match):
    seats, options, first_dealer, rounds = match
    ruleset = sieben(seats, options)
    state, used = play_until_over(ruleset, NAMES[:seats], rounds, first_dealer)
    assert replay(ruleset, NAMES[:seats], used, first_dealer) == state
    assert replay(sieben(seats, options), NAMES[:seats], used, first_dealer) == state
    stored = [h.input for h in state.hands]
    assert replay(ruleset, NAMES[:seats], stored, first_dealer) == state


@PROPERTY
@given(sieben_matches(), st.data())
def test_sieben_a_correction_equals_a_fresh_replay(match, data):
    seats, options, first_dealer, rounds = match
    sides = 2 if seats == 4 else seats
    ruleset = sieben(seats, options)
    players = NAMES[:seats]
    _state, used = play_until_over(ruleset, players, rounds, first_dealer)
    if not used:
        return
    index = data.draw(st.integers(0, len(used) - 1))
    new = data.draw(sieben_round(sides, options))
    changed = [*used[:index], new, *used[index + 1 :]]
    # A correction may end the game sooner (a later round is then refused) or later.
    same_outcome(
        lambda: correct(ruleset, players, used, first_dealer, index, new),
        lambda: replay(ruleset, players, changed, first_dealer),
    )
