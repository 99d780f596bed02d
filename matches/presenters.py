"""Arrange a derived match for the page: seats as they sit, history rows, the exchange in
words, the chart's geometry. Nothing here scores; every figure comes from the replay."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .forms import SUIT_LABELS, SUIT_SYMBOLS
from .rules import MatchState


def role(offset: int) -> str:
    """A seat's role by its offset from the dealer."""
    if offset == 0:
        return _("dealer")
    if offset == 1:
        return _("eldest")
    return _("third") if offset == 2 else _("seat %(offset)s") % {"offset": offset + 1}


@dataclass(frozen=True)
class SeatView:
    seat: int
    name: str
    total: int
    role: str | None
    target: int | None
    winner: bool


def seats(state: MatchState) -> list[SeatView]:
    coming = state.next_hand
    rows = []
    for seat, name in enumerate(state.players):
        rows.append(
            SeatView(
                seat=seat,
                name=name,
                total=state.totals[seat],
                role=role((seat - coming.dealer) % state.seats) if coming else None,
                target=coming.targets[seat] if coming and coming.targets else None,
                winner=seat in state.winners,
            )
        )
    return rows


def exchange_steps(state: MatchState) -> list[str]:
    """The cards owed before the next deal, in order, in plain words."""
    coming = state.next_hand
    if coming is None or not coming.exchanges:
        return []
    last = state.hands[-1].scores
    names = state.players
    steps = []
    for exchange in coming.exchanges:
        giver, receiver = names[exchange.giver], names[exchange.receiver]
        steps.append(
            ngettext(
                "%(giver)s was %(up)s up: passes %(cards)s card face down to %(receiver)s "
                "(%(down)s down). %(receiver)s returns the highest card held in that suit.",
                "%(giver)s was %(up)s up: passes %(cards)s cards face down to %(receiver)s "
                "(%(down)s down). %(receiver)s returns, for each card received, the highest "
                "card held in its suit.",
                exchange.cards,
            )
            % {
                "giver": giver,
                "receiver": receiver,
                "up": last[exchange.giver],
                "down": -last[exchange.receiver],
                "cards": exchange.cards,
            }
        )
    return steps


@dataclass(frozen=True)
class HistoryRow:
    number: int
    version: int
    dealer: str
    trump: str
    trump_slug: str
    symbol: str
    cells: list[tuple[int, int, int]]  # per seat: tricks, target, score
    totals: tuple[int, ...]


def history(state: MatchState, versions) -> list[HistoryRow]:
    running = state.running_totals()
    rows = []
    for hand, version, totals in zip(state.hands, versions, running[1:], strict=True):
        trump = hand.input.get("trump", "")
        rows.append(
            HistoryRow(
                number=hand.number,
                version=version,
                dealer=state.players[hand.dealer],
                trump=SUIT_LABELS.get(trump, trump),
                trump_slug=trump,
                symbol=SUIT_SYMBOLS.get(trump, ""),
                cells=list(
                    zip(hand.input.get("tricks", []), hand.targets or (), hand.scores, strict=False)
                ),
                totals=totals,
            )
        )
    return rows


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    zero_y: float
    lines: list[tuple[int, str, str]]  # seat, name, SVG points
    top: int
    bottom: int


def chart(state: MatchState, width: int = 600, height: int = 180) -> Chart | None:
    """Running totals as SVG polylines; None before the first hand."""
    running = state.running_totals()
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
        for seat, name in enumerate(state.players)
    ]
    return Chart(width, height, y(0), lines, top, bottom)


def table_context(snapshot, *, read_only: bool = False) -> dict:
    """Everything the match page shows, from one snapshot."""
    state = snapshot.state
    return {
        "match": snapshot.match,
        "state": state,
        "seats": seats(state),
        "coming": state.next_hand,
        "targets": state.next_hand.targets if state.next_hand else None,
        "coming_dealer_name": state.players[state.next_hand.dealer] if state.next_hand else None,
        "exchange_steps": exchange_steps(state),
        "history": history(state, snapshot.versions),
        "chart": chart(state),
        "winners": [state.players[seat] for seat in state.winners],
        "read_only": read_only,
    }
