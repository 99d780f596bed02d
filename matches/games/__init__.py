"""The games, one plugin each: the Django side of a game (its hand form, what its pages
say, its templates under ``templates/games/<slug>/``) beside its pure rules in
``matches.rules``. Views, the API and the templates ask the registry, never the slug.

A new game: its rules module, its plugin module here, its templates, and one line below.
"""

from __future__ import annotations

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


def of(thing) -> Game:
    """The game of a match, a ruleset or anything else with a ``game`` slug."""
    return GAMES[thing.game]


__all__ = ["GAMES", "Game", "get", "of"]
