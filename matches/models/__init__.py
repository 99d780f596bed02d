"""Storage, by subject. Django finds the models through this package."""

from .accounts import ApiToken, hash_token
from .play import AuditEntry, Hand, Match, new_share_token

__all__ = ["ApiToken", "AuditEntry", "Hand", "Match", "hash_token", "new_share_token"]
