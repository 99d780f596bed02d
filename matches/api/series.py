"""Series endpoints (docs/tournaments.md §6, §8): ``GET /api/series``, ``POST /api/series``,
``GET /api/series/{id}`` (the series with its table), and adding or removing a
tournament (``POST /api/series/{id}/tournaments``, ``DELETE
/api/series/{id}/tournaments/{tournament}``).

Organisers only, reads too: a series has no public switch of its own and gathers public
and private tournaments alike, so publishing its table is the club's choice (its printed
sheet, its CSV). Writes go through ``services.series``; a refusal is a 422.
"""

from __future__ import annotations

from typing import Annotated, Any

from django.utils.translation import gettext_noop
from ninja import Schema, Status
from pydantic import Field, StrictStr

from .. import access, standings
from ..errors import explain
from ..games import registry as games
from ..models import Series, Tournament
from ..rules import RuleError
from ..services import series as services
from .base import WRITE, ApiError, api, parse_body
from .schemas import EXAMPLE, Body, Declared, RawText, RefusedWith, Whole, body_schema
from .tournaments import ERRORS, ID_MAX, WRITES, organiser_only

TAGS = ["series"]


class SeriesIn(Body):
    name: Annotated[
        str,
        RawText(80),
        RefusedWith(gettext_noop("Enter a name."), "string_type", "string_too_short"),
    ]
    game: Annotated[StrictStr, Declared(enum=list(games.GAMES))]
    # The limits are the services' to judge, in their words; declared here.
    best_k: (
        Annotated[
            Whole,
            Declared(minimum=1, maximum=services.BEST_K_MAX),
            Field(description="How many of each player's best results count; null: all."),
        ]
        | None
    ) = None
    score: Annotated[StrictStr, Declared(enum=list(standings.SERIES_SCORES))] = "rank_points"


class SeriesTournamentIn(Body):
    tournament: Whole = Field(ge=1, le=ID_MAX)


class SeriesTournamentOut(Schema):
    id: int
    name: str
    date: str
    status: str
    counted: bool = Field(description="Whether it counts: only finished tournaments do.")


class SeriesResultOut(Schema):
    tournament: int
    rank: int
    shared: bool
    points: int
    counted: bool = Field(description="Among the player's best results that make the total.")


class SeriesRowOut(Schema):
    rank: int
    shared: bool
    players: list[int] = Field(description="Register ids: two for a Sieben partnership.")
    name: str
    total: int
    played: int
    results: list[SeriesResultOut]


class SeriesSummaryOut(Schema):
    id: int
    name: str
    game: str
    best_k: int | None
    score: str
    tournaments: list[int] = Field(description="In date order.")


class SeriesOut(SeriesSummaryOut):
    tournaments: list[SeriesTournamentOut]  # type: ignore[assignment]
    rows: list[SeriesRowOut] = Field(description="The series table, best first.")


def summary_json(series: Series) -> dict[str, Any]:
    return {
        "id": series.pk,
        "name": series.name,
        "game": series.game,
        "best_k": series.best_k,
        "score": series.score,
        "tournaments": [member.tournament_id for member in series.members.all()],
    }


def series_json(series: Series) -> dict[str, Any]:
    table = services.series_table(series)
    counted = {t.pk for t in table.counted}
    rows = []
    for row in table.rows:
        best = {result.tournament for result in row.counted}
        rows.append(
            {
                "rank": row.rank,
                "shared": row.shared,
                "players": table.players(row),
                "name": row.name,
                "total": row.total,
                "played": row.played,
                "results": [
                    {
                        "tournament": result.tournament,
                        "rank": result.rank,
                        "shared": result.shared,
                        "points": result.points,
                        "counted": result.tournament in best,
                    }
                    for result in row.results
                ],
            }
        )
    return {
        **summary_json(series),
        "tournaments": [
            {
                "id": t.pk,
                "name": t.name,
                "date": t.date.isoformat(),
                "status": t.status,
                "counted": t.pk in counted,
            }
            for t in table.tournaments
        ],
        "rows": rows,
    }


def _series(series_id: int) -> Series:
    # After ``organiser_only``: who may was asked first (``access``).
    return access.find_series(series_id)


@api.get("/series", auth=WRITE, response={200: list[SeriesSummaryOut], **ERRORS}, tags=TAGS)
def list_series(request):
    """Every series, newest first (organisers)."""
    organiser_only(request)
    return [summary_json(series) for series in Series.objects.prefetch_related("members")]


@api.post(
    "/series",
    auth=WRITE,
    response={201: SeriesOut, **WRITES},
    tags=TAGS,
    openapi_extra=body_schema(
        SeriesIn, {"name": "Winter season", "game": EXAMPLE.game, "best_k": 5}
    ),
)
def create_series(request):
    """Create a series (organisers); 201 with it."""
    organiser_only(request)
    body = parse_body(request, SeriesIn)
    series = services.create_series(request.auth, **dict(body))
    return Status(201, series_json(series))


@api.get("/series/{int:series_id}", auth=WRITE, response={200: SeriesOut, **ERRORS}, tags=TAGS)
def get_series(request, series_id: int):
    """The series, its tournaments and its table (organisers)."""
    organiser_only(request)
    return series_json(_series(series_id))


@api.post(
    "/series/{int:series_id}/tournaments",
    auth=WRITE,
    response={200: SeriesOut, **WRITES},
    tags=TAGS,
    openapi_extra=body_schema(SeriesTournamentIn, {"tournament": 3}),
)
def add_tournament(request, series_id: int):
    """Count a tournament of the series' game in the series (one series per tournament)."""
    organiser_only(request)
    series = _series(series_id)
    body = parse_body(request, SeriesTournamentIn)
    services.add_tournament(series, request.auth, _tournament(body.tournament))
    return series_json(series)


@api.delete(
    "/series/{int:series_id}/tournaments/{int:tournament_id}",
    auth=WRITE,
    response={200: SeriesOut, **ERRORS},
    tags=TAGS,
)
def remove_tournament(request, series_id: int, tournament_id: int):
    """The tournament no longer counts in the series."""
    organiser_only(request)
    series = _series(series_id)
    try:
        services.remove_tournament(series, request.auth, _tournament(tournament_id))
    except RuleError as error:  # not in the series: there is no such member to remove
        raise ApiError(404, "not_found", explain(error)) from None
    return series_json(series)


def _tournament(tournament_id: int) -> Tournament:
    return access.find_tournament(tournament_id)
