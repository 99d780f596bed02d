"""Reads: what a player's own link shows (``/p/<token>/`` and ``GET /api/me``;
docs/tournaments.md, "Player links"): where the player sits now, or why they do not, and
their results so far. Nothing is worked out here that the round page, the printed sheets
or the standings do not work out alike: seats and first dealers are the stored seating's,
the hands a seat sits out the game's rules', places and points the standings'.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from django.utils.translation import gettext

from .. import rules, standings
from ..models import Adjustment, Bye, Entry, Round, TableSeat, Tournament
from . import standings as standings_reads
from .sheets import CardLine
from .tables import table_sizes

# Where an entry stands in its tournament (API.md's ``status``).
DRAFTING, SEATED, BYE, WITHDRAWN, FINISHED = "drafting", "seated", "bye", "withdrawn", "finished"


@dataclass(frozen=True)
class Assignment:
    """Where the player is now. ``round``: the round being played (seated, a bye), the
    next one (drafting), the one they withdrew from, or the last (finished). ``seat`` and
    ``first_dealer`` index ``players`` (seat 0 first), as a table's seats do everywhere."""

    status: str
    round: int | None = None
    table: int | None = None
    seat: int | None = None
    players: tuple[str, ...] = ()  # everyone at the table, in seat order
    first_dealer: int | None = None
    sits_out: tuple[int, ...] = ()  # the hands this player sits out (a sitter table)
    sitter_note: str = ""  # who sits out, in the game's words
    table_token: str | None = None  # the table's link, while its round is being played
    # A round is being played without this entry (not checked in, or joining later).
    playing_without: int | None = None

    @property
    def others(self) -> list[tuple[int, str]]:
        """The others at the table with their seat numbers as players count (1 first)."""
        return [(i + 1, name) for i, name in enumerate(self.players) if i != self.seat]

    @property
    def dealer(self) -> str:
        return self.players[self.first_dealer] if self.first_dealer is not None else ""


@dataclass(frozen=True)
class PlayerView:
    entry: Entry
    tournament: Tournament
    assignment: Assignment
    row: standings.StandingsRow | None  # None before the entry has a standing
    rank: str  # "3" or "3="
    entrants: int
    final: bool
    lines: list[CardLine] = field(default_factory=list)  # every round so far
    check_in_closed: str = ""  # why the player cannot check themselves in ("": they can)


def check_in_closed(tournament: Tournament, entry: Entry) -> str:
    """Why ``entry``'s player cannot check themselves in now through their link, or ""
    when they can (or have): the tournament allows it, the entry plays on, and the next
    round is not drafted yet (after the draft the organiser re-seats: docs/tournaments.md).
    Reads the tournament's rounds; under the tournament's lock in ``check_in_myself``."""
    if not tournament.self_check_in:
        return gettext("The organiser checks players in at the door.")
    if tournament.status == Tournament.Status.FINISHED:
        return gettext("The tournament is over.")
    if entry.withdrawn_from is not None:
        return gettext("You have withdrawn: ask the organiser.")
    rounds = list(tournament.rounds.values_list("status", flat=True))
    played = sum(status != Round.Status.DRAFT for status in rounds)
    if Round.Status.DRAFT in rounds or played >= tournament.rounds_planned:
        return gettext("Check-in has closed: ask the organiser.")
    return ""


def shown_key(entry: Entry) -> str:
    """What the player's page shows, short of the other tables' hands, as a number the
    page's poll presents back (``X-Player-Revision``): the tournament's status and rounds,
    the entry's own state and adjustments, and the revision of the match at the player's
    table in the round being played. Four small indexed reads.

    Not the tournament's revision, which every hand at any table moves: at a championship
    (150 tables, bench/club_live.py --tables 150) that redrew all 600 players' pages at
    every poll. So the place so far on a player's page is as it stood at the last hand of
    their own table, or the last change of round; the board and the standings page show
    every hand (docs/tournaments.md "Player links")."""
    tournament = Tournament.objects.filter(pk=entry.tournament_id).values_list(
        "status", "self_check_in", "rounds_planned", "board_token"
    )
    rounds = Round.objects.filter(tournament_id=entry.tournament_id).values_list("number", "status")
    own = TableSeat.objects.filter(entry=entry, round__status=Round.Status.PLAYING).values_list(
        "round__number", "table__match__revision"
    )
    adjusted = Adjustment.objects.filter(entry=entry).values_list("pk", "points")
    parts = (
        list(tournament),
        sorted(rounds),
        list(own),
        sorted(adjusted),
        (entry.checked_in, entry.self_checked_in, entry.withdrawn_from, entry.joined_at),
    )
    digest = hashlib.blake2b(repr(parts).encode(), digest_size=6).digest()
    return str(int.from_bytes(digest, "big"))


def view(entry: Entry) -> PlayerView:
    """What ``entry``'s link shows, as the tournament stands."""
    tournament = entry.tournament
    read = standings_reads.tournament_standings(tournament)
    row = next((row for row in read.rows if row.entry == entry.pk), None)
    lines = [
        CardLine(number, result, [read.names[other] for other in result.opponents])
        for number, result in read.rounds.get(entry.pk, {}).items()
    ]
    return PlayerView(
        entry=entry,
        tournament=tournament,
        assignment=assignment(entry),
        row=row,
        rank=standings.rank_label(row) if row else "",
        entrants=len(read.rows),
        final=read.final,
        lines=lines,
        check_in_closed="" if entry.checked_in else check_in_closed(tournament, entry),
    )


def assignment(entry: Entry) -> Assignment:
    tournament = entry.tournament
    rounds = list(tournament.rounds.order_by("number"))
    playing = next((r for r in rounds if r.status == Round.Status.PLAYING), None)
    next_number = sum(r.status != Round.Status.DRAFT for r in rounds) + 1
    if tournament.status == Tournament.Status.FINISHED:
        return Assignment(FINISHED, round=rounds[-1].number if rounds else None)
    current = playing.number if playing else next_number
    if entry.withdrawn_from is not None and entry.withdrawn_from <= current:
        return Assignment(WITHDRAWN, round=entry.withdrawn_from)
    if playing is None:
        return Assignment(DRAFTING, round=next_number)
    seat = (
        TableSeat.objects.filter(round=playing, entry=entry).select_related("table__match").first()
    )
    if seat is not None:
        return _seated(tournament, playing, seat)
    if Bye.objects.filter(round=playing, entry=entry).exists():
        return Assignment(BYE, round=playing.number)
    return Assignment(DRAFTING, round=next_number, playing_without=playing.number)


def _seated(tournament: Tournament, playing: Round, seat: TableSeat) -> Assignment:
    table = seat.table
    names = [
        other.entry.name
        for other in table.seats.select_related("entry__player", "entry__partner").order_by(
            "number"
        )
    ]
    sizes = table_sizes(tournament)
    sits_out: tuple[int, ...] = ()
    note = ""
    if sizes.has_sitter(len(names)) and table.match is not None:
        match = table.match
        ruleset = rules.get_ruleset(match.game, match.variant, match.options)
        hands = ruleset.table_hands(sizes, len(names), tournament.hands_per_round) or 0
        sits_out = ruleset.hands_sat_out(seat.number, table.first_dealer, hands)
        note = gettext(rules.get_ruleset(tournament.game, tournament.variant).sitter_note)
    return Assignment(
        SEATED,
        round=playing.number,
        table=table.number,
        seat=seat.number,
        players=tuple(names),
        first_dealer=table.first_dealer,
        sits_out=sits_out,
        sitter_note=note,
        table_token=table.token,
    )
