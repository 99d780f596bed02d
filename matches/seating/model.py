"""What seating is computed from and what it gives (docs/tournaments.md §3).

Plain frozen dataclasses, as in ``matches.standings``: an entry is whatever identifies it
there (its primary key, usually; hashable). ``History`` holds the rounds already seated,
``Standing`` an entry's place in the standings (``matches.standings.StandingsRow`` has the same
fields and can be passed as it is), ``Seating`` one round's tables and byes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol

from matches.rules.base import RuleError, _

Entry = Hashable
Pair = frozenset  # two entries who shared a table; frozenset so that order does not matter

METHODS = ("draw", "standings", "mixed", "swiss")


def check_method(method: Any) -> str:
    """The seating method if it is one of ``METHODS``; refused with ``RuleError`` if not."""
    if method not in METHODS:
        raise RuleError(
            _("The seating method must be one of: %(choices)s."),
            field="method",
            choices=", ".join(METHODS),
        )
    return method


def pair(first: Entry, second: Entry) -> Pair:
    return frozenset((first, second))


@dataclass(frozen=True)
class PlayedRound:
    """A round already seated: its tables (entries in seat order) and byes."""

    number: int
    tables: tuple[tuple[Entry, ...], ...]
    byes: tuple[Entry, ...] = ()

    def __post_init__(self) -> None:
        everyone = [entry for table in self.tables for entry in table] + list(self.byes)
        if len(set(everyone)) != len(everyone):
            raise ValueError(f"round {self.number} seats an entry twice")


@dataclass(frozen=True)
class History:
    """The rounds seated so far in this tournament, in any order.

    ``byes`` counts only byes the seating gave: a late entry's missed rounds were no
    favour (they score nothing by default), so they do not move it down the bye queue.
    """

    rounds: tuple[PlayedRound, ...] = ()

    @classmethod
    def from_results(cls, tables: Iterable[Any], byes: Iterable[Any] = ()) -> History:
        """The history from ``matches.standings``' ``TableResult`` and ``Bye`` objects
        (anything with ``round``, ``table`` and ``seats[].entry``; ``round`` and
        ``entry``), so that the Django side builds one list for both packages."""
        by_round: dict[int, list[tuple[int, tuple[Entry, ...]]]] = {}
        byes_by_round: dict[int, list[Entry]] = {}
        for table in tables:
            seated = tuple(seat.entry for seat in table.seats)
            by_round.setdefault(table.round, []).append((table.table, seated))
        for bye in byes:
            byes_by_round.setdefault(bye.round, []).append(bye.entry)
        return cls(
            tuple(
                PlayedRound(
                    number,
                    tuple(seated for _n, seated in sorted(by_round.get(number, []))),
                    tuple(byes_by_round.get(number, ())),
                )
                for number in sorted(set(by_round) | set(byes_by_round))
            )
        )

    def meetings(self) -> Counter[Pair]:
        """How often each pair of entries has shared a table."""
        met: Counter[Pair] = Counter()
        for played in self.rounds:
            for table in played.tables:
                for i, first in enumerate(table):
                    for second in table[i + 1 :]:
                        met[pair(first, second)] += 1
        return met

    def byes(self) -> Counter[Entry]:
        return Counter(entry for played in self.rounds for entry in played.byes)

    def sitter_rounds(self, has_sitter: Any) -> Counter[Entry]:
        """How often each entry sat at a sitter table; ``has_sitter(size)`` says which
        sizes have one (``TableSizes.has_sitter``)."""
        return Counter(
            entry
            for played in self.rounds
            for table in played.tables
            if has_sitter(len(table))
            for entry in table
        )


class Ranked(Protocol):
    entry: Entry
    rank: int
    score: int


@dataclass(frozen=True)
class Standing:
    """An entry's place in the standings before this round: its rank (shared ranks are
    equal) and its standings score."""

    entry: Entry
    rank: int
    score: int = 0


@dataclass(frozen=True)
class Table:
    """One table of a round: entries in seat order (seat 0 first), the seat that deals
    first, and whether one seat sits out each hand (a table of ``s + 1``)."""

    number: int
    entries: tuple[Entry, ...]
    first_dealer: int = 0
    sitter: bool = False


@dataclass(frozen=True)
class RepeatPair:
    """Two entries this seating puts together again: at ``table``, for the ``times``-th
    time counting this round."""

    first: Entry
    second: Entry
    table: int
    times: int


@dataclass(frozen=True)
class Quality:
    """The figure the round page shows for a seating (§3).

    ``created``: the repeat pairs this round adds (``repeats`` lists them); ``total``:
    repeat pairs over the event through this round (a pair that has met m times counts
    m − 1); ``most_met``: the most times any pair has met, through this round;
    ``lower_bound``: the least ``total`` any seating of this round could reach, given the
    rounds before and who is seated (a bound, or the exact least when ``exact``: every
    seating was tried); ``apart_broken``: keep-apart pairs sharing a table.

    ``mixed``'s order puts the most times a pair meets first, so the optimum may have more
    repeats than ``lower_bound``: ``most_bound`` is the least ``most_met`` of any seating of
    this round, ``ordered_bound`` the least ``total`` of one at it, ``squares`` the Σ m²
    over the pairs' meeting counts through this round and ``squares_bound`` the least of
    a seating at both: bounds no seating goes below in that order, the seating's own
    figures where it is proven the optimum.
    """

    created: int
    total: int
    most_met: int
    lower_bound: int
    most_bound: int
    ordered_bound: int
    squares: int
    squares_bound: int
    repeats: tuple[RepeatPair, ...] = ()
    apart_broken: tuple[tuple[Entry, Entry], ...] = ()
    exact: bool = False

    @property
    def optimal(self) -> bool:
        """Proven optimal by ``mixed``'s order: no seating of this round has a pair meeting
        more often, or as often and fewer repeat pairs, or as many and a smaller Σ m² (the
        three figures at bounds no seating goes below in that order)."""
        return (self.most_met, self.total, self.squares) <= (
            self.most_bound,
            self.ordered_bound,
            self.squares_bound,
        )

    @property
    def traded(self) -> bool:
        """Optimal with more repeat pairs than ``lower_bound``: no seating has fewer
        without a pair meeting more often."""
        return self.optimal and self.total > self.lower_bound


@dataclass(frozen=True)
class Seating:
    """One round's seating: tables, byes, how it was made and its quality.

    ``seed`` reproduces it (with the same inputs); ``plan`` holds the rounds after this
    one as ``mixed`` planned them (tables of entries), for the record and the next plan.
    """

    round: int
    method: str
    seed: int
    tables: tuple[Table, ...]
    byes: tuple[Entry, ...]
    quality: Quality
    plan: tuple[tuple[tuple[Entry, ...], ...], ...] = field(default=(), compare=False)

    def table_of(self, entry: Entry) -> Table | None:
        return next((table for table in self.tables if entry in table.entries), None)

    @property
    def sitters(self) -> tuple[Entry, ...]:
        """The entries at sitter tables (each sits out one hand in ``s + 1``)."""
        return tuple(entry for table in self.tables if table.sitter for entry in table.entries)

    def as_round(self) -> PlayedRound:
        return PlayedRound(self.round, tuple(table.entries for table in self.tables), self.byes)
