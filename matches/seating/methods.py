"""Seating a round by one of the methods of TOURNAMENTS.md §3.

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
from collections.abc import Iterable, Sequence

from matches.rules.base import RuleError, _

from . import planner
from .matching import Pairing
from .model import Entry, History, Ranked, Seating, Table, check_method, pair
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
    ``matches.standings.Row`` will do); entries without a row count as last. ``budget``:
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
        else:
            if method == "draw":
                rng.shuffle(seated)
            else:  # standings: the Setzliste, equal ranks in a random order
                seated.sort(key=lambda entry: (rank[entry], rng.random()))
            groups = _fill(seated, layout.tables)
            groups = planner.separate(
                groups, keep_apart, rng, rank=rank if method == "standings" else None
            )
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
