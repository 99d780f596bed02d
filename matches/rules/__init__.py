"""Pure game logic: no Django here. See ``base`` for the interface every game follows.

Every module of this package but ``base`` is one game: defining its ``Ruleset`` (with a
``game`` slug) registers it, so a new game is a new module here and nothing else.
"""

import importlib
import pkgutil
from collections.abc import Mapping
from typing import Any

from .base import (
    Detail,
    Ending,
    Exchange,
    Hand,
    MatchState,
    NextHand,
    RuleError,
    Ruleset,
    _,
    play_hand,
    replay,
    stop,
)

for _module in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_module.name}")

GAMES: Mapping[str, type[Ruleset]] = Ruleset.registry


def get_ruleset(game: str, variant: str, options: Mapping[str, Any] | None = None) -> Ruleset:
    """The ruleset for ``game`` in ``variant`` with ``options`` over the preset's defaults."""
    if game not in GAMES:
        raise RuleError(_("Unknown game %(game)s."), field="game", game=str(game))
    return GAMES[game](variant, options)


__all__ = [
    "GAMES",
    "Detail",
    "Ending",
    "Exchange",
    "Hand",
    "MatchState",
    "NextHand",
    "RuleError",
    "Ruleset",
    "get_ruleset",
    "play_hand",
    "replay",
    "stop",
]
