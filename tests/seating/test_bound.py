"""The round's lower bound counts what every round played forces (issue 23, item 3).

Checked against the optimum found by trying every seating (``fewest_new_repeats`` of
tests/seating/support.py, written without the code under test)."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from matches.rules import table_sizes
from matches.seating import History, PlayedRound, seat
from matches.seating.quality import forced_by_rounds, new_repeats_bound

from .support import fewest_new_repeats, history, run_event

NINE = list(range(1, 10))
# Rows, then columns of a 3×3 square: no pair met twice.
SQUARE = history([(1, 2, 3), (4, 5, 6), (7, 8, 9)], [(1, 4, 7), (2, 5, 8), (3, 6, 9)])


def test_every_round_played_adds_what_it_forces():
    # At 5 + 4 each old table of three puts one pair together again: 3 per round. The
    # bound took the round that forced most (3); the two rounds met no pair twice, so
    # their counts add up: 6, and 6 is the least there is.
    assert forced_by_rounds([5, 4], NINE, SQUARE) == 6
    assert new_repeats_bound([5, 4], NINE, SQUARE) == 6 == fewest_new_repeats(NINE, [5, 4], SQUARE)


def test_a_pair_met_twice_is_counted_once_for_each_time():
    # The same round twice: each old table forces its pair at both meetings, but one
    # pair seated together again is one repeat pair: 3, not 6.
    twice = history([(1, 2, 3), (4, 5, 6), (7, 8, 9)], [(1, 2, 3), (4, 5, 6), (7, 8, 9)])
    assert forced_by_rounds([5, 4], NINE, twice) == 3 == fewest_new_repeats(NINE, [5, 4], twice)


def test_seventeen_at_sheepshead_round_two_is_bound_by_eight():
    # 17 Sheepshead players sit at 5 + 6 + 6: each old table of six puts three pairs
    # together again at three tables, the table of five two. The page said "at least 0".
    sizes = table_sizes("sheepshead", "standard")
    first, second = run_event(list(range(1, 18)), sizes, 2, seed=4)
    assert sorted(len(table.entries) for table in first.tables) == [5, 6, 6]
    assert second.quality.lower_bound == 8
    assert second.quality.total == 8 and second.quality.optimal


@st.composite
def played_nights(draw):
    """A small field now (tables of ``sizes``) after 1–4 rounds played at any sizes, some
    with entries since withdrawn, and rounds that repeat pairs."""
    sizes = draw(st.sampled_from([[3, 3, 3], [4, 3, 3], [4, 4], [5, 4], [4, 4, 3], [5, 5]]))
    entries = list(range(sum(sizes)))
    rng = random.Random(draw(st.integers(0, 2**32)))
    rounds = []
    for number in range(1, draw(st.integers(1, 4)) + 1):
        players = entries + [100, 101]
        rng.shuffle(players)
        tables, start = [], 0
        while len(players) - start >= 2:
            size = min(rng.randint(2, 6), len(players) - start)
            tables.append(tuple(players[start : start + size]))
            start += size
        rounds.append(PlayedRound(number, tuple(tables), tuple(players[start:])))
        if rng.random() < 0.3:  # the same round again: pairs met twice
            rounds.append(PlayedRound(number + 10, tuple(tables), tuple(players[start:])))
    return sizes, entries, History(tuple(rounds))


@settings(max_examples=40, deadline=None)
@given(played_nights())
def test_the_bound_never_exceeds_the_optimum(night):
    sizes, entries, past = night
    fewest = fewest_new_repeats(entries, sizes, past)
    assert forced_by_rounds(sizes, entries, past) <= fewest
    assert new_repeats_bound(sizes, entries, past) <= fewest


def test_the_page_figure_is_proven_where_the_seatings_are_too_many_to_try():
    # Sixteen at Sheepshead (5 + 5 + 6: 2,018,016 seatings) after rows, then columns of a
    # 4×4 square: each old table of four puts a pair together again, 4 a round, 8 in
    # all. The bound said 4 and the page could not call the seating's 8 optimal.
    sixteen = list(range(16))
    rows = [tuple(range(4 * i, 4 * i + 4)) for i in range(4)]
    columns = [tuple(range(i, 16, 4)) for i in range(4)]
    past = history(rows, columns)
    sizes = table_sizes("sheepshead", "standard")
    third = seat("mixed", sixteen, sizes, round=3, rounds=3, history=past, seed=1)
    assert new_repeats_bound([5, 5, 6], sixteen, past) == 8
    assert third.quality.lower_bound == third.quality.total == 8
    assert third.quality.optimal
