"""What a table's phone works out while the server is out of reach (issue 24), with the
server's own rules: this module and ``matches.rules`` run on the phone in Pyodide
(``matches.offline``). Pure: no Django, JSON in and JSON out.

``derive`` replays the match from its set-up and the hands (those the server confirmed,
then those waiting on the phone) and says what the table needs before the next deal;
``hand_from_form`` reads a hand form's fields as the game's form does on the server
(``games.<game>.<Game>HandForm.hand``: the tests hold the two together).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from . import rules
from .rules.sieben import COUNTERS

# The hand forms' words for "nobody picked" and "alone" (SheepsheadHandForm).
NOBODY, ALONE = "nobody", "alone"


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
    reader = READERS.get(ruleset.game)
    if reader is None:
        raise rules.RuleError(rules._("Unknown game %(game)s."), field="game", game=ruleset.game)
    return reader(ruleset, state, fields)


def _int(fields: Mapping[str, str], name: str) -> int | None:
    value = fields.get(name, "").strip()
    if not value:
        return None
    try:
        return int(value)
    except ValueError:
        raise rules.RuleError(rules._("Enter a whole number."), field=name) from None


def _ticked(fields: Mapping[str, str], name: str) -> bool:
    return fields.get(name, "") not in ("", "false", "0", "off")


def _sergeant_major(ruleset, state, fields) -> dict[str, Any]:
    coming = state.next_hand
    choice = "call" if ruleset.preset.calls else "trump"
    # A seat that sits out has a disabled field, fixed at 0.
    tricks = [_int(fields, f"tricks_{seat}") for seat in range(ruleset.seats)]
    hand: dict[str, Any] = {
        "tricks": [
            0 if count is None and coming and seat not in coming.active else count
            for seat, count in enumerate(tricks)
        ],
        choice: fields.get(choice) or None,
    }
    last_trick = _int(fields, "last_trick")
    if last_trick is not None:
        hand["last_trick"] = last_trick
    plucking = {
        tuple(int(part) for part in name.split("_")[1:]): _int(fields, name) or 0
        for name in fields
        if name.startswith("pluck_")
    }
    if plucking and coming is not None:
        proposal = {(e.giver, e.receiver): e.cards for e in coming.exchanges}
        done = {pair: cards for pair, cards in plucking.items() if cards}
        if done != proposal:
            hand["exchanges"] = [
                {"from": giver, "to": receiver, "cards": cards}
                for (giver, receiver), cards in done.items()
            ]
    return hand


def _sieben(ruleset, state, fields) -> dict[str, Any]:
    shown = _int(fields, "four_of_a_kind")
    if shown is not None:
        return {"counters": None, "no_trick": False, "four_of_a_kind": shown}
    counted = 1 if ruleset.sides == 2 else ruleset.sides
    counters = [_int(fields, f"counters_{side}") for side in range(counted)]
    if any(value is None for value in counters):
        raise rules.RuleError(
            rules._("Enter the counters of each of the %(sides)s sides."),
            field="counters",
            sides=ruleset.sides,
        )
    if ruleset.sides == 2:
        counters.append(COUNTERS - counters[0])
    return {"counters": counters, "no_trick": _ticked(fields, "no_trick")}


def _sheepshead(ruleset, state, fields) -> dict[str, Any]:
    picker = fields.get("picker")
    if not picker:
        raise rules.RuleError(rules._("Who picked?"), field="picker")
    partner = fields.get("partner") or ALONE
    hand: dict[str, Any] = {
        "picker": None if picker == NOBODY else int(picker),
        "partner": None if partner == ALONE else int(partner),
        "points": _int(fields, "points"),
        "all_tricks": _ticked(fields, "all_tricks"),
        "no_trick": _ticked(fields, "no_trick"),
    }
    if ruleset.options["all_pass"] == "leaster":
        hand["leaster_winner"] = _int(fields, "leaster_winner")
    if ruleset.options["cracking"]:
        hand.update(cracked=_ticked(fields, "cracked"), recracked=_ticked(fields, "recracked"))
    return hand


READERS = {
    "sergeant-major": _sergeant_major,
    "sieben": _sieben,
    "sheepshead": _sheepshead,
}
