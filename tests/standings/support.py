"""Builders for small tournaments written out by hand."""

from matches.games.sergeant_major.rules import SergeantMajor
from matches.standings import SeatResult, TableResult

# Sergeant Major's own tie-breaks, for a ``Scoring`` of its tournaments.
SERGEANT_MAJOR = SergeantMajor.tie_breaks


def table(round_, number, *seats, winners=None, twelve=None):
    """A table's result from ``(entry, total)`` pairs in seating order.

    ``winners`` default to the highest total(s), as a match stopped at its hands limit;
    ``twelve`` names the entry whose 12-trick hand ended the match (it alone wins), with
    the figures Sergeant Major's rules give that seat (``SergeantMajor.figures``), which
    its own tie-break counts (``SERGEANT_MAJOR``).
    """
    if twelve is not None:
        winners = (twelve,)
    elif winners is None:
        best = max(total for _entry, total in seats)
        winners = tuple(entry for entry, total in seats if total == best)
    return TableResult(
        round_,
        number,
        tuple(
            SeatResult(
                entry,
                total,
                won=entry in winners,
                twelve_tricks=entry == twelve,
                figures={"twelve_trick_wins": 1} if entry == twelve else {},
            )
            for entry, total in seats
        ),
    )


def by_name(rows):
    return {row.name: row for row in rows}


def summary(rows, *columns):
    """``(rank label, name, score, *tie-break values)`` per row, for one-line comparisons."""
    from matches.standings import rank_label

    return [
        (rank_label(row), row.name, row.score, *(row.tie_break_values[c] for c in columns))
        for row in rows
    ]
