"""What a game's API hand body is built from (its ``schema`` module): the house's request
body (no keys but those described), strict whole numbers, limits declared for the
description only, and seat indices bounded by the game's presets.

A game's hand body holds its own hand fields, all optional: which of them a match's
variant takes and which values make a legal hand is for its rules to say, in their
words; the body refuses what no match of the game could take (an unknown key, a string
for a number). ``api.schemas`` adds the envelope (the hand's number, a correction's
version and reason) and assembles every game's body into the OpenAPI description.

Here rather than in ``api.schemas`` so that a game's package imports no API module
(whose endpoints import the games).
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, StrictInt
from pydantic_core import core_schema

from ..rules import Ruleset


class Body(BaseModel):
    """A request body: the keys described and no others (``additionalProperties: false``)."""

    model_config = ConfigDict(extra="forbid")


class Declared:
    """``Annotated`` metadata: a limit that the rules or services enforce with their own
    message, declared in the JSON schema only (``schema`` is merged into the wrapped
    type's), so that pydantic does not refuse first in other words."""

    def __init__(self, **schema: Any):
        self.schema = schema

    def __get_pydantic_json_schema__(self, core: core_schema.CoreSchema, handler: Any) -> Any:
        json_schema = handler(core)
        json_schema.update(self.schema)
        return json_schema


def whole(value: Any) -> Any:
    # JSON has one kind of number, and JSON Schema's "integer" is any number with no
    # fraction: 3.0 is the whole number 3. (A true or a "3" stays refused.)
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


Whole = Annotated[StrictInt, BeforeValidator(whole)]


def presets(ruleset_class: type[Ruleset]) -> list[Ruleset]:
    """Every preset of a game, as rulesets with the preset's defaults."""
    return [ruleset_class(variant) for variant in ruleset_class.presets]


def seat_counts(ruleset_class: type[Ruleset]) -> tuple[int, int]:
    """The fewest and the most players any preset of the game seats."""
    seats = [ruleset.seats for ruleset in presets(ruleset_class)]
    return min(seats), max(seats)


def seat(ruleset_class: type[Ruleset], description: str = "A seat index, 0 first."):
    """A seat index of the game: at most its biggest table's last seat."""
    return Annotated[
        Whole,
        Field(description=description),
        Declared(minimum=0, maximum=seat_counts(ruleset_class)[1] - 1),
    ]
