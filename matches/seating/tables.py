"""Splitting the checked-in entries into tables (docs/tournaments.md §2, §4), and a round's
hands per round checked against the table size.

The sizes a game allows (``TableSizes``) are its ruleset's to say
(``Ruleset.table_sizes_for``), and live in ``matches.rules.sizes``, which the rules and
this package both import. Whatever cannot be seated gets a bye. ``split`` picks the
tables by the contract's order: fewest byes, then fewest last-resort tables, then fewest
sitter tables, or the most where the game prefers them (``TableSizes.prefer_sitter``:
Skat's fours).
"""

from __future__ import annotations

from dataclasses import dataclass

from matches.rules.base import RuleError, _
from matches.rules.sizes import TableSizes


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
    last-resort tables, then fewest sitter tables, or the most where the game prefers
    them (§2: Skat's 23 → 3+4+4+4+4+4). Refused below one table."""
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
            key = (byes, smaller, -bigger if sizes.prefer_sitter else bigger)
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
