"""The match endpoints of matches/api/API.md: games, matches, hands, the audit trail."""

from __future__ import annotations

from typing import Any

import orjson
from django.core.cache import cache
from django.http import HttpResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from ninja import Status

from .. import access, rules
from ..access import Access
from ..errors import Conflict
from ..games import registry as games
from ..models import Match
from ..models.play import ACCESS_COLUMNS
from ..services import play as services
from ..services import selectors
from .base import (
    READ_PUBLIC,
    WRITE,
    ApiError,
    accounts_only,
    actor,
    api,
    invalid,
    match_for,
    parse_body,
    refusal_response,
)
from .schemas import (
    ConflictOut,
    CorrectIn,
    CreateIn,
    ErrorOut,
    GameOut,
    HandIn,
    HistoryEntryOut,
    MatchChangeOut,
    MatchOut,
    ReasonIn,
    ScorerOut,
    ShareOut,
    body_schema,
    create_body_schema,
    hand_body_schema,
    hand_model,
    live_body,
)


# A conflict answers with the current state, which only this subject knows how to write.
@api.exception_handler(Conflict)
def _conflict(request, exc: Conflict):
    return refusal_response(request, exc, state=state_json(exc.snapshot))


# -- writing the answer -------------------------------------------------------------------


def state_json(snap: selectors.Snapshot) -> dict[str, Any]:
    """The match state of matches/api/API.md. A game's own facts (its ``Detail``s, and for
    some games the ``active`` seats) are added as the ruleset writes them, never replacing the
    common keys. Tuples stay tuples (JSON arrays all the same): this runs on every write,
    for every hand."""
    return _state_json(snap, hands_json(snap))


# The hands of the whole states answered last, by match, with their JSON: a hand recorded
# adds one hand to the state before it (the very same objects, from
# ``selectors.RevisionCache``), so the answer to a write and the match JSON of the next
# revision write the new hand alone and take the others' JSON as it was written. Each
# answer re-wrote every hand before (a third of what a record of a 30-hand match spent
# outside the database: bench/profile_write.py).
written = selectors.RevisionCache(size=1000)


def hands_json(snap: selectors.Snapshot) -> list[dict[str, Any]]:
    """Each hand of ``snap``'s whole state as matches/api/API.md writes it; the hands whose objects
    and versions a state answered before holds too are taken as written then."""
    hands, versions = snap.whole
    kept = written.get(str(snap.match.pk))
    rows: list[dict[str, Any]] = []
    if kept is not None:
        before, their_versions, their_rows = kept
        same = len(before) <= len(hands) and versions[: len(before)] == their_versions
        if same and all(mine is theirs for mine, theirs in zip(hands, before, strict=False)):
            rows = list(their_rows)
    ruleset = snap.match.ruleset
    start = len(rows)
    rows += [
        _hand_json(ruleset, hand, version)
        for hand, version in zip(hands[start:], versions[start:], strict=True)
    ]
    written.put(str(snap.match.pk), (hands, versions, rows))
    return rows


def _state_json(snap: selectors.Snapshot, hands: Any) -> dict[str, Any]:
    match, state = snap.match, snap.head  # everything but the hands, which come apart
    ruleset = match.ruleset
    coming = state.next_hand
    next_hand = None
    if coming is not None:
        next_hand = _with_facts(
            {
                "number": coming.number,
                "dealer": coming.dealer,
                "targets": coming.targets,
                "exchanges": [exchange.as_dict() for exchange in coming.exchanges],
            },
            ruleset.hand_json(coming),
        )
    return _with_facts(
        {
            "id": match.pk,
            "game": match.game,
            "variant": match.variant,
            "options": match.options,
            "players": state.players,
            "hands": hands,
            "totals": state.totals,
            "next_hand": next_hand,
            "finished": state.finished,
            "winners": state.winners,
            "stopped": match.stopped,
            "archived": match.archived,
        },
        ruleset.state_json(state),  # e.g. Sieben's "points" per side
    )


def _hand_json(ruleset: rules.Ruleset, hand: rules.Hand, version: int) -> dict[str, Any]:
    row = {
        "number": hand.number,
        "version": version,
        "dealer": hand.dealer,
        # In one order whatever the input came from: PostgreSQL's jsonb gives the keys
        # back in its own order, so a hand read again would answer other bytes than the
        # write that stored it.
        "input": dict(sorted(hand.input.items())),
        "targets": hand.targets,
        "scores": hand.scores,
    }
    facts = ruleset.hand_json(hand)
    return _with_facts(row, facts) if facts else row


def _with_facts(common: dict[str, Any], facts: dict[str, Any]) -> dict[str, Any]:
    return {**common, **{key: value for key, value in facts.items() if key not in common}}


def history_json(match: Match) -> list[dict[str, Any]]:
    return [
        {
            "at": entry.at.isoformat(),
            "by": entry.who,
            "action": entry.action,
            "number": entry.number,
            "before": entry.before,
            "after": entry.after,
            "reason": entry.reason or None,
        }
        for entry in match.audit.order_by("at", "pk")
    ]


def games_json() -> list[dict[str, Any]]:
    listed = []
    for slug, game in games.GAMES.items():
        presets = []
        for variant in game.ruleset_class.presets:
            described = dict(rules.get_ruleset(slug, variant).describe())
            described["name"] = _(described["name"])
            presets.append(described)
        listed.append({"slug": slug, "name": str(game.name), "presets": presets})
    return listed


# -- endpoints ----------------------------------------------------------------------------

ERRORS = {400: ErrorOut, 401: ErrorOut, 403: ErrorOut, 404: ErrorOut, 422: ErrorOut}
# Operations that read a body also refuse one that is not JSON (base._check_media_type).
BODY_ERRORS = {**ERRORS, 415: ErrorOut}
STATE = {"response": {200: MatchOut, **ERRORS}, "by_alias": True}


@api.get("/games", auth=None, response=list[GameOut], tags=["games"])
def list_games(request):
    """The games, their presets with option defaults, and the hand input fields."""
    return games_json()


@api.post(
    "/matches",
    auth=WRITE,
    response={201: MatchOut, **BODY_ERRORS},
    by_alias=True,
    tags=["matches"],
    openapi_extra=live_body("create", create_body_schema, CreateIn.example()),
)
def create_match(request):
    """Create a match; 201 with its state."""
    accounts_only(request)
    body = parse_body(request, CreateIn)
    setup = {"bid": body.bid} if body.bid is not None else {}
    snap = services.create_match(
        request.auth,
        game=body.game,
        variant=body.variant,
        players=body.players,
        first_dealer=body.first_dealer,
        options=body.options,
        setup=setup,
    )
    return state_response(snap, 201)


@api.get("/matches/{int:match_id}", auth=READ_PUBLIC, tags=["matches"], **STATE)
def get_match(request, match_id: int):
    """The match state. A public tournament's table is read without credentials too."""
    match = match_for(request, match_id, Access.READ, ACCESS_COLUMNS)
    body = cache.get(_state_key(match))
    if body is not None:
        return HttpResponse(body, content_type="application/json")
    # Not answered yet at this revision: the whole row, read once more (one consistent
    # row, perhaps of a later revision, rather than the columns left out of a revision
    # that may have passed meanwhile).
    whole = Match.by_id(match.pk)
    if whole is None:
        raise ApiError(404, "not_found", _("There is no match %(id)s.") % {"id": match_id})
    return state_response(selectors.snapshot(whole))


def _state_key(match: Match) -> str:
    return f"state-json:{selectors.cache_key(match)}"


def state_response(snap: selectors.Snapshot, status: int = 200) -> HttpResponse:
    """The match state as JSON. Scoreboards poll it far more often than hands are played,
    so the encoding is kept per match revision (every write bumps it) and served as it
    is; ``MatchOut`` describes it for OpenAPI and the tests hold it to matches/api/API.md."""
    body = state_body(snap)
    cache.set(_state_key(snap.match), body, selectors.STATE_CACHE_SECONDS)
    return HttpResponse(body, status=status, content_type="application/json")


def encode(answer: dict[str, Any]) -> bytes:
    """A match answer as JSON bytes. ``orjson``: every write answers the whole state (each
    hand again), and the standard library's encoder spent ten times as long on it."""
    return orjson.dumps(answer, option=orjson.OPT_NON_STR_KEYS)


def state_body(snap: selectors.Snapshot) -> bytes:
    return encode(state_json(snap))


# -- the answer to a write ----------------------------------------------------------------

MINIMAL = "return=minimal"
# Documents the ``Prefer`` request header (RFC 7240) on the writes that honour it. A plain
# string, not an enum: RFC 7240 lets a client send several preferences and has a server
# ignore the ones it does not know, so any value is accepted (Schemathesis expected an
# unknown one to be refused while the schema said enum).
PREFER = {
    "name": "Prefer",
    "in": "header",
    "required": False,
    "schema": {"type": "string", "example": MINIMAL},
    "description": "`return=minimal`: answer only what the write changed (the hands it "
    "added or changed, totals, next_hand, finished, winners and the revision), with "
    "`Preference-Applied: return=minimal`. Without it, the whole match state.",
}
PREFERENCE_APPLIED = {
    "Preference-Applied": {
        "description": "`return=minimal` when the answer is only what changed.",
        "schema": {"type": "string"},
    }
}


def with_prefer(extra: dict[str, Any], status: int) -> dict[str, Any]:
    """``openapi_extra`` with the ``Prefer`` header, and the answer ``status`` described as
    either the whole state or the change, with its ``Preference-Applied`` header. Its
    schema is django-ninja's own (the route's ``MatchOut | MatchChangeOut``); the status is
    an int, as django-ninja keys its answers, so that its deep update amends that answer
    rather than adding a second "201" beside it (a JSON object with a key twice, which
    Swagger UI refuses to read)."""
    answer = {
        "description": "The match state; with `Prefer: return=minimal`, what changed.",
        "headers": PREFERENCE_APPLIED,
    }
    return {**extra, "parameters": [PREFER], "responses": {status: answer}}


def prefers_minimal(request) -> bool:
    """Whether the request's ``Prefer`` header asks for ``return=minimal`` (RFC 7240:
    comma-separated preferences, tokens case-insensitive)."""
    prefer = request.headers.get("Prefer", "")
    return any(
        item.split(";")[0].strip().replace(" ", "").lower() == MINIMAL for item in prefer.split(",")
    )


def write_response(
    request, snap: selectors.Snapshot, changed: list[tuple[rules.Hand, int]], status: int = 200
) -> HttpResponse:
    """The answer to a write: the whole match state (matches/api/API.md), or with ``Prefer:
    return=minimal`` only what the write changed (``changed``: the hands it added or
    changed, with their versions), which needs none of the other hands."""
    if not prefers_minimal(request):
        return state_response(snap, status)
    body = encode(change_json(snap, changed))
    response = HttpResponse(body, status=status, content_type="application/json")
    response["Preference-Applied"] = MINIMAL
    return response


def change_json(snap: selectors.Snapshot, changed: list[tuple[rules.Hand, int]]) -> dict[str, Any]:
    """``MatchChangeOut``: the state's fields of the same names, the hands ``changed``."""
    whole = _state_json(snap, [_hand_json(snap.match.ruleset, *item) for item in changed])
    fields = ("id", "hands", "totals", "next_hand", "finished", "winners")
    facts = snap.match.ruleset.state_json(snap.head)  # e.g. Sieben's "points" per side
    return {
        "id": whole["id"],
        "revision": snap.match.revision,
        **{key: whole[key] for key in fields[1:]},
        **{key: whole[key] for key in facts if key not in fields},
    }


@api.post(
    "/matches/{int:match_id}/hands",
    auth=WRITE,
    response={201: MatchOut | MatchChangeOut, 409: ConflictOut, **BODY_ERRORS},
    by_alias=True,
    tags=["hands"],
    openapi_extra=with_prefer(
        live_body(
            "hand",
            lambda: hand_body_schema(HandIn),
            {"number": 1, "tricks": [9, 4, 3], "trump": "hearts"},
        ),
        201,
    ),
)
def record_hand(request, match_id: int):
    """Record the next hand; 409 with the current state when ``number`` is not the next
    one (another device was quicker, or a gap) or the match is over."""
    match = match_for(request, match_id, Access.WRITE)
    body = parse_body(request, hand_model(HandIn, games.of(match).hand_body))
    snap = services.record_hand(match, body.number, body.hand(), by=actor(request))
    return write_response(request, snap, [(snap.head.hands[-1], 1)], 201)


@api.put(
    "/matches/{int:match_id}/hands/{int:number}",
    auth=WRITE,
    response={200: MatchOut | MatchChangeOut, 409: ConflictOut, **BODY_ERRORS},
    by_alias=True,
    tags=["hands"],
    openapi_extra=with_prefer(
        live_body(
            "correction",
            lambda: hand_body_schema(CorrectIn),
            {"version": 1, "tricks": [8, 5, 3], "trump": "hearts", "reason": "misread"},
        ),
        200,
    ),
)
def correct_hand(request, match_id: int, number: int):
    """Correct a recorded hand; later hands are re-derived. 409 for a stale ``version``;
    422 when a later hand no longer fits (its field says which: ``hands.5.tricks``)."""
    match = match_for(request, match_id, Access.WRITE)
    body = parse_body(request, hand_model(CorrectIn, games.of(match).hand_body))
    if body.number is not None and body.number != number:
        raise invalid(
            "number",
            _("This is hand %(number)s, not hand %(said)s.")
            % {"number": number, "said": body.number},
        )
    snap = services.correct_hand(
        match,
        number,
        body.hand(),
        version=body.version,
        by=actor(request),
        reason=body.reason or "",
    )
    changed = list(zip(snap.state.hands, snap.versions, strict=True))[number - 1 :]
    return write_response(request, snap, changed)


@api.delete(
    "/matches/{int:match_id}/hands/{int:number}",
    auth=WRITE,
    response={200: MatchOut | MatchChangeOut, 409: ConflictOut, **BODY_ERRORS},
    by_alias=True,
    tags=["hands"],
    openapi_extra=with_prefer(body_schema(ReasonIn, required=False), 200),
)
def undo_hand(request, match_id: int, number: int):
    """Undo the last hand; 409 for any other."""
    match = match_for(request, match_id, Access.WRITE)
    body = parse_body(request, ReasonIn, required=False)
    snap = services.undo_last_hand(match, number, by=actor(request), reason=body.reason or "")
    return write_response(request, snap, [])


def _stop_endpoint(path: str, change, summary: str):
    @api.post(
        path,
        auth=WRITE,
        response={200: MatchOut, 409: ConflictOut, **BODY_ERRORS},
        by_alias=True,
        tags=["matches"],
        summary=summary,
        openapi_extra=body_schema(ReasonIn, required=False),
    )
    def endpoint(request, match_id: int):
        accounts_only(request)
        match = match_for(request, match_id, Access.WRITE)
        body = parse_body(request, ReasonIn, required=False)
        snap = change(match, by=actor(request), reason=body.reason or "")
        return state_response(snap)

    endpoint.__name__ = change.__name__
    return endpoint


# Additions to matches/api/API.md: end a match now (an open-ended Sheepshead session; the highest
# total wins) and take that back. 409 when there is nothing to end or reopen.
stop_match = _stop_endpoint(
    "/matches/{int:match_id}/stop", services.stop_match, "End the match now"
)
reopen_match = _stop_endpoint(
    "/matches/{int:match_id}/reopen", services.reopen_match, "Reopen an ended match"
)


@api.get(
    "/matches/{int:match_id}/history",
    response={200: list[HistoryEntryOut], **ERRORS},
    tags=["matches"],
)
def match_history(request, match_id: int):
    """The audit trail, oldest first: owner and organisers only (403 for a share token,
    which shows the match, not who changed it and why)."""
    return history_json(match_for(request, match_id, Access.AUDIT))


# Additions to matches/api/API.md: the share link, for its owner (or an organiser) to hand out, and
# replacing it (the old token then reaches nothing). 403 for a share token.


def share_json(request, match: Match) -> dict[str, str]:
    path = reverse("play:match_shared", args=[match.share_token])
    return {"token": match.share_token, "url": request.build_absolute_uri(path)}


@api.get(
    "/matches/{int:match_id}/share",
    response={200: ShareOut, **ERRORS},
    tags=["matches"],
    summary="The share link",
)
def get_share_link(request, match_id: int):
    """The match's share link (read-only, for spectators): owner and organisers only. A
    table link writes its match's hands but does not hand out its share link (403)."""
    accounts_only(request)
    match = match_for(request, match_id, Access.WRITE)
    if access.api_viewer(request).accounts().access(match) < Access.WRITE:
        raise ApiError(
            403, "forbidden", _("Only the match's owner or an organiser can see its share link.")
        )
    return share_json(request, match)


@api.post(
    "/matches/{int:match_id}/share",
    auth=WRITE,
    response={200: ShareOut, **BODY_ERRORS},
    tags=["matches"],
    summary="Replace the share link",
    openapi_extra=body_schema(ReasonIn, required=False),
)
def replace_share_link(request, match_id: int):
    """Make a new share link; the old one stops working at once. Audited (``share``)."""
    accounts_only(request)
    match = match_for(request, match_id, Access.WRITE)
    body = parse_body(request, ReasonIn, required=False)
    match = services.replace_share_link(match, by=actor(request), reason=body.reason or "")
    return share_json(request, match)


def scorer_json(request, match: Match) -> dict[str, str]:
    path = reverse("play:scorer", args=[match.scorer_token])
    return {"token": match.scorer_token, "url": request.build_absolute_uri(path)}


@api.post(
    "/matches/{int:match_id}/scorer",
    auth=WRITE,
    response={201: ScorerOut, **BODY_ERRORS},
    tags=["matches"],
    summary="Make or replace the scorer link",
    openapi_extra=body_schema(ReasonIn, required=False),
)
def make_scorer_link(request, match_id: int):
    """Make the match's scorer link, or a new one (the old stops working at once): its
    token, as a Bearer or in its page's address ``/k/<token>/``, records, corrects and
    undoes this match alone. Owner and organisers only; audited (``scorer``)."""
    accounts_only(request)
    match = match_for(request, match_id, Access.WRITE)
    if access.api_viewer(request).accounts().access(match) < Access.WRITE:
        raise ApiError(
            403, "forbidden", _("Only the match's owner or an organiser can make its scorer link.")
        )
    body = parse_body(request, ReasonIn, required=False)
    match = services.new_scorer_link(match, by=actor(request), reason=body.reason or "")
    return Status(201, scorer_json(request, match))
