"""A tabu search for rounds without repeats: the social golfer search of Dotú and Van
Hentenryck ("Scheduling social golfers locally", CPAIOR 2005), as a pure function.

``schedule(players, sizes, rounds, played=…, seed=…)`` seats ``rounds`` rounds of the
players 0..players−1 at tables of ``sizes`` (the same tables every round; players beyond
their sum sit out, by ``byes``), so that as few pairs as possible meet again, counting the
rounds ``played`` before (which stay as they are).

How: each round starts from a greedy seating (each player to the table where it meets
fewest it has met), then, move by move, the best swap of two players at different tables
of one round, one of them in conflict (at a table with someone it meets more than once);
a player swapped away from a table may not go back to it for a few moves unless that
beats the best plan so far; after a stretch without a better plan the best one is taken
up again, shaken by a few random swaps. The figures a move needs are kept up to date as
moves are made, so that a move is judged by a handful of look-ups:

    known[r][p][t]  how many at table t of round r player p has met (in any round)
    again[r][p]     how many at p's own table of round r it meets more than once

and swapping p (table a) with q (table b) in round r changes the repeats by

    known[r][q][a] + known[r][p][b] − 2·[p and q have met] − again[r][p] − again[r][q].

When nothing has been played yet and every table has the same size, the same search is
tried first on a cyclic plan (``cyclic``): one base round on the points Z_m × levels plus
a few fixed points, round i being the base round with i added to every element of Z_m
(the fixed points stay). A swap in the base round then swaps the players in every round
at once, and a pair's meetings are counted by its orbit under the translations: the
space is far smaller, and where the numbers allow such a plan (32 in fours over 9 rounds:
Z_9 × 3 levels and 5 fixed points) it is found in a fraction of the time.

Effort is counted in moves judged, never in seconds: the same input and seed give the
same rounds on any machine.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

LARGEST = 256  # players: beyond, its figures per round and player grow too big to keep
EFFORT = 3_000_000  # moves judged: 32 players in fours over 9 rounds need far fewer
TENURE = (4, 12)  # moves before a player may go back to the table it was swapped from
STALL = 600  # moves without a better plan before the best one is shaken up
SHAKES = 3  # random swaps per shake-up (in rounds with a conflict)

Rounds = list[list[list[int]]]


def schedule(
    players: int,
    sizes: Sequence[int],
    rounds: int,
    *,
    played: Sequence[Sequence[Sequence[int]]] = (),
    byes: Sequence[Sequence[int]] = (),
    seed: int = 0,
    effort: int = EFFORT,
    start: Rounds | None = None,
) -> Rounds:
    """``rounds`` rounds, each a list of tables (lists of players, in the order of
    ``sizes``), with as few repeat pairs as the search finds within ``effort``.

    ``played``: rounds before, as tables of players (fixed; their meetings count).
    ``byes``: per planned round, who sits out (their number is players − sum(sizes)).
    ``start``: a plan to begin from instead of the greedy one."""
    rng = random.Random(seed)
    if start is None and not played and not any(byes) and len(set(sizes)) == 1:
        found = cyclic(players, sizes[0], rounds, rng, effort // 2)
        if found is not None:
            return found
    search = _Search(players, tuple(sizes), rounds, played, byes, rng)
    search.load(start if start is not None else search.greedy())
    search.run(effort)
    return search.best_plan


def repeats(rounds: Sequence[Sequence[Sequence[int]]]) -> int:
    """Meetings beyond each pair's first, over ``rounds``."""
    met: dict[tuple[int, int], int] = {}
    extra = 0
    for tables in rounds:
        for table in tables:
            for i, p in enumerate(table):
                for q in table[i + 1 :]:
                    key = (p, q) if p < q else (q, p)
                    times = met.get(key, 0)
                    extra += times > 0
                    met[key] = times + 1
    return extra


class _Search:
    def __init__(self, n, sizes, rounds, played, byes, rng):
        self.n, self.sizes, self.rounds, self.rng = n, sizes, rounds, rng
        seated = sum(sizes)
        self.byes = [sorted(byes[r]) if r < len(byes) else [] for r in range(rounds)]
        for out in self.byes:
            if n - len(out) != seated:
                raise ValueError("the tables do not seat the players who play")
        self.history = [[0] * n for _p in range(n)]
        for tables in played:
            for table in tables:
                for i, p in enumerate(table):
                    for q in table[i + 1 :]:
                        self.history[p][q] += 1
                        self.history[q][p] += 1
        self.judged = 0
        self.best_plan: Rounds = []
        self.best_cost = -1

    # -- the plan and its figures --

    def greedy(self) -> Rounds:
        """Round by round, players in a random order, each to the table (with room) where
        it meets fewest it has met; the earliest such table among equals."""
        met = [row[:] for row in self.history]
        plan = []
        for out in self.byes:
            skip = set(out)
            order = [p for p in range(self.n) if p not in skip]
            self.rng.shuffle(order)
            tables: list[list[int]] = [[] for _size in self.sizes]
            for p in order:
                row = met[p]
                best_t, best_key = -1, None
                for t, table in enumerate(tables):
                    if len(table) < self.sizes[t]:
                        key = sum(row[x] for x in table)
                        if best_key is None or key < best_key:
                            best_t, best_key = t, key
                tables[best_t].append(p)
            for table in tables:
                for i, p in enumerate(table):
                    for q in table[i + 1 :]:
                        met[p][q] += 1
                        met[q][p] += 1
            plan.append(tables)
        return plan

    def load(self, plan: Rounds) -> None:
        n, tables_n = self.n, len(self.sizes)
        self.tables = [[list(table) for table in tables] for tables in plan]
        self.where = [[-1] * n for _r in plan]
        for r, tables in enumerate(self.tables):
            for t, table in enumerate(tables):
                for p in table:
                    self.where[r][p] = t
        count = self.count = [row[:] for row in self.history]
        for tables in self.tables:
            for table in tables:
                for i, p in enumerate(table):
                    for q in table[i + 1 :]:
                        count[p][q] += 1
                        count[q][p] += 1
        self.known = []
        self.again = []
        for r, tables in enumerate(self.tables):
            known_r = [[0] * tables_n for _p in range(n)]
            again_r = [0] * n
            where = self.where[r]
            for p in range(n):
                row, mine = count[p], known_r[p]
                for x in range(n):
                    if row[x] and where[x] >= 0:
                        mine[where[x]] += 1
                if where[p] >= 0:
                    again_r[p] = sum(1 for x in tables[where[p]] if x != p and row[x] > 1)
            self.known.append(known_r)
            self.again.append(again_r)
        self.cost = sum(
            max(0, count[p][q] - 1) - max(0, self.history[p][q] - 1)
            for p in range(n)
            for q in range(p + 1, n)
        )
        if self.best_cost < 0 or self.cost < self.best_cost:
            self._keep()

    def _keep(self) -> None:
        self.best_cost = self.cost
        self.best_plan = [[list(table) for table in tables] for tables in self.tables]

    def _meet(self, p: int, q: int, step: int) -> None:
        """Count one meeting more (step 1) or fewer (−1) of p and q, and the figures."""
        count = self.count
        old = count[p][q]
        new = old + step
        count[p][q] = count[q][p] = new
        if not old or not new:  # p and q become acquainted, or strangers again
            for r in range(self.rounds):
                where = self.where[r]
                tp, tq = where[p], where[q]
                known = self.known[r]
                if tq >= 0:
                    known[p][tq] += step
                if tp >= 0:
                    known[q][tp] += step
        elif old + new == 3:  # met twice, or once again: where they sit together
            for r in range(self.rounds):
                where = self.where[r]
                if where[p] == where[q] >= 0:
                    again = self.again[r]
                    again[p] += step
                    again[q] += step

    def _move(self, r: int, p: int, a: int, b: int) -> None:
        """Player p from table a to table b of round r (meeting counts unchanged)."""
        row = self.count[p]
        for x, known in enumerate(self.known[r]):
            if row[x]:
                known[a] -= 1
                known[b] += 1
        again = self.again[r]
        self.tables[r][a].remove(p)
        for x in self.tables[r][a]:
            if row[x] > 1:
                again[x] -= 1
        mine = 0
        for y in self.tables[r][b]:
            if row[y] > 1:
                again[y] += 1
                mine += 1
        again[p] = mine
        self.tables[r][b].append(p)
        self.where[r][p] = b

    def swap(self, r: int, p: int, q: int) -> None:
        where = self.where[r]
        a, b = where[p], where[q]
        for x in self.tables[r][a]:
            if x != p:
                self._meet(p, x, -1)
        for y in self.tables[r][b]:
            if y != q:
                self._meet(q, y, -1)
        self._move(r, p, a, b)
        self._move(r, q, b, a)
        for x in self.tables[r][a]:
            if x != q:
                self._meet(q, x, 1)
        for y in self.tables[r][b]:
            if y != p:
                self._meet(p, y, 1)

    def change(self, r: int, p: int, q: int) -> int:
        """What swapping p and q in round r does to the repeats."""
        where, known, again = self.where[r], self.known[r], self.again[r]
        a, b = where[p], where[q]
        both = 2 if self.count[p][q] else 0
        return known[q][a] + known[p][b] - both - again[p] - again[q]

    # -- the search --

    def run(self, effort: int) -> None:
        if self.best_cost == 0 or len(self.sizes) < 2:
            return
        rng = self.rng
        rounds = self.rounds
        barred = [{} for _r in range(rounds)]  # per round: swapped pair → until which move
        move = since = 0
        while self.judged < effort and self.best_cost > 0:
            move += 1
            chosen = self._best_move(move, barred)
            if chosen is None:
                self._shake()
                continue
            step, r, p, q = chosen
            self.swap(r, p, q)
            self.cost += step
            barred[r][p * self.n + q if p < q else q * self.n + p] = move + rng.randint(*TENURE)
            if self.cost < self.best_cost:
                self._keep()
                since = 0
            else:
                since += 1
                if since >= STALL:
                    self.load(self.best_plan)
                    self._shake()
                    since = 0

    def _best_move(self, move: int, barred):
        """The best allowed swap (change, round, p, q), p in conflict; random among
        equals. A swap that takes a player back to a table it left lately is allowed
        only when it beats the best plan."""
        best_step = None
        found: list[tuple[int, int, int]] = []
        aspire = self.best_cost - self.cost  # a step below this beats the best plan
        count = self.count
        n = self.n
        judged = 0
        for r in range(self.rounds):
            tables, where = self.tables[r], self.where[r]
            known, again, bar = self.known[r], self.again[r], barred[r]
            for p, clash in enumerate(again):
                if not clash:
                    continue
                a = where[p]
                known_p, row = known[p], count[p]
                pn = p * n
                for b, table in enumerate(tables):
                    if b == a:
                        continue
                    base = known_p[b] - clash
                    judged += len(table)
                    for q in table:
                        step = base + known[q][a] - again[q]
                        if row[q]:
                            step -= 2
                        if best_step is not None and step > best_step:
                            continue
                        if step >= aspire and bar.get(pn + q if p < q else q * n + p, 0) >= move:
                            continue
                        if best_step is None or step < best_step:
                            best_step, found = step, [(r, p, q)]
                        else:
                            found.append((r, p, q))
        self.judged += judged
        if best_step is None:
            return None
        r, p, q = found[self.rng.randrange(len(found))] if len(found) > 1 else found[0]
        return best_step, r, p, q

    def _shake(self) -> None:
        """A few random swaps, in rounds with a conflict, to leave a local minimum."""
        rng = self.rng
        rounds = [r for r in range(self.rounds) if any(self.again[r])] or list(range(self.rounds))
        for _step in range(SHAKES):
            r = rng.choice(rounds)
            a, b = rng.sample(range(len(self.sizes)), 2)
            p, q = rng.choice(self.tables[r][a]), rng.choice(self.tables[r][b])
            step = self.change(r, p, q)
            self.swap(r, p, q)
            self.cost += step
            self.judged += 1


# -- the cyclic plan --------------------------------------------------------------------


def cyclic(players: int, size: int, rounds: int, rng: random.Random, effort: int) -> Rounds | None:
    """Rounds without a repeat made of base rounds developed over Z_m, if the tabu search
    finds them within ``effort`` for one of the shapes the numbers allow."""
    shapes = list(_shapes(players, size, rounds))
    for number, (m, levels, fixed, bases) in enumerate(shapes):
        search = _CyclicSearch(m, levels, fixed, size, bases, rng)
        # Half of what is left to each shape but the last: the likeliest come first.
        found = search.run(effort if number == len(shapes) - 1 else effort // 2)
        effort -= search.judged
        if found is not None:
            plan = [
                [[_shift(p, i // bases, m, levels) for p in table] for table in found[i % bases]]
                for i in range(rounds)
            ]
            if repeats(plan) == 0:
                return plan
        if effort <= 0:
            break
    return None


def _shapes(players: int, size: int, rounds: int):
    """(m, levels, fixed, bases) with m·levels + fixed = players and m·bases ≥ rounds,
    one base round first, then two; each fixed point sits at its own table with players
    of as many different levels (else it would meet one of them twice), so fixed ≤
    players / size and levels ≥ size − 1 where fixed > 0."""
    if players % size or size < 2 or rounds < 2:
        return
    for bases in (1, 2):
        least = -(-rounds // bases)
        for m in range(max(least, 2), least + 2):
            for fixed in range(players // size + 1):
                levels, rest = divmod(players - fixed, m)
                if rest or not levels or (fixed and levels < size - 1):
                    continue
                # The pairs the translates seat, against the pairs not in a short orbit.
                seated = m * bases * (players // size) * size * (size - 1) // 2
                short = fixed * (fixed - 1) // 2 + (levels * m // 2 if m % 2 == 0 else 0)
                if seated <= players * (players - 1) // 2 - short:
                    yield m, levels, fixed, bases


def _shift(point: int, by: int, m: int, levels: int) -> int:
    if point >= m * levels:
        return point
    level, x = divmod(point, m)
    return level * m + (x + by) % m


class _CyclicSearch:
    """The base rounds under change: their tables, and how many of their pairs fall in
    each orbit of pairs under Z_m (a pair whose orbit is short, such as two fixed points,
    would meet in more than one round whatever the rest: it counts as a conflict by
    itself). A move swaps two players at different tables of one base round."""

    def __init__(self, m, levels, fixed, size, bases, rng):
        self.rng = rng
        n = self.n = m * levels + fixed
        moving = m * levels
        ids: dict[tuple, int] = {}
        orbit = [[-1] * n for _p in range(n)]
        for a in range(n):
            for b in range(a + 1, n):
                if a >= moving:
                    continue  # two fixed points: they would meet every round
                la, xa = divmod(a, m)
                if b >= moving:
                    key = ("fixed", b, la)
                else:
                    lb, xb = divmod(b, m)
                    d = (xb - xa) % m
                    if la == lb:
                        d = min(d, m - d)
                        if 2 * d == m:
                            continue  # x and x + m/2: their orbit is half as long
                    key = (la, lb, d)
                orbit[a][b] = orbit[b][a] = ids.setdefault(key, len(ids))
        self.orbit = orbit
        self.count = [0] * len(ids)
        self.tables = []
        self.where = []
        for _base in range(bases):
            points = list(range(n))
            rng.shuffle(points)
            tables = [points[i : i + size] for i in range(0, n, size)]
            where = [0] * n
            for t, table in enumerate(tables):
                for p in table:
                    where[p] = t
            self.tables.append(tables)
            self.where.append(where)
        self.short = 0
        for tables in self.tables:
            for table in tables:
                for i, p in enumerate(table):
                    for q in table[i + 1 :]:
                        o = orbit[p][q]
                        if o < 0:
                            self.short += 1
                        else:
                            self.count[o] += 1
        self.cost = self.short + sum(c - 1 for c in self.count if c > 1)
        self.judged = 0

    def _conflicted(self) -> list[tuple[int, int]]:
        orbit, count = self.orbit, self.count
        return [
            (base, p)
            for base, tables in enumerate(self.tables)
            for table in tables
            for p in table
            if any(q != p and (orbit[p][q] < 0 or count[orbit[p][q]] > 1) for q in table)
        ]

    def _change(self, base: int, p: int, q: int, apply: bool) -> int:
        """The change of cost if p and q swap tables in a base round; made when ``apply``."""
        orbit, count = self.orbit, self.count
        table_a = self.tables[base][self.where[base][p]]
        table_b = self.tables[base][self.where[base][q]]
        gone = [orbit[p][x] for x in table_a if x != p]
        gone += [orbit[q][y] for y in table_b if y != q]
        came = [orbit[q][x] for x in table_a if x != p]
        came += [orbit[p][y] for y in table_b if y != q]
        step = 0
        for o in gone:
            if o < 0:
                step -= 1
            else:
                count[o] -= 1
                if count[o]:
                    step -= 1
        for o in came:
            if o < 0:
                step += 1
            else:
                if count[o]:
                    step += 1
                count[o] += 1
        if not apply:
            for o in came:
                if o >= 0:
                    count[o] -= 1
            for o in gone:
                if o >= 0:
                    count[o] += 1
        return step

    def _swap(self, base: int, p: int, q: int) -> None:
        self.cost += self._change(base, p, q, True)
        where = self.where[base]
        a, b = where[p], where[q]
        table_a, table_b = self.tables[base][a], self.tables[base][b]
        table_a[table_a.index(p)] = q
        table_b[table_b.index(q)] = p
        where[p], where[q] = b, a

    def run(self, effort: int) -> list[list[list[int]]] | None:
        rng = self.rng
        best_cost, best = self.cost, self._copy()
        barred: dict[tuple[int, int, int], int] = {}
        move = since = 0
        while self.cost and self.judged < effort:
            move += 1
            chosen, low = [], None
            for base, p in self._conflicted():
                where = self.where[base]
                for q in range(self.n):
                    if where[q] == where[p]:
                        continue
                    self.judged += 1
                    step = self._change(base, p, q, False)
                    if low is not None and step > low:
                        continue
                    key = (base, p, q) if p < q else (base, q, p)
                    if barred.get(key, 0) >= move and self.cost + step >= best_cost:
                        continue
                    if low is None or step < low:
                        chosen, low = [(base, p, q)], step
                    else:
                        chosen.append((base, p, q))
            if not chosen:
                break
            base, p, q = rng.choice(chosen)
            self._swap(base, p, q)
            barred[(base, p, q) if p < q else (base, q, p)] = move + rng.randint(*TENURE)
            if self.cost < best_cost:
                best_cost, best, since = self.cost, self._copy(), 0
            else:
                since += 1
                if since >= STALL:
                    self._restore(best)
                    for _step in range(SHAKES):
                        base = rng.randrange(len(self.tables))
                        p, q = rng.sample(range(self.n), 2)
                        if self.where[base][p] != self.where[base][q]:
                            self._swap(base, p, q)
                    since = 0
        return self.tables if self.cost == 0 else None

    def _copy(self) -> list[list[list[int]]]:
        return [[table[:] for table in tables] for tables in self.tables]

    def _restore(self, plan: list[list[list[int]]]) -> None:
        """Back to ``plan`` by swaps (the orbit counts follow)."""
        for base, tables in enumerate(plan):
            for t, table in enumerate(tables):
                for p in table:
                    where = self.where[base]
                    if where[p] != t:
                        q = next(x for x in self.tables[base][t] if x not in table)
                        self._swap(base, p, q)
