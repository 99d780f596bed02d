"""Reads: a match with everything derived from it, kept per revision.

The only place that replays stored hands; pages, the API and the writers all ask here.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from .. import rules
from ..models import Match
from ..rules import MatchState


@dataclass(frozen=True)
class Snapshot:
    """A match as stored, with everything derived from it."""

    match: Match
    state: MatchState
    versions: tuple[int, ...]  # per hand, oldest first

    @property
    def next_number(self) -> int:
        return len(self.state.hands) + 1


STATE_CACHE_SECONDS = 60 * 60


def cache_key(match: Match) -> str:
    """Names what is derived from this match as it stands: every write bumps ``revision``,
    and the share token (unique, random) keeps a reused id from meeting an old entry."""
    return f"{match.share_token}:{match.revision}"


class _States:
    """Derived states by match and revision, in this process's memory, the most recently
    used kept. A ``MatchState`` is immutable, so it is shared, not copied: Django's cache
    would pickle the whole match on every read and write, inside the write lock."""

    def __init__(self, size: int = 1000):
        self.size = size
        self.items: OrderedDict[str, tuple[MatchState, tuple[int, ...]]] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: str):
        with self.lock:
            value = self.items.get(key)
            if value is not None:
                self.items.move_to_end(key)
            return value

    def put(self, key: str, value) -> None:
        with self.lock:
            self.items[key] = value
            self.items.move_to_end(key)
            while len(self.items) > self.size:
                self.items.popitem(last=False)

    def clear(self) -> None:
        with self.lock:
            self.items.clear()


states = _States()


def remember(snap: Snapshot) -> None:
    """Keep the derived state of this revision, once it is committed: a kept state must
    never describe a write that was rolled back."""
    key, value = cache_key(snap.match), (snap.state, snap.versions)
    transaction.on_commit(lambda: states.put(key, value))


def snapshot(match: Match) -> Snapshot:
    """The match with everything derived from it: from the cache for this revision, or
    by replaying the stored hands (one query)."""
    cached = states.get(cache_key(match))
    if cached is not None:
        return Snapshot(match, *cached)
    rows = list(match.hands.order_by("number").values_list("input", "version"))
    state = rules.replay(
        match.ruleset,
        match.players,
        [row[0] for row in rows],
        first_dealer=match.first_dealer,
        setup=match.setup,
        stopped=match.stopped,
    )
    snap = Snapshot(match, state, tuple(row[1] for row in rows))
    remember(snap)
    return snap


def state_before(snap: Snapshot, number: int) -> MatchState:
    """The match as it stood when hand ``number`` was dealt (to correct that hand)."""
    match = snap.match
    return rules.replay(
        match.ruleset,
        match.players,
        [hand.input for hand in snap.state.hands[: number - 1]],
        first_dealer=match.first_dealer,
        setup=match.setup,
    )


def preview_hand(match: Match, data: Mapping[str, Any]) -> rules.Hand:
    """What the next hand would score, without recording it (RuleError if it can't be)."""
    current = snapshot(match)
    return rules.play_hand(match.ruleset, current.state, data).hands[-1]
