"""Mini Tricks' hand in the API: ``taken``, the tricks per seat."""

from typing import Annotated

from pydantic import Field

from matches.games.bodies import Body, Declared, Whole

from .rules import SEATS, TRICKS


class MiniTricksHand(Body):
    taken: (
        Annotated[
            list[Annotated[Whole, Declared(minimum=0, maximum=TRICKS)]],
            Declared(minItems=SEATS, maxItems=SEATS),
        ]
        | None
    ) = Field(None, description="Mini Tricks: the tricks each seat took.")
