"""The seating benchmark: the social golfer cases of TOURNAMENTS.md §3, seated round by
round with unchanged entries (round 1 drawn, every later round ``mixed``, each planning
all rounds left), with the repeat pairs and the seconds of each plan.

Targets (the issue): zero repeats on 15×3×7, 16×4×5 and 32×4×8, each plan within 10 s.

A second part measures the planner's search alone, without the known designs it starts
from (what a club gets when its numbers have no known design, or after an organiser's
swap breaks one): all rounds planned at once from nothing, the repeats it reaches and
its time. Pure Python, one core, no database: ``python bench/seating.py``.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from matches.seating import History, PlayedRound, TableSizes, lower_bound, seat  # noqa: E402
from matches.seating.planner import plan  # noqa: E402
from matches.seating.quality import repeats  # noqa: E402

CASES = ((15, 3, 7), (16, 4, 5), (32, 4, 8))
TARGET_SECONDS = 10.0


def round_by_round(players: int, size: int, rounds: int, seed: int):
    """Seat every round in turn; (repeats over the event, seconds of each plan)."""
    entries = list(range(1, players + 1))
    sizes = TableSizes(size)
    past = History()
    seconds = []
    for number in range(1, rounds + 1):
        method = "draw" if number == 1 else "mixed"
        started = time.process_time()
        seating = seat(
            method, entries, sizes, round=number, rounds=rounds, history=past, seed=seed + number
        )
        if method == "mixed":
            seconds.append(time.process_time() - started)
        past = History((*past.rounds, seating.as_round()))
    return repeats(past.meetings()), seconds


def search_alone(players: int, size: int, rounds: int, seed: int):
    """All rounds planned at once from nothing, without the designs."""
    entries = list(range(1, players + 1))
    started = time.process_time()
    planned = plan(
        entries,
        [size] * (players // size),
        [],
        rounds,
        History(),
        random.Random(seed),
        known_designs=False,
    )
    seconds = time.process_time() - started
    played = History(tuple(PlayedRound(n, tuple(tables)) for n, tables in enumerate(planned, 1)))
    return repeats(played.meetings()), seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-search", action="store_true", help="skip the search-alone part")
    args = parser.parse_args()

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"seating bench: Python {platform.python_version()}, {platform.machine()}, "
        f"{os.cpu_count()} cores, load average {load:.2f} at the start; CPU seconds"
    )
    print()
    print("Round by round (round 1 drawn, then mixed; entries unchanged):")
    header = (
        f"{'case':<9} {'plans':>5} {'repeats':>7} {'bound':>5} "
        f"{'slowest s':>9} {'all plans s':>11}  target"
    )
    print(header)
    missed = False
    for players, size, rounds in CASES:
        found, seconds = round_by_round(players, size, rounds, args.seed)
        slowest = max(seconds)
        met = found == 0 and slowest <= TARGET_SECONDS
        missed |= not met
        print(
            f"{players}×{size}×{rounds:<3} {len(seconds):>5} {found:>7} "
            f"{lower_bound(players, size, rounds):>5} {slowest:>9.3f} {sum(seconds):>11.3f}  "
            + ("met" if met else "NOT MET")
        )
        print("          per plan s: " + " ".join(f"{s:.3f}" for s in seconds))
    if not args.no_search:
        print()
        print("The search alone (no designs), all rounds planned at once:")
        print(f"{'case':<9} {'repeats':>7} {'seconds':>8}")
        for players, size, rounds in CASES:
            found, seconds = search_alone(players, size, rounds, args.seed)
            print(f"{players}×{size}×{rounds:<3} {found:>7} {seconds:>8.2f}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
