"""Reads: a match with its state, and what is derived from it kept per revision.

A match's row stores its state without the hands (``Match.state``, as ``rules.stored``
writes it), its hands their derived facts: a read builds the whole ``MatchState`` from
them without running the rules, and a write plays the next hand on the row's state
alone. ``derive`` (the one replay) is for what must start from the hands: creating a
match, correcting a hand, reopening a stopped match, rebuilding the stored states.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

import orjson
from django.db import transaction
from django.db.models import F, TextField
from django.db.models.functions import Cast

from .. import rules
from ..models import AuditEntry, Hand, Match
from ..models.audit import who
from ..rules import MatchState
from ..rules.stored import detail_from_json

logger = logging.getLogger(__name__)

# All of a match's hands as ``rules.Hand`` objects, and each one's version.
Hands = tuple[tuple[rules.Hand, ...], tuple[int, ...]]


class Snapshot:
    """A match as stored, with its state.

    ``head`` is the state the next hand is played on: the row's state, whose ``hands``
    may be none of the match's (a write needs none). ``state`` is the whole match with
    every hand and ``versions`` each hand's version: known when this process kept them
    for this revision, otherwise read (one query) the first time they are asked for, so
    that a write that answers only what changed never reads the hands."""

    def __init__(self, match: Match, state: MatchState, versions: tuple[int, ...] | None = None):
        """``versions`` given: ``state`` holds every hand (its whole state)."""
        self.match = match
        self.head = state
        if versions is not None:
            self.__dict__["whole"] = (state.hands, versions)

    @cached_property
    def whole(self) -> Hands:
        hands, versions = stored_hands(self.match)
        if len(hands) != self.head.hand_count:
            # Cannot be, short of a database changed behind the app's back: the replay
            # then says what the hands give (``manage.py rebuild_states`` stores it).
            logger.warning("The stored state of match %s disagrees with its hands", self.match.pk)
            self.head = derive(self.match, [hand.input for hand in hands])
            hands = self.head.hands
        remember(self.match, replace(self.head, hands=hands), versions)
        return hands, versions

    @cached_property
    def state(self) -> MatchState:
        hands = self.whole[0]
        return self.head if self.head.hands is hands else replace(self.head, hands=hands)

    @property
    def versions(self) -> tuple[int, ...]:
        return self.whole[1]

    @property
    def next_number(self) -> int:
        return self.head.hand_count + 1


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


class RevisionCache:
    """Immutable things derived from a revision, in this process's memory, the most
    recently used kept: they are shared, not copied (Django's cache would pickle them on
    every read and write). Keys name a revision, so an entry never goes stale. Matches'
    whole states live here (a write then answers with every hand without reading them);
    so do tournaments' standings (``services.standings``) and boards."""

    def __init__(self, size: int = 1000):
        self.size = size
        self.items: OrderedDict[str, Any] = OrderedDict()
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


states = RevisionCache()  # (whole MatchState, versions) by cache_key


def remember(match: Match, state: MatchState, versions: tuple[int, ...]) -> None:
    """Keep the whole state of this revision, once it is committed: a kept state must
    never describe a write that was rolled back."""
    key = cache_key(match)
    transaction.on_commit(lambda: states.put(key, (state, versions)))


def snapshot(match: Match) -> Snapshot:
    """The match with its state: the whole state this process keeps for this revision,
    or the row's state (its hands read only when asked for). No query either way."""
    kept = states.get(cache_key(match))
    if kept is not None:
        state, versions = kept
        return Snapshot(match, state, versions)
    head = match.stored_state
    if head is None:
        # Not stored, or by rules that have changed since: the replay says what it is.
        logger.warning("Match %s has no readable stored state; replaying it", match.pk)
        rows = stored_hand_rows(match)
        head = derive(match, [row["input"] for row in rows])
        return Snapshot(match, head, tuple(row["version"] for row in rows))
    return Snapshot(match, head)


# What a read of a match's hands needs of each: the rules' derived facts and the version.
HAND_COLUMNS = ("number", "dealer", "input", "targets", "scores", "active", "detail", "version")
JSON_COLUMNS = frozenset({"input", "targets", "scores", "active", "detail"})


def hand_rows(match_id: int) -> list[tuple[Any, ...]]:
    """A match's hands, oldest first, as tuples of ``HAND_COLUMNS`` with the JSON decoded
    (one query): what a whole state reads after another worker wrote the match's last
    hand. Each JSON value is read as the text the database holds (``Cast``) and decoded
    by ``orjson``: through the JSON field's own conversion the ORM spent two thirds of
    this read decoding a hand's five values one by one (``bench/profile_write.py
    --cold``)."""
    columns = [
        Cast(name, TextField()) if name in JSON_COLUMNS else F(name) for name in HAND_COLUMNS
    ]
    rows = Hand.objects.filter(match_id=match_id).order_by("number").values_list(*columns)
    decoded = [name in JSON_COLUMNS for name in HAND_COLUMNS]
    return [
        tuple(
            _json(value) if is_json else value for is_json, value in zip(decoded, row, strict=True)
        )
        for row in rows
    ]


def _json(value: str | None) -> Any:
    """A JSON column read as text; None for SQL NULL (a hand without targets)."""
    return None if value is None else orjson.loads(value)


def stored_hand_rows(match: Match) -> list[dict[str, Any]]:
    return [dict(zip(HAND_COLUMNS, row, strict=True)) for row in hand_rows(match.pk)]


def stored_hands(match: Match) -> Hands:
    """The match's hands as the rules derived them, built from their rows (one query)."""
    hands, versions = [], []
    for number, dealer, data, targets, scores, active, detail, version in hand_rows(match.pk):
        hands.append(
            rules.Hand(
                number=number,
                dealer=dealer,
                input=data,
                targets=tuple(targets) if targets is not None else None,
                scores=tuple(scores),
                active=tuple(active),
                detail=_detail(detail),
            )
        )
        versions.append(version)
    return tuple(hands), tuple(versions)


def _detail(stored: dict[str, Any]) -> rules.Detail:
    """A hand's ``Detail`` from its row. Most hands of a match carry equal ones (frozen,
    so they may be shared): each is read once per process and then found by its text."""
    key = repr(stored)
    detail = _details.get(key)
    if detail is None:
        if len(_details) > 10_000:
            _details.clear()
        detail = _details[key] = detail_from_json(stored)
    return detail


_details: dict[str, rules.Detail] = {}


def state_before(snap: Snapshot, number: int) -> MatchState:
    """The match as it stood when hand ``number`` was dealt (to correct that hand)."""
    inputs = [hand.input for hand in snap.state.hands[: number - 1]]
    return derive(snap.match, inputs, stopped=False)


def preview_hand(match: Match, data: Mapping[str, Any]) -> rules.Hand:
    """What the next hand would score, without recording it (RuleError if it can't be)."""
    return rules.play_hand(match.ruleset, snapshot(match).head, data).hands[-1]


@dataclass(frozen=True)
class Stop:
    """Who ended a match before its end, as the audit names them, and the reason given."""

    who: str
    reason: str


def stops(match_ids: Iterable[int]) -> dict[int, Stop]:
    """Of these matches, those ended before their end and not reopened: by the last "ended
    the match" of each one's audit (a tournament's table: its organiser's ruling). One
    query, whatever the number of matches."""
    ids = [pk for pk in match_ids if pk is not None]
    if not ids:
        return {}
    found = {}
    entries = (
        AuditEntry.objects.filter(
            match_id__in=ids, match__stopped=True, action=AuditEntry.Action.STOP
        )
        .order_by("match_id", "at", "pk")
        .values_list("match_id", "by_name", "reason")
    )
    for match_id, by_name, reason in entries:
        found[match_id] = Stop(who(by_name), reason)
    return found
