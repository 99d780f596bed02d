"""Zero repeats wherever the literature has a schedule without one (issue 23, item 1):
seated round by round as a club plays (round 1 drawn, then ``mixed`` planning the
rounds left), with unchanged entries."""

import pytest

from matches.seating import TableSizes

from .support import repeat_pairs, run_event


def _rounds(seatings):
    return [[table.entries for table in seating.tables] for seating in seatings]


@pytest.mark.parametrize(
    ("players", "size", "rounds"),
    [
        (18, 3, 8),  # NKTS(18)
        (21, 3, 10),  # KTS(21)
        (24, 3, 11),  # NKTS(24)
        (30, 3, 14),  # NKTS(30)
        (33, 3, 16),  # KTS(33)
        (28, 4, 9),  # RBIBD(28, 4, 1)
        (40, 4, 13),  # RBIBD(40, 4, 1): PG(3, 3)'s numbers
        (32, 4, 10),  # two affine planes of order 4, doubled (designs.doubled_planes)
    ],
)
def test_round_by_round_reaches_zero_repeats(players, size, rounds):
    seatings = run_event(list(range(1, players + 1)), TableSizes(size), rounds)
    assert len(seatings) == rounds
    assert repeat_pairs(_rounds(seatings)) == 0
