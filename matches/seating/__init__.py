"""Seating a club tournament's rounds: pure Python, no Django (docs/tournaments.md §2–§3).

Fed with plain dataclasses as ``matches.standings`` is: ``tables`` splits the checked-in
entries into tables of the sizes a game allows (``TableSizes``, the rules' own:
``matches.rules.sizes``); ``methods.seat`` seats a round by
``draw``, ``standings``, ``mixed`` or ``swiss``; ``planner`` is the repeat-minimising plan
behind ``mixed``; ``quality`` gives the repeat-pair figure and its lower bound; ``edit``
swaps and moves entries in a drafted round.
"""

from matches.rules.sizes import REMAINDERS, TableSizes, table_hands

from .edit import move, swap
from .methods import by_rating, choose_byes, seat
from .model import (
    METHODS,
    Entry,
    History,
    PlayedRound,
    Quality,
    RepeatPair,
    Seating,
    Standing,
    Table,
    check_method,
)
from .quality import assess, lower_bound
from .tables import TableSplit, check_hands_per_round, split

__all__ = [
    "METHODS",
    "REMAINDERS",
    "Entry",
    "History",
    "PlayedRound",
    "Quality",
    "RepeatPair",
    "Seating",
    "Standing",
    "by_rating",
    "Table",
    "TableSizes",
    "TableSplit",
    "assess",
    "check_hands_per_round",
    "check_method",
    "choose_byes",
    "lower_bound",
    "move",
    "seat",
    "split",
    "swap",
    "table_hands",
]
