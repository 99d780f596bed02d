"""Reads for the live board and the public results: the current round's tables with
their progress, and the standings, as one ``Board`` kept per tournament revision.

The projector and every phone poll the board; hands are played far less often. So the
board is worked out once per revision (every hand at a table bumps it), and a poll that
presents the revision it already shows costs one primary-key read (``views.board``).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.db.models import Count

from .. import games
from ..models import Round, Table, Tournament
from . import standings as standings_reads
from . import tournaments as services
from .selectors import Kept

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

    @property
    def tables_done(self) -> int:
        return sum(table.state in (DONE, HANDED_IN, CONFIRMED) for table in self.tables)


kept = Kept(size=50)


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
    return Board(
        tournament=tournament,
        revision=key,
        round=round_,
        tables=tables,
        byes=byes,
        standings=standings_reads.tournament_standings(tournament),
    )


def round_progress(tournament: Tournament, round_: Round) -> list[TableProgress]:
    """Each table of ``round_``: its players, hands entered of its hands, and its state."""
    sizes = services.table_sizes(tournament)
    plugin = games.get(tournament.game)
    tables = (
        Table.objects.filter(round=round_)
        .select_related("match")
        .prefetch_related("seats__entry__player", "seats__entry__partner")
        .annotate(entered=Count("match__hands"))
    )
    progress = []
    for table in tables:
        names = tuple(seat.entry.name for seat in table.seats.all())
        progress.append(
            TableProgress(
                number=table.number,
                names=names,
                first_dealer=table.first_dealer,
                hands=table.entered,
                of=plugin.table_hands(sizes, len(names), tournament.hands_per_round),
                state=_state(round_, table),
                match=table.match_id,
            )
        )
    return progress


def _state(round_: Round, table: Table) -> str:
    if round_.status == Round.Status.DRAFT or table.match is None:
        return WAITING
    if table.confirmed_at is not None:
        return CONFIRMED
    if table.match.finished:
        return HANDED_IN if table.submitted_by_id else DONE
    return PLAYING
