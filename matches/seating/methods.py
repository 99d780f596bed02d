"""Seating a round by one of the methods of docs/tournaments.md §3.

``seat`` is the one entry point: the checked-in, not withdrawn entries, the table sizes,
the history and the standings go in; a ``Seating`` comes out, its quality figure
computed. Every method:

- gives the byes first, to the entries with the fewest byes so far, lowest in the
  standings first, random among equals (§2; ``swiss`` may pass one on to avoid a
  rematch);
- keeps the organiser's keep-apart pairs at different tables whenever it finds a way;
- draws the seat order at each table and the first dealer;
- draws everything from ``random.Random(seed)``: the same seed and the same input give
  the same seating.
"""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from matches.rules.base import RuleError, _

from . import planner
from .matching import Pairing
from .model import Entry, History, Ranked, Seating, Standing, Table, check_method, pair
from .quality import assess
from .tables import TableSizes, split


def seat(
    method: str,
    entries: Iterable[Entry],
    sizes: TableSizes,
    *,
    round: int = 1,
    rounds: int | None = None,
    history: History | None = None,
    standings: Sequence[Ranked] = (),
    keep_apart: Iterable[tuple[Entry, Entry]] = (),
    seed: int = 0,
    budget: int = planner.BUDGET,
) -> Seating:
    """Seat round ``round`` of ``rounds`` by ``method``.

    ``entries``: who plays this round, in a stable order (by id: the order is part of
    what the seed reproduces). ``standings``: rows best first (``rank`` and ``score``;
    ``matches.standings.StandingsRow`` will do); entries without a row count as last. ``budget``:
    how hard ``mixed`` searches, in evaluated moves.
    """
    check_method(method)
    entries = list(entries)
    if len(set(entries)) != len(entries):
        raise ValueError("an entry is given twice")
    history = history or History()
    keep_apart = tuple(keep_apart)
    rng = random.Random(seed)
    layout = split(len(entries), sizes)
    rank = _ranks(entries, standings)
    plan: list = []
    if method == "swiss":
        groups, byes = _swiss(entries, sizes, history, standings, rank, keep_apart, rng)
    else:
        byes = choose_byes(entries, layout.byes, history, rank, rng)
        seated = [entry for entry in entries if entry not in set(byes)]
        if method == "mixed":
            rounds_left = max(1, (rounds or round) - round + 1)
            plan = planner.plan(
                entries,
                layout.tables,
                byes,
                rounds_left,
                history,
                rng,
                rank=rank if standings else None,
                has_sitter=sizes.has_sitter,
                keep_apart=keep_apart,
                budget=budget,
            )
            groups = [list(table) for table in plan[0]]
            plan = plan[1:]
            if standings:
                groups = _bound_spread(groups, rank, history, keep_apart, sizes.has_sitter)
        else:
            if method == "draw":
                rng.shuffle(seated)
            else:  # standings: the Setzliste, equal ranks in a random order
                seated.sort(key=lambda entry: (rank[entry], rng.random()))
            groups = _fill(seated, layout.tables)
            if method == "standings":
                groups = _bend(groups, keep_apart, rank, rng)
            else:
                groups = planner.separate(groups, keep_apart, rng)
    if standings and method != "standings":
        # The top table first, as a Setzliste reads; ties as drawn.
        groups.sort(key=lambda group: min(rank[entry] for entry in group))
    elif method in ("draw", "mixed"):
        rng.shuffle(groups)
    tables = _draw_seats(groups, sizes, rng)
    return Seating(
        round=round,
        method=method,
        seed=seed,
        tables=tables,
        byes=tuple(byes),
        quality=assess([(t.number, t.entries) for t in tables], history, keep_apart),
        plan=tuple(tuple(tuple(table) for table in tables_) for tables_ in plan),
    )


def by_rating(ratings: Mapping[Entry, float]) -> list[Standing]:
    """Round 1 seeded by the club rating (``seed: "rating"``): the rated entries as
    standings rows, the best rating first, equal ratings sharing a rank. ``seat`` puts
    the entries without a row after them, in a drawn order, as it does for standings."""
    rows: list[Standing] = []
    ordered = sorted(ratings.items(), key=lambda item: (-item[1], item[0]))
    for position, (entry, value) in enumerate(ordered, start=1):
        shared = rows and ratings[rows[-1].entry] == value
        rows.append(Standing(entry, rows[-1].rank if shared else position))
    return rows


def _ranks(entries: list[Entry], standings: Sequence[Ranked]) -> dict[Entry, int]:
    """Each entry's standings rank; entries without one share the rank after the last."""
    known = {row.entry: row.rank for row in standings}
    last = max(known.values(), default=0) + 1
    return {entry: known.get(entry, last) for entry in entries}


def choose_byes(
    entries: Sequence[Entry],
    count: int,
    history: History,
    rank: dict[Entry, int],
    rng: random.Random,
) -> list[Entry]:
    """§2: the entries with the fewest byes so far, lowest in the standings first,
    random among equals."""
    if not count:
        return []
    had = history.byes()
    order = sorted(entries, key=lambda entry: (had[entry], -rank[entry], rng.random()))
    return order[:count]


def _fill(entries: list[Entry], sizes: Sequence[int]) -> list[list[Entry]]:
    groups, start = [], 0
    for size in sizes:
        groups.append(entries[start : start + size])
        start += size
    return groups


def _bend(
    groups: list[list[Entry]],
    keep_apart: Sequence[tuple[Entry, Entry]],
    rank: dict[Entry, int],
    rng: random.Random,
) -> list[list[Entry]]:
    """The Setzliste ``groups`` with its keep-apart pairs at different tables, each entry
    as near its seeded table as it can be (issue 23, item 5).

    Swaps of a kept-apart entry with one nearest in rank, each entry at most ``reach``
    tables from where the Setzliste put it: one table first, then two when no such swaps
    separate every pair; the planner's search when nothing that near does.
    """
    apart = {pair(first, second) for first, second in keep_apart if first != second}
    if not apart or not _clashes(groups, apart):
        return groups
    home = {entry: t for t, group in enumerate(groups) for entry in group}
    for reach in (1, 2):
        bent = [list(group) for group in groups]
        while (clashes := _clashes(bent, apart)) and _bend_once(
            bent, clashes, apart, home, rank, reach, rng
        ):
            pass
        if not _clashes(bent, apart):
            return bent
    return planner.separate(groups, keep_apart, rng, rank=rank)


def _clashes(groups: list[list[Entry]], apart: set) -> list[tuple[int, Entry]]:
    """(table, entry) for each entry that shares its table with one it is kept apart from."""
    return [
        (t, entry)
        for t, group in enumerate(groups)
        for entry in group
        if any(pair(entry, other) in apart for other in group if other != entry)
    ]


def _bend_once(groups, clashes, apart, home, rank, reach, rng) -> bool:
    """The swap that separates most, of a clashing entry with one that stays within
    ``reach`` of its seeded table too, nearest in rank first; False if none separates."""

    def clashing(group: list[Entry]) -> int:
        return sum(1 for i, a in enumerate(group) for b in group[i + 1 :] if pair(a, b) in apart)

    best = None
    for t, x in clashes:
        for u, other in enumerate(groups):
            if u == t or abs(u - home[x]) > reach:
                continue
            for y in other:
                if abs(t - home[y]) > reach:
                    continue
                here = [y if e == x else e for e in groups[t]]
                there = [x if e == y else e for e in other]
                gain = clashing(groups[t]) + clashing(other) - clashing(here) - clashing(there)
                if gain <= 0:
                    continue
                key = (-gain, abs(rank[x] - rank[y]), rng.random())
                if best is None or key < best[0]:
                    best = (key, t, u, x, y)
    if best is None:
        return False
    _key, t, u, x, y = best
    groups[t][groups[t].index(x)] = y
    groups[u][groups[u].index(y)] = x
    return True


# Passes over the tables beyond the bound, at most: the effort is counted, not timed, so
# the seed reproduces the seating; a round the plan seated near its standings needs one
# or two, a seating drawn at random without regard to them a dozen.
SPREAD_PASSES = 12


def _bound_spread(groups, rank, history, keep_apart, has_sitter) -> list[list[Entry]]:
    """``mixed``'s next round with no table spanning more than two tables' worth of
    neighbouring ranks where swaps get it there (issue 23, item 5).

    The plan weighs the repeats of the whole event above the next round's spread, so a
    known design can seat rank 9 with ranks 37 to 40 to save a repeat rounds later. Here
    a table's spread (its lowest position in the standings minus its highest, ties
    sharing a position) beyond ``2 × the largest table − 1`` is taken out by swaps that
    keep what outweighs it: keep-apart pairs apart, no pair meeting more often than the
    plan had, no more pairs of this round who met before; then the spread, then the
    sitters' past, as in the plan. A round within the bound is left as planned.
    """
    seated = sorted((entry for group in groups for entry in group), key=rank.__getitem__)
    position: dict[Entry, int] = {}
    for i, entry in enumerate(seated):
        before = seated[i - 1] if i else None
        same = before is not None and rank[before] == rank[entry]
        position[entry] = position[before] if same else i
    bound = 2 * max(len(group) for group in groups) - 1
    rounds = _SpreadRound(groups, position, bound, history, keep_apart, has_sitter)
    for _pass in range(SPREAD_PASSES):
        if not rounds.excess() or not rounds.improve():
            break
    return rounds.groups


class _SpreadRound:
    """One round's tables under the swaps of ``_bound_spread``, each table's cost kept:
    (keep-apart pairs, the most any pair has met over the event, pairs met before, spread
    beyond the bound, spread, sitters' past); the round's cost sums them but the most, a
    maximum."""

    def __init__(self, groups, position, bound, history, keep_apart, has_sitter):
        self.groups = [list(group) for group in groups]
        self.position = position
        self.bound = bound
        self.met = history.meetings()
        self.most = max(1, max(self.met.values(), default=0))  # the event's, so far
        self.apart = {pair(a, b) for a, b in keep_apart}
        self.sat_out = history.sitter_rounds(has_sitter)
        self.sitter = [has_sitter(len(group)) for group in groups]
        self.by_position = sorted(position, key=position.__getitem__)
        self.places = [position[entry] for entry in self.by_position]
        self.where = {entry: t for t, group in enumerate(groups) for entry in group}
        self.costs = [self.cost(t, group) for t, group in enumerate(self.groups)]
        self.sums = [sum(cost[i] for cost in self.costs) for i in range(6)]
        self.mosts = Counter(cost[1] for cost in self.costs)
        self.sums[1] = max(self.mosts, default=1)

    def cost(self, t: int, group: list[Entry]) -> tuple[int, int, int, int, int, int]:
        apart = again = 0
        most = self.most
        for i, a in enumerate(group):
            for b in group[i + 1 :]:
                key = pair(a, b)
                apart += key in self.apart
                if key in self.met:
                    again += 1
                    most = max(most, self.met[key] + 1)
        places = [self.position[entry] for entry in group]
        spread = max(places) - min(places)
        sitters = sum(self.sat_out[entry] for entry in group) if self.sitter[t] else 0
        return apart, most, again, max(0, spread - self.bound), spread, sitters

    def total(self, changed: dict[int, tuple[int, ...]]) -> tuple[int, ...]:
        """The round's cost with the tables in ``changed`` costing as given there."""
        sums = list(self.sums)
        for t, cost in changed.items():
            old = self.costs[t]
            for i in (0, 2, 3, 4, 5):
                sums[i] += cost[i] - old[i]
        sums[1] = self._most_after(changed)
        return tuple(sums)

    def _most_after(self, changed: dict[int, tuple[int, ...]]) -> int:
        top = max(cost[1] for cost in changed.values())
        for value in sorted(self.mosts, reverse=True):  # a handful of values
            if value <= top:
                break
            if self.mosts[value] > sum(1 for t in changed if self.costs[t][1] == value):
                return value
        return top

    def excess(self) -> int:
        return self.sums[3]

    def improve(self) -> bool:
        """For each table beyond the bound in turn, make its best swap that lowers the
        round's cost: one of its entries with an entry whose position fits among the
        others (within the bound of them, or between them near the middle one when they
        are spread wider); False if no table had one."""
        improved = False
        for t in range(len(self.groups)):
            if self.costs[t][3] and self._improve_table(t):
                improved = True
        return improved

    def _improve_table(self, t: int) -> bool:
        group = self.groups[t]
        best = (tuple(self.sums), None)
        for x in group:
            rest = [self.position[e] for e in group if e != x]
            low, high = max(rest) - self.bound, min(rest) + self.bound
            if low > high:  # the others are spread wider: between them, near the middle
                middle = sorted(rest)[len(rest) // 2]
                reach = 4 * self.bound
                low, high = max(min(rest), middle - reach), min(max(rest), middle + reach)
            for y in self._between(low, high):
                u = self.where[y]
                if u == t or not self._keeps_turns(t, u, x, y):
                    continue
                here = [y if e == x else e for e in group]
                there = [x if e == y else e for e in self.groups[u]]
                if not self._spreads_less(t, u, here, there):
                    continue  # what outweighs the spread is only kept, not sought here
                changed = {t: self.cost(t, here), u: self.cost(u, there)}
                after = self.total(changed)
                if after < best[0]:
                    best = (after, (u, here, there, changed))
        if best[1] is None:
            return False
        u, here, there, changed = best[1]
        self.sums = list(best[0])
        for table, cost in changed.items():
            self.mosts[self.costs[table][1]] -= 1
            self.mosts[cost[1]] += 1
            self.costs[table] = cost
        self.groups[t], self.groups[u] = here, there
        for entry in here:
            self.where[entry] = t
        for entry in there:
            self.where[entry] = u
        return True

    def _keeps_turns(self, t: int, u: int, x: Entry, y: Entry) -> bool:
        """Whether swapping ``x`` (at table t) with ``y`` (at u) leaves everyone's turns at
        sitter tables over the event as the plan had them: the tables are both sitter
        tables or both not, or the two have sat at one equally often. The plan rotates the
        sitter tables as a goal of the whole event; the spread must not undo it."""
        return self.sitter[t] == self.sitter[u] or self.sat_out[x] == self.sat_out[y]

    def _spreads_less(self, t: int, u: int, here: list[Entry], there: list[Entry]) -> bool:
        """Whether tables t and u seating ``here`` and ``there`` have less spread beyond
        the bound, or as much and less spread (positions only: cheap)."""
        before = (self.costs[t][3] + self.costs[u][3], self.costs[t][4] + self.costs[u][4])
        spreads = [
            max(self.position[e] for e in group) - min(self.position[e] for e in group)
            for group in (here, there)
        ]
        excess = sum(max(0, spread - self.bound) for spread in spreads)
        return (excess, sum(spreads)) < before

    def _between(self, low: int, high: int) -> list[Entry]:
        """The entries whose position lies in [low, high]."""
        return self.by_position[bisect_left(self.places, low) : bisect_right(self.places, high)]


def _draw_seats(groups: list[list[Entry]], sizes: TableSizes, rng: random.Random):
    """Number the tables in order, draw each table's seat order and first dealer."""
    tables = []
    for number, group in enumerate(groups, 1):
        seats = list(group)
        rng.shuffle(seats)
        tables.append(
            Table(
                number=number,
                entries=tuple(seats),
                first_dealer=rng.randrange(len(seats)),
                sitter=sizes.has_sitter(len(seats)),
            )
        )
    return tuple(tables)


# -- swiss --------------------------------------------------------------------------

# How bad a pairing is, by the rule it breaks: when no pairing keeps every rule, the
# least important is given up first (a second bye, then a rematch, then a keep-apart).
FINE, SECOND_BYE, REMATCH, APART = range(4)


def _swiss(entries, sizes, history, standings, rank, keep_apart, rng):
    """§3: pair within score groups, no rematch, a bye at most once per entry.

    Simplified from the chess Swiss: entries in standings order; the top unpaired entry
    meets the nearest one by score, then by rank, that still leaves a complete pairing
    without a rematch (asked of ``Pairing`` before each pair is fixed). The bye goes
    first, to the lowest entry with the fewest byes that leaves such a pairing.
    """
    if sizes.standard != 2 or sizes.sitter:
        raise RuleError(_("Swiss pairing is for two-player and partnership games."), field="method")
    score = {row.entry: row.score for row in standings}
    order = sorted(entries, key=lambda entry: (rank[entry], rng.random()))
    n = len(order)
    bye = n if n % 2 else None  # the bye is one more vertex to pair
    met = history.meetings()
    had = history.byes()
    apart = {pair(a, b) for a, b in keep_apart}
    fewest = min(had[entry] for entry in order)

    def badness(i: int, j: int) -> int:
        if i == bye or j == bye:
            return SECOND_BYE if had[order[j if i == bye else i]] > fewest else FINE
        key = pair(order[i], order[j])
        return APART if key in apart else REMATCH if met[key] else FINE

    vertices = n + (bye is not None)
    for tolerated in (FINE, SECOND_BYE, REMATCH, APART):
        pairing = Pairing(
            [
                [j for j in range(vertices) if j != i and badness(i, j) <= tolerated]
                for i in range(vertices)
            ]
        )
        if pairing.perfect:
            break
    # A complete pairing exists within what is tolerated: fix pairs in order of preference.
    done: set[int] = set()
    byes: list[Entry] = []
    if bye is not None:
        candidates = sorted(
            range(n), key=lambda j: (badness(bye, j), had[order[j]], -rank[order[j]], -j)
        )
        chosen = next(j for j in candidates if pairing.fix(bye, j))
        byes.append(order[chosen])
        done.add(chosen)
    groups = []
    for i in range(n):
        if i in done:
            continue
        candidates = sorted(
            (j for j in range(i + 1, n) if j not in done),
            key=lambda j: (
                badness(i, j),
                abs(score.get(order[i], 0) - score.get(order[j], 0)),
                j,
            ),
        )
        partner = next(j for j in candidates if pairing.fix(i, j))
        done.update((i, partner))
        groups.append([order[i], order[partner]])
    return groups, byes
