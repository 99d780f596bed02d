"""CSV files for a spreadsheet: a tournament's standings and results (and the writer the
series table and the club rating use), separated as the reader's spreadsheet expects."""

from __future__ import annotations

import csv

from django.http import HttpResponse
from django.utils.formats import get_format
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from .. import standings
from ..models import name_order
from ..services import standings as standings_reads
from .common import organiser_required
from .standings_table import shown_criteria, standings_columns
from .tournaments import tournament_of

# The separators a spreadsheet splits a CSV file at, by the name ``?sep=`` gives them,
# and as the page names them (a lone ";" in quotes is hard to read).
CSV_SEPARATORS = {"comma": ",", "semicolon": ";"}


CSV_SEPARATOR_NAMES = {"comma": gettext_lazy("commas"), "semicolon": gettext_lazy("semicolons")}


def csv_separator(request) -> str:
    """The separator ``?sep=`` asks for; otherwise the one a spreadsheet in the reader's
    language expects. Excel splits a CSV file at the system's list separator, which is a
    semicolon wherever the decimal separator is a comma (German: 1,5), a comma elsewhere;
    the page's language is the best guess we have of the spreadsheet's."""
    chosen = CSV_SEPARATORS.get(request.GET.get("sep", ""))
    if chosen:
        return chosen
    return ";" if get_format("DECIMAL_SEPARATOR", get_language()) == "," else ","


def csv_choices(request) -> dict:
    """For a page that links the CSV files: the separator they come with, and the other
    one's ``?sep=`` for a spreadsheet set up in another language."""
    separator = csv_separator(request)
    other = next(name for name, mark in CSV_SEPARATORS.items() if mark != separator)
    chosen = next(name for name, mark in CSV_SEPARATORS.items() if mark == separator)
    return {
        "names": CSV_SEPARATOR_NAMES[chosen],
        "other": other,
        "other_names": CSV_SEPARATOR_NAMES[other],
    }


def csv_response(request, filename: str, header: list[str], rows) -> HttpResponse:
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    # The byte order mark tells Excel the file is UTF-8 (without it, Windows Excel reads
    # its ANSI code page: "JÃ¼rgen WeiÃŸ"); Python reads it away with "utf-8-sig".
    response.write("\ufeff")
    writer = csv.writer(response, delimiter=csv_separator(request))
    writer.writerow(header)
    writer.writerows(rows)
    return response


@organiser_required
@require_GET
def standings_csv(request, tournament_id: int):
    tournament = tournament_of(tournament_id)
    read = standings_reads.tournament_standings(tournament)
    # The columns of the page (§5): the score, the other score, the rest of the chain.
    shown = shown_criteria(tournament)
    header = [
        _("rank"),
        _("name"),
        *(str(label) for label in standings_columns(tournament)),
        _("rounds played"),
    ]
    rows = [
        [
            standings.rank_label(row),
            spreadsheet_safe(row.name),
            *("" if row.value(name) is None else row.value(name) for name in shown),
            row.rounds_played,
        ]
        for row in read.rows
    ]
    return csv_response(request, f"standings-{tournament.pk}.csv", header, rows)


@organiser_required
@require_GET
def results_csv(request, tournament_id: int):
    """Every result: one row per entry per round."""
    tournament = tournament_of(tournament_id)
    read = standings_reads.tournament_standings(tournament)
    # The game points include any penalty or ruling; its column says how much of them.
    header = [
        _("round"),
        _("name"),
        _("table"),
        _("game points"),
        _("adjustment"),
        _("place"),
        _("won"),
        _("bye"),
    ]
    # By round, then by name as people read it (``name_order``), not as the cell reads.
    results = sorted(
        (
            (number, entry, result)
            for entry, rounds in read.rounds.items()
            for number, result in rounds.items()
        ),
        key=lambda item: (item[0], name_order(read.names[item[1]])),
    )
    rows = [
        [
            number,
            spreadsheet_safe(read.names[entry]),
            result.table or "",
            result.game_points,
            result.adjustment,
            result.place or "",
            int(result.won),
            int(result.bye),
        ]
        for number, entry, result in results
    ]
    return csv_response(request, f"results-{tournament.pk}.csv", header, rows)


def spreadsheet_safe(name: str) -> str:
    # A spreadsheet runs a cell starting with =, +, - or @ as a formula: not a name's.
    return f"'{name}" if name[:1] in "=+-@" else name
