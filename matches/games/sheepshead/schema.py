"""Sheepshead's hand in the API (matches/api/API.md): the fields ``POST .../hands`` and a correction
take for it, with the limits its presets set."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, StrictBool

from matches.games.bodies import Body, Declared, Whole, seat

from .rules import CARD_POINTS, Sheepshead

Seat = seat(Sheepshead)


class SheepsheadHand(Body):
    picker: Seat | None = Field(None, description="Sheepshead: null when nobody picked.")
    partner: Seat | None = Field(None, description="Sheepshead: null when alone.")
    points: Annotated[Whole, Declared(minimum=0, maximum=CARD_POINTS)] | None = Field(
        None, description="Sheepshead: the picker side's card points."
    )
    all_tricks: StrictBool | None = Field(None, description="Sheepshead.")
    no_trick: StrictBool | None = Field(None, description="Sheepshead.")
    leaster_winner: Seat | None = Field(None, description="Sheepshead, with all_pass leaster.")
    cracked: StrictBool | None = Field(None, description="Sheepshead, with cracking.")
    recracked: StrictBool | None = Field(None, description="Sheepshead, with cracking.")
