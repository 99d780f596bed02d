"""The games, one plugin each: the Django side of a game (its hand form, what its pages
say, its templates under ``templates/games/<slug>/``) beside its pure rules in
``matches.rules``. Views, the API and the templates ask the registry, never the slug.

A new game: its rules module, its plugin module here, its templates, and one line below.
"""

from __future__ import annotations

from dataclasses import replace

from django.utils.translation import gettext_noop

from .. import rules
from ..rules import RuleError
from ..seating import REMAINDERS, TableSizes
from .base import Game
from .sergeant_major import SergeantMajorGame
from .sheepshead import SheepsheadGame
from .sieben import SiebenGame

# In the order the new-match page and ``GET /api/games`` list them.
GAMES: dict[str, Game] = {
    game.slug: game
    for game in (
        SergeantMajorGame(),
        SheepsheadGame(),
        SiebenGame(),
    )
}


def get(slug: str) -> Game:
    """The game called ``slug`` (KeyError for none)."""
    return GAMES[slug]


def table_sizes(
    game: str, variant: str, table_size: int | None = None, remainder: str = "sitters"
) -> TableSizes:
    """The table sizes a tournament of ``game`` in ``variant`` seats (TOURNAMENTS.md §2),
    as the game's plugin says; ``remainder`` is the tournament's policy: ``"sitters"``
    fills the remainder with tables of one more where the game has them, ``"byes"`` gives
    byes instead."""
    if remainder not in REMAINDERS:
        raise RuleError(
            gettext_noop("The remainder must be one of: %(choices)s."),
            field="remainder",
            choices=", ".join(REMAINDERS),
        )
    ruleset = rules.get_ruleset(game, variant)
    sizes = of(ruleset).table_sizes_for(ruleset, table_size)
    return sizes if remainder == "sitters" else replace(sizes, sitter=False)


def of(thing) -> Game:
    """The game of a match, a ruleset or anything else with a ``game`` slug."""
    return GAMES[thing.game]


__all__ = ["GAMES", "Game", "get", "of", "table_sizes"]
