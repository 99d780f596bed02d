"""Reads for the live board and the public results: the current round's tables with
their progress, and the standings, as one ``Board`` kept per tournament revision.

The projector and every phone poll the board; hands are played far less often. So the
board is worked out once per revision (every hand at a table bumps it), and a poll that
presents the revision it already shows costs one primary-key read (``views.board``).
"""

from __future__ import annotations

import logging
import os
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.db import transaction
from django.db.models import Count

from .. import rules, text
from ..models import Round, Table, TableSeat, Tournament, name_order
from . import standings as standings_reads
from .selectors import RevisionCache
from .tables import table_sizes

# What a table has got to, in the order a round goes.
WAITING, PLAYING, DONE, HANDED_IN, CONFIRMED = (
    "waiting",
    "playing",
    "done",
    "handed_in",
    "confirmed",
)


@dataclass(frozen=True)
class TableProgress:
    number: int
    names: tuple[str, ...]  # in seat order
    first_dealer: int
    hands: int
    of: int
    state: str
    match: int | None


@dataclass(frozen=True)
class Board:
    tournament: Tournament
    revision: str
    round: Round | None  # the round being played, else the last one (a draft: its seating)
    tables: tuple[TableProgress, ...]
    byes: tuple[str, ...]
    standings: standings_reads.Standings
    # Everyone of the round A–Z with their table and seat (None, None: a bye), as people
    # read the names: the projector's "find your seat" list.
    by_name: tuple[tuple[str, int | None, int | None], ...] = ()

    @property
    def seating_shown(self) -> bool:
        """Whether the board shows the round's seating by name: from the start of a round
        until every one of its tables has a hand in (those still looking for their seat
        are at the tables without one)."""
        playing = self.round is not None and self.round.status == Round.Status.PLAYING
        return playing and bool(self.by_name) and any(not table.hands for table in self.tables)

    @property
    def tables_done(self) -> int:
        return sum(table.state in (DONE, HANDED_IN, CONFIRMED) for table in self.tables)

    @property
    def hands_in_play(self) -> bool:
        """Whether a hand of the round being played is in (the standings count it as it
        stands): until then the standings are those after the last closed round."""
        playing = self.round is not None and self.round.status == Round.Status.PLAYING
        return playing and any(table.hands for table in self.tables)


logger = logging.getLogger(__name__)
kept = RevisionCache(size=50)


def revision(tournament: Tournament) -> str:
    """The tournament's revision as it stands: every hand at one of its tables moves it."""
    return standings_reads.revision_key(tournament)


@dataclass(frozen=True)
class Drawing:
    at: float  # when it was drawn (``now()``)
    etag: str  # the revision, language and tournament it shows (``views.board._etag``)
    html: str


def now() -> float:
    return time.time()  # the workers' common clock (a test moves it)


class Drawings:
    """The board as drawn last, per tournament and kind (language, partial or page, by
    its key or open), in one file each that every worker of this machine reads.

    At a club night in full swing a hand comes every few tenths of a second, so nearly
    every poll finds a new revision; drawing the board for each (the template and the
    standings' queries at forty tables) would take the server's cores. So polls within
    ``BOARD_STALE_SECONDS`` of the last drawing, whichever worker drew it,
    share it: the board is drawn at most once a window on the whole machine, and a hand is
    on a board within one poll interval and a drawing (a board held per worker for longer let
    hands reach the projector nearly two intervals late; the figures are in
    docs/performance.md). A poll that presents the board it would get is "unchanged"
    (204)."""

    def __init__(self):
        self.lock = threading.Lock()
        self.drawing: dict[str, threading.Lock] = {}  # a name's drawing in this process

    def shown(self, name: str, etag: str, draw, presented: str = "") -> Drawing:
        """The drawing to show of a board whose revision is ``etag``: the last one if it
        is of ``etag``, or younger than ``BOARD_STALE_SECONDS`` and no older than the one
        the poller ``presented``; else one drawn now by ``draw()``."""
        last = self.last(name)
        if self.serves(last, etag, presented):
            return last
        with self.lock:
            pending = self.drawing.setdefault(name, threading.Lock())
        if not pending.acquire(blocking=False):
            # Another thread of this process is drawing the board already. A poll meanwhile
            # gets the drawing before it, young enough still (the window, plus a drawing's
            # time at most), instead of waiting for a whole drawing at forty tables (with
            # every such poll waiting, bench/club_live.py's "board, after a hand" was
            # several times its target: docs/performance.md). The next poll gets the new
            # one.
            if self.usable(last, etag, presented) and now() - last.at < self.grace():
                return last
            pending.acquire()
        try:
            last = self.last(name)
            if self.serves(last, etag, presented):
                return last
            drawn = Drawing(now(), etag, draw())
            self.put(name, drawn)
            return drawn
        finally:
            pending.release()

    @staticmethod
    def grace() -> float:
        """How old a drawing may be that a poll gets while the next is being drawn."""
        return settings.BOARD_STALE_SECONDS + 1.0

    @staticmethod
    def usable(last: Drawing | None, etag: str, presented: str) -> bool:
        """Of this tournament (not another that once had its id), and no older than the
        board the poller has."""
        return (
            last is not None
            and _tag(last.etag) == _tag(etag)
            and _number(last.etag) >= _number(presented)
        )

    def serves(self, last: Drawing | None, etag: str, presented: str) -> bool:
        if not self.usable(last, etag, presented):
            return False
        return last.etag == etag or now() - last.at < settings.BOARD_STALE_SECONDS

    def path(self, name: str) -> Path:
        return Path(settings.BOARD_DRAWINGS_DIR) / f"board-{name}"

    def last(self, name: str) -> Drawing | None:
        """The last drawing; its time is the file's (``put``)."""
        try:
            with open(self.path(name), encoding="utf-8") as file:
                at = os.fstat(file.fileno()).st_mtime
                etag, html = file.read().split("\n", 1)
            return Drawing(at, etag, html)
        except (OSError, ValueError):  # none yet, or not a drawing
            return None

    def put(self, name: str, drawn: Drawing) -> None:
        """Replace the file at once (a rename): a reader gets the old drawing or the new."""
        path = self.path(name)
        partial = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}")
        try:
            path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            handle = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(handle, "w", encoding="utf-8") as file:
                file.write(f"{drawn.etag}\n{drawn.html}")
            os.utime(partial, (drawn.at, drawn.at))
            os.replace(partial, path)
        except OSError:
            logger.warning("Could not keep the live board %s", name)


def _tag(etag: str) -> str:
    return etag.strip('"').split("-", 1)[0]


def _number(etag: str) -> int:
    # The poller's If-None-Match is whatever it sends: "²" is no number (``text``).
    pieces = etag.strip('"').split("-")
    return (text.typed_whole(pieces[1]) or 0) if len(pieces) > 1 else 0


drawings = Drawings()


def board(tournament: Tournament) -> Board:
    key = standings_reads.revision_key(tournament)
    found = kept.get(key)
    if found is None:
        found = _board(tournament, key)
        transaction.on_commit(lambda: kept.put(key, found))
    return found


def current_round(tournament: Tournament) -> Round | None:
    rounds = list(tournament.rounds.order_by("-number"))
    playing = [round_ for round_ in rounds if round_.status == Round.Status.PLAYING]
    return (playing or rounds or [None])[0]


def _board(tournament: Tournament, key: str) -> Board:
    round_ = current_round(tournament)
    tables: tuple[TableProgress, ...] = ()
    byes: tuple[str, ...] = ()
    if round_ is not None:
        tables = tuple(round_progress(tournament, round_))
        byes = tuple(
            bye.entry.name for bye in round_.byes.select_related("entry__player", "entry__partner")
        )
    by_name = [
        (name, table.number, seat)
        for table in tables
        for seat, name in enumerate(table.names, start=1)
    ]
    by_name += [(name, None, None) for name in byes]
    by_name.sort(key=lambda item: name_order(item[0]))
    return Board(
        tournament=tournament,
        revision=key,
        round=round_,
        tables=tables,
        byes=byes,
        standings=standings_reads.tournament_standings(tournament),
        by_name=tuple(by_name),
    )


def round_progress(tournament: Tournament, round_: Round) -> list[TableProgress]:
    """Each table of ``round_``: its players, hands entered of its hands, and its state.
    Two queries of plain values whatever the number of tables: the board is redrawn
    while forty tables play."""
    sizes = table_sizes(tournament)
    ruleset = rules.get_ruleset(tournament.game, tournament.variant)
    names: dict[int, list[str]] = {}
    for table, player, partner in (
        TableSeat.objects.filter(table__round=round_)
        .order_by("table_id", "number")
        .values_list("table_id", "entry__player__name", "entry__partner__name")
    ):
        names.setdefault(table, []).append(f"{player} & {partner}" if partner else player)
    tables = (
        Table.objects.filter(round=round_)
        .annotate(entered=Count("match__hands"))
        .values_list(
            "pk",
            "number",
            "first_dealer",
            "match_id",
            "match__finished",
            "submitted_by_id",
            "confirmed_at",
            "entered",
        )
        .order_by("number")
    )
    progress = []
    for pk, number, first_dealer, match, finished, submitted, confirmed, entered in tables:
        seated = tuple(names.get(pk, ()))
        progress.append(
            TableProgress(
                number=number,
                names=seated,
                first_dealer=first_dealer,
                hands=entered,
                of=ruleset.table_hands(sizes, len(seated), tournament.hands_per_round),
                state=_state(round_, match, bool(finished), submitted, confirmed),
                match=match,
            )
        )
    return progress


def _state(round_: Round, match, finished: bool, submitted, confirmed) -> str:
    if round_.status == Round.Status.DRAFT or match is None:
        return WAITING
    if confirmed is not None:
        return CONFIRMED
    if finished:
        return HANDED_IN if submitted else DONE
    return PLAYING
