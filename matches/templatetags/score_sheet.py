"""The head of a match's own score sheet (the match page printed, issue 20 item 7): the
game and variant, how many hands, who won (or leads) and by how much over each of the
others. From the seats the page shows; nothing here scores."""

from dataclasses import dataclass

from django import template

from ..games import registry as games
from .scoring import signed

register = template.Library()


@dataclass(frozen=True)
class Margin:
    name: str
    figure: str  # the seat's total (+3, −2), or its tally where the game keeps one
    behind: int  # how far short of the first


@dataclass(frozen=True)
class SheetFacts:
    game: str
    hands: int
    first: list[str]  # the winners, or the leaders of a match still going
    figure: str  # theirs, as ``Margin.figure``
    margins: list[Margin]


@register.simple_tag
def sheet_facts(match, state, seats) -> SheetFacts | None:
    """None before the first hand: a blank sheet has nobody ahead."""
    if not state.hands:
        return None
    tally = any(seat.points is not None for seat in seats)
    figure = {seat.seat: seat.points if tally else seat.total for seat in seats}
    if state.finished and state.winners:
        ahead = [seat for seat in seats if seat.winner]
    else:
        best = max(figure.values())
        ahead = [seat for seat in seats if figure[seat.seat] == best]
    top = figure[ahead[0].seat]
    others = sorted((seat for seat in seats if seat not in ahead), key=lambda s: -figure[s.seat])
    shown = str if tally else signed
    margins = [
        Margin(seat.name, shown(figure[seat.seat]), top - figure[seat.seat]) for seat in others
    ]
    first = [seat.name for seat in ahead]
    return SheetFacts(games.label(match), len(state.hands), first, shown(top), margins)
