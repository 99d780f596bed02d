"""Tournament standings and series tables: pure Python, no Django (docs/tournaments.md §4–§6).

Fed with plain dataclasses built from one database query, as ``matches.rules`` is fed
with hands: ``round_results`` for each entry's rounds, ``standings`` for the ranked
table with tie-breaks and the reason for each place, ``series`` for a club season.
"""

from .model import (
    DEFAULT_TIE_BREAKS,
    SCORES,
    TIE_BREAKS,
    Adjustment,
    Bye,
    EntryInfo,
    Reason,
    Scoring,
    SeatResult,
    TableResult,
    check_score,
    check_tie_breaks,
    default_tie_breaks,
    tie_breaks_of,
)
from .results import RoundResult, round_results
from .series import SERIES_SCORES, SeriesResult, SeriesRow, TournamentStandings, series
from .table import (
    StandingsRow,
    TieBreakStep,
    explain,
    head_to_head,
    rank_label,
    shown_criteria,
    standings,
)

__all__ = [
    "DEFAULT_TIE_BREAKS",
    "SCORES",
    "SERIES_SCORES",
    "TIE_BREAKS",
    "Adjustment",
    "Bye",
    "EntryInfo",
    "Reason",
    "RoundResult",
    "Scoring",
    "SeatResult",
    "SeriesResult",
    "SeriesRow",
    "StandingsRow",
    "TableResult",
    "TieBreakStep",
    "TournamentStandings",
    "check_score",
    "check_tie_breaks",
    "tie_breaks_of",
    "default_tie_breaks",
    "explain",
    "head_to_head",
    "rank_label",
    "round_results",
    "series",
    "shown_criteria",
    "standings",
]
