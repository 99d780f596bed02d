"""Repeats spread over many pairs, sitter tables in turn (issue 23, items 2 and 4;
docs/tournaments.md §3).

A plan minimises the most times any pair meets first, then the repeat pairs, then Σ m²
(issue 31, item 10; the repeat pairs came first before it), then (after the next round's
repeats and its spread) the spread of sitter-table rounds over the event.
The baselines here are written without the code under test: a dipvis-style seater (one
round at a time, random swaps kept when the tables' earlier meetings do not grow), with
the sitter tables given in turn to those who sat at one least.
"""

import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from matches.rules import table_sizes
from matches.seating import History, Standing, seat, split

from .support import pair_counts, repeat_pairs, run_event

SERGEANT_MAJOR = table_sizes("sergeant-major", "8-5-3")  # four-seat tables with a sitter
SHEEPSHEAD = table_sizes("sheepshead", "standard")  # tables of 4, 5 and 6 (a sitter)
BUDGET = 20_000  # a short search: the properties must hold with it
EXAMPLE_BUDGET = 60_000  # a couple of seconds an event


def dipvis(entries, sizes, rounds, seed, *, in_turn=False, tries=2_000):
    """A round at a time: a random seating, then random swaps of two entries at two
    tables, kept when the earlier meetings at the two tables (Σ over their pairs) do not
    grow. ``in_turn``: the sitter tables go to those who sat at one least (random among
    equals) and swaps stay between tables of one kind. The rounds as lists of tables."""
    rng = random.Random(seed)
    met, sat = Counter(), Counter()
    layout = split(len(entries), sizes)
    sitter = [sizes.has_sitter(size) for size in layout.tables]
    seats = sum(size for size, has in zip(layout.tables, sitter, strict=True) if has)
    played = []
    for _round in range(rounds):
        order = list(entries)
        rng.shuffle(order)
        order = order[: layout.seated]
        if in_turn:
            order.sort(key=lambda e: sat[e])  # stable: random among equals
            due, rest = order[:seats], order[seats:]
            rng.shuffle(rest)
            order = []
            for has, size in zip(sitter, layout.tables, strict=True):
                source = due if has else rest
                order += source[:size]
                del source[:size]
        tables, start = [], 0
        for size in layout.tables:
            tables.append(order[start : start + size])
            start += size

        def earlier(table):
            return sum(met[frozenset(pair)] for pair in combinations(table, 2))

        for _try in range(tries if len(tables) > 1 else 0):
            a, b = rng.sample(range(len(tables)), 2)
            if in_turn and sitter[a] != sitter[b]:
                continue
            i, j = rng.randrange(len(tables[a])), rng.randrange(len(tables[b]))
            before = earlier(tables[a]) + earlier(tables[b])
            tables[a][i], tables[b][j] = tables[b][j], tables[a][i]
            if earlier(tables[a]) + earlier(tables[b]) > before:
                tables[a][i], tables[b][j] = tables[b][j], tables[a][i]
        for table, has in zip(tables, sitter, strict=True):
            for pair in combinations(table, 2):
                met[frozenset(pair)] += 1
            if has:
                sat.update(table)
        played.append(tables)
    return played


def most_met(rounds):
    return max(pair_counts(rounds).values(), default=0)


def turns(rounds, sizes, entries):
    """(fewest, most) rounds at a sitter table, over every entry."""
    sat = Counter(e for tables in rounds for t in tables if sizes.has_sitter(len(t)) for e in t)
    counts = [sat[e] for e in entries]
    return min(counts), max(counts)


def planned(entries, sizes, rounds, seed, budget, first="draw"):
    seatings = run_event(entries, sizes, rounds, seed=seed, budget=budget, first=first)
    return [[t.entries for t in seating.tables] for seating in seatings]


@st.composite
def fields(draw):
    """A game with sitter tables, 5–14 entries, 2–5 rounds, a seed."""
    sizes = draw(st.sampled_from([SERGEANT_MAJOR, SHEEPSHEAD]))
    n = draw(st.integers(max(5, sizes.minimum + 1), 14))
    return sizes, list(range(n)), draw(st.integers(2, 5)), draw(st.integers(0, 10**6))


@settings(max_examples=25, deadline=None)
@given(fields())
# Hypothesis found it (2026-12-02): 11 players at Sergeant Major's tables of three with a
# sitter over 5 rounds. Both plans let no pair meet more than twice; ours has 22 repeat
# pairs to the seater's 21. Both plan round by round, and neither finds the fewest
# repeats every time, so only the first aim is held against the seater here.
@example((SERGEANT_MAJOR, list(range(11)), 5, 1))
def test_no_pair_meets_more_often_than_a_dipvis_seater_lets_it(field):
    # The most any pair meets first: where the least repeats force one pair to meet more
    # often (6 players at two tables of three over 4 rounds: 9 repeats with a pair meeting
    # 4 times, or 12 with none meeting more than twice), the plan takes the 12.
    sizes, entries, rounds, seed = field
    ours = planned(entries, sizes, rounds, seed, BUDGET)
    theirs = dipvis(entries, sizes, rounds, seed)
    assert most_met(ours) <= most_met(theirs)


@settings(max_examples=15, deadline=None)
@given(fields())
def test_sitter_tables_go_round_as_evenly_as_a_seater_in_turn(field):
    sizes, entries, rounds, seed = field
    ours = planned(entries, sizes, rounds, seed, BUDGET)
    theirs = dipvis(entries, sizes, rounds, seed, in_turn=True)

    def figure(played):
        # The order's terms over the event (the next round's own come and go each round):
        # Σ m² before the turns, so a plan may rotate less evenly for repeats spread more.
        fewest, most = turns(played, sizes, entries)
        squares = sum(m * m for m in pair_counts(played).values())
        return most_met(played), repeat_pairs(played), squares, most - fewest

    assert figure(ours) <= figure(theirs)


@pytest.mark.parametrize(
    ("sizes", "players", "repeats", "most"),
    [
        # The nights: the least repeats, where today's plan let one pair meet
        # 5 to 8 times (a dipvis-style seater: 3 or 4).
        (SHEEPSHEAD, 13, 98, 4),
        (SHEEPSHEAD, 17, 184, 4),
        (SHEEPSHEAD, 23, 187, 4),
        (SERGEANT_MAJOR, 11, 65, 3),
    ],
)
def test_eight_rounds_spread_their_repeats(sizes, players, repeats, most):
    played = planned(list(range(players)), sizes, 8, 0, EXAMPLE_BUDGET)
    assert repeat_pairs(played) == repeats
    assert most_met(played) <= most


def test_thirteen_sergeant_major_players_take_the_four_seat_table_in_turn():
    # 3 + 3 + 3 + 4: 12 sitter seats over three rounds. Planned from the first round,
    # one entry sat at the four-seat table in every round; without a repeat, the second
    # round's four-seat table holds one from each table of the first, so one entry sits
    # there twice (and one never), not more.
    thirteen = list(range(13))
    for seed in range(4):
        played = planned(thirteen, SERGEANT_MAJOR, 3, seed, BUDGET, first="mixed")
        assert repeat_pairs(played) == 0
        assert turns(played, SERGEANT_MAJOR, thirteen) == (0, 2)


def test_twenty_nine_players_sit_out_two_or_three_rounds_of_eight():
    # 3×7 + 4×2: 8 sitter seats a round, 64 over 8 rounds among 29 entries: two or three
    # each is as even as it gets (today: 0 to 4).
    entries = list(range(29))
    for seed in range(2):
        played = planned(entries, SERGEANT_MAJOR, 8, seed, EXAMPLE_BUDGET)
        assert repeat_pairs(played) == 0
        assert turns(played, SERGEANT_MAJOR, entries) == (2, 3)


def test_the_spread_swaps_after_the_plan_keep_everyones_turns():
    # With standings, mixed takes a table spread over too many ranks back by swaps after
    # the plan; a swap that moved a sitter-table seat to someone who had sat out more often
    # undid the plan's turns (1 to 4 of 8 rounds, where 2 or 3 is reachable). Since issue
    # 31, item 10 the plan itself puts the next round's spread before the sitters' turns
    # (docs/tournaments.md §3: spread second, sitters third), so the night's turns with drawn
    # standings are no longer 2 or 3 (1 to 4 again, with less spread); what is left of the
    # fix: the swaps after the plan never change anyone's turns, only the spread.
    from matches.seating import History
    from matches.seating.methods import _bound_spread

    entries = list(range(29))
    rng = random.Random(0)
    past = History()
    swapped = 0
    for number in range(1, 9):
        plan = seat(
            "draw" if number == 1 else "mixed",
            entries,
            SERGEANT_MAJOR,
            round=number,
            rounds=8,
            history=past,
            seed=number,
            budget=BUDGET,
        )  # without standings: seated with no regard to them
        groups = [list(table.entries) for table in plan.tables]
        ranked = rng.sample(entries, len(entries))
        rank = {entry: place for place, entry in enumerate(ranked, 1)}
        bounded = _bound_spread(groups, rank, past, (), SERGEANT_MAJOR.has_sitter)
        sat = past.sitter_rounds(SERGEANT_MAJOR.has_sitter)

        def turns_after(tables, sat=sat):
            after = sat + Counter(e for t in tables if SERGEANT_MAJOR.has_sitter(len(t)) for e in t)
            return sorted(after[entry] for entry in entries)

        def spread(tables, rank=rank):
            return sum(max(rank[e] for e in t) - min(rank[e] for e in t) for t in tables)

        assert turns_after(bounded) == turns_after(groups)
        assert spread(bounded) <= spread(groups)
        swapped += sum(1 for t, u in zip(groups, bounded, strict=True) if set(t) != set(u))
        past = History((*past.rounds, plan.as_round()))
    assert swapped  # the swaps were made


def test_twenty_nine_players_tied_in_the_standings_sit_out_two_or_three_rounds():
    # The sitters' turns come after the spread: where the standings do not tell the
    # entries apart, they still rotate as evenly as without standings.
    entries = list(range(29))
    past = History()
    for number in range(1, 9):
        rows = [Standing(entry, 1, 0) for entry in entries]  # nothing scored yet
        seating = seat(
            "draw" if number == 1 else "mixed",
            entries,
            SERGEANT_MAJOR,
            round=number,
            rounds=8,
            history=past,
            standings=rows if number > 1 else [],
            seed=number,
            budget=EXAMPLE_BUDGET,
        )
        past = History((*past.rounds, seating.as_round()))
    rounds = [list(played.tables) for played in past.rounds]
    assert repeat_pairs(rounds) == 0
    assert turns(rounds, SERGEANT_MAJOR, entries) == (2, 3)
