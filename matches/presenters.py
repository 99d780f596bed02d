"""Arrange a derived match for the page, the same for every game: seats as they sit,
history rows, the chart's geometry. Nothing here scores; every figure comes from the
replay. What differs from game to game is in the game's plugin (``matches.games``)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _

from .rules import Hand, MatchState


def seating(seats: int) -> list[tuple[int, float, float]]:
    """Seat numbers around an oval table, clockwise from the top (the new-match picture)."""
    spots = []
    for seat in range(seats):
        angle = -math.pi / 2 + 2 * math.pi * seat / seats
        spots.append(
            (
                seat + 1,
                round(100 + 84 * math.cos(angle), 1),
                round(80 + 62 * math.sin(angle) + 6, 1),
            )
        )
    return spots


def role(offset: int) -> str:
    """A seat's role by its offset from the dealer."""
    return [_("dealer"), _("eldest"), _("third"), _("fourth")][offset]


@dataclass(frozen=True)
class SeatView:
    seat: int
    name: str
    total: int
    role: str | None
    target: int | None
    winner: bool
    points: int | None = None  # a tally the game keeps besides the totals (Sieben's)
    sits_out: bool = False


def seats(state: MatchState, points: Sequence[int] | None = None) -> list[SeatView]:
    coming = state.next_hand
    rows = []
    for seat, name in enumerate(state.players):
        offset = (seat - coming.dealer) % state.seats if coming else None
        sits_out = coming is not None and seat not in coming.active
        # Past dealer and eldest, roles matter only where they set a target, which a seat
        # sitting out has not (a Sergeant Major sitter).
        if offset is not None and offset >= 2 and (not coming.targets or sits_out):
            offset = None
        rows.append(
            SeatView(
                seat=seat,
                name=name,
                total=state.totals[seat],
                role=role(offset) if offset is not None else None,
                target=coming.targets[seat] if coming and coming.targets and not sits_out else None,
                winner=seat in state.winners,
                points=points[seat] if points is not None else None,
                sits_out=sits_out,
            )
        )
    return rows


@dataclass(frozen=True)
class HistoryRow:
    number: int
    version: int
    hand: Hand
    details: dict  # the game's own columns, in words
    dealer: str
    totals: tuple[int, ...]


def history(
    state: MatchState, versions: Sequence[int], details: Callable[[Hand], dict]
) -> list[HistoryRow]:
    running = state.running_totals()
    return [
        HistoryRow(
            number=hand.number,
            version=version,
            hand=hand,
            details=details(hand),
            dealer=state.players[hand.dealer],
            totals=totals,
        )
        for hand, version, totals in zip(state.hands, versions, running[1:], strict=True)
    ]


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    zero_y: float
    lines: list[tuple[int, str, str]]  # seat, name, SVG points
    top: int
    bottom: int


def chart(
    state: MatchState, width: int = 600, height: int = 180, running=None, labels=None
) -> Chart | None:
    """Running totals as SVG polylines; None before the first hand. ``running`` and
    ``labels`` draw other series: Sieben's tally of points per side, which is what its
    table keeps."""
    if running is None:
        running, labels = state.running_totals(), state.players
    if len(running) < 2:
        return None
    values = [value for totals in running for value in totals]
    top, bottom = max(max(values), 1), min(min(values), -1)
    pad = 8

    def y(value: int) -> float:
        return round(pad + (top - value) * (height - 2 * pad) / (top - bottom), 1)

    def x(index: int) -> float:
        return round(pad + index * (width - 2 * pad) / (len(running) - 1), 1)

    lines = [
        (seat, name, " ".join(f"{x(i)},{y(t[seat])}" for i, t in enumerate(running)))
        for seat, name in enumerate(labels)
    ]
    return Chart(width, height, y(0), lines, top, bottom)
