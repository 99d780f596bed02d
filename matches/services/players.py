"""Writes to the register of players."""

from __future__ import annotations

from collections.abc import Sequence

from ..models import Player, name_key


def find_or_create(names: Sequence[str]) -> list[Player]:
    """The register's players for the names typed at a table, in the same order.

    ``names`` are as ``play.clean_players`` left them (trimmed, distinct ignoring case). A
    name is matched case-insensitively (``models.name_key``), inactive players included;
    an unknown name becomes a new casual player, spelt as it was typed.

    Runs in the caller's transaction. Two tables adding the same new name at once both
    end with the one player: the insert skips a name someone else has just added (the
    unique key decides, on SQLite and PostgreSQL), and the players are then read back.
    """
    keys = [name_key(name) for name in names]
    found = {player.name_key: player for player in Player.objects.filter(name_key__in=keys)}
    missing = {
        key: Player(name=name, name_key=key, casual=True)
        for name, key in zip(names, keys, strict=True)
        if key not in found
    }
    if missing:
        Player.objects.bulk_create(missing.values(), ignore_conflicts=True)
        found = {player.name_key: player for player in Player.objects.filter(name_key__in=keys)}
    return [found[key] for key in keys]
