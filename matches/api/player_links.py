"""Player links in the API (matches/api/API.md "Player links, player pages and ratings"; issue 36).

- ``GET /api/tournaments/{id}/entries/{entry}/link``, ``POST`` the same: organisers, the
  entry's player link; a POST replaces it (the old token reaches nothing from then on).
- ``GET /api/me``: a player link's token as the bearer token: where its player sits now,
  who else is at the table, who deals first, the hands they sit out, their standing.
- ``POST /api/me/check-in``: that player checks in, when the tournament lets its players
  do so and its next round is not drafted yet; 409 with the reason otherwise.

The token reaches nothing else but the match of the table its entry sits at, as that
table's link does (``access.player_link_access``); what the answer says is what the
player's page shows (``services.player_links``).
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja import Schema
from pydantic import Field

from .. import access, links
from ..models import Entry
from ..services import player_links as reads
from ..services import registration
from ..services import standings as standings_reads
from .base import WRITE, PlayerAuth, api
from .tournaments import (
    ERRORS,
    WRITES,
    StandingsRowOut,
    entry_of,
    standings_row_json,
    tournament_for,
)

TAGS = ["player links"]


class PlayerLinkOut(Schema):
    token: str = Field(
        description="The player link's token: `Authorization: Bearer` reads `/api/me` and "
        "reaches the match of the player's table, as the table link does."
    )
    url: str = Field(description="The player link's page, for the player's phone.")


class MeOut(Schema):
    tournament: int
    entry: int
    name: str
    status: str = Field(description="drafting, seated, bye, withdrawn or finished.")
    round: int | None = Field(
        description="The round being played (seated, bye), the next one (drafting), the "
        "first one missed (withdrawn) or the last one (finished)."
    )
    table: int | None
    seat: int | None = Field(description="The player's index in `players` (seat 0 first).")
    players: list[str] = Field(description="Everyone at the table, in seat order.")
    first_dealer: int | None = Field(description="Who deals first: an index in `players`.")
    sits_out: list[int] = Field(
        description="The hands (numbered from 1) this player sits out at a table with a "
        "seat sitting out."
    )
    table_link: str | None = Field(
        description="The table link, while the round is being played: its page records, "
        "corrects and undoes the table's hands and hands the result in."
    )
    standings: StandingsRowOut | None = Field(
        description="The player's row of the standings, with every round so far."
    )
    checked_in: bool
    self_check_in: bool = Field(
        description="Whether `POST /api/me/check-in` checks this player in now."
    )


def link_json(request: HttpRequest, entry: Entry) -> dict[str, str]:
    return {"token": entry.token, "url": links.player_url(request, entry.token)}


def me_json(request: HttpRequest, entry: Entry) -> dict[str, Any]:
    seen = reads.view(entry)
    where = seen.assignment
    read = standings_reads.tournament_standings(entry.tournament)
    return {
        "tournament": entry.tournament_id,
        "entry": entry.pk,
        "name": entry.name,
        "status": where.status,
        "round": where.round,
        "table": where.table,
        "seat": where.seat,
        "players": list(where.players),
        "first_dealer": where.first_dealer,
        "sits_out": list(where.sits_out),
        "table_link": links.table_url(request, where.table_token) if where.table_token else None,
        "standings": standings_row_json(read, seen.row) if seen.row else None,
        "checked_in": entry.checked_in,
        "self_check_in": not entry.checked_in and not seen.check_in_closed,
    }


def _entry(request: HttpRequest, tournament_id: int, entry_id: int) -> Entry:
    return entry_of(tournament_for(request, tournament_id, write=True), entry_id)


@api.get(
    "/tournaments/{int:tournament_id}/entries/{int:entry_id}/link",
    auth=WRITE,
    response={200: PlayerLinkOut, **ERRORS},
    tags=TAGS,
    summary="An entry's player link",
)
def get_player_link(request, tournament_id: int, entry_id: int):
    """The entry's player link (organisers): its token and its page's address."""
    return link_json(request, _entry(request, tournament_id, entry_id))


@api.post(
    "/tournaments/{int:tournament_id}/entries/{int:entry_id}/link",
    auth=WRITE,
    response={200: PlayerLinkOut, **WRITES},
    tags=TAGS,
    summary="Replace an entry's player link",
)
def replace_player_link(request, tournament_id: int, entry_id: int):
    """A new player link for the entry (organisers); the old one stops at once. Audited
    (``player-link``, without the token)."""
    entry = _entry(request, tournament_id, entry_id)
    return link_json(request, registration.replace_player_link(entry, request.auth))


def _me(request: HttpRequest) -> Entry:
    # Read afresh with its tournament and players: the key's entry was read bare.
    return access.entry_by_link(str(request.auth))


@api.get("/me", auth=[PlayerAuth()], response={200: MeOut, **ERRORS}, tags=TAGS)
def me(request):
    """With a player link's token as the bearer token: where the player sits now (or
    why not), who else is at the table, who deals first, the hands they sit out, the
    table's link while the round is played, and their standing."""
    return me_json(request, _me(request))


@api.post(
    "/me/check-in",
    auth=[PlayerAuth()],
    response={200: MeOut, **WRITES},
    tags=TAGS,
)
def me_check_in(request):
    """The player checks in through their link: when the tournament lets its players
    (``self_check_in``) and its next round is not drafted yet; 409 with the reason
    otherwise ("Check-in has closed: ask the organiser."). Checked in already: 200."""
    entry = registration.check_in_myself(_me(request))
    return me_json(request, access.entry_by_link(entry.token))
