"""What a tournament's tables are: a read that the writers (``services.tournaments`` and
those beside it) and the reads (the board, the printed sheets) share, so that no read
imports a writer."""

from __future__ import annotations

from .. import rules, seating
from ..models import Tournament


def table_sizes(tournament: Tournament) -> seating.TableSizes:
    """The table sizes the tournament seats: the game's (its ruleset says), with bigger
    tables only when the remainder policy is ``sitters``."""
    return rules.table_sizes(
        tournament.game, tournament.variant, tournament.table_size, tournament.remainder
    )
