"""The whole tournament as JSON (docs/tournaments.md §7 "Exports"):
``GET /api/tournaments/{id}/export``.

The tournament as ``GET /api/tournaments/{id}`` gives it (entries, rounds, tables), each
table with its match's state as ``GET /api/matches/{id}`` gives it (players, every hand
with its input and scores, totals, winners), and the standings as
``GET /api/tournaments/{id}/standings`` gives them: one file that a club archives, or a
spreadsheet or another program reads. Who may read it is who may read the tournament: a
public one anyone (without the table links), a private one organisers.
"""

from __future__ import annotations

import json
from typing import Any

from django.core.cache import cache
from django.http import HttpResponse
from django.utils.translation import get_language
from ninja import Schema
from pydantic import Field

from ..models import Match, Tournament
from ..services import selectors
from ..services import standings as standings_reads
from .base import api
from .play import state_json
from .schemas import MatchOut
from .tournaments import (
    ERRORS,
    READ_ANY,
    RoundOut,
    StandingsOut,
    TableOut,
    TournamentOut,
    organiser,
    standings_json,
    tournament_for,
    tournament_json,
)

FORMAT = 1


class ExportTableOut(TableOut):
    state: MatchOut | None = Field(
        description="The table's match as GET /api/matches/{id} gives it; null in a draft."
    )


class ExportRoundOut(RoundOut):
    tables: list[ExportTableOut]


class ExportTournamentOut(TournamentOut):
    rounds: list[ExportRoundOut]


class ExportOut(Schema):
    format: int = Field(description="The export's own version: 1.")
    tournament: ExportTournamentOut
    standings: StandingsOut


def export_json(tournament: Tournament, *, organiser: bool) -> dict[str, Any]:
    data = tournament_json(tournament, organiser=organiser)
    matches = Match.objects.filter(tournament=tournament).prefetch_related("seats")
    states = {match.pk: state_json(selectors.snapshot(match)) for match in matches}
    for round_ in data["rounds"]:
        for table in round_["tables"]:
            table["state"] = states.get(table["match"])
    read = standings_reads.tournament_standings(tournament)
    return {"format": FORMAT, "tournament": data, "standings": standings_json(read)}


@api.get(
    "/tournaments/{int:tournament_id}/export",
    auth=READ_ANY,
    response={200: ExportOut, **ERRORS},
    tags=["tournaments"],
    by_alias=True,  # the match states' exchanges say "from", as GET /api/matches/{id}
)
def export_tournament(request, tournament_id: int):
    """The whole tournament: entries, rounds, tables with their matches' hands and
    totals, and the standings."""
    tournament = tournament_for(request, tournament_id, write=False)
    who = organiser(request)
    # Kept per revision (every hand at a table moves it), reader kind and language (the
    # standings say why in words).
    key = f"export:{standings_reads.revision_key(tournament)}:{who}:{get_language()}"
    body = cache.get(key)
    if body is None:
        body = json.dumps(export_json(tournament, organiser=who))
        cache.set(key, body, 60 * 60)
    response = HttpResponse(body, content_type="application/json")
    response["Content-Disposition"] = f'inline; filename="tournament-{tournament.pk}.json"'
    return response
