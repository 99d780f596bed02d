"""Round results: what each entry got in each round (docs/tournaments.md §4–§5).

One walk over the tables, byes and adjustments files everything by entry; each entry's
rounds are then built from what was filed for it, so the work grows with the number of
results, not with entries × rounds × tables.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from .model import (
    SHARED_WIN_MATCH_POINTS,
    WIN_MATCH_POINTS,
    Adjustment,
    Bye,
    Entry,
    EntryInfo,
    Figures,
    Scoring,
    TableResult,
)


@dataclass(frozen=True)
class RoundResult:
    """One entry's result in one round.

    Kinds, by the fields that are set:

    - at a table: ``table`` set, ``place`` set, ``opponents`` the others at the table;
    - a bye: ``bye`` (scores ``Scoring.bye_*``);
    - a missed round of a late entry: ``bye`` and ``missed`` (scores ``Scoring.missed_*``);
    - only an adjustment (the entry has no table or bye that round): nothing but it.

    ``game_points`` includes ``adjustment``; ``place``, ``won`` and ``match_points`` are
    the match's own and do not move with an adjustment. ``figures``: the game's own of
    the entry's seat at the table (``SeatResult.figures``).
    """

    round: int
    entry: Entry
    game_points: int
    match_points: int = 0
    table: int | None = None
    place: int | None = None
    won: bool = False
    shared_win: bool = False
    twelve_tricks: bool = False
    bye: bool = False
    missed: bool = False
    adjustment: int = 0
    opponents: tuple[Entry, ...] = ()
    figures: Figures = field(default_factory=dict, hash=False)

    @property
    def at_table(self) -> bool:
        return self.table is not None


def round_results(
    entries: Iterable[EntryInfo],
    tables: Iterable[TableResult],
    byes: Iterable[Bye] = (),
    adjustments: Iterable[Adjustment] = (),
    scoring: Scoring | None = None,
) -> dict[Entry, dict[int, RoundResult]]:
    """Every entry's results by round (rounds in order; entries in the order given).

    A round exists once a table or a bye of it is given; a late entry's rounds before
    ``joined_at`` that exist are missed rounds. A withdrawn entry keeps what it played
    and gets nothing for later rounds. ``scoring`` only matters for what byes and missed
    rounds score; it defaults to the contract's defaults.
    """
    return _collect(entries, tables, byes, adjustments, scoring)[1]


def _collect(
    entries: Iterable[EntryInfo],
    tables: Iterable[TableResult],
    byes: Iterable[Bye],
    adjustments: Iterable[Adjustment],
    scoring: Scoring | None,
) -> tuple[dict[Entry, EntryInfo], dict[Entry, dict[int, RoundResult]], dict]:
    """Entries by id, round results, and each entry's adjustments (for footnotes)."""
    scoring = scoring or Scoring("game_points")
    info: dict[Entry, EntryInfo] = {}
    for entry in entries:
        if entry.entry in info:
            raise ValueError(f"entry {entry.entry!r} is given twice")
        info[entry.entry] = entry

    def known(entry: Entry, what: str) -> None:
        if entry not in info:
            raise ValueError(f"{what} names entry {entry!r}, which is not an entry")

    # Where each entry was in each round: a (round, entry) may be filed once only.
    placed: dict[tuple[int, Entry], RoundResult] = {}
    rounds: set[int] = set()
    table_numbers: set[tuple[int, int]] = set()

    def file(result: RoundResult, what: str) -> None:
        key = (result.round, result.entry)
        if key in placed:
            raise ValueError(f"entry {result.entry!r} has two results in round {result.round}")
        known(result.entry, what)
        placed[key] = result

    for table in tables:
        if (table.round, table.table) in table_numbers:
            raise ValueError(f"round {table.round} has table {table.table} twice")
        table_numbers.add((table.round, table.table))
        rounds.add(table.round)
        winners = sum(seat.won for seat in table.seats)
        everyone = tuple(seat.entry for seat in table.seats)
        for seat, place in zip(table.seats, table.places(), strict=True):
            shared = seat.won and winners > 1
            file(
                RoundResult(
                    round=table.round,
                    entry=seat.entry,
                    game_points=seat.total,
                    match_points=(
                        (SHARED_WIN_MATCH_POINTS if shared else WIN_MATCH_POINTS) if seat.won else 0
                    ),
                    table=table.table,
                    place=place,
                    won=seat.won,
                    shared_win=shared,
                    twelve_tricks=seat.twelve_tricks,
                    opponents=tuple(other for other in everyone if other != seat.entry),
                    figures=seat.figures,
                ),
                f"round {table.round} table {table.table}",
            )
    for bye in byes:
        rounds.add(bye.round)
        file(
            RoundResult(
                round=bye.round,
                entry=bye.entry,
                game_points=scoring.bye_game_points,
                match_points=scoring.bye_match_points,
                bye=True,
            ),
            f"a bye in round {bye.round}",
        )

    # Several adjustments of one entry in one round add up; each keeps its own footnote.
    adjusted: dict[tuple[int, Entry], int] = defaultdict(int)
    footnotes: dict[Entry, list[Adjustment]] = defaultdict(list)
    for adjustment in adjustments:
        known(adjustment.entry, f"an adjustment in round {adjustment.round}")
        adjusted[adjustment.round, adjustment.entry] += adjustment.points
        footnotes[adjustment.entry].append(adjustment)

    by_entry: dict[Entry, dict[int, RoundResult]] = {entry: {} for entry in info}
    for (number, entry), result in placed.items():
        by_entry[entry][number] = result
    ordered_rounds = sorted(rounds)
    for entry, entry_info in info.items():
        if entry_info.joined_at is None:
            continue
        # A late entry that withdrew before it joined misses nothing after withdrawing.
        joined = min(entry_info.joined_at, entry_info.withdrawn_from or entry_info.joined_at)
        for number in ordered_rounds:
            if number >= joined:
                break
            # Data wins over the flag: a seat or bye on record is what happened.
            by_entry[entry].setdefault(
                number,
                RoundResult(
                    round=number,
                    entry=entry,
                    game_points=scoring.missed_game_points,
                    match_points=scoring.missed_match_points,
                    bye=True,
                    missed=True,
                ),
            )
    for (number, entry), points in adjusted.items():
        result = by_entry[entry].get(number)
        if result is None:
            # A ruling for a round the entry has no table for (its table not yet done,
            # say) still counts, on a result of its own.
            by_entry[entry][number] = RoundResult(
                round=number, entry=entry, game_points=points, adjustment=points
            )
        else:
            by_entry[entry][number] = _with_adjustment(result, points)
    results = {entry: dict(sorted(rounds_.items())) for entry, rounds_ in by_entry.items()}
    notes = {
        entry: tuple(sorted(notes_, key=lambda note: note.round))
        for entry, notes_ in footnotes.items()
    }
    return info, results, notes


def _with_adjustment(result: RoundResult, points: int) -> RoundResult:
    return replace(result, game_points=result.game_points + points, adjustment=points)
