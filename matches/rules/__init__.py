"""Pure game logic shared by every game: no Django here. See ``base`` for the interface
every game follows; ``stored``, ``fields`` and ``sizes`` are its helpers.

Each game's own rules are in its app (``matches/games/<game>/rules.py``, as pure as
these). ``GAMES`` holds the rulesets of the installed games: the games' registry
(``matches.games.registry``) fills it as each app starts, and the phone from the list its
bundle carries (``offline_play.install``), so that a page, the API and the rules on the
phone offer the same games.
"""

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
from .tie_breaks import TieBreak

# slug -> ruleset class, in the order the games were installed.
GAMES: dict[str, type[Ruleset]] = {}


def register(ruleset_class: type[Ruleset]) -> type[Ruleset]:
    """Offer the game of ``ruleset_class`` (its ``game`` slug) to ``get_ruleset``."""
    GAMES[ruleset_class.game] = ruleset_class
    return ruleset_class


def unregister(game: str) -> None:
    GAMES.pop(game, None)


def get_ruleset(game: str, variant: str, options: Mapping[str, Any] | None = None) -> Ruleset:
    """The ruleset for ``game`` in ``variant`` with ``options`` over the preset's defaults."""
    if game not in GAMES:
        raise RuleError(_("Unknown game %(game)s."), field="game", game=str(game))
    return GAMES[game](variant, options)


def game_tie_breaks(game: str | None = None) -> tuple[TieBreak, ...]:
    """The standings tie-breaks ``game`` brings of its own (``Ruleset.tie_breaks``; none
    for a game not installed); without ``game``, those of every installed game, each name
    once, in the order the games were installed."""
    if game is not None:
        return GAMES[game].tie_breaks if game in GAMES else ()
    found: dict[str, TieBreak] = {}
    for ruleset_class in GAMES.values():
        for tie_break in ruleset_class.tie_breaks:
            found.setdefault(tie_break.name, tie_break)
    return tuple(found.values())


def table_sizes(
    game: str, variant: str, table_size: int | None = None, remainder: str = "sitters"
) -> TableSizes:
    """The table sizes a tournament of ``game`` in ``variant`` seats (docs/tournaments.md §2),
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
    "TieBreak",
    "game_tie_breaks",
    "get_ruleset",
    "register",
    "unregister",
    "play_hand",
    "replay",
    "stop",
    "table_sizes",
]
