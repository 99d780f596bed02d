"""The club rating's only writer (docs/tournaments.md "The club rating"): ``Rating`` and
``RatingPoint`` rows, kept equal to a rebuild from scratch over every finished match.

A match is *rated* when it is finished, not archived, has a hand, and is a tournament's
table or has only registered (not casual) players. Its event is its seats ranked by
their places, partners one team (``Ruleset.partnership``), applied in the order the
matches finished (``Match.finished_at``, then the match's id: the *key*). The pure
rating is ``matches.ratings``.

What a write affects is recomputed from the first event it touches on: the points from
that key on are replaced by a replay of the rated matches from there, started from
where each player stood before it. A match that finishes now is the newest event, so
its replay is that one match. A correction that leaves a finished match's places (and
so its event) as they were changes nothing and is recognised without a replay. Every
such write runs in the caller's transaction, after the writes it follows, and takes the
game's lock row (``RatingGame``) last, so two of them on PostgreSQL recompute one after
the other (a write that sees the other's later event replays it too).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db.models import Exists, Max, Min, OuterRef, Q, QuerySet

from .. import ratings, rules
from ..models import Hand, Match, Rating, RatingGame, RatingPoint, Seat
from .base import long_work, writing

Key = tuple[datetime, int]  # (finished_at, match id): the order of the events


def key_of(match: Match) -> Key | None:
    """The match's place in the order of events, or None while it is not finished."""
    if not match.finished or match.finished_at is None:
        return None
    return (match.finished_at, match.pk)


def rated_matches(game: str) -> QuerySet:
    """The matches of ``game`` that are rating events, in no particular order."""
    casual = Seat.objects.filter(match=OuterRef("pk"), player__casual=True)
    return (
        Match.objects.filter(game=game, finished=True, archived=False, finished_at__isnull=False)
        .filter(Exists(Hand.objects.filter(match=OuterRef("pk"))))
        .exclude(Q(tournament__isnull=True) & Exists(casual))
    )


def _from(key: Key | None, *, match: str = "pk") -> Q:
    """The events at or after ``key`` (all of them for None)."""
    if key is None:
        return Q()
    at, pk = key
    return Q(finished_at__gt=at) | Q(finished_at=at, **{f"{match}__gte": pk})


def _before(key: Key) -> Q:
    at, pk = key
    return Q(finished_at__lt=at) | Q(finished_at=at, match_id__lt=pk)


# -- the writes that affect ratings call these, in their transaction ------------------------


def match_written(match: Match, before: Key | None) -> None:
    """After a write to ``match`` (its hands, a stop, an archive): recompute what changed,
    ``before`` being its key before the write (None when it was not finished)."""
    now = key_of(match)
    keys = [key for key in (before, now) if key is not None]
    if not keys:
        return  # not finished before or after: no event
    if before == now and _same_event(match):
        return
    refresh(match.game, min(keys))


def match_deleted(game: str, key: Key | None, players: Iterable[int]) -> None:
    """After a match of ``game`` whose key was ``key`` and whose seats were ``players``
    was deleted (its points with it)."""
    if key is not None:
        refresh(game, key, players)


def players_changed(earliest: dict[str, datetime]) -> None:
    """After a merge or a casual player's registration: every game from the first
    finished match of those players on (``earliest``, taken by ``first_matches`` before
    the change, as a merge deletes one of them)."""
    for game, at in sorted(earliest.items()):
        refresh(game, (at, 0))


def first_matches(player_ids: Sequence[int]) -> dict[str, datetime]:
    """Per game, when the first finished match of any of ``player_ids`` finished."""
    rows = (
        Match.objects.filter(seats__player__in=player_ids, finished_at__isnull=False)
        .values("game")
        .annotate(first=Min("finished_at"))
        .order_by()
    )
    return {row["game"]: row["first"] for row in rows}


def _same_event(match: Match) -> bool:
    """Whether the match's stored points are the event it is now: the same players at
    the same ranks (and it is rated exactly when it has points)."""
    stored = dict(RatingPoint.objects.filter(match=match).values_list("player_id", "rank"))
    if not rated_matches(match.game).filter(pk=match.pk).exists():
        return not stored
    seats = list(Seat.objects.filter(match=match).values_list("number", "player_id", "place"))
    event = _event(match.pk, key_of(match), match.ruleset, seats)
    teams = ratings.teams_of(event.seats)
    if len(teams) < 2:
        return not stored
    now = {s.player: min(x.place for x in team) for team in teams for s in team}
    return now == stored


# -- recomputing ----------------------------------------------------------------------------


def _lock(game: str) -> None:
    if not list(RatingGame.objects.select_for_update().filter(game=game).values("pk")):
        RatingGame.objects.bulk_create([RatingGame(game=game)], ignore_conflicts=True)
        list(RatingGame.objects.select_for_update().filter(game=game).values("pk"))


class _Partners:
    """Rulesets by game and variant (options never change who partners whom)."""

    def __init__(self):
        self.kept: dict[tuple[str, str], rules.Ruleset] = {}

    def __call__(self, game: str, variant: str) -> rules.Ruleset:
        found = self.kept.get((game, variant))
        if found is None:
            found = self.kept[game, variant] = rules.get_ruleset(game, variant)
        return found


def _event(match_id: int, key: Any, ruleset: rules.Ruleset, seats) -> ratings.Event:
    return ratings.Event(
        key,
        match_id,
        tuple(
            ratings.Seat(player, ruleset.partnership(number), place)
            for number, player, place in sorted(seats)
        ),
    )


def events(game: str, since: Key | None = None) -> list[ratings.Event]:
    """The rating events of ``game`` from ``since`` on (all for None), in order: two
    queries whatever their number."""
    matches = rated_matches(game).filter(_from(since))
    seats: dict[int, list[tuple[int, int, int]]] = {}
    for match_id, number, player, place in Seat.objects.filter(
        match__in=matches.values("pk")
    ).values_list("match_id", "number", "player_id", "place"):
        seats.setdefault(match_id, []).append((number, player, place))
    partners = _Partners()
    return [
        _event(pk, (at, pk), partners(game, variant), seats.get(pk, ()))
        for pk, at, variant in matches.order_by("finished_at", "pk").values_list(
            "pk", "finished_at", "variant"
        )
    ]


@dataclass(frozen=True)
class _Stand:
    standing: ratings.Standing
    last: datetime


def _standing_before(game: str, since: Key, players: set[int], moved: set[int]) -> dict:
    """Where each of ``players`` stood before ``since``: the ``Rating`` row of a player
    with no point from there on, otherwise their last point before it."""
    found = {
        player: _Stand(ratings.Standing(mu, sigma, count), last)
        for player, mu, sigma, count, last in Rating.objects.filter(
            game=game, player__in=players - moved
        ).values_list("player_id", "mu", "sigma", "matches", "last_played")
    }
    if moved:
        earlier = RatingPoint.objects.filter(game=game, player__in=moved).filter(_before(since))
        latest = {
            row["player_id"]: row["number"]
            for row in earlier.values("player_id").annotate(number=Max("number")).order_by()
        }
        if latest:
            wanted = Q()
            for player, number in latest.items():
                wanted |= Q(player_id=player, number=number)
            for player, mu, sigma, count, last in earlier.filter(wanted).values_list(
                "player_id", "mu", "sigma", "number", "finished_at"
            ):
                found[player] = _Stand(ratings.Standing(mu, sigma, count), last)
    return found


def refresh(game: str, since: Key | None, players: Iterable[int] = ()) -> None:
    """Replace the points of ``game`` from ``since`` on (every point for None) by a
    replay of its rated matches from there, and the ``Rating`` of each player who had
    or has a point there (and of ``players``: those of a match deleted meanwhile)."""
    with writing():
        _lock(game)
        later = RatingPoint.objects.filter(game=game).filter(_from(since, match="match_id"))
        moved = set(later.values_list("player_id", flat=True).distinct().order_by())
        stale = bool(moved)  # points to replace (none when the newest match is added)
        moved |= set(players)
        replayed = events(game, since)
        long_work(len(replayed))  # an old match's change replays every later one
        seated = {seat.player for event in replayed for seat in event.seats}
        if since is None:
            before: dict[int, _Stand] = {}
            moved |= set(Rating.objects.filter(game=game).values_list("player_id", flat=True))
        else:
            before = _standing_before(game, since, seated | moved, moved)
        points, standing = ratings.replay(
            replayed, {player: stand.standing for player, stand in before.items()}
        )
        if stale:
            later.delete()
        RatingPoint.objects.bulk_create(
            [
                RatingPoint(
                    match_id=point.match,
                    player_id=point.player,
                    game=game,
                    finished_at=point.key[0],
                    rank=point.rank,
                    mu=point.mu,
                    sigma=point.sigma,
                    number=point.number,
                )
                for point in points
            ],
            batch_size=1000,
        )
        last = {player: stand.last for player, stand in before.items()}
        last.update({point.player: point.key[0] for point in points})
        touched = moved | {point.player for point in points}
        rows = [
            _rating_row(game, player, standing[player], last[player])
            for player in touched
            if player in standing and standing[player].matches
        ]
        gone = touched - {row.player_id for row in rows}
        if gone:
            Rating.objects.filter(game=game, player__in=gone).delete()
        if since is None:
            Rating.objects.filter(game=game).delete()
        Rating.objects.bulk_create(
            rows,
            batch_size=1000,
            update_conflicts=True,
            unique_fields=["player", "game"],
            update_fields=["mu", "sigma", "ordinal", "matches", "last_played"],
        )


def _rating_row(game: str, player: int, standing: ratings.Standing, last: datetime) -> Rating:
    return Rating(
        player_id=player,
        game=game,
        mu=standing.mu,
        sigma=standing.sigma,
        ordinal=ratings.ordinal(standing.mu, standing.sigma),
        matches=standing.matches,
        last_played=last,
    )


# -- the rebuild ------------------------------------------------------------------------------


def games() -> list[str]:
    """Every game with a finished match or a stored rating."""
    played = set(Match.objects.filter(finished=True).values_list("game", flat=True).distinct())
    stored = set(Rating.objects.values_list("game", flat=True).distinct())
    return sorted(played | stored | set(RatingGame.objects.values_list("game", flat=True)))


def rebuild(*, check: bool = False) -> list[str]:
    """What of the stored ratings differs from a rebuild from scratch (``["sieben: 3
    points, 2 ratings differ"]``; none when they agree), stored as the rebuild has them
    unless ``check``. The comparison is a read, outside any write; a game that differs is
    rebuilt in a write of its own (``refresh``), which replays it again under the game's
    lock, so a write that came between is in it."""
    differences = []
    for game in games():
        wrong = _differences(game)
        if wrong:
            differences.append(f"{game}: {wrong}")
            if not check:
                refresh(game, None)
    return differences


def _differences(game: str) -> str:
    points, standing = ratings.replay(events(game))
    expected = {(p.match, p.player): (p.key[0], p.rank, p.mu, p.sigma, p.number) for p in points}
    stored = {
        (match, player): rest
        for match, player, *rest in RatingPoint.objects.filter(game=game).values_list(
            "match_id", "player_id", "finished_at", "rank", "mu", "sigma", "number"
        )
    }
    stored = {key: tuple(value) for key, value in stored.items()}
    last = {p.player: p.key[0] for p in points}
    wanted = {
        player: (s.mu, s.sigma, ratings.ordinal(s.mu, s.sigma), s.matches, last[player])
        for player, s in standing.items()
    }
    kept = {
        player: tuple(rest)
        for player, *rest in Rating.objects.filter(game=game).values_list(
            "player_id", "mu", "sigma", "ordinal", "matches", "last_played"
        )
    }
    bad_points = len(set(expected) ^ set(stored)) + sum(
        1 for key in expected.keys() & stored.keys() if expected[key] != stored[key]
    )
    bad_ratings = len(set(wanted) ^ set(kept)) + sum(
        1 for key in wanted.keys() & kept.keys() if wanted[key] != kept[key]
    )
    if not bad_points and not bad_ratings:
        return ""
    return f"{bad_points} points, {bad_ratings} ratings differ"
