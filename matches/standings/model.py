"""What standings are computed from, and how a tournament scores (docs/tournaments.md §4–§5).

Plain frozen dataclasses, filled by the Django side from one query: a ``TableResult`` per
table's match, a ``Bye`` per bye, an ``Adjustment`` per penalty or ruling, an
``EntryInfo`` per entry. ``entry`` is whatever identifies an entry there (its primary
key, usually); it only has to be hashable.

Malformed data (an entry at two tables in one round, two 12-trick winners at a table) is
a bug of the caller and raises ``ValueError``; a tournament set-up the organiser chose
badly (a tie-break named twice) is their mistake and raises ``RuleError``.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from matches.rules.base import RuleError, _
from matches.rules.tie_breaks import Figures, TieBreak

Entry = Hashable

SCORES = ("game_points", "match_points")

# The shared tie-breaks of §5, which every game's tables tell apart, in the contract's
# order. A game brings its own besides (``Ruleset.tie_breaks``: Sergeant Major's 12-trick
# wins), which the Django side passes in (``Scoring.game_tie_breaks``); nothing here
# names a game's.
TIE_BREAKS = (
    "game_points",
    "match_points",
    "table_wins",
    "best_round",
    "opponents",
    "head_to_head",
    "fewest_byes",
)

# The shared tie-break that stays last where a game's own are offered beside them: the
# fewer byes, the last resort when everything the tables told is level.
LAST_RESORT = "fewest_byes"


def tie_breaks_of(game_tie_breaks: Iterable[TieBreak]) -> tuple[str, ...]:
    """The tie-breaks a tournament of a game with its own ``game_tie_breaks`` may choose
    from, in the order they are offered: the shared ones, the game's own before
    ``LAST_RESORT``. A game's own named like a shared one is a bug of the game."""
    own = tuple(tie_break.name for tie_break in game_tie_breaks)
    clash = sorted(set(own) & set(TIE_BREAKS)) or sorted({n for n in own if own.count(n) > 1})
    if clash:
        raise ValueError(f"a game's own tie-break {clash[0]!r} is named twice")
    last = TIE_BREAKS.index(LAST_RESORT)
    return (*TIE_BREAKS[:last], *own, *TIE_BREAKS[last:])


# The chain a tournament gets unless the organiser chooses one (§5): after the score, the
# other figure everyone already sees, then the best single round, then the tied players'
# games against each other. Match points alone leave most of a 3-round night level.
DEFAULT_TIE_BREAKS = {
    "match_points": ("game_points", "best_round", "head_to_head"),
    "game_points": ("table_wins", "best_round", "head_to_head"),
}

# Shared criteria where less is better; every other one ranks the higher value first (a
# game's own say so themselves: ``TieBreak.fewest``).
LOWER_IS_BETTER = frozenset({"fewest_byes"})

# What a table result earns in match points (§5): a sole win, a shared win, anything else.
WIN_MATCH_POINTS = 2
SHARED_WIN_MATCH_POINTS = 1


@dataclass(frozen=True)
class SeatResult:
    """One entry's outcome of a table's match: its match total and whether it won.

    ``won`` is the match's ``winners`` (several seats may share a win); ``twelve_tricks``
    marks the seat that won the match in one hand (Sergeant Major's 12 tricks:
    ``Ruleset.outright``), first at the table. ``figures`` are the game's own figures of
    the seat in this match (``Ruleset.figures``), which the game's own tie-breaks count.
    """

    entry: Entry
    total: int
    won: bool = False
    twelve_tricks: bool = False
    figures: Figures = field(default_factory=dict, hash=False)


@dataclass(frozen=True)
class TableResult:
    """The finished match of one table in one round, seats in seating order."""

    round: int
    table: int
    seats: tuple[SeatResult, ...]

    def __post_init__(self) -> None:
        if not self.seats:
            raise ValueError(f"round {self.round} table {self.table} has no seats")
        entries = [seat.entry for seat in self.seats]
        if len(set(entries)) != len(entries):
            raise ValueError(f"round {self.round} table {self.table} seats an entry twice")
        twelve = [seat for seat in self.seats if seat.twelve_tricks]
        # Sixteen tricks allow one 12-trick hand, and that hand wins the match.
        if len(twelve) > 1:
            raise ValueError(f"round {self.round} table {self.table} has two 12-trick winners")
        if twelve and not twelve[0].won:
            raise ValueError(f"round {self.round} table {self.table}: 12 tricks but no win")

    def places(self) -> tuple[int, ...]:
        """Each seat's place: 1 + the seats with a higher total; a 12-trick winner is first.

        Equal totals share a place (two seconds, then a fourth), as in the contract. A
        12-trick winner ends the match on that hand, possibly behind on points, so it
        goes first and everyone it would not otherwise be ahead of moves down one.
        """
        return tuple(
            1
            if seat.twelve_tricks
            else 1
            + sum(
                1
                for other in self.seats
                if other is not seat and (other.total > seat.total or other.twelve_tricks)
            )
            for seat in self.seats
        )


@dataclass(frozen=True)
class Bye:
    """An entry the seating left out of a round."""

    round: int
    entry: Entry


@dataclass(frozen=True)
class Adjustment:
    """An organiser's penalty or ruling: game points (±) for an entry in a round, with why.

    ``reason`` is the organiser's own text, shown as a footnote on the printed standings.
    """

    round: int
    entry: Entry
    points: int
    reason: str


# A key that sorts names for the rows that share a rank (``standings``, ``series``).
NameOrder = Callable[[str], Any]


def by_letters(name: str) -> tuple[str, str, str]:
    """Where a name sorts when the caller gives no collation: by its letters with accents
    taken off and case folded ("Müller" beside "Muller", "Ärger" with "Arger"), then case
    folded, then as written. The services give the language's collation instead
    (``models.name_order``), which agrees with this for the usual Latin names."""
    folded = unicodedata.normalize("NFKD", name.casefold())
    bare = "".join(character for character in folded if not unicodedata.combining(character))
    return (bare, name.casefold(), name)


@dataclass(frozen=True)
class EntryInfo:
    """An entry of the tournament: its display name, and when it left or joined.

    ``withdrawn_from``: the first round it no longer plays (withdrawal takes effect from
    the next round). ``joined_at``: the first round it plays as a late entry; the rounds
    before count as byes with no score (``Scoring.missed_*``).
    """

    entry: Entry
    name: str
    withdrawn_from: int | None = None
    joined_at: int | None = None


@dataclass(frozen=True)
class Reason:
    """A user-facing sentence, untranslated: a ``_()``-marked template and its params.

    ``words`` are params that are themselves ``_()``-marked words (criteria's names), a
    list each, translated one by one and joined with commas. The Django side calls
    ``text(gettext)``; ``str()`` gives the English text for logs and tests.
    """

    message: str
    params: Mapping[str, Any] = field(default_factory=dict)
    words: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def text(self, translate: Callable[[str], str] = str) -> str:
        params = dict(self.params)
        for key, words in self.words.items():
            params[key] = ", ".join(translate(word) for word in words)
        message = translate(self.message)
        return message % params if params else message

    def __str__(self) -> str:
        return self.text()


def check_score(score: Any) -> str:
    """The standings score if it is one of ``SCORES``; refused with ``RuleError`` if not."""
    if score not in SCORES:
        raise RuleError(
            _("The standings score must be one of: %(choices)s."),
            field="score",
            choices=", ".join(SCORES),
        )
    return score


def check_tie_breaks(
    tie_breaks: Any, score: str | None = None, game_tie_breaks: Iterable[TieBreak] = ()
) -> tuple[str, ...]:
    """The tie-break chain as a tuple; unknown, repeated or pointless names refused.

    Known are the shared ones and ``game_tie_breaks`` (a game's own). A tie-break equal
    to the standings score could never separate anyone, so naming it is refused too,
    with the same field: it is a mistake in the chain the organiser built.
    """
    if isinstance(tie_breaks, str) or not hasattr(tie_breaks, "__iter__"):
        raise RuleError(_("Tie-breaks must be a list of names."), field="tie_breaks")
    chain = tuple(tie_breaks)
    known = tie_breaks_of(game_tie_breaks)
    seen: set[str] = set()
    for name in chain:
        if name not in known:
            raise RuleError(_("Unknown tie-break %(name)s."), field="tie_breaks", name=str(name))
        if name in seen:
            raise RuleError(
                _("The tie-break %(name)s is named twice."), field="tie_breaks", name=name
            )
        if name == score:
            raise RuleError(
                _("The tie-break %(name)s is the standings score already; it cannot break a tie."),
                field="tie_breaks",
                name=name,
            )
        seen.add(name)
    return chain


def default_tie_breaks(
    score: str, game_defaults: Mapping[str, tuple[str, ...]] | None = None
) -> tuple[str, ...]:
    """The contract's tie-break chain for a standings score, or the game's own for it
    (``Ruleset.default_tie_breaks``: Skat's games won, then fewest games lost)."""
    score = check_score(score)
    return tuple((game_defaults or {}).get(score, DEFAULT_TIE_BREAKS[score]))


def _check_points(value: Any, field_name: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(_("Enter a whole number."), field=field_name)


@dataclass(frozen=True)
class Scoring:
    """How a tournament ranks its entries: the score, the tie-break chain, bye scores.

    ``missed_*``: what a late entry's missed round scores (the contract: a bye with no
    score, unless the organiser sets otherwise). ``game_tie_breaks``: the game's own
    (``Ruleset.tie_breaks``), which the chain may name beside the shared ones.
    """

    score: str
    tie_breaks: tuple[str, ...] = ()
    bye_game_points: int = 0
    bye_match_points: int = 1
    missed_game_points: int = 0
    missed_match_points: int = 0
    game_tie_breaks: tuple[TieBreak, ...] = ()

    def __post_init__(self) -> None:
        check_score(self.score)
        # Normalise lists from a form into the tuples a frozen dataclass should hold.
        object.__setattr__(self, "game_tie_breaks", tuple(self.game_tie_breaks))
        object.__setattr__(
            self,
            "tie_breaks",
            check_tie_breaks(self.tie_breaks, self.score, self.game_tie_breaks),
        )
        for name in (
            "bye_game_points",
            "bye_match_points",
            "missed_game_points",
            "missed_match_points",
        ):
            _check_points(getattr(self, name), name)
