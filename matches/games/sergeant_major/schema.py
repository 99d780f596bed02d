"""Sergeant Major's hand in the API (matches/api/API.md): the fields ``POST .../hands`` and a
correction take for it, with the limits its presets set."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, StrictStr

from matches.games.bodies import Body, Declared, Whole, presets, seat, seat_counts

from .rules import CALLS, SUITS, SergeantMajor

FEWEST, MOST = seat_counts(SergeantMajor)
Seat = seat(SergeantMajor)
MOST_TRICKS = max(ruleset.tricks for ruleset in presets(SergeantMajor))
# Each pair of seats passes at most once before a hand.
MOST_EXCHANGES = MOST * (MOST - 1) // 2


class ExchangeIn(Body):
    giver: Seat = Field(alias="from", description="The seat that passes.")
    to: Seat = Field(description="The seat that receives and returns.")
    cards: Whole = Field(ge=1)


class SergeantMajorHand(Body):
    tricks: (
        Annotated[
            list[Annotated[Whole, Declared(minimum=0, maximum=MOST_TRICKS)]],
            Declared(minItems=FEWEST, maxItems=MOST),
        ]
        | None
    ) = Field(None, description="Sergeant Major: tricks per seat.")
    trump: Annotated[StrictStr, Declared(enum=list(SUITS))] | None = Field(
        None, description="Sergeant Major: clubs, spades, hearts or diamonds."
    )
    call: Annotated[StrictStr, Declared(enum=list(CALLS))] | None = Field(
        None,
        description="Sergeant Major, alternate: a suit, no-trumps or miz; each seat makes "
        "each call once.",
    )
    last_trick: Seat | None = Field(
        None, description="Sergeant Major: who took the last trick, when a tie needs it."
    )
    exchanges: Annotated[list[ExchangeIn], Declared(maxItems=MOST_EXCHANGES)] | None = Field(
        None, description="Sergeant Major, four-player: the plucking the table actually did."
    )
