"""Builders and checks for seating tests, stated without the code under test."""

from collections import Counter
from itertools import combinations

from matches.seating import History, PlayedRound, Standing, seat
from matches.seating.model import pair


def history(*rounds):
    """A history from rounds written as lists of tables (tuples of entries); a round may
    end with ``("bye", entry, ...)`` for its byes."""
    played = []
    for number, tables in enumerate(rounds, 1):
        byes = ()
        if tables and tables[-1][0] == "bye":
            byes = tuple(tables[-1][1:])
            tables = tables[:-1]
        played.append(PlayedRound(number, tuple(tuple(t) for t in tables), byes))
    return History(tuple(played))


def ranked(*entries, scores=None):
    """Standings rows, best first, ranks 1, 2, ...; ``scores`` default to descending."""
    return [
        Standing(entry, rank, scores[rank - 1] if scores else len(entries) - rank)
        for rank, entry in enumerate(entries, 1)
    ]


def groups(seating):
    """The tables as sets (seat order is drawn), in table order."""
    return [set(table.entries) for table in seating.tables]


def pair_counts(rounds):
    """How often each pair met over rounds given as lists of tables."""
    met = Counter()
    for tables in rounds:
        for table in tables:
            for first, second in combinations(sorted(table), 2):
                met[first, second] += 1
    return met


def repeat_pairs(rounds):
    return sum(times - 1 for times in pair_counts(rounds).values() if times > 1)


def run_event(entries, sizes, rounds, *, first="draw", later="mixed", seed=0, **options):
    """Seat ``rounds`` rounds one after another with unchanged entries, each round's
    seating becoming history for the next; the seatings."""
    seatings = []
    past = History()
    for number in range(1, rounds + 1):
        seating = seat(
            first if number == 1 else later,
            entries,
            sizes,
            round=number,
            rounds=rounds,
            history=past,
            seed=seed + number,
            **options,
        )
        seatings.append(seating)
        past = History((*past.rounds, seating.as_round()))
    return seatings


def every_seating(entries, sizes):
    """Every seating of ``entries`` at tables of ``sizes`` (tables as frozensets; a
    seating as a set of them, so that table order and seat order do not count)."""
    found = set()

    def fill(left, sizes_left, tables):
        if not sizes_left:
            found.add(frozenset(tables))
            return
        for members in combinations(left, sizes_left[0]):
            rest = [e for e in left if e not in members]
            fill(rest, sizes_left[1:], (*tables, frozenset(members)))

    fill(list(entries), list(sizes), ())
    return found


def fewest_new_repeats(entries, sizes, past, most=None):
    """The fewest repeat pairs a seating adds; with ``most``, of the seatings in which no
    pair meets more than ``most`` times (none: ``None``)."""
    met = past.meetings()
    return min(
        (
            sum(1 for table in seating for a, b in combinations(table, 2) if pair(a, b) in met)
            for seating in every_seating(entries, sizes)
            if most is None
            or all(met[pair(a, b)] < most for table in seating for a, b in combinations(table, 2))
        ),
        default=None,
    )
