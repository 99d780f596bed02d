"""Closing the round being played (docs/tournaments.md §4): unfinished tables ended with a
reason, unconfirmed ones confirmed in the organiser's name, but only those the organiser
was shown first (``ConfirmFirst``); the last round's closing finishes the tournament."""

from __future__ import annotations

from collections.abc import Collection

from django.utils import timezone
from django.utils.translation import gettext

from .. import text
from ..errors import NotNow
from ..models import Round, Tournament
from . import play
from .base import writing
from .tournaments import audit, bump, lock_tournament, required_reason


class ConfirmFirst(NotNow):
    """Closing would confirm tables the organiser was not shown (``tables``: their
    numbers): the pages ask first, naming them."""

    def __init__(self, tables: list[int]):
        super().__init__(
            gettext("Closing confirms tables %(tables)s in your name: confirm them first.")
            % {"tables": ", ".join(str(number) for number in tables)}
        )
        self.tables = tables


def close_round(
    round_: Round,
    by,
    *,
    end_unfinished: bool = False,
    reason: str = "",
    confirming: Collection[int] | None = None,
    seen: int | None = None,
) -> Round:
    """Close the round being played: every table must be done (or, with
    ``end_unfinished``, is ended first as it stands); every done table its players have
    not confirmed is confirmed in the organiser's name (the audit says so). ``confirming``
    (the pages): the tables the organiser agreed to confirm so; ConfirmFirst, writing
    nothing, if closing would confirm any other (the API's close needs no such step)."""
    with writing():
        tournament = lock_tournament(round_.tournament)
        round_ = Round.objects.select_for_update().get(pk=round_.pk)
        if round_.status != Round.Status.PLAYING:
            raise NotNow(gettext("Only the round being played can be closed."))
        tables = list(round_.tables.select_related("match"))
        unfinished = [table for table in tables if not table.match.finished]
        if unfinished and not end_unfinished:
            raise NotNow(
                gettext("Tables still playing: %(tables)s. End them first, with a reason.")
                % {"tables": ", ".join(str(table.number) for table in unfinished)}
            )
        # Before the question: a missing reason would otherwise be asked for only after
        # the organiser's yes, and the round stay open. Needed only to end tables, but
        # cleaned (and refused) whenever it is given.
        reason = required_reason(reason) if unfinished else text.clean_reason(reason)
        unasked = _asked_at_closing(tables)
        # ``seen``: the tournament's revision when the question was shown. A table taken
        # back and corrected since would otherwise be confirmed with a result the
        # organiser never saw.
        if confirming is not None and (
            not set(unasked) <= set(confirming)
            or (seen is not None and seen != tournament.revision)
        ):
            raise ConfirmFirst(unasked)
        if unfinished:
            for table in unfinished:
                play.stop_match(table.match, by=by, reason=reason)
                table.end_reason = reason
                table.save(update_fields=["end_reason"])
        now = timezone.now()
        confirmed = [table.number for table in tables if table.confirmed_at is None]
        round_.tables.filter(confirmed_at__isnull=True).update(confirmed_at=now)
        round_.status = Round.Status.CLOSED
        round_.closed_at = now
        round_.save(update_fields=["status", "closed_at"])
        if round_.number >= tournament.rounds_planned:
            tournament.status = Tournament.Status.FINISHED
        bump(tournament)
        tournament.save(update_fields=["status", "revision"])
        audit(
            tournament,
            by,
            "close",
            after={
                "round": round_.number,
                "ended": [table.number for table in unfinished],
                "confirmed_by_organiser": confirmed,
            },
            reason=reason if unfinished else "",
        )
    return round_


def close_asks(round_: Round) -> list[int]:
    """The tables of ``round_`` (being played) that its closing asks the organiser about
    first, by number: none when it closes without a question, or is not being played. A
    read, for the page that asks again when reloaded."""
    if round_.status != Round.Status.PLAYING:
        return []
    return _asked_at_closing(round_.tables.order_by("number"))


def _asked_at_closing(tables) -> list[int]:
    # The tables its players have not confirmed, which closing confirms in the
    # organiser's name; and a table whose phone said it holds hands the server has not
    # seen, confirmed or not: closing would leave those hands out (issue 24).
    return [t.number for t in tables if t.confirmed_at is None or t.waiting_hands]
