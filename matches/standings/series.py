"""A series (a club season): players ranked by their best tournaments (docs/tournaments.md §6)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from matches.rules.base import RuleError, _

from .model import Entry, NameOrder, by_letters
from .table import StandingsRow

Player = Hashable

SERIES_SCORES = ("rank_points", "game_points")


@dataclass(frozen=True)
class TournamentStandings:
    """One finished tournament of the series: its final rows and whose entry is whose."""

    tournament: Hashable
    rows: Sequence[StandingsRow]
    players: Mapping[Entry, Player]


@dataclass(frozen=True)
class SeriesResult:
    """What one tournament is worth to a player: its rank there and the points it gives."""

    tournament: Hashable
    rank: int
    shared: bool
    points: int


@dataclass(frozen=True)
class SeriesRow:
    """One line of the series table.

    ``counted`` are the best ``k`` results that make ``total``; ``results`` are all of
    them, in the order the tournaments were given; ``played`` is how many.
    """

    rank: int
    shared: bool
    player: Player
    name: str
    total: int
    counted: tuple[SeriesResult, ...]
    results: tuple[SeriesResult, ...]

    @property
    def played(self) -> int:
        return len(self.results)


def series(
    tournaments: Iterable[TournamentStandings],
    best_k: int | None = None,
    score: str = "rank_points",
    names: Mapping[Player, str] | None = None,
    *,
    name_order: NameOrder = by_letters,
) -> list[SeriesRow]:
    """The series table, best first: each player's best ``best_k`` results summed.

    ``score``: ``"rank_points"`` (N + 1 − rank in a tournament of N entries; a shared
    rank gives everyone sharing it the same points) or ``"game_points"``. ``best_k``
    ``None`` counts every tournament. Equal totals share the rank. A player's name comes
    from ``names`` or else from their row in the last tournament they played; equal
    totals are listed by name as ``name_order`` sorts names (``by_letters`` without one).
    """
    if score not in SERIES_SCORES:
        raise RuleError(
            _("The series score must be one of: %(choices)s."),
            field="score",
            choices=", ".join(SERIES_SCORES),
        )
    if best_k is not None and (
        isinstance(best_k, bool) or not isinstance(best_k, int) or best_k < 1
    ):
        raise RuleError(_("Count at least one tournament."), field="best_k")

    results: dict[Player, list[SeriesResult]] = defaultdict(list)
    latest_name: dict[Player, str] = {}
    for tournament in tournaments:
        entrants = len(tournament.rows)
        seen: set[Player] = set()
        for row in tournament.rows:
            if row.entry not in tournament.players:
                raise ValueError(
                    f"tournament {tournament.tournament!r}: entry {row.entry!r} has no player"
                )
            player = tournament.players[row.entry]
            if player in seen:
                raise ValueError(
                    f"tournament {tournament.tournament!r}: player {player!r} entered twice"
                )
            seen.add(player)
            points = entrants + 1 - row.rank if score == "rank_points" else row.game_points
            results[player].append(
                SeriesResult(tournament.tournament, row.rank, row.shared, points)
            )
            latest_name[player] = row.name

    def name_of(player: Player) -> str:
        return names[player] if names is not None and player in names else latest_name[player]

    totals: list[tuple[int, str, Player, tuple[SeriesResult, ...], tuple[SeriesResult, ...]]]
    totals = []
    for player, played in results.items():
        # Best first; among equal points the earlier tournament counts, so the pick is
        # reproducible (which of two equal results counts never changes the total).
        best = sorted(range(len(played)), key=lambda index: (-played[index].points, index))
        chosen = sorted(best if best_k is None else best[:best_k])
        counted = tuple(played[index] for index in chosen)
        totals.append(
            (
                sum(result.points for result in counted),
                name_of(player),
                player,
                counted,
                tuple(played),
            )
        )
    totals.sort(key=lambda item: (-item[0], name_order(item[1]), str(item[2])))

    rows: list[SeriesRow] = []
    for index, (total, name, player, counted, played) in enumerate(totals):
        rank = index + 1 if index == 0 or totals[index - 1][0] != total else rows[-1].rank
        shared = any(
            0 <= other < len(totals) and totals[other][0] == total
            for other in (index - 1, index + 1)
        )
        rows.append(SeriesRow(rank, shared, player, name, total, counted, played))
    return rows
