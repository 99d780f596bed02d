"""Writes to matches. Every change goes through here, in one transaction, under the
match's lock, checked by ``rules`` and audited.

Views and the API parse input and decide who may act; this module decides what happens.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.db import IntegrityError
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext

from .. import rules
from ..errors import Conflict, HandNotFound, Invalid, NotFound, TableLocked
from ..models import AuditEntry, Hand, Match, Seat, Table, Tournament, TournamentAudit
from ..models.audit import Actor
from ..models.play import new_share_token
from ..rules import MatchState, RuleError
from ..rules.base import _
from ..rules.stored import detail_to_json, state_to_json
from ..text import clean_name, clean_reason, name_key
from . import players as register
from . import ratings
from .base import writing
from .selectors import Snapshot, derive, remember, seat_results, snapshot

# -- creating -----------------------------------------------------------------------------


def clean_players(names: Any) -> list[str]:
    """Player names through the one cleaning of user text (``text.clean_name``: no
    control, format or surrogate characters, NFC, spaces collapsed, 1–40 characters),
    distinct as the register tells names apart (``text.name_key``: "ANN " is Ann)."""
    if not isinstance(names, list | tuple):
        raise RuleError(rules._("Enter the players' names."), field="players")
    cleaned = [
        clean_name(name, field=f"players.{seat}", empty=rules._("Enter a name for every seat."))
        for seat, name in enumerate(names)
    ]
    seen: set[str] = set()
    for seat, name in enumerate(cleaned):
        if name_key(name) in seen:
            raise RuleError(
                rules._("%(name)s sits at the table twice."), field=f"players.{seat}", name=name
            )
        seen.add(name_key(name))
    return cleaned


@writing()
def create_match(
    owner,
    *,
    game: str,
    variant: str,
    players: Sequence[str],
    first_dealer: int,
    options: Mapping[str, Any] | None = None,
    setup: Mapping[str, Any] | None = None,
) -> Snapshot:
    """Create a match for ``owner``; refuses bad players, options or dealer with RuleError.

    Each name is matched against the register of players (case-insensitively; an unknown
    name adds a casual player); the seat keeps the name exactly as typed at the table."""
    ruleset = rules.get_ruleset(game, variant, options)
    names = clean_players(players)
    match = Match(
        owner=owner,
        game=game,
        variant=variant,
        options=ruleset.options,
        first_dealer=first_dealer,
        setup=dict(setup or {}),
    )
    match.ruleset = ruleset
    match.seat_list = [Seat(number=number, name=name) for number, name in enumerate(names)]
    # Checks the seats, the first dealer and the setup before anything is written.
    state = derive(match, [])
    match.state, match.finished = state_to_json(state), state.finished
    match.save()
    seated = register.find_or_create(names)
    # A merge that removes one of them meanwhile waits, or has gone: refused (issue 31).
    register.hold(seated)
    for seat, player in zip(match.seat_list, seated, strict=True):
        seat.match, seat.player = match, player
    _fill_seats(match.seat_list, state, match.ruleset)
    Seat.objects.bulk_create(match.seat_list)
    _audit(match, owner, AuditEntry.Action.CREATE, after=_match_facts(match))
    return Snapshot(match, state, ())


def _match_facts(match: Match) -> dict[str, Any]:
    return {
        "game": match.game,
        "variant": match.variant,
        "players": match.names,
        "first_dealer": match.first_dealer,
        "options": match.options,
    }


# -- hands --------------------------------------------------------------------------------


def _tournament_first(match: Match, by) -> None:
    """For a tournament's match, inside the write's transaction and before the match's
    own lock: the tournament's lock. Confirming a table, ending it and closing a round take
    that lock first as well, so every write that touches a tournament's match locks in one
    order (two orders deadlock on PostgreSQL). A write through a table link then asks,
    under that lock, whether its table still takes writes: a confirmation or a close that
    committed after the link's first check stops it here (``TableLocked``). A write
    through a scorer link asks, under the match's lock, whether the link is still the
    match's: one replaced after the request's first check stops here (``NotFound``)."""
    _scorer_first(match, by)
    if not match.tournament_id:
        return
    list(Tournament.objects.select_for_update().filter(pk=match.tournament_id).values("pk"))
    table_id = Actor.of(by).table_id
    if table_id is not None:
        table = Table.objects.select_related("round").get(pk=table_id)
        if table.match_id != match.pk or not table.open:
            raise TableLocked(table.closed_message)


def _reason_if_confirmed(match: Match, reason: str) -> None:
    """A confirmed table's result moves only with a reason (docs/tournaments.md
    "Confirming"): only an organiser still writes it, and the audit says why. Asked under
    the tournament's lock, which a confirmation takes too."""
    if reason or not match.tournament_id:
        return
    if Table.objects.filter(match_id=match.pk, confirmed_at__isnull=False).exists():
        raise RuleError(
            _("This table's result is confirmed: say why it is changed."), field="reason"
        )


def _take_back_hand_in(match: Match, by, number: int) -> None:
    """A result handed in is no longer the result once one of its hands changes: the
    table hands it in again. The tournament's audit says so between the two hand-ins
    (it showed "handed in" twice with nothing between)."""
    if not match.tournament_id:
        return
    waiting = Table.objects.filter(
        match_id=match.pk, submitted_by__isnull=False, confirmed_at__isnull=True
    ).select_related("round")
    for table in waiting:
        TournamentAudit.objects.create(
            tournament_id=match.tournament_id,
            **TournamentAudit.naming(by),
            action="hand-change-reopen",
            after={"table": table.number, "hand": number},
        )
    waiting.update(submitted_by=None)


def _scorer_first(match: Match, by) -> None:
    token = Actor.of(by).scorer_token
    if token is None:
        return
    current = (
        Match.objects.select_for_update()
        .filter(pk=match.pk)
        .values_list("scorer_token", flat=True)
        .first()
    )
    if current != token:
        raise NotFound(
            gettext("This scorer link was replaced: ask the match's owner for the new one.")
        )


def _locked(match: Match) -> tuple[Match, list[Hand]]:
    """Take the match's write lock and load its hands.

    On PostgreSQL the row lock serialises writers of one match; on SQLite the IMMEDIATE
    transaction already holds the database's write lock, and select_for_update is a no-op.
    """
    locked = _lock(match)
    return locked, list(locked.hands.order_by("number"))


def _lock(match: Match) -> Match:
    """The match read afresh under its write lock. Its ruleset carries over (game, variant
    and options never change), so a request builds it once."""
    locked = Match.objects.select_for_update().get(pk=match.pk)
    if "ruleset" in match.__dict__:
        locked.ruleset = match.ruleset
    return locked


def _replay(match: Match, hands: Sequence[Hand]) -> Snapshot:
    return Snapshot(match, derive(match, [h.input for h in hands]), tuple(h.version for h in hands))


def record_hand(match: Match, number: Any, data: Mapping[str, Any], *, by) -> Snapshot:
    """Record hand ``number``, which must be the next one.

    Raises Conflict when another device recorded it first, the number skips ahead or the
    match is over; RuleError when the hand breaks the rules or ``number`` is no hand
    number at all (0 or less). Writes nothing then.

    Reads no hands and replays nothing: the rules play the one hand on the state the
    match's row stores. The hand is played before the transaction, on the row as the
    request read it, so that the rules keep no other writer waiting; in the transaction
    the first statement stores the new state under the next revision only if the stored
    revision is still the one that was played on. That statement takes the match's lock
    (the row's on PostgreSQL; SQLite's IMMEDIATE transaction holds the database's) and
    finds no row when another write came between: then, as for a hand the rules refused,
    the match is read afresh under the lock and everything is decided there.
    """
    if not isinstance(number, bool) and isinstance(number, int) and number < 1:
        # Invalid input, not a race lost to another device: a 422 naming the field.
        raise RuleError(rules._("Hand numbers start at 1."), field="number")
    seen = snapshot(match)
    played = _try_next(seen, number, data)
    # Built before the write takes its lock: on SQLite every writer of the machine waits
    # while one holds it, so it is held for the statements alone.
    rows = None
    if played is not None:
        rows = _Recording(match, seen.head, played, by, seen=match.revision)
    try:
        with writing():
            _tournament_first(match, by)
            if rows is not None and rows.advance():
                before, state = seen, played
            else:
                match = _lock(match)
                before = snapshot(match)
                _expect_next(before, number)
                state = rules.play_hand(match.ruleset, before.head, data)
                rows = _Recording(match, before.head, state, by)
                rows.advance()
            rows.hand.save(force_insert=True)
            rows.seats()
            rows.audit.save(force_insert=True)
            if state.finished:  # the hand that ends the match: its rating event
                ratings.match_written(match, None)
    except IntegrityError:
        # The unique (match, number) constraint is the last line: should a lock ever fail
        # to serialise two writers, the second still cannot record the same hand.
        fresh = snapshot(Match.objects.get(pk=match.pk))
        raise Conflict(_already_recorded(number), fresh) from None
    if "whole" not in before.__dict__ or len(state.hands) != state.hand_count:
        return Snapshot(match, state)  # its hands are read if the answer needs them
    versions = (*before.versions, 1)
    remember(match, state, versions)
    return Snapshot(match, state, versions)


def _try_next(seen: Snapshot, number: Any, data: Mapping[str, Any]) -> MatchState | None:
    """The state after the hand, if it is the next one and fits the rules as the match
    stood when it was read; None otherwise (the locked path then says why)."""
    try:
        _expect_next(seen, number)
        return rules.play_hand(seen.match.ruleset, seen.head, data)
    except (Conflict, RuleError):
        return None


def _advance(match: Match, state: MatchState, *, seen: int | None = None) -> bool:
    """Store ``state`` on the match under its next revision, which retires every cached
    view of the one before. ``seen``: only if the stored revision is still that one (the
    guard of ``record_hand``); otherwise the caller holds the match's lock. Whether the
    match was written."""
    return _Advance(match, state, seen=seen)()


class _Advance:
    """``_advance``'s UPDATE, built apart from running it (``_Recording``): its values and
    its queryset made before the writer queue, only the statement run inside it."""

    def __init__(self, match: Match, state: MatchState, *, seen: int | None = None):
        self.match, self.state = match, state
        self.stored = state_to_json(state)
        self.revision = (seen if seen is not None else match.revision) + 1
        self.now = timezone.now()
        guard = {"revision": seen} if seen is not None else {}
        # When the match finished: kept while it stays finished, cleared when it
        # opens again (the order of the club rating's events, ``services.ratings``).
        was = match.finished_at if match.finished else None
        self.finished_at = (was or self.now) if state.finished else None
        # ``update()`` fills no ``auto_now``: the time is named, as ``save()`` would set it.
        self.values = {
            "state": self.stored,
            "finished": state.finished,
            "finished_at": self.finished_at,
            "revision": self.revision,
            "updated_at": self.now,
        }
        self.row = Match.objects.filter(pk=match.pk, **guard)

    def __call__(self) -> bool:
        match, state = self.match, self.state
        if not self.row.update(**self.values):
            return False
        match.state, match.finished, match.revision, match.updated_at = (
            self.stored,
            state.finished,
            self.revision,
            self.now,
        )
        match.finished_at = self.finished_at
        match.__dict__.pop("stored_state", None)
        if match.tournament_id:
            # The standings and the live board follow every hand at a tournament's table.
            Tournament.objects.filter(pk=match.tournament_id).update(revision=F("revision") + 1)
            # A result submitted for confirmation is no longer the result once a hand
            # changes: the table submits again (a confirmed table is not written through
            # its link).
            Table.objects.filter(
                match_id=match.pk, submitted_by__isnull=False, confirmed_at__isnull=True
            ).update(submitted_by=None)
        return True


class _Recording:
    """What recording the last hand of ``state`` on ``before`` writes, built before the
    transaction: the match's guarded UPDATE (``advance``), the hand's row, the seats that
    change and the audit entry (each row a model instance, saved inside the queue)."""

    def __init__(
        self, match: Match, before: MatchState, state: MatchState, by, *, seen: int | None = None
    ):
        hand = state.hands[-1]
        self.advance = _Advance(match, state, seen=seen)
        self.hand = _hand_row(match, hand, by)
        self.seats = _SeatChanges(match, before, state)
        self.audit = _audit_entry(
            match, by, AuditEntry.Action.RECORD, number=hand.number, after=hand.input
        )


def _hand_row(match: Match, hand: rules.Hand, by) -> Hand:
    """The hand's row, not yet saved: what the table reported and what the rules derived
    from it."""
    return Hand(
        match=match,
        number=hand.number,
        input=dict(hand.input),
        recorded_by=Actor.of(by).user,
        **_hand_facts(hand),
    )


def _hand_facts(hand: rules.Hand) -> dict[str, Any]:
    """What a hand's row stores of what the rules derived (``HAND_FACTS``)."""
    return {
        "dealer": hand.dealer,
        "targets": list(hand.targets) if hand.targets is not None else None,
        "scores": list(hand.scores),
        "active": list(hand.active),
        "detail": detail_to_json(hand.detail),
    }


HAND_FACTS = ("dealer", "targets", "scores", "active", "detail")


def _expect_next(current: Snapshot, number: Any) -> None:
    if current.head.finished:
        raise Conflict(gettext("The match is over; no more hands can be recorded."), current)
    if isinstance(number, bool) or not isinstance(number, int):
        raise Conflict(
            gettext("Say which hand this is: the next one is hand %(number)s.")
            % {"number": current.next_number},
            current,
        )
    if number < current.next_number:
        raise Conflict(_already_recorded(number), current)
    if number > current.next_number:
        raise Conflict(
            gettext("The next hand is hand %(expected)s, not hand %(number)s.")
            % {"expected": current.next_number, "number": number},
            current,
        )


def expect_next(current: Snapshot, number: Any) -> None:
    """Conflict unless ``number`` is the next hand of ``current``: the pages judge the
    number before the hand's seats (a phone still on hand 1 after another recorded it
    would otherwise be told about hand 2's sitter), as ``record_hand`` does."""
    _expect_next(current, number)


def _already_recorded(number: Any) -> str:
    return gettext("Hand %(number)s was just recorded by someone else.") % {"number": number}


def correct_hand(
    match: Match,
    number: int,
    data: Mapping[str, Any],
    *,
    version: Any,
    by,
    reason: str = "",
) -> Snapshot:
    """Replace what the table reported for hand ``number`` and re-derive everything after.

    ``version`` must be the hand's current version (Conflict otherwise). RuleError when the
    hand itself is wrong, when a later hand no longer fits (its ``hand`` says which), or
    when ``text.clean_reason`` refuses the reason.

    A correction reads the hands and replays them: the state a hand was dealt in is not
    stored (only the latest is), and every later hand must be played again on top.
    """
    reason = clean_reason(reason)
    with writing():
        _tournament_first(match, by)
        _reason_if_confirmed(match, reason)
        match, hands = _locked(match)
        index = _index(hands, number)
        hand = hands[index]
        if version != hand.version:
            raise Conflict(
                gettext(
                    "Hand %(number)s was changed by someone else meanwhile; "
                    "check it and correct it again."
                )
                % {"number": number},
                _replay(match, hands),
            )
        # The hands before it are replayed, then the corrected one and each later one are
        # played on top, so that an error names the later hand that no longer fits.
        ruleset = match.ruleset
        state = derive(match, [h.input for h in hands[:index]], stopped=False)
        state = rules.play_hand(ruleset, state, data)
        corrected = state.hands[-1].input
        for later in hands[index + 1 :]:
            try:
                state = rules.play_hand(ruleset, state, later.input, where=f"hands.{later.number}.")
            except RuleError as error:
                error.hand = later.number
                raise
        if match.stopped:
            state = rules.stop(state)
        before = hand.input
        hand.input = dict(corrected)
        hand.version += 1
        hand.save(update_fields=["input", "version", "updated_at"])
        versions = tuple(h.version for h in hands)
        _take_back_hand_in(match, by, number)
        _store_derived(match, state, versions, hands)
        _audit(
            match,
            by,
            AuditEntry.Action.CORRECT,
            number=number,
            before=before,
            after=corrected,
            reason=reason,
        )
    return Snapshot(match, state, versions)


def undo_last_hand(match: Match, number: int, *, by, reason: str = "") -> Snapshot:
    """Remove hand ``number``, which must be the last one (Conflict otherwise). The state
    before it is the replay of the hands before it (the state a hand was played on is
    not stored)."""
    reason = clean_reason(reason)
    with writing():
        _tournament_first(match, by)
        _reason_if_confirmed(match, reason)
        match, hands = _locked(match)
        _index(hands, number)
        if number != hands[-1].number:
            raise Conflict(
                gettext("Only the last hand (hand %(number)s) can be undone.")
                % {"number": hands[-1].number},
                _replay(match, hands),
            )
        last = hands.pop()
        _take_back_hand_in(match, by, number)
        last.delete()
        current = _replay(match, hands)
        _store_derived(match, current.state, current.versions)
        _audit(match, by, AuditEntry.Action.UNDO, number=number, before=last.input, reason=reason)
    return current


def stop_match(match: Match, *, by, reason: str = "") -> Snapshot:
    """End the match now, as the table decided; the highest total wins (equal share)."""
    return _set_stopped(match, True, by, reason)


def reopen_match(match: Match, *, by, reason: str = "") -> Snapshot:
    """Take back a stop: play goes on where it was."""
    return _set_stopped(match, False, by, reason)


def _set_stopped(match: Match, stopped: bool, by, reason: str) -> Snapshot:
    reason = clean_reason(reason)
    with writing():
        _tournament_first(match, by)
        match, hands = _locked(match)
        current = _replay(match, hands)
        if stopped and not hands and not match.stopped and not match.tournament_id:
            # Nothing was played: there is no score to end on (issue 20, item 3). A
            # tournament's table is still ended by its organiser's ruling (a round closes
            # over a table that never began: its seats score nothing).
            raise Conflict(
                gettext(
                    "No hand has been recorded yet, so there is nothing to end: record "
                    "a hand first, or delete the match."
                ),
                current,
            )
        if match.stopped == stopped or (stopped and current.state.finished):
            message = (
                gettext("The match is over already.")
                if stopped
                else gettext("The match was not stopped, so there is nothing to reopen.")
            )
            raise Conflict(message, current)
        match.stopped = stopped
        match.save(update_fields=["stopped", "updated_at"])
        # A stop ends the state as it stands; a reopen replays (what came before the stop
        # is not stored).
        snap = _replay(match, hands)
        _store_derived(match, snap.state, snap.versions)
        action = AuditEntry.Action.STOP if stopped else AuditEntry.Action.REOPEN
        _audit(match, by, action, reason=reason)
    return snap


# -- the share link -----------------------------------------------------------------------


def replace_share_link(match: Match, *, by, reason: str = "") -> Match:
    """Give the match a new share link; the old one stops working at once (it went
    further than meant). Audited, without the token: the audit trail is no place for a
    secret. The match is returned with its new ``share_token``."""
    reason = clean_reason(reason)
    with writing():
        _tournament_first(match, by)
        match = _lock(match)
        match.share_token = new_share_token()
        match.revision += 1  # every write does; the cache key changes with the token too
        match.save(update_fields=["share_token", "revision", "updated_at"])
        _audit(match, by, AuditEntry.Action.SHARE, reason=reason)
    return match


def new_scorer_link(match: Match, *, by, reason: str = "") -> Match:
    """Give the match a scorer link (issue 20, item 4), or a new one: the old stops
    working at once. Audited without the token, as the share link. A tournament's match
    has its table link instead (``Invalid``)."""
    reason = clean_reason(reason)
    if match.tournament_id:
        raise Invalid(gettext("A tournament's match is scored through its table link."))
    with writing():
        match = _lock(match)
        match.scorer_token = new_share_token()
        match.revision += 1  # the cached pages carry the link
        match.save(update_fields=["scorer_token", "revision", "updated_at"])
        _audit(match, by, AuditEntry.Action.SCORER, reason=reason)
    return match


def _index(hands: Sequence[Hand], number: Any) -> int:
    for index, hand in enumerate(hands):
        if hand.number == number:
            return index
    raise HandNotFound(number)


def rebuild_state(match: Match, *, check: bool = False) -> list[str]:
    """What of the match's stored derivations differs from a replay of its hands: its
    state and ``finished``, each hand's derived facts, each seat's result (``["state",
    "hand 3: scores", "seat 1: total, place"]``; none when they agree), stored as the
    replay has them unless ``check``. RuleError when its hands no longer fit the rules."""
    with writing():
        match, hands = _locked(match)
        current = _replay(match, hands)
        state = current.state
        differences = []
        if match.state != state_to_json(state):
            differences.append("state")
        if match.finished != state.finished:
            differences.append("finished")
        for hand, derived in zip(hands, state.hands, strict=True):
            facts = _hand_facts(derived)
            wrong = [name for name, value in facts.items() if getattr(hand, name) != value]
            if wrong:
                differences.append(f"hand {hand.number}: {', '.join(wrong)}")
        results = seat_results(state, match.ruleset.outright(state))
        for seat, result in zip(match.seat_list, results, strict=True):
            wrong = [name for name in SEAT_RESULTS if getattr(seat, name) != getattr(result, name)]
            if wrong:
                differences.append(f"seat {seat.number}: {', '.join(wrong)}")
        if differences and not check:
            _store_derived(match, state, current.versions, hands)
    return differences


def _store_derived(
    match: Match, state: MatchState, versions: tuple[int, ...], hands: Sequence[Hand] = ()
) -> None:
    """Write what the replay derived next to the facts, in the caller's transaction, under
    a new revision (which retires every cached view of the old one): the match's state,
    each seat's total, place and win, and the derived facts of ``hands`` that changed.
    The caller holds the match's lock. Then the club rating, which reads the seats."""
    before = ratings.key_of(match)
    _advance(match, state)
    _store_seats(match, state)
    ratings.match_written(match, before)
    remember(match, state, versions)
    changed = []
    for hand, derived in zip(hands, state.hands, strict=False):
        facts = _hand_facts(derived)
        if any(getattr(hand, name) != value for name, value in facts.items()):
            for name, value in facts.items():
                setattr(hand, name, value)
            changed.append(hand)
    if changed:
        Hand.objects.bulk_update(changed, list(HAND_FACTS))


def _store_seats(match: Match, state: MatchState) -> None:
    """Each seat's total, place, win and outright win as ``state`` has them, read and
    compared: only the seats that change are written, in one statement."""
    changed_seats = _fill_seats(match.seat_list, state, match.ruleset)
    if changed_seats:
        Seat.objects.bulk_update(changed_seats, list(SEAT_RESULTS))


class _SeatChanges:
    """The seats whose total, place, win or outright win differ between ``before`` (the
    state of the revision the stored seats were written with) and ``state``: one
    ``UPDATE`` per such seat, of what changed (a hand usually moves two or three seats;
    the ORM builds a plain update several times faster than one ``CASE`` over them).
    The stored seats always equal the replay of their revision
    (``tests/play/test_seats.py`` holds every writer to it), so the seats that change are
    known without reading them. Worked out apart from being written (``_Recording``)."""

    def __init__(self, match: Match, before: MatchState, state: MatchState):
        self.match, self.state = match, state
        ruleset = match.ruleset
        old = seat_results(before, ruleset.outright(before))
        new = seat_results(state, ruleset.outright(state))
        self.updates = []
        for number, (was, result) in enumerate(zip(old, new, strict=True)):
            changed = {
                field: getattr(result, field)
                for field in SEAT_RESULTS
                if getattr(was, field) != getattr(result, field)
            }
            if changed:
                self.updates.append((Seat.objects.filter(match=match, number=number), changed))

    def __call__(self) -> None:
        for seat, changed in self.updates:
            seat.update(**changed)
        if "seat_list" in self.match.__dict__:  # keep the seats this request holds the same
            _fill_seats(self.match.seat_list, self.state, self.match.ruleset)


# What a seat stores from the replay (``selectors.SeatResult``).
SEAT_RESULTS = ("total", "place", "won", "outright")


def _fill_seats(seats: Sequence[Seat], state: MatchState, ruleset) -> list[Seat]:
    """Put the replay's total, place and win on each seat; the seats that changed."""
    changed = []
    results = seat_results(state, ruleset.outright(state))
    for seat, result in zip(seats, results, strict=True):
        stored = (seat.total, seat.place, seat.won, seat.outright)
        if stored != (result.total, result.place, result.won, result.outright):
            seat.total, seat.place, seat.won = result.total, result.place, result.won
            seat.outright = result.outright
            changed.append(seat)
    return changed


def _audit(match, by, action, **facts) -> None:
    _audit_entry(match, by, action, **facts).save()


def _audit_entry(match, by, action, *, number=None, before=None, after=None, reason=""):
    return AuditEntry(
        match=match,
        **AuditEntry.naming(by),
        action=action,
        number=number,
        before=dict(before) if before is not None else None,
        after=dict(after) if after is not None else None,
        reason=reason,  # cleaned by the caller (``text.clean_reason``)
    )
