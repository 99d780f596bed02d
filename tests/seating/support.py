"""Builders and checks for seating tests, stated without the code under test."""

import random
from collections import Counter
from itertools import combinations

from hypothesis import strategies as st

from matches.rules import table_sizes
from matches.seating import History, PlayedRound, Standing, seat, split
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


# Random small tournaments and the checks every seating passes (test_properties.py and
# Skat's in test_skat_tables.py).
BUDGET = 5_000  # a short search: the properties hold whatever the search finds

RULES = [
    table_sizes("sergeant-major", "8-5-3"),
    table_sizes("sergeant-major", "four-player"),
    table_sizes("sheepshead", "standard"),
    table_sizes("sieben", "two-player"),
]


@st.composite
def tournaments(draw, rules=RULES, most=16, apart=0):
    sizes = draw(st.sampled_from(rules))
    n = draw(st.integers(sizes.minimum, most))
    entries = list(range(n))
    gone = list(range(100, 100 + draw(st.integers(0, 2))))  # withdrawn since
    rng = random.Random(draw(st.integers(0, 2**32)))
    rounds = []
    for number in range(1, draw(st.integers(0, 3)) + 1):
        players = entries + gone
        rng.shuffle(players)
        byes_n = rng.randint(0, min(2, len(players) - 2))
        byes, rest = players[:byes_n], players[byes_n:]
        tables, start = [], 0
        while len(rest) - start >= 2:
            size = min(rng.randint(2, 5), len(rest) - start)
            tables.append(tuple(rest[start : start + size]))
            start += size
        rounds.append(PlayedRound(number, tuple(tables), tuple(byes + rest[start:])))
    history = History(tuple(rounds))
    standings = ()
    if draw(st.booleans()):
        order = entries[:]
        rng.shuffle(order)
        ranks = sorted(rng.randint(1, n) for _ in order)
        standings = [Standing(e, r, n - r) for e, r in zip(order, ranks, strict=True)]
    apart = draw(
        st.lists(st.sampled_from(list(combinations(entries, 2))), min_size=apart, max_size=3)
    )
    return sizes, entries, history, standings, apart, draw(st.integers(0, 10**6))


def _check_seating(seating, sizes, entries, history, standings, apart):
    seated = [e for t in seating.tables for e in t.entries]
    # Every entry seated exactly once or given a bye, nobody else.
    assert sorted(seated + list(seating.byes)) == sorted(entries)
    layout = split(len(entries), sizes)
    assert sorted(len(t.entries) for t in seating.tables) == sorted(layout.tables)
    assert len(seating.byes) == layout.byes
    for number, table in enumerate(seating.tables, 1):
        assert table.number == number
        assert sizes.allows(len(table.entries))
        assert 0 <= table.first_dealer < len(table.entries)
        assert table.sitter == (len(table.entries) == sizes.standard + 1 and sizes.sitter)
    # The figure, counted again.
    met = Counter()
    for played in history.rounds:
        for table in played.tables:
            for a, b in combinations(table, 2):
                met[pair(a, b)] += 1
    before = sum(m - 1 for m in met.values() if m > 1)
    created = 0
    for table in seating.tables:
        for a, b in combinations(table.entries, 2):
            created += met[pair(a, b)] > 0
            met[pair(a, b)] += 1
    assert seating.quality.created == created
    assert seating.quality.total == before + created
    assert seating.quality.most_met == max(met.values(), default=0)
    assert seating.quality.lower_bound <= seating.quality.total
    broken = {
        pair(a, b)
        for a, b in apart
        if seating.table_of(a) is seating.table_of(b) and seating.table_of(a) is not None
    }
    assert {pair(a, b) for a, b in seating.quality.apart_broken} == broken
