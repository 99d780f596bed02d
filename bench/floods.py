"""`make bench`, second part: /ping/ under a flood of wrong passwords and under clients
that send their headers a byte a second, each against /ping/ on the quiet server.

Starts the server as `make run` does (scorekeeper/serve.py) on loopback on a fresh
SQLite database, then measures /ping/'s median latency
1. quiet;
2. while ``--attackers`` clients (8) post wrong passwords as fast as they are answered,
   each with its own CSRF cookie, cycling through usernames (the login throttle then locks
   the accounts and the address, and answers without hashing);
3. while ``--slow`` clients (6) hold connections open, sending a request's headers one
   byte a second (sync workers would each belong to one of them);
4. while ``--many-slow`` clients (60) each send a header line every ``--line-seconds``
   (2) and never finish their request (a worker thread that parsed a request with
   blocking reads would belong to each of them: 30 of them stalled gunicorn's threaded
   workers, which answered no /ping/ at all with 64);
5. while ``--slow-bodies`` clients (60) post the login form with its CSRF cookie and
   token and stop 20 bytes short of the body they announced;
6. while ``--readers`` clients (60) read the largest static file (``pyodide.asm.wasm``,
   8.6 MB) ``--read-bytes`` (256) every ``--read-seconds`` (2), with a small receive
   buffer (a file written from a view's thread held the thread for each of them).
The attackers' answers are counted: 422 (a password checked and wrong), 429 (locked) and
429 (queue full: password checks take turns, one at a time in the whole server).
Targets (the issues): in 2 to 6 the median within 3x the quiet one; in 4, 5 and 6 also no
/ping/ over 1 s (a failed one counts as over). Exits 1 on a failed /ping/, 2 with
``--strict`` when a target is missed.
"""

from __future__ import annotations

import argparse
import http.client
import json
import re
import socket
import sys
import threading
import time
from collections import Counter

# bench.py's server and client helpers (this file's folder is on sys.path when run).
from bench import (
    HOST,
    REPO,
    Request,
    Site,
    load_average,
    phase,
    worker_kind,
)

TARGET = 3.0
SLOWEST = 1.0  # seconds: no /ping/ slower than this while the slow clients hold on
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
                    # Fewer lines than the servers' limit on header fields (100).
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


class SlowBody(threading.Thread):
    """Posts the login form (with its CSRF cookie and token, as a browser would) and sends
    only part of the body it announced, then nothing more, until told to stop; connects
    again when cut off. The view reads the body (the CSRF check does) as it arrives."""

    def __init__(self, port: int, stopping: threading.Event):
        super().__init__(daemon=True)
        self.port, self.stopping = port, stopping
        self.cut_off = 0
        self.open = False

    def run(self) -> None:
        try:
            conn = http.client.HTTPConnection(HOST, self.port, timeout=30)
            conn.request("GET", "/accounts/login/")
            response = conn.getresponse()
            page = response.read().decode()
            conn.close()
        except OSError:
            return
        cookie = re.search(r"csrftoken=([^;]+)", response.getheader("Set-Cookie", "")).group(1)
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
        body = f"csrfmiddlewaretoken={token}&username={USER}&password=".encode()
        head = (
            "POST /accounts/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            "Content-Type: application/x-www-form-urlencoded\r\n"
            f"Cookie: csrftoken={cookie}\r\nContent-Length: {len(body) + 20}\r\n\r\n"
        ).encode()
        while not self.stopping.is_set():
            try:
                with socket.create_connection((HOST, self.port), timeout=60) as sock:
                    sock.sendall(head + body)  # and the last 20 bytes never
                    self.open = True
                    sock.recv(1)  # until the server answers or cuts it off
            except OSError:
                pass
            self.open = False
            self.cut_off += 1
            self.stopping.wait(0.5)


def largest_static_file() -> tuple[str, int]:
    """The largest file ``collectstatic`` published (its hashed URL, its bytes): today
    Pyodide's ``pyodide.asm.wasm``, 8.6 MB, which any anonymous visitor may fetch."""
    manifest = json.loads((REPO / "staticfiles" / "staticfiles.json").read_text())["paths"]
    sizes = {hashed: (REPO / "staticfiles" / hashed).stat().st_size for hashed in manifest.values()}
    hashed = max(sizes, key=sizes.get)
    return f"/static/{hashed}", sizes[hashed]


class SlowReader(threading.Thread):
    """Asks for ``path`` and reads its answer ``chunk`` bytes every ``every`` seconds,
    with a small receive buffer (a phone on bad Wi-Fi, or a script), until told to stop;
    reconnects when the server cuts it off or the file is all read."""

    def __init__(self, port: int, path: str, chunk: int, every: float, stopping: threading.Event):
        super().__init__(daemon=True)
        self.port, self.path, self.chunk, self.every = port, path, chunk, every
        self.stopping = stopping
        self.read = 0
        self.cut_off = 0
        self.open = False

    def run(self) -> None:
        request = f"GET {self.path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode()
        while not self.stopping.is_set():
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            # Before connecting, so that the window the server may fill stays small.
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            sock.settimeout(10)
            try:
                sock.connect((HOST, self.port))
                sock.sendall(request)
                self.open = True
                while not self.stopping.wait(self.every):
                    data = sock.recv(self.chunk)
                    if not data:
                        break
                    self.read += len(data)
            except OSError:
                pass
            finally:
                sock.close()
            self.open = False
            self.cut_off += 1
            self.stopping.wait(0.5)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workers", type=int, default=3, help="server workers (3)")
    parser.add_argument("--pingers", type=int, default=4, help="clients measuring /ping/ (4)")
    parser.add_argument("--attackers", type=int, default=8, help="wrong-password clients (8)")
    parser.add_argument("--slow", type=int, default=6, help="slow-header clients (6)")
    parser.add_argument(
        "--many-slow", type=int, default=60, help="clients sending a header line at a time (60)"
    )
    parser.add_argument(
        "--line-seconds", type=float, default=2, help="seconds between their lines (2)"
    )
    parser.add_argument(
        "--slow-bodies", type=int, default=60, help="login posts that stop short (60)"
    )
    parser.add_argument(
        "--readers", type=int, default=60, help="slow readers of the largest static file (60)"
    )
    parser.add_argument(
        "--read-bytes", type=int, default=256, help="bytes each reader takes at a time (256)"
    )
    parser.add_argument(
        "--read-seconds", type=float, default=2, help="seconds between their reads (2)"
    )
    parser.add_argument("--seconds", type=float, default=10, help="seconds per measurement (10)")
    parser.add_argument("--timeout", type=float, default=30, help="seconds per request (30)")
    parser.add_argument("--strict", action="store_true", help="exit 2 when a target is missed")
    args = parser.parse_args(argv)

    print("Scorekeeper benchmark: floods and slow clients")
    print(
        f"  {worker_kind()}, {args.workers} workers; "
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

        stopping = threading.Event()
        bodies = [SlowBody(port, stopping) for _ in range(args.slow_bodies)]
        for client in bodies:
            client.start()
        time.sleep(2)  # every one has its login page, and its body under way
        slowed, slowest, count, failed = ping_median(port, args, "slow bodies")
        held = sum(1 for client in bodies if client.open)
        cut = sum(client.cut_off for client in bodies)
        stopping.set()
        name = f"{args.slow_bodies} slow login bodies"
        note = f"20 bytes short, then nothing; {held} still open, {cut} cut off"
        rows.append((name, slowed, slowest, count, note, len(failed), True))
        errors += failed

        path, size = largest_static_file()
        stopping = threading.Event()
        readers = [
            SlowReader(port, path, args.read_bytes, args.read_seconds, stopping)
            for _ in range(args.readers)
        ]
        for reader in readers:
            reader.start()
        time.sleep(args.read_seconds + 1)  # every one has its answer started
        slowed, slowest, count, failed = ping_median(port, args, "slow readers")
        held = sum(1 for reader in readers if reader.open)
        cut = sum(reader.cut_off for reader in readers)
        read = sum(reader.read for reader in readers)
        stopping.set()
        for reader in readers:
            reader.join(5)
        name = f"{args.readers} slow readers"
        note = (
            f"{path.rsplit('/', 1)[-1]}, {size / 1e6:.1f} MB: {args.read_bytes} bytes every "
            f"{args.read_seconds:g} s; {held} still open, {cut} cut off, {read} bytes read"
        )
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
            print(f"floods: the server died during the run (exit {site.server.returncode})")
            return 1
        if errors:
            return 1
        return 0 if met or not args.strict else 2
    finally:
        site.close()


if __name__ == "__main__":
    sys.exit(main())
