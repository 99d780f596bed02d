"""The club rating (docs/tournaments.md "The club rating"), pure: no Django.

Each finished match of registered players is one *event*: its seats ranked by their
places (equal places share a rank, a Sergeant Major 12-trick winner is first, as
``Seat.place`` has it), partners one team. The events of a game, in the order the
matches finished, fold into each player's rating with openskill's Weng-Lin Bayesian
rating, the Plackett-Luce model with the library's defaults (μ 25, σ 25/3): what is
stored is always what ``replay`` gives from scratch.

Only openskill's public API: ``PlackettLuce``, its ``rating`` and ``rate``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

# Shown as a rating only after this many rated matches in that game: before, the
# figure says more about the start value than about the player.
SHOWN_AFTER = 5

MODEL = PlackettLuce()
START = (MODEL.mu, MODEL.sigma)


@dataclass(frozen=True)
class Seat:
    """A player at an event's table: who, which team (partners share one) and the
    place the match gave them (1 is first; equal places share it)."""

    player: int
    team: int
    place: int


@dataclass(frozen=True)
class Event:
    """One rated match: ``key`` orders the events (when it finished, then its id)."""

    key: Any
    match: int
    seats: tuple[Seat, ...]


@dataclass(frozen=True)
class Point:
    """A player's rating after an event: the course of a rating over time. ``number``
    counts the player's rated matches in the game (1 for the first)."""

    key: Any
    match: int
    player: int
    rank: int
    mu: float
    sigma: float
    number: int

    @property
    def ordinal(self) -> float:
        return ordinal(self.mu, self.sigma)


@dataclass(frozen=True)
class Standing:
    """Where a player stands before an event: their rating and rated matches so far."""

    mu: float
    sigma: float
    matches: int = 0


NEW = Standing(*START)


def ordinal(mu: float, sigma: float) -> float:
    """The figure a list ranks by: μ − 3σ, which only rises with evidence."""
    return mu - 3 * sigma


def teams_of(seats: Sequence[Seat]) -> list[list[Seat]]:
    """The event's teams in the order their first seat sits: a player alone, or
    partners."""
    teams: dict[int, list[Seat]] = {}
    for seat in seats:
        teams.setdefault(seat.team, []).append(seat)
    return list(teams.values())


def rate(event: Event, before: Mapping[int, Standing]) -> list[Point]:
    """Each seat's rating after ``event``, from ``before`` (a player not in it is new).
    A team's rank is its best place (partners share theirs): openskill ranks lower
    first, equal ranks tie."""
    teams = teams_of(event.seats)
    if len(teams) < 2:
        return []  # nobody to be ranked against
    ratings = [
        [
            MODEL.rating(mu=before.get(s.player, NEW).mu, sigma=before.get(s.player, NEW).sigma)
            for s in team
        ]
        for team in teams
    ]
    ranks = [min(s.place for s in team) for team in teams]
    after = MODEL.rate(ratings, ranks=ranks)
    points = []
    for team, rank, rated in zip(teams, ranks, after, strict=True):
        for seat, rating in zip(team, rated, strict=True):
            count = before.get(seat.player, NEW).matches + 1
            points.append(
                Point(event.key, event.match, seat.player, rank, rating.mu, rating.sigma, count)
            )
    return points


def replay(
    events: Iterable[Event], start: Mapping[int, Standing] | None = None
) -> tuple[list[Point], dict[int, Standing]]:
    """Fold ``events`` (in their order) into ratings, from ``start`` (everyone new when
    not given): every point on the way and where each player stands after."""
    standing: dict[int, Standing] = dict(start or {})
    points: list[Point] = []
    for event in events:
        rated = rate(event, standing)
        for point in rated:
            standing[point.player] = Standing(point.mu, point.sigma, point.number)
        points.extend(rated)
    return points, standing
