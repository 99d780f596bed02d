"""The table sizes a game seats (docs/tournaments.md §2, §4), in the rules because a game's
ruleset says which it has (``Ruleset.table_sizes_for``) and the seating splits the entries
into them: both import this module, and it imports neither (nor anything of the app), so
that the phone's offline rules need no seating.

A game allows its standard table size ``s``; where it has sitters also ``s + 1`` (one
seat sits out each hand, so the same game is played); Sheepshead alone has a last-resort
``s − 1`` (a different game: four-handed instead of five-handed). A game where the
sitter table is the standard one says so (``prefer_sitter``: Skat's fours, its threes only
for the rest), and the split, which knows no game, turns its order round.
"""

from __future__ import annotations

from dataclasses import dataclass

REMAINDERS = ("sitters", "byes")


@dataclass(frozen=True)
class TableSizes:
    """The table sizes a tournament may seat, and what the entries are called.

    ``sitter``: tables of ``standard + 1`` are allowed (one seat sits out each hand);
    ``smaller``: tables of ``standard − 1`` are allowed as a last resort; ``teams``: an
    entry is a team of two (Sieben partnerships), which only changes the wording;
    ``prefer_sitter``: the split seats as many sitter tables as it can, not as few
    (Skat: ``standard`` 3 counts the games each player plays, but its table is the four
    with the dealer sitting out). Without ``sitter`` it changes nothing, so that a
    tournament whose remainder is byes seats only the standard size, as for any game.
    """

    standard: int
    sitter: bool = False
    smaller: bool = False
    teams: bool = False
    prefer_sitter: bool = False

    def __post_init__(self) -> None:
        if self.standard < 2 or (self.smaller and self.standard < 3):
            raise ValueError(f"no game is played at tables of {self.standard}")

    @property
    def sizes(self) -> tuple[int, ...]:
        """Every allowed size, smallest first."""
        return tuple(
            size
            for size, allowed in (
                (self.standard - 1, self.smaller),
                (self.standard, True),
                (self.standard + 1, self.sitter),
            )
            if allowed
        )

    @property
    def minimum(self) -> int:
        return self.sizes[0]

    def has_sitter(self, size: int) -> bool:
        """Whether a table of ``size`` has a seat sitting out each hand."""
        return self.sitter and size == self.standard + 1

    def allows(self, size: int) -> bool:
        return size in self.sizes

    def listed(self) -> str:
        """The allowed sizes for a message: ``"3, 4"``."""
        return ", ".join(str(size) for size in self.sizes)


def table_hands(size: int, sizes: TableSizes, hands_per_round: int) -> int:
    """The hands a table of ``size`` plays in a round: ``hands_per_round`` each player
    plays, so a sitter table plays ``hands_per_round × (s + 1) / s`` (§4: 9 → 12)."""
    if sizes.has_sitter(size):
        return hands_per_round * size // sizes.standard
    return hands_per_round
