"""Reads: the club's memory (docs/tournaments.md "Player pages and the club rating"): a
player's figures per game across every evening, and a game's rating list.

A player's matches are their finished, unarchived matches (casual or at a tournament's
table, rated or not); the rating is what ``services.ratings`` stored, shown only after
``ratings.SHOWN_AFTER`` rated matches in that game.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.db.models import Q
from django.utils import timezone

from .. import ratings, rules
from ..models import Entry, Player, Rating, RatingPoint, Seat, Tournament
from .standings import tournament_standings

SHOWN_AFTER = ratings.SHOWN_AFTER
FORM = 10  # the form: places over the last ten matches
OPPONENTS = 5  # the opponents met most
INACTIVE = timedelta(days=365)  # the rating list's option hides who has not played since


@dataclass(frozen=True)
class Shown:
    """A rating as the pages show it: the ordinal with μ and σ beside it, or "not yet
    rated: 3 of 5" (``rated`` of ``ratings.SHOWN_AFTER``)."""

    mu: float | None
    sigma: float | None
    rated: int

    @property
    def shown(self) -> bool:
        return self.rated >= ratings.SHOWN_AFTER

    @property
    def ordinal(self) -> float | None:
        return None if self.mu is None else ratings.ordinal(self.mu, self.sigma)

    @property
    def needed(self) -> int:
        return ratings.SHOWN_AFTER


@dataclass(frozen=True)
class Opponent:
    player: int
    name: str
    met: int
    ahead: int  # matches the player finished ahead of this opponent
    behind: int


@dataclass(frozen=True)
class PlayedTournament:
    tournament: Tournament
    rank: int | None  # the place in its standings (so far, while it runs)
    final: bool


@dataclass(frozen=True)
class CoursePoint:
    at: datetime
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return ratings.ordinal(self.mu, self.sigma)


@dataclass
class GameRecord:
    """A player's figures in one game."""

    game: str
    matches: int = 0
    wins: int = 0
    places: list[int] = field(default_factory=list)  # oldest first
    rating: Shown = Shown(None, None, 0)
    course: list[CoursePoint] = field(default_factory=list)
    opponents: list[Opponent] = field(default_factory=list)
    tournaments: list[PlayedTournament] = field(default_factory=list)

    @property
    def average_place(self) -> float | None:
        return round(sum(self.places) / len(self.places), 2) if self.places else None

    @property
    def form(self) -> list[int]:
        return self.places[-FORM:]


def _partners_of(game: str, variant: str, cache: dict) -> rules.Ruleset:
    if (game, variant) not in cache:
        cache[game, variant] = rules.get_ruleset(game, variant)
    return cache[game, variant]


def player_record(player: Player) -> list[GameRecord]:
    """The player's figures per game they finished a match of, in the games' order; a
    fixed number of queries (plus the standings of each tournament entered)."""
    mine = list(
        Seat.objects.filter(player=player, match__finished=True, match__archived=False)
        .order_by("match__finished_at", "match_id")
        .values_list("match_id", "match__game", "match__variant", "number", "place", "won")
    )
    records: dict[str, GameRecord] = {}
    seat_of = {}
    for match, game, variant, number, place, won in mine:
        record = records.setdefault(game, GameRecord(game))
        record.matches += 1
        record.wins += bool(won)
        record.places.append(place)
        seat_of[match] = (game, variant, number, place)
    rulesets: dict = {}
    met: dict[str, Counter] = {}
    ahead: dict[str, Counter] = {}
    behind: dict[str, Counter] = {}
    names = {}
    others = (
        Seat.objects.filter(match__in=list(seat_of))
        .exclude(player=player)
        .values_list("match_id", "number", "player_id", "player__name", "place")
    )
    for match, number, other, name, place in others:
        game, variant, mine_number, mine_place = seat_of[match]
        ruleset = _partners_of(game, variant, rulesets)
        if ruleset.partnership(number) == ruleset.partnership(mine_number):
            continue  # a partner is no opponent
        names[other] = name
        met.setdefault(game, Counter())[other] += 1
        if mine_place < place:
            ahead.setdefault(game, Counter())[other] += 1
        elif mine_place > place:
            behind.setdefault(game, Counter())[other] += 1
    for game, record in records.items():
        counted = met.get(game, Counter())
        most = sorted(counted, key=lambda other: (-counted[other], names[other].casefold()))
        record.opponents = [
            Opponent(
                other,
                names[other],
                counted[other],
                ahead.get(game, Counter())[other],
                behind.get(game, Counter())[other],
            )
            for other in most[:OPPONENTS]
        ]
    for game, mu, sigma, count in Rating.objects.filter(player=player).values_list(
        "game", "mu", "sigma", "matches"
    ):
        if game in records:
            records[game].rating = Shown(mu, sigma, count)
    for game, at, mu, sigma in (
        RatingPoint.objects.filter(player=player)
        .order_by("finished_at", "match_id")
        .values_list("game", "finished_at", "mu", "sigma")
    ):
        if game in records:
            records[game].course.append(CoursePoint(at, mu, sigma))
    for tournament, entry in _entries(player):
        if tournament.game not in records:
            records[tournament.game] = GameRecord(tournament.game)
        records[tournament.game].tournaments.append(_placed(tournament, entry))
    order = list(rules.GAMES)
    return sorted(records.values(), key=lambda r: (order.index(r.game), r.game))


def _entries(player: Player) -> list[tuple[Tournament, int]]:
    entries = (
        Entry.objects.filter(Q(player=player) | Q(partner=player))
        .select_related("tournament")
        .order_by("-tournament__date", "-tournament_id")
    )
    return [
        (entry.tournament, entry.pk)
        for entry in entries
        if entry.tournament.status != Tournament.Status.REGISTRATION
    ]


def _placed(tournament: Tournament, entry: int) -> PlayedTournament:
    table = tournament_standings(tournament)
    rank = next((row.rank for row in table.rows if row.entry == entry), None)
    return PlayedTournament(tournament, rank, table.final)


@dataclass(frozen=True)
class ListRow:
    rank: int
    player: int
    name: str
    mu: float
    sigma: float
    ordinal: float
    matches: int
    last_played: datetime


def rating_list(game: str, *, recent: bool = False) -> list[ListRow]:
    """The rated players of ``game`` (``ratings.SHOWN_AFTER`` rated matches or more) by
    ordinal, best first; equal ordinals share a rank. ``recent``: without those who
    have not played it for a year. One query."""
    rows = Rating.objects.filter(game=game, matches__gte=ratings.SHOWN_AFTER)
    if recent:
        rows = rows.filter(last_played__gte=timezone.now() - INACTIVE)
    found = rows.order_by("-ordinal", "player__name_sort", "player_id").values_list(
        "player_id", "player__name", "mu", "sigma", "ordinal", "matches", "last_played"
    )
    listed: list[ListRow] = []
    for position, (player, name, mu, sigma, ordinal, count, last) in enumerate(found, 1):
        rank = listed[-1].rank if listed and listed[-1].ordinal == ordinal else position
        listed.append(ListRow(rank, player, name, mu, sigma, ordinal, count, last))
    return listed


def rated_players(game: str) -> dict[int, float]:
    """Each rated player's ordinal in ``game`` (shown ratings only): the seeding of a
    round by rating."""
    return dict(
        Rating.objects.filter(game=game, matches__gte=ratings.SHOWN_AFTER).values_list(
            "player_id", "ordinal"
        )
    )
