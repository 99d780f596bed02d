"""The plan behind ``mixed``: the remaining rounds seated together (docs/tournaments.md §3).

What is minimised, in order (each term outweighs everything after it; ``TERMS``;
docs/tournaments.md, "Seating"):

1. keep-apart pairs sharing a table, in any planned round;
2. the repeat meetings over the whole event, the rounds played and the rounds planned:
   first the most times any pair meets (nobody beside the same person round after round
   while a plan exists in which nobody is, even at the cost of more pairs meeting twice),
   then the repeat pairs, then Σ m² over the pairs, m the times a pair meets (repeats
   spread further); last among plans alike so far, the pairs of the next round who met
   before (a repeat put off may yet be avoided when the plan is made again, with
   changed entries);
3. the spread of standings within the tables of the next round (the sum over tables of
   the rank of its lowest entry minus the rank of its highest): similar scores together;
4. the sitter tables in turn: the most minus the fewest rounds any entry sits at one over
   the event, then the sum of their squares (as even as the numbers allow), then, for
   the next round, how often its sitters have sat at a sitter table before.

The spread and the sitters' past concern the next round only: the standings of later
rounds are not known.
The search is deterministic for a seed: its effort is counted in evaluated moves, never
in seconds, so the same input gives the same plan on any machine.

How: candidates first — a greedy seating round by round, and every known design
(``designs``) relabelled so that the rounds already played are rounds of it, where they
are, and the social golfer search (``tabu``) where none reaches the repeats' floor; with
sitter tables, a plan searched with the sitters' turns above the repeats — then a tabu
search over swaps of two entries in one round (moves that involve an entry with a
conflict, or at a sitter table out of turn, as in Dotú and Van Hentenryck's social
golfer search), every term kept up to date swap by swap from the pairs the swap changes;
then the planned round that does best as the next one first (``_best_round_first``), then
a descent on the next round alone.

When only the next round is left to plan and it has few enough seatings (``exhaustive``:
5,775 for 11 entries at 4+4+3), every one of them is tried instead: the optimum by the
same order for one round.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from operator import itemgetter

from . import exhaustive, tabu
from .designs import designs
from .model import Entry, History
from .quality import forced_by_rounds, forcing, least_together

# Evaluated moves at most: keeps the slowest plan inside docs/tournaments.md §3's time on one
# core, with room to spare on a slower machine (bench/seating.py measures it).
BUDGET = 1_500_000
# Backtracking steps to fit the played rounds into one design: the cyclic designs of 30 and
# more players need a few hundred thousand after some rounds.
EMBED_NODES = 1_000_000
TENURE = (4, 16)  # iterations a swapped entry may not go back to its table
STALL = 400  # iterations without a better plan before shaking the best one up
# Evaluated moves without a better plan before giving up. A small field (11 at 4+4+3)
# spends nearly all of its time here once its repeats are at their floor; the quality
# tests in tests/seating hold at this patience as at four times it, and the organiser
# waits for the draft.
PATIENCE = 100_000
POLISH_ALL = 80  # entries up to which the polish tries every swap of the next round


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
    mates: list[dict[int, int]] = field(default_factory=list)  # ``met`` without its zeros
    avoid: list[list[int]] = field(default_factory=list)  # ``apart`` without its zeros
    # The most any pair with an entry no longer in the field has met: the plan cannot
    # change it, but the most times a pair meets over the event is at least that.
    absent_most: int = 0
    history: History = field(default_factory=History)
    _forced_under: dict[int, tuple[int, int] | None] = field(default_factory=dict)

    @property
    def n(self) -> int:
        return len(self.entries)

    @property
    def rounds(self) -> int:
        return len(self.byes)

    def forced_under(self, most: int) -> tuple[int, int] | None:
        """``forced`` and ``forced_now`` among the plans in which no pair meets more than
        ``most`` times; ``None`` if there is no such plan.

        Each planned round as ``forced_by_rounds`` has it against the rounds played, and
        against the planned rounds before it too: their tables force pairs on it as the
        tables played do (a table of g at tables of ``sizes``: ``least_together``), every
        pair it seats again counts once for each table it met at, at most ``most`` − 1
        times. So 11 at 4 + 4 + 3 over rounds 2 and 3, with no pair meeting three times:
        2 forced in round 2, and 2 + 2 in round 3 (by round 1 and by round 2).
        """
        if most not in self._forced_under:
            by_byes: dict[tuple[int, ...], tuple[int | None, int]] = {}
            forced = []
            planned = 0  # pairs the planned rounds so far force on the next, at least
            for r, out in enumerate(self.byes):
                key = tuple(out)
                if key not in by_byes:
                    gone = set(out)
                    seated = [self.entries[p] for p in range(self.n) if p not in gone]
                    by_byes[key] = (
                        forced_by_rounds(self.sizes, seated, self.history, most=most),
                        forcing(self.sizes, seated, self.history)[1],
                    )
                played, played_sum = by_byes[key]
                if r:
                    away = len(out)  # of a planned table, at most these sit out now
                    planned += sum(
                        least_together(max(0, size - away), self.sizes) for size in self.sizes
                    )
                total = played_sum + planned
                if played is None or (total and most < 2):
                    forced = None
                    break
                forced.append(max(played, -(-total // (most - 1)) if total else 0))
            self._forced_under[most] = (
                None if forced is None else (sum(forced), forced[0] if forced else 0)
            )
        return self._forced_under[most]


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
    search = PlanSearch(problem, rng)
    best = None
    floor = search.floor()
    for candidate in _candidates(problem, history, rng, known_designs):
        search.load(candidate)
        if best is None or search.cost < best[0]:
            best = (search.cost, search.snapshot())
        if search.settled(best[0], floor):
            # Nothing the tabu search weighs is left to gain: the next design would only
            # be fitted to the rounds played (a backtracking search of seconds that fails
            # where those rounds came from another design).
            break
    assert best is not None
    if not search.repeats_settled(best[0]) and problem.n <= tabu.LARGEST:
        # No candidate reaches the bound: the social golfer search, for the repeats alone.
        searched = _searched(problem, history, rng, budget, best[1])
        if searched is not None:
            search.load(searched)
            if search.cost < best[0]:
                best = (search.cost, search.snapshot())
    if any(problem.sitter_tables) and len(problem.sizes) > 1:
        # The sitters' turns first: a plan with them as even as numbers allow and as
        # few repeats as that leaves, found by a search that weighs them above the
        # repeats. Zero-repeat plans are few and those with even turns fewer still; the
        # search by repeats alone ends on whichever it meets first, and no single swap
        # leads from there to another without a repeat.
        turns = PlanSearch(problem, rng, order=TURNS_FIRST)
        turns.load(_greedy(problem, rng, turns_first=True))
        turns.tabu(budget // 4, patience=PATIENCE // 4)
        search.load(turns.snapshot())
        if search.cost < best[0]:
            best = (search.cost, search.snapshot())
    search.load(best[1])
    search.tabu(budget)
    _best_round_first(search)
    search.polish(budget)
    return [
        [tuple(problem.entries[p] for p in table) for table in tables] for tables in search.tables
    ]


def _best_round_first(search: PlanSearch) -> None:
    """The planned round that does best as the next one, first: a planned round with the
    same byes as the next may take its place, which changes none of the meetings over
    the event nor anyone's turns at sitter tables, only the terms of the next round (its
    pairs who met before, its spread, its sitters' past, in that order). No swap does
    this: a repeat the plan put in the next round that another round could take moves
    only by a whole round."""
    problem = search.problem
    rounds = search.snapshot()
    met, rank = problem.met, problem.rank

    def as_next(tables: list[list[int]]) -> tuple[int, int, int]:
        again = sum(
            1 for table in tables for i, p in enumerate(table) for q in table[i + 1 :] if met[p][q]
        )
        spread = 0 if rank is None else sum(_range(rank, table) for table in tables if table)
        sat = sum(
            problem.sitter_count[p]
            for t, table in enumerate(tables)
            if problem.sitter_tables[t]
            for p in table
        )
        return again, spread, sat

    best, best_key = 0, as_next(rounds[0])
    for r in range(1, problem.rounds):
        if problem.byes[r] == problem.byes[0] and (key := as_next(rounds[r])) < best_key:
            best, best_key = r, key
    if best:
        rounds[0], rounds[best] = rounds[best], rounds[0]
        search.load(rounds)


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
    search = PlanSearch(problem, rng)
    search.load([[[index[entry] for entry in group] for group in groups]])
    search.tabu(budget)
    return [[entries[p] for p in table] for table in search.tables[0]]


def _problem(entries, sizes, byes_now, rounds, history, rng, rank, has_sitter, keep_apart):
    entries = list(entries)
    index = {entry: i for i, entry in enumerate(entries)}
    n = len(entries)
    met = [[0] * n for _ in range(n)]
    mates: list[dict[int, int]] = [{} for _ in range(n)]
    for played in history.rounds:
        for table in played.tables:
            here = [index[entry] for entry in table if entry in index]
            for i, p in enumerate(here):
                for q in here[i + 1 :]:
                    met[p][q] += 1
                    met[q][p] += 1
                    mates[p][q] = mates[q][p] = met[p][q]
    avoid: list[list[int]] = [[] for _ in range(n)]
    for first, second in keep_apart:
        if first in index and second in index and first != second:
            p, q = index[first], index[second]
            if q not in avoid[p]:
                avoid[p].append(q)
                avoid[q].append(p)
    if any(avoid):
        apart = [[0] * n for _ in range(n)]
        for p, others in enumerate(avoid):
            for q in others:
                apart[p][q] = 1
    else:
        # Nobody kept apart: one row of zeros serves every entry (read only), which
        # spares a matrix of n² zeros on a big field.
        apart = [[0] * n] * n
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
    forced_by: dict[tuple[int, ...], int] = {}  # rounds with the same byes force the same
    for out in byes:
        key = tuple(out)
        if key not in forced_by:
            gone = set(out)
            seated = [entries[p] for p in range(n) if p not in gone]
            forced_by[key] = forced_by_rounds(sizes, seated, history)
    forced = [forced_by[tuple(out)] for out in byes]
    here = set(entries)
    absent_most = max(
        (times for key, times in history.meetings().items() if not key <= here), default=0
    )
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
        mates=mates,
        avoid=avoid,
        absent_most=absent_most,
        history=history,
    )


def _dense(ranks: list[int]) -> list[int]:
    """Ranks as 0, 1, 2, … keeping ties and order: below n, which the weights rely on."""
    position = {value: i for i, value in enumerate(sorted(set(ranks)))}
    return [position[value] for value in ranks]


# -- every seating ------------------------------------------------------------------


def _every_seating(problem: Problem, rng: random.Random) -> list[list[int]]:
    """The best seating of the next round by trying them all, by the plan's order for
    one round: keep-apart pairs together, the most times a pair has met (over the event),
    repeat pairs, Σ m² over the pairs (as Σ of the earlier meetings of tablemates: each
    adds 2m + 1), the spread, the sitters' turn (the fewest earlier rounds at a sitter
    table among those seated at one: the most even counts); the first found among
    equals, from an order of the entries drawn by ``rng``."""
    out = set(problem.byes[0])
    players = [p for p in range(problem.n) if p not in out]
    rng.shuffle(players)
    met, apart, rank = problem.met, problem.apart, problem.rank
    counts, sitter_tables = problem.sitter_count, problem.sitter_tables
    floor = max(
        1,
        problem.absent_most,
        max((max(row.values(), default=0) for row in problem.mates), default=0),
    )

    def cost(t: int, table: tuple[int, ...]) -> tuple[int, int, int, int, int, int]:
        apart_n = again = earlier = 0
        most = floor
        for i, p in enumerate(table):
            row, avoid = met[p], apart[p]
            for q in table[i + 1 :]:
                apart_n += avoid[q]
                if row[q]:
                    again += 1
                    earlier += row[q]
                    most = max(most, row[q] + 1)
        sitters = sum(counts[p] for p in table) if sitter_tables[t] else 0
        together = 0 if rank is None else _range(rank, list(table))
        return apart_n, most, again, earlier, together, sitters

    greedy = _greedy(problem, rng)[0]
    beat = _total(cost, greedy)
    found = exhaustive.best(
        players, problem.sizes, cost, ["sum", "max", "sum", "sum", "sum", "sum"], beat=beat
    )
    return greedy if found is None else [list(table) for table in found[1]]


def _total(cost, tables: list[list[int]]) -> tuple[int, ...]:
    """A seating's cost by ``_every_seating``'s terms (the second a maximum)."""
    terms = [cost(t, tuple(table)) for t, table in enumerate(tables)]
    return tuple(
        max((term[i] for term in terms), default=1) if i == 1 else sum(term[i] for term in terms)
        for i in range(6)
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


def _searched(problem: Problem, history: History, rng: random.Random, budget: int, best):
    """The plan of ``tabu.schedule``, which weighs the repeats alone: from scratch when
    nothing was played (a cyclic plan may then be found at once), else from the best
    candidate ``best``; where the next round's spread or sitters count, that round stays as
    ``best`` has it and only the later rounds are searched."""
    played = _played_rounds(problem, history)
    head: list[list[list[int]]] = []
    if problem.rank is not None or any(problem.sitter_tables):
        if problem.rounds == 1:
            return None
        head = [best[0]]
    return head + tabu.schedule(
        problem.n,
        problem.sizes,
        problem.rounds - len(head),
        played=played + head,
        byes=problem.byes[len(head) :],
        seed=rng.randrange(2**32),
        effort=budget,
        start=best[len(head) :] if played or head else None,
    )


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


def _greedy(
    problem: Problem, rng: random.Random, *, turns_first: bool = False
) -> list[list[list[int]]]:
    """Round by round, each entry to the table where it adds least: keep-apart pairs,
    then meetings so far, then the sitters' turn (the seats at sitter tables to those
    who sat there least; before the meetings if ``turns_first``, the entries then in
    order of their rounds at a sitter table). The next round takes entries in standings
    order and tables in order (the Setzliste, bent around conflicts); later rounds a
    random order, a random table among equals.

    Only the tables of an entry's earlier tablemates and of those it is kept apart from
    are weighed one by one: every other table adds nothing, so a big field costs its
    meetings, not its entries times its tables."""
    n = problem.n
    mates = [dict(row) for row in problem.mates]
    avoid = problem.avoid
    sat = problem.sitter_count[:]
    sizes, sitter_tables = problem.sizes, problem.sitter_tables
    sitter_seats = sum(size for size, sitter in zip(sizes, sitter_tables, strict=True) if sitter)
    plan = []
    for number, byes in enumerate(problem.byes):
        out = set(byes)
        players = [p for p in range(n) if p not in out]
        in_order = number == 0 and problem.rank is not None
        if in_order:
            players.sort(key=lambda p: (problem.rank[p], rng.random()))
        elif turns_first:
            players.sort(key=lambda p: (sat[p], rng.random()))
        else:
            rng.shuffle(players)
        # Whose turn it is at a sitter table: those who sat at one least, as many as
        # the sitter tables seat; among equals the lowest in the standings in the
        # next round (the sitter tables, largest, come last in the Setzliste), else a
        # random one.
        due = sorted(
            players, key=lambda p: (sat[p], -problem.rank[p] if in_order else rng.random())
        )
        due = set(due[:sitter_seats])
        tables: list[list[int]] = [[] for _size in sizes]
        seat_of = [-1] * n
        open_tables = {
            kind: [t for t in range(len(sizes)) if sitter_tables[t] == kind]
            for kind in (False, True)
        }
        for p in players:
            touched: dict[int, list[int]] = {}
            for x in avoid[p]:
                t = seat_of[x]
                if t >= 0:
                    touched.setdefault(t, [0, 0])[0] += 1
            for x, times in mates[p].items():
                t = seat_of[x]
                if t >= 0:
                    touched.setdefault(t, [0, 0])[1] += times
            options = [
                (_key(apart, times, _turn_cost(p in due, sitter_tables[t]), turns_first), t)
                for t, (apart, times) in touched.items()
                if len(tables[t]) < sizes[t]
            ]
            for kind in (False, True):
                t = _untouched(open_tables[kind], touched, rng, in_order)
                if t is not None:
                    options.append((_key(0, 0, _turn_cost(p in due, kind), turns_first), t))
            least = min(key for key, _t in options)
            equal = [t for key, t in options if key == least]
            t = min(equal) if in_order else rng.choice(equal)
            tables[t].append(p)
            seat_of[p] = t
            if len(tables[t]) == sizes[t]:
                open_tables[sitter_tables[t]].remove(t)
        for t, table in enumerate(tables):
            for i, p in enumerate(table):
                for q in table[i + 1 :]:
                    mates[p][q] = mates[q][p] = mates[p].get(q, 0) + 1
                if sitter_tables[t]:
                    sat[p] += 1
        plan.append(tables)
    return plan


def _key(apart: int, times: int, turn: int, turns_first: bool) -> tuple[int, int, int]:
    return (apart, turn, times) if turns_first else (apart, times, turn)


def _turn_cost(due: bool, sitter_table: bool) -> int:
    """1 for a seat out of turn: at a sitter table when not due there, or elsewhere."""
    return int(due != sitter_table)


def _untouched(open_tables: list[int], touched, rng: random.Random, in_order: bool):
    """An open table not in ``touched``: the first (in order) or a random one; None if
    there is none."""
    if in_order:
        return next((t for t in open_tables if t not in touched), None)
    for _try in range(4):  # most tables are untouched on a big field: a draw finds one
        if not open_tables:
            return None
        t = open_tables[rng.randrange(len(open_tables))]
        if t not in touched:
            return t
    left = [t for t in open_tables if t not in touched]
    return rng.choice(left) if left else None


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

# The terms of a plan's cost, most important first (``PlanSearch.levels``).
TERMS = (
    "apart",  # keep-apart pairs sharing a table, in any planned round
    "most",  # the most times any pair has met, through the plan
    "repeats",  # repeat pairs the plan adds over the event
    "met_sq",  # Σ m² over the pairs, a pair meeting m times: repeats spread out
    "now",  # pairs of the next round who met before: a repeat put off may yet be avoided
    "spread",  # the next round's spread of standings
    "turns",  # the most minus the fewest rounds any entry sat at a sitter table
    "turns_sq",  # Σ of those counts squared: the most even after the most and fewest
    "sat",  # the sitters' past of the next round's sitter tables
)
# Left to ``polish`` (the next round alone): the tabu search is done when all but these
# are at their floor.
POLISHED = ("spread", "sat")
# The same with the sitters' turns above the repeats: the first search of a plan with
# sitter tables (``plan``).
TURNS_FIRST = ("apart", "turns", "turns_sq", *(term for term in TERMS[1:] if "turns" not in term))


class PlanSearch:
    """A plan under change: tables per round, who sits where, the running meeting
    counts and each term of the cost, kept up to date swap by swap; the cost is one
    number (weights make the terms lexicographic).

    A swap changes the meetings of two entries with the tablemates they leave and join
    (2(k − 1) pairs at tables of k), so its change of every term is counted from those
    pairs alone: the histogram of meeting counts gives the most any pair has met, the
    histogram of sitter-table rounds the most and fewest."""

    def __init__(self, problem: Problem, rng: random.Random, order: tuple[str, ...] = TERMS):
        self.problem = problem
        self.order = order
        self.rng = rng
        self.work = 0
        n, rounds = problem.n, problem.rounds
        met_most = max((max(row.values(), default=0) for row in problem.mates), default=0)
        met_most = max(met_most, problem.absent_most)
        top = met_most + rounds + 1  # above any meeting count
        sat_top = max(problem.sitter_count, default=0) + rounds + 1
        pairs = n * (n - 1) // 2 + 1
        # Each term's values lie in 0 .. bound − 1, so a weight of the product of the
        # bounds below a term makes one unit of it outweigh all of them together.
        bounds = {
            "sat": sum(problem.sitter_count) + 1,
            "spread": (n + 1) * len(problem.sizes) + 1,
            "now": n * n + 1,
            "met_sq": pairs * top * top + 1,
            "turns_sq": n * sat_top * sat_top + 1,
            "turns": sat_top + 1,
            "most": top + 1,
            "repeats": n * n * (rounds + 1) + 1,
        }
        self.weight: dict[str, int] = {}
        weight = 1
        for term in reversed(order):
            self.weight[term] = weight
            weight *= bounds.get(term, 1)
        self.bounds = bounds
        self.w_apart = self.weight["apart"]
        self.w_repeat = self.weight["repeats"]
        self.w_now = self.weight["now"]
        self.top = top
        self.tables: list[list[list[int]]] = []
        self.cost = 0
        self.goal: dict[str, int] | None = None  # ``floors``, once the tabu search starts
        self._floor_levels: tuple[int | None, dict[str, int]] = (None, {})
        self.has_apart = any(problem.avoid)
        self.has_sitters = any(problem.sitter_tables)
        self.next_round_terms = (
            problem.rank is not None or any(problem.sitter_tables) or any(problem.mates)
        )
        # The meeting counts of the rounds played, as the plan's start; a pair with an
        # entry no longer in the field stands in for them all at the most they met, so
        # that the most any pair meets never drops below it.
        self.met_hist = [0] * (top + 2)
        self.met_sq0 = 0
        for p, row in enumerate(problem.mates):
            for q, times in row.items():
                if q > p:
                    self.met_hist[times] += 1
                    self.met_sq0 += times * times
        if problem.absent_most:
            self.met_hist[problem.absent_most] += 1

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
        count = self.count = [row[:] for row in problem.met]
        hist = self.hist = self.met_hist[:]
        self.met_sq = self.met_sq0
        self.repeats = self.apart = 0
        apart = problem.apart
        for tables in self.tables:
            for table in tables:
                for i, p in enumerate(table):
                    row = count[p]
                    for q in table[i + 1 :]:
                        times = row[q]
                        if times:
                            self.repeats += 1
                            hist[times] -= 1
                        hist[times + 1] += 1
                        self.met_sq += 2 * times + 1
                        row[q] = count[q][p] = times + 1
                        self.apart += apart[p][q]
        self.most = max((m for m in range(len(hist)) if hist[m]), default=0)
        sat = self.sat = problem.sitter_count[:]
        for tables in self.tables:
            for t, table in enumerate(tables):
                if problem.sitter_tables[t]:
                    for p in table:
                        sat[p] += 1
        self.sat_hist = [0] * (max(sat, default=0) + len(self.tables) + 2)
        for times in sat:
            self.sat_hist[times] += 1
        self.sat_most = max(sat, default=0)
        self.sat_least = min(sat, default=0)
        self.turns_sq = sum(times * times for times in sat)
        self.now = self.repeats_now()
        self.spread_now = self.spread()
        self.sat_now = self.sitters()
        self.cost = self.compose()

    def levels(self) -> dict[str, int]:
        """Each term's value, by ``TERMS``."""
        return {
            "apart": self.apart,
            "repeats": self.repeats,
            "most": self.most,
            "turns": self.sat_most - self.sat_least,
            "turns_sq": self.turns_sq,
            "met_sq": self.met_sq,
            "now": self.now,
            "spread": self.spread_now,
            "sat": self.sat_now,
        }

    def compose(self, levels: dict[str, int] | None = None) -> int:
        levels = self.levels() if levels is None else levels
        return sum(levels[term] * self.weight[term] for term in TERMS)

    def snapshot(self) -> list[list[list[int]]]:
        return [[list(table) for table in tables] for tables in self.tables]

    def terms(self) -> dict[str, int]:
        """Every term counted again from the tables (to check the running ones)."""
        problem = self.problem
        met = problem.met
        count = [row[:] for row in met]
        apart = 0
        for tables in self.tables:
            for table in tables:
                for i, p in enumerate(table):
                    for q in table[i + 1 :]:
                        count[p][q] += 1
                        count[q][p] += 1
                        apart += problem.apart[p][q]
        n = problem.n
        pairs = [(count[p][q], met[p][q]) for p in range(n) for q in range(p + 1, n)]
        sat = problem.sitter_count[:]
        for tables in self.tables:
            for t, table in enumerate(tables):
                if problem.sitter_tables[t]:
                    for p in table:
                        sat[p] += 1
        return {
            "apart": apart,
            "repeats": sum(max(0, c - 1) - max(0, m - 1) for c, m in pairs),
            "most": max(max((c for c, _m in pairs), default=0), problem.absent_most),
            "turns": max(sat, default=0) - min(sat, default=0),
            "turns_sq": sum(times * times for times in sat),
            "met_sq": sum(c * c for c, _m in pairs),
            "now": self.repeats_now(),
            "spread": self.spread(),
            "sat": self.sitters(),
        }

    def full_cost(self) -> int:
        return self.compose(self.terms())

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
        return sum(_range(rank, table) for table in self.tables[0] if table)

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

    def after(self, r: int, p: int, q: int) -> dict[str, int]:
        """Every term as it would be if p and q (at different tables of round r) swapped:
        counted from the pairs the swap changes."""
        where = self.where[r]
        a, b = where[p], where[q]
        table_a, table_b = self.tables[r][a], self.tables[r][b]
        count_p, count_q = self.count[p], self.count[q]
        rest_a = [x for x in table_a if x != p]
        rest_b = [y for y in table_b if y != q]
        left = [count_p[x] for x in rest_a] + [count_q[y] for y in rest_b]
        joined = [count_q[x] for x in rest_a] + [count_p[y] for y in rest_b]
        most = self.most
        if most in joined:
            most += 1
        elif self.hist[most] - left.count(most) + joined.count(most - 1) == 0:
            most -= 1
        levels = {
            "apart": self.apart,
            "repeats": self.repeats
            + sum(1 for times in joined if times)
            - sum(1 for times in left if times > 1),
            "most": most,
            "turns": self.sat_most - self.sat_least,
            "turns_sq": self.turns_sq,
            "met_sq": self.met_sq + 2 * (sum(joined) - sum(left)) + len(joined) + len(left),
            "now": self.now,
            "spread": self.spread_now,
            "sat": self.sat_now,
        }
        if self.has_apart:
            apart_p, apart_q = self.problem.apart[p], self.problem.apart[q]
            levels["apart"] += sum(apart_q[x] - apart_p[x] for x in rest_a) + sum(
                apart_p[y] - apart_q[y] for y in rest_b
            )
        sitter_a, sitter_b = self.problem.sitter_tables[a], self.problem.sitter_tables[b]
        if sitter_a != sitter_b:
            leaves, joins = (p, q) if sitter_a else (q, p)
            self._turns_after(levels, self.sat[leaves], self.sat[joins])
        if r == 0 and self.next_round_terms:
            self._next_round_after(levels, a, b, p, q, rest_a, rest_b, table_a, table_b)
        return levels

    def _turns_after(self, levels: dict[str, int], out: int, into: int) -> None:
        """The sitter terms after one entry (``out`` rounds at a sitter table so far)
        leaves a sitter table and another (``into``) takes its seat."""
        hist, most, least = self.sat_hist, self.sat_most, self.sat_least
        if into + 1 > most:
            most += 1
        elif hist[most] - (out == most) + (into + 1 == most) == 0:
            most -= 1
        if out - 1 < least:
            least -= 1
        elif hist[least] - (into == least) + (out - 1 == least) == 0:
            least += 1
        levels["turns"] = most - least
        levels["sat_most"], levels["sat_least"] = most, least
        levels["turns_sq"] += 2 * (into - out + 1)

    def _next_round_after(self, levels, a, b, p, q, rest_a, rest_b, table_a, table_b) -> None:
        problem = self.problem
        met_p, met_q = problem.met[p], problem.met[q]
        levels["now"] += sum((met_q[x] > 0) - (met_p[x] > 0) for x in rest_a) + sum(
            (met_p[y] > 0) - (met_q[y] > 0) for y in rest_b
        )
        rank = problem.rank
        if rank is not None:
            old = _range(rank, table_a) + _range(rank, table_b)
            new = _range(rank, [*rest_a, q]) + _range(rank, [*rest_b, p])
            levels["spread"] += new - old
        sitter_a, sitter_b = problem.sitter_tables[a], problem.sitter_tables[b]
        if sitter_a != sitter_b:
            counts = problem.sitter_count
            levels["sat"] += counts[q] - counts[p] if sitter_a else counts[p] - counts[q]

    def delta(self, r: int, p: int, q: int) -> int:
        """The change of cost if p and q (at different tables of round r) swap."""
        return self.compose(self.after(r, p, q)) - self.cost

    def swap(self, r: int, p: int, q: int, change: int | None = None) -> None:
        """Swap p and q in round r, every term kept up to date."""
        levels = self.after(r, p, q)
        where = self.where[r]
        a, b = where[p], where[q]
        table_a, table_b = self.tables[r][a], self.tables[r][b]
        count, hist = self.count, self.hist
        for leaving, joining, table, stays in ((p, q, table_a, p), (q, p, table_b, q)):
            for x in table:
                if x == stays:
                    continue
                times = count[leaving][x]
                hist[times] -= 1
                if times > 1:
                    hist[times - 1] += 1
                count[leaving][x] = count[x][leaving] = times - 1
                times = count[joining][x]
                if times:
                    hist[times] -= 1
                hist[times + 1] += 1
                count[joining][x] = count[x][joining] = times + 1
        if self.problem.sitter_tables[a] != self.problem.sitter_tables[b]:
            leaves, joins = (p, q) if self.problem.sitter_tables[a] else (q, p)
            sat, sat_hist = self.sat, self.sat_hist
            sat_hist[sat[leaves]] -= 1
            sat[leaves] -= 1
            sat_hist[sat[leaves]] += 1
            sat_hist[sat[joins]] -= 1
            sat[joins] += 1
            sat_hist[sat[joins]] += 1
            self.sat_most, self.sat_least = levels["sat_most"], levels["sat_least"]
            self.turns_sq = levels["turns_sq"]
        table_a[table_a.index(p)] = q
        table_b[table_b.index(q)] = p
        where[p], where[q] = b, a
        self.apart, self.repeats, self.most = levels["apart"], levels["repeats"], levels["most"]
        self.met_sq = levels["met_sq"]
        self.now, self.spread_now, self.sat_now = levels["now"], levels["spread"], levels["sat"]
        self.cost = self.compose(levels)

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

    def floors(self) -> dict[str, int]:
        """The least each term could be (no plan below them in the order): no keep-apart
        pair together; the meetings the plan makes, and the sitter-table seats, spread as
        evenly as numbers allow over the pairs and the entries (the most and Σ of squares
        that gives), the most raised while the rounds played leave no plan in which no
        pair meets more often (``Problem.forced_under``); repeats at their lower bound
        with no pair meeting more often than that, and the next round's at what the
        rounds played force on it. Spread and sitters' past are left to ``polish``."""
        problem = self.problem
        n = problem.n
        fresh = [row.count(0) - 1 for row in problem.met]  # the diagonal is a zero too
        made = problem.rounds * sum(k * (k - 1) // 2 for k in problem.sizes)
        least = min(problem.sizes, default=1) - 1
        seated = [problem.rounds] * n
        for byes in problem.byes:
            for p in byes:
                seated[p] -= 1
        per_player = sum(max(0, seated[p] * least - fresh[p]) for p in range(n))
        met_hist = Counter(
            times for p, row in enumerate(problem.mates) for q, times in row.items() if q > p
        )
        met_hist[0] = n * (n - 1) // 2 - sum(met_hist.values())
        _least, most, met_sq = _even(met_hist, made)
        most = max(most, problem.absent_most)
        while (forced := problem.forced_under(most)) is None:
            most += 1
        repeats = max(0, made - sum(fresh) // 2, -(-per_player // 2), forced[0])
        sitter_seats = sum(
            k for k, sitter in zip(problem.sizes, problem.sitter_tables, strict=True) if sitter
        )
        sat_least, sat_most, turns_sq = _even(
            Counter(problem.sitter_count), sitter_seats * problem.rounds
        )
        return {
            "apart": 0,
            "repeats": repeats,
            "most": most,
            "turns": sat_most - sat_least,
            "turns_sq": turns_sq,
            "met_sq": met_sq,
            "now": forced[1],
            "spread": 0,
            "sat": 0,
        }

    def floor(self) -> int:
        """The cost below which the tabu search cannot go (``floors`` as one number)."""
        return self.compose(self.floors())

    def tabu(self, budget: int, patience: int = PATIENCE) -> None:
        """Swap moves involving a conflicted entry (or one whose turn at a sitter table
        is not due), best first, a swapped entry barred from its old table for a few
        iterations unless the move beats the best plan."""
        self.goal = self.floors()
        floor = self.compose(self.goal)
        if self.settled(self.cost, floor) or len(self.problem.sizes) < 2:
            return
        rng = self.rng
        best_cost, best = self.cost, self.snapshot()
        barred: dict[tuple[int, int, int], int] = {}
        iteration = stall = 0
        best_at = self.work
        while (
            self.work < budget
            and not self.settled(best_cost, floor)
            and self.work - best_at < patience
        ):
            iteration += 1
            chosen = self._best_move(iteration, barred, best_cost)
            if chosen is None:
                break
            change, r, p, q = chosen
            a, b = self.where[r][p], self.where[r][q]
            self.swap(r, p, q, change)
            barred[r, p, a] = iteration + rng.randint(*TENURE)
            barred[r, q, b] = iteration + rng.randint(*TENURE)
            if self.cost < best_cost:
                best_cost, best, stall = self.cost, self.snapshot(), 0
                best_at = self.work
            else:
                stall += 1
                if stall >= STALL:
                    self.load(best)
                    self._shake()
                    barred.clear()
                    stall = 0
        self.load(best)

    def _movers(self, r: int, repeats_at: dict[int, int], apart_at: dict[int, int]) -> list[int]:
        """Round r's entries a move starts from: those at a table with someone they meet
        again or must avoid, and, while the sitter tables' turns are uneven beyond what
        numbers force (and the repeats at their floor), those at a sitter table who sat
        at one more than the fewest."""
        movers = [p for p, repeats in repeats_at.items() if repeats or apart_at.get(p)]
        goal = self.goal
        # Where repeats are forced, only once they are down to their floor: before,
        # moves for the turns would take iterations from the search for fewer repeats
        # (27 Sheepshead players over 8 rounds, two seeds: 134 and 136 repeats, not 130, 132).
        uneven = (
            goal is not None
            and (
                goal["repeats"] == 0
                or (self.apart, self.most, self.repeats) <= (0, goal["most"], goal["repeats"])
            )
            and (self.sat_most - self.sat_least, self.turns_sq) > (goal["turns"], goal["turns_sq"])
        )
        if self.has_sitters and uneven:
            sat, least = self.sat, self.sat_least
            chosen = set(movers)
            movers += [
                p
                for t, table in enumerate(self.tables[r])
                if self.problem.sitter_tables[t]
                for p in table
                if sat[p] > least and p not in chosen
            ]
        return movers

    def _best_move(self, iteration: int, barred, best_cost: int):
        """The best allowed swap (change, round, p, q) with p a mover; random among
        equals. The repeat part of a swap's change is counted first, without a loop over
        both tables (this is where the time goes):

            new meetings of q at p's table − repeats p leaves there
          + new meetings of p at q's table − repeats q leaves there,

        each "repeat left" read from the number of repeats a player has at its table;
        only a swap that may beat the best so far by keep-apart pairs, the most any pair
        meets and that count is counted in full (``after``). The most can only drop
        when p and q leave every pair that met most: otherwise a swap does not lower it.
        """
        rng = self.rng
        count = self.count
        apart_rows = self.problem.apart
        has_apart = self.has_apart
        cost = self.cost
        chosen = None
        chosen_quick = (0, 0, 0)
        by_repeats = self.order == TERMS  # apart, most and repeats outweigh all the rest
        most = self.most
        top_pairs = self.hist[most]
        # A swap changes 2(k − 1) pairs at most: with more pairs at the most, none drops it.
        may_drop = most > 1 and top_pairs <= 2 * (max(self.problem.sizes) - 1)
        ties = 0
        for r, tables in enumerate(self.tables):
            where = self.where[r]
            repeats_at = {}  # p → how many at its table it meets again
            apart_at = {}
            top_at = {}  # p → how many at its table it has met the most times
            for table in tables:
                for p in table:
                    row = count[p]
                    repeats_at[p] = sum(1 for x in table if x != p and row[x] > 1)
                    if has_apart:
                        avoid = apart_rows[p]
                        apart_at[p] = sum(avoid[x] for x in table)
                    if may_drop:
                        top_at[p] = sum(1 for x in table if x != p and row[x] == most)
            for p in self._movers(r, repeats_at, apart_at):
                repeats_p = repeats_at[p]
                top_p = top_at.get(p, 0)
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
                            q_new = 1 if rest and count[q][rest[0]] > 0 else 0
                        else:
                            q_new = len(rest) - met_there(count[q]).count(0)
                        quick = (
                            self._apart_delta(p, q, rest, table) if has_apart else 0,
                            -1 if may_drop and top_p + top_at[q] >= top_pairs else 0,
                            q_new - repeats_p + p_new - (row_p[q] > 0) - repeats_at[q],
                        )
                        if chosen is not None and quick > chosen_quick and by_repeats:
                            continue
                        levels = self.after(r, p, q)
                        change = self.compose(levels) - cost
                        if chosen is not None and change > chosen[0]:
                            continue
                        if (
                            barred.get((r, p, b), 0) >= iteration
                            or barred.get((r, q, a), 0) >= iteration
                        ) and cost + change >= best_cost:
                            continue
                        if chosen is None or change < chosen[0]:
                            chosen, ties = (change, r, p, q), 1
                            chosen_quick = (
                                levels["apart"] - self.apart,
                                levels["most"] - most,
                                levels["repeats"] - self.repeats,
                            )
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

    def split(self, cost: int) -> dict[str, int]:
        """Each term's value in a cost (``compose`` undone)."""
        levels = {}
        for term in self.order:
            levels[term], cost = divmod(cost, self.weight[term])
        return levels

    def repeats_settled(self, cost: int) -> bool:
        """A plan of ``cost`` has no keep-apart pair together and the most any pair meets
        and its repeats at their floor (whatever its later terms)."""
        levels, floors = self.split(cost), self.floors()
        return all(levels[term] <= floors[term] for term in ("apart", "most", "repeats"))

    def settled(self, cost: int, floor: int) -> bool:
        """Nothing left for the tabu search: every term but the next round's spread and
        sitters' past at its floor (``polish`` does the rest)."""
        if self._floor_levels[0] != floor:
            self._floor_levels = (floor, self.split(floor))
        levels, floors = self.split(cost), self._floor_levels[1]
        return all(levels[term] <= floors[term] for term in self.order if term not in POLISHED)

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
            self.swap(r, p, q)

    def polish(self, budget: int) -> None:
        """The next round alone: any swap that lowers the cost, until none does.

        Only a swap that may lower it is counted in full: one of an entry at a table
        with someone it meets again or must avoid; one that narrows the spread; one
        between a sitter table and another that leaves the spread as it was and the
        sitters' turns no worse.
        On a big field (above ``POLISH_ALL`` entries) an entry tries only the entries
        near it in the standings, and every entry when it sits at a sitter table or
        meets someone again: no other swap can lower the cost."""
        if not self.tables or len(self.tables[0]) < 2:
            return
        if not self.next_round_terms:
            return
        rng = self.rng
        players = [p for table in self.tables[0] for p in table]
        rank = self.problem.rank
        by_rank = sorted(players, key=lambda p: (rank[p], p)) if rank is not None else []
        place = {p: i for i, p in enumerate(by_rank)}
        reach = 2 * max(self.problem.sizes)
        where = self.where[0]
        sitter_tables = self.problem.sitter_tables
        limit = self.work + budget
        improved = True
        while improved and self.work < limit:
            improved = False
            rng.shuffle(players)
            for i, p in enumerate(players):
                stuck_p = self._stuck(p)
                if len(players) <= POLISH_ALL:
                    partners = players[i + 1 :]
                elif stuck_p or sitter_tables[where[p]]:
                    partners = players
                else:
                    at = place.get(p)
                    partners = [] if at is None else by_rank[max(0, at - reach) : at + reach + 1]
                for q in partners:
                    a, b = where[p], where[q]
                    if a == b:
                        continue
                    self.work += 1
                    if not (stuck_p or self._stuck(q)) and not self._may_help(p, q, a, b):
                        continue
                    change = self.delta(0, p, q)
                    if change < 0:
                        self.swap(0, p, q, change)
                        improved = True
                        stuck_p = self._stuck(p)

    def _stuck(self, p: int) -> bool:
        """p sits in the next round with someone it meets more than once or must avoid."""
        row, apart = self.count[p], self.problem.apart[p]
        return any(row[x] > 1 or apart[x] for x in self.tables[0][self.where[0][p]] if x != p)

    def _may_help(self, p: int, q: int, a: int, b: int) -> bool:
        """Whether swapping p and q (neither meeting anyone again) may lower the cost:
        when it narrows the spread; when it leaves the spread as it was, between a sitter
        table and another, when the one leaving it has sat at one at least once more than
        the one taking the seat."""
        rank = self.problem.rank
        if rank is not None:
            table_a, table_b = self.tables[0][a], self.tables[0][b]
            rest_a = [x for x in table_a if x != p]
            rest_b = [y for y in table_b if y != q]
            old = _range(rank, table_a) + _range(rank, table_b)
            new = _range(rank, [*rest_a, q]) + _range(rank, [*rest_b, p])
            if new != old:
                return new < old
        sitter_a = self.problem.sitter_tables[a]
        if sitter_a != self.problem.sitter_tables[b]:
            leaves, joins = (p, q) if sitter_a else (q, p)
            return self.sat[leaves] > self.sat[joins]
        return False


def _even(counts: Mapping[int, int], extra: int) -> tuple[int, int, int]:
    """``extra`` units added one each to the lowest of things counted ``counts``
    (count → how many things have it): (the fewest, the most, Σ of squares) after. The
    most even a total can be spread: no plan spreads its meetings or sitter seats more
    evenly, so these are floors."""
    counts = {level: many for level, many in counts.items() if many}
    if not counts:
        return 0, 0, 0
    level = min(counts)
    while extra > 0:
        here = counts.pop(level)
        step = min(extra, here)
        extra -= step
        if here > step:
            counts[level] = here - step
        counts[level + 1] = counts.get(level + 1, 0) + step
        level = min(counts)
    return (
        min(counts),
        max(counts),
        sum(level * level * many for level, many in counts.items()),
    )


def _range(rank: list[int], table: list[int]) -> int:
    values = [rank[p] for p in table]
    return max(values) - min(values)
