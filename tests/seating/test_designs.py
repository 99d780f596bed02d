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
        (32, 4, 9),  # a partial spread of GF(2)^5: TOURNAMENTS.md's "at least 9"
        (9, 3, 4),
        (27, 3, 13),
        (25, 5, 6),
        (10, 2, 9),  # a round robin
        (64, 4, 21),
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


def test_no_design_where_none_is_known():
    assert designs(12, 3) == ()
    assert designs(10, 3) == ()
    assert designs(7, 2) == ()
