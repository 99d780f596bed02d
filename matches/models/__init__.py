"""Storage, by subject. Django finds the models through this package."""

from .accounts import AccountAudit, ApiToken, LoginFailures, hash_token
from .play import AuditEntry, Hand, Match, Seat, new_share_token
from .players import Player, PlayerAudit, name_key, name_order
from .ratings import Rating, RatingGame, RatingPoint
from .series import Series, SeriesAudit, SeriesTournament
from .tournaments import (
    Adjustment,
    Bye,
    Entry,
    KeepApart,
    Round,
    Table,
    TableSeat,
    Tournament,
    TournamentAudit,
    new_link_token,
)

__all__ = [
    "Adjustment",
    "Bye",
    "Entry",
    "KeepApart",
    "Round",
    "Table",
    "TableSeat",
    "Tournament",
    "TournamentAudit",
    "new_link_token",
    "AccountAudit",
    "ApiToken",
    "AuditEntry",
    "Hand",
    "LoginFailures",
    "Match",
    "Player",
    "PlayerAudit",
    "Rating",
    "RatingGame",
    "RatingPoint",
    "Seat",
    "Series",
    "SeriesAudit",
    "SeriesTournament",
    "hash_token",
    "name_key",
    "name_order",
    "new_share_token",
]
