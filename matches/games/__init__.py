"""The games, one package each: a game's Django side (its hand form, what its pages say,
its API hand body in ``schema``, its templates in ``templates/`` and its script in
``static/``) names its pure ``Ruleset``. Views, the API, the templates and the services
ask the registry, never a slug: the table page's scripts, the API's hand body and its
OpenAPI description, the home list's figures and a tournament's seating come from here.

A new game: its package (see docs/development.md, "Adding a game") and one line in
``BUILT_IN`` below; a game defined elsewhere (the tests' own) is ``register``-ed.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
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
GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Make ``game`` known to every page, the API and tournaments, with its ruleset (which
    ``rules`` registers itself when its class is defined: this keeps the two together for
    a game whose rules module was imported before and unregistered since)."""
    rules.Ruleset.registry[game.slug] = game.ruleset_class
    GAMES[game.slug] = game
    return game


def unregister(slug: str) -> None:
    """Forget the game called ``slug`` and its ruleset (the tests' own games)."""
    GAMES.pop(slug, None)
    rules.Ruleset.registry.pop(slug, None)


@contextmanager
def registered(game: Game) -> Iterator[Game]:
    """``game`` registered for the ``with`` block: ``with games.registered(MyGame()):``."""
    register(game)
    try:
        yield game
    finally:
        unregister(game.slug)


BUILT_IN = (SergeantMajorGame(), SheepsheadGame(), SiebenGame())
for _game in BUILT_IN:
    register(_game)


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


def scripts(game: Game | None = None) -> list[str]:
    """The static paths of the scripts of ``game`` (of every game when None), for the
    pages that show a hand form."""
    chosen = [game] if game is not None else list(GAMES.values())
    return [path for each in chosen for path in each.scripts]


__all__ = [
    "GAMES",
    "Game",
    "get",
    "of",
    "register",
    "registered",
    "scripts",
    "table_sizes",
    "unregister",
]
