"""The one registry of the installed games: each game's app registers its plugin here
as it starts (``AppConfig.ready``), in the order of ``INSTALLED_APPS``, and with it the
plugin's pure ruleset (``rules.GAMES``). Views, the API and the templates ask this
registry, never a slug: the table page's scripts, the API's hand body and its OpenAPI
description and the home list's figures come from here. The services ask the rulesets:
a tournament's table sizes, hands and default score are the rules' to say
(``Ruleset.table_sizes_for`` and its neighbours), which a game's pages read there too.

A new game: its folder and one line in ``INSTALLED_APPS`` (docs/development.md, "Adding a
game"); a test's own game is installed for the test (``tests/conftest.py``'s ``mini``).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.utils.translation import gettext

from .. import rules
from .base import Game

# In the order the new-match page and ``GET /api/games`` list them.
GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Make ``game`` known to every page, the API and tournaments, with its ruleset."""
    rules.register(game.ruleset_class)
    GAMES[game.slug] = game
    return game


def unregister(slug: str) -> None:
    """Forget the game called ``slug`` and its ruleset (the tests' own games)."""
    GAMES.pop(slug, None)
    rules.unregister(slug)


@contextmanager
def registered(game: Game) -> Iterator[Game]:
    """``game`` registered for the ``with`` block: ``with games.registered(MyGame()):``."""
    register(game)
    try:
        yield game
    finally:
        unregister(game.slug)


def get(slug: str) -> Game:
    """The game called ``slug`` (KeyError for none)."""
    return GAMES[slug]


def of(thing) -> Game:
    """The game of a match, a ruleset or anything else with a ``game`` slug."""
    return GAMES[thing.game]


def label(thing) -> str:
    """The game and variant of a tournament or a match in the reader's language (the
    printed sheets' head): "Sergeant Major 8-5-3", "Sergeant Major · Points race",
    "Sheepshead, five players"."""
    return variant_label(thing.game, thing.variant)


def variant_label(game: str, variant: str) -> str:
    """``label`` of ``game`` in ``variant``: a table that plays another preset than its
    tournament (Sheepshead's six) heads its card with its own."""
    name = str(GAMES[game].name)
    preset = gettext(rules.get_ruleset(game, variant).preset.name)
    if preset == name:
        return f"{name} {variant}"
    if preset.startswith(name):
        return preset
    return f"{name} · {preset}"


def scripts(game: Game | None = None) -> list[str]:
    """The static paths of the scripts of ``game`` (of every game when None), for the
    pages that show a hand form."""
    chosen = [game] if game is not None else list(GAMES.values())
    return [path for each in chosen for path in each.scripts]


__all__ = [
    "GAMES",
    "Game",
    "get",
    "label",
    "of",
    "register",
    "registered",
    "scripts",
    "unregister",
    "variant_label",
]
