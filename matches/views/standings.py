"""A tournament's standings page (docs/tournaments.md §5) and its adjustments (a penalty or a
ruling); the rows and columns the board and the printed sheets show too."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import render
from django.urls import reverse
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from .. import text
from ..errors import Clash
from ..games import registry as games
from ..rules import RuleError
from ..services import sheets, table_results
from ..services import standings as standings_reads
from .common import cached_page, leave, organiser_required
from .exports import csv_choices
from .standings_table import standings_columns, standings_rows
from .tournaments import posted_entry, refused, tournament_of


@organiser_required
@require_POST
def entry_adjust(request, tournament_id: int):
    """A penalty or ruling: game points ± for an entry in a round, with the reason."""
    tournament = tournament_of(tournament_id)
    try:
        entry = posted_entry(tournament, request.POST.get("entry"))
        table_results.adjust(
            entry,
            request.user,
            round=text.typed_whole(request.POST.get("round")),
            points=_signed(request.POST.get("points")),
            reason=request.POST.get("reason", ""),
        )
    except (RuleError, Clash) as error:
        refused(request, error)
    else:
        messages.success(request, _("The adjustment is in the standings."))
    return leave(request, reverse("tournaments:standings", args=[tournament.pk]))


def _signed(value) -> int | None:
    return text.typed_whole(value or "", signed=True)


@organiser_required
@require_GET
def standings_page(request, tournament_id: int):
    tournament = tournament_of(tournament_id)

    def page(csrf_token):
        read = standings_reads.tournament_standings(tournament)
        columns = standings_columns(tournament)
        # What the page prints (the browser's Print menu): the print sheet.
        lines, notes = sheets.standings_sheet(read, [capfirst(label) for label in columns])
        context = {
            "tournament": tournament,
            "columns": columns,
            "read": read,
            "rows": standings_rows(read),
            # Footnotes of the printed standings too: each penalty or ruling with why.
            "footnotes": [(row.name, note) for row in read.rows for note in row.adjustments],
            "csv": csv_choices(request),
            "sheet": {"lines": lines, "footnotes": notes},
            "game_label": games.label(tournament),
        }
        if csrf_token:
            context["csrf_token"] = csrf_token
        return render(request, "tournaments/standings.html", context)

    return cached_page(request, standings_reads.revision_key(tournament), page)
