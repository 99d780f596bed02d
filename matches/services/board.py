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
from ..models import Round, Table, TableSeat, Tournament
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

    @property
    def hands_in_play(self) -> bool:
        """Whether a hand of the round being played is in (the standings count it as it
        stands): until then the standings are those after the last closed round."""
        playing = self.round is not None and self.round.status == Round.Status.PLAYING
        return playing and any(table.hands for table in self.tables)


kept = Kept(size=50)


def revision(tournament: Tournament) -> str:
    """The revision of the board to show: always the tournament's current one. A poll
    presenting it is "unchanged" (one primary-key read); any other gets the board of this
    one, drawn once per revision in each process (``views.board``), so that a hand is on
    the projector at its next poll (issue 19: a board held for 10 s per worker showed
    hands up to 9.9 s late)."""
    return standings_reads.revision_key(tournament)


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
    """Each table of ``round_``: its players, hands entered of its hands, and its state.
    Two queries of plain values whatever the number of tables: the board is redrawn
    while forty tables play."""
    sizes = services.table_sizes(tournament)
    plugin = games.get(tournament.game)
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
                of=plugin.table_hands(sizes, len(seated), tournament.hands_per_round),
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
