"""Putting a match away (issue 20, item 3): archiving it (off the home list and
``GET /api/matches``, still readable and audited, restorable) and deleting it.

Who may is the faces' question (``access.match_to_keep``: the owner's or an organiser's
account, never a link); what happens is decided here, in one transaction under the
match's lock.

A deletion takes the match's seats, hands and audit trail with it, so it is written to
its owner's own log (``AccountAudit``), with what the match was: a record that outlives
the match. A tournament's match is never deleted: its round, standings and printed sheets
stand on it (``Table.match`` protects it in the database too).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext

from ..errors import Clash
from ..models import AccountAudit, AuditEntry, Match
from ..text import clean_reason
from . import ratings
from .base import writing
from .selectors import Snapshot, snapshot


class InTournament(Clash):
    """A tournament's match cannot be deleted (409)."""


def set_archived(match: Match, archived: bool, *, by) -> Snapshot:
    """Archive the match (``archived``) or restore it; the match as it stands after.
    Asking for what already is changes nothing and audits nothing. A change bumps the
    revision: the match page and the API's state show ``archived``."""
    with writing():
        locked = Match.objects.select_for_update().get(pk=match.pk)
        if locked.archived != bool(archived):
            revision = locked.revision + 1
            # A plain update: archiving is no play, so ``updated_at`` (the list's order,
            # "newest first") stays when the match was last played.
            Match.objects.filter(pk=match.pk).update(archived=bool(archived), revision=revision)
            match.archived, match.revision = bool(archived), revision
            locked.archived = bool(archived)
            ratings.match_written(locked, ratings.key_of(locked))  # in or out of the rating
            action = AuditEntry.Action.ARCHIVE if archived else AuditEntry.Action.RESTORE
            AuditEntry.objects.create(match=match, action=action, **AuditEntry.naming(by))
        else:
            match.archived, match.revision = locked.archived, locked.revision
    return snapshot(match)


def delete_match(match: Match, *, by, reason: Any = "") -> AccountAudit:
    """Delete the match, with its seats, hands and audit trail, and write what it was to
    its owner's log; that entry. ``InTournament`` (409) for a tournament's match;
    RuleError when ``text.clean_reason`` refuses the reason. Nothing is written then."""
    reason = clean_reason(reason)
    with writing():
        locked = Match.objects.select_for_update().get(pk=match.pk)
        if locked.tournament_id or _has_table(locked):
            raise InTournament(
                gettext(
                    "This match is a tournament's table: it stays with its tournament's "
                    "rounds and standings, so it cannot be deleted."
                )
            )
        entry = AccountAudit.objects.create(
            account_id=locked.owner_id,
            action=AccountAudit.Action.DELETE,
            match_id=locked.pk,
            about=_what_it_was(locked),
            reason=reason,
            **AccountAudit.naming(by),
        )
        game, key = locked.game, ratings.key_of(locked)
        seated = list(locked.seats.values_list("player_id", flat=True))
        locked.delete()
        ratings.match_deleted(game, key, seated)
    return entry


def _has_table(match: Match) -> bool:
    # A table keeps its match even after the tournament's deletion set the match's own
    # key to null (``on_delete=SET_NULL``): the table still protects it.
    return type(match).objects.filter(pk=match.pk, table__isnull=False).exists()


def _what_it_was(match: Match) -> dict[str, Any]:
    """What the owner's log keeps of a deleted match: enough to say which it was."""
    seats = list(match.seats.order_by("number"))
    return {
        "game": match.game,
        "variant": match.variant,
        "preset": match.ruleset.preset.name,  # untranslated: its page translates it
        "players": [seat.name for seat in seats],
        "totals": [seat.total for seat in seats],
        "winners": [seat.number for seat in seats if seat.won],
        "hands": match.hands.count(),
        "finished": match.finished,
        "created_at": match.created_at.isoformat(),
    }
