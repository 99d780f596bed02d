"""`make bench`, the club night: a tournament as big as a club gets, read while it runs.

120 players checked in, 40 tables of 3, round 6 of 8 under way after 5 rounds of 12 hands
each (2,400 hands). Against the trivial view in the same run: the standings page, the
standings JSON and the round control page (targets: within 3x the trivial view's
median). Drafting round 6 with ``mixed`` is timed on its own, in-process.

Reuses the server, clients and report of ``bench.py`` (same machine, same method).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench import (  # noqa: E402  (the sibling script, not a package)
    Request,
    Site,
    django_up,
    in_rounds,
    load_average,
    merge,
    report,
    session_of,
)

PLAYERS = 120
ROUNDS = 8
PLAYED = 5
HANDS = 12  # per player and round, at tables of three


def setup_data() -> dict:
    """The tournament, played up to round 6 (drafted with ``mixed`` and started)."""
    django_up()
    import datetime

    from django.contrib.auth import get_user_model

    from matches.models import Table
    from matches.services import accounts, closing, drafting, play, registration, tournaments

    user = get_user_model().objects.create_user(
        "organiser", password="bench-password-1", is_staff=True
    )
    _, key = accounts.issue_token(user, "bench")
    tournament = tournaments.create_tournament(
        user,
        name="Club night",
        date=datetime.date(2026, 12, 1),
        game="sergeant-major",
        variant="8-5-3",
        rounds=ROUNDS,
        hands_per_round=HANDS,
        remainder="byes",
        tie_breaks=["game_points", "opponents", "best_round"],
    )
    entries = registration.register_players(
        tournament, user, [f"Player {n:03d}" for n in range(1, PLAYERS + 1)]
    )
    for entry in entries:
        registration.check_in(entry, user)
    targets = (8, 5, 3)
    drafted = 0.0
    for number in range(1, PLAYED + 2):
        started = time.perf_counter()
        round_ = drafting.draft_round(tournament, user, method="mixed", seed=number)
        drafted = time.perf_counter() - started
        drafting.start_round(round_, user)
        if number > PLAYED:
            break
        for table in Table.objects.filter(round=round_).select_related("match"):
            match = table.match
            for hand in range(1, HANDS + 1):
                dealer = (match.first_dealer + hand - 1) % 3
                tricks = [0, 0, 0]
                # Dealer one over, eldest one under: scores move, nobody reaches 12.
                for offset, gain in enumerate((1, -1, 0)):
                    tricks[(dealer + offset) % 3] = targets[offset] + gain
                play.record_hand(match, hand, {"tricks": tricks, "trump": "hearts"}, by=user)
        closing.close_round(round_, user)
    return {
        "key": key,
        "session": session_of(user),
        "tournament": tournament.pk,
        "round": PLAYED + 1,
        "draft_seconds": drafted,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--requests", type=int, default=20)
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--limit", type=float, default=20)
    parser.add_argument("--setup-data", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.setup_data:
        print(json.dumps(setup_data()))
        return 0

    print("Club night benchmark")
    print(
        f"  {PLAYERS} players, tables of 3, round {PLAYED + 1} of {ROUNDS} under way after "
        f"{PLAYED} rounds of {HANDS} hands; {args.clients} clients, {args.workers} workers"
    )
    print(f"  load average at start: {load_average()}")
    site = Site.fresh("scorekeeper-club-")
    try:
        started = time.monotonic()
        data = site.set_up(__file__)
        print(f"set-up: {time.monotonic() - started:.1f} s")
        print(f"drafting round {data['round']} with mixed: {data['draft_seconds']:.2f} s")
        port = site.serve(args.workers)
        session = {"Cookie": f"sessionid={data['session']}"}
        bearer = {"Authorization": f"Bearer {data['key']}"}
        base = f"/tournaments/{data['tournament']}"
        endpoints = [
            ("trivial view /ping/", lambda _i: Request("GET", "/ping/", {})),
            ("standings page", lambda _i: Request("GET", f"{base}/standings/", dict(session))),
            (
                "standings JSON",
                lambda _i: Request("GET", f"/api{base}/standings", dict(bearer)),
            ),
            (
                "round control page",
                lambda _i: Request("GET", f"{base}/rounds/{data['round']}/", dict(session)),
            ),
        ]
        runs = in_rounds(endpoints, 2, port, args.clients, args.requests, 2, args.limit, 30)
        results = [merge(parts) for parts in runs.values()]
        print()
        met = report(results, {"standings page": 3, "standings JSON": 3, "round control page": 3})
        errors = sum(len(res.failures) for res in results)
        print(f"club night targets {'all met' if met else 'NOT all met'}; {errors} errors")
        return 1 if errors else 0
    finally:
        site.close()


if __name__ == "__main__":
    sys.exit(main())
