"""Skat on the phone without the server (matches.offline_play, in Pyodide): the bundle
carries its rules from the registry, the phone reads its hand form as the server's form
does, plays a game on top of the others as the server's replay does, and words its
reader's refusals with the server's messages."""

import io
import json
import zipfile

import pytest

from matches import offline, offline_play, rules
from matches.games import registry as games

FOUR = ("Ann", "Ben", "Cy", "Dan")


def _start(variant="isko", players=("Ann", "Ben", "Cy")):
    ruleset = rules.get_ruleset("skat", variant)
    return ruleset, rules.replay(ruleset, players, [])


def _form_hand(ruleset, state, pairs):
    form = games.of(ruleset).form_class()(dict(pairs), state=state, ruleset=ruleset)
    assert form.is_valid(), form.errors
    return form.hand()


PLAIN = [
    ("number", "1"),
    ("declarer", "1"),
    ("game", "clubs"),
    ("matadors_with", "with"),
    ("matadors_n", "2"),
    ("won", "won"),
    ("bid", "18"),
]
FORMS = [
    PLAIN,
    [("number", "1"), ("declarer", "passed"), ("bid", "18")],
    [
        ("number", "1"),
        ("declarer", "0"),
        ("game", "grand"),
        ("matadors_with", "without"),
        ("matadors_n", "1"),
        ("won", "lost"),
        ("hand", "on"),
        ("schneider_announced", "on"),
        ("bid", "72"),
        ("points", "85"),
    ],
    [("number", "1"), ("declarer", "2"), ("game", "null"), ("won", "won"), ("ouvert", "on")],
]


@pytest.mark.parametrize("pairs", FORMS)
def test_the_phone_reads_the_skat_form_as_the_server_does(pairs):
    ruleset, state = _start()
    hand = offline_play.hand_from_form(ruleset, state, pairs)
    assert hand == _form_hand(ruleset, state, pairs)


def test_the_bundle_carries_skats_rules():
    data, _version = offline.rules_zip()
    names = zipfile.ZipFile(io.BytesIO(data)).namelist()
    assert any(name.endswith("games/skat/rules.py") for name in names), names
    assert "skat" in json.dumps(offline.installed())


def test_a_game_is_played_on_top_of_the_others_at_four():
    hands = [{"declarer": 2, "game": "hearts", "matadors": {"with": True, "n": 2}, "won": False}]
    answer = json.loads(
        offline_play.derive(
            json.dumps(
                {
                    "game": "skat",
                    "variant": "isko-four",
                    "options": {},
                    "players": list(FOUR),
                    "first_dealer": 0,
                    "hands": hands,
                    # Game 2: seat 1 deals and sits out, seat 2 declares.
                    "form": [
                        [name, {"number": "2", "declarer": "2"}.get(name, value)]
                        for name, value in PLAIN
                    ],
                }
            )
        )
    )
    ruleset = rules.get_ruleset("skat", "isko-four")
    state = rules.replay(ruleset, list(FOUR), [*hands, answer["inputs"][-1]])
    assert answer["ok"], answer
    assert answer["totals"] == list(state.totals)
    assert answer["next"]["dealer"] == state.next_hand.dealer == 2


def test_the_readers_refusals_are_worded_by_the_page():
    ruleset, state = _start()
    for pairs, field in (
        ([("number", "1"), ("game", "clubs")], "declarer"),
        ([("number", "1"), ("declarer", "0"), ("matadors_with", "with")], "matadors.n"),
    ):
        with pytest.raises(rules.RuleError) as refused:
            offline_play.hand_from_form(ruleset, state, pairs)
        assert refused.value.field == field
        assert refused.value.message in offline.rule_messages()
