"""Pure game logic: no Django here. See ``base`` for the interface every game follows."""

from collections.abc import Mapping
from typing import Any

from .base import (
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
from .sergeant_major import SergeantMajor
from .sheepshead import Sheepshead
from .sieben import Sieben

GAMES: dict[str, type[Ruleset]] = {
    SergeantMajor.game: SergeantMajor,
    Sheepshead.game: Sheepshead,
    Sieben.game: Sieben,
}

GAME_NAMES = {
    SergeantMajor.game: _("Sergeant Major"),
    Sheepshead.game: _("Sheepshead"),
    Sieben.game: _("Sieben"),
}


def get_ruleset(game: str, variant: str, options: Mapping[str, Any] | None = None) -> Ruleset:
    """The ruleset for ``game`` in ``variant`` with ``options`` over the preset's defaults."""
    if game not in GAMES:
        raise RuleError(_("Unknown game %(game)s."), field="game", game=str(game))
    return GAMES[game](variant, options)


__all__ = [
    "GAMES",
    "GAME_NAMES",
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
