"""Series pages (docs/tournaments.md §6): the list with a form for a new series, a series with
its table and tournaments, adding and removing a tournament, the table printed and as
CSV. Organisers only, as the tournaments' own pages: a series gathers tournaments public
and private alike, so its table is the club's to publish (printed, or as CSV).
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from .. import access, standings, text
from ..errors import explain
from ..forms.fields import TypedText, apply_rule_error
from ..games import registry as games
from ..models import Series, Tournament
from ..rules import RuleError
from ..services import series as services
from .common import leave, organiser_required, template_for
from .exports import csv_response, spreadsheet_safe


class SeriesForm(forms.Form):
    name = TypedText(label=gettext_lazy("Name"), max_length=80)  # cleaned by the services
    game = forms.ChoiceField(
        label=gettext_lazy("Game"),
        choices=lambda: [(slug, game.name) for slug, game in games.GAMES.items()],
    )
    score = forms.ChoiceField(label=gettext_lazy("Series score"), choices=Series.Score.choices)
    best_k = forms.IntegerField(
        label=gettext_lazy("Results that count (best of each player; blank: all)"),
        min_value=1,
        max_value=services.BEST_K_MAX,
        required=False,
    )

    def settings(self) -> dict:
        data = self.cleaned_data
        return {
            "name": data["name"],
            "game": data["game"],
            "score": data["score"],
            "best_k": data["best_k"],
        }


@organiser_required
@require_http_methods(["GET", "POST"])
def series_list(request):
    form = SeriesForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            series = services.create_series(request.user, **form.settings())
        except RuleError as error:
            apply_rule_error(form, error, lambda field: field)
        else:
            return leave(request, series.get_absolute_url())
    context = {
        "form": form,
        "all_series": [
            (series, games.get(series.game).name)
            for series in Series.objects.prefetch_related("members")
        ],
    }
    status = 422 if form.errors else 200
    name = template_for(request, "series/list.html", "form")
    return render(request, name, context, status=status)


def _series(series_id: int) -> Series:
    # Behind ``organiser_required``: who may was asked first (``access``).
    return access.find_series(series_id)


def _table_context(series: Series) -> dict:
    table = services.series_table(series)
    names = {t.pk: t for t in table.tournaments}
    rows = []
    for row in table.rows:
        counted = {result.tournament for result in row.counted}
        results = {result.tournament: result for result in row.results}
        rows.append(
            {
                "rank": standings.rank_label(row),
                "row": row,
                # One cell per counted tournament, in date order: its points, whether they
                # count towards the total (best k), and the rank behind them.
                "cells": [
                    (results.get(t.pk), t.pk in counted and t.pk in results) for t in table.counted
                ],
            }
        )
    return {
        "series": series,
        "table": table,
        "rows": rows,
        "names": names,
        "game": games.get(series.game).name,
    }


@organiser_required
@require_GET
def series_detail(request, series_id: int):
    series = _series(series_id)
    context = _table_context(series)
    context["candidates"] = services.candidates(series)
    return render(request, template_for(request, "series/detail.html", "table"), context)


def _refused(request, error: RuleError) -> None:
    messages.error(request, explain(error))


@organiser_required
@require_POST
def series_add(request, series_id: int):
    series = _series(series_id)
    number = text.typed_whole(request.POST.get("tournament", ""))
    tournament = Tournament.objects.filter(pk=number).first() if number is not None else None
    try:
        if tournament is None:
            raise RuleError(gettext_noop("Choose a tournament."), field="tournament")
        services.add_tournament(series, request.user, tournament)
    except RuleError as error:
        _refused(request, error)
    else:
        messages.success(request, _("%(name)s counts in this series.") % {"name": tournament.name})
    return leave(request, series.get_absolute_url())


@organiser_required
@require_POST
def series_remove(request, series_id: int, tournament_id: int):
    series = _series(series_id)
    tournament = access.find_tournament(tournament_id)
    try:
        services.remove_tournament(series, request.user, tournament)
    except RuleError as error:
        _refused(request, error)
    else:
        messages.success(
            request, _("%(name)s no longer counts in this series.") % {"name": tournament.name}
        )
    return leave(request, series.get_absolute_url())


@organiser_required
@require_GET
def series_print(request, series_id: int):
    context = _table_context(_series(series_id))
    return render(request, template_for(request, "print/series.html", "sheet"), context)


@organiser_required
@require_GET
def series_csv(request, series_id: int):
    """The series table: rank, name, total, tournaments played, then each counted
    tournament's points (blank where the player did not play)."""
    context = _table_context(_series(series_id))
    counted = context["table"].counted
    header = [
        _("rank"),
        _("name"),
        _("total"),
        _("tournaments played"),
        *(spreadsheet_safe(f"{t.name} ({t.date.isoformat()})") for t in counted),
    ]
    rows = [
        [
            item["rank"],
            spreadsheet_safe(item["row"].name),
            item["row"].total,
            item["row"].played,
            *("" if result is None else result.points for result, _counts in item["cells"]),
        ]
        for item in context["rows"]
    ]
    return csv_response(request, f"series-{context['series'].pk}.csv", header, rows)
