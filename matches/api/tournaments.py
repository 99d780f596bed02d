"""The tournament endpoints of matches/api/API.md ("Players and tournaments").

Organisers (staff) only, except reads of a public tournament, which anyone may make.
Writes go through the tournament writers (``services.tournaments``, ``registration``,
``drafting``, ``closing``); a refusal there is a 422 (``RuleError``) or a 409 (``NotNow``),
in the house error shape.
"""

from __future__ import annotations

import datetime
import json
from typing import Annotated, Any

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.utils.translation import get_language, gettext_noop
from django.utils.translation import gettext as _
from ninja import Schema, Status
from pydantic import AfterValidator, ConfigDict, Field, StrictBool, StrictStr, WithJsonSchema
from pydantic_core import PydanticCustomError, core_schema

from .. import access, rules, seating, standings
from ..models import Entry, Round, Tournament
from ..rules import RuleError
from ..services import board as boards
from ..services import closing, drafting, registration
from ..services import standings as standings_reads
from ..services import tournaments as services
from ..text import NAME_MAX
from .base import WRITE, Anyone, ApiError, api, parse_body
from .schemas import (
    EXAMPLE,
    GAME_SLUGS,
    OPTION_NAMES,
    VARIANTS,
    Body,
    Declared,
    ErrorOut,
    RawText,
    Reason,
    RefusedWith,
    Whole,
    body_schema,
    create_body_schema,
    games_named,
    live_body,
    nullable,
    preset_branch,
    presets,
)

TAGS = ["tournaments"]


READ_ANY = [*WRITE, Anyone()]


def organiser(request: HttpRequest) -> bool:
    return access.is_organiser(request.auth)


def tournament_for(request: HttpRequest, tournament_id: int, *, write: bool) -> Tournament:
    """The tournament if the request may change it (``write``) or follow it; ``access``
    decides, as for the pages (401 for nobody, 403 for anyone else, 404 for none)."""
    asker = access.api_asker(request)
    if write:
        return access.tournament_to_run(asker, tournament_id)
    return access.tournament_to_see(asker, tournament_id)


def organiser_only(request: HttpRequest) -> None:
    access.organisers_only(access.api_asker(request))


# -- shapes -------------------------------------------------------------------------------


class EntryOut(Schema):
    id: int
    players: list[int]
    name: str
    checked_in: bool
    self_checked_in: bool = Field(
        description="Checked in through the player's own link, not by the organiser."
    )
    withdrawn_from: int | None
    joined_at: int


class TableOut(Schema):
    number: int
    match: int | None
    entries: list[int] = Field(description="In seat order, seat 0 first.")
    first_dealer: int
    done: bool
    confirmed: bool
    link: str | None = Field(None, description="The table link (organisers only).")
    submitted_by: int | None = Field(
        None, description="The entry whose player handed the finished result in."
    )
    confirmed_by: int | None = Field(
        None,
        description="The entry whose player confirmed it (null when the organiser "
        "confirmed it by closing the round).",
    )


class RoundOut(Schema):
    number: int
    status: str
    method: str
    repeat_pairs: int
    tables: list[TableOut]
    byes: list[int]


class TournamentOut(Schema):
    id: int
    name: str
    date: str
    status: str
    game: str
    variant: str
    options: dict[str, Any]
    rounds_planned: int
    hands_per_round: int
    table_size: int
    remainder: str
    score: str
    tie_breaks: list[str]
    bye_game_points: int
    bye_match_points: int
    public: bool
    self_check_in: bool
    entries: list[EntryOut]
    rounds: list[RoundOut]


class RoundResultOut(Schema):
    round: int
    table: int | None
    game_points: int
    place: int | None
    won: bool
    bye: bool
    adjustment: int


class StandingsRowOut(Schema):
    rank: int
    shared: bool
    entry: int
    name: str
    score: int
    # Both, whichever is the score: every standings view shows both (docs/tournaments.md).
    match_points: int
    game_points: int
    tie_breaks: dict[str, int | None]
    rounds: list[RoundResultOut]
    why: str | None = Field(None, description="What separates the row from the one above.")


class StandingsOut(Schema):
    after_round: int
    final: bool
    rows: list[StandingsRowOut]


class BoardTableOut(Schema):
    number: int
    names: list[str] = Field(description="In seat order, seat 0 first.")
    first_dealer: int
    hands: int = Field(description="Hands entered so far.")
    of: int = Field(description="Hands the table plays this round.")
    state: str = Field(description="waiting, playing, done, handed_in or confirmed.")
    match: int | None


class BoardRoundOut(Schema):
    number: int
    status: str


class BoardOut(Schema):
    tournament: int
    name: str
    revision: str = Field(
        description="Changes with every write to the tournament or its tables: poll and "
        "compare (the board page answers 204 while it is the same)."
    )
    round: BoardRoundOut | None = Field(
        description="The round being played, else the last one (a draft: its seating)."
    )
    tables: list[BoardTableOut]
    byes: list[str]
    standings: StandingsOut


# Typed text, as the person typed it: the services clean it (``text``), once.
Name = Annotated[
    str,
    RawText(80),
    RefusedWith(gettext_noop("Enter a name."), "string_type", "string_too_short"),
]


def _seatings(ruleset: rules.Ruleset) -> list[tuple[int | None, int | None]]:
    """The ``table_size`` a tournament of this preset takes (None: the preset's own),
    each with the number ``hands_per_round`` must be a multiple of (None: any, for a
    game whose rounds are not counted in hands). Asked of the code that judges them, so
    that the description cannot say otherwise."""
    seatings = []
    for table_size in (None, *range(2, 9)):
        try:
            sizes = rules.table_sizes(ruleset.game, ruleset.variant, table_size)
        except RuleError:
            continue
        counted = ruleset.table_hands(sizes, sizes.standard, sizes.standard) is not None
        seatings.append((table_size, sizes.standard if counted else None))
    return seatings


def _seating_branch(ruleset: rules.Ruleset, table_size: int | None, multiple: int | None):
    branch = preset_branch(ruleset)["properties"]
    properties = {
        "game": branch["game"],
        "variant": branch["variant"],
        "options": branch["options"],
        "table_size": {"type": "null"} if table_size is None else {"const": table_size},
    }
    if multiple is not None:
        properties["hands_per_round"] = {"multipleOf": multiple}
    # The shared tie-breaks and the game's own (a Sheepshead night has no 12-trick wins).
    properties["tie_breaks"] = {
        "items": {"enum": list(standings.tie_breaks_of(ruleset.tie_breaks))}
    }
    # A table size sent must be the branch's; none sent (or null) is the preset's own.
    return {"properties": properties, **({"required": ["table_size"]} if table_size else {})}


def _one_seating_each(schema: dict[str, Any]) -> None:
    # The game and its preset decide the table sizes, the options and what the hands per
    # round must be a multiple of (everyone deals equally, §4): one branch per preset and
    # table size, worked out by the code that judges a tournament's set-up; the games
    # registered when the description is made.
    games_named(schema)
    # The tie-breaks: the shared ones and every installed game's own (the branches say
    # which a game has).
    offered = standings.tie_breaks_of(rules.game_tie_breaks())
    chain = nullable(schema["properties"]["tie_breaks"])
    chain["items"]["enum"], chain["maxItems"] = list(offered), len(offered)
    schema["oneOf"] = [
        _seating_branch(ruleset, table_size, multiple)
        for ruleset in presets()
        for table_size, multiple in _seatings(ruleset)
    ]


# The longest tie-break chain read at all: past every name the games have.
MOST_TIE_BREAKS = 32


class TournamentIn(Body):
    """A new tournament. The flat model reads it; which combinations a game takes is the
    services' to judge, and the description lists them (``_one_seating_each``)."""

    model_config = ConfigDict(extra="forbid", json_schema_extra=_one_seating_each)

    name: Name
    date: Annotated[
        StrictStr,
        AfterValidator(datetime.date.fromisoformat),
        WithJsonSchema({"type": "string", "format": "date", "maxLength": 10}),
        RefusedWith(gettext_noop("Enter a date (YYYY-MM-DD).")),
    ]
    game: Annotated[StrictStr, Declared(enum=GAME_SLUGS)]
    variant: Annotated[StrictStr, Declared(enum=VARIANTS)]
    options: (
        Annotated[
            dict[str, Any],
            Declared(propertyNames={"enum": OPTION_NAMES}),
            Field(description="Overrides of the preset's defaults, as for a match."),
        ]
        | None
    ) = None
    # (Limits on whole numbers go in Field(), which puts them in the description as
    # "minimum"/"maximum", not inside Annotated[], which would write "ge"/"le".)
    rounds: Whole = Field(ge=1, le=services.MAX_ROUNDS)
    hands_per_round: Whole = Field(ge=1, le=services.MAX_HANDS_PER_ROUND)
    table_size: Annotated[Whole, Declared(minimum=2, maximum=8)] | None = None
    # Choices are declared here and judged by the services, in the house's words.
    score: Annotated[StrictStr, Declared(enum=list(standings.SCORES))] | None = None
    # Omitted: the chain docs/tournaments.md §5 gives the score (an empty list is no chain).
    # The names and how many: the shared tie-breaks and the installed games' own, which
    # the description declares as it is made (``_one_seating_each``); a longer chain
    # names one twice, which the services refuse in the house's words.
    tie_breaks: (
        Annotated[
            list[Annotated[StrictStr, Declared(enum=list(standings.TIE_BREAKS))]],
            Field(max_length=MOST_TIE_BREAKS),
        ]
        | None
    ) = None
    remainder: Annotated[StrictStr, Declared(enum=list(seating.REMAINDERS))] = "sitters"
    bye_game_points: Whole = Field(0, ge=-services.POINTS_LIMIT, le=services.POINTS_LIMIT)
    bye_match_points: Whole = Field(1, ge=0, le=2)
    public: StrictBool = False
    self_check_in: StrictBool = Field(
        False,
        description="Each player's link checks that player in, until the next round is drafted.",
    )


# A row id: the database's keys are 64-bit, so a bigger number names nothing (and would
# overflow the query).
ID_MAX = 2**63 - 1


class PlayerRef:
    """``Annotated`` metadata: a player given by register id (a whole number) or by name
    (a text for the services to clean), or (``teams``) a team of two such. Judged here
    by what the value is, so that a refusal names the item (``players.2``) in the house's
    words, where a union would name the member types pydantic tried in turn."""

    NAME = RawText(NAME_MAX)  # its description

    def __init__(self, *, teams: bool = False):
        self.teams = teams

    def __get_pydantic_core_schema__(self, source: Any, handler: Any) -> core_schema.CoreSchema:
        return core_schema.no_info_plain_validator_function(self._validate)

    def __get_pydantic_json_schema__(self, schema: Any, handler: Any) -> dict[str, Any]:
        one = [
            {"type": "integer", "minimum": 1, "maximum": ID_MAX},
            self.NAME.__get_pydantic_json_schema__(schema, handler),
        ]
        if not self.teams:
            return {"anyOf": one}
        # A team of two, in a tournament of partnerships.
        team = {"type": "array", "items": {"anyOf": one}, "minItems": 2, "maxItems": 2}
        return {"anyOf": [*one, team]}

    def _validate(self, value: Any) -> Any:
        if self.teams and isinstance(value, list):
            if len(value) != 2:
                raise PydanticCustomError("house", TEAM_OF_TWO, {"house": TEAM_OF_TWO})
            return [self._one(each) for each in value]
        return self._one(value)

    def _one(self, value: Any) -> int | str:
        if isinstance(value, float) and value.is_integer():
            value = int(value)  # JSON's 3.0 is the whole number 3
        if isinstance(value, int) and not isinstance(value, bool):
            if not 1 <= value <= ID_MAX:
                raise PydanticCustomError("house", NO_SUCH_ID, {"house": NO_SUCH_ID})
            return value
        if isinstance(value, str):
            # Cleaned by the services; here only the limit the description states.
            if len(value) > NAME_MAX:
                raise PydanticCustomError(
                    "house", NAME_TOO_LONG, {"house": NAME_TOO_LONG, "max_length": NAME_MAX}
                )
            return value
        raise PydanticCustomError("house", ID_OR_NAME, {"house": ID_OR_NAME})


ID_OR_NAME = gettext_noop("Give a player's id or name.")
TEAM_OF_TWO = gettext_noop("Enter a team of two players: two names or ids.")
NO_SUCH_ID = gettext_noop("A player's id is a whole number from 1.")
NAME_TOO_LONG = gettext_noop("A name can have at most %(max)s characters.")


class EntriesIn(Body):
    players: Annotated[
        list[Annotated[Any, PlayerRef(teams=True)]],
        Field(min_length=1, max_length=500),
    ]


class WithdrawIn(Body):
    from_round: Whole = Field(ge=1, le=services.MAX_ROUNDS + 1)
    reason: Reason = ""


class RoundIn(Body):
    method: Annotated[StrictStr, Declared(enum=list(seating.METHODS))]
    seed: Annotated[StrictStr, Declared(enum=list(drafting.SEEDINGS))] | None = Field(
        None,
        description='"rating": round 1 by standings seeded by the club rating (the unrated '
        "after the rated, drawn).",
    )


class CloseIn(Body):
    end_unfinished: StrictBool = False
    reason: Reason = ""


# -- answers ------------------------------------------------------------------------------


def tournament_json(tournament: Tournament, *, organiser: bool) -> dict[str, Any]:
    entries = list(tournament.entries.select_related("player", "partner"))
    rounds = list(tournament.rounds.prefetch_related("tables__seats", "byes", "tables__match"))
    return {
        "id": tournament.pk,
        "status": tournament.status,
        **services.setup(tournament),
        "entries": [_entry_json(entry) for entry in entries],
        "rounds": [_round_json(round_, organiser=organiser) for round_ in rounds],
    }


def _entry_json(entry: Entry) -> dict[str, Any]:
    return {
        "id": entry.pk,
        "players": entry.player_ids,
        "name": entry.name,
        "checked_in": entry.checked_in,
        "self_checked_in": entry.self_checked_in,
        "withdrawn_from": entry.withdrawn_from,
        "joined_at": entry.joined_at,
    }


def _round_json(round_: Round, *, organiser: bool) -> dict[str, Any]:
    tables = []
    for table in round_.tables.all():
        row = {
            "number": table.number,
            "match": table.match_id,
            "entries": [seat.entry_id for seat in table.seats.all()],
            "first_dealer": table.first_dealer,
            "done": bool(table.match and table.match.finished),
            "confirmed": table.confirmed,
            "submitted_by": table.submitted_by_id,
            "confirmed_by": table.confirmed_by_id,
        }
        if organiser:
            row["link"] = f"/t/{table.token}/"
        tables.append(row)
    return {
        "number": round_.number,
        "status": round_.status,
        "method": round_.method,
        "repeat_pairs": round_.repeat_pairs,
        "tables": tables,
        "byes": [bye.entry_id for bye in round_.byes.all()],
    }


def standings_json(read: standings_reads.Standings) -> dict[str, Any]:
    rows = [standings_row_json(read, row) for row in read.rows]
    return {"after_round": read.after_round, "final": read.final, "rows": rows}


def standings_row_json(read: standings_reads.Standings, row: standings.StandingsRow) -> dict:
    """One row of the standings, with its rounds and why it stands there."""
    return {
        "rank": row.rank,
        "shared": row.shared,
        "entry": row.entry,
        "name": row.name,
        "score": row.score,
        "match_points": row.match_points,
        "game_points": row.game_points,
        "tie_breaks": dict(row.tie_break_values),
        "rounds": [
            {
                "round": number,
                "table": result.table,
                "game_points": result.game_points,
                "place": result.place,
                "won": result.won,
                "bye": result.bye,
                "adjustment": result.adjustment,
            }
            for number, result in read.rounds.get(row.entry, {}).items()
        ],
        "why": row.why.text(_) if row.why else None,
    }


# -- endpoints ----------------------------------------------------------------------------

ERRORS = {400: ErrorOut, 401: ErrorOut, 403: ErrorOut, 404: ErrorOut, 422: ErrorOut}
# A body sent as anything but JSON is refused with 415 (api.base).
BODY_ERRORS = {**ERRORS, 415: ErrorOut}
WRITES = {**BODY_ERRORS, 409: ErrorOut}


def create_example(ruleset: rules.Ruleset = EXAMPLE) -> dict[str, Any]:
    """The description's example: a tournament of the example preset (``EXAMPLE``)."""
    return {
        "name": "Club night",
        "date": "2026-12-01",
        "game": ruleset.game,
        "variant": ruleset.variant,
        "rounds": 3,
        "hands_per_round": ruleset.default_hands_per_round(ruleset.table_sizes_for(None)),
    }


@api.get("/tournaments", auth=WRITE, response={200: list[TournamentOut], **ERRORS}, tags=TAGS)
def list_tournaments(request):
    """Every tournament, newest first (organisers)."""
    organiser_only(request)
    return [tournament_json(t, organiser=True) for t in Tournament.objects.all()]


@api.post(
    "/tournaments",
    auth=WRITE,
    response={201: TournamentOut, **WRITES},
    tags=TAGS,
    openapi_extra=live_body(
        "tournament", lambda: create_body_schema(TournamentIn), create_example()
    ),
)
def create_tournament(request):
    """Create a tournament; 201 with it."""
    organiser_only(request)
    body = parse_body(request, TournamentIn)
    tournament = services.create_tournament(request.auth, **dict(body))
    return Status(201, tournament_json(tournament, organiser=True))


@api.get(
    "/tournaments/{int:tournament_id}",
    auth=READ_ANY,
    response={200: TournamentOut, **ERRORS},
    tags=TAGS,
)
def get_tournament(request, tournament_id: int):
    """The tournament, its entries and rounds."""
    tournament = tournament_for(request, tournament_id, write=False)
    return tournament_json(tournament, organiser=organiser(request))


@api.post(
    "/tournaments/{int:tournament_id}/entries",
    auth=WRITE,
    response={201: list[EntryOut], **WRITES},
    tags=TAGS,
    openapi_extra=body_schema(EntriesIn, {"players": [1, "Eve"]}),
)
def register(request, tournament_id: int):
    """Enter players by register id or by name (a new name joins the register); 201."""
    tournament = tournament_for(request, tournament_id, write=True)
    body = parse_body(request, EntriesIn)
    entries = registration.register_players(tournament, request.auth, body.players)
    return Status(201, [_entry_json(entry) for entry in entries])


def entry_of(tournament: Tournament, entry_id: int) -> Entry:
    """The tournament's entry ``entry_id`` (with its player and partner); 404 for none."""
    entry = tournament.entries.select_related("player", "partner").filter(pk=entry_id).first()
    if entry is None:
        raise ApiError(
            404, "not_found", _("This tournament has no entry %(id)s.") % {"id": entry_id}
        )
    return entry


@api.post(
    "/tournaments/{int:tournament_id}/entries/{int:entry_id}/check-in",
    auth=WRITE,
    response={200: EntryOut, **WRITES},
    tags=TAGS,
)
def check_in(request, tournament_id: int, entry_id: int):
    """Check an entry in."""
    tournament = tournament_for(request, tournament_id, write=True)
    return _entry_json(registration.check_in(entry_of(tournament, entry_id), request.auth))


@api.delete(
    "/tournaments/{int:tournament_id}/entries/{int:entry_id}/check-in",
    auth=WRITE,
    response={200: EntryOut, **WRITES},
    tags=TAGS,
)
def undo_check_in(request, tournament_id: int, entry_id: int):
    """Take a check-in back."""
    tournament = tournament_for(request, tournament_id, write=True)
    entry = registration.check_in(entry_of(tournament, entry_id), request.auth, checked_in=False)
    return _entry_json(entry)


@api.post(
    "/tournaments/{int:tournament_id}/entries/{int:entry_id}/withdraw",
    auth=WRITE,
    response={200: EntryOut, **WRITES},
    tags=TAGS,
    openapi_extra=body_schema(WithdrawIn, {"from_round": 2}),
)
def withdraw(request, tournament_id: int, entry_id: int):
    """Withdraw an entry from round ``from_round`` on; its results so far stay."""
    tournament = tournament_for(request, tournament_id, write=True)
    entry = entry_of(tournament, entry_id)
    body = parse_body(request, WithdrawIn)
    entry = registration.withdraw(
        entry, request.auth, from_round=body.from_round, reason=body.reason
    )
    return _entry_json(entry)


@api.post(
    "/tournaments/{int:tournament_id}/rounds",
    auth=WRITE,
    response={201: RoundOut, **WRITES},
    tags=TAGS,
    openapi_extra=body_schema(RoundIn, {"method": "mixed"}),
)
def draft_round(request, tournament_id: int):
    """Draft the next round with a seating method; 201 with the draft."""
    tournament = tournament_for(request, tournament_id, write=True)
    body = parse_body(request, RoundIn)
    round_ = drafting.draft_round(tournament, request.auth, method=body.method, seeding=body.seed)
    return Status(201, _round_json(round_, organiser=True))


def _round(tournament: Tournament, number: int) -> Round:
    round_ = tournament.rounds.filter(number=number).first()
    if round_ is None:
        raise ApiError(
            404, "not_found", _("This tournament has no round %(number)s.") % {"number": number}
        )
    return round_


@api.post(
    "/tournaments/{int:tournament_id}/rounds/{int:number}/start",
    auth=WRITE,
    response={200: RoundOut, **WRITES},
    tags=TAGS,
)
def start_round(request, tournament_id: int, number: int):
    """Start a drafted round: each table's match is created."""
    tournament = tournament_for(request, tournament_id, write=True)
    round_ = drafting.start_round(_round(tournament, number), request.auth)
    return _round_json(round_, organiser=True)


@api.post(
    "/tournaments/{int:tournament_id}/rounds/{int:number}/close",
    auth=WRITE,
    response={200: RoundOut, **WRITES},
    tags=TAGS,
    openapi_extra=body_schema(CloseIn, {"end_unfinished": True, "reason": "time"}),
)
def close_round(request, tournament_id: int, number: int):
    """Close the round being played; with ``end_unfinished`` the tables still playing are
    stopped first as they stand (a reason is required), otherwise they are a 409."""
    tournament = tournament_for(request, tournament_id, write=True)
    round_ = _round(tournament, number)
    body = parse_body(request, CloseIn, required=False)
    round_ = closing.close_round(
        round_, request.auth, end_unfinished=body.end_unfinished, reason=body.reason
    )
    return _round_json(round_, organiser=True)


@api.get(
    "/tournaments/{int:tournament_id}/standings",
    auth=READ_ANY,
    response={200: StandingsOut, **ERRORS},
    tags=TAGS,
)
def get_standings(request, tournament_id: int):
    """The standings as they stand."""
    tournament = tournament_for(request, tournament_id, write=False)
    # Kept encoded per tournament revision and language (``why`` is a sentence): boards
    # and phones poll it far more often than hands are played.
    key = f"standings-json:{standings_reads.revision_key(tournament)}:{get_language()}"
    body = cache.get(key)
    if body is None:
        body = json.dumps(standings_json(standings_reads.tournament_standings(tournament)))
        cache.set(key, body, 60 * 60)
    return HttpResponse(body, content_type="application/json")


@api.get(
    "/tournaments/{int:tournament_id}/board",
    auth=READ_ANY,
    response={200: BoardOut, **ERRORS},
    tags=TAGS,
)
def get_board(request, tournament_id: int, key: str = ""):
    """The live board: the current round's tables with their progress, and the
    standings. A private tournament's needs its board key (``?key=``) or an organiser."""
    tournament = access.tournament_to_see(access.api_asker(request), tournament_id, board_key=key)
    read = boards.board(tournament)
    round_ = read.round
    return {
        "tournament": tournament.pk,
        "name": tournament.name,
        "revision": read.revision.split(":")[-1],
        "round": {"number": round_.number, "status": round_.status} if round_ else None,
        "tables": [
            {
                "number": table.number,
                "names": list(table.names),
                "first_dealer": table.first_dealer,
                "hands": table.hands,
                "of": table.of,
                "state": table.state,
                "match": table.match,
            }
            for table in read.tables
        ],
        "byes": list(read.byes),
        "standings": standings_json(read.standings),
    }
