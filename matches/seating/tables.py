"""Table sizes and splitting the checked-in entries into tables (TOURNAMENTS.md §2, §4).

A game allows its standard table size ``s``; where it has sitters also ``s + 1`` (one
seat sits out each hand, so the same game is played); Sheepshead alone has a last-resort
``s − 1`` (a different game: four-handed instead of five-handed). Which sizes a game has
is its ruleset's to say (``Ruleset.table_sizes_for``), not this package's. Whatever
cannot be seated gets a bye. ``split`` picks the tables by the contract's order: fewest
byes, then fewest last-resort tables, then fewest sitter tables.
"""

from __future__ import annotations

from dataclasses import dataclass

from matches.rules.base import RuleError, _

REMAINDERS = ("sitters", "byes")


@dataclass(frozen=True)
class TableSizes:
    """The table sizes a tournament may seat, and what the entries are called.

    ``sitter``: tables of ``standard + 1`` are allowed (one seat sits out each hand);
    ``smaller``: tables of ``standard − 1`` are allowed as a last resort; ``teams``: an
    entry is a team of two (Sieben partnerships), which only changes the wording.
    """

    standard: int
    sitter: bool = False
    smaller: bool = False
    teams: bool = False

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


@dataclass(frozen=True)
class TableSplit:
    """How N entries sit: the table sizes (smallest first) and the number of byes."""

    tables: tuple[int, ...]
    byes: int

    @property
    def seated(self) -> int:
        return sum(self.tables)


def split(entries: int, sizes: TableSizes) -> TableSplit:
    """The tables for ``entries`` checked-in entries: fewest byes, then fewest
    last-resort tables, then fewest sitter tables (§2). Refused below one table."""
    if entries < sizes.minimum:
        message = (
            _("At least %(count)s checked-in teams are needed.")
            if sizes.teams
            else _("At least %(count)s checked-in players are needed.")
        )
        raise RuleError(message, field="entries", count=sizes.minimum)
    s = sizes.standard
    best: tuple[tuple[int, int, int], TableSplit] | None = None
    # Few enough candidates to try them all: the counts of the two optional sizes.
    for smaller in range(entries // (s - 1) + 1 if sizes.smaller else 1):
        for bigger in range(entries // (s + 1) + 1 if sizes.sitter else 1):
            rest = entries - smaller * (s - 1) - bigger * (s + 1)
            if rest < 0:
                break
            standard, byes = divmod(rest, s)
            key = (byes, smaller, bigger)
            if best is None or key < best[0]:
                tables = (s - 1,) * smaller + (s,) * standard + (s + 1,) * bigger
                best = (key, TableSplit(tables, byes))
    assert best is not None  # entries >= minimum, so some table fits
    return best[1]


def check_hands_per_round(hands: int, sizes: TableSizes) -> int:
    """§4: ``hands_per_round`` must be a positive multiple of the standard size, so that
    everyone deals equally (Sieben's rounds are games to 12 points: no hands count)."""
    if isinstance(hands, bool) or not isinstance(hands, int) or hands < 1:
        raise RuleError(_("Enter a whole number of hands, at least 1."), field="hands_per_round")
    if hands % sizes.standard:
        raise RuleError(
            _("Hands per round must be a multiple of %(size)s, so that everyone deals equally."),
            field="hands_per_round",
            size=sizes.standard,
        )
    return hands


def table_hands(size: int, sizes: TableSizes, hands_per_round: int) -> int:
    """The hands a table of ``size`` plays in a round: ``hands_per_round`` each player
    plays, so a sitter table plays ``hands_per_round × (s + 1) / s`` (§4: 9 → 12)."""
    if sizes.has_sitter(size):
        return hands_per_round * size // sizes.standard
    return hands_per_round
