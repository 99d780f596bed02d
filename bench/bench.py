"""`make bench`: latency and throughput of the match page, the match JSON and recording a
hand, each against a trivial view served by the same server in the same run.

Starts the server as `make run` does, on loopback on a fresh SQLite database (a temporary
DATA_DIR), with one match of 30 hands to read and one match per client to record into,
then runs a few dozen concurrent clients per endpoint and prints the median, p95 and
throughput of each, and their ratio to the trivial view. Exits non-zero on any error (a
status other than the expected one, or a failed connection), and when a target is missed
with ``--strict``.

Targets (the issue): match page and match JSON within 3x the trivial view's median;
recording a hand within 5x; no errors.
"""

from __future__ import annotations

import argparse
import http.client
import json
import math
import os
import platform
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"  # loopback only: the benchmark never talks to any other address


def worker_kind() -> str:
    """The server `make run` starts, and how (``scorekeeper.serve.describe``)."""
    sys.path.insert(0, str(REPO))
    from scorekeeper import serve

    return serve.describe()


HANDS = 30  # in the match that is read
PLAYERS = ["Ann", "Ben", "Cy"]
FIRST_DEALER = 0
# Sergeant Major 8-5-3: 16 tricks a hand, none of these reaches win_tricks (12), so the
# match never ends.
TRICK_CYCLE = [[9, 4, 3], [3, 8, 5], [5, 3, 8], [8, 5, 3]]
TARGETS_BY_OFFSET = (8, 5, 3)  # dealer, eldest, third


def on_target(number: int, first_dealer: int = FIRST_DEALER) -> list[int]:
    """Every seat makes exactly its target in hand ``number``: scores 0, play goes on."""
    dealer = (first_dealer + number - 1) % 3
    return [TARGETS_BY_OFFSET[(seat - dealer) % 3] for seat in range(3)]


# -- set-up (runs in a child process, with the benchmark's DATA_DIR) ------------------------


def django_up() -> None:
    """Django, in a set-up child process (its DATA_DIR is the benchmark's)."""
    sys.path.insert(0, str(REPO))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
    import django

    django.setup()


def session_of(user) -> str:
    """The key of a session logged in as ``user``, as the app keeps sessions (files on
    SQLite, the database with DATABASE_URL)."""
    from importlib import import_module

    from django.conf import settings

    session = import_module(settings.SESSION_ENGINE).SessionStore()
    session["_auth_user_id"] = str(user.pk)
    session["_auth_user_backend"] = settings.AUTHENTICATION_BACKENDS[0]
    session["_auth_user_hash"] = user.get_session_auth_hash()
    session.create()
    return session.session_key


def setup_data(clients: int, seeded: int) -> dict:
    """Create the user, token, session and matches; return what the clients need."""
    django_up()
    from django.contrib.auth import get_user_model

    from matches.services import accounts, play

    user = get_user_model().objects.create_user("bench", password="bench-password-1")
    _, key = accounts.issue_token(user, "bench")

    def new_match(hands: int, tricks) -> int:
        match = play.create_match(
            user,
            game="sergeant-major",
            variant="8-5-3",
            players=PLAYERS,
            first_dealer=FIRST_DEALER,
        ).match
        for number in range(1, hands + 1):
            play.record_hand(match, number, {"tricks": tricks(number), "trump": "hearts"}, by=user)
        return match.pk

    read_id = new_match(HANDS, lambda n: TRICK_CYCLE[(n - 1) % len(TRICK_CYCLE)])
    # The recorders start on matches as long as the one that is read.
    record_ids = [new_match(seeded, on_target) for _ in range(clients)]

    return {
        "key": key,
        "session": session_of(user),
        "read_match": read_id,
        "record_matches": record_ids,
        "seeded": seeded,
    }


# -- the server ---------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


def run(cmd: list[str], env: dict, what: str) -> str:
    done = subprocess.run(cmd, cwd=REPO, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        sys.stderr.write(done.stdout + done.stderr)
        raise SystemExit(f"bench: {what} failed (exit {done.returncode})")
    return done.stdout


def wait_until_up(port: int, server: subprocess.Popen, log: Path, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.poll() is not None:
            sys.stderr.write(log.read_text())
            raise SystemExit(f"bench: the server exited with {server.returncode}")
        try:
            conn = http.client.HTTPConnection(HOST, port, timeout=2)
            conn.request("GET", "/ping/")
            if conn.getresponse().status == 200:
                conn.close()
                return
            conn.close()
        except OSError:
            pass
        time.sleep(0.1)
    sys.stderr.write(log.read_text())
    raise SystemExit("bench: the server did not answer /ping/ in time")


@dataclass
class Site:
    """The app as a benchmark runs it: a fresh data directory (SQLite, migrated, static
    files collected) and the server on loopback as `make run` starts it."""

    data_dir: Path
    env: dict[str, str]
    server: subprocess.Popen | None = None
    port: int = 0

    @classmethod
    def fresh(cls, prefix: str) -> Site:
        data_dir = Path(tempfile.mkdtemp(prefix=prefix))
        env = {key: value for key, value in os.environ.items() if key != "DATABASE_URL"}
        env.update(
            DATA_DIR=str(data_dir),
            DEBUG="0",
            DJANGO_SETTINGS_MODULE="scorekeeper.settings",
            PYTHONUNBUFFERED="1",
        )
        return cls(data_dir, env)

    @property
    def log(self) -> Path:
        return self.data_dir / "server.log"

    def run(self, *args: str, what: str) -> str:
        """``python *args`` in the repository with the site's environment; its output."""
        return run([sys.executable, *args], self.env, what)

    def prepare(self) -> None:
        self.run("manage.py", "migrate", "--noinput", "-v", "0", what="migrate")
        self.run("manage.py", "collectstatic", "--noinput", "-v", "0", what="collectstatic")

    def set_up(self, script: str, *args: str) -> dict:
        """Prepare the site and run ``script --setup-data *args`` on it, the child that
        makes the benchmark's rows; the JSON it prints last."""
        self.prepare()
        out = self.run(script, "--setup-data", *args, what="set-up")
        return json.loads(out.strip().splitlines()[-1])

    def serve(self, workers: int) -> int:
        """Start the server as `make run` does (``python -m scorekeeper.serve``, on
        loopback) and wait until it answers; its port."""
        self.port = free_port()
        with open(self.log, "w") as log_file:
            self.server = subprocess.Popen(
                [sys.executable, "-m", "scorekeeper.serve", "--workers", str(workers)],
                cwd=REPO,
                env=self.env | {"HOST": HOST, "PORT": str(self.port)},
                stdout=log_file,
                stderr=subprocess.STDOUT,
            )
        wait_until_up(self.port, self.server, self.log)
        return self.port

    def close(self) -> None:
        if self.server is not None:
            stop(self.server)
        shutil.rmtree(self.data_dir, ignore_errors=True)


def stop(server: subprocess.Popen) -> None:
    if server.poll() is None:
        server.terminate()  # graceful shutdown on SIGTERM
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


# -- the clients --------------------------------------------------------------------------


@dataclass
class Request:
    method: str
    path: str
    headers: dict[str, str]
    body: bytes | None = None
    expect: int = 200


@dataclass
class Result:
    name: str
    latencies: list[float] = field(default_factory=list)  # seconds, successful requests
    errors: list[str] = field(default_factory=list)  # measured requests that failed
    warmup_errors: list[str] = field(default_factory=list)
    planned: int = 0
    elapsed: float = 0.0
    stub: bool = False  # the endpoint still answers the placeholder "ok"

    @property
    def failures(self) -> list[str]:
        return self.warmup_errors + self.errors

    @property
    def done(self) -> int:
        return len(self.latencies) + len(self.errors)

    @property
    def throughput(self) -> float:
        return self.done / self.elapsed if self.elapsed else 0.0

    def percentile(self, p: float) -> float:
        """Nearest-rank percentile in milliseconds."""
        if not self.latencies:
            return math.nan
        ordered = sorted(self.latencies)
        return 1000 * ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)]


class Client:
    def __init__(self, port: int, timeout: float):
        self.port = port
        self.timeout = timeout
        self.conn: http.client.HTTPConnection | None = None

    def send(self, req: Request) -> tuple[float, int, bytes]:
        """One request; (seconds, status, body). Reconnects as the server closes."""
        if self.conn is None:
            self.conn = http.client.HTTPConnection(HOST, self.port, timeout=self.timeout)
        start = time.perf_counter()
        try:
            self.conn.request(req.method, req.path, body=req.body, headers=req.headers)
            response = self.conn.getresponse()
            body = response.read()
        except Exception:
            self.close()
            raise
        elapsed = time.perf_counter() - start
        if response.will_close:
            self.close()
        return elapsed, response.status, body

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None


def phase(name, port, clients, requests, warmup, limit, timeout, make_request) -> Result:
    """``clients`` threads; each sends ``warmup`` unmeasured then up to ``requests``
    measured requests, all starting together and stopping at ``limit`` seconds.

    ``make_request(client_index)`` builds each request.
    """
    result = Result(name, planned=clients * requests)
    lock = threading.Lock()
    timing: dict[str, float] = {}
    # The clock starts when the last party reaches the line, before anyone is released.
    start_line = threading.Barrier(
        clients + 1, action=lambda: timing.__setitem__("start", time.perf_counter())
    )

    def worker(index: int) -> None:
        client = Client(port, timeout)
        latencies: list[float] = []
        errors: list[str] = []
        warmup_errors: list[str] = []
        stub = False

        def one() -> tuple[float | None, str | None, bytes]:
            req = make_request(index)
            try:
                seconds, status, body = client.send(req)
            except Exception as exc:  # noqa: BLE001 - every failure is an error to count
                return None, f"{type(exc).__name__}: {exc}", b""
            if status != req.expect:
                return None, f"HTTP {status} (expected {req.expect}): {body[:120]!r}", body
            return seconds, None, body

        try:
            for _ in range(warmup):
                _seconds, error, _body = one()
                if error:
                    warmup_errors.append("warm-up: " + error)
        finally:
            start_line.wait()
        deadline = timing["start"] + limit
        for _ in range(requests):
            if time.perf_counter() >= deadline:
                break
            seconds, error, body = one()
            if error:
                errors.append(error)
            else:
                latencies.append(seconds)
                stub = stub or body == b"ok"
        client.close()
        with lock:
            result.latencies.extend(latencies)
            result.errors.extend(errors)
            result.warmup_errors.extend(warmup_errors)
            result.stub = result.stub or stub

    threads = [threading.Thread(target=worker, args=(i,), daemon=True) for i in range(clients)]
    for thread in threads:
        thread.start()
    start_line.wait()
    for thread in threads:
        thread.join(limit + timeout + 10)
    result.elapsed = time.perf_counter() - timing["start"]
    return result


def in_rounds(endpoints, rounds, port, clients, requests, warmup, limit, timeout):
    """Each endpoint's ``phase`` in every one of ``rounds`` rounds over all endpoints, which
    share ``requests`` and ``limit`` (the warm-up in the first round only), so that another
    load on the machine that comes and goes weighs on every endpoint alike; the results
    by endpoint name, a round each."""
    runs: dict[str, list[Result]] = {name: [] for name, _ in endpoints}
    for number in range(rounds):
        share = requests // rounds + (number < requests % rounds)
        for name, make in endpoints:
            runs[name].append(
                phase(
                    name,
                    port,
                    clients,
                    share,
                    warmup if number == 0 else 0,
                    limit / rounds,
                    timeout,
                    make,
                )
            )
    return runs


def load_average() -> str:
    """For the report: figures taken under another load on the machine do not compare."""
    return ", ".join(f"{value:.2f}" for value in os.getloadavg())


def merge(parts: list[Result]) -> Result:
    """One endpoint's rounds as one result."""
    return Result(
        parts[0].name,
        latencies=[x for part in parts for x in part.latencies],
        errors=[x for part in parts for x in part.errors],
        warmup_errors=[x for part in parts for x in part.warmup_errors],
        planned=sum(part.planned for part in parts),
        elapsed=sum(part.elapsed for part in parts),
        stub=any(part.stub for part in parts),
    )


# -- report -------------------------------------------------------------------------------


def report(results: list[Result], targets: dict[str, float]) -> bool:
    """Print the table; True when every target is met."""
    base = results[0]
    base_median, base_p95 = base.percentile(50), base.percentile(95)
    header = (
        f"{'endpoint':<22}{'requests':>9}{'errors':>7}{'median ms':>11}{'p95 ms':>9}"
        f"{'req/s':>8}{'median x':>10}{'p95 x':>8}{'req/s x':>9}  target"
    )
    print(header)
    print("-" * len(header))
    all_met = True
    for res in results:
        median, p95 = res.percentile(50), res.percentile(95)
        ratio = median / base_median if base_median else math.nan
        target = targets.get(res.name)
        if target is None:
            verdict = "baseline"
        else:
            met = ratio <= target and not res.failures
            all_met = all_met and met
            verdict = f"<= {target:g}x median: {'met' if met else 'NOT MET'}"
        if res.stub and res is not base:
            verdict += " (stub view!)"
        print(
            f"{res.name:<22}{res.done:>9}{len(res.failures):>7}"
            f"{median:>11.1f}{p95:>9.1f}"
            f"{res.throughput:>8.0f}{ratio:>10.2f}{p95 / base_p95:>8.2f}"
            f"{res.throughput / base.throughput:>9.2f}  {verdict}"
        )
    print()
    for res in results:
        if res.done < res.planned:
            print(f"note: {res.name}: time limit reached after {res.done} of {res.planned}")
        failures = res.failures
        if failures:
            print(f"errors in {res.name} ({len(failures)}, warm-up included), first kinds:")
            for error in list(dict.fromkeys(failures))[:4]:
                print(f"  {error}")
    return all_met


def version(package: str) -> str:
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return "?"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=32, help="concurrent clients (32)")
    parser.add_argument(
        "--requests", type=int, default=40, help="measured requests per client and endpoint (40)"
    )
    parser.add_argument("--warmup", type=int, default=2, help="unmeasured requests first (2)")
    parser.add_argument(
        "--rounds", type=int, default=4, help="rounds over all endpoints, sharing --requests (4)"
    )
    parser.add_argument("--workers", type=int, default=3, help="server workers (3)")
    parser.add_argument("--limit", type=float, default=20, help="seconds at most per endpoint (20)")
    parser.add_argument("--timeout", type=float, default=30, help="seconds per request (30)")
    parser.add_argument(
        "--strict", action="store_true", help="exit non-zero when a target is missed too"
    )
    parser.add_argument("--setup-data", type=int, metavar="CLIENTS", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)

    if args.setup_data is not None:  # the child process that creates the data
        print(json.dumps(setup_data(args.setup_data, seeded=HANDS)))
        return 0

    print("Scorekeeper benchmark")
    print(
        f"  machine: {os.cpu_count()} cores, {platform.system()} {platform.release()}, "
        f"{platform.machine()}"
    )
    import sqlite3

    print(
        f"  Python {platform.python_version()}, Django {version('Django')}, "
        f"{worker_kind()}, SQLite {sqlite3.sqlite_version}"
    )
    print(
        f"  {args.workers} server workers, {args.clients} concurrent clients, "
        f"{args.requests} requests each per endpoint after {args.warmup} warm-up, "
        f"in {args.rounds} rounds, at most {args.limit:g} s per endpoint"
    )
    print(
        f"  load average at start: {load_average()} "
        "(the figures are only comparable on an idle machine)"
    )
    print(f"  data: one match of {HANDS} hands read; {args.clients} matches recorded into")
    print()

    site = Site.fresh("scorekeeper-bench-")
    try:
        started = time.monotonic()
        data = site.set_up(__file__, str(args.clients))
        print(f"set-up: {time.monotonic() - started:.1f} s")

        port = site.serve(args.workers)
        server, log = site.server, site.log
        print(f"server up on {HOST}:{port}")
        print()

        bearer = {"Authorization": f"Bearer {data['key']}"}
        match = data["read_match"]
        session = {"Cookie": f"sessionid={data['session']}"}

        def ping(_index):
            return Request("GET", "/ping/", {})

        def page(_index):
            return Request("GET", f"/matches/{match}/", dict(session))

        def match_json(_index):
            return Request("GET", f"/api/matches/{match}", {**bearer, "Accept": "application/json"})

        recorded = [data["seeded"]] * args.clients  # hands sent per client's match

        def record(index):
            recorded[index] += 1
            number = recorded[index]
            body = json.dumps(
                {"number": number, "tricks": on_target(number), "trump": "hearts"}
            ).encode()
            return Request(
                "POST",
                f"/api/matches/{data['record_matches'][index]}/hands",
                {**bearer, "Content-Type": "application/json", "Accept": "application/json"},
                body,
                expect=201,
            )

        # Rounds: every endpoint runs a share of its requests in each round, so that another
        # load on the machine that comes and goes weighs on the baseline as on the others.
        endpoints = [
            ("trivial view /ping/", ping),
            ("match page", page),
            ("match JSON", match_json),
            ("record a hand", record),
        ]
        rounds = max(1, min(args.rounds, args.requests))
        runs = in_rounds(
            endpoints,
            rounds,
            port,
            args.clients,
            args.requests,
            args.warmup,
            args.limit,
            args.timeout,
        )
        results = [merge(parts) for parts in runs.values()]
        if server.poll() is not None:
            print(f"bench: the server died during the run (exit {server.returncode})")
        base_rounds = [res.percentile(50) for res in runs[endpoints[0][0]]]
        print(f"baseline median per round: {' / '.join(f'{m:.1f}' for m in base_rounds)} ms")
        drift = max(base_rounds) / min(base_rounds) - 1
        if drift > 0.25:
            print(
                f"warning: the baseline moved {drift:.0%} between rounds; another load on the "
                "machine makes these figures noisy, run again when it is idle"
            )
        print()
        met = report(results, {"match page": 3, "match JSON": 3, "record a hand": 5})
        errors = sum(len(res.failures) for res in results)
        print(f"targets {'all met' if met else 'NOT all met'}; {errors} errors")
        server_log = log.read_text().strip().splitlines()
        if server_log:
            print(f"\nserver log ({len(server_log)} lines), the first ones:")
            shown = server_log if os.environ.get("BENCH_WHOLE_LOG") else server_log[:30]
            print("\n".join(shown))
        if errors:
            return 1
        return 0 if met or not args.strict else 2
    finally:
        site.close()


if __name__ == "__main__":
    sys.exit(main())
