"""Where the time of a request goes, measured so that another load on the machine moves it
little: the queries of one record (``POST /api/matches/{id}/hands``) and of the cached
reads, the CPU time per request of each endpoint against ``/ping/``, a cProfile of
sequential requests, and (``--instructions``) the instructions per request counted by
valgrind, which no load changes at all. Everything runs in one process through Django's
whole WSGI stack (middleware included) on a fresh SQLite database with the data of
``make bench`` (``bench.setup_data``), and a tournament's table link (``table``: a phone's
``/t/<token>/``, its match as long as the one read) and a match's scorer link
(``scorer``: ``/k/<token>/``, where the code has them).

    python bench/profile_write.py [--view record] [--records 300] [--top 25] [--sort tottime]
                                  [--cold] [--minimal] [--fresh]
    python bench/profile_write.py --instructions [--views ping,page,...] [--cold] [--minimal]
                                  [--fresh]
    python bench/profile_write.py --html

``--minimal`` records with ``Prefer: return=minimal`` (the slim answer). ``--cold``
forgets the kept states before each record, as when another worker wrote
the match's last hand: the server's worker processes share no memory, so with three of them
about two records in three find another worker's revision. ``--fresh`` forgets the
cached renderings before each read, as for the first view after a hand. ``--html`` prints
each page's size in bytes.
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
VIEWS = ["record", "page", "state", "ping", "table", "scorer"]
# A championship's pages (issue 33, item 9: bench/club_live.py --tables 150), on a round
# of HALL_TABLES tables of four, where asked for (their set-up takes a while): the
# organiser's round page, the live board's poll, a player's page (its first visit) and
# its poll when nothing changed. All but the last read at a new revision of the
# tournament each time, as at a championship, where a hand comes in every few tenths of a
# second.
HALL_VIEWS = ["round", "board", "player", "player_poll"]
HALL_TABLES = 150
# The offline pages' own requests (issue 24), where the code has them: the match as a
# page's script fetches it, and the table links' service worker.
OFFLINE_VIEWS = ["offline_table", "offline_match", "service_worker"]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--records", type=int, default=300, help="requests profiled (300)")
    parser.add_argument(
        "--view",
        default="record",
        choices=VIEWS + OFFLINE_VIEWS + HALL_VIEWS,
        help="the requests profiled (record)",
    )
    parser.add_argument(
        "--views",
        default=",".join(VIEWS),
        help="the requests --instructions counts, comma-separated (all but the offline"
        " and the championship's ones; ping always)",
    )
    parser.add_argument(
        "--fresh", action="store_true", help="forget the cached renderings before each read"
    )
    parser.add_argument("--html", action="store_true", help="print each page's bytes")
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
    parser.add_argument("--setup-links", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--setup-hall", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)

    if args.setup_links:
        django_up()
        print(json.dumps(setup_links()))
        return 0
    if args.setup_hall:
        django_up()
        print(json.dumps(setup_hall()))
        return 0
    if args.run:
        django_up()
        views = Views(
            json.loads((data_dir() / "bench-data.json").read_text()),
            args.cold,
            args.minimal,
            args.fresh,
        )
        view = getattr(views, args.run[0])
        views.warm_up()
        for _ in range(int(args.run[1])):
            view()
        return 0

    base = Path(tempfile.mkdtemp(prefix="scorekeeper-profile-"))
    asked = {args.view, *args.views.split(",")} if args.instructions else {args.view}
    try:
        prepare(base / "data", hall=bool(asked & set(HALL_VIEWS)))
        if args.instructions:
            return instructions(base, args)
        os.environ["DATA_DIR"] = str(base / "data")
        django_up()
        if args.html:
            return page_bytes()
        return report(args)
    finally:
        shutil.rmtree(base, ignore_errors=True)


# -- set-up -------------------------------------------------------------------------------


def environment(directory: Path) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if key != "DATABASE_URL"}
    env.update(
        DATA_DIR=str(directory),
        DEBUG="0",
        DJANGO_SETTINGS_MODULE="scorekeeper.settings",
        PYTHONHASHSEED="0",
    )
    return env


def prepare(directory: Path, hall: bool = False) -> None:
    """A migrated database with make bench's data, in a child process (so that the parent
    can still point Django at any copy of it); ``hall``: a championship's round too."""
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
    data = json.loads(out.strip().splitlines()[-1])
    links = subprocess.run(
        [python, __file__, "--setup-links"],
        cwd=REPO,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    data.update(json.loads(links.strip().splitlines()[-1]))
    if hall:
        championship = subprocess.run(
            [python, __file__, "--setup-hall"],
            cwd=REPO,
            env=env,
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        data["hall"] = json.loads(championship.strip().splitlines()[-1])
    (directory / "bench-data.json").write_text(json.dumps(data))


def setup_links() -> dict:
    """A round under way whose one table's match has as many hands as the match that is
    read (its link's page, as a phone at the table opens it), and, where the code has
    scorer links, a match of the bench's user like the one read, with its scorer link."""
    import datetime

    from django.contrib.auth import get_user_model
    from django.urls import NoReverseMatch, reverse

    from matches.models import Table
    from matches.services import drafting, play, registration, tournaments

    sys.path.insert(0, str(BENCH))
    from bench import HANDS, PLAYERS, TRICK_CYCLE

    def hands(match, by) -> None:
        for number in range(1, HANDS + 1):
            tricks = TRICK_CYCLE[(number - 1) % len(TRICK_CYCLE)]
            play.record_hand(match, number, {"tricks": tricks, "trump": "hearts"}, by=by)

    user = get_user_model().objects.create_user(
        "organiser", password="bench-password-1", is_staff=True
    )
    tournament = tournaments.create_tournament(
        user,
        name="Club night",
        date=datetime.date(2026, 12, 1),
        game="sergeant-major",
        variant="8-5-3",
        rounds=1,
        hands_per_round=2 * HANDS,
        remainder="byes",
    )
    for entry in registration.register_players(tournament, user, PLAYERS):
        registration.check_in(entry, user)
    round_ = drafting.draft_round(tournament, user, method="draw", seed=1)
    drafting.start_round(round_, user)
    table = Table.objects.select_related("match").get(round=round_)
    hands(table.match, user)
    links = {"table": table.token}
    try:
        links["offline"] = bool(reverse("offline:service_worker"))
    except NoReverseMatch:
        pass
    if hasattr(play, "new_scorer_link"):
        bench_user = get_user_model().objects.get(username="bench")
        match = play.create_match(
            bench_user, game="sergeant-major", variant="8-5-3", players=PLAYERS, first_dealer=0
        ).match
        hands(match, bench_user)
        links["scorer"] = play.new_scorer_link(match, by=bench_user).scorer_token
    return links


def setup_hall() -> dict:
    """bench/club_live.py's championship (HALL_TABLES tables of four, round 1 under way),
    run by the organiser of ``setup_links``, with that organiser's session."""
    from django.contrib.auth import get_user_model

    sys.path.insert(0, str(BENCH))
    from club_live import evening

    from bench import session_of

    user = get_user_model().objects.get(username="organiser")
    hall = evening(user, HALL_TABLES, 4)
    return {
        "tournament": hall["tournament"],
        "board_token": hall["board_token"],
        "players": hall["players"],
        "session": session_of(user),
    }


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
    # Every board poll after a new revision draws the board (the server's polls share a
    # drawing for this long: one drawing is what is measured).
    settings.BOARD_STALE_SECONDS = 0


class Views:
    """The requests of make bench, through Django's test client."""

    def __init__(self, data: dict, cold: bool = False, minimal: bool = False, fresh=False):
        from django.test import Client

        self.data = data
        self.cold = cold
        self.fresh = fresh
        # The records' answer: the whole state, or what changed (Prefer: return=minimal).
        self.prefer = {"HTTP_PREFER": "return=minimal"} if minimal else {}
        self.api = Client(
            HTTP_AUTHORIZATION=f"Bearer {data['key']}", HTTP_ACCEPT="application/json"
        )
        self.browser = Client()
        self.browser.cookies["sessionid"] = data["session"]
        self.anonymous = Client()  # make bench's /ping/ carries no cookie
        self.phone = Client()  # a table's phone, or a scorer link's, with no account
        self.recorded = dict.fromkeys(data["record_matches"], data["seeded"])
        self.turn = 0
        if "hall" in data:
            self.organiser = Client()
            self.organiser.cookies["sessionid"] = data["hall"]["session"]
            self.shown_board = ""
            self.shown_player: dict[str, str] = {}

    def warm_up(self):
        """A record into every match (so that each one's state is in this process's
        memory unless ``cold``), and each read twice."""
        for _ in self.data["record_matches"]:
            self.record()
        for view in (self.ping, self.page, self.state, self.table):
            view(), view()
        if "scorer" in self.data:
            self.scorer(), self.scorer()
        if "offline" in self.data:  # the rules' zip and messages are read once a process
            for name in OFFLINE_VIEWS:
                getattr(self, name)(), getattr(self, name)()
        if "hall" in self.data:
            for name in HALL_VIEWS:
                getattr(self, name)(), getattr(self, name)()

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

    def read(self, client, path: str):
        if self.fresh:
            from django.core.cache import cache

            cache.clear()
        response = client.get(path)
        assert response.status_code == 200, response.content[:300]
        return response

    def page(self):
        return self.read(self.browser, f"/matches/{self.data['read_match']}/")

    def state(self):
        return self.read(self.api, f"/api/matches/{self.data['read_match']}")

    def table(self):
        return self.read(self.phone, f"/t/{self.data['table']}/")

    def scorer(self):
        return self.read(self.phone, f"/k/{self.data['scorer']}/")

    def offline_table(self):
        return self.read(self.phone, f"/t/{self.data['table']}/offline.json")

    def offline_match(self):
        return self.read(self.browser, f"/matches/{self.data['read_match']}/offline.json")

    def service_worker(self):
        return self.read(self.phone, "/t/sw.js")

    # -- a championship ----------------------------------------------------------------

    def hand_elsewhere(self):
        """What a hand at some table does to every page of the tournament: its revision
        moves (the statement is counted with the read after it)."""
        from django.db.models import F

        from matches.models import Tournament

        hall = Tournament.objects.filter(pk=self.data["hall"]["tournament"])
        hall.update(revision=F("revision") + 1)

    def round(self):
        self.hand_elsewhere()
        return self.read(
            self.organiser, f"/tournaments/{self.data['hall']['tournament']}/rounds/1/"
        )

    def board(self):
        """A board's poll after a hand: the live part, drawn at the new revision."""
        self.hand_elsewhere()
        hall = self.data["hall"]
        path = f"/tournaments/{hall['tournament']}/board/?key={hall['board_token']}"
        headers = {"HTTP_HX_REQUEST": "true", "HTTP_X_BOARD_REVISION": self.shown_board}
        response = self.phone.get(path, **headers)
        assert response.status_code == 200, response.content[:300]
        self.shown_board = response["ETag"].strip('"')
        return response

    def next_player(self) -> str:
        players = self.data["hall"]["players"]
        self.turn += 1
        return players[self.turn % len(players)]

    def player(self):
        """A phone's first visit to its player link (another player's each time), as
        when the round has started and every phone opens its page: at one revision."""
        token = self.next_player()
        response = self.read(self.phone, f"/p/{token}/")
        found = re.search(r'"X-Player-Revision": "(\d+)"', response.content.decode())
        self.shown_player[token] = found.group(1) if found else ""
        return response

    def player_poll(self):
        """A phone's poll when nothing it shows changed (204)."""
        players = self.data["hall"]["players"]
        token = players[self.turn % len(players)]
        if token not in self.shown_player:
            self.player()
        headers = {"HTTP_HX_REQUEST": "true", "HTTP_X_PLAYER_REVISION": self.shown_player[token]}
        response = self.phone.get(f"/p/{token}/", **headers)
        assert response.status_code == 204, response.status_code
        return response

    def names(self) -> list[str]:
        """The reads this code has (scorer links came with issue 20), and a championship's
        where it was set up."""
        names = ["page", "state", "table", *(["scorer"] if "scorer" in self.data else [])]
        return names + (HALL_VIEWS if "hall" in self.data else [])


def page_bytes() -> int:
    """Each read's answer in bytes (its body as the server sends it, uncompressed), and
    what the page asks for besides: its scripts, style sheets and service worker."""
    views = Views(json.loads((data_dir() / "bench-data.json").read_text()))
    views.warm_up()
    print("== bytes of each answer (uncompressed), and what a page asks for besides")
    offline = OFFLINE_VIEWS if "offline" in views.data else []
    for name in views.names() + offline:
        html = getattr(views, name)().content.decode()
        scripts = re.findall(r'<script[^>]*\ssrc="([^"]+)"', html)
        sheets = re.findall(r'<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"', html)
        worker = re.search(r'data-sw="([^"]+)"', html)
        print(
            f"  {name:<15}{len(html.encode()):8d} B  {len(scripts)} scripts, {len(sheets)} sheets"
            f"{', service worker ' + worker.group(1) if worker else ''}"
        )
        for address in scripts + sheets:
            print(f"            {address}")
    return 0


# -- in-process report --------------------------------------------------------------------


def report(args) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    views = Views(
        json.loads((data_dir() / "bench-data.json").read_text()),
        args.cold,
        args.minimal,
        args.fresh,
    )
    views.warm_up()

    print(f"== queries of one record{' (cold)' if args.cold else ''}")
    with CaptureQueriesContext(connection) as captured:
        views.record()
    for query in captured.captured_queries:
        print(f"  {query['sql'][:110]}")
    print(f"  {len(captured)} queries")
    cached = "not cached" if args.fresh else "cached"
    for name in ("ping", *views.names()):
        with CaptureQueriesContext(connection) as captured:
            getattr(views, name)()
        print(f"== {name}: {len(captured)} queries ({cached})")

    print("\n== CPU time per request (this process), in 10 interleaved rounds of 20 each")
    cpu = cpu_per_request(views, ("ping", *views.names(), "record"), rounds=10, each=20)
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
    """Instructions per request: a run under valgrind of the start-up and warm-up alone,
    and one more of each view with its requests after them (each on its own copy of the
    database); a view's count less the first, divided by its requests. Python's hashes
    are seeded alike in every run (PYTHONHASHSEED), so that the runs differ only there."""
    if not shutil.which("valgrind"):
        print("--instructions needs valgrind (apt-get install valgrind)")
        return 1
    requests = 50
    data = json.loads((base / "data" / "bench-data.json").read_text())
    asked = ["ping", *(view for view in args.views.split(",") if view != "ping")]
    wanted = [view for view in asked if in_this_code(view, data)]
    for view in sorted(set(asked) - set(wanted)):
        print(f"  {view}: not in this code, left out")
    start_up = counted(base, "ping", 0, args)
    per = {}
    for view in wanted:
        per[view] = (counted(base, view, requests, args) - start_up) / requests
    said = [word for word in ("cold", "fresh") if getattr(args, word)]
    print(f"== instructions per request (valgrind){' (' + ', '.join(said) + ')' if said else ''}")
    print(f"  (start-up and warm-up of each run: {start_up / 1e9:.2f} G)")
    for view, count in per.items():
        print(f"  {view:<15}{count / 1e6:8.2f} M  {count / per['ping']:5.2f}x ping")
    return 0


def in_this_code(view: str, data: dict) -> bool:
    if view == "scorer":
        return "scorer" in data
    if view in HALL_VIEWS:
        return "hall" in data
    if view in OFFLINE_VIEWS:
        return "offline" in data
    return view in VIEWS


def counted(base: Path, view: str, requests: int, args) -> int:
    """The instructions of one run of the views' start-up and warm-up and ``requests``
    of ``view``, on its own copy of the database."""
    copy = base / f"{view}-{requests}"
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
        str(requests),
        *(["--cold"] if args.cold else []),
        *(["--minimal"] if args.minimal else []),
        *(["--fresh"] if args.fresh else []),
    ]
    done = subprocess.run(cmd, env=environment(copy), capture_output=True, text=True)
    found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if done.returncode != 0 or not found:
        sys.stderr.write(done.stderr[-3000:])
        raise SystemExit(1)
    return int(found.group(1).replace(",", ""))


if __name__ == "__main__":
    sys.exit(main())
