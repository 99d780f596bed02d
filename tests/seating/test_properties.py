"""Properties of seating over random small tournaments.

A random tournament: a game's table sizes, 2–16 entries this round, a history of up to
three rounds seated at random (with entries since withdrawn, and byes), standings with
ties or none, a few keep-apart pairs. The expectations are stated without the code under
test: counted again from the seating, or found by trying every seating there is.
"""

import random
from collections import Counter
from itertools import combinations, permutations

from hypothesis import given, settings
from hypothesis import strategies as st

from matches.rules import table_sizes
from matches.rules.base import RuleError
from matches.seating import (
    History,
    PlayedRound,
    seat,
)
from matches.seating.matching import Pairing
from matches.seating.model import pair
from matches.seating.planner import PlanSearch, _greedy, _problem

from .support import BUDGET, _check_seating, tournaments

PROPERTY = settings(max_examples=60, deadline=None)


@PROPERTY
@given(tournaments(), st.sampled_from(["draw", "standings", "mixed"]))
def test_every_entry_is_seated_once_at_an_allowed_table(tournament, method):
    sizes, entries, history, standings, apart, seed = tournament
    seating = seat(
        method,
        entries,
        sizes,
        round=len(history.rounds) + 1,
        rounds=5,
        history=history,
        standings=standings,
        keep_apart=apart,
        seed=seed,
        budget=BUDGET,
    )
    _check_seating(seating, sizes, entries, history, standings, apart)


@PROPERTY
@given(tournaments(), st.sampled_from(["draw", "standings", "mixed"]))
def test_byes_go_to_the_fewest_byes_then_the_lowest(tournament, method):
    sizes, entries, history, standings, apart, seed = tournament
    seating = seat(
        method,
        entries,
        sizes,
        history=history,
        standings=standings,
        keep_apart=apart,
        seed=seed,
        budget=BUDGET,
    )
    had = Counter(e for played in history.rounds for e in played.byes)
    rank = {row.entry: row.rank for row in standings}
    last = max(rank.values(), default=0) + 1
    seated = [e for t in seating.tables for e in t.entries]
    for bye in seating.byes:
        for other in seated:
            # Nobody gets a second bye before everyone has had one...
            assert had[bye] <= had[other]
            # ... and among equals the bye goes to the lowest in the standings.
            if had[bye] == had[other]:
                assert rank.get(bye, last) >= rank.get(other, last)


@PROPERTY
@given(tournaments(), st.sampled_from(["draw", "standings", "mixed"]))
def test_the_same_seed_gives_the_same_seating(tournament, method):
    sizes, entries, history, standings, apart, seed = tournament
    options = dict(
        history=history, standings=standings, keep_apart=apart, seed=seed, budget=BUDGET, rounds=4
    )
    first = seat(method, entries, sizes, **options)
    again = seat(method, entries, sizes, **options)
    assert first == again
    assert first.plan == again.plan


def _seatings(entries, table_sizes_):
    """Every way to seat ``entries`` at tables of the given sizes (as sets)."""
    if not table_sizes_:
        yield []
        return
    size, rest_sizes = table_sizes_[0], table_sizes_[1:]
    first, rest = entries[0], entries[1:]
    for mates in combinations(rest, size - 1):
        left = [e for e in rest if e not in mates]
        for more in _seatings(left, rest_sizes):
            yield [{first, *mates}, *more]


@PROPERTY
@given(tournaments(most=9, apart=1), st.sampled_from(["draw", "standings", "mixed"]))
def test_keep_apart_pairs_are_kept_apart_whenever_a_seating_does(tournament, method):
    sizes, entries, history, standings, apart, seed = tournament
    seating = seat(
        method,
        entries,
        sizes,
        history=history,
        standings=standings,
        keep_apart=apart,
        seed=seed,
        budget=BUDGET,
    )
    seated = sorted(e for t in seating.tables for e in t.entries)
    sizes_ = sorted(len(t.entries) for t in seating.tables)
    possible = any(
        not any({a, b} <= table for a, b in apart for table in tables)
        for order in set(permutations(sizes_))
        for tables in _seatings(seated, list(order))
    )
    if possible:
        assert seating.quality.apart_broken == ()


# -- swiss ------------------------------------------------------------------------------

SIEBEN = table_sizes("sieben", "two-player")


def _pairings(entries):
    """Every pairing of ``entries`` with one bye when their number is odd: (pairs, bye)."""
    if len(entries) % 2:
        for bye in entries:
            for pairs, _none in _pairings([e for e in entries if e != bye]):
                yield pairs, bye
        return
    if not entries:
        yield [], None
        return
    first, rest = entries[0], entries[1:]
    for partner in rest:
        for pairs, _none in _pairings([e for e in rest if e != partner]):
            yield [(first, partner), *pairs], None


@PROPERTY
@given(tournaments(rules=[SIEBEN], most=8))
def test_swiss_never_pairs_a_rematch_while_another_pairing_exists(tournament):
    _sizes, entries, history, standings, _apart, seed = tournament
    seating = seat("swiss", entries, SIEBEN, history=history, standings=standings, seed=seed)
    _check_seating(seating, SIEBEN, entries, history, standings, ())
    met = history.meetings()
    had = Counter(e for played in history.rounds for e in played.byes)
    fewest = min(had[e] for e in entries)
    rematches = [sum(met[pair(a, b)] > 0 for a, b in pairs) for pairs, _bye in _pairings(entries)]
    if min(rematches) == 0:
        assert seating.quality.created == 0
    # A bye at most once (fewest first) whenever that leaves a pairing without a rematch.
    if seating.byes and any(
        r == 0 and had[bye] == fewest
        for r, (_pairs, bye) in zip(rematches, _pairings(entries), strict=True)
    ):
        assert had[seating.byes[0]] == fewest
    assert len(seating.byes) == len(entries) % 2


# -- the parts --------------------------------------------------------------------------


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 5).map(lambda half: 2 * half), st.data())
def test_pairing_is_perfect_exactly_when_a_perfect_matching_exists(n, data):
    edges = data.draw(st.sets(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=25))
    edges = {(a, b) for a, b in edges if a != b}
    allowed = [[b for b in range(n) if (a, b) in edges or (b, a) in edges] for a in range(n)]
    exists = any(
        all((a, b) in edges or (b, a) in edges for a, b in pairs)
        for pairs, _bye in _pairings(list(range(n)))
    )
    pairing = Pairing(allowed)
    assert pairing.perfect == exists
    if exists:
        # Fixing pairs one by one, each accepted only when the rest can still be paired,
        # ends in a complete pairing.
        left = list(range(n))
        while left:
            v = left.pop(0)
            w = next(w for w in left if pairing.fix(v, w))
            assert (v, w) in edges or (w, v) in edges
            left.remove(w)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6))
def test_the_searchs_running_cost_matches_a_recount(seed):
    rng = random.Random(seed)
    k = rng.choice([2, 3, 4])
    n = k * rng.randint(2, 5)
    entries = list(range(n))
    played = []
    for number in range(rng.randint(0, 2)):
        rng.shuffle(entries)
        played.append(PlayedRound(number, tuple(tuple(entries[j : j + k]) for j in range(0, n, k))))
    played = tuple(played)
    apart = [(rng.randrange(n), rng.randrange(n)) for _ in range(rng.randint(0, 3))]
    apart = [(a, b) for a, b in apart if a != b]
    rank = {e: rng.randrange(n) for e in entries} if rng.random() < 0.5 else None
    sitters = rng.random() < 0.5
    problem = _problem(
        sorted(entries),
        [k] * (n // k),
        [],
        3,
        History(played),
        rng,
        rank,
        (lambda size: sitters and size == k),
        apart,
    )
    search = PlanSearch(problem, rng)
    search.load(_greedy(problem, rng))
    for _move in range(12):
        r = rng.randrange(3)
        a, b = rng.sample(range(n // k), 2)
        p, q = rng.choice(search.tables[r][a]), rng.choice(search.tables[r][b])
        change = search.delta(r, p, q)
        search.swap(r, p, q, change)
        assert search.cost == search.full_cost()
        assert search.levels() == search.terms()
        best = search._best_move(1, {}, search.cost)
        if best is not None:
            assert best[0] == search.delta(*best[1:])


def test_too_few_for_a_table_is_refused_whatever_the_method():
    for method in ("draw", "standings", "mixed", "swiss"):
        try:
            seat(method, [1], SIEBEN)
        except RuleError as refused:
            assert refused.field == "entries"
        else:
            raise AssertionError(method)
