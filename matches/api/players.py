"""The register of players (matches/api/API.md "Players and tournaments"), for organisers only.

``GET /api/players?q=`` and ``POST /api/players`` are the contract; ``GET`` and ``PATCH
/api/players/{id}`` and ``POST /api/players/{id}/merge`` are additions (docs/api.md). Every
write is ``services.players``'s, which cleans what was sent through ``text`` and refuses
with the same messages as the pages.

Credentials: an API key (``Authorization: Bearer``) or the browser's session (CSRF-checked
on writes), of an organiser: 401 without credentials the endpoint accepts (a share token
is none), 403 for anyone else.
"""

from __future__ import annotations

from typing import Annotated, Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop
from ninja import Schema
from pydantic import Field, StrictBool

from .. import access
from ..errors import explain
from ..models import Player
from ..models.players import NAME_MAX
from ..services import players as services
from .base import WRITE, ApiError, api, invalid, parse_body, refused
from .schemas import Body, Declared, ErrorOut, RawText, RefusedWith, Whole, body_schema

REFUSED = gettext_lazy("Only organisers can see and change the register of players.")
ERRORS = {400: ErrorOut, 401: ErrorOut, 403: ErrorOut, 404: ErrorOut, 422: ErrorOut}
# A body sent as anything but JSON is refused with 415 (api.base).
BODY_ERRORS = {**ERRORS, 415: ErrorOut}
# A write that clashes with the register (a name or number taken, two people merged).
WRITES = {**BODY_ERRORS, 409: ErrorOut}
TAGS = ["players"]


# -- shapes -------------------------------------------------------------------------------


class PlayerOut(Schema):
    id: int
    name: str
    email: str | None = Field(description="null when the register has none.")
    member_no: str | None = Field(description="The membership number; null when none.")
    active: bool = Field(description="false: off the lists of who plays; results kept.")
    casual: bool = Field(
        description="Made from a name typed at a casual match, not registered by an organiser."
    )


class PlayerMatchOut(Schema):
    match: int = Field(description="The match, under /api/matches/{id}.")
    date: str = Field(description="When the match was created, ISO 8601.")
    game: str
    variant: str
    seat: int = Field(description="0 first, clockwise.")
    name: str = Field(description="The name as it was typed at that table.")
    total: int
    place: int
    won: bool
    finished: bool


class PlayerDetailOut(PlayerOut):
    matches: list[PlayerMatchOut] = Field(description="Latest first.")


class MergedOut(Schema):
    player: PlayerOut = Field(description="The player that remains.")
    seats_moved: int
    matches: list[int] = Field(description="The matches whose seats moved.")


NAME = "1–40 characters once runs of spaces are collapsed; unique in the register, ignoring case."


EMAIL_MAX = Player._meta.get_field("email").max_length
MEMBER_NO_MAX = Player._meta.get_field("member_no").max_length

# The limits hold for the text as sent (as the description says); nothing else is judged
# here: the services clean the text (``text``) and judge the rest with the pages' words.
Name = Annotated[
    str,
    # "" reaches the services, which ask for a name in the pages' words; the description
    # says a name is needed all the same.
    RawText(NAME_MAX, min_length=0, required=True),
    RefusedWith(gettext_noop("A name can have at most %(max)s characters."), "string_too_long"),
]
Email = Annotated[
    str,
    RawText(EMAIL_MAX, min_length=0),
    RefusedWith(
        gettext_noop("An e-mail address can have at most %(max)s characters."), "string_too_long"
    ),
]
MemberNo = Annotated[
    str,
    RawText(MEMBER_NO_MAX, min_length=0),
    RefusedWith(
        gettext_noop("A membership number can have at most %(max)s characters."),
        "string_too_long",
    ),
]


class PlayerIn(Body):
    name: Name = Field(description=NAME)
    email: Email | None = Field(None, description='Optional; null or "" for none.')
    member_no: MemberNo | None = Field(
        None, description="Optional membership number (up to 32 characters), unique when set."
    )
    active: StrictBool = True


class PlayerChangesIn(Body):
    """Only the keys sent change. A name and whether the player is active cannot be
    removed: not null (the defaults only stand for a key not sent)."""

    name: Name = Field(None, description=NAME)
    email: Email | None = Field(None, description='null or "" removes it.')
    member_no: MemberNo | None = Field(None, description='null or "" removes it.')
    active: StrictBool = None


class MergeIn(Body):
    into: Whole = Field(
        ge=1,
        le=2**63 - 1,  # the database's keys are 64-bit: a bigger number names nothing
        description="The player that remains; the one in the address goes.",
    )


# -- answers ------------------------------------------------------------------------------


def player_json(player: Player) -> dict[str, Any]:
    """The register's shape of matches/api/API.md, plus ``casual``."""
    return {
        "id": player.pk,
        "name": player.name,
        "email": player.email or None,
        "member_no": player.member_no or None,
        "active": player.active,
        "casual": player.casual,
    }


def _matches_json(player: Player) -> list[dict[str, Any]]:
    return [
        {
            "match": seat.match_id,
            "date": seat.match.created_at.isoformat(),
            "game": seat.match.game,
            "variant": seat.match.variant,
            "seat": seat.number,
            "name": seat.name,
            "total": seat.total,
            "place": seat.place,
            "won": seat.won,
            "finished": seat.match.finished,
        }
        for seat in services.seats_of(player)
    ]


@api.exception_handler(services.PlayerInvalid)
def _player_invalid(request, exc: services.PlayerInvalid):
    # Every field at fault at once, as a body refused by its schema is.
    fields: dict[str, list[str]] = {}
    for error in exc.errors:
        fields.setdefault(error.field or "__all__", []).append(explain(error))
    return refused(request, exc, next(iter(fields.values()))[0], fields)


def _organiser(request) -> Any:
    """The organiser asking; 403 for anyone else (401 came before, from the auth)."""
    if not access.is_organiser(request.auth):
        raise ApiError(403, "forbidden", str(REFUSED))
    return request.auth


def _player(player_id: int) -> Player:
    player = Player.objects.filter(pk=player_id).first()
    if player is None:
        raise services.NoSuchPlayer(player_id)
    return player


# -- endpoints ----------------------------------------------------------------------------


@api.get("/players", auth=WRITE, response={200: list[PlayerOut], **ERRORS}, tags=TAGS)
def list_players(
    request, q: str = "", show: Annotated[str, Declared(enum=list(services.SHOWN))] = "all"
):
    """The register, by name (then id). ``q``: names containing it, ignoring case.
    ``show`` (an addition): ``all`` (the default), ``active``, ``casual`` or ``inactive``."""
    _organiser(request)
    if show not in services.SHOWN:
        raise invalid(
            "show", _("Show one of: %(choices)s.") % {"choices": ", ".join(services.SHOWN)}
        )
    return [player_json(player) for player in services.search(q, show)]


@api.post(
    "/players",
    auth=WRITE,
    response={201: PlayerOut, **WRITES},
    tags=TAGS,
    openapi_extra=body_schema(
        PlayerIn, {"name": "Ann", "email": "ann@example.org", "member_no": "17"}
    ),
)
def create_player(request):
    """Add a player to the register; 201 with the player. 422 when the name is taken
    (ignoring case), the e-mail address malformed or the membership number someone's."""
    by = _organiser(request)
    body = parse_body(request, PlayerIn)
    player = services.create_player(
        name=body.name,
        email=body.email or "",
        member_no=body.member_no or "",
        active=body.active,
        by=by,
    )
    return api.create_response(request, player_json(player), status=201)


@api.get(
    "/players/{int:player_id}",
    auth=WRITE,
    response={200: PlayerDetailOut, **ERRORS},
    tags=TAGS,
)
def get_player(request, player_id: int):
    """A player, with the matches they sat at (latest first)."""
    _organiser(request)
    player = _player(player_id)
    return {**player_json(player), "matches": _matches_json(player)}


@api.patch(
    "/players/{int:player_id}",
    auth=WRITE,
    response={200: PlayerOut, **WRITES},
    tags=TAGS,
    openapi_extra=body_schema(PlayerChangesIn, {"email": "ann@example.org", "active": False}),
)
def edit_player(request, player_id: int):
    """Change the keys sent; the others stay. An edit makes a casual player a registered
    one."""
    by = _organiser(request)
    body = parse_body(request, PlayerChangesIn)
    changes = body.model_dump(exclude_unset=True)
    for field in ("email", "member_no"):
        if field in changes and changes[field] is None:
            changes[field] = ""
    player = services.edit_player(_player(player_id), changes, by=by)
    return player_json(player)


@api.post(
    "/players/{int:player_id}/merge",
    auth=WRITE,
    response={200: MergedOut, **WRITES},
    tags=TAGS,
    openapi_extra=body_schema(MergeIn, {"into": 5}),
)
def merge_player(request, player_id: int):
    """Merge this player into ``into``: their seats move there (every result is kept) and
    this player leaves the register. 422 (field ``into``) when the two sat at the same
    match, naming it; 404 when either does not exist."""
    by = _organiser(request)
    body = parse_body(request, MergeIn)
    source, target = _player(player_id), _player(body.into)
    merged = services.merge_players(source, target, by=by)
    return {
        "player": player_json(merged.player),
        "seats_moved": merged.seats,
        "matches": merged.matches,
    }
