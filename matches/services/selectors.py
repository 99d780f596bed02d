"""Reads: a match with everything derived from it, kept per revision.

The only place that replays stored hands (``derive``); pages, the API and the writers all
ask here.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
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
    """The one cache key scheme: names what is derived from this match as it stands.

    Every write bumps ``revision``, and the share token (unique, random) keeps a reused id
    from meeting an old entry, so an entry under this key never goes stale and nothing is
    ever deleted from the cache. Whatever is derived from the match is kept under this
    key with its own prefix and the view's own parts: the replayed state here, the
    rendered table and page (``table:``/``page:``, plus language and view) and the API's
    JSON (``state-json:``).

    Tournaments (later) get a level above: a tournament's standings and board under its
    own key and revision, bumped in the same transaction as any write to one of its
    tables' matches, next to this function."""
    return f"{match.share_token}:{match.revision}"


def derive(
    match: Match, inputs: Sequence[Mapping[str, Any]], *, stopped: bool | None = None
) -> MatchState:
    """The one replay: the match's ruleset over its seats, first dealer and setup, then
    ``inputs`` (hand inputs, oldest first). ``stopped`` is the match's own unless given:
    the state a hand was dealt in (to correct it) is replayed with ``stopped=False``.

    RuleError when a hand no longer fits (its field names the hand: ``hands.5.tricks``),
    or, for a match being created, when the seats, first dealer or setup are wrong."""
    return rules.replay(
        match.ruleset,
        match.names,
        inputs,
        first_dealer=match.first_dealer,
        setup=match.setup,
        stopped=match.stopped if stopped is None else stopped,
    )


@dataclass(frozen=True)
class SeatResult:
    """What a seat's row stores from the replay (``models.Seat`` says what each means)."""

    total: int
    place: int
    won: bool
    outright: bool = False


def seat_results(state: MatchState, outright: int | None = None) -> list[SeatResult]:
    """Each seat's total, place and win, seat 0 first. The winners share place 1; any
    other seat's place is 1 + the number of seats that won or have a higher total."""
    winners = set(state.winners)
    results = []
    for seat, total in enumerate(state.totals):
        if seat in winners:
            place = 1
        else:
            ahead = sum(
                1 for other, theirs in enumerate(state.totals) if other in winners or theirs > total
            )
            place = 1 + ahead
        results.append(SeatResult(total, place, seat in winners, seat == outright))
    return results


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
    by replaying the stored hands (one query, and one for the seats unless the match's
    query prefetched them)."""
    cached = states.get(cache_key(match))
    if cached is not None:
        return Snapshot(match, *cached)
    rows = list(match.hands.order_by("number").values_list("input", "version"))
    state = derive(match, [row[0] for row in rows])
    snap = Snapshot(match, state, tuple(row[1] for row in rows))
    remember(snap)
    return snap


def state_before(snap: Snapshot, number: int) -> MatchState:
    """The match as it stood when hand ``number`` was dealt (to correct that hand)."""
    inputs = [hand.input for hand in snap.state.hands[: number - 1]]
    return derive(snap.match, inputs, stopped=False)


def preview_hand(match: Match, data: Mapping[str, Any]) -> rules.Hand:
    """What the next hand would score, without recording it (RuleError if it can't be)."""
    current = snapshot(match)
    return rules.play_hand(match.ruleset, current.state, data).hands[-1]
