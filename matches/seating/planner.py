"""The plan behind ``mixed``: the remaining rounds seated together (TOURNAMENTS.md §3).

What is minimised, in order (each term outweighs everything after it):

1. keep-apart pairs sharing a table, in any planned round;
2. repeat pairs over the whole event: the rounds played and the rounds planned; among
   plans with as many, the fewest in the next round (a repeat put off may yet be
   avoided when the plan is made again, with changed entries);
3. the spread of standings within the tables of the next round (the sum over tables of
   the rank of its lowest entry minus the rank of its highest): similar scores together;
4. for the next round, how often its sitters have sat at a sitter table before (the sum
   over them), so that nobody sits out again before the others have.

Terms 3 and 4 concern the next round only: the standings of later rounds are not known.
The search is deterministic for a seed: its effort is counted in evaluated moves, never
in seconds, so the same input gives the same plan on any machine.

How: candidates first — a greedy seating round by round, and every known design
(``designs``) relabelled so that the rounds already played are rounds of it, where they
are — then a tabu search over swaps of two entries in one round (moves that involve an
entry with a conflict, as in Dotú and Van Hentenryck's social golfer search), then a
descent on the next round alone for the spread and the sitters.

When only the next round is left to plan and it has few enough seatings (``exhaustive``:
5,775 for 11 entries at 4+4+3), every one of them is tried instead: the optimum by the
order above, with the most times any pair has met between the repeats and the spread
(so that no pair sits together in every round while another seating spreads them).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from operator import itemgetter

from . import exhaustive
from .designs import designs
from .model import Entry, History
from .quality import forced_by_rounds

BUDGET = 1_500_000  # evaluated moves: about five seconds of one core here at most
EMBED_NODES = 20_000  # backtracking steps to fit the played rounds into one design
TENURE = (4, 16)  # iterations a swapped entry may not go back to its table
STALL = 400  # iterations without a better plan before shaking the best one up
PATIENCE = 400_000  # evaluated moves without a better plan before giving up


@dataclass
class Problem:
    """The entries as numbers 0..n−1 and everything the cost needs about them."""

    entries: list[Entry]
    sizes: tuple[int, ...]  # the tables of every planned round
    byes: list[list[int]]  # per planned round, who sits out
    met: list[list[int]]  # meetings in the rounds played
    apart: list[list[int]]  # 1 for a keep-apart pair
    rank: list[int] | None  # standings rank, for the next round's spread
    sitter_count: list[int]  # rounds at a sitter table so far
    sitter_tables: tuple[bool, ...]  # which of ``sizes`` have a sitter
    forced: int = 0  # repeat pairs the rounds played force on the planned ones, at least
    forced_now: int = 0  # of them, on the next round

    @property
    def n(self) -> int:
        return len(self.entries)

    @property
    def rounds(self) -> int:
        return len(self.byes)


def plan(
    entries: Sequence[Entry],
    sizes: Sequence[int],
    byes_now: Sequence[Entry],
    rounds: int,
    history: History,
    rng: random.Random,
    *,
    rank: Mapping[Entry, int] | None = None,
    has_sitter: Callable[[int], bool] = lambda size: False,
    keep_apart: Iterable[tuple[Entry, Entry]] = (),
    budget: int = BUDGET,
    known_designs: bool = True,
) -> list[list[tuple[Entry, ...]]]:
    """``rounds`` rounds for ``entries`` at tables of ``sizes`` (the next round first;
    ``byes_now`` sit out the next round; later byes go to those with fewest so far).

    ``known_designs=False`` leaves the designs out of the candidates (to measure the
    search alone)."""
    problem = _problem(entries, sizes, byes_now, rounds, history, rng, rank, has_sitter, keep_apart)
    if rounds == 1 and exhaustive.count(problem.sizes) <= exhaustive.LIMIT:
        tables = _every_seating(problem, rng)
        return [[tuple(problem.entries[p] for p in table) for table in tables]]
    search = Search(problem, rng)
    best = None
    for candidate in _candidates(problem, history, rng, known_designs):
        search.load(candidate)
        if best is None or search.cost < best[0]:
            best = (search.cost, search.snapshot())
    assert best is not None
    search.load(best[1])
    search.tabu(budget)
    search.polish(budget)
    return [
        [tuple(problem.entries[p] for p in table) for table in tables] for tables in search.tables
    ]


def separate(
    groups: list[list[Entry]],
    keep_apart: Iterable[tuple[Entry, Entry]],
    rng: random.Random,
    *,
    rank: Mapping[Entry, int] | None = None,
    budget: int = BUDGET,
) -> list[list[Entry]]:
    """``groups`` (one round's tables) changed as little as it takes to keep the
    keep-apart pairs at different tables: swaps of a conflicted entry, with the one
    nearest in rank when ``rank`` is given (the Setzliste bends, it does not break)."""
    keep_apart = tuple(keep_apart)
    if not keep_apart:
        return groups
    entries = [entry for group in groups for entry in group]
    problem = _problem(
        entries,
        [len(group) for group in groups],
        [],
        1,
        History(),
        rng,
        rank,
        lambda size: False,
        keep_apart,
    )
    index = {entry: i for i, entry in enumerate(entries)}
    search = Search(problem, rng)
    search.load([[[index[entry] for entry in group] for group in groups]])
    search.tabu(budget)
    return [[entries[p] for p in table] for table in search.tables[0]]


def _problem(entries, sizes, byes_now, rounds, history, rng, rank, has_sitter, keep_apart):
    entries = list(entries)
    index = {entry: i for i, entry in enumerate(entries)}
    n = len(entries)
    met = [[0] * n for _ in range(n)]
    for played in history.rounds:
        for table in played.tables:
            here = [index[entry] for entry in table if entry in index]
            for i, p in enumerate(here):
                for q in here[i + 1 :]:
                    met[p][q] += 1
                    met[q][p] += 1
    apart = [[0] * n for _ in range(n)]
    for first, second in keep_apart:
        if first in index and second in index and first != second:
            apart[index[first]][index[second]] = apart[index[second]][index[first]] = 1
    bye_count = history.byes()
    counts = [bye_count[entry] for entry in entries]
    byes = [sorted(index[entry] for entry in byes_now)]
    for p in byes[0]:
        counts[p] += 1
    for _round in range(1, rounds):
        # Later rounds' byes rotate: fewest byes so far first, a random one among equals.
        order = sorted(range(n), key=lambda p: (counts[p], rng.random()))
        chosen = sorted(order[: len(byes_now)])
        for p in chosen:
            counts[p] += 1
        byes.append(chosen)
    sitters = history.sitter_rounds(has_sitter)
    forced = [
        forced_by_rounds(sizes, [entries[p] for p in range(n) if p not in set(out)], history)
        for out in byes
    ]
    return Problem(
        entries=entries,
        sizes=tuple(sizes),
        byes=byes,
        met=met,
        apart=apart,
        rank=None if rank is None else _dense([rank.get(entry, n) for entry in entries]),
        sitter_count=[sitters[entry] for entry in entries],
        sitter_tables=tuple(has_sitter(size) for size in sizes),
        forced=sum(forced),
        forced_now=forced[0],
    )


def _dense(ranks: list[int]) -> list[int]:
    """Ranks as 0, 1, 2, … keeping ties and order: below n, which the weights rely on."""
    position = {value: i for i, value in enumerate(sorted(set(ranks)))}
    return [position[value] for value in ranks]


# -- every seating ------------------------------------------------------------------


def _every_seating(problem: Problem, rng: random.Random) -> list[list[int]]:
    """The best seating of the next round by trying them all: keep-apart pairs together,
    repeat pairs, the most times a pair has met, the spread, the sitters' past, in that
    order; the first found among equals, from an order of the entries drawn by ``rng``."""
    out = set(problem.byes[0])
    players = [p for p in range(problem.n) if p not in out]
    rng.shuffle(players)
    met, apart, rank = problem.met, problem.apart, problem.rank
    counts, sitter_tables = problem.sitter_count, problem.sitter_tables

    def cost(t: int, table: tuple[int, ...]) -> tuple[int, int, int, int, int]:
        apart_n = again = 0
        most = 1
        for i, p in enumerate(table):
            row, avoid = met[p], apart[p]
            for q in table[i + 1 :]:
                apart_n += avoid[q]
                if row[q]:
                    again += 1
                    most = max(most, row[q] + 1)
        together = 0 if rank is None else _range(rank, list(table))
        sitters = sum(counts[p] for p in table) if sitter_tables[t] else 0
        return apart_n, again, most, together, sitters

    greedy = _greedy(problem, rng)[0]
    beat = _total(cost, greedy)
    found = exhaustive.best(
        players, problem.sizes, cost, ["sum", "sum", "max", "sum", "sum"], beat=beat
    )
    return greedy if found is None else [list(table) for table in found[1]]


def _total(cost, tables: list[list[int]]) -> tuple[int, ...]:
    """A seating's cost by ``_every_seating``'s terms."""
    terms = [cost(t, tuple(table)) for t, table in enumerate(tables)]
    return (
        sum(term[0] for term in terms),
        sum(term[1] for term in terms),
        max((term[2] for term in terms), default=1),
        sum(term[3] for term in terms),
        sum(term[4] for term in terms),
    )


# -- candidates ---------------------------------------------------------------------


def _candidates(problem: Problem, history: History, rng: random.Random, known: bool):
    """Starting plans: the greedy one, and each known design that fits."""
    yield _greedy(problem, rng)
    if not known or problem.byes[0] or len(set(problem.sizes)) != 1:
        return
    k = problem.sizes[0]
    played = _played_rounds(problem, history)
    for design in designs(problem.n, k):
        fitted = _embed(design, problem.n, played, rng)
        if fitted is None:
            continue
        # The design round that suits the next round best goes first.
        fitted.sort(key=lambda tables: _next_round_key(problem, tables))
        rounds = fitted[: problem.rounds]
        if len(rounds) < problem.rounds:
            # Fewer design rounds left than to plan: the greedy fills in the rest.
            rounds += _greedy(problem, rng)[len(rounds) :]
        yield rounds


def _next_round_key(problem: Problem, tables: list[list[int]]) -> tuple[int, int, int, int]:
    """Keep-apart pairs, pairs met before, spread and sitters' past of ``tables`` as the
    next round."""
    apart = sum(problem.apart[p][q] for table in tables for p in table for q in table) // 2
    again = sum(problem.met[p][q] > 0 for table in tables for p in table for q in table) // 2
    rank = problem.rank
    spread = 0 if rank is None else sum(_range(rank, table) for table in tables)
    sitters = sum(
        problem.sitter_count[p]
        for t, table in enumerate(tables)
        if problem.sitter_tables[t]
        for p in table
    )
    return apart, again, spread, sitters


def _played_rounds(problem: Problem, history: History) -> list[list[list[int]]]:
    index = {entry: i for i, entry in enumerate(problem.entries)}
    played = []
    for round_ in history.rounds:
        tables = [[index[e] for e in table if e in index] for table in round_.tables]
        tables = [table for table in tables if len(table) > 1]
        if tables:
            played.append(tables)
    return played


def _greedy(problem: Problem, rng: random.Random) -> list[list[list[int]]]:
    """Round by round, each entry to the first table where it adds least: keep-apart
    pairs, then meetings so far. The next round takes entries in standings order and
    tables in order (the Setzliste, bent around conflicts); later rounds a random order."""
    n = problem.n
    met = [row[:] for row in problem.met]
    plan = []
    for number, byes in enumerate(problem.byes):
        out = set(byes)
        players = [p for p in range(n) if p not in out]
        if number == 0 and problem.rank is not None:
            players.sort(key=lambda p: (problem.rank[p], rng.random()))
        else:
            rng.shuffle(players)
        tables: list[list[int]] = [[] for _size in problem.sizes]
        for p in players:
            best = None
            for t, table in enumerate(tables):
                if len(table) == problem.sizes[t]:
                    continue
                key = (
                    sum(problem.apart[p][x] for x in table),
                    sum(met[p][x] for x in table),
                    t if number == 0 and problem.rank is not None else rng.random(),
                )
                if best is None or key < best[0]:
                    best = (key, t)
            assert best is not None
            tables[best[1]].append(p)
        for table in tables:
            for i, p in enumerate(table):
                for q in table[i + 1 :]:
                    met[p][q] += 1
                    met[q][p] += 1
        plan.append(tables)
    return plan


def _embed(
    design, n: int, played: list[list[list[int]]], rng: random.Random
) -> list[list[list[int]]] | None:
    """The design's rounds not used by the played ones, in entries, if every played round
    fits one design round under one relabelling (tables onto groups); else ``None``.

    A backtracking search over entry → point, most connected entries first; each played
    round is tied to one design round, once two tablemates of it are placed.
    """
    if len(played) > len(design):
        return None
    group = [[0] * n for _ in design]  # group[d][point]: its group in design round d
    for d, round_ in enumerate(design):
        for g, members in enumerate(round_):
            for point in members:
                group[d][point] = g
    meets = [[-1] * n for _ in range(n)]  # meets[a][b]: the design round where a, b meet
    for d, round_ in enumerate(design):
        for members in round_:
            for a in members:
                for b in members:
                    if a != b:
                        meets[a][b] = d
    # Where each entry sits in each played round: (round, table) pairs.
    seats: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for h, tables in enumerate(played):
        for t, table in enumerate(tables):
            for p in table:
                seats[p].append((h, t))
    order = _connected_order(n, played, rng)
    tablemates = {
        (h, t): table for h, tables in enumerate(played) for t, table in enumerate(tables)
    }

    point_of = [-1] * n
    free = set(range(n))
    tied = [-1] * len(played)  # played round → design round
    used_rounds: set[int] = set()
    claim: list[dict[int, int]] = [{} for _ in played]  # per played round: group → table
    table_group: list[dict[int, int]] = [{} for _ in played]  # table → group
    steps = 0

    def place(p: int, point: int) -> list | None:
        """Put entry p on point; the undo log, or None (nothing changed) if it breaks."""
        log: list = []
        for h, t in seats[p]:
            d = tied[h]
            if d < 0:
                mate = next((x for x in tablemates[h, t] if point_of[x] >= 0), None)
                if mate is None:
                    continue
                d = meets[point][point_of[mate]]
                if d < 0 or d in used_rounds:
                    _undo(log)
                    return None
                tied[h] = d
                used_rounds.add(d)
                log.append(("tie", h, d))
                # The entries of this round placed before now claim their groups.
                for t2, table in enumerate(played[h]):
                    for x in table:
                        if point_of[x] >= 0 and not _claim(h, t2, group[d][point_of[x]], log):
                            _undo(log)
                            return None
            if not _claim(h, t, group[d][point], log):
                _undo(log)
                return None
        point_of[p] = point
        free.discard(point)
        log.append(("point", p, point))
        return log

    def _claim(h: int, t: int, g: int, log: list) -> bool:
        owner = claim[h].get(g)
        if owner is None:
            if t in table_group[h]:
                return table_group[h][t] == g
            claim[h][g] = t
            table_group[h][t] = g
            log.append(("claim", h, g, t))
            return True
        return owner == t

    def _undo(log: list) -> None:
        for item in reversed(log):
            if item[0] == "tie":
                tied[item[1]] = -1
                used_rounds.discard(item[2])
            elif item[0] == "claim":
                del claim[item[1]][item[2]]
                del table_group[item[1]][item[3]]
            else:
                point_of[item[1]] = -1
                free.add(item[2])
        log.clear()

    def candidates(p: int) -> list[int]:
        for h, t in seats[p]:
            if tied[h] >= 0 and t in table_group[h]:
                g = table_group[h][t]
                return [x for x in design[tied[h]][g] if x in free]
        found = sorted(free)
        rng.shuffle(found)
        return found

    def search(i: int) -> bool:
        nonlocal steps
        if i == n:
            return True
        p = order[i]
        for point in candidates(p):
            steps += 1
            if steps > EMBED_NODES:
                return False
            log = place(p, point)
            if log is None:
                continue
            if search(i + 1):
                return True
            _undo(log)
        return False

    if not search(0):
        return None
    entry_at = {point: p for p, point in enumerate(point_of)}
    left = [d for d in range(len(design)) if d not in used_rounds]
    rng.shuffle(left)
    return [[[entry_at[x] for x in members] for members in design[d]] for d in left]


def _connected_order(n: int, played: list[list[list[int]]], rng: random.Random) -> list[int]:
    """Entries in an order where each, as far as possible, has a tablemate placed
    before it: breadth first over the played rounds, random among equals."""
    mates: list[list[int]] = [[] for _ in range(n)]
    for tables in played:
        for table in tables:
            for p in table:
                mates[p].extend(x for x in table if x != p)
    start = list(range(n))
    rng.shuffle(start)
    start.sort(key=lambda p: -len(mates[p]))
    seen: set[int] = set()
    order = []
    for root in start:
        if root in seen:
            continue
        seen.add(root)
        queue = [root]
        while queue:
            p = queue.pop(0)
            order.append(p)
            for x in mates[p]:
                if x not in seen:
                    seen.add(x)
                    queue.append(x)
    return order


# -- the search ---------------------------------------------------------------------


class Search:
    """A plan under change: tables per round, who sits where, the running meeting
    counts and the cost as one number (weights make the terms lexicographic)."""

    def __init__(self, problem: Problem, rng: random.Random):
        self.problem = problem
        self.rng = rng
        self.work = 0
        n = problem.n
        sitters_most = sum(problem.sitter_count) + 1
        spread_most = (n + 1) * len(problem.sizes) + 1
        now_most = n * n + 1
        repeats_most = n * n * (problem.rounds + 1) + 1
        self.w_spread = sitters_most
        self.w_now = self.w_spread * spread_most
        self.w_repeat = self.w_now * now_most
        self.w_apart = self.w_repeat * repeats_most
        self.tables: list[list[list[int]]] = []
        self.cost = 0
        self.has_apart = any(any(row) for row in problem.apart)
        self.next_round_terms = (
            problem.rank is not None
            or any(problem.sitter_tables)
            or any(any(row) for row in problem.met)
        )

    # -- state --

    def load(self, plan: list[list[list[int]]]) -> None:
        problem = self.problem
        n = problem.n
        self.tables = [[list(table) for table in tables] for tables in plan]
        self.where = [[-1] * n for _ in plan]
        for r, tables in enumerate(self.tables):
            for t, table in enumerate(tables):
                for p in table:
                    self.where[r][p] = t
        self.count = [row[:] for row in problem.met]
        for tables in self.tables:
            for table in tables:
                for i, p in enumerate(table):
                    for q in table[i + 1 :]:
                        self.count[p][q] += 1
                        self.count[q][p] += 1
        self.cost = self.full_cost()

    def snapshot(self) -> list[list[list[int]]]:
        return [[list(table) for table in tables] for tables in self.tables]

    def terms(self) -> tuple[int, int, int, int, int]:
        """(keep-apart pairs together, new repeat pairs, of them in the next round,
        spread, sitters' past)."""
        problem = self.problem
        apart = repeats = 0
        n = problem.n
        for p in range(n):
            for q in range(p + 1, n):
                made = self.count[p][q] - problem.met[p][q]
                if made:
                    # Repeats the plan adds: meetings beyond the first, minus those
                    # already counted in the rounds played.
                    repeats += max(0, self.count[p][q] - 1) - max(0, problem.met[p][q] - 1)
        for tables in self.tables:
            for table in tables:
                for i, p in enumerate(table):
                    for q in table[i + 1 :]:
                        apart += problem.apart[p][q]
        return apart, repeats, self.repeats_now(), self.spread(), self.sitters()

    def full_cost(self) -> int:
        apart, repeats, now, spread, sitters = self.terms()
        return (
            apart * self.w_apart
            + repeats * self.w_repeat
            + now * self.w_now
            + spread * self.w_spread
            + sitters
        )

    def repeats_now(self) -> int:
        """Pairs of the next round that met in a round played."""
        if not self.tables:
            return 0
        met = self.problem.met
        return sum(
            1
            for table in self.tables[0]
            for i, p in enumerate(table)
            for q in table[i + 1 :]
            if met[p][q]
        )

    def spread(self) -> int:
        rank = self.problem.rank
        if rank is None or not self.tables:
            return 0
        return sum(
            max(rank[p] for p in table) - min(rank[p] for p in table)
            for table in self.tables[0]
            if table
        )

    def sitters(self) -> int:
        if not self.tables:
            return 0
        counts = self.problem.sitter_count
        return sum(
            counts[p]
            for t, table in enumerate(self.tables[0])
            if self.problem.sitter_tables[t]
            for p in table
        )

    # -- moves --

    def delta(self, r: int, p: int, q: int) -> int:
        """The change of cost if p and q (at different tables of round r) swap."""
        where = self.where[r]
        a, b = where[p], where[q]
        table_a, table_b = self.tables[r][a], self.tables[r][b]
        count_p, count_q = self.count[p], self.count[q]
        apart_p, apart_q = self.problem.apart[p], self.problem.apart[q]
        repeats = apart = 0
        for x in table_a:
            if x != p:
                if count_p[x] > 1:
                    repeats -= 1
                if count_q[x] > 0:
                    repeats += 1
                apart += apart_q[x] - apart_p[x]
        for y in table_b:
            if y != q:
                if count_q[y] > 1:
                    repeats -= 1
                if count_p[y] > 0:
                    repeats += 1
                apart += apart_p[y] - apart_q[y]
        change = apart * self.w_apart + repeats * self.w_repeat
        if r == 0 and self.next_round_terms:
            change += self._next_round_delta(a, b, p, q, table_a, table_b)
        return change

    def _next_round_delta(self, a, b, p, q, table_a, table_b) -> int:
        problem = self.problem
        met_p, met_q = problem.met[p], problem.met[q]
        now = 0
        for x in table_a:
            if x != p:
                now += (met_q[x] > 0) - (met_p[x] > 0)
        for y in table_b:
            if y != q:
                now += (met_p[y] > 0) - (met_q[y] > 0)
        change = now * self.w_now
        rank = problem.rank
        if rank is not None:
            old = _range(rank, table_a) + _range(rank, table_b)
            new = _range(rank, [q if x == p else x for x in table_a]) + _range(
                rank, [p if y == q else y for y in table_b]
            )
            change += (new - old) * self.w_spread
        sitter_a, sitter_b = problem.sitter_tables[a], problem.sitter_tables[b]
        if sitter_a != sitter_b:
            counts = problem.sitter_count
            change += counts[q] - counts[p] if sitter_a else counts[p] - counts[q]
        return change

    def swap(self, r: int, p: int, q: int, change: int) -> None:
        where = self.where[r]
        a, b = where[p], where[q]
        table_a, table_b = self.tables[r][a], self.tables[r][b]
        count = self.count
        for x in table_a:
            if x != p:
                count[p][x] -= 1
                count[x][p] -= 1
                count[q][x] += 1
                count[x][q] += 1
        for y in table_b:
            if y != q:
                count[q][y] -= 1
                count[y][q] -= 1
                count[p][y] += 1
                count[y][p] += 1
        table_a[table_a.index(p)] = q
        table_b[table_b.index(q)] = p
        where[p], where[q] = b, a
        self.cost += change

    def conflicted(self, r: int) -> list[int]:
        """Entries of round r at a table with someone they meet again or must avoid."""
        found = []
        apart = self.problem.apart
        for table in self.tables[r]:
            for p in table:
                row, avoid = self.count[p], apart[p]
                if any(row[x] > 1 or avoid[x] for x in table if x != p):
                    found.append(p)
        return found

    # -- searches --

    def floor(self) -> int:
        """The cost below which the tabu search cannot go: no keep-apart pair together,
        repeats at their lower bound, those of the next round at what the rounds played
        force on it (spread and sitters are left to ``polish``)."""
        problem = self.problem
        n = problem.n
        fresh = [0] * n
        total_fresh = 0
        for p in range(n):
            for q in range(p + 1, n):
                if not problem.met[p][q]:
                    fresh[p] += 1
                    fresh[q] += 1
                    total_fresh += 1
        made = problem.rounds * sum(k * (k - 1) // 2 for k in problem.sizes)
        least = min(problem.sizes, default=1) - 1
        seated = [problem.rounds] * n
        for byes in problem.byes:
            for p in byes:
                seated[p] -= 1
        per_player = sum(max(0, seated[p] * least - fresh[p]) for p in range(n))
        bound = max(0, made - total_fresh, -(-per_player // 2), problem.forced)
        return bound * self.w_repeat + problem.forced_now * self.w_now

    def tabu(self, budget: int) -> None:
        """Swap moves involving a conflicted entry, best first, a swapped entry barred
        from its old table for a few iterations unless the move beats the best plan."""
        floor = self.floor()
        if self._settled(self.cost, floor) or len(self.problem.sizes) < 2:
            return
        rng = self.rng
        best_cost, best = self.cost, self.snapshot()
        tables_n = len(self.problem.sizes)
        barred = [[[0] * tables_n for _p in range(self.problem.n)] for _r in self.tables]
        iteration = stall = 0
        best_at = self.work
        while (
            self.work < budget
            and not self._settled(best_cost, floor)
            and self.work - best_at < PATIENCE
        ):
            iteration += 1
            chosen = self._best_move(iteration, barred, best_cost)
            if chosen is None:
                break
            change, r, p, q = chosen
            a, b = self.where[r][p], self.where[r][q]
            self.swap(r, p, q, change)
            barred[r][p][a] = iteration + rng.randint(*TENURE)
            barred[r][q][b] = iteration + rng.randint(*TENURE)
            if self.cost < best_cost:
                best_cost, best, stall = self.cost, self.snapshot(), 0
                best_at = self.work
            else:
                stall += 1
                if stall >= STALL:
                    self.load(best)
                    self._shake()
                    for rows in barred:
                        for row in rows:
                            row[:] = [0] * tables_n
                    stall = 0
        self.load(best)

    def _best_move(self, iteration: int, barred, best_cost: int):
        """The best allowed swap (change, round, p, q) with p conflicted; random among
        equals. The repeat part of a swap's change is counted without a loop over both
        tables (this is where the time goes):

            new meetings of q at p's table − repeats p leaves there
          + new meetings of p at q's table − repeats q leaves there,

        each "repeat left" read from the number of repeats a player has at its table.
        """
        rng = self.rng
        count = self.count
        w_repeat = self.w_repeat
        apart_rows = self.problem.apart
        has_apart = self.has_apart
        next_round = self.next_round_terms
        cost = self.cost
        chosen = None
        ties = 0
        for r, tables in enumerate(self.tables):
            where = self.where[r]
            bar = barred[r]
            repeats_at = {}  # p → how many at its table it meets again
            apart_at = {}
            for table in tables:
                for p in table:
                    row = count[p]
                    repeats_at[p] = sum(1 for x in table if x != p and row[x] > 1)
                    if has_apart:
                        avoid = apart_rows[p]
                        apart_at[p] = sum(avoid[x] for x in table)
            for p, repeats_p in repeats_at.items():
                if not repeats_p and not apart_at.get(p):
                    continue
                a = where[p]
                rest = [x for x in tables[a] if x != p]
                met_there = itemgetter(*rest) if len(rest) > 1 else None
                row_p = count[p]
                for b, table in enumerate(tables):
                    if b == a:
                        continue
                    p_new = sum(1 for y in table if row_p[y] > 0)
                    for q in table:
                        self.work += 1
                        if met_there is None:
                            q_new = 1 if count[q][rest[0]] > 0 else 0 if rest else 0
                        else:
                            q_new = len(rest) - met_there(count[q]).count(0)
                        change = (
                            q_new - repeats_p + p_new - (row_p[q] > 0) - repeats_at[q]
                        ) * w_repeat
                        if has_apart:
                            change += self._apart_delta(p, q, rest, table) * self.w_apart
                        if next_round and r == 0:
                            change += self._next_round_delta(a, b, p, q, tables[a], table)
                        if chosen is not None and change > chosen[0]:
                            continue
                        if (bar[p][b] >= iteration or bar[q][a] >= iteration) and (
                            cost + change >= best_cost
                        ):
                            continue
                        if chosen is None or change < chosen[0]:
                            chosen, ties = (change, r, p, q), 1
                        else:
                            ties += 1
                            if rng.randrange(ties) == 0:
                                chosen = (change, r, p, q)
        return chosen

    def _apart_delta(self, p: int, q: int, rest: list[int], table_b: list[int]) -> int:
        apart_p, apart_q = self.problem.apart[p], self.problem.apart[q]
        return sum(apart_q[x] - apart_p[x] for x in rest) + sum(
            apart_p[y] - apart_q[y] for y in table_b if y != q
        )

    def _settled(self, cost: int, floor: int) -> bool:
        """Nothing left for the tabu search: no keep-apart pair together, repeats at their
        lower bound and in the next round no more of them than are forced there."""
        return cost - cost % self.w_now <= floor

    def _shake(self) -> None:
        """A few random swaps in rounds with conflicts, to leave a local minimum."""
        rng = self.rng
        rounds = [r for r in range(len(self.tables)) if self.conflicted(r)] or [0]
        for _step in range(max(2, self.problem.n // 8)):
            r = rng.choice(rounds)
            tables = self.tables[r]
            if len(tables) < 2:
                return
            a, b = rng.sample(range(len(tables)), 2)
            p, q = rng.choice(tables[a]), rng.choice(tables[b])
            self.swap(r, p, q, self.delta(r, p, q))

    def polish(self, budget: int) -> None:
        """The next round alone: any swap that lowers the cost, until none does."""
        if not self.tables or len(self.tables[0]) < 2:
            return
        if not self.next_round_terms:
            return
        rng = self.rng
        players = [p for table in self.tables[0] for p in table]
        improved = True
        while improved and self.work < 2 * budget:
            improved = False
            rng.shuffle(players)
            for i, p in enumerate(players):
                for q in players[i + 1 :]:
                    if self.where[0][p] == self.where[0][q]:
                        continue
                    self.work += 1
                    change = self.delta(0, p, q)
                    if change < 0:
                        self.swap(0, p, q, change)
                        improved = True


def _range(rank: list[int], table: list[int]) -> int:
    values = [rank[p] for p in table]
    return max(values) - min(values)
