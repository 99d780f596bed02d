"""A game's own standings tie-breaks (docs/tournaments.md "Standings"): pure, as the rest.

A tie-break the shared standings cannot work out, because only the game's own tables
tell it (Sergeant Major's 12-trick wins, Skat's games won and lost), is brought by the
game's ruleset (``Ruleset.tie_breaks``) with everything the standings need of it: its
name, its words and how it is counted from the game's per-seat figures of each match
(``Ruleset.figures``). The standings merge it with the shared ones of
``matches.standings``; none of them names a game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

# One seat's own figures of one match, as the game's ``Ruleset.figures`` gives them.
Figures = Mapping[str, int]


@dataclass(frozen=True)
class TieBreak:
    """A tie-break of one game.

    ``name`` is what a tournament's chain stores and the API takes; ``label`` the word
    the set-up form, the columns' heads and a tied row's list of criteria show;
    ``why_ahead`` and ``why_behind`` the sentences a standings row says of its neighbour
    (``%(name)s``, ``%(value)s``, ``%(other_value)s``): whole sentences, so that
    translators get each one entire. All three are marked with the rules' ``_`` and
    translated by whoever shows them. ``key`` gives an entry's figure from its own
    figures of each match it played at a table, in the order played; the higher figure
    ranks first unless ``fewest``.
    """

    name: str
    label: str
    why_ahead: str
    why_behind: str
    key: Callable[[Sequence[Figures]], int]
    fewest: bool = False


def counted(figure: str) -> Callable[[Sequence[Figures]], int]:
    """A ``TieBreak.key`` that adds up one figure over the matches (0 where a match's
    figures do not have it)."""

    def key(matches: Sequence[Figures]) -> int:
        return sum(figures.get(figure, 0) for figures in matches)

    key.__name__ = f"counted_{figure}"
    return key
