"""Storage, by subject. Django finds the models through this package."""

from .accounts import ApiToken, LoginFailures, hash_token
from .play import AuditEntry, Hand, Match, Seat, new_share_token
from .players import Player, name_key

__all__ = [
    "ApiToken",
    "AuditEntry",
    "Hand",
    "LoginFailures",
    "Match",
    "Player",
    "Seat",
    "hash_token",
    "name_key",
    "new_share_token",
]
