"""The shapes of the JSON API (API.md), for the OpenAPI description and as a check on
what the API sends.

Request bodies are *described* here but not validated by pydantic: the API reads them as
plain objects and lets ``rules`` and ``services`` judge them, so that a client sees the
rules' own messages (the same ones the pages show). Hand fields differ from game to
game, so the hand bodies and the hand/next-hand objects allow extra keys.
"""

from typing import Any

from ninja import Schema
from pydantic import BaseModel, ConfigDict, Field


class Open(BaseModel):
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


class PresetOut(Open):
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


class HandOut(Open):
    number: int
    version: int = Field(description="Send it back with a correction (PUT).")
    dealer: int
    input: dict[str, Any] = Field(description="What the table reported, normalised.")
    targets: list[int] | None
    scores: list[int]


class NextHandOut(Open):
    number: int
    dealer: int
    targets: list[int] | None
    exchanges: list[ExchangeOut] = Field(description="The passes before the deal, in order.")


class MatchOut(Open):
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


class ConflictOut(ErrorOut):
    state: MatchOut = Field(description="The match as it stands now.")


class HistoryEntryOut(Schema):
    at: str = Field(description="ISO 8601 time.")
    by: str = Field(description="The user or table that acted.")
    action: str = Field(description="create, record, correct, undo, stop or reopen.")
    number: int | None
    before: dict[str, Any] | None
    after: dict[str, Any] | None
    reason: str | None


# -- request bodies (documentation only: see the module docstring) ----------------------


class CreateIn(Schema):
    game: str = Field(examples=["sergeant-major"])
    variant: str = Field(examples=["8-5-3"])
    players: list[str] = Field(description="Names in clockwise seating order.")
    first_dealer: int = Field(description="A seat index.")
    options: dict[str, Any] | None = Field(None, description="Overrides of the preset's defaults.")
    bid: int | None = Field(None, description="Only for woburn; omit for a normal first deal.")


class HandIn(Open):
    number: int = Field(description="The number the client believes is next.")


class CorrectIn(Open):
    version: int = Field(description="The version of the hand being corrected.")
    reason: str | None = Field(None, max_length=200)


class UndoIn(Schema):
    reason: str | None = Field(None, max_length=200)


def body_schema(model: type[BaseModel], example: dict[str, Any] | None = None) -> dict[str, Any]:
    """An ``openapi_extra`` that documents ``model`` as the JSON body."""
    schema = model.model_json_schema()
    schema.pop("title", None)
    content: dict[str, Any] = {"schema": schema}
    if example is not None:
        content["example"] = example
    return {"requestBody": {"required": True, "content": {"application/json": content}}}
