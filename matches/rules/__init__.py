"""Pure game logic: no Django here. See ``base`` for the interface every game follows.

Every module of this package but ``base`` and its helpers (``stored``, ``fields``, ``sizes``)
is one game: defining its ``Ruleset`` (with a ``game`` slug) registers it, so a new game is a new
module here and nothing else.
"""

import importlib
import pkgutil
from collections.abc import Mapping
from dataclasses import replace
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
from .sizes import REMAINDERS, TableSizes

for _module in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_module.name}")

GAMES: Mapping[str, type[Ruleset]] = Ruleset.registry


def get_ruleset(game: str, variant: str, options: Mapping[str, Any] | None = None) -> Ruleset:
    """The ruleset for ``game`` in ``variant`` with ``options`` over the preset's defaults."""
    if game not in GAMES:
        raise RuleError(_("Unknown game %(game)s."), field="game", game=str(game))
    return GAMES[game](variant, options)


def table_sizes(
    game: str, variant: str, table_size: int | None = None, remainder: str = "sitters"
) -> TableSizes:
    """The table sizes a tournament of ``game`` in ``variant`` seats (TOURNAMENTS.md §2),
    as its ruleset says (``Ruleset.table_sizes_for``, of the preset as it stands: a
    sitter is the table's to add); ``remainder`` is the tournament's policy:
    ``"sitters"`` fills the remainder with tables of one more where the game has them,
    ``"byes"`` gives byes instead."""
    if remainder not in REMAINDERS:
        raise RuleError(
            _("The remainder must be one of: %(choices)s."),
            field="remainder",
            choices=", ".join(REMAINDERS),
        )
    sizes = get_ruleset(game, variant).table_sizes_for(table_size)
    return sizes if remainder == "sitters" else replace(sizes, sitter=False)


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
    "table_sizes",
]
