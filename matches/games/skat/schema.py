"""Skat's game in the API (matches/api/API.md): the fields ``POST .../hands`` and a
correction take for it (skat/rules.md §4.1), with the limits its presets set."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, StrictBool

from matches.games.bodies import Body, Declared, Whole, seat

from .rules import BID_VALUES, CARD_POINTS, GAMES, LOWEST_BID, MOST_MATADORS, Skat

Seat = seat(Skat)
NOT_ISKO = "Skat: not part of ISkO tournament play, refused."


class Matadors(Body):
    """With or without n; both are needed, which the rules say in their words."""

    with_: StrictBool | None = Field(None, alias="with", description="Skat: with, or without.")
    n: Annotated[Whole, Declared(minimum=1, maximum=max(MOST_MATADORS.values()))] | None = Field(
        None, description="Skat: how many (suit 1-11, grand 1-4)."
    )


class SkatHand(Body):
    passed: StrictBool | None = Field(
        None, description="Skat: all three passed (then nothing else)."
    )
    declarer: Seat | None = Field(None, description="Skat: never the dealer at a table of four.")
    game: Annotated[str, Declared(enum=list(GAMES))] | None = Field(None, description="Skat.")
    # ``hand_`` for the key "hand": the envelope's ``hand()`` is the hand it carries.
    hand_: StrictBool | None = Field(
        None, alias="hand", description="Skat: the skat was not picked up."
    )
    ouvert: StrictBool | None = Field(None, description="Skat: an open game.")
    matadors: Matadors | None = Field(None, description="Skat: suit and grand games.")
    schneider_announced: StrictBool | None = Field(None, description="Skat: hand games.")
    schwarz_announced: StrictBool | None = Field(None, description="Skat: hand games.")
    bid: Annotated[Whole, Declared(enum=list(BID_VALUES))] | None = Field(
        None, description=f"Skat: a bid value, {LOWEST_BID} when not given."
    )
    won: StrictBool | None = Field(None, description="Skat.")
    schneider: StrictBool | None = Field(None, description="Skat: a party has 30 or fewer.")
    schwarz: StrictBool | None = Field(None, description="Skat: a party took no trick.")
    points: Annotated[Whole, Declared(minimum=0, maximum=CARD_POINTS)] | None = Field(
        None, description="Skat: the declarer's card points, the skat included (optional)."
    )

    # Ramsch, Kontra, Re and Bock are house rules (rules.md §4.9): a client that sends
    # one (any value, null too) is told so by the rules, not "unknown field".
    ramsch: StrictBool | None = Field(None, description=NOT_ISKO)
    kontra: StrictBool | None = Field(None, description=NOT_ISKO)
    re: StrictBool | None = Field(None, description=NOT_ISKO)
    bock: StrictBool | None = Field(None, description=NOT_ISKO)
