"""Writes to a round's tables (docs/tournaments.md §4): a table's result handed in by one of its
players and confirmed by another (or taken back), and the organiser's rulings: a table
ended as it stands, given back to its players, an entry's game points adjusted."""

from __future__ import annotations

from typing import Any

from django.utils import timezone
from django.utils.translation import gettext

from ..errors import NotNow
from ..models import Adjustment, Entry, Round, Table, Tournament
from ..rules import RuleError
from ..rules.base import _
from . import play
from .base import writing
from .tournaments import POINTS_LIMIT, audit, bump, lock_tournament, required_reason, whole


def end_table(table: Table, by, *, reason: str) -> Table:
    """Stop an unfinished table's match as it stands (the organiser's ruling)."""
    reason = required_reason(reason)
    with writing():
        tournament = lock_tournament(table.round.tournament)
        table = Table.objects.select_related("match", "round").get(pk=table.pk)
        if table.round.status != Round.Status.PLAYING:
            raise NotNow(gettext("Only a table of the round being played can be ended."))
        if table.match.finished:
            raise NotNow(gettext("This table has finished already."))
        play.stop_match(table.match, by=by, reason=reason)
        table.end_reason = reason
        table.save(update_fields=["end_reason"])
        bump(tournament)
        audit(tournament, by, "end-table", after={"table": table.number}, reason=reason)
    return table


def players_at(table: Table) -> list[Entry]:
    """The entries seated at ``table``, in seat order."""
    return [seat.entry for seat in table.seats.select_related("entry__player", "entry__partner")]


def submit_result(table: Table, entry_id: Any) -> Table:
    """ "We are done": a player of the table hands in its finished match."""
    with writing():
        tournament, table = _open_table(table)
        if not table.match.finished:
            raise NotNow(gettext("The match has not ended yet: play on."))
        if table.submitted_by_id:
            raise NotNow(gettext("The result has been handed in already."))
        entry = _seated(table, entry_id)
        table.submitted_by = entry
        table.save(update_fields=["submitted_by"])
        bump(tournament)
        audit(tournament, table.actor, "submit", after={"table": table.number, "by": entry.name})
    return table


def confirm_result(table: Table, entry_id: Any) -> Table:
    """A second, different player of the table (of the other side, at a partnership
    table) confirms the handed-in result; the table is locked."""
    with writing():
        tournament, table = _open_table(table)
        if not table.submitted_by_id:
            raise NotNow(gettext("Nobody has handed in the result yet."))
        entry = _seated(table, entry_id)
        if entry.pk == table.submitted_by_id:
            raise RuleError(
                _("A second player confirms: not the one who handed the result in."),
                field="entry",
            )
        table.confirmed_by = entry
        table.confirmed_at = timezone.now()
        table.save(update_fields=["confirmed_by", "confirmed_at"])
        bump(tournament)
        audit(tournament, table.actor, "confirm", after={"table": table.number, "by": entry.name})
    return table


def reopen_result(table: Table) -> Table:
    """Take a handed-in result back to fix a hand (before anyone confirmed it)."""
    with writing():
        tournament, table = _open_table(table)
        if table.submitted_by_id:
            table.submitted_by = None
            table.save(update_fields=["submitted_by"])
            bump(tournament)
            audit(tournament, table.actor, "reopen", after={"table": table.number})
    return table


def unlock_table(table: Table, by, *, reason: str) -> Table:
    """The organiser gives a handed-in or confirmed table back to its players (a dispute,
    a hand to fix at the table) while the round is being played: they correct, hand in
    and confirm again. A confirmation still on its way is refused then."""
    reason = required_reason(reason)
    with writing():
        tournament = lock_tournament(table.round.tournament)
        table = Table.objects.select_related("round").get(pk=table.pk)
        if table.round.status != Round.Status.PLAYING:
            raise NotNow(gettext("Only a table of the round being played can be reopened."))
        if not table.submitted_by_id and table.confirmed_at is None:
            raise NotNow(gettext("This table is open already."))
        table.submitted_by = table.confirmed_by = table.confirmed_at = None
        table.save(update_fields=["submitted_by", "confirmed_by", "confirmed_at"])
        bump(tournament)
        audit(tournament, by, "reopen-table", after={"table": table.number}, reason=reason)
    return table


def _open_table(table: Table) -> tuple[Tournament, Table]:
    """Under the tournament's lock: the table as stored, if its link still writes."""
    tournament = lock_tournament(table.round.tournament)
    table = Table.objects.select_related("round", "match", "submitted_by").get(pk=table.pk)
    if table.round.status != Round.Status.PLAYING:
        raise NotNow(gettext("This round is over; the organiser corrects results now."))
    if table.confirmed_at is not None:
        raise NotNow(gettext("This table's result is confirmed; the organiser corrects it now."))
    return tournament, table


def _seated(table: Table, entry_id: Any) -> Entry:
    for entry in players_at(table):
        if str(entry.pk) == str(entry_id):
            return entry
    raise RuleError(_("Pick your name from the players of this table."), field="entry")


def adjust(entry: Entry, by, *, round: Any, points: Any, reason: str) -> Adjustment:
    """A penalty or ruling: ``points`` (±) of game points for ``entry`` in ``round``."""
    reason = required_reason(reason)
    points = whole(points, "points", -POINTS_LIMIT, POINTS_LIMIT)
    if points == 0:
        raise RuleError(_("An adjustment of 0 changes nothing."), field="points")
    with writing():
        tournament = lock_tournament(entry.tournament)
        played = tournament.rounds.exclude(status=Round.Status.DRAFT).count()
        number = whole(round, "round", 1, max(played, 1))
        if not played:
            raise NotNow(gettext("No round has been played yet."))
        adjustment = Adjustment.objects.create(
            entry=entry, round=number, points=points, reason=reason, by=by
        )
        bump(tournament)
        audit(
            tournament,
            by,
            "adjust",
            after={"entry": entry.name, "round": number, "points": points},
            reason=reason,
        )
    return adjustment
