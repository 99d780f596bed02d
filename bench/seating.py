"""The seating benchmark: one table of every seating case docs/tournaments.md §3 and issue 23
name, with the repeat pairs reached, the most any pair met, the lower bound and the CPU
seconds.

Every row is one instance, seated as a club would: ``event`` rows round by round with
unchanged entries (round 1 drawn, every later round ``mixed``, each planning all rounds
left; optionally with standings from simulated results), ``scratch`` rows all rounds
planned at once without the known designs (the search alone), ``one_plan`` rows a single
``mixed`` plan of round 2 (the scale). Columns:

- repeats: repeat pairs over the event (a pair met m times counts m − 1);
- most met: the most times any pair met;
- bound: the least repeats any schedule of those tables has (``event_bound``: the pairs the
  tables make beyond the pairs there are, or each player's meetings beyond the others
  there are); for a ``one_plan`` row, the round's bound as the page shows it;
- seconds: CPU seconds of the slowest plan (an ``event``), of the plan (the others);
- target: the issue's or the contract's target for the row, met or not; notes: what else
  a row's item measures (the sitter tables per player, the spread of standings).

The cases are listed by item, each in its own function (``contract_cases``,
``item1_designs``, ``item2_spread``, ``item4_sitters``, ``item6_scale``): add a row
there. Pure Python, one core, no database: ``python bench/seating.py`` (``--quick`` for
the small rows only, ``--only TEXT`` for the rows whose name holds TEXT). Exit status 1
when a case of the contract misses its target (§3: zero repeats, each plan within 10 s).
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from matches.seating import (  # noqa: E402
    History,
    PlayedRound,
    Seating,
    Standing,
    TableSizes,
    seat,
    split,
)
from matches.seating.planner import plan  # noqa: E402
from matches.seating.quality import repeats  # noqa: E402

# The games' table sizes as their rulesets give them (matches.rules.table_sizes), written
# out.
SERGEANT_MAJOR = TableSizes(3, sitter=True)  # three-player presets: 4-seat tables sit one out
FOURS = TableSizes(4)  # Sergeant Major four-player: byes, no sitters
SHEEPSHEAD = TableSizes(5, sitter=True, smaller=True)  # 6 with the dealer out, 4 last
CONTRACT_SECONDS = 10.0


@dataclass(frozen=True)
class Row:
    instance: str
    repeats: int
    most_met: int
    bound: int
    seconds: float
    target: str = ""  # "", "met" or "NOT MET (…)"
    notes: str = ""


@dataclass(frozen=True)
class Case:
    """One row to be: its name, how to compute it from a seed, and whether ``--quick``
    runs it; ``contract``: a miss makes the exit status 1."""

    name: str
    run: Callable[[int], Row]
    quick: bool = False
    contract: bool = False


# -- what a row measures ----------------------------------------------------------------


def event_bound(players: int, tables: Iterable[int], rounds: int) -> int:
    """The least repeat pairs of ``rounds`` rounds of N players at ``tables``: the pairs
    the tables make beyond the C(N, 2) there are, or, each player meeting at least the
    smallest table less one a round, their meetings beyond the N − 1 others (the
    contract's ⌈N · max(0, r(k − 1) − (N − 1)) / 2⌉ at one table size)."""
    tables = list(tables)
    made = rounds * sum(k * (k - 1) // 2 for k in tables)
    by_pairs = made - players * (players - 1) // 2
    seated = sum(tables)
    least = rounds * (min(tables) - 1) - (players - 1)
    by_player = -(-seated * max(0, least) // 2)
    return max(0, by_pairs, by_player)


def _sitter_spread(past: History, sizes: TableSizes, entries: list) -> str:
    """How many rounds each entry sat at a sitter table: "sitter tables 1–4" (fewest to
    most); nothing without sitter tables."""
    if not any(sizes.has_sitter(len(t)) for played in past.rounds for t in played.tables):
        return ""
    sat = past.sitter_rounds(sizes.has_sitter)
    counts = [sat[entry] for entry in entries]
    return f"sitter tables {min(counts)}–{max(counts)}"


def _simulated_standings(past: History, rng: random.Random) -> list[Standing]:
    """Standings after ``past``: at each table a place drawn for each entry, k − place
    points; ranked by points, shared ranks equal."""
    points: Counter = Counter()
    for played in past.rounds:
        for table in played.tables:
            order = list(table)
            rng.shuffle(order)
            for place, entry in enumerate(order):
                points[entry] += len(order) - 1 - place
    ordered = sorted(points, key=lambda entry: -points[entry])
    rows, rank = [], 0
    for i, entry in enumerate(ordered):
        if not i or points[entry] != points[ordered[i - 1]]:
            rank = i + 1
        rows.append(Standing(entry, rank, points[entry]))
    return rows


def _spread(seating: Seating, standings: list[Standing]) -> int:
    rank = {row.entry: row.rank for row in standings}
    return sum(
        max(rank[e] for e in table.entries) - min(rank[e] for e in table.entries)
        for table in seating.tables
    )


def event(
    name: str,
    players: int,
    sizes: TableSizes,
    rounds: int,
    *,
    standings: bool = False,
    target_repeats: int | None = None,
    target_seconds: float | None = None,
    quick: bool = False,
    contract: bool = False,
) -> Case:
    """Round by round with unchanged entries: round 1 drawn, then ``mixed`` (with
    standings from simulated results when ``standings``)."""

    def run(seed: int) -> Row:
        entries = list(range(1, players + 1))
        rng = random.Random(seed)
        past = History()
        seconds = [0.0]
        spreads = []
        for number in range(1, rounds + 1):
            rows = _simulated_standings(past, rng) if standings and number > 1 else []
            started = time.process_time()
            seating = seat(
                "draw" if number == 1 else "mixed",
                entries,
                sizes,
                round=number,
                rounds=rounds,
                history=past,
                standings=rows,
                seed=seed + number,
            )
            if number > 1:
                seconds.append(time.process_time() - started)
            if rows:
                spreads.append(_spread(seating, rows))
            past = History((*past.rounds, seating.as_round()))
        found = repeats(past.meetings())
        notes = [_sitter_spread(past, sizes, entries)]
        if spreads:
            notes.append(f"rank spread per round {min(spreads)}–{max(spreads)}")
        return _row(
            name,
            found,
            max(past.meetings().values(), default=0),
            event_bound(players, split(players, sizes).tables, rounds),
            max(seconds),
            target_repeats,
            target_seconds,
            ", ".join(note for note in notes if note),
        )

    return Case(name, run, quick, contract)


def scratch(
    name: str,
    players: int,
    size: int,
    rounds: int,
    *,
    target_repeats: int | None = None,
    target_seconds: float | None = None,
    quick: bool = False,
) -> Case:
    """All rounds planned at once from nothing, without the known designs."""

    def run(seed: int) -> Row:
        entries = list(range(1, players + 1))
        tables = [size] * (players // size)
        started = time.process_time()
        planned = plan(
            entries, tables, [], rounds, History(), random.Random(seed), known_designs=False
        )
        seconds = time.process_time() - started
        played = History(tuple(PlayedRound(n, tuple(t)) for n, t in enumerate(planned, 1)))
        met = played.meetings()
        return _row(
            name,
            repeats(met),
            max(met.values(), default=0),
            event_bound(players, tables, rounds),
            seconds,
            target_repeats,
            target_seconds,
        )

    return Case(name, run, quick)


def one_plan(
    name: str,
    players: int,
    sizes: TableSizes,
    rounds: int,
    *,
    standings: bool = False,
    target_seconds: float | None = None,
    quick: bool = False,
) -> Case:
    """One ``mixed`` plan: round 2 of ``rounds`` after a drawn round 1 (the plan covers
    every round left); with standings from simulated results when ``standings``."""

    def run(seed: int) -> Row:
        entries = list(range(1, players + 1))
        rng = random.Random(seed)
        first = seat("draw", entries, sizes, round=1, rounds=rounds, seed=seed)
        past = History((first.as_round(),))
        rows = _simulated_standings(past, rng) if standings else []
        started = time.process_time()
        second = seat(
            "mixed",
            entries,
            sizes,
            round=2,
            rounds=rounds,
            history=past,
            standings=rows,
            seed=seed + 2,
        )
        seconds = time.process_time() - started
        quality = second.quality
        notes = f"rank spread {_spread(second, rows)}" if rows else ""
        return _row(
            name,
            quality.total,
            quality.most_met,
            quality.lower_bound,
            seconds,
            None,
            target_seconds,
            notes,
        )

    return Case(name, run, quick)


def _row(name, found, most, bound, seconds, target_repeats, target_seconds, notes="") -> Row:
    missed = []
    if target_repeats is not None and found > target_repeats:
        missed.append(f"{target_repeats} repeats")
    if target_seconds is not None and seconds > target_seconds:
        missed.append(f"{target_seconds:g} s")
    target = ""
    if target_repeats is not None or target_seconds is not None:
        target = f"NOT MET ({', '.join(missed)})" if missed else "met"
    return Row(name, found, most, bound, seconds, target, notes)


# -- the cases, by item -----------------------------------------------------------------


def contract_cases() -> list[Case]:
    """docs/tournaments.md §3: zero repeats on the social golfer cases, each plan within 10 s."""
    return [
        event(f"{n}×{k}×{r}", n, SERGEANT_MAJOR if k == 3 else FOURS, r, target_repeats=0,
              target_seconds=CONTRACT_SECONDS, quick=True, contract=True)
        for n, k, r in ((15, 3, 7), (16, 4, 5), (32, 4, 8))
    ]  # fmt: skip


def item1_designs() -> list[Case]:
    """Issue 23, item 1: zero repeats wherever the literature has them, round by round;
    32 in fours over 9 from scratch (no stored design) within 10 s."""
    cases = [
        event(f"{n}×{k}×{r}", n, SERGEANT_MAJOR if k == 3 else FOURS, r, target_repeats=0,
              quick=n <= 21)
        for n, k, r in ((32, 4, 10), (18, 3, 8), (21, 3, 10), (24, 3, 11), (30, 3, 14),
                        (33, 3, 16), (28, 4, 9), (40, 4, 13))
    ]  # fmt: skip
    cases.append(scratch("32×4×9 from scratch", 32, 4, 9, target_repeats=0, target_seconds=10))
    return cases


def item2_spread() -> list[Case]:
    """Issue 23, item 2: forced repeats spread over many pairs (the most any pair met)."""
    cases = [event(f"Sheepshead {n}×8", n, SHEEPSHEAD, 8, quick=n == 13) for n in (13, 17, 23, 27)]
    cases.append(event("Sergeant Major 11×8", 11, SERGEANT_MAJOR, 8, quick=True))
    return cases


def item4_sitters() -> list[Case]:
    """Issue 23, item 4: the sitter tables in turn (see the notes column)."""
    return [
        event("Sergeant Major 13×3", 13, SERGEANT_MAJOR, 3, quick=True),
        event("Sergeant Major 29×8", 29, SERGEANT_MAJOR, 8),
        event("Sergeant Major 29×8, standings", 29, SERGEANT_MAJOR, 8, standings=True),
    ]


def item6_scale() -> list[Case]:
    """Issue 23, item 6: one plan within 5 s up to 500 players, 20 s at 2,000."""
    cases = []
    for players, seconds in ((120, 5.0), (500, 5.0), (2000, 20.0)):
        for standings in (False, True):
            name = f"mixed plan {players}×4×8" + (", standings" if standings else "")
            cases.append(
                one_plan(name, players, FOURS, 8, standings=standings,
                         target_seconds=seconds, quick=players == 120)
            )  # fmt: skip
    return cases


def item6_scale_sitters() -> list[Case]:
    """Issue 23, item 6, with sitter tables (Sergeant Major at tables of 3 and 4): the
    plan weighs the sitters' turns over the event too, and the polish tries swaps
    between sitter tables and others."""
    cases = []
    for players, seconds in ((120, 5.0), (500, 5.0), (2000, 20.0)):
        for standings in (False, True):
            name = f"mixed plan {players}×3/4×8" + (", standings" if standings else "")
            cases.append(
                one_plan(name, players, SERGEANT_MAJOR, 8, standings=standings,
                         target_seconds=seconds, quick=players == 120)
            )  # fmt: skip
    return cases


SECTIONS: tuple[tuple[str, Callable[[], list[Case]]], ...] = (
    ("docs/tournaments.md §3: the social golfer cases, round by round", contract_cases),
    ("Item 1: zero repeats where the literature has them", item1_designs),
    ("Item 2: spread the repeats", item2_spread),
    ("Item 4: sitters in turn", item4_sitters),
    ("Item 6: scale", item6_scale),
    ("Item 6: scale, with sitter tables", item6_scale_sitters),
)


# -- the table --------------------------------------------------------------------------

COLUMNS = (
    f"{'instance':<34} {'repeats':>7} {'most met':>8} {'bound':>5} {'seconds':>8}  "
    f"{'target':<24} notes"
)


def _line(row: Row) -> str:
    return (
        f"{row.instance:<34} {row.repeats:>7} {row.most_met:>8} {row.bound:>5} "
        f"{row.seconds:>8.2f}  {row.target:<24} {row.notes}"
    ).rstrip()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="only the small rows")
    parser.add_argument("--only", default="", help="only the rows whose name holds this")
    args = parser.parse_args(argv)

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"seating bench: Python {platform.python_version()}, {platform.machine()}, "
        f"{os.cpu_count()} cores, load average {load:.2f} at the start; CPU seconds"
        + (" (--quick)" if args.quick else "")
    )
    missed = False
    for title, cases in SECTIONS:
        chosen = [
            case
            for case in cases()
            if (case.quick or not args.quick) and args.only.lower() in case.name.lower()
        ]
        if not chosen:
            continue
        print()
        print(title)
        print(COLUMNS)
        for case in chosen:
            row = case.run(args.seed)
            print(_line(row), flush=True)
            missed |= case.contract and row.target.startswith("NOT MET")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
