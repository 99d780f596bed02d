"""Reads: a match with everything derived from it, kept per revision.

The only place that replays stored hands (``derive``); pages, the API and the writers all
ask here.
"""

from __future__ import annotations

import hashlib
import logging
import os
import pickle
import struct
import threading
import zlib
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import transaction

from .. import rules
from ..models import Match
from ..rules import MatchState
from .base import after_the_queue

logger = logging.getLogger(__name__)


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


class Kept:
    """Immutable things derived from a revision, in this process's memory, the most
    recently used kept: they are shared, not copied (Django's cache would pickle them on
    every read and write, inside the write lock). Keys name a revision, so an entry never
    goes stale. Matches' derived states live here; so do tournaments' standings
    (``services.standings``)."""

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


states = Kept()  # (MatchState, versions) by cache_key


class Pieces:
    """Each match's hands encoded one by one, as this process last encoded or decoded
    them, so that the next encoding of the match encodes only what changed.

    Every write hands on the whole state (the API's answer, the file other workers read),
    and a match grows by a hand at a time: encoding it whole would encode fifty hands to
    record one, and more as the match goes on. An item (a hand, or a hand with its
    version) is a frozen value, and its encoding depends on nothing else but the match's
    rules, which never change: a kept item equal to the new one at the same place has
    the same encoding, and equal encodings decode to equal items. Everything from the
    first difference on (a corrected hand and those re-derived after it, a hand recorded
    again after an undo) is encoded, or decoded, anew."""

    def __init__(self):
        # By match id: (share token, items, their pieces); the token tells another match
        # under a reused id.
        self.kept = Kept()

    def _kept(self, match: Match) -> tuple[Sequence[Any], Sequence[Any]]:
        kept = self.kept.get(match.pk)
        if kept is None or kept[0] != match.share_token:
            return (), ()
        return kept[1], kept[2]

    def encoded(self, match: Match, items: Sequence[Any], encode) -> list[Any]:
        """``[encode(item) for item in items]``, with the kept pieces of equal items."""
        old_items, old_pieces = self._kept(match)
        pieces = []
        # The kept items may be fewer (hands since recorded) or more (hands undone).
        for old, new, piece in zip(old_items, items, old_pieces, strict=False):
            if old is not new and old != new:
                break
            pieces.append(piece)
        pieces.extend(encode(item) for item in items[len(pieces) :])
        self.kept.put(match.pk, (match.share_token, items, pieces))
        return pieces

    def decoded(self, match: Match, pieces: Sequence[Any], decode) -> tuple[Any, ...]:
        """``tuple(decode(piece) for piece in pieces)``, with the kept items of equal
        pieces."""
        old_items, old_pieces = self._kept(match)
        items = []
        for old, new, item in zip(old_pieces, pieces, old_items, strict=False):
            if old != new:
                break
            items.append(item)
        items.extend(decode(piece) for piece in pieces[len(items) :])
        items = tuple(items)
        self.kept.put(match.pk, (match.share_token, items, pieces))
        return items

    def clear(self) -> None:
        self.kept.clear()


pickled_hands = Pieces()  # the hands of the state files


def _pickled(hand: rules.Hand) -> bytes:
    return pickle.dumps(hand, protocol=pickle.HIGHEST_PROTOCOL)


class _StateFiles:
    """The derived states again, shared by the worker processes of this machine: one file
    per match under ``settings.DERIVED_STATES_DIR``, holding its latest state.

    gunicorn's workers share no memory, so with three of them about two requests in
    three come after another worker's write to the match, and would each replay it (a
    query for the hands, one for the seats, the rules over every hand) where reading
    this file costs a fraction of one query. The file names the state it holds: the
    rules that derived it (``RULES_VERSION``: after an update, a state the old rules
    derived and pickled is not read), the match's share token and revision
    (``cache_key``), and when that revision was written (``updated_at``, which tells a
    restored database's revision 40 from the one before the restore). A state that is
    not the match's as read is not used. It is a cache: a file that cannot be read or
    written means a replay, never an error.

    Written in place, in one ``pwrite`` behind a header of its length and checksum:
    creating, renaming or truncating files makes the file system write metadata (ext4
    flushes a file replaced by rename or truncation first), which cost ten times more.
    A reader that meets a write half done sees a checksum that does not match, and
    replays; a longer old state behind a shorter new one is cut off by the length.

    Pickled, as Django's own caches store values: the files are in the data directory
    (mode 0700, beside the database and the secret key), written only by this app."""

    HEADER = struct.Struct("<II")  # length, CRC-32 of what follows

    def path(self, match_id: int) -> Path:
        return Path(settings.DERIVED_STATES_DIR) / str(match_id)

    FORMAT = "2"  # what the body holds: its stamp, the state but its hands, the hands

    @staticmethod
    def stamp(match: Match) -> tuple[str, ...]:
        written = match.updated_at.isoformat() if match.updated_at else ""
        return _StateFiles.FORMAT, RULES_VERSION, cache_key(match), written

    def get(self, match: Match):
        try:
            raw = self.path(match.pk).read_bytes()
            length, checksum = self.HEADER.unpack_from(raw)
            body = raw[self.HEADER.size : self.HEADER.size + length]
            if len(body) != length or zlib.crc32(body) != checksum:
                return None  # being written, or broken
            stamp, bare, versions, pieces = pickle.loads(body)
            if stamp != self.stamp(match):
                return None
            hands = pickled_hands.decoded(match, pieces, pickle.loads)
            return replace(bare, hands=hands), versions
        except Exception:  # missing, unreadable, from another version: a replay
            return None

    def put(self, match: Match, stamp: tuple[str, ...], value) -> None:
        # The hands one by one, each pickled once in this process (``Pieces``): a write
        # pickles the hand it adds, not the fifty before it, and a reader unpickles only
        # the hands it does not already hold.
        state, versions = value
        pieces = pickled_hands.encoded(match, state.hands, _pickled)
        bare = replace(state, hands=())
        body = pickle.dumps((stamp, bare, versions, pieces), protocol=pickle.HIGHEST_PROTOCOL)
        path = self.path(match.pk)
        try:
            try:
                handle = os.open(path, os.O_WRONLY | os.O_CREAT, 0o600)
            except FileNotFoundError:  # the first state kept
                path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
                handle = os.open(path, os.O_WRONLY | os.O_CREAT, 0o600)
            try:
                os.pwrite(handle, self.HEADER.pack(len(body), zlib.crc32(body)) + body, 0)
            finally:
                os.close(handle)
        except OSError:
            logger.warning("Could not keep the derived state of match %s", match.pk)


def _rules_version() -> str:
    """A digest of the rules' source: the code that derives a state and defines its
    types."""
    digest = hashlib.sha256()
    for path in sorted(Path(rules.__file__).parent.rglob("*.py")):
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


RULES_VERSION = _rules_version()
shared_states = _StateFiles()


def remember(snap: Snapshot) -> None:
    """Keep the derived state of this revision, once it is committed: a kept state must
    never describe a write that was rolled back."""
    key, value = cache_key(snap.match), (snap.state, snap.versions)
    match, stamp = snap.match, shared_states.stamp(snap.match)

    def keep():
        states.put(key, value)
        # The file is for other workers: no writer needs to wait while it is written.
        after_the_queue(lambda: shared_states.put(match, stamp, value))

    transaction.on_commit(keep)


def snapshot(match: Match) -> Snapshot:
    """The match with everything derived from it: from this process's memory or the
    shared files for this revision, or by replaying the stored hands (one query, and one
    for the seats unless the match's query prefetched them)."""
    key = cache_key(match)
    cached = states.get(key)
    if cached is None:
        cached = shared_states.get(match)
        if cached is not None:
            states.put(key, cached)
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
