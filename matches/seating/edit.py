"""The organiser's changes to a drafted round: swap two entries, move one (§3).

Each gives a new ``Seating`` with its quality figure recomputed, so the page can show
the repeat pairs a change would create before it is saved. Seat order stays as drawn:
in a swap each entry takes the other's seat; a moved entry takes the last seat of its
new table. The first dealer stays the same player unless that player moves away; then
the seat after theirs deals.

An entry that is not in the round is the caller's bug (``ValueError``); a change that
leaves a table the wrong size, or seats a keep-apart pair together that the draft kept
apart, is the organiser's mistake (``RuleError``, naming the pair by ``name``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace

from matches.rules.base import RuleError, _

from .model import Entry, History, Seating, Table, pair
from .quality import assess
from .tables import TableSizes


def swap(
    seating: Seating,
    first: Entry,
    second: Entry,
    *,
    history: History | None = None,
    keep_apart: Iterable[tuple[Entry, Entry]] = (),
    name: Callable[[Entry], str] = str,
) -> Seating:
    """``first`` and ``second`` change places: seats, tables, or a seat and a bye."""
    _check_in(seating, first)
    _check_in(seating, second)
    if first == second:
        raise RuleError(_("Choose two different entries to swap."), field="entry")
    other = {first: second, second: first}
    tables = tuple(
        replace(table, entries=tuple(other.get(entry, entry) for entry in table.entries))
        for table in seating.tables
    )
    byes = tuple(other.get(entry, entry) for entry in seating.byes)
    _keep_apart(
        seating,
        tables,
        keep_apart,
        name,
        _("%(first)s and %(second)s are kept apart; this swap would seat them at table %(table)s."),
    )
    return _changed(seating, tables, byes, history, keep_apart)


def move(
    seating: Seating,
    entry: Entry,
    table: int | None,
    sizes: TableSizes,
    *,
    history: History | None = None,
    keep_apart: Iterable[tuple[Entry, Entry]] = (),
    name: Callable[[Entry], str] = str,
) -> Seating:
    """``entry`` to table number ``table`` (the last seat), or to a bye with ``None``.

    Refused when a table would be left with a size the game does not allow."""
    _check_in(seating, entry)
    numbers = [t.number for t in seating.tables]
    if table is not None and table not in numbers:
        raise RuleError(_("There is no table %(table)s."), field="table", table=table)
    current = seating.table_of(entry)
    if (current.number if current else None) == table:
        if table is None:
            raise RuleError(_("This entry has a bye already."), field="table")
        raise RuleError(
            _("This entry sits at table %(table)s already."), field="table", table=table
        )
    tables = []
    for t in seating.tables:
        if t is current:
            t = _without(t, entry)
        if t.number == table:
            t = replace(t, entries=(*t.entries, entry))
        tables.append(t)
    for t in tables:
        if not sizes.allows(len(t.entries)):
            raise RuleError(
                _("Table %(table)s would seat %(count)s; tables here seat %(sizes)s."),
                field="table",
                table=t.number,
                count=len(t.entries),
                sizes=sizes.listed(),
            )
    tables = [replace(t, sitter=sizes.has_sitter(len(t.entries))) for t in tables]
    byes = tuple(e for e in seating.byes if e != entry) + ((entry,) if table is None else ())
    _keep_apart(
        seating,
        tables,
        keep_apart,
        name,
        _("%(first)s and %(second)s are kept apart; this move would seat them at table %(table)s."),
    )
    return _changed(seating, tuple(tables), byes, history, keep_apart)


def _keep_apart(seating: Seating, tables, keep_apart, name, refusal: str) -> None:
    """Refused when the change seats together a keep-apart pair the draft kept apart (a
    pair no seating could separate may stay together: the page says so)."""
    keep_apart = tuple(keep_apart)
    if not keep_apart:
        return
    before = _together(seating.tables)
    after = _together(tables)
    for first, second in keep_apart:
        key = pair(first, second)
        if key in after and key not in before:
            raise RuleError(
                refusal, field="entry", first=name(first), second=name(second), table=after[key]
            )


def _together(tables) -> dict:
    """Each pair sharing a table, and the table's number."""
    return {
        pair(first, second): table.number
        for table in tables
        for i, first in enumerate(table.entries)
        for second in table.entries[i + 1 :]
    }


def _check_in(seating: Seating, entry: Entry) -> None:
    if entry not in seating.byes and seating.table_of(entry) is None:
        raise ValueError(f"entry {entry!r} is not in round {seating.round}")


def _without(table: Table, entry: Entry) -> Table:
    seat = table.entries.index(entry)
    entries = tuple(e for e in table.entries if e != entry)
    dealer = table.first_dealer
    if seat < dealer:
        dealer -= 1  # the same player, one seat further up
    elif seat == dealer and entries:
        dealer %= len(entries)  # the seat after the one who left
    return replace(table, entries=entries, first_dealer=dealer)


def _changed(seating, tables, byes, history, keep_apart) -> Seating:
    """The seating with new tables and byes; the plan no longer holds for it."""
    return replace(
        seating,
        tables=tables,
        byes=byes,
        quality=assess([(t.number, t.entries) for t in tables], history or History(), keep_apart),
        plan=(),
    )
