"""The shapes of the JSON API (matches/api/API.md): what it sends, and the request bodies it takes.

Request bodies are both described and validated by the models here: the endpoints read
the JSON object (``base.read_body``: 400 unless it is one) and validate it with the very
model that ``body_schema`` puts in the OpenAPI description, so that what the description
says — which keys (``additionalProperties: false``), which JSON types (whole numbers are
strict: ``true`` is no number), which limits — is what the server enforces. A refusal
is a 422 in the house shape; ``RefusedWith`` gives a field the house's own sentence, and
``base`` maps the remaining pydantic error types to house messages.

Game-level judgements stay with the rules: which of the hand fields a game takes, what
values make a legal hand, how many players a game seats. So the rules' messages reach
the client as before, and only what no game could accept is refused here. The limits
the rules (or services) enforce for every game alike — the games and variants there
are, the suits, seat indices, card points, players named once — are declared in the
description all the same (``Declared``), so that a client or a fuzzer reads every limit
there; the tests and ``make fuzz`` hold the server to each of them.

Answers (``...Out``) are described here and hold the tests to matches/api/API.md. Hand fields differ
from game to game, so the hand/next-hand objects allow extra keys.

Each game's hand body is its own (``Game.hand_body``, in the game's package): a hand or a
correction is validated with the envelope here (``HandIn``, ``CorrectIn``) around the
body of the match's game (``hand_model``), and the description shows every registered
game's fields in one body (``hand_body_schema``), made when the description is asked
for (``live_body``), so that a game registered later is in it.
"""

from collections.abc import Callable
from functools import cache
from typing import Annotated, Any, ClassVar

from django.utils.translation import gettext_noop
from ninja import Schema
from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StrictStr,
    ValidationError,
    create_model,
)
from pydantic_core import PydanticCustomError, core_schema

from .. import rules
from ..games.bodies import Body, Declared, Whole, whole
from ..rules.base import Option
from ..text import NAME_MAX, REASON_MAX, schema_pattern


class ExtensibleShape(BaseModel):
    """A shape that later games may extend with keys of their own.

    A plain pydantic model, not a ninja ``Schema``: ninja reads a ``Schema`` through
    attribute access, which would drop the extra keys.
    """

    model_config = ConfigDict(extra="allow", populate_by_name=True)


# -- errors -------------------------------------------------------------------------------


class ErrorOut(Schema):
    error: str = Field(description="A stable code: bad_request, not_authenticated, …")
    message: str = Field(description="A sentence for people, in the request's language.")
    fields: dict[str, list[str]] | None = Field(
        None, description="Only on 422: the offending input (e.g. `hands.5.tricks`) and why."
    )


# -- games --------------------------------------------------------------------------------


class PresetOut(ExtensibleShape):
    slug: str
    name: str
    players: int
    options: dict[str, Any] = Field(description="The option names with this preset's defaults.")
    hand_fields: dict[str, str] = Field(description="The hand input fields and what they take.")


class GameOut(Schema):
    slug: str
    name: str
    presets: list[PresetOut]


# -- a match ------------------------------------------------------------------------------


class ExchangeOut(Schema):
    model_config = ConfigDict(populate_by_name=True)

    giver: int = Field(alias="from", description="The seat that passes.")
    to: int = Field(description="The seat that receives and returns.")
    cards: int


class HandOut(ExtensibleShape):
    number: int
    version: int = Field(description="Send it back with a correction (PUT).")
    dealer: int
    input: dict[str, Any] = Field(description="What the table reported, normalised.")
    targets: list[int] | None
    scores: list[int]


class NextHandOut(ExtensibleShape):
    number: int
    dealer: int
    targets: list[int] | None
    exchanges: list[ExchangeOut] = Field(description="The passes before the deal, in order.")


class MatchOut(ExtensibleShape):
    id: int
    game: str
    variant: str
    options: dict[str, Any]
    players: list[str]
    hands: list[HandOut]
    totals: list[int]
    next_hand: NextHandOut | None = Field(description="null once the match is finished.")
    finished: bool
    winners: list[int] = Field(description="Seats; empty until finished.")
    stopped: bool = Field(False, description="The table ended the match early.")
    archived: bool = Field(
        False, description="Put away: off `GET /api/matches` unless `?archived=1`."
    )


class MatchChangeOut(ExtensibleShape):
    """What a write changed (``Prefer: return=minimal``): the match state's fields of the
    same names, ``hands`` holding only the hands the write added or changed."""

    id: int
    revision: int = Field(description="The match's revision after the write.")
    hands: list[HandOut] = Field(
        description="The recorded hand; a corrected hand and every later one; none after an undo."
    )
    totals: list[int]
    next_hand: NextHandOut | None = Field(description="null once the match is finished.")
    finished: bool
    winners: list[int] = Field(description="Seats; empty until finished.")


class ConflictOut(ErrorOut):
    state: MatchOut = Field(description="The match as it stands now.")


class HistoryEntryOut(Schema):
    at: str = Field(description="ISO 8601 time.")
    by: str = Field(description="The user or table that acted.")
    action: str = Field(description="create, record, correct, undo, stop, reopen or share.")
    number: int | None
    before: dict[str, Any] | None
    after: dict[str, Any] | None
    reason: str | None


class ShareOut(Schema):
    token: str = Field(description="The share token: `?share=` or `Authorization: Bearer`.")
    url: str = Field(description="The share link's page, read-only, for spectators.")


class ScorerOut(Schema):
    token: str = Field(
        description="The scorer token: `Authorization: Bearer` records, corrects and undoes "
        "this match alone."
    )
    url: str = Field(description="The scorer link's page, `/k/<token>/`, for the table.")


# -- request bodies ---------------------------------------------------------------------


class RefusedWith:
    """``Annotated`` metadata: a value refused with one of ``types`` (pydantic error types;
    all of them when none are given) is refused with ``message`` instead.

    ``message`` is an untranslated house sentence (marked with ``gettext_noop``); it is
    translated when the error is answered, in the request's language, with ``params``
    and the error's own context (``max``, ``min``, ``name``: see ``base``). Errors of
    nested values (a list's items) keep their own messages. The JSON schema is the
    wrapped type's.
    """

    def __init__(self, message: str, *types: str, **params: Any):
        self.message, self.types, self.params = message, set(types), params

    def __get_pydantic_core_schema__(self, source: Any, handler: Any) -> core_schema.CoreSchema:
        return core_schema.no_info_wrap_validator_function(self._validate, handler(source))

    def _covers(self, error_type: str) -> bool:
        return not self.types or error_type in self.types

    def _validate(self, value: Any, handler: Any) -> Any:
        try:
            return handler(value)
        except ValidationError as error:
            errors = error.errors(include_url=False)
            own = [e for e in errors if not e["loc"] and self._covers(e["type"])]
            if not own or len(own) != len(errors):
                raise
            context = {**(own[0].get("ctx") or {}), **self.params, "house": self.message}
            raise PydanticCustomError("house", self.message, context) from None


def presets(game: str | None = None) -> list[rules.Ruleset]:
    return [
        rules.get_ruleset(slug, variant)
        for slug, kind in rules.GAMES.items()
        if game in (None, slug)
        for variant in kind.presets
    ]


def _seat_counts(game: str | None = None) -> tuple[int, int]:
    """The fewest and the most players any preset of ``game`` (of any game) seats."""
    seats = [ruleset.seats for ruleset in presets(game)]
    return min(seats), max(seats)


FEWEST_PLAYERS, MOST_PLAYERS = _seat_counts()
GAME_SLUGS = sorted(rules.GAMES)
VARIANTS = sorted({variant for kind in rules.GAMES.values() for variant in kind.presets})
OPTION_NAMES = sorted({option.name for ruleset in presets() for option in ruleset.options_spec})

# The game and variant the description's examples play: the first registered game's first
# preset, so that the shared API names no game (issue 22) and its examples stay ones the
# rules take (Schemathesis sends them).
EXAMPLE = presets()[0]
_EXAMPLE_NAMES = ("Ann", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")


def example_players(seats: int) -> list[str]:
    extra = (f"Player {seat + 1}" for seat in range(len(_EXAMPLE_NAMES), seats))
    return [*_EXAMPLE_NAMES, *extra][:seats]


def example_options(ruleset: rules.Ruleset = EXAMPLE) -> dict[str, Any]:
    """How the match ends, as the preset says: an override the example shows, valid
    because it is the default."""
    ends = [option.name for option in ruleset.options_spec if option.ends]
    return {name: ruleset.options[name] for name in ends if ruleset.options[name] is not None}


_whole = whole  # (``games.bodies``: 3.0 is the whole number 3)


class RawText:
    """``Annotated`` metadata: a text a person typed (a name, a reason), taken from the
    JSON as it was sent, for the services to clean, once, with ``text`` (the same
    cleaning and the same words as on the pages). Here it must only be a string within
    the length limits the description states, which hold for the text as sent (JSON
    Schema cannot say "after collapsing spaces"); nothing is transformed. Pydantic's own
    ``str`` would refuse a lone surrogate in its own words before the cleaning could
    name it. ``max_length=None``: no limit here (the services keep theirs).

    The description says what the cleaning will take (``text.schema_pattern``): no
    control, format or surrogate character, nor one that shows as nothing (``text``'s
    ``INVISIBLE``: default-ignorable code points and blank letters), and, where a text
    is ``required`` (by default when it has a least length), a character that is not a
    space; a client, or a fuzzer, can then tell a text that will be refused before
    sending it."""

    def __init__(
        self, max_length: int | None = None, min_length: int = 1, *, required: bool | None = None
    ):
        self.max_length, self.min_length = max_length, min_length
        self.required = min_length > 0 if required is None else required

    def __get_pydantic_core_schema__(self, source: Any, handler: Any) -> core_schema.CoreSchema:
        return core_schema.no_info_plain_validator_function(self._validate)

    def __get_pydantic_json_schema__(self, schema: Any, handler: Any) -> dict[str, Any]:
        limits = {"minLength": self.min_length} if self.min_length else {}
        if self.max_length is not None:
            limits["maxLength"] = self.max_length
        return {"type": "string", **limits, "pattern": schema_pattern(required=self.required)}

    def _validate(self, value: Any) -> str:
        if not isinstance(value, str):
            raise PydanticCustomError("string_type", "Input should be a valid string")
        if len(value) < self.min_length:
            raise PydanticCustomError(
                "string_too_short",
                "String should have at least {min_length} characters",
                {"min_length": self.min_length},
            )
        if self.max_length is not None and len(value) > self.max_length:
            raise PydanticCustomError(
                "string_too_long",
                "String should have at most {max_length} characters",
                {"max_length": self.max_length},
            )
        return value


EMPTY_NAME = gettext_noop("Enter a name for every seat.")

PlayerName = Annotated[
    str,
    RawText(NAME_MAX),
    RefusedWith(EMPTY_NAME, "string_type", "string_too_short"),
    RefusedWith(gettext_noop("A name can have at most %(max)s characters."), "string_too_long"),
]

# The length limit holds for the reason as sent, as the description says; the services
# clean it (``text.clean_reason``).
Reason = Annotated[
    str,
    RawText(REASON_MAX, min_length=0),
    RefusedWith(gettext_noop("The reason must be text."), "string_type"),
    RefusedWith(gettext_noop("A reason can have at most %(max)s characters."), "string_too_long"),
]


def _seat(game: str | None = None, description: str = "A seat index, 0 first."):
    return Annotated[
        Whole,
        Field(description=description),
        Declared(minimum=0, maximum=_seat_counts(game)[1] - 1),
    ]


Seat = _seat()


def _option_schema(option: Option) -> dict[str, Any]:
    if option.kind is bool:
        schema: dict[str, Any] = {"type": "boolean"}
    elif option.kind is str:
        schema = {"type": "string", "enum": list(option.choices)}
    else:
        schema = {"type": "integer", "maximum": option.maximum}
        if option.minimum is not None:
            schema["minimum"] = option.minimum
    return {"anyOf": [schema, {"type": "null"}]} if option.nullable else schema


def preset_branch(ruleset: rules.Ruleset) -> dict[str, Any]:
    """What one preset takes: its seats, its options, a bid or none."""
    from ..games import registry as games

    seats = ruleset.seats
    bids = games.of(ruleset).setup_bids(ruleset)
    options = {
        "type": "object",
        "additionalProperties": False,
        "properties": {option.name: _option_schema(option) for option in ruleset.options_spec},
    }
    return {
        "properties": {
            "game": {"const": ruleset.game},
            "variant": {"const": ruleset.variant},
            "players": {"minItems": seats, "maxItems": seats},
            "first_dealer": {"maximum": seats - 1},
            "options": {"anyOf": [options, {"type": "null"}]},
            "bid": {"anyOf": [{"type": "integer", "enum": bids}, {"type": "null"}]}
            if bids
            else {"type": "null"},
        }
    }


def _one_preset_each(schema: dict[str, Any]) -> None:
    # The game and its preset decide how many players, which options and whether a bid:
    # the rules judge it, and the description says it, one branch per preset; the games,
    # variants, options and bids are those registered when the description is made.
    from ..games import registry as games

    schema["oneOf"] = [preset_branch(ruleset) for ruleset in presets()]
    described = games_named(schema)
    bids = {bid for ruleset in presets() for bid in games.of(ruleset).setup_bids(ruleset)}
    nullable(described["bid"])["enum"] = sorted(bids)


def games_named(schema: dict[str, Any]) -> dict[str, Any]:
    """``schema``'s properties, its ``game``, ``variant`` and ``options`` naming the games,
    presets and options registered now (a body's description is made when asked for)."""
    described = schema["properties"]
    described["game"]["enum"] = sorted(rules.GAMES)
    described["variant"]["enum"] = sorted({ruleset.variant for ruleset in presets()})
    names = {option.name for ruleset in presets() for option in ruleset.options_spec}
    nullable(described["options"])["propertyNames"]["enum"] = sorted(names)
    return described


def nullable(prop: dict[str, Any]) -> dict[str, Any]:
    """The non-null branch of an optional property's schema."""
    return next(branch for branch in prop["anyOf"] if branch.get("type") != "null")


class CreateIn(Body):
    """A new match. The flat model reads it; which combinations a game takes is the
    rules' to judge, and the description lists them (``_one_preset_each``)."""

    model_config = ConfigDict(extra="forbid", json_schema_extra=_one_preset_each)

    game: Annotated[
        StrictStr,
        Field(min_length=1, examples=[EXAMPLE.game]),
        RefusedWith(gettext_noop("Choose a game.")),
        Declared(enum=GAME_SLUGS),
    ]
    variant: Annotated[
        StrictStr,
        Field(min_length=1, examples=[EXAMPLE.variant]),
        RefusedWith(gettext_noop("Choose a variant.")),
        Declared(enum=VARIANTS, description="One of the game's presets (GET /api/games)."),
    ]
    players: Annotated[
        list[PlayerName],
        Field(
            min_length=FEWEST_PLAYERS,
            max_length=MOST_PLAYERS,
            description="Names in clockwise seating order, each once (ignoring case); the "
            "game says how many it seats.",
        ),
        RefusedWith(gettext_noop("Enter the players' names."), "list_type"),
        RefusedWith(
            gettext_noop("A table seats %(min)s to %(max)s players."),
            "too_short",
            "too_long",
            min=FEWEST_PLAYERS,
            max=MOST_PLAYERS,
        ),
        Declared(uniqueItems=True),
    ]
    # (ge in the Field of the assignment: inside the Annotated, pydantic would write it
    # into the description as "ge" instead of "minimum".)
    first_dealer: Annotated[Whole, Declared(maximum=MOST_PLAYERS - 1)] = Field(
        ge=0, description="A seat index."
    )
    options: Annotated[
        Annotated[
            dict[str, Any],
            Declared(propertyNames={"enum": OPTION_NAMES}),
            AfterValidator(lambda chosen: {name: _whole(v) for name, v in chosen.items()}),
        ]
        | None,
        Field(description="Overrides of the preset's defaults (GET /api/games lists them)."),
        RefusedWith(gettext_noop("Options must be an object."), "dict_type"),
    ] = None
    # (The bids the games take: ``_one_preset_each`` declares them.)
    bid: Annotated[Whole, Declared(enum=[])] | None = Field(
        None, description="Only for woburn; omit for a normal first deal."
    )

    @staticmethod
    def example(ruleset: rules.Ruleset = EXAMPLE) -> dict[str, Any]:
        """The description's example: a match of the example preset (``EXAMPLE``)."""
        return {
            "game": ruleset.game,
            "variant": ruleset.variant,
            "players": example_players(ruleset.seats),
            "first_dealer": 0,
            "options": example_options(ruleset),
        }


class HandFields(Body):
    """The envelope of a hand's fields: ``hand_model`` puts the match's game's own hand
    body (``Game.hand_body``) inside it. Which of the game's fields a match's variant
    takes and which values make a legal hand is for its rules to say."""

    envelope: ClassVar[tuple[str, ...]] = ()

    def hand(self) -> dict[str, Any]:
        """The hand as the client sent it, for the rules to judge: the keys given (also
        those given as null), none of the envelope's."""
        return self.model_dump(by_alias=True, exclude_unset=True, exclude=set(self.envelope))


def _no_default(schema: dict[str, Any]) -> None:
    # An optional key that, when given, must not be null: no "default": null to suggest so.
    schema.pop("default", None)


# A hand's number and version are stored in 32-bit columns (``Hand``): no hand has a
# bigger one, so a bigger one is a 422 naming it, not a clash with the match.
HAND_NUMBER_MAX = 2**31 - 1


class HandIn(HandFields):
    envelope = ("number",)

    number: Whole = Field(
        ge=1, le=HAND_NUMBER_MAX, description="The number the client believes is next."
    )


class CorrectIn(HandFields):
    envelope = ("version", "number", "reason")

    version: Whole = Field(
        ge=1, le=HAND_NUMBER_MAX, description="The version of the hand being corrected."
    )
    number: Whole = Field(
        None,
        ge=1,
        le=HAND_NUMBER_MAX,
        description="Optional: the hand's number, as in the address.",
        json_schema_extra=_no_default,
    )
    reason: Reason | None = None


@cache
def hand_model(envelope: type[HandFields], body: type[BaseModel]) -> type[HandFields]:
    """The model of ``envelope`` (``HandIn`` or ``CorrectIn``) around a game's hand body,
    which validates a hand for a match of that game (made once per game)."""
    return create_model(
        f"{body.__name__}{envelope.__name__.removeprefix('Hand')}", __base__=(envelope, body)
    )


def hand_body_schema(envelope: type[HandFields]) -> dict[str, Any]:
    """The JSON schema of ``envelope`` around every registered game's hand body: one
    object with each game's fields (a field two games share, differently limited, takes
    either's values), the envelope's fields required as they are."""
    from ..games import registry as games

    schema: dict[str, Any] = {}
    properties: dict[str, list[dict[str, Any]]] = {}
    for game in games.GAMES.values():
        made = hand_model(envelope, game.hand_body).model_json_schema(
            ref_template="#/components/schemas/{model}"
        )
        BODY_DEFINITIONS.update(made.pop("$defs", {}))
        schema = schema or made
        for name, prop in made["properties"].items():
            if prop not in properties.setdefault(name, []):
                properties[name].append(prop)
    schema["properties"] = {name: _either(props) for name, props in properties.items()}
    schema.pop("title", None)
    return schema


def _either(props: list[dict[str, Any]]) -> dict[str, Any]:
    # The same limits under different words say both; different limits take either.
    bare = [{key: value for key, value in prop.items() if key != "description"} for prop in props]
    described = [prop["description"] for prop in props if "description" in prop]
    words = " ".join(dict.fromkeys(described))
    if all(each == bare[0] for each in bare):
        return {**bare[0], **({"description": words} if words else {})}
    either: dict[str, Any] = {"anyOf": []}
    for each in bare:
        branches = each["anyOf"] if set(each) == {"anyOf"} else [each]
        either["anyOf"] += [branch for branch in branches if branch not in either["anyOf"]]
    return {**either, **({"description": words} if words else {})}


class ReasonIn(Body):
    """The body of DELETE .../hands/{number}, /stop, /reopen and POST /share (all
    optional)."""

    reason: Reason | None = None


# Models met inside request bodies, for the OpenAPI components (``body_schema``).
BODY_DEFINITIONS: dict[str, Any] = {}


def body_schema(
    model: type[BaseModel], example: dict[str, Any] | None = None, *, required: bool = True
) -> dict[str, Any]:
    """An ``openapi_extra`` that documents ``model`` as the JSON body; the models met
    inside it go to ``BODY_DEFINITIONS`` (``components/schemas`` of the description)."""
    schema = model.model_json_schema(ref_template="#/components/schemas/{model}")
    BODY_DEFINITIONS.update(schema.pop("$defs", {}))
    schema.pop("title", None)
    return _request_body(schema, example, required)


def create_body_schema(model: type[BaseModel] | None = None) -> dict[str, Any]:
    """``CreateIn``'s (or ``model``'s) JSON schema, with the games registered now (its
    ``json_schema_extra``: ``_one_preset_each``)."""
    model = model or CreateIn
    schema = model.model_json_schema(ref_template="#/components/schemas/{model}")
    BODY_DEFINITIONS.update(schema.pop("$defs", {}))
    schema.pop("title", None)
    return schema


# The bodies that depend on the registered games, by their ``x-live-body`` name: made
# again each time the description is (``base.ScorekeeperAPI.get_openapi_schema``).
LIVE_BODIES: dict[str, Callable[[], dict[str, Any]]] = {}


def live_body(
    name: str, schema: Callable[[], dict[str, Any]], example: dict[str, Any] | None = None
) -> dict[str, Any]:
    """An ``openapi_extra`` like ``body_schema``'s whose schema ``schema()`` makes afresh
    for every description: the games' bodies and presets as registered then."""
    LIVE_BODIES[name] = lambda: _request_body(schema(), example, True)["requestBody"]
    return {"x-live-body": name, **_request_body(schema(), example, True)}


def _request_body(schema: dict[str, Any], example: dict[str, Any] | None, required: bool):
    content: dict[str, Any] = {"schema": schema}
    if example is not None:
        content["example"] = example
    return {"requestBody": {"required": required, "content": {"application/json": content}}}
