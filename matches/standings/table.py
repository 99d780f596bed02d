"""The standings table: score, tie-breaks, shared ranks and why (docs/tournaments.md §5).

Entries are ordered by the standings score, then by each tie-break of the chain in turn,
each applied only to the entries still tied on everything before it. That matters for
``head_to_head`` alone (its value depends on who is tied); it is re-applied to what is
left tied whenever it splits a group, before the chain moves on — the usual recursive
rule (as in UEFA's head-to-head). It applies only to a group in which every two entries
have shared a table: where one of them never met another, the chain moves on, as chess's
direct encounter does (FIDE Tie-Break Regulations, article 6: only when all the tied
have met each other), instead of ranking one who met nobody on 0 between
those who did. Entries tied at the end share the rank ("3=").

Every comparison made on the way is kept on the row as its ``steps``, so that any two
rows can say what separates them (``explain``) without recomputing anything.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from itertools import groupby
from typing import Any

from matches.rules.base import _
from matches.rules.tie_breaks import TieBreak

from .model import (
    LOWER_IS_BETTER,
    SCORES,
    Adjustment,
    Bye,
    Entry,
    EntryInfo,
    NameOrder,
    Reason,
    Scoring,
    TableResult,
    by_letters,
)
from .results import RoundResult, _collect

HEAD_TO_HEAD = "head_to_head"

# One sentence per criterion rather than a criterion word slotted into one sentence:
# translators need the whole sentence (German word order and cases differ per phrase).
# A game's own tie-breaks bring theirs (``TieBreak.why_ahead``, ``why_behind``, ``label``).
AHEAD = {
    "game_points": _("Ahead of %(name)s on game points: %(value)s to %(other_value)s."),
    "match_points": _("Ahead of %(name)s on match points: %(value)s to %(other_value)s."),
    "table_wins": _("Ahead of %(name)s on table wins: %(value)s to %(other_value)s."),
    "best_round": _("Ahead of %(name)s on best round: %(value)s to %(other_value)s."),
    "opponents": _("Ahead of %(name)s on opponents' scores: %(value)s to %(other_value)s."),
    "head_to_head": _(
        "Ahead of %(name)s on game points against each other: %(value)s to %(other_value)s."
    ),
    "fewest_byes": _("Ahead of %(name)s on fewer byes: %(value)s to %(other_value)s."),
}
BEHIND = {
    "game_points": _("Behind %(name)s on game points: %(value)s to %(other_value)s."),
    "match_points": _("Behind %(name)s on match points: %(value)s to %(other_value)s."),
    "table_wins": _("Behind %(name)s on table wins: %(value)s to %(other_value)s."),
    "best_round": _("Behind %(name)s on best round: %(value)s to %(other_value)s."),
    "opponents": _("Behind %(name)s on opponents' scores: %(value)s to %(other_value)s."),
    "head_to_head": _(
        "Behind %(name)s on game points against each other: %(value)s to %(other_value)s."
    ),
    "fewest_byes": _("Behind %(name)s on fewer byes: %(value)s to %(other_value)s."),
}
# A tie that outlasts the chain names what was compared, and only that: with no
# tie-break set, the score alone (the organiser sees why nothing separated them).
LEVEL_ON_SCORE = {
    "game_points": _("Level with %(name)s on game points; no tie-break is set."),
    "match_points": _("Level with %(name)s on match points; no tie-break is set."),
}
LEVEL = _("Level with %(name)s on every criterion: %(criteria)s.")
# Each criterion's name in a list after a colon (the same words as the columns' heads).
CRITERIA = {
    "game_points": _("game points"),
    "match_points": _("match points"),
    "table_wins": _("table wins"),
    "best_round": _("best round"),
    "opponents": _("opponents' scores (Buchholz)"),
    "head_to_head": _("head to head"),
    "fewest_byes": _("fewest byes"),
}

NO_VALUE = "–"  # a best round for an entry that never sat at a table


@dataclass(frozen=True)
class TieBreakStep:
    """One comparison an entry's group went through: the criterion and the entry's value.

    For ``head_to_head`` the value depends on the group it was computed in, which is why
    it is recorded rather than recomputed.
    """

    criterion: str
    value: int | None


@dataclass(frozen=True)
class StandingsRow:
    """One line of the standings.

    ``score`` is the value of ``Scoring.score``; ``tie_break_values`` has every
    tie-break of the chain in order (``head_to_head`` is ``None`` unless the entry was
    tied when it came to apply; ``best_round`` is ``None`` without a table played).
    ``byes`` counts missed rounds of a late entry too (``missed`` says how many of them).
    ``adjustments`` are the footnotes. ``why`` says what separates it from its neighbour.
    """

    rank: int
    shared: bool
    entry: Entry
    name: str
    score: int
    tie_break_values: dict[str, int | None]
    game_points: int
    match_points: int
    rounds_played: int
    byes: int
    missed: int
    adjustments: tuple[Adjustment, ...]
    withdrawn_from: int | None
    joined_at: int | None
    why: Reason | None
    steps: tuple[TieBreakStep, ...]

    @property
    def withdrawn(self) -> bool:
        return self.withdrawn_from is not None

    def value(self, criterion: str) -> int | None:
        """The row's figure for a criterion among ``shown_criteria``."""
        if criterion == "game_points":
            return self.game_points
        if criterion == "match_points":
            return self.match_points
        return self.tie_break_values[criterion]


def shown_criteria(score: str, tie_breaks: Iterable[str]) -> tuple[str, ...]:
    """The figures every standings view shows, in order: the score, the other score (match
    points and game points are always both shown, §5), then the rest of the chain."""
    other = next(name for name in SCORES if name != score)
    return (score, other, *(name for name in tie_breaks if name not in SCORES))


def rank_label(row: StandingsRow) -> str:
    """The rank as printed: ``"3"``, or ``"3="`` when the rank is shared."""
    return f"{row.rank}=" if row.shared else str(row.rank)


def standings(
    entries: Iterable[EntryInfo],
    tables: Iterable[TableResult],
    byes: Iterable[Bye],
    adjustments: Iterable[Adjustment],
    scoring: Scoring,
    *,
    name_order: NameOrder = by_letters,
) -> list[StandingsRow]:
    """The standings, best first, from everything recorded so far.

    Every entry given gets a row, withdrawn ones included (flagged by
    ``withdrawn_from``). Rows that share a rank are listed by name, as ``name_order``
    sorts names (the caller's collation; ``by_letters`` without one).
    """
    info, results, footnotes = _collect(entries, tables, byes, adjustments, scoring)
    own = scoring.game_tie_breaks
    values = {entry: _totals(rounds, own) for entry, rounds in results.items()}
    score = {entry: values[entry][scoring.score] for entry in info}
    for entry, rounds in results.items():
        # Buchholz counts an opponent once per table shared: meeting twice weighs twice.
        values[entry]["opponents"] = sum(
            score[other] for result in rounds.values() for other in result.opponents
        )

    steps: dict[Entry, list[TieBreakStep]] = {entry: [] for entry in info}
    chain = (scoring.score, *scoring.tie_breaks)

    def by_name(entry: Entry) -> tuple[Any, str]:
        return (name_order(info[entry].name), str(entry))

    groups: list[list[Entry]] = []
    lower = _lower(own)
    _order(sorted(info, key=by_name), 0, chain, values, results, steps, groups, lower)

    rows: list[StandingsRow] = []
    position = 0
    for group in groups:
        rank = position + 1
        position += len(group)
        # ``_order`` keeps name order within a group (stable sorts over a sorted start).
        for entry in group:
            rows.append(
                _row(
                    rank,
                    len(group) > 1,
                    info[entry],
                    values[entry],
                    results[entry],
                    footnotes.get(entry, ()),
                    tuple(steps[entry]),
                    scoring,
                )
            )
    words = _Words(own)
    return [replace(row, why=_why(rows, index, words)) for index, row in enumerate(rows)]


def _totals(
    rounds: Mapping[int, RoundResult], own: Iterable[TieBreak] = ()
) -> dict[str, int | None]:
    """The sums the criteria need, from one entry's rounds (``opponents`` comes later);
    a game's own tie-breaks (``own``) each count the figures of the entry's matches."""
    at_tables = [result for result in rounds.values() if result.at_table]
    totals: dict[str, int | None] = {
        "game_points": sum(result.game_points for result in rounds.values()),
        "match_points": sum(result.match_points for result in rounds.values()),
        "table_wins": sum(result.won for result in at_tables),
        "best_round": max((result.game_points for result in at_tables), default=None),
        "fewest_byes": sum(result.bye for result in rounds.values()),
        "rounds_played": len(at_tables),
        "missed": sum(result.missed for result in rounds.values()),
    }
    figures = tuple(result.figures for result in at_tables)
    for tie_break in own:
        totals[tie_break.name] = tie_break.key(figures)
    return totals


def _lower(own: Iterable[TieBreak] = ()) -> frozenset[str]:
    """The criteria where less is better: the shared ones and the game's own that say so."""
    return LOWER_IS_BETTER | {tie_break.name for tie_break in own if tie_break.fewest}


def _better(criterion: str, value: int | None, lower: frozenset[str]) -> tuple[int, int]:
    """A sort key where greater is better; no value (no best round) is worst."""
    if value is None:
        return (0, 0)
    return (1, -value if criterion in lower else value)


def head_to_head(
    group: Iterable[Entry], results: Mapping[Entry, Mapping[int, RoundResult]]
) -> dict[Entry, int]:
    """Each entry's game points from the rounds it shared a table with another of ``group``.

    A round counts once however many of the group sat at that table. The standings use it
    only where ``all_met`` (an entry that met none of the others would score 0 here).
    """
    members = set(group)
    return {
        entry: sum(
            result.game_points
            for result in results[entry].values()
            if any(other in members for other in result.opponents)
        )
        for entry in members
    }


def all_met(group: Iterable[Entry], results: Mapping[Entry, Mapping[int, RoundResult]]) -> bool:
    """Whether every two entries of ``group`` shared a table in some round."""
    members = set(group)
    for entry in members:
        met = {other for result in results[entry].values() for other in result.opponents}
        if not members - {entry} <= met:
            return False
    return True


def _order(
    group: list[Entry],
    level: int,
    chain: tuple[str, ...],
    values: Mapping[Entry, Mapping[str, int | None]],
    results: Mapping[Entry, Mapping[int, RoundResult]],
    steps: dict[Entry, list[TieBreakStep]],
    out: list[list[Entry]],
    lower: frozenset[str] = LOWER_IS_BETTER,
) -> None:
    """Append ``group``'s tie groups to ``out``, best first, from ``chain[level]`` on
    (``lower``: the criteria where less is better)."""
    if len(group) == 1 or level == len(chain):
        out.append(group)
        return
    criterion = chain[level]
    if criterion == HEAD_TO_HEAD and not all_met(group, results):
        # Not every two of them met: there is no head-to-head to compare (no step, so
        # the figure shows as none and no sentence names it).
        _order(group, level + 1, chain, values, results, steps, out, lower)
        return
    if criterion == HEAD_TO_HEAD:
        figures: Mapping[Entry, int | None] = head_to_head(group, results)
    else:
        figures = {entry: values[entry][criterion] for entry in group}
    for entry in group:
        steps[entry].append(TieBreakStep(criterion, figures[entry]))

    def key(entry: Entry) -> tuple[int, int]:
        return _better(criterion, figures[entry], lower)

    # ``sorted`` is stable and ``group`` comes in name order, so ties stay in name order.
    parts = [list(part) for _key, part in groupby(sorted(group, key=key, reverse=True), key)]
    for part in parts:
        if criterion == HEAD_TO_HEAD and len(parts) > 1:
            # Head-to-head split the group: re-apply it among those still level.
            _order(part, level, chain, values, results, steps, out, lower)
        else:
            _order(part, level + 1, chain, values, results, steps, out, lower)


def _row(
    rank: int,
    shared: bool,
    info: EntryInfo,
    values: Mapping[str, int | None],
    rounds: Mapping[int, RoundResult],
    footnotes: tuple[Adjustment, ...],
    steps: tuple[TieBreakStep, ...],
    scoring: Scoring,
) -> StandingsRow:
    tie_break_values: dict[str, int | None] = {}
    for name in scoring.tie_breaks:
        if name == HEAD_TO_HEAD:
            # Shown as computed among the entries tied when it first applied (§5's
            # "among exactly the tied entries"); re-applications only break what is left.
            first = next((step for step in steps if step.criterion == name), None)
            tie_break_values[name] = None if first is None else first.value
        else:
            tie_break_values[name] = values[name]
    return StandingsRow(
        rank=rank,
        shared=shared,
        entry=info.entry,
        name=info.name,
        score=values[scoring.score],
        tie_break_values=tie_break_values,
        game_points=values["game_points"],
        match_points=values["match_points"],
        rounds_played=values["rounds_played"],
        byes=values["fewest_byes"],
        missed=values["missed"],
        adjustments=footnotes,
        withdrawn_from=info.withdrawn_from,
        joined_at=info.joined_at,
        why=None,
        steps=steps,
    )


class _Words:
    """The sentences and words of every criterion: the shared ones, and a game's own
    tie-breaks' (``own``) beside them."""

    def __init__(self, own: Iterable[TieBreak] = ()):
        own = tuple(own)
        self.ahead = {**AHEAD, **{tie_break.name: tie_break.why_ahead for tie_break in own}}
        self.behind = {**BEHIND, **{tie_break.name: tie_break.why_behind for tie_break in own}}
        self.criteria = {**CRITERIA, **{tie_break.name: tie_break.label for tie_break in own}}
        self.lower = _lower(own)


def explain(
    row: StandingsRow, other: StandingsRow, game_tie_breaks: Iterable[TieBreak] = ()
) -> Reason:
    """Why ``row`` stands where it does against ``other`` (two rows of one ``standings``,
    whose ``Scoring.game_tie_breaks`` are ``game_tie_breaks``).

    Names the first criterion on which the two were told apart, with both values
    ("Ahead of Ben on game points: 7 to 5."), or names everything they are level on.
    """
    return _explain(row, other, _Words(game_tie_breaks))


def _explain(row: StandingsRow, other: StandingsRow, words: _Words) -> Reason:
    if row.entry == other.entry:
        raise ValueError("an entry is compared with itself")
    for mine, theirs in zip(row.steps, other.steps, strict=False):
        if mine.criterion != theirs.criterion:
            raise ValueError("the rows come from different standings")
        if mine.value != theirs.value:
            ahead = _better(mine.criterion, mine.value, words.lower) > _better(
                theirs.criterion, theirs.value, words.lower
            )
            message = (words.ahead if ahead else words.behind)[mine.criterion]
            return Reason(
                message,
                {
                    "name": other.name,
                    "value": _shown(mine.value),
                    "other_value": _shown(theirs.value),
                },
            )
    # Head-to-head may have been re-applied within its group: name it once.
    compared = tuple(dict.fromkeys(step.criterion for step in row.steps))
    if len(compared) == 1:
        return Reason(LEVEL_ON_SCORE[compared[0]], {"name": other.name})
    return Reason(
        LEVEL,
        {"name": other.name},
        {"criteria": tuple(words.criteria[name] for name in compared)},
    )


def _shown(value: int | None) -> int | str:
    return NO_VALUE if value is None else value


def _why(rows: list[StandingsRow], index: int, words: _Words) -> Reason | None:
    """A row's answer to "why am I here?": against the row below, or above for the last.

    A shared rank is explained by another row sharing it (level on everything), since
    that is what the "=" asks about.
    """
    row = rows[index]
    below = rows[index + 1] if index + 1 < len(rows) else None
    above = rows[index - 1] if index > 0 else None
    if row.shared:
        partner = below if below is not None and below.rank == row.rank else above
        assert partner is not None and partner.rank == row.rank
        return _explain(row, partner, words)
    if below is not None:
        return _explain(row, below, words)
    if above is not None:
        return _explain(row, above, words)
    return None
