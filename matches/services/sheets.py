"""Reads for the printed sheets (docs/tournaments.md §7 "Print"): a round's seating as the
room and the door read it, and every player's score card. Nothing here computes a score:
places, points and ranks come from ``services.standings``; seats and first dealers from
the stored seating.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import gettext

from .. import rules, standings
from ..models import Entry, Round, TableSeat, Tournament, name_order
from . import standings as standings_reads
from .tables import table_sizes

# -- a round's seating ----------------------------------------------------------------------


@dataclass(frozen=True)
class SeatLine:
    number: int  # 1 for seat 0: as the players count
    name: str
    deals_first: bool


@dataclass(frozen=True)
class TableSheet:
    number: int
    seats: list[SeatLine]
    # Who sits out each hand, in the game's words ("" at a table where all play).
    sitter: str
    variant: str  # the preset the table plays (Sheepshead's six: six-handed)
    hands: int | None  # the table's hands this round (None: the game's own end)
    token: str  # the table link's secret

    @property
    def dealer(self) -> str:
        return next((seat.name for seat in self.seats if seat.deals_first), "")


@dataclass(frozen=True)
class RoundSheet:
    tournament: Tournament
    round: Round
    tables: list[TableSheet]
    byes: list[str]  # A–Z
    by_name: list[tuple[str, int | None]]  # everyone A–Z with their table (None: a bye)


def _name_order(name: str) -> tuple[bytes, str]:
    # As people read the names in the page's language (``models.name_order``): "Müller"
    # beside "Muller", "Ärger" with "Arger", and "Marianne" before "Resi".
    return name_order(name)


def round_sheet(round_: Round) -> RoundSheet:
    """The round's tables with their seats in order (two queries), its byes, and
    everyone A–Z with their table."""
    tournament = round_.tournament
    sizes = table_sizes(tournament)
    ruleset = rules.get_ruleset(tournament.game, tournament.variant, tournament.options)
    seats = (
        TableSeat.objects.filter(table__round=round_)
        .select_related("table", "entry__player", "entry__partner")
        .order_by("table__number", "number")
    )
    grouped: dict[int, list[TableSeat]] = {}
    for seat in seats:
        grouped.setdefault(seat.table.number, []).append(seat)
    tables = []
    for number, at_table in grouped.items():
        table = at_table[0].table
        tables.append(
            TableSheet(
                number=number,
                seats=[
                    SeatLine(seat.number + 1, seat.entry.name, seat.number == table.first_dealer)
                    for seat in at_table
                ],
                sitter=gettext(ruleset.sitter_note) if sizes.has_sitter(len(at_table)) else "",
                variant=ruleset.table_variant(len(at_table), sizes)[0],
                hands=ruleset.table_hands(sizes, len(at_table), tournament.hands_per_round),
                token=table.token,
            )
        )
    byes = sorted(
        (bye.entry.name for bye in round_.byes.select_related("entry__player", "entry__partner")),
        key=_name_order,
    )
    by_name = [(seat.name, table.number) for table in tables for seat in table.seats]
    by_name += [(name, None) for name in byes]
    by_name.sort(key=lambda item: _name_order(item[0]))
    return RoundSheet(tournament, round_, tables, byes, by_name)


def entries_by_name(tournament: Tournament) -> list[Entry]:
    """Every entry of the tournament A–Z as people read the names (the player slips)."""
    entries = tournament.entries.select_related("player", "partner")
    return sorted(entries, key=lambda entry: _name_order(entry.name))


# -- the standings and the score cards ----------------------------------------------------------


@dataclass(frozen=True)
class StandingsLine:
    rank: str  # "3" or "3="
    row: standings.StandingsRow
    values: list[int | None]  # both scores, then the chain (``standings.shown_criteria``)
    notes: list[int]  # footnote numbers (its adjustments)
    labels: Sequence[str] = ()  # the values' column heads, which a phone shows beside them

    @property
    def cells(self) -> list[tuple[str, int | None]]:
        return list(zip(self.labels, self.values, strict=True))


@dataclass(frozen=True)
class Footnote:
    number: int
    name: str
    adjustment: standings.Adjustment


def standings_sheet(
    read: standings_reads.Standings, labels: Sequence[str] = ()
) -> tuple[list[StandingsLine], list[Footnote]]:
    """The standings rows as printed, each penalty or ruling a numbered footnote;
    ``labels`` are the heads of the figures' columns."""
    lines, notes = [], []
    shown = standings.shown_criteria(read.tournament.score, read.tournament.tie_breaks)
    for row in read.rows:
        numbers = []
        for adjustment in row.adjustments:
            notes.append(Footnote(len(notes) + 1, row.name, adjustment))
            numbers.append(len(notes))
        lines.append(
            StandingsLine(
                standings.rank_label(row),
                row,
                [row.value(name) for name in shown],
                numbers,
                tuple(labels),
            )
        )
    return lines, notes


@dataclass(frozen=True)
class CardLine:
    """One round on a player's score card."""

    round: int
    result: standings.RoundResult
    others: list[str]  # the others at the table, in seat order


@dataclass(frozen=True)
class ScoreCard:
    name: str
    rank: str
    entrants: int
    row: standings.StandingsRow
    lines: list[CardLine]


def score_cards(read: standings_reads.Standings) -> list[ScoreCard]:
    """A card per entry of the standings, A–Z: every round (table, the others there,
    game points, place, or a bye) and the final rank."""
    cards = []
    for row in read.rows:
        lines = [
            CardLine(number, result, [read.names[other] for other in result.opponents])
            for number, result in read.rounds.get(row.entry, {}).items()
        ]
        cards.append(ScoreCard(row.name, standings.rank_label(row), len(read.rows), row, lines))
    cards.sort(key=lambda card: _name_order(card.name))
    return cards
