"""`make fuzz`: Schemathesis against a live server, over the API's own OpenAPI description.

Starts the app as `make run` serves it (``scorekeeper.serve``: Granian) on loopback, on a
fresh SQLite database in a temporary DATA_DIR holding a user, their API token and a few
matches (``bench.setup_data``), then runs Schemathesis over ``/api/openapi.json`` with that
token as the bearer, bounded by examples per operation and a time limit. What it holds the
API to (matches/api/API.md, issue 8): no server error, every answer JSON (``fuzz_checks``), every
answer's status code and body as the description says. Exits with Schemathesis's code:
non-zero on any failure, which fails CI.

    python bench/fuzz.py [--max-examples N] [--max-time SECONDS] [--seed N] [-- st options]
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

# bench.py, beside this file: the data set-up and the server helpers are the benchmark's.
from bench import HOST, REPO, Site, free_port, run, setup_data, stop, wait_until_up

# Every check Schemathesis has but one, and ours. Left out: positive_data_acceptance
# ("a body the description allows is accepted"), which no card game can pass: whether a
# hand is legal (tricks that add up, a seat that took a trick) is for the rules to judge,
# and the body of a hand cannot say which game its match plays. The opposite direction,
# negative_data_rejection (what the description forbids is refused), is checked.
CHECKS = (
    "not_a_server_error",
    "status_code_conformance",
    "content_type_conformance",
    "response_headers_conformance",
    "response_schema_conformance",
    "negative_data_rejection",
    "missing_required_header",
    "unsupported_method",
    "allow_header_conformance",
    "use_after_free",
    "ensure_resource_availability",
    "ignored_auth",
    "json_everywhere",  # fuzz_checks.py: every answer JSON, every error in the contract's shape
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--max-examples", type=int, default=50, help="per operation (50)")
    parser.add_argument(
        "--max-time", type=int, default=180, help="seconds; the run fills them (180)"
    )
    parser.add_argument("--seed", type=int, help="Hypothesis seed, to repeat a run")
    parser.add_argument("--workers", type=int, default=2, help="server workers (2)")
    parser.add_argument("--setup-data", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("extra", nargs="*", help="further options for `schemathesis run`")
    args = parser.parse_args(argv)

    if args.setup_data:  # the child process that creates the data
        data = setup_data(clients=2, seeded=3)
        # The token's user is an organiser, so that the register and tournament endpoints
        # are fuzzed beyond their 401/403 too; one tournament with a round drafted.
        from django.contrib.auth import get_user_model

        from matches.services import drafting, registration, tournaments

        user = get_user_model().objects.get(username="bench")
        user.is_staff = True
        user.save(update_fields=["is_staff"])
        import datetime

        club = tournaments.create_tournament(
            user,
            name="Club night",
            date=datetime.date(2026, 12, 1),
            game="sergeant-major",
            variant="8-5-3",
            rounds=3,
            hands_per_round=3,
        )
        for entry in registration.register_players(club, user, ["Ann", "Ben", "Cy", "Dan"]):
            registration.check_in(entry, user)
        drafting.draft_round(club, user, method="draw")
        # A series holding it, so that taking a tournament out of a series has one to take.
        from matches.services import series

        season = series.create_series(user, name="Winter season", game="sergeant-major")
        series.add_tournament(season, user, club)
        print(json.dumps(data))
        return 0

    python = sys.executable
    schemathesis = Path(python).parent / "schemathesis"
    if not schemathesis.exists():
        raise SystemExit(
            f"fuzz: no {schemathesis}: Schemathesis is a dev dependency (`make install`; "
            "after changing pyproject.toml, `make lock` first)"
        )
    site = Site.fresh("scorekeeper-fuzz-")
    data_dir, env = site.data_dir, site.env
    env["LOG_LEVEL"] = "ERROR"  # the thousands of refusals stay out; a server error is logged
    server = None
    try:
        run([python, "manage.py", "migrate", "--noinput", "-v", "0"], env, "migrate")
        out = run([python, __file__, "--setup-data"], env, "set-up")
        data = json.loads(out.strip().splitlines()[-1])

        port = free_port()
        log = data_dir / "server.log"
        with open(log, "w") as log_file:
            server = subprocess.Popen(
                [python, "-m", "scorekeeper.serve", "--workers", str(args.workers)],
                cwd=REPO,
                env={**env, "HOST": HOST, "PORT": str(port)},
                stdout=log_file,
                stderr=subprocess.STDOUT,
            )
        wait_until_up(port, server, log)
        print(f"fuzz: the app is up on {HOST}:{port}, data in {data_dir}", flush=True)

        command = [
            str(schemathesis),
            "run",
            f"http://{HOST}:{port}/api/openapi.json",
            "--header",
            f"Authorization: Bearer {data['key']}",
            "--checks",
            ",".join(CHECKS),
            "--max-examples",
            str(args.max_examples),
            "--max-time",
            str(args.max_time),
            "--request-timeout",
            "30",
            "--suppress-health-check",
            "too_slow",
            *(["--seed", str(args.seed)] if args.seed is not None else []),
            *args.extra,
        ]
        started = time.monotonic()
        done = subprocess.run(
            command,
            cwd=REPO,
            env={
                **env,
                "SCHEMATHESIS_HOOKS": "bench.fuzz_checks",
                # For the hooks that read the state to fill in what the rules ask for.
                "FUZZ_BASE_URL": f"http://{HOST}:{port}",
                "FUZZ_TOKEN": data["key"],
            },
        )
        print(f"fuzz: schemathesis took {time.monotonic() - started:.0f} s", flush=True)
        errors = [line for line in log.read_text().splitlines() if "Traceback" in line]
        if errors:
            print(f"fuzz: {len(errors)} tracebacks in the server log:")
            print(log.read_text()[-4000:])
            return done.returncode or 1
        return done.returncode
    finally:
        if server is not None:
            stop(server)
        shutil.rmtree(data_dir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
