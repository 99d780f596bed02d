"""The club rating's rebuild: 1,500 finished five-player matches (Sheepshead) of 40
registered players, rebuilt from scratch (``manage.py rebuild_ratings``), checked
(``--check``), and one more match finishing on top (the write a table's last hand makes).

On a fresh SQLite database in a temporary DATA_DIR (``DATABASE_URL`` is ignored): the
matches are written straight into the tables (their seats' places drawn, one hand each),
not played through the services, so that the set-up takes seconds. Prints the seconds of
each step (wall clock, best of ``--repeat``); the issue's figure: a rebuild under 2 s.
Figures are printed, not asserted: ``python bench/ratings.py [--matches N]``.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PLAYERS = 40
SEATS = 5


def django_up(data_dir: str) -> None:
    sys.path.insert(0, str(REPO))
    os.environ.pop("DATABASE_URL", None)
    os.environ["DATA_DIR"] = data_dir
    os.environ.setdefault("SECRET_KEY", "bench-ratings-only")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def club(matches: int, seed: int) -> None:
    """``matches`` finished Sheepshead matches of five of the club's players each."""
    from django.contrib.auth import get_user_model

    from matches.models import Hand, Match, Player, Seat
    from matches.models.players import keys

    draw = random.Random(seed)
    owner = get_user_model().objects.create_user("bench", is_staff=True)
    players = Player.objects.bulk_create(
        Player(name=f"Player {n}", **keys(f"Player {n}")) for n in range(PLAYERS)
    )
    players = list(Player.objects.order_by("pk"))
    start = datetime(2025, 1, 1, 19, tzinfo=UTC)
    rows = Match.objects.bulk_create(
        Match(
            owner=owner,
            game="sheepshead",
            variant="standard",
            first_dealer=0,
            finished=True,
            finished_at=start + timedelta(minutes=20 * n),
        )
        for n in range(matches)
    )
    rows = list(Match.objects.order_by("pk"))
    Hand.objects.bulk_create(Hand(match=m, number=1, input={}) for m in rows)
    seats = []
    for match in rows:
        totals = [draw.randint(-6, 6) for _ in range(SEATS)]
        for number, player in enumerate(draw.sample(players, SEATS)):
            place = 1 + sum(1 for other in totals if other > totals[number])
            seats.append(
                Seat(
                    match=match,
                    number=number,
                    player=player,
                    name=player.name,
                    total=totals[number],
                    place=place,
                    won=place == 1,
                )
            )
    Seat.objects.bulk_create(seats, batch_size=2000)


def best(step, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        began = time.perf_counter()
        step()
        times.append(time.perf_counter() - began)
    return min(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=1500, help="finished matches (1500)")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each step, best kept (3)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bench-ratings-") as data_dir:
        django_up(data_dir)
        from matches.models import Match, RatingPoint
        from matches.services import ratings

        club(args.matches, args.seed)
        rebuild = best(lambda: ratings.refresh("sheepshead", None), args.repeat)
        points = RatingPoint.objects.count()
        check = best(lambda: ratings.rebuild(check=True), args.repeat)
        assert ratings.rebuild(check=True) == []
        newest = Match.objects.order_by("-finished_at").first()
        last = (newest.finished_at, newest.pk)
        append = best(lambda: ratings.refresh("sheepshead", last), args.repeat)
        print(
            f"club rating, {args.matches:,} five-player matches ({points:,} points), "
            f"{platform.python_implementation()} {platform.python_version()}, "
            f"{os.cpu_count()} cores, SQLite"
        )
        print(
            f"  rebuild from scratch (stored):  {rebuild:6.2f} s  (target < 2 s: "
            f"{'met' if rebuild < 2 else 'MISSED'})"
        )
        print(f"  rebuild --check (compared):     {check:6.2f} s")
        print(f"  the newest match again:         {append * 1000:6.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
