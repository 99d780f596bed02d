"""Series (a club season, docs/tournaments.md §6): the writes, and the series table read.

A series groups tournaments of one game; a tournament belongs to at most one. The table
ranks players by the sum of their best ``best_k`` results, each a finished tournament's
rank points (N + 1 − rank) or game points: ``matches.standings.series`` computes it, from
each tournament's standings as ``services.standings`` keeps them. A tournament still
running is listed in its series but counts only once it is finished, so a season table
never moves with the hands of an evening in progress.

Refusals are ``RuleError`` (422 in the API), naming the field; every write is audited.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError

from .. import rules, standings, text
from ..errors import FieldClash
from ..models import Entry, Player, Series, SeriesAudit, SeriesTournament, Tournament, name_order
from ..models.audit import Actor
from ..rules import RuleError
from ..rules.base import _
from .base import writing
from .standings import tournament_standings

BEST_K_MAX = 99


def settings_of(*, name: Any, game: Any, best_k: Any = None, score: Any = None) -> dict:
    """A series' set-up checked: the fields of ``Series`` as they will be stored."""
    name = text.clean_text(name, field="name", max_length=80)
    if game not in rules.GAMES:
        raise RuleError(_("Choose a game."), field="game")
    if best_k is not None and (
        isinstance(best_k, bool) or not isinstance(best_k, int) or not 1 <= best_k <= BEST_K_MAX
    ):
        raise RuleError(
            _("Count from %(least)s to %(most)s results, or all of them."),
            field="best_k",
            least=1,
            most=BEST_K_MAX,
        )
    score = Series.Score.RANK_POINTS if score is None else score
    if score not in standings.SERIES_SCORES:
        raise RuleError(
            _("The series score must be one of: %(choices)s."),
            field="score",
            choices=", ".join(standings.SERIES_SCORES),
        )
    return {"name": name, "game": game, "best_k": best_k, "score": score}


def create_series(by, **fields: Any) -> Series:
    with writing():
        chosen = settings_of(**fields)
        series = Series.objects.create(created_by=Actor.of(by).user, **chosen)
        _audit(series, by, "create", chosen)
    return series


def add_tournament(series: Series, by, tournament: Tournament) -> SeriesTournament:
    """Count ``tournament`` in ``series``: it must be of the series' game and in no
    series yet (the message names the one it is in)."""
    with writing():
        if tournament.game != series.game:
            raise FieldClash(
                _("%(name)s is a tournament of another game than this series."),
                field="tournament",
                name=tournament.name,
            )
        taken = (
            SeriesTournament.objects.filter(tournament=tournament).select_related("series").first()
        )
        if taken is not None:
            raise FieldClash(
                _("%(name)s belongs to the series %(series)s already."),
                field="tournament",
                name=tournament.name,
                series=taken.series.name,
            )
        try:
            member = SeriesTournament.objects.create(series=series, tournament=tournament)
        except IntegrityError:  # another organiser added it a moment ago
            raise FieldClash(
                _("%(name)s belongs to a series already."), field="tournament", name=tournament.name
            ) from None
        _audit(series, by, "add", {"tournament": tournament.pk, "name": tournament.name})
    return member


def remove_tournament(series: Series, by, tournament: Tournament) -> None:
    """The tournament no longer counts in the series (its results stay in the tournament)."""
    with writing():
        removed, _kinds = SeriesTournament.objects.filter(
            series=series, tournament=tournament
        ).delete()
        if not removed:
            raise RuleError(
                _("%(name)s is not in this series."), field="tournament", name=tournament.name
            )
        _audit(series, by, "remove", {"tournament": tournament.pk, "name": tournament.name})


def candidates(series: Series) -> list[Tournament]:
    """The tournaments an organiser may add: of the series' game, in no series yet."""
    return list(Tournament.objects.filter(game=series.game, series_member__isnull=True))


def _audit(series: Series, by, action: str, after: dict) -> None:
    SeriesAudit.objects.create(
        series=series,
        **SeriesAudit.naming(by),
        action=action,
        after=after,
    )


# -- the table ----------------------------------------------------------------------------


@dataclass(frozen=True)
class SeriesTable:
    """The series as it stands: its tournaments (date order), which of them count (the
    finished ones), and the ranked rows. ``players`` gives each row's register ids (two
    for a Sieben partnership)."""

    series: Series
    tournaments: list[Tournament]
    counted: list[Tournament]
    rows: list[standings.SeriesRow]

    def players(self, row: standings.SeriesRow) -> list[int]:
        return list(row.player) if isinstance(row.player, tuple) else [row.player]


def series_table(series: Series) -> SeriesTable:
    tournaments = [
        member.tournament for member in series.members.select_related("tournament").all()
    ]
    counted = [t for t in tournaments if t.status == Tournament.Status.FINISHED]
    # A player is a register id; a Sieben partnership the pair of them (the same two
    # partners again are the same team).
    whose: dict[int, Hashable] = {}
    ids: set[int] = set()
    for entry, player, partner in Entry.objects.filter(tournament__in=counted).values_list(
        "pk", "player_id", "partner_id"
    ):
        whose[entry] = (player, partner) if partner else player
        ids.update(pk for pk in (player, partner) if pk)
    # The register's names as they are now (a player renamed since shows the new name).
    register = dict(Player.objects.filter(pk__in=ids).values_list("pk", "name"))
    names = {
        key: " & ".join(register[pk] for pk in key) if isinstance(key, tuple) else register[key]
        for key in set(whose.values())
    }
    nights = []
    for tournament in counted:
        read = tournament_standings(tournament)
        nights.append(
            standings.TournamentStandings(
                tournament.pk, read.rows, {row.entry: whose[row.entry] for row in read.rows}
            )
        )
    rows = standings.series(
        nights, best_k=series.best_k, score=series.score, names=names, name_order=name_order
    )
    return SeriesTable(series, tournaments, counted, rows)
