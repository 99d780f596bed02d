"""The phone's reading of the rules (matches.offline_play, which runs in Pyodide) gives
what the server gives: the same hand from the same form fields as the game's own form,
and the same next deal from the same hands as the server's replay."""

import json

import pytest

from matches import offline, offline_play, rules
from matches.games import registry as games


def _form_hand(ruleset, state, pairs):
    form = games.of(ruleset).form_class()(dict(pairs), state=state, ruleset=ruleset)
    assert form.is_valid(), form.errors
    return form.hand()


def _start(game, variant, players, **options):
    ruleset = rules.get_ruleset(game, variant, options or None)
    return ruleset, rules.replay(ruleset, players, [])


FORMS = [
    (
        ("sergeant-major", "8-5-3", ("Ann", "Ben", "Cy"), {}),
        [
            ("number", "1"),
            ("trump", "hearts"),
            ("tricks_0", "9"),
            ("tricks_1", "4"),
            ("tricks_2", "3"),
        ],
    ),
    (
        ("sergeant-major", "alternate", ("Ann", "Ben", "Cy"), {}),
        [("number", "1"), ("call", "miz"), ("tricks_0", "2"), ("tricks_1", "9"), ("tricks_2", "5")],
    ),
    (
        ("sieben", "two-player", ("Ann", "Ben"), {}),
        [("number", "1"), ("counters_0", "50"), ("no_trick", "on")],
    ),
    (
        ("sheepshead", "standard", ("Ann", "Ben", "Cy", "Dee", "Eve"), {}),
        [("number", "1"), ("picker", "1"), ("partner", "3"), ("points", "70")],
    ),
    (
        ("sheepshead", "standard", ("Ann", "Ben", "Cy", "Dee", "Eve"), {}),
        [("number", "1"), ("picker", "nobody"), ("partner", "alone"), ("points", "")],
    ),
]


@pytest.mark.parametrize(("match", "pairs"), FORMS)
def test_the_phone_reads_a_hand_form_as_the_server_does(match, pairs):
    game, variant, players, options = match
    ruleset, state = _start(game, variant, players, **options)
    assert offline_play.hand_from_form(ruleset, state, pairs) == _form_hand(ruleset, state, pairs)


def test_a_sitter_seat_missing_from_the_post_took_no_trick():
    ruleset, state = _start("sergeant-major", "8-5-3", ("Ann", "Ben", "Cy", "Dee"), sitter=True)
    out = next(seat for seat in range(4) if seat not in state.next_hand.active)
    pairs = [("number", "1"), ("trump", "spades")]
    for offset, count in zip(range(1, 4), (8, 5, 3), strict=True):
        pairs.append((f"tricks_{(out + offset) % 4}", str(count)))
    assert offline_play.hand_from_form(ruleset, state, pairs) == _form_hand(ruleset, state, pairs)


def _derive(**payload):
    return json.loads(offline_play.derive(json.dumps(payload)))


def test_the_next_deal_is_the_servers():
    hands = [{"tricks": [9, 4, 3], "trump": "hearts"}]
    players = ["Ann", "Ben", "Cy"]
    answer = _derive(
        game="sergeant-major",
        variant="8-5-3",
        options={},
        players=players,
        first_dealer=0,
        hands=hands,
    )
    state = rules.replay(rules.get_ruleset("sergeant-major", "8-5-3"), players, hands)
    assert answer["ok"] and answer["played"] == 1
    assert answer["totals"] == list(state.totals)
    assert answer["next"]["dealer"] == state.next_hand.dealer
    assert answer["next"]["targets"] == list(state.next_hand.targets)
    assert answer["next"]["exchanges"] == [e.as_dict() for e in state.next_hand.exchanges]
    assert answer["next"]["exchanges"]  # the first hand left seats up and down


def test_a_form_hand_is_played_on_top_of_the_others():
    answer = _derive(
        game="sergeant-major",
        variant="8-5-3",
        players=["Ann", "Ben", "Cy"],
        first_dealer=2,
        hands=[],
        form=[
            ["number", "1"],
            ["trump", "hearts"],
            ["tricks_0", "3"],
            ["tricks_1", "5"],
            ["tricks_2", "8"],
        ],
    )
    assert answer["inputs"] == [{"tricks": [3, 5, 8], "trump": "hearts"}]
    assert answer["next"]["number"] == 2 and answer["next"]["dealer"] == 0


def test_a_refusal_comes_back_untranslated_with_its_parameters():
    answer = _derive(
        game="sergeant-major",
        variant="8-5-3",
        players=["Ann", "Ben", "Cy"],
        hands=[],
        form=[
            ["number", "1"],
            ["trump", "hearts"],
            ["tricks_0", "9"],
            ["tricks_1", "9"],
            ["tricks_2", "9"],
        ],
    )
    assert answer["ok"] is False
    assert "%(" in answer["message"] or answer["message"]
    assert answer["field"].startswith("hands.1") or answer["field"]


def test_a_form_the_rules_refuse_to_read_is_worded_by_the_page():
    # The readers' own refusals are rules' messages, so the offline page carries them.
    ruleset, state = _start("sheepshead", "standard", ("Ann", "Ben", "Cy", "Dee", "Eve"))
    with pytest.raises(rules.RuleError) as refused:
        offline_play.hand_from_form(ruleset, state, [("number", "1"), ("points", "70")])
    assert refused.value.field == "picker"
    assert refused.value.message in offline.rule_messages()
