"""Sieben's round in the API (matches/api/API.md): the fields ``POST .../hands`` and a correction
take for it, with the limits its presets set."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, StrictBool

from matches.games.bodies import Body, Declared, Whole, presets

from .rules import COUNTERS, Sieben

SIDES = sorted({ruleset.sides for ruleset in presets(Sieben)})


class SiebenHand(Body):
    counters: (
        Annotated[
            list[Annotated[Whole, Declared(minimum=0, maximum=COUNTERS, multipleOf=10)]],
            Declared(minItems=SIDES[0], maxItems=SIDES[-1]),
        ]
        | None
    ) = Field(None, description="Sieben: counters per side.")
    no_trick: StrictBool | None = Field(None, description="Sieben.")
    four_of_a_kind: Annotated[Whole, Declared(minimum=0, maximum=SIDES[-1] - 1)] | None = Field(
        None, description="Sieben, with that option: the side that showed it."
    )
