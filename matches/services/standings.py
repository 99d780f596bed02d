"""Reads: a tournament's standings, from stored seats in a fixed number of queries.

The seats of the tables' matches already hold each player's total, win and outright win
(written with the hands), so nothing is replayed here: five queries fill the pure
``matches.standings`` inputs whatever the number of players, rounds or hands. A chain
that names a game's own tie-break (``Ruleset.tie_breaks``) takes a sixth: the game's
per-seat figures, read from each match's stored state (``Ruleset.figures``).
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass

from django.db import transaction

from .. import rules, standings
from ..models import (
    Adjustment,
    Bye,
    Entry,
    Match,
    Round,
    Seat,
    TableSeat,
    Tournament,
    name_order,
)
from ..rules.stored import state_from_json
from .selectors import RevisionCache


@dataclass(frozen=True)
class Standings:
    tournament: Tournament
    rows: list[standings.StandingsRow]
    # The last closed round, 0 before any: "after round n" is said of it alone. The rows
    # also count the round being played (``playing_round``), its hands as they stand.
    after_round: int
    final: bool
    names: dict[int, str]  # entry id → name
    rounds: dict[int, dict[int, standings.RoundResult]]  # entry id → round → result
    playing_round: int = 0  # the round being played, 0 when none is

    @property
    def last_round(self) -> int:
        """The last round that has results, closed or being played (0: none yet): a
        penalty or ruling may be given in it."""
        return max(self.after_round, self.playing_round)


def scoring(tournament: Tournament) -> standings.Scoring:
    return standings.Scoring(
        score=tournament.score,
        tie_breaks=tuple(tournament.tie_breaks),
        bye_game_points=tournament.bye_game_points,
        bye_match_points=tournament.bye_match_points,
        game_tie_breaks=rules.game_tie_breaks(tournament.game),
    )


def figures(tournament: Tournament, how: standings.Scoring) -> dict[int, tuple]:
    """Each of the tournament's matches' per-seat figures of the game's own (match id →
    one mapping per seat), as the match's ruleset reads them from its stored state; none
    read unless the chain names one of the game's own tie-breaks. A state that cannot be
    read (``Match.stored_state``) gives none until it is rebuilt."""
    own = {tie_break.name for tie_break in how.game_tie_breaks}
    if not own & set(how.tie_breaks):
        return {}
    rulesets: dict[tuple[str, str, str], rules.Ruleset] = {}
    found = {}
    matches = Match.objects.filter(tournament=tournament).values_list(
        "pk", "game", "variant", "options", "state"
    )
    for match, game, variant, options, state in matches:
        # A table with a sitter plays a variant of its own: one ruleset per kind of table.
        kind = (game, variant, json.dumps(options, sort_keys=True))
        if kind not in rulesets:
            rulesets[kind] = rules.get_ruleset(game, variant, options)
        try:
            found[match] = rulesets[kind].figures(state_from_json(state))
        except ValueError:
            continue
    return found


def inputs(tournament: Tournament, how: standings.Scoring | None = None):
    """The pure package's inputs: entries, table results, byes, adjustments; each seat's
    own figures of the game too where ``how``'s chain counts them (``figures``)."""
    own = figures(tournament, how) if how is not None else {}
    entries = list(Entry.objects.filter(tournament=tournament).select_related("player", "partner"))
    # Seat order at a table is the match's seat order, so (match, number) joins the two.
    # A team's partners sit at the match's seats n and n + the number of teams, with equal
    # scores (Sieben partnerships): the seat of the team's first player speaks for it.
    placed = {
        (match, number): (entry, round_number, table)
        for match, number, entry, round_number, table in TableSeat.objects.filter(
            round__tournament=tournament, table__match__isnull=False
        )
        .exclude(round__status=Round.Status.DRAFT)
        .values_list("table__match_id", "number", "entry_id", "round__number", "table__number")
    }
    seated = {entry for entry, _round, _table in placed.values()}
    infos = [
        standings.EntryInfo(
            entry=entry.pk,
            name=entry.name,
            withdrawn_from=entry.withdrawn_from,
            joined_at=entry.joined_at if entry.joined_at > 1 else None,
        )
        for entry in entries
        # A registered player who never came (not checked in, never seated) is no part
        # of the standings.
        if entry.checked_in or entry.pk in seated
    ]
    tables: dict[tuple[int, int], list[standings.SeatResult]] = {}
    seats = Seat.objects.filter(match__tournament=tournament).values_list(
        "match_id", "number", "total", "won", "outright"
    )
    for match, number, total, won, outright in sorted(seats):
        if (match, number) not in placed:
            continue
        entry, round_number, table = placed[match, number]
        seat_figures = own[match][number] if match in own else {}
        tables.setdefault((round_number, table), []).append(
            standings.SeatResult(
                entry=entry, total=total, won=won, twelve_tricks=outright, figures=seat_figures
            )
        )
    results = [
        standings.TableResult(round=round_number, table=table, seats=tuple(seats))
        for (round_number, table), seats in sorted(tables.items())
    ]
    byes = [
        standings.Bye(round=number, entry=entry)
        for number, entry in Bye.objects.filter(round__tournament=tournament)
        .exclude(round__status=Round.Status.DRAFT)
        .values_list("round__number", "entry_id")
    ]
    adjustments = [
        standings.Adjustment(round=number, entry=entry, points=points, reason=reason)
        for number, entry, points, reason in Adjustment.objects.filter(
            entry__tournament=tournament
        ).values_list("round", "entry_id", "points", "reason")
    ]
    return infos, results, byes, adjustments


# Standings by tournament and revision: the live board and phones ask far more often than
# hands are played, and every write bumps the revision.
kept = RevisionCache(size=50)


def revision_key(tournament: Tournament) -> str:
    """The one key of what is derived from a tournament as it stands (the tournament
    level of ``selectors.cache_key``): the board token keeps a reused id from meeting an
    old entry, the revision moves with every write to the tournament or its tables."""
    return f"{tournament.board_token}:{tournament.revision}"


# One working-out at a time per process: when a revision is new, the board's drawing and
# every phone whose page changed ask for it at once; each would work out the standings
# of 600 players again (bench/club_live.py --tables 150), where one answer serves all.
working_out = threading.Lock()


def tournament_standings(tournament: Tournament) -> Standings:
    key = revision_key(tournament)
    found = kept.get(key)
    if found is not None:
        return found
    if transaction.get_connection().in_atomic_block:
        # Inside a write: what it reads may not be committed yet, and is not kept.
        found = _standings(tournament)
        transaction.on_commit(lambda: kept.put(key, found))
        return found
    with working_out:
        found = kept.get(key)
        if found is None:
            found = _standings(tournament)
            kept.put(key, found)
    return found


def _standings(tournament: Tournament) -> Standings:
    how = scoring(tournament)
    infos, results, byes, adjustments = inputs(tournament, how)
    # Ties listed by name as people read it (``models.name_order``). Kept per revision,
    # not per language: every language offered orders names alike (test_text.py).
    rows = standings.standings(infos, results, byes, adjustments, how, name_order=name_order)
    by_round = standings.round_results(infos, results, byes, adjustments, how)
    rounds = list(
        tournament.rounds.exclude(status=Round.Status.DRAFT).values_list("number", "status")
    )
    after = max((n for n, status in rounds if status == Round.Status.CLOSED), default=0)
    playing = max((n for n, status in rounds if status == Round.Status.PLAYING), default=0)
    final = tournament.status == Tournament.Status.FINISHED
    names = {info.entry: info.name for info in infos}
    return Standings(tournament, rows, after, final, names, by_round, playing)
