"""The social golfer search (matches/seating/tabu.py) and the planner with it, without the
stored designs: issue 23, item 1's from-scratch target."""

import random

import pytest

from matches.seating import History, PlayedRound, tabu
from matches.seating.planner import plan

from .support import pair_counts, repeat_pairs


def _check_rounds(rounds, players, sizes, byes=()):
    for number, tables in enumerate(rounds):
        out = set(byes[number]) if number < len(byes) else set()
        assert sorted(len(table) for table in tables) == sorted(sizes)
        assert sorted(p for table in tables for p in table) == sorted(set(range(players)) - out)


def test_32_players_in_fours_over_9_rounds_without_a_repeat_from_scratch():
    rounds = tabu.schedule(32, [4] * 8, 9, seed=0)
    _check_rounds(rounds, 32, [4] * 8)
    assert max(pair_counts(rounds).values()) == 1


def test_the_planner_alone_reaches_it_too():
    # The planner without its stored designs (what a club gets whose numbers have none).
    entries = list(range(1, 33))
    planned = plan(entries, [4] * 8, [], 9, History(), random.Random(1), known_designs=False)
    assert len(planned) == 9
    assert repeat_pairs(planned) == 0


@pytest.mark.parametrize(("players", "size", "rounds"), [(15, 3, 7), (16, 4, 5), (28, 4, 9)])
def test_other_schedules_without_a_repeat(players, size, rounds):
    found = tabu.schedule(players, [size] * (players // size), rounds, seed=1)
    _check_rounds(found, players, [size] * (players // size))
    assert tabu.repeats(found) == 0


def test_the_rounds_played_count_and_stay():
    # Round 1 seated 0-2, 3-5, 6-8; the affine plane of order 3 has three more rounds
    # that avoid every pair of it, and the search finds them.
    played = [[[0, 1, 2], [3, 4, 5], [6, 7, 8]]]
    found = tabu.schedule(9, [3, 3, 3], 3, played=played, seed=1)
    _check_rounds(found, 9, [3, 3, 3])
    assert repeat_pairs(played + found) == 0


def test_byes_sit_out_and_mixed_tables_keep_their_sizes():
    byes = [[0], [1], [2]]
    found = tabu.schedule(12, [4, 4, 3], 3, byes=byes, seed=2, effort=50_000)
    _check_rounds(found, 12, [4, 4, 3], byes)
    assert [len(table) for table in found[0]] == [4, 4, 3]


def test_the_kept_figures_match_a_recount_after_every_swap():
    # known[r][p][t] and again[r][p] are kept up to date move by move; a recount from
    # the tables must agree with them (and the cost with the repeats).
    search = tabu._Search(20, (4,) * 5, 6, [], [], random.Random(1))
    search.load(search.greedy())
    rng = random.Random(7)
    for _move in range(200):
        r = rng.randrange(6)
        a, b = rng.sample(range(5), 2)
        p, q = rng.choice(search.tables[r][a]), rng.choice(search.tables[r][b])
        step = search.change(r, p, q)
        search.swap(r, p, q)
        search.cost += step
        known = [[row[:] for row in rows] for rows in search.known]
        again = [row[:] for row in search.again]
        cost = search.cost
        search.load([[table[:] for table in tables] for tables in search.tables])
        assert (known, again) == (search.known, search.again)
        assert cost == search.cost == tabu.repeats(search.tables)


def test_a_cyclic_plan_is_a_base_round_developed():
    found = tabu.cyclic(32, 4, 9, random.Random(0), 300_000)
    assert found is not None
    _check_rounds(found, 32, [4] * 8)
    assert tabu.repeats(found) == 0


def test_same_seed_same_rounds():
    first = tabu.schedule(21, [3] * 7, 6, seed=5)
    assert first == tabu.schedule(21, [3] * 7, 6, seed=5)


def test_played_rounds_are_the_history_of_the_plan():
    # The planner passes the rounds played to the search as its history.
    past = History((PlayedRound(1, ((1, 2, 3), (4, 5, 6), (7, 8, 9))),))
    planned = plan(list(range(1, 10)), [3, 3, 3], [], 3, past, random.Random(0))
    assert repeat_pairs([[list(t) for t in past.rounds[0].tables], *planned]) == 0
