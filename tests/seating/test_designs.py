"""The known schedules the planner starts from: each a true social golfer solution."""

from collections import Counter
from itertools import combinations

import pytest

from matches.seating.designs import designs


@pytest.mark.parametrize(
    ("players", "size", "rounds"),
    [
        (15, 3, 7),  # Kirkman's schoolgirls
        (16, 4, 5),  # the affine plane of order 4
        (32, 4, 10),  # two affine planes of order 4, doubled (the partial spread has 9)
        (9, 3, 4),
        (27, 3, 13),
        (25, 5, 6),
        (10, 2, 9),  # a round robin
        (64, 4, 21),
        (21, 3, 10),  # KTS(21)
        (33, 3, 16),  # KTS(33)
        (18, 3, 8),  # NKTS(18): everyone meets all but one
        (24, 3, 11),  # NKTS(24)
        (30, 3, 14),  # NKTS(30)
        (28, 4, 9),  # RBIBD(28, 4, 1)
        (40, 4, 13),  # RBIBD(40, 4, 1), the parameters of PG(3, 3)
    ],
)
def test_designs_are_resolvable_without_a_repeat(players, size, rounds):
    found = designs(players, size)
    assert found, "no design"
    design = found[0]  # the one with most rounds
    assert len(design) == rounds
    met = Counter()
    for round_ in design:
        assert sorted(p for group in round_ for p in group) == list(range(players))
        assert all(len(group) == size for group in round_)
        for group in round_:
            met.update(combinations(sorted(group), 2))
    assert max(met.values()) == 1
    if rounds * (size - 1) == players - 1:
        assert len(met) == players * (players - 1) // 2  # everyone met everyone
    if rounds * (size - 1) == players - 2:  # nearly Kirkman: each misses exactly one
        missed = Counter(
            p for pair in combinations(range(players), 2) if pair not in met for p in pair
        )
        assert sorted(missed) == list(range(players)) and set(missed.values()) == {1}


def test_no_design_where_none_is_known():
    assert designs(12, 3) == ()
    assert designs(10, 3) == ()
    assert designs(7, 2) == ()
