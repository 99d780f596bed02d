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
  spreads;
- cyclic designs (``CYCLIC``): one or two base rounds on the points Z_m × {levels} plus a
  few fixed points ∞, developed by adding 1, 2, … to every element of Z_m (the ∞ stay):
  the difference-family method of the design literature (Bose; Ray-Chaudhuri and Wilson;
  Buratti's 1-rotational designs). A base round serves when every pair of points lies in
  a different orbit of pairs, so that its translates never seat a pair twice. The base
  rounds were found once by a short randomised backtracking search over these orbits and
  are stored here; tests/seating/test_designs.py checks every developed design pair by
  pair. They give Kirkman triple systems KTS(21) and KTS(33) (everyone meets everyone),
  nearly Kirkman triple systems NKTS(18), NKTS(24), NKTS(30) (everyone meets all but one)
  and the resolvable designs RBIBD(28, 4, 1) and RBIBD(40, 4, 1) (the parameters of the
  lines of PG(3, 3));
- N = 32, k = 4 over 10 rounds (one more than the partial spread; the social golfer
  problem's own case, first solved by Aguado): two affine planes of order 4 on the same
  16 letters, placed so that no three letters lie on a line of both, each letter doubled
  into two players; ``doubled_planes`` says how.
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
    if (players, table_size) in CYCLIC:
        found.append(cyclic(players, table_size))
    if (players, table_size) == (32, 4):
        found.append(doubled_planes())
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


# (players, table size) → (m, levels, rounds, base rounds). Point ``l·m + x`` is the element
# x of Z_m on level l; the points from ``levels·m`` on are the fixed points ∞. Round i of
# the design is every base round with i added to each element (``rounds`` translates in
# all, over the base rounds in turn). Where ``rounds`` is less than m × the base rounds,
# the base round is its own translate by ``rounds`` (a 1-rotational design: Z_32 for
# KTS(33), Z_39 for RBIBD(40, 4, 1)), so the translates repeat after ``rounds``.
CYCLIC: dict[tuple[int, int], tuple[int, int, int, tuple[tuple[tuple[int, ...], ...], ...]]] = {
    # KTS(21): Z_5 × 4 levels ∪ {∞}, two base rounds, 10 rounds, every pair once.
    (21, 3): (
        5,
        4,
        10,
        (
            (
                (0, 11, 19),
                (1, 2, 10),
                (3, 6, 8),
                (4, 15, 17),
                (5, 12, 18),
                (7, 13, 20),
                (9, 14, 16),
            ),
            (
                (0, 2, 9),
                (1, 11, 13),
                (3, 15, 20),
                (4, 5, 19),
                (6, 10, 14),
                (7, 8, 18),
                (12, 16, 17),
            ),
        ),
    ),
    # KTS(33): Z_32 ∪ {∞}, 1-rotational (the base round is fixed by adding 16), 16 rounds.
    (33, 3): (
        32,
        1,
        16,
        (
            (
                (0, 19, 26),
                (1, 12, 15),
                (2, 4, 24),
                (3, 10, 16),
                (5, 14, 29),
                (6, 7, 11),
                (8, 18, 20),
                (9, 25, 32),
                (13, 21, 30),
                (17, 28, 31),
                (22, 23, 27),
            ),
        ),
    ),
    # NKTS(18): Z_4 × 4 ∪ {∞1, ∞2}, 8 rounds; the pairs never met: ∞1∞2 and x, x + 2.
    (18, 3): (
        4,
        4,
        8,
        (
            ((0, 12, 16), (1, 6, 11), (2, 3, 10), (4, 7, 15), (5, 8, 17), (9, 13, 14)),
            ((0, 7, 9), (1, 5, 15), (2, 4, 13), (3, 12, 17), (6, 10, 16), (8, 11, 14)),
        ),
    ),
    # NKTS(24): Z_11 × 2 ∪ {∞1, ∞2}, 11 rounds.
    (24, 3): (
        11,
        2,
        11,
        (
            (
                (0, 21, 22),
                (1, 15, 18),
                (2, 7, 20),
                (3, 10, 11),
                (4, 19, 23),
                (5, 14, 16),
                (6, 8, 9),
                (12, 13, 17),
            ),
        ),
    ),
    # NKTS(30): Z_7 × 4 ∪ {∞1, ∞2}, two base rounds, 14 rounds.
    (30, 3): (
        7,
        4,
        14,
        (
            (
                (0, 4, 11),
                (1, 6, 19),
                (2, 14, 25),
                (3, 8, 21),
                (5, 20, 28),
                (7, 13, 17),
                (9, 15, 18),
                (10, 12, 24),
                (16, 26, 29),
                (22, 23, 27),
            ),
            (
                (0, 14, 27),
                (1, 9, 29),
                (2, 18, 19),
                (3, 4, 25),
                (5, 7, 24),
                (6, 12, 23),
                (8, 11, 16),
                (10, 26, 28),
                (13, 20, 21),
                (15, 17, 22),
            ),
        ),
    ),
    # RBIBD(28, 4, 1): Z_9 × 3 ∪ {∞}, 9 rounds, every pair once.
    (28, 4): (
        9,
        3,
        9,
        (
            (
                (0, 4, 18, 21),
                (1, 3, 12, 16),
                (2, 14, 24, 27),
                (5, 8, 13, 15),
                (6, 7, 22, 26),
                (9, 10, 23, 25),
                (11, 17, 19, 20),
            ),
        ),
    ),
    # RBIBD(40, 4, 1): Z_39 ∪ {∞}, 1-rotational (fixed by adding 13), 13 rounds, every
    # pair once: the parameters of PG(3, 3) resolved into 13 spreads of its lines.
    (40, 4): (
        39,
        1,
        13,
        (
            (
                (0, 16, 18, 28),
                (1, 4, 8, 23),
                (2, 13, 29, 31),
                (3, 5, 15, 26),
                (6, 7, 12, 37),
                (9, 22, 35, 39),
                (10, 27, 30, 34),
                (11, 19, 20, 25),
                (14, 17, 21, 36),
                (24, 32, 33, 38),
            ),
        ),
    ),
}


@cache
def cyclic(players: int, table_size: int) -> Design:
    """The stored cyclic design for ``players`` at tables of ``table_size``, developed."""
    m, levels, rounds, bases = CYCLIC[players, table_size]
    return develop(m, levels, rounds, bases)


def develop(m: int, levels: int, rounds: int, bases) -> Design:
    """``rounds`` rounds: the base rounds in turn, translated by 0, 1, 2, … (Z_m on each
    level; the fixed points stay)."""
    moving = m * levels

    def shift(point: int, by: int) -> int:
        if point >= moving:
            return point
        level, x = divmod(point, m)
        return level * m + (x + by) % m

    found = []
    for i in range(rounds):
        base = bases[i % len(bases)]
        by = i // len(bases)
        found.append(tuple(sorted(tuple(sorted(shift(p, by) for p in group)) for group in base)))
    return tuple(found)


# GF(4) = {0, 1, w, w²} as 0..3: addition is XOR, multiplication this table.
GF4_TIMES = ((0, 0, 0, 0), (0, 1, 2, 3), (0, 2, 3, 1), (0, 3, 1, 2))
# Where the second plane puts the first plane's letters: found once by a search for a
# placement with no three letters on a line of both planes whose signs (below) solve;
# tests/seating/test_designs.py checks the design it gives pair by pair.
SECOND_PLANE = (15, 11, 6, 10, 7, 14, 1, 3, 13, 0, 2, 12, 4, 5, 9, 8)


def affine_plane_4() -> list[list[frozenset[int]]]:
    """The five parallel classes of AG(2, 4) on the letters 0..15 (letter 4x + y is the
    point (x, y)): the lines y = mx + b for each slope m, and x = b."""
    classes = [
        [frozenset(4 * x + (GF4_TIMES[m][x] ^ b) for x in range(4)) for b in range(4)]
        for m in range(4)
    ]
    classes.append([frozenset(4 * b + y for y in range(4)) for b in range(4)])
    return classes


@cache
def doubled_planes() -> Design:
    """32 players in fours over 10 rounds, every pair at most once.

    Sixteen letters, each two players: (letter, 0) and (letter, 1). Rounds 1–5 are the
    parallel classes of an affine plane of order 4 on the letters, rounds 6–10 those of a
    second plane on the same letters (``SECOND_PLANE``), so every two letters share a line
    exactly twice, once in each plane. A line of a round seats two tables: each of its
    letters gives one of its players to the first table, by a sign s(round, letter), and
    the other to the second. Two players of letters a and b then meet in a round where a
    and b share a line, when their sides differ exactly as s(a) and s(b) differ there; so
    if, for every two letters, the two rounds that join them differ in s(a) ⊕ s(b), each
    pair of players meets once (the players of one letter never meet). Those 120 conditions
    are linear over GF(2) in the 160 signs; ``_signs`` solves them."""
    first = affine_plane_4()
    second = [[frozenset(SECOND_PLANE[p] for p in line) for line in cls] for cls in first]
    rounds = first + second
    signs = _signs(rounds)
    design = []
    for number, cls in enumerate(rounds):
        tables = []
        for line in cls:
            tables.append(tuple(sorted(2 * a + signs[number][a] for a in line)))
            tables.append(tuple(sorted(2 * a + 1 - signs[number][a] for a in line)))
        design.append(tuple(sorted(tables)))
    return tuple(design)


def _signs(rounds: list[list[frozenset[int]]]) -> list[list[int]]:
    """The signs s(round, letter) with s(r, a) ⊕ s(r, b) ⊕ s(r', a) ⊕ s(r', b) = 1 for each
    two letters a, b joined in rounds r and r', by Gaussian elimination over GF(2): each
    equation a bit mask over the 16 × rounds unknowns."""
    joined: dict[tuple[int, int], list[int]] = {}
    for number, cls in enumerate(rounds):
        for line in cls:
            for a, b in itertools.combinations(sorted(line), 2):
                joined.setdefault((a, b), []).append(number)
    pivots: dict[int, tuple[int, int]] = {}  # leading bit -> (equation, right-hand side)
    for (a, b), both in joined.items():
        mask, side = 0, 1
        for number in both:
            mask ^= 1 << (16 * number + a) | 1 << (16 * number + b)
        for bit, (row, value) in pivots.items():
            if mask >> bit & 1:
                mask, side = mask ^ row, side ^ value
        if not mask:
            if side:
                raise ValueError("these planes cannot be signed")
            continue
        lead = mask.bit_length() - 1
        for bit, (row, value) in list(pivots.items()):
            if row >> lead & 1:
                pivots[bit] = (row ^ mask, value ^ side)
        pivots[lead] = (mask, side)
    chosen = 0  # free unknowns 0; each pivot's row then holds it and free ones only
    for bit, (_row, value) in pivots.items():
        chosen |= value << bit
    return [[chosen >> (16 * number + a) & 1 for a in range(16)] for number in range(len(rounds))]
