"""Schemathesis hooks for ``bench/fuzz.py`` (loaded through ``SCHEMATHESIS_HOOKS``).

``content_type_conformance`` only looks at answers whose status the description lists;
the check ``json_everywhere`` holds every answer under /api/ to matches/api/API.md's rule instead:
JSON, in the error shape whenever it is an error. The hooks below it steer the bodies
meant to be accepted towards what the rules and the stored state take (a legal next
hand, a merge of two players), which no description can state.
"""

import json
import os
import urllib.request

import schemathesis
from django.core.exceptions import ValidationError
from django.core.validators import EmailValidator
from schemathesis.generation.modes import GenerationMode


@schemathesis.check
def json_everywhere(ctx, response, case):
    """Every answer is JSON; every error is ``{"error": code, "message": sentence, ...}``."""
    if response.status_code == 204 and not response.content:
        return  # No Content (a deleted match, matches/api/API.md): nothing to be JSON
    content_type = (response.headers.get("content-type") or [""])[0]  # lowercase keys, lists
    if not content_type.startswith("application/json"):
        raise AssertionError(f"Not JSON: {response.status_code} with {content_type!r}")
    try:
        body = json.loads(response.content)
    except ValueError as error:
        raise AssertionError(f"The body is not JSON: {error}") from None
    if response.status_code >= 400:
        shape_ok = (
            isinstance(body, dict)
            and isinstance(body.get("error"), str)
            and isinstance(body.get("message"), str)
            and body["message"]
        )
        if not shape_ok:
            raise AssertionError(f"Not the error shape of matches/api/API.md: {body!r:.200}")


# -- data the rules would take --------------------------------------------------------------
#
# The description says what a body may hold; whether a hand is legal (tricks that add up to
# the hand's, the next number, the version of the hand corrected), whether a player may be
# merged (not into themselves) or entered (one by one, or in pairs where the tournament
# plays partnerships) is for the rules and the stored state to judge, which no schema can
# state. Left to chance, nearly every body Schemathesis means to be accepted is refused
# (its "validation mismatch" warning), and the paths past the refusals are hardly reached.
# For the cases it means to be accepted (never the ones meant to be refused), these hooks
# fill in what the state asks for, read from the API itself as a client would.

BASE_URL = os.environ.get("FUZZ_BASE_URL", "")
HEADERS = {"Authorization": f"Bearer {os.environ.get('FUZZ_TOKEN', '')}"}


def _positive(case) -> bool:
    meta = getattr(case, "meta", None)
    return meta is not None and meta.generation.mode == GenerationMode.POSITIVE


def _read(path: str):
    """The API's JSON answer for ``path``, or None (no such thing, no access, no server)."""
    request = urllib.request.Request(BASE_URL + path, headers=HEADERS)
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return json.loads(answer.read())
    except (OSError, ValueError):
        return None


def legal_hand(state: dict) -> dict | None:
    """A hand the rules take as the next one of ``state``: every seat makes its target
    (Sergeant Major), the picker alone with 61 (Sheepshead), 60 to 30 (Sieben)."""
    coming = state.get("next_hand")
    if coming is None:
        return None
    hand = {"number": coming["number"]}
    if state["game"] == "sergeant-major" and coming.get("targets"):
        return {**hand, "tricks": coming["targets"], "trump": "hearts"}
    if state["game"] == "sheepshead":
        return {**hand, "picker": coming.get("active", [0])[0], "partner": None, "points": 61}
    if state["game"] == "sieben":
        sides = len(state.get("points") or [0, 0])
        return {**hand, "counters": [90 - 30 * (sides - 1), *[30] * (sides - 1)]}
    return None


def _email(value) -> bool:
    """Whether ``value`` is no address at all or one the register takes."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return True
    try:
        EmailValidator()(" ".join(str(value).split()))
    except ValidationError:
        return False
    return True


def _whole(value):
    """A path parameter or body value as the number it names (the coverage phase sends
    path parameters as text), or None."""
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def _next_hand(case) -> None:
    state = _read(f"/api/matches/{case.path_parameters.get('match_id')}")
    hand = legal_hand(state) if state else None
    if hand is not None:
        case.body = hand


def _correction(case) -> None:
    # The hand as it stands, with its version.
    state = _read(f"/api/matches/{case.path_parameters.get('match_id')}")
    hands = {hand["number"]: hand for hand in (state or {}).get("hands", [])}
    hand = hands.get(_whole(case.path_parameters.get("number")))
    if hand is not None:
        case.body = {**hand["input"], "version": hand["version"], "reason": "as it was"}


def _player(case) -> None:
    # An e-mail address as Django's validator takes them, or none.
    if not _email(case.body.get("email")):
        case.body = {**case.body, "email": None}


def _entries(case) -> None:
    # New names, one a player or two a team as the tournament's game plays.
    tournament = _read(f"/api/tournaments/{case.path_parameters.get('tournament_id')}")
    players = case.body.get("players")
    if tournament and isinstance(players, list):
        pairs = tournament["game"] == "sieben" and tournament["variant"] == "partners"
        names = [f"Guest {index} {tournament['id']}" for index in range(len(players))]
        case.body = {"players": [[name, f"{name} b"] for name in names] if pairs else names}


def _series_member(case) -> None:
    # A tournament the series holds, where it holds one.
    series = _read(f"/api/series/{case.path_parameters.get('series_id')}")
    held = [tournament["id"] for tournament in (series or {}).get("tournaments", [])]
    if held:
        case.path_parameters = {**case.path_parameters, "tournament_id": held[0]}


# By operation: what a case meant to be accepted needs, and whether it has a body.
FILL_IN = {
    ("POST", "/api/matches/{match_id}/hands"): (_next_hand, True),
    ("PUT", "/api/matches/{match_id}/hands/{number}"): (_correction, True),
    ("POST", "/api/players"): (_player, True),
    ("PATCH", "/api/players/{player_id}"): (_player, True),
    ("POST", "/api/tournaments/{tournament_id}/entries"): (_entries, True),
    ("DELETE", "/api/series/{series_id}/tournaments/{tournament_id}"): (_series_member, False),
}


@schemathesis.hook
def map_case(context, case):
    fill_in = FILL_IN.get((case.operation.method.upper(), case.operation.path))
    if fill_in is not None and _positive(case):
        fill, with_body = fill_in
        if not with_body or isinstance(case.body, dict):
            fill(case)
    return case


@schemathesis.hook
def filter_case(context, case):
    # A player merged into themselves is a request that cannot mean anything.
    if _positive(case) and case.operation.path == "/api/players/{player_id}/merge":
        body = case.body if isinstance(case.body, dict) else {}
        return _whole(body.get("into")) != _whole(case.path_parameters.get("player_id"))
    return True
