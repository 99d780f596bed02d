"""The list of matches, archiving and deleting (matches/api/API.md; issue 20, items 3 and 5):
``GET /api/matches``, ``POST /api/matches/{id}/archive``, ``DELETE /api/matches/{id}``.

Accounts only: a share token reads one match, a table link writes its table's hands;
neither lists matches nor puts one away (401 and 403 as elsewhere).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.core.paginator import EmptyPage, PageNotAnInteger, Paginator
from django.http import HttpResponse
from django.utils.translation import gettext as _
from ninja import Query, Schema
from pydantic import Field, StrictBool

from .. import access
from ..games import registry as games
from ..games.bodies import Body
from ..models import Match
from ..services import keeping, lists
from .base import WRITE, ApiError, accounts_only, actor, api, invalid, parse_body
from .play import ERRORS, STATE, state_response
from .schemas import ErrorOut, body_schema

# How many matches one answer lists; ``next`` asks for the rest.
PAGE_SIZE = 50


class MatchItemOut(Schema):
    id: int
    game: str
    variant: str
    players: list[str] = Field(description="Names, clockwise from seat 0.")
    finished: bool
    winners: list[int] = Field(description="Seats; empty until finished.")
    archived: bool
    updated_at: str = Field(description="ISO 8601 time of the last change of play.")


class MatchListOut(Schema):
    items: list[MatchItemOut]
    next: str | None = Field(description="The next page's URL; null on the last page.")


class MatchListQuery(Schema):
    q: str = Field("", description="Only matches with a player whose name contains this.")
    game: str = Field("", description="Only matches of this game (its slug).")
    archived: bool = Field(False, description="`1`: the archived matches instead.")
    page: int = Field(1, ge=1, description="The page, from 1 (follow `next`).")


class ArchiveIn(Body):
    archived: StrictBool = Field(description="true: archive the match; false: restore it.")


def item_json(match: Match) -> dict[str, Any]:
    seats = match.seat_list
    return {
        "id": match.pk,
        "game": match.game,
        "variant": match.variant,
        "players": [seat.name for seat in seats],
        "finished": match.finished,
        "winners": [seat.number for seat in seats if seat.won],
        "archived": match.archived,
        "updated_at": match.updated_at.isoformat(),
    }


@api.get(
    "/matches",
    auth=WRITE,
    response={200: MatchListOut, **ERRORS},
    tags=["matches"],
    summary="The matches",
)
def list_matches(request, filters: Query[MatchListQuery]):
    """Your matches (an organiser's: every match), without a tournament's tables: in
    progress first, the latest played first. `?q=` a player's name, `?game=` a game's
    slug, `?archived=1` the archived ones; `next` is the next page."""
    accounts_only(request)
    if filters.game and filters.game not in games.GAMES:
        raise invalid(
            "game",
            _("There is no game %(game)s; the games are %(games)s.")
            % {"game": filters.game, "games": ", ".join(games.GAMES)},
        )
    matches = lists.matches_of(
        request.auth,
        everyone=access.is_organiser(request.auth),
        query=filters.q,
        game=filters.game,
        archived=filters.archived,
    )
    try:
        page = Paginator(matches, PAGE_SIZE).page(filters.page)
    except (EmptyPage, PageNotAnInteger):
        page = None
    items = [item_json(match) for match in page.object_list] if page else []
    following = None
    if page is not None and page.has_next():
        asked = {"q": filters.q, "game": filters.game, "archived": int(filters.archived)}
        kept = {key: value for key, value in asked.items() if value}
        query = urlencode({**kept, "page": page.next_page_number()})
        following = request.build_absolute_uri(f"{request.path}?{query}")
    return {"items": items, "next": following}


def _match_to_keep(request, match_id: int) -> Match:
    accounts_only(request)
    try:
        return access.match_to_keep(access.api_viewer(request), match_id)
    except access.NoSuchMatch:
        raise ApiError(
            404, "not_found", _("There is no match %(id)s.") % {"id": match_id}
        ) from None
    except access.NoAccess:
        raise ApiError(
            403,
            "forbidden",
            _("Only the match's owner or an organiser can archive or delete it."),
        ) from None


@api.post(
    "/matches/{int:match_id}/archive",
    auth=WRITE,
    response={**STATE["response"], 415: ErrorOut},
    by_alias=True,
    tags=["matches"],
    summary="Archive or restore a match",
    openapi_extra=body_schema(ArchiveIn, {"archived": True}),
)
def archive_match(request, match_id: int):
    """`{"archived": true}` archives the match (it leaves `GET /api/matches` unless
    `?archived=1`; it stays readable and audited), `false` restores it. Owner or
    organiser; 200 with the match state, which carries `archived`."""
    match = _match_to_keep(request, match_id)
    body = parse_body(request, ArchiveIn)
    return state_response(keeping.set_archived(match, body.archived, by=actor(request)))


@api.delete(
    "/matches/{int:match_id}",
    auth=WRITE,
    response={204: None, 409: ErrorOut, **ERRORS},
    tags=["matches"],
    summary="Delete a match",
)
def delete_match(request, match_id: int):
    """Delete the match with its hands and audit trail (owner or organiser); 204. The
    owner's account log keeps a record of it. 409 for a tournament's match."""
    match = _match_to_keep(request, match_id)
    keeping.delete_match(match, by=actor(request))
    return HttpResponse(status=204)
