"""Where the time of a request goes, measured so that another load on the machine moves it
little: the queries of one record (``POST /api/matches/{id}/hands``) and of the cached
reads, the CPU time per request of each endpoint against ``/ping/``, a cProfile of
sequential records, and (``--instructions``) the instructions per request counted by
valgrind, which no load changes at all. Everything runs in one process through Django's
whole WSGI stack (middleware included) on a fresh SQLite database with the data of
``make bench`` (``bench.setup_data``).

    python bench/profile_write.py [--view record] [--records 300] [--top 25] [--sort tottime]
                                  [--cold] [--minimal]
    python bench/profile_write.py --instructions [--cold] [--minimal]

``--minimal`` records with ``Prefer: return=minimal`` (the slim answer). ``--cold``
forgets the kept states before each record, as when another worker wrote
the match's last hand: gunicorn's sync workers share no memory, so with three of them
about two records in three find another worker's revision.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
BENCH = REPO / "bench"
CLIENTS = 16  # matches recorded into, in turn, so each stays about as long as in make bench


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--records", type=int, default=300, help="requests profiled (300)")
    parser.add_argument(
        "--view",
        default="record",
        choices=["record", "page", "state", "ping"],
        help="the requests profiled (record)",
    )
    parser.add_argument("--top", type=int, default=25, help="profile lines shown (25)")
    parser.add_argument("--sort", default="tottime", help="pstats sort key (tottime)")
    parser.add_argument("--no-profile", action="store_true", help="queries and CPU only")
    parser.add_argument(
        "--cold", action="store_true", help="forget the derived states before each record"
    )
    parser.add_argument(
        "--minimal",
        action="store_true",
        help="records ask for the slim answer (Prefer: return=minimal)",
    )
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="count instructions per request with valgrind (slow: a few minutes)",
    )
    # Internal: one run of requests in a prepared data directory (under valgrind).
    parser.add_argument("--run", nargs=2, metavar=("VIEW", "N"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)

    if args.run:
        django_up()
        views = Views(
            json.loads((data_dir() / "bench-data.json").read_text()), args.cold, args.minimal
        )
        view = getattr(views, args.run[0])
        views.warm_up()
        for _ in range(int(args.run[1])):
            view()
        return 0

    base = Path(tempfile.mkdtemp(prefix="scorekeeper-profile-"))
    try:
        prepare(base / "data")
        if args.instructions:
            return instructions(base, args)
        os.environ["DATA_DIR"] = str(base / "data")
        django_up()
        return report(args)
    finally:
        shutil.rmtree(base, ignore_errors=True)


# -- set-up -------------------------------------------------------------------------------


def environment(directory: Path) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if key != "DATABASE_URL"}
    env.update(DATA_DIR=str(directory), DEBUG="0", DJANGO_SETTINGS_MODULE="scorekeeper.settings")
    return env


def prepare(directory: Path) -> None:
    """A migrated database with make bench's data, in a child process (so that the parent
    can still point Django at any copy of it)."""
    env = environment(directory)
    python = sys.executable
    subprocess.run(
        [python, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=REPO, env=env, check=True
    )
    out = subprocess.run(
        [python, str(BENCH / "bench.py"), "--setup-data", str(CLIENTS)],
        cwd=REPO,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    (directory / "bench-data.json").write_text(out.strip().splitlines()[-1])


def data_dir() -> Path:
    return Path(os.environ["DATA_DIR"])


def django_up() -> None:
    sys.path.insert(0, str(REPO))
    os.environ.setdefault("DEBUG", "0")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
    from scorekeeper.datadir import prepare as prepare_dir

    prepare_dir()
    import django

    django.setup()
    from django.conf import settings

    # Static files as the tests find them: no collectstatic needed.
    settings.WHITENOISE_USE_FINDERS = True
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    settings.ALLOWED_HOSTS = ["*"]


class Views:
    """The requests of make bench, through Django's test client."""

    def __init__(self, data: dict, cold: bool = False, minimal: bool = False):
        from django.test import Client

        self.data = data
        self.cold = cold
        # The records' answer: the whole state, or what changed (Prefer: return=minimal).
        self.prefer = {"HTTP_PREFER": "return=minimal"} if minimal else {}
        self.api = Client(
            HTTP_AUTHORIZATION=f"Bearer {data['key']}", HTTP_ACCEPT="application/json"
        )
        self.browser = Client()
        self.browser.cookies["sessionid"] = data["session"]
        self.anonymous = Client()  # make bench's /ping/ carries no cookie
        self.recorded = dict.fromkeys(data["record_matches"], data["seeded"])
        self.turn = 0

    def warm_up(self):
        """A record into every match (so that each one's state is in this process's
        memory unless ``cold``), and each read twice."""
        for _ in self.data["record_matches"]:
            self.record()
        for view in (self.ping, self.page, self.state):
            view(), view()

    def record(self):
        sys.path.insert(0, str(BENCH))
        from bench import on_target
        from matches.services import selectors

        if self.cold:
            selectors.states.clear()
        matches = self.data["record_matches"]
        match = matches[self.turn % len(matches)]
        self.turn += 1
        self.recorded[match] += 1
        number = self.recorded[match]
        body = {"number": number, "tricks": on_target(number), "trump": "hearts"}
        response = self.api.post(
            f"/api/matches/{match}/hands",
            json.dumps(body),
            content_type="application/json",
            **self.prefer,
        )
        assert response.status_code == 201, response.content[:300]

    def ping(self):
        assert self.anonymous.get("/ping/").status_code == 200

    def page(self):
        assert self.browser.get(f"/matches/{self.data['read_match']}/").status_code == 200

    def state(self):
        assert self.api.get(f"/api/matches/{self.data['read_match']}").status_code == 200


# -- in-process report --------------------------------------------------------------------


def report(args) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    views = Views(json.loads((data_dir() / "bench-data.json").read_text()), args.cold, args.minimal)
    views.warm_up()

    print(f"== queries of one record{' (cold)' if args.cold else ''}")
    with CaptureQueriesContext(connection) as captured:
        views.record()
    for query in captured.captured_queries:
        print(f"  {query['sql'][:110]}")
    print(f"  {len(captured)} queries")
    for name in ("page", "state", "ping"):
        with CaptureQueriesContext(connection) as captured:
            getattr(views, name)()
        print(f"== {name}: {len(captured)} queries (cached)")

    print("\n== CPU time per request (this process), in 10 interleaved rounds of 20 each")
    cpu = cpu_per_request(views, ("ping", "page", "state", "record"), rounds=10, each=20)
    for name, seconds in cpu.items():
        print(f"  {name:<8}{seconds * 1000:7.3f} ms  {seconds / cpu['ping']:5.2f}x ping")

    if not args.no_profile:
        profiler = cProfile.Profile()
        profiler.enable()
        view = getattr(views, args.view)
        for _ in range(args.records):
            view()
        profiler.disable()
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats(args.sort).print_stats(args.top)
        print(f"\n== cProfile of {args.records} requests ({args.view}), by {args.sort}")
        print(out.getvalue())
    return 0


def cpu_per_request(views, names, rounds: int, each: int) -> dict[str, float]:
    """CPU seconds per request of each view. The views take turns in rounds, so that
    another load on the machine, which slows every one of them, weighs on all alike."""
    spent = dict.fromkeys(names, 0.0)
    for _ in range(rounds):
        for name in names:
            view = getattr(views, name)
            start = time.process_time()
            for _ in range(each):
                view()
            spent[name] += time.process_time() - start
    return {name: seconds / (rounds * each) for name, seconds in spent.items()}


# -- instructions -------------------------------------------------------------------------


def instructions(base: Path, args) -> int:
    """Instructions per request: two runs of each view under valgrind (few and more
    requests, each on its own copy of the database); the difference divided by the
    difference in requests leaves out start-up and warm-up."""
    if not shutil.which("valgrind"):
        print("--instructions needs valgrind (apt-get install valgrind)")
        return 1
    few, more = 10, 60
    per = {}
    for view in ("ping", "page", "state", "record"):
        counts = []
        for n in (few, more):
            copy = base / f"{view}-{n}"
            shutil.copytree(base / "data", copy)
            cmd = [
                "valgrind",
                "--tool=cachegrind",
                "--cache-sim=no",
                "--cachegrind-out-file=/dev/null",
                sys.executable,
                __file__,
                "--run",
                view,
                str(n),
                *(["--cold"] if args.cold else []),
                *(["--minimal"] if args.minimal else []),
            ]
            done = subprocess.run(cmd, env=environment(copy), capture_output=True, text=True)
            found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
            if done.returncode != 0 or not found:
                sys.stderr.write(done.stderr[-3000:])
                return 1
            counts.append(int(found.group(1).replace(",", "")))
        per[view] = (counts[1] - counts[0]) / (more - few)
    print(f"== instructions per request (valgrind){' (cold)' if args.cold else ''}")
    for view, count in per.items():
        print(f"  {view:<8}{count / 1e6:8.2f} M  {count / per['ping']:5.2f}x ping")
    return 0


if __name__ == "__main__":
    sys.exit(main())
