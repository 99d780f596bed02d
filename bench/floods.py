"""`make bench`, second part: /ping/ under a flood of wrong passwords and under clients
that send their headers a byte a second, each against /ping/ on the quiet server.

Starts gunicorn as `make run` does (scorekeeper/gunicorn_conf.py: the asyncio worker) on
loopback on a fresh SQLite database, then measures /ping/'s median latency
1. quiet;
2. while ``--attackers`` clients (8) post wrong passwords as fast as they are answered,
   each with its own CSRF cookie, cycling through usernames (the login throttle then locks
   the accounts and the address, and answers without hashing);
3. while ``--slow`` clients (6) hold connections open, sending a request's headers one
   byte a second (sync workers would each belong to one of them);
4. while ``--many-slow`` clients (64) each send a header line every ``--line-seconds``
   (2) and never finish their request (a worker thread that parsed a request with
   blocking reads would belong to each of them: 30 of them stalled gunicorn's threaded
   workers, which answered no /ping/ at all with 64).
The attackers' answers are counted: 422 (a password checked and wrong), 429 (locked) and
429 (queue full: password checks take turns, one at a time in the whole server).
Targets (the issues): in 2, 3 and 4 the median within 3x the quiet one; in 4 also no
/ping/ over 2 s (a failed one counts as over). Exits 1 on a failed /ping/, 2 with
``--strict`` when a target is missed.
"""

from __future__ import annotations

import argparse
import http.client
import re
import socket
import sys
import threading
import time
from collections import Counter

# bench.py's server and client helpers (this file's folder is on sys.path when run).
from bench import (
    HOST,
    Request,
    Site,
    load_average,
    phase,
    version,
    worker_kind,
)

TARGET = 3.0
SLOWEST = 2.0  # seconds: no /ping/ slower than this while the 64 slow clients hold on
BUSY_SECONDS = 5  # matches.forms.accounts.BUSY_SECONDS: the Retry-After of "many logins at once"
USER, PASSWORD = "organiser", "bench-password-1"
CREATE_USER = (
    "from django.contrib.auth import get_user_model; "
    f"get_user_model().objects.create_user({USER!r}, password={PASSWORD!r})"
)


def ping_median(port: int, args, label: str) -> tuple[float, float, int, list[str]]:
    """/ping/ from ``--pingers`` clients for ``--seconds``: (median ms, slowest ms,
    requests, errors)."""
    result = phase(
        label,
        port,
        args.pingers,
        10_000,  # as many as fit in the time
        2,
        args.seconds,
        args.timeout,
        lambda _index: Request("GET", "/ping/", {}),
    )
    return result.percentile(50), result.percentile(100), result.done, result.failures


class Attacker(threading.Thread):
    """Posts wrong passwords until told to stop, as a script would: fetch the login page
    for a CSRF cookie and token, then post, post, post."""

    def __init__(self, index: int, port: int, stopping: threading.Event, answers: Counter):
        super().__init__(daemon=True)
        self.index, self.port, self.stopping, self.answers = index, port, stopping, answers

    def run(self) -> None:
        conn = http.client.HTTPConnection(HOST, self.port, timeout=60)
        conn.request("GET", "/accounts/login/")
        response = conn.getresponse()
        page = response.read().decode()
        cookie = re.search(r"csrftoken=([^;]+)", response.getheader("Set-Cookie", "")).group(1)
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
        attempt = 0
        while not self.stopping.is_set():
            attempt += 1
            # Eight accounts, the real one among them: both limits come into play.
            username = USER if attempt % 8 == 0 else f"user{(self.index + attempt) % 8}"
            body = f"csrfmiddlewaretoken={token}&username={username}&password=guess{attempt}"
            try:
                conn.request(
                    "POST",
                    "/accounts/login/",
                    body=body,
                    headers={
                        "Cookie": f"csrftoken={cookie}",
                        "Content-Type": "application/x-www-form-urlencoded",
                    },
                )
                response = conn.getresponse()
                response.read()
                status = str(response.status)
                if status == "429":  # locked by the throttle, or no turn in the queue
                    busy = int(response.getheader("Retry-After", "0")) <= BUSY_SECONDS
                    status += " (queue full)" if busy else " (locked)"
                if response.will_close:
                    conn.close()
                    conn = http.client.HTTPConnection(HOST, self.port, timeout=60)
            except OSError as error:
                status = type(error).__name__
                conn.close()
                conn = http.client.HTTPConnection(HOST, self.port, timeout=60)
            self.answers[status] += 1
        conn.close()


class SlowClient(threading.Thread):
    """Sends a request's headers one byte a second, until told to stop."""

    HEADERS = (
        "GET /ping/ HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: a-phone-on-bad-wifi\r\n"
        + "X-Padding: "
        + "x" * 200
        + "\r\n\r\n"
    ).encode()

    def __init__(self, port: int, stopping: threading.Event):
        super().__init__(daemon=True)
        self.port, self.stopping = port, stopping
        self.sent = 0
        self.cut_off = False  # the server closed the connection

    def run(self) -> None:
        with socket.create_connection((HOST, self.port), timeout=10) as sock:
            for byte in self.HEADERS:
                if self.stopping.wait(1.0 if self.sent else 0):
                    return
                try:
                    sock.sendall(bytes([byte]))
                except OSError:
                    self.cut_off = True
                    return
                self.sent += 1


class SlowLines(threading.Thread):
    """Sends a request's header lines one every ``every`` seconds and never the blank line
    that ends them, until told to stop; when the server cuts it off, connects again (a
    script would)."""

    def __init__(self, port: int, every: float, stopping: threading.Event):
        super().__init__(daemon=True)
        self.port, self.every, self.stopping = port, every, stopping
        self.lines = 0
        self.cut_off = 0  # times the server closed the connection
        self.open = False

    def run(self) -> None:
        while not self.stopping.is_set():
            try:
                with socket.create_connection((HOST, self.port), timeout=10) as sock:
                    self.open = True
                    sock.sendall(b"GET /ping/ HTTP/1.1\r\nHost: 127.0.0.1\r\n")
                    # Fewer lines than gunicorn's limit on header fields (100).
                    for line in range(90):
                        if self.stopping.wait(self.every):
                            return
                        sock.sendall(f"X-Line-{line}: still typing\r\n".encode())
                        self.lines += 1
            except OSError:
                pass
            self.open = False
            self.cut_off += 1
            self.stopping.wait(0.5)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workers", type=int, default=3, help="gunicorn workers (3)")
    parser.add_argument("--pingers", type=int, default=4, help="clients measuring /ping/ (4)")
    parser.add_argument("--attackers", type=int, default=8, help="wrong-password clients (8)")
    parser.add_argument("--slow", type=int, default=6, help="slow-header clients (6)")
    parser.add_argument(
        "--many-slow", type=int, default=64, help="clients sending a header line at a time (64)"
    )
    parser.add_argument(
        "--line-seconds", type=float, default=2, help="seconds between their lines (2)"
    )
    parser.add_argument("--seconds", type=float, default=10, help="seconds per measurement (10)")
    parser.add_argument("--timeout", type=float, default=30, help="seconds per request (30)")
    parser.add_argument("--strict", action="store_true", help="exit 2 when a target is missed")
    args = parser.parse_args(argv)

    print("Scorekeeper benchmark: floods and slow clients")
    print(
        f"  gunicorn {version('gunicorn')} ({worker_kind()}), {args.workers} workers; "
        f"{args.pingers} clients measure /ping/ for {args.seconds:g} s per condition"
    )
    print(f"  load average at start: {load_average()}")
    print()

    site = Site.fresh("scorekeeper-floods-")
    try:
        site.prepare()
        site.run("manage.py", "shell", "-c", CREATE_USER, what="set-up")
        port = site.serve(args.workers)

        rows = []
        errors: list[str] = []

        quiet, slowest, count, failed = ping_median(port, args, "quiet")
        rows.append(("quiet", quiet, slowest, count, "", len(failed), False))
        errors += failed

        stopping = threading.Event()
        answers: Counter = Counter()
        attackers = [Attacker(i, port, stopping, answers) for i in range(args.attackers)]
        for attacker in attackers:
            attacker.start()
        flooded, slowest, count, failed = ping_median(port, args, "flood")
        stopping.set()
        for attacker in attackers:
            attacker.join(args.timeout)
        shown = ", ".join(f"{n} x {status}" for status, n in sorted(answers.items()))
        name = f"{args.attackers} wrong-password clients"
        rows.append((name, flooded, slowest, count, shown, len(failed), False))
        errors += failed

        stopping = threading.Event()
        slow = [SlowClient(port, stopping) for _ in range(args.slow)]
        for client in slow:
            client.start()
        time.sleep(1)  # every slow client has its connection and its first bytes in
        slowed, slowest, count, failed = ping_median(port, args, "slow")
        held = sum(1 for client in slow if not client.cut_off and client.sent > 1)
        stopping.set()
        for client in slow:
            client.join(5)
        name = f"{args.slow} slow-header clients"
        rows.append((name, slowed, slowest, count, f"{held} still open", len(failed), False))
        errors += failed

        stopping = threading.Event()
        typing = [SlowLines(port, args.line_seconds, stopping) for _ in range(args.many_slow)]
        for client in typing:
            client.start()
        time.sleep(args.line_seconds + 1)  # every one has sent a line or two
        slowed, slowest, count, failed = ping_median(port, args, "many slow")
        held = sum(1 for client in typing if client.open)
        cut = sum(client.cut_off for client in typing)
        stopping.set()
        for client in typing:
            client.join(5)
        name = f"{args.many_slow} slow-header clients"
        note = f"a line every {args.line_seconds:g} s; {held} still open, {cut} cut off"
        rows.append((name, slowed, slowest, count, note, len(failed), True))
        errors += failed

        print(
            f"{'/ping/ while':<30}{'median ms':>10}{'max ms':>9}{'requests':>10}"
            f"{'x quiet':>9}  target"
        )
        print("-" * 90)
        met = True
        for name, median, slowest, count, note, failures, bounded in rows:
            ratio = median / quiet
            if name == "quiet":
                verdict = "baseline"
            else:
                ok = ratio <= TARGET
                verdict = f"<= {TARGET:g}x"
                if bounded:  # a failed /ping/ (a time-out) was slower than any bound
                    ok = ok and slowest <= SLOWEST * 1000 and not failures
                    verdict += f", none over {SLOWEST:g} s"
                met = met and ok
                verdict += f": {'met' if ok else 'NOT MET'}"
            print(f"{name:<30}{median:>10.1f}{slowest:>9.0f}{count:>10}{ratio:>9.2f}  {verdict}")
            if failures:
                print(f"{'':<30}({failures} /ping/ failed)")
            if note:
                print(f"{'':<30}({note})")
        print()
        print(f"targets {'all met' if met else 'NOT all met'}; {len(errors)} failed /ping/")
        for error in list(dict.fromkeys(errors))[:4]:
            print(f"  {error}")
        if site.server.poll() is not None:
            print(f"floods: gunicorn died during the run (exit {site.server.returncode})")
            return 1
        if errors:
            return 1
        return 0 if met or not args.strict else 2
    finally:
        site.close()


if __name__ == "__main__":
    sys.exit(main())
