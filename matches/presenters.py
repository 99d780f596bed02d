"""Arrange a derived match for the page, the same for every game: seats as they sit,
history rows, the chart's geometry. Nothing here scores; every figure comes from the
replay. What differs from game to game is in the game's plugin (``matches.games``)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

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
class ScoreChart:
    """The match page's chart of the score after each hand: an SVG polyline per seat (side)."""

    width: int
    height: int
    zero_y: float
    lines: list[tuple[int, str, str]]  # seat, name, SVG points
    top: int
    bottom: int
    signed: bool = True  # the axis is labelled +3 / −2 (totals), not 12 / 0 (a tally)


def chart(
    state: MatchState,
    width: int = 600,
    height: int = 180,
    running=None,
    labels=None,
    signed: bool = True,
) -> ScoreChart | None:
    """Running totals as SVG polylines; None before the first hand. ``running`` and
    ``labels`` draw other series: Sieben's tally of points per side, which is what its
    table keeps, from 0 up (not ``signed``)."""
    if running is None:
        running, labels = state.running_totals(), state.players
    if len(running) < 2:
        return None
    values = [value for totals in running for value in totals]
    # A tally never goes below 0, so its axis starts there; totals go both ways.
    top, bottom = max(max(values), 1), min(min(values), -1 if signed else 0)
    pad = 8

    def y(value: int) -> float:
        return round(pad + (top - value) * (height - 2 * pad) / (top - bottom), 1)

    def x(index: int) -> float:
        return round(pad + index * (width - 2 * pad) / (len(running) - 1), 1)

    lines = [
        (seat, name, " ".join(f"{x(i)},{y(t[seat])}" for i, t in enumerate(running)))
        for seat, name in enumerate(labels)
    ]
    return ScoreChart(width, height, y(0), lines, top, bottom, signed)


# -- the audit trail ------------------------------------------------------------------------


@dataclass(frozen=True)
class HandFact:
    """One thing the table reported about a hand, in the game's words: "Trumps: Hearts",
    or one item of a row ("Tricks: Ann 9, Ben 4"). ``key`` tells the same fact of two
    versions of a hand apart; a fact that is not ``shown`` (a flag left off) is left out
    of a hand's description but still compared."""

    key: str
    value: str
    label: str = ""  # the fact's own name, or the seat's (side's) within a group
    group: str = ""  # what a row of facts is ("Tricks"); "" for a fact on its own
    shown: bool = True


def _rows(facts: Sequence[HandFact]) -> list[tuple[str, list[str]]]:
    """Facts gathered into rows: (group, items) for a group, (label, [value]) otherwise."""
    rows: list[tuple[str, list[str]]] = []
    group = None
    for fact in facts:
        if fact.group and fact.group == group:
            rows[-1][1].append(f"{fact.label} {fact.value}")
        elif fact.group:
            rows.append((fact.group, [f"{fact.label} {fact.value}"]))
        else:
            rows.append((fact.label, [fact.value]))
        group = fact.group or None
    return rows


def described(facts: Sequence[HandFact]) -> list[str]:
    """A whole hand in words, a line per fact or row: "Tricks: Ann 9, Ben 4, Cy 3"."""
    return [f"{label}: {', '.join(items)}" for label, items in _rows([f for f in facts if f.shown])]


def changed(before: Sequence[HandFact], after: Sequence[HandFact]) -> list[str]:
    """What a correction changed, a line per fact or row: "Tricks: Ben 6 → 5, Cy 3 → 4"."""
    old = {fact.key: fact for fact in before}
    new = {fact.key: fact for fact in after}
    keys = list(new) + [key for key in old if key not in new]
    differences = []
    for key in keys:
        was, now = old.get(key), new.get(key)
        if was is not None and now is not None and was.value == now.value:
            continue
        fact = now or was
        arrow = f"{was.value if was else '—'} → {now.value if now else '—'}"
        differences.append(HandFact(key, arrow, fact.label, fact.group))
    return described(differences)


@dataclass(frozen=True)
class AuditLine:
    """One entry of the audit trail as the page shows it."""

    at: Any
    who: str
    what: str
    lines: list[str]
    reason: str


def audit_trail(game, match, entries) -> list[AuditLine]:
    """The match's audit entries in the game's words: a hand recorded or undone as what
    the table reported, a correction as what it changed, the match's set-up in the words
    of the new-match page."""
    ruleset, players = match.ruleset, match.names
    shown = []
    for entry in entries:
        what = entry.get_action_display()
        if entry.number:
            what += " " + _("hand %(number)s") % {"number": entry.number}

        def facts(data):
            return game.hand_facts(ruleset, players, data) if data else []

        if entry.action == "create":
            lines = game.setup_facts(ruleset, entry.after or {})
        elif entry.action == "correct":
            lines = changed(facts(entry.before), facts(entry.after)) or [_("Nothing changed.")]
        elif entry.action in ("record", "undo"):
            lines = described(facts(entry.after or entry.before))
        else:
            lines = []
        shown.append(AuditLine(entry.at, entry.who, what, lines, entry.reason))
    return shown


# -- a player's rating over time ------------------------------------------------------------


@dataclass(frozen=True)
class RatingChart:
    """The player page's chart of a rating after each rated match: μ as a line, the band
    of μ ± σ around it (the uncertainty), and the rating shown (μ − 3σ) dashed below. An
    SVG drawn on the server: no script."""

    width: int
    height: int
    band: str  # SVG polygon points
    mu: str  # SVG polyline points
    ordinal: str
    top: int
    bottom: int
    first: Any  # when the first and the last rated match finished
    last: Any


def rating_chart(course: Sequence[Any], width: int = 320, height: int = 140) -> RatingChart | None:
    """``course``: points with ``at``, ``mu``, ``sigma`` and ``ordinal``, oldest first;
    None for fewer than two."""
    if len(course) < 2:
        return None
    top = math.ceil(max(p.mu + p.sigma for p in course))
    bottom = math.floor(min(p.ordinal for p in course))
    top = max(top, bottom + 1)
    pad = 8

    def x(index: int) -> float:
        return round(pad + index * (width - 2 * pad) / (len(course) - 1), 1)

    def y(value: float) -> float:
        return round(pad + (top - value) * (height - 2 * pad) / (top - bottom), 1)

    upper = [f"{x(i)},{y(p.mu + p.sigma)}" for i, p in enumerate(course)]
    lower = [f"{x(i)},{y(p.mu - p.sigma)}" for i, p in enumerate(course)]
    return RatingChart(
        width,
        height,
        " ".join(upper + lower[::-1]),
        " ".join(f"{x(i)},{y(p.mu)}" for i, p in enumerate(course)),
        " ".join(f"{x(i)},{y(p.ordinal)}" for i, p in enumerate(course)),
        top,
        bottom,
        course[0].at,
        course[-1].at,
    )
