"""Known schedules without repeats (social golfer solutions), as seeds for the planner.

A design is a tuple of rounds; a round is a partition of the points 0..N−1 into groups of
k; no two points share a group in two rounds. The planner relabels a design onto the
entries (and onto the rounds already played, when they fit), which gives zero repeats
at once where a local search from scratch may need long. The constructions:

- k = 2, any even N: the circle method (a round robin, N − 1 rounds);
- N = q^m, k = q for a prime q: the parallel classes of the lines of the affine space
  AG(m, q), (q^m − 1)/(q − 1) rounds, every pair once (9×3×4, 25×5×6, 27×3×13…);
- N = 2^m, k = 2^d: the cosets of d-dimensional subspaces of GF(2)^m that pairwise meet
  only in 0 (a partial spread; 16×4×5 is the affine plane of order 4, 32×4×9);
- N = 15, k = 3: Kirkman's schoolgirls, as a packing of the lines of PG(3, 2) into seven
  spreads.
"""

from __future__ import annotations

import itertools
from functools import cache

Design = tuple[tuple[tuple[int, ...], ...], ...]

PRIMES = (2, 3, 5, 7, 11, 13)
BINARY_DIMENSIONS = range(2, 7)  # GF(2)^m up to 64 points: every subspace is listed
SPREAD_NODES = 20_000  # backtracking steps for a partial spread; the known cases need <500


def designs(players: int, table_size: int) -> tuple[Design, ...]:
    """Every known design for ``players`` at tables of ``table_size``, most rounds first."""
    found: list[Design] = []
    if table_size == 2 and players % 2 == 0 and players >= 2:
        found.append(circle(players))
    for q in PRIMES:
        if q == table_size:
            m = _log(players, q)
            if m is not None and m >= 2:
                found.append(affine(q, m))
    d = _log(table_size, 2)
    m = _log(players, 2)
    if d is not None and m is not None and 2 <= d < m and m in BINARY_DIMENSIONS:
        found.append(binary_spread(m, d))
    if (players, table_size) == (15, 3):
        found.append(kirkman())
    return tuple(sorted(found, key=len, reverse=True))


def _log(value: int, base: int) -> int | None:
    """m with base^m == value, if there is one."""
    m, power = 0, 1
    while power < value:
        power *= base
        m += 1
    return m if power == value else None


@cache
def circle(players: int) -> Design:
    """The round robin by the circle method: one point fixed, the others turn."""
    rounds = []
    turning = list(range(1, players))
    for _round in range(players - 1):
        line = [0, *turning]
        rounds.append(
            tuple(tuple(sorted((line[i], line[players - 1 - i]))) for i in range(players // 2))
        )
        turning = turning[-1:] + turning[:-1]
    return tuple(rounds)


@cache
def affine(q: int, m: int) -> Design:
    """The parallel classes of AG(m, q): for each direction, the lines along it."""
    points = list(itertools.product(range(q), repeat=m))
    index = {point: i for i, point in enumerate(points)}
    rounds = []
    for direction in points:
        # One direction per line through the origin: the first non-zero coordinate is 1.
        leading = next((x for x in direction if x), None)
        if leading != 1:
            continue
        seen: set[int] = set()
        groups = []
        for start in points:
            if index[start] in seen:
                continue
            line = tuple(
                index[tuple((a + t * b) % q for a, b in zip(start, direction, strict=True))]
                for t in range(q)
            )
            seen.update(line)
            groups.append(tuple(sorted(line)))
        rounds.append(tuple(sorted(groups)))
    return tuple(rounds)


@cache
def binary_spread(m: int, d: int) -> Design:
    """Cosets of d-subspaces of GF(2)^m that pairwise meet only in 0: two points share a
    group in the round of subspace U exactly when their sum (XOR) lies in U."""
    subspaces = _subspaces(m, d)
    chosen = _partial_spread([frozenset(s - {0}) for s in subspaces])
    rounds = []
    for i in chosen:
        subspace = subspaces[i]
        seen: set[int] = set()
        groups = []
        for point in range(2**m):
            if point in seen:
                continue
            coset = tuple(sorted(point ^ x for x in subspace))
            seen.update(coset)
            groups.append(coset)
        rounds.append(tuple(groups))
    return tuple(rounds)


def _subspaces(m: int, d: int) -> list[frozenset[int]]:
    found: dict[frozenset[int], None] = {}
    for basis in itertools.combinations(range(1, 2**m), d):
        span = {0}
        for vector in basis:
            span |= {x ^ vector for x in span}
        if len(span) == 2**d:
            found.setdefault(frozenset(span))
    return list(found)


def _partial_spread(nonzero: list[frozenset[int]]) -> list[int]:
    """The largest set of pairwise disjoint ``nonzero`` found within ``SPREAD_NODES``
    steps of a depth-first search (first index first: deterministic)."""
    size = len(next(iter(nonzero))) if nonzero else 1
    points = len(set().union(*nonzero)) if nonzero else 0
    most = points // size
    best: list[int] = []
    chosen: list[int] = []
    covered: set[int] = set()
    steps = 0

    def extend(start: int) -> bool:
        nonlocal steps, best
        steps += 1
        if len(chosen) > len(best):
            best = list(chosen)
        if len(best) >= most or steps > SPREAD_NODES:
            return True
        for i in range(start, len(nonzero)):
            if nonzero[i].isdisjoint(covered):
                chosen.append(i)
                covered.update(nonzero[i])
                if extend(i + 1):
                    return True
                chosen.pop()
                covered.difference_update(nonzero[i])
        return False

    extend(0)
    return best


@cache
def kirkman() -> Design:
    """Kirkman's fifteen schoolgirls: the 35 lines {a, b, a ⊕ b} of PG(3, 2) (the
    non-zero vectors of GF(2)^4) packed into seven spreads of five lines each."""
    points = range(1, 16)
    lines = sorted({tuple(sorted((a, b, a ^ b))) for a in points for b in points if a < b})
    used: set[tuple[int, ...]] = set()
    packing: list[list[tuple[int, ...]]] = []

    def spreads(spread: list[tuple[int, ...]], covered: set[int]):
        if len(spread) == 5:
            yield list(spread)
            return
        point = next(x for x in points if x not in covered)
        for line in lines:
            if line not in used and point in line and covered.isdisjoint(line):
                spread.append(line)
                yield from spreads(spread, covered | set(line))
                spread.pop()

    def pack() -> bool:
        if len(packing) == 7:
            return True
        first = next(line for line in lines if line not in used)
        for spread in spreads([first], set(first)):
            used.update(spread)
            packing.append(spread)
            if pack():
                return True
            packing.pop()
            used.difference_update(spread)
        return False

    assert pack()
    return tuple(tuple(sorted(tuple(x - 1 for x in line) for line in spread)) for spread in packing)
