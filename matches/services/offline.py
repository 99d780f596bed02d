"""What a table's phone says about the hands it holds without the server (issue 24)."""

from __future__ import annotations

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from ..models import Round, Table, Tournament

# More than a round ever has: a larger figure is not a phone's honest count.
MOST_WAITING = 999


def report_waiting(table: Table, count: int) -> bool:
    """The phone of ``table`` holds ``count`` hands the server has not seen. A change is
    a new tournament revision, so that the board and the round page show it at once;
    True when it changed."""
    if not 0 <= count <= MOST_WAITING:
        raise ValueError(count)
    with transaction.atomic():
        changed = (
            Table.objects.filter(pk=table.pk)
            .exclude(waiting_hands=count)
            .update(waiting_hands=count, waiting_reported_at=timezone.now())
        )
        if changed:
            tournament = table.round.tournament_id
            Tournament.objects.filter(pk=tournament).update(revision=F("revision") + 1)
    return bool(changed)


def not_yet_in(tournament: Tournament) -> list[tuple[int, int]]:
    """The tables of the round being played whose results are not confirmed, each with
    the hands its phone said it holds: (number, waiting), by number."""
    return list(
        Table.objects.filter(
            round__tournament=tournament,
            round__status=Round.Status.PLAYING,
            confirmed_at__isnull=True,
        )
        .order_by("number")
        .values_list("number", "waiting_hands")
    )
