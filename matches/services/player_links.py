"""Reads: what a player's own link shows (``/p/<token>/`` and ``GET /api/me``;
docs/tournaments.md, "Player links"): where the player sits now, or why they do not, and
their results so far. Nothing is worked out here that the round page, the printed sheets
or the standings do not work out alike: seats and first dealers are the stored seating's,
the hands a seat sits out the game's rules', places and points the standings'.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.utils.translation import gettext

from .. import rules, standings
from ..models import Adjustment, Bye, Entry, Round, TableSeat, Tournament
from . import standings as standings_reads
from .selectors import RevisionCache
from .sheets import CardLine
from .tables import table_sizes

# Where an entry stands in its tournament (matches/api/API.md's ``status``).
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
    Reads the tournament's rounds (its ``RoundMap``); under the tournament's lock in
    ``check_in_myself``."""
    if not tournament.self_check_in:
        return gettext("The organiser checks players in at the door.")
    if tournament.status == Tournament.Status.FINISHED:
        return gettext("The tournament is over.")
    if entry.withdrawn_from is not None:
        return gettext("You have withdrawn: ask the organiser.")
    rounds = [status for _number, status in round_map(tournament).rounds]
    played = sum(status != Round.Status.DRAFT for status in rounds)
    if Round.Status.DRAFT in rounds or played >= tournament.rounds_planned:
        return gettext("Check-in has closed: ask the organiser.")
    return ""


@dataclass(frozen=True)
class SeatedTable:
    """A table of the round being played, as every player's page of it shows it."""

    number: int
    token: str
    first_dealer: int
    match_revision: int | None
    ruleset: Any  # the table's match's (None before it has one)
    names: tuple[str, ...]  # in seat order


@dataclass(frozen=True)
class RoundMap:
    """Who sits where in a tournament as it stands, for every player's page at once:
    its rounds, the round being played with each table's players and its match's
    revision, the entries on a bye, each entry's adjustments. Worked out once per
    tournament revision per process (``round_map``: four queries whatever the number of
    tables), so that 600 players' pages and their polls read a dictionary, not the
    seating (bench/club_live.py --tables 150)."""

    rounds: tuple[tuple[int, str], ...]  # (number, status), by number
    playing: int | None  # the number of the round being played
    tables: dict[int, SeatedTable]  # by the table's id
    seats: dict[int, tuple[int, int]]  # entry id → (table id, seat number)
    byes: frozenset[int]  # entry ids
    adjusted: dict[int, tuple[tuple[int, int], ...]]  # entry id → (adjustment id, points)


maps = RevisionCache(size=50)


def round_map(tournament: Tournament) -> RoundMap:
    """The tournament's ``RoundMap`` at its revision; inside a write (uncommitted reads)
    kept only once it commits, as the standings are."""
    key = standings_reads.revision_key(tournament)
    found = maps.get(key)
    if found is None:
        found = _round_map(tournament)
        transaction.on_commit(lambda: maps.put(key, found))
    return found


def _round_map(tournament: Tournament) -> RoundMap:
    rounds = tuple(
        sorted(Round.objects.filter(tournament=tournament).values_list("number", "status"))
    )
    playing = next((n for n, status in rounds if status == Round.Status.PLAYING), None)
    tables: dict[int, dict[str, Any]] = {}
    seats: dict[int, tuple[int, int]] = {}
    rulesets: dict[tuple[str, str, str], Any] = {}
    seated = TableSeat.objects.filter(round__tournament=tournament, round__number=playing)
    for row in (
        (seated if playing else TableSeat.objects.none())
        .order_by("table_id", "number")
        .values_list(
            "table_id",
            "table__number",
            "table__token",
            "table__first_dealer",
            "table__match__revision",
            "table__match__game",
            "table__match__variant",
            "table__match__options",
            "number",
            "entry_id",
            "entry__player__name",
            "entry__partner__name",
        )
    ):
        table_id, number, token, dealer, revision, game, variant, options = row[:8]
        seat, entry, player, partner = row[8:]
        table = tables.get(table_id)
        if table is None:
            ruleset = None
            if game:
                known = (game, variant, repr(options))
                if known not in rulesets:
                    rulesets[known] = rules.get_ruleset(game, variant, options)
                ruleset = rulesets[known]
            table = tables[table_id] = {
                "number": number,
                "token": token,
                "first_dealer": dealer,
                "match_revision": revision,
                "ruleset": ruleset,
                "names": [],
            }
        table["names"].append(f"{player} & {partner}" if partner else player)
        seats[entry] = (table_id, seat)
    byes = Bye.objects.filter(round__tournament=tournament, round__number=playing)
    adjusted: dict[int, list[tuple[int, int]]] = {}
    for entry, pk, points in (
        Adjustment.objects.filter(entry__tournament=tournament)
        .order_by("pk")
        .values_list("entry_id", "pk", "points")
    ):
        adjusted.setdefault(entry, []).append((pk, points))
    return RoundMap(
        rounds=rounds,
        playing=playing,
        tables={
            pk: SeatedTable(**{**table, "names": tuple(table["names"])})
            for pk, table in tables.items()
        },
        seats=seats,
        byes=frozenset(byes.values_list("entry_id", flat=True)) if playing else frozenset(),
        adjusted={entry: tuple(items) for entry, items in adjusted.items()},
    )


def shown_key(entry: Entry, tournament: Tournament | None = None) -> str:
    """What the player's page shows, short of the other tables' hands, as a number the
    page's poll presents back (``X-Player-Revision``): the tournament's status and rounds,
    the entry's own state and adjustments, and the revision of the match at the player's
    table in the round being played. One read of the tournament's row (``tournament``:
    read already), the rest from the ``RoundMap`` of its revision.

    Not the tournament's revision, which every hand at any table moves: at a championship
    (150 tables, bench/club_live.py --tables 150) that redrew all 600 players' pages at
    every poll. So the place so far on a player's page is as it stood at the last hand of
    their own table, or the last change of round; the board and the standings page show
    every hand (docs/tournaments.md "Player links")."""
    if tournament is None:
        tournament = Tournament.objects.get(pk=entry.tournament_id)
    seen = round_map(tournament)
    own = []
    if entry.pk in seen.seats:
        own = [(seen.playing, seen.tables[seen.seats[entry.pk][0]].match_revision)]
    parts = (
        [(tournament.status, tournament.self_check_in, tournament.rounds_planned)],
        seen.rounds,
        own,
        seen.adjusted.get(entry.pk, ()),
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
    """Where ``entry`` is now, from the tournament's ``RoundMap`` (no query of its own)."""
    tournament = entry.tournament
    seen = round_map(tournament)
    rounds = seen.rounds
    playing = seen.playing
    next_number = sum(status != Round.Status.DRAFT for _number, status in rounds) + 1
    if tournament.status == Tournament.Status.FINISHED:
        return Assignment(FINISHED, round=rounds[-1][0] if rounds else None)
    current = playing if playing else next_number
    if entry.withdrawn_from is not None and entry.withdrawn_from <= current:
        return Assignment(WITHDRAWN, round=entry.withdrawn_from)
    if playing is None:
        return Assignment(DRAFTING, round=next_number)
    if entry.pk in seen.seats:
        table_id, seat = seen.seats[entry.pk]
        return _seated(tournament, playing, seen.tables[table_id], seat)
    if entry.pk in seen.byes:
        return Assignment(BYE, round=playing)
    return Assignment(DRAFTING, round=next_number, playing_without=playing)


def _seated(tournament: Tournament, playing: int, table: SeatedTable, seat: int) -> Assignment:
    names = table.names
    sizes = table_sizes(tournament)
    sits_out: tuple[int, ...] = ()
    note = ""
    if sizes.has_sitter(len(names)) and table.ruleset is not None:
        ruleset = table.ruleset
        hands = ruleset.table_hands(sizes, len(names), tournament.hands_per_round) or 0
        sits_out = ruleset.hands_sat_out(seat, table.first_dealer, hands)
        note = gettext(rules.get_ruleset(tournament.game, tournament.variant).sitter_note)
    return Assignment(
        SEATED,
        round=playing,
        table=table.number,
        seat=seat,
        players=names,
        first_dealer=table.first_dealer,
        sits_out=sits_out,
        sitter_note=note,
        table_token=table.token,
    )
