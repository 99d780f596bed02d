"""A player's figures and the club's rating lists (matches/api/API.md "Player links, player
pages and ratings"; docs/tournaments.md "Player pages and the club rating"), for organisers, and a
player's own figures for their player link: the pages' reads (``services.club``) as JSON.
401 without credentials, 403 for anyone else, 404 for a player or game that does not
exist."""

from __future__ import annotations

from django.utils.translation import gettext as _
from ninja import Schema
from pydantic import Field

from .. import access
from ..errors import NotFound
from ..games import registry as games
from ..models import Player
from ..services import club
from ..services.players import NoSuchPlayer
from .base import WRITE, api
from .schemas import ErrorOut

ERRORS = {400: ErrorOut, 401: ErrorOut, 403: ErrorOut, 404: ErrorOut, 422: ErrorOut}
TAGS = ["ratings"]


class RatingOut(Schema):
    mu: float | None = Field(description="μ after the last rated match; null before any.")
    sigma: float | None = Field(description="σ, the uncertainty of μ; null before any.")
    ordinal: float | None = Field(description="μ − 3σ: the rating a page shows.")
    rated_matches: int
    shown: bool = Field(description="Whether the pages show it: after 5 rated matches.")


class OpponentOut(Schema):
    player: int
    name: str
    met: int = Field(description="Matches of this game at one table, partners not counted.")
    ahead: int = Field(description="Of those, the ones this player finished ahead.")
    behind: int


class PlayedTournamentOut(Schema):
    id: int
    name: str
    date: str
    rank: int | None = Field(description="The place in its standings; null if never placed.")
    final: bool = Field(description="false: the tournament is still running (an addition).")


class GameStatsOut(Schema):
    game: str
    matches: int = Field(description="Finished matches, not archived.")
    wins: int = Field(description="Shared wins count as wins.")
    average_place: float | None
    form: list[int] = Field(description="Places in the last ten matches, newest last.")
    rating: RatingOut
    opponents: list[OpponentOut]
    tournaments: list[PlayedTournamentOut]


class PlayerStatsOut(Schema):
    player: int
    name: str
    games: list[GameStatsOut]


class RatingRowOut(Schema):
    rank: int
    player: int
    name: str
    ordinal: float
    mu: float
    sigma: float
    matches: int = Field(description="Rated matches of this game.")
    last_played: str = Field(description="When the last of them finished, ISO 8601.")


class RatingListOut(Schema):
    game: str
    rows: list[RatingRowOut]


class NoSuchGame(NotFound):
    """What was asked for is no game's slug (not echoed: it may be anything)."""

    def __init__(self):
        games_ = ", ".join(games.GAMES)
        super().__init__(_("There is no such game; the games are: %(games)s.") % {"games": games_})


def _stats(record: club.GameRecord) -> dict:
    shown = record.rating
    return {
        "game": record.game,
        "matches": record.matches,
        "wins": record.wins,
        "average_place": record.average_place,
        "form": record.form,
        "rating": {
            "mu": shown.mu,
            "sigma": shown.sigma,
            "ordinal": shown.ordinal,
            "rated_matches": shown.rated,
            "shown": shown.shown,
        },
        "opponents": [
            {
                "player": o.player,
                "name": o.name,
                "met": o.met,
                "ahead": o.ahead,
                "behind": o.behind,
            }
            for o in record.opponents
        ],
        "tournaments": [
            {
                "id": t.tournament.pk,
                "name": t.tournament.name,
                "date": t.tournament.date.isoformat(),
                "rank": t.rank,
                "final": t.final,
            }
            for t in record.tournaments
        ],
    }


@api.get(
    "/players/{int:player_id}/stats",
    auth=WRITE,
    response={200: PlayerStatsOut, **ERRORS},
    tags=TAGS,
)
def player_stats(request, player_id: int):
    """A player's figures per game: matches, wins, average place, form, the rating (with
    ``shown`` false before 5 rated matches), the opponents met most, the tournaments.
    Organisers, or the player's own player link as the bearer token."""
    access.player_to_see(access.api_asker(request), player_id)
    player = Player.objects.filter(pk=player_id).first()
    if player is None:
        raise NoSuchPlayer(player_id)
    return {
        "player": player.pk,
        "name": player.name,
        "games": [_stats(record) for record in club.player_record(player)],
    }


@api.get("/ratings/{game}", auth=WRITE, response={200: RatingListOut, **ERRORS}, tags=TAGS)
def rating_list(request, game: str, recent: bool = False):
    """A game's club rating list: its players with 5 rated matches or more, by ordinal
    (μ − 3σ), best first, equal ones sharing a rank. ``recent`` (an addition): without
    those who have not played the game for a year."""
    access.players_to_see(access.api_asker(request))
    if game not in games.GAMES:
        raise NoSuchGame()
    return {
        "game": game,
        "rows": [
            {
                "rank": row.rank,
                "player": row.player,
                "name": row.name,
                "ordinal": row.ordinal,
                "mu": row.mu,
                "sigma": row.sigma,
                "matches": row.matches,
                "last_played": row.last_played.isoformat(),
            }
            for row in club.rating_list(game, recent=recent)
        ],
    }
