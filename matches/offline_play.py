"""What a table's phone works out while the server is out of reach (issue 24), with the
server's own rules: this module, ``matches.rules`` and each installed game's ``rules``
run on the phone in Pyodide (``matches.offline``). Pure: no Django, JSON in and JSON out.

``install`` registers the games the bundle carries; ``derive`` replays the match from its
set-up and the hands (those the server confirmed, then those waiting on the phone) and
says what the table needs before the next deal;
``hand_from_form`` reads a hand form's fields with the game's one hand reader,
``Ruleset.hand_from_fields``, which the game's form on the server reads its hand with too
(``forms.play.HandForm.hand``).
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from . import rules

# In the phone's bundle: the installed games, [slug, module, class] each (``matches.offline``).
INSTALLED = Path(__file__).parent / "games" / "installed.json"


def install() -> None:
    """Register the rulesets of the games the bundle carries, as each game's app does on
    the server (the phone runs no Django, so no app starts there)."""
    for _slug, module, name in json.loads(INSTALLED.read_text()):
        rules.register(getattr(importlib.import_module(module), name))


def derive(payload: str) -> str:
    """``payload``: the match (game, variant, options, players, first_dealer, setup,
    stopped) and ``hands``, each hand's input, oldest first; ``form``: a hand form's
    fields to read as the next hand (optional). The answer: the state after them, or the
    rules' refusal (its message untranslated, with its parameters, for the page)."""
    match = json.loads(payload)
    try:
        ruleset = rules.get_ruleset(match["game"], match["variant"], match.get("options"))
        hands = list(match.get("hands", []))
        if match.get("form") is not None:
            before = _replay(ruleset, match, hands)
            hands.append(hand_from_form(ruleset, before, match["form"]))
        state = _replay(ruleset, match, hands)
    except rules.RuleError as error:
        return json.dumps(refusal(error))
    return json.dumps({"ok": True, "inputs": hands, **summary(state)})


def _replay(ruleset: rules.Ruleset, match: Mapping[str, Any], hands: Sequence) -> Any:
    return rules.replay(
        ruleset,
        match["players"],
        hands,
        match.get("first_dealer", 0),
        match.get("setup") or {},
        bool(match.get("stopped")),
    )


def summary(state: rules.MatchState) -> dict[str, Any]:
    coming = state.next_hand
    last = state.hands[-1] if state.hands else None
    return {
        "played": state.hand_count,
        "totals": list(state.totals),
        "scores": list(last.scores) if last else None,
        "finished": state.finished,
        "winners": list(state.winners),
        "next": None
        if coming is None
        else {
            "number": coming.number,
            "dealer": coming.dealer,
            "targets": list(coming.targets) if coming.targets is not None else None,
            "active": list(coming.active),
            "exchanges": [exchange.as_dict() for exchange in coming.exchanges],
        },
    }


def refusal(error: rules.RuleError) -> dict[str, Any]:
    params = {name: _plain(value) for name, value in error.params.items()}
    return {"ok": False, "message": error.message, "params": params, "field": error.field}


def _plain(value: Any) -> Any:
    if isinstance(value, bool | int | float) or value is None:
        return value
    return str(value)


# -- a hand form's fields -----------------------------------------------------------------


def hand_from_form(
    ruleset: rules.Ruleset, state: rules.MatchState, pairs: Sequence[Sequence[str]]
) -> dict[str, Any]:
    """The hand as the rules read it from the form's fields (name, value pairs as the
    browser posts them: an unticked box or a disabled field is not among them)."""
    fields: dict[str, str] = {}
    for name, value in pairs:
        fields.setdefault(name, value)
    return ruleset.hand_from_fields(state, fields)
