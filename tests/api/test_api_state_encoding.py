"""The match state a write answers with is encoded a hand at a time, and only the hands
the last answer for the match did not already hold (``api.play.state_body``, with
``selectors.Pieces``): the bytes
must be exactly ``json.dumps(state_json(...))`` after every kind of write."""

import json

import pytest

from matches.api import play as api_play
from matches.services import play as services
from matches.services import selectors
from tests.factories import game_match, sm_hand


@pytest.fixture
def encoded(monkeypatch):
    """The hands ``state_body`` encodes, by number, call after call."""
    seen = []
    original = api_play._hand_json

    def counting(ruleset, hand, version):
        seen.append(hand.number)
        return original(ruleset, hand, version)

    monkeypatch.setattr(api_play, "_hand_json", counting)
    return seen


def answer(snap, encoded):
    """The write's answer, and the hands encoded for it; held to the whole encoding."""
    encoded.clear()
    body = api_play.state_body(snap)
    numbers = list(encoded)
    assert body == json.dumps(api_play.state_json(snap)).encode()
    return json.loads(body), numbers


def test_a_recorded_hand_encodes_that_hand_alone(owner, make_match, encoded):
    match = make_match([sm_hand([9, 4, 3]), sm_hand([3, 9, 4])])
    answer(selectors.snapshot(match), encoded)

    snap = services.record_hand(match, 3, sm_hand([4, 3, 9]), by=owner)
    state, numbers = answer(snap, encoded)

    assert numbers == [3]
    assert [hand["number"] for hand in state["hands"]] == [1, 2, 3]


def test_a_correction_encodes_the_corrected_hand_and_the_later_ones_that_changed(
    owner, make_match, encoded
):
    hands = [sm_hand([9, 4, 3]), sm_hand([3, 9, 4]), sm_hand([4, 3, 9]), sm_hand([8, 5, 3])]
    match = make_match(hands)
    answer(selectors.snapshot(match), encoded)

    # Hand 2's scores change, so do the running figures the later hands derive from them
    # (their targets and exchanges), and hand 2's version.
    snap = services.correct_hand(match, 2, sm_hand([5, 8, 3]), version=1, by=owner)
    state, numbers = answer(snap, encoded)

    assert numbers[0] == 2 and 1 not in numbers
    assert state["hands"][1]["version"] == 2
    assert state["hands"][1]["input"]["tricks"] == [5, 8, 3]


def test_an_undo_encodes_nothing_and_drops_the_last_hand(owner, make_match, encoded):
    match = make_match([sm_hand([9, 4, 3]), sm_hand([3, 9, 4])])
    answer(selectors.snapshot(match), encoded)

    snap = services.undo_last_hand(match, 2, by=owner)
    state, numbers = answer(snap, encoded)

    assert numbers == []
    assert [hand["number"] for hand in state["hands"]] == [1]


def test_another_match_under_a_kept_id_is_encoded_whole(owner, make_match, encoded):
    match = make_match([sm_hand([9, 4, 3]), sm_hand([3, 9, 4])])
    snap = selectors.snapshot(match)
    answer(snap, encoded)
    # What was kept for this id belongs to a match whose share token is another one
    # (a deleted match's id, reused): none of it is used, though the hands are equal.
    token, items, fragments = api_play.encoded_hands.kept.get(match.pk)
    api_play.encoded_hands.kept.put(match.pk, ("another", items, fragments))

    _, numbers = answer(snap, encoded)

    assert numbers == [1, 2]


@pytest.mark.parametrize(
    ("game", "variant", "players", "hands"),
    [
        (
            "sheepshead",
            "standard",
            ("Ann", "Ben", "Cy", "Dan", "Eve"),
            [{"picker": 0, "partner": 2, "points": 70}, {"picker": None}],
        ),
        ("sieben", "two-player", ("Ann", "Ben"), [{"counters": [60, 30]}, {"counters": [20, 70]}]),
    ],
)
def test_a_games_own_facts_are_in_the_encoded_hands(owner, encoded, game, variant, players, hands):
    match = game_match(owner, game, variant, players, hands[:1])
    answer(selectors.snapshot(match), encoded)

    snap = services.record_hand(match, 2, hands[1], by=owner)
    _, numbers = answer(snap, encoded)

    assert numbers == [2]


def test_a_hand_recorded_again_after_an_undo_elsewhere_is_encoded_anew(owner, make_match, encoded):
    match = make_match([sm_hand([9, 4, 3]), sm_hand([3, 9, 4])])
    answer(selectors.snapshot(match), encoded)
    # Another worker undoes hand 2 and records another hand 2: same number, same version
    # (1), other tricks. This process still keeps the first hand 2's JSON.
    services.undo_last_hand(match, 2, by=owner)
    snap = services.record_hand(match, 2, sm_hand([4, 3, 9]), by=owner)

    state, numbers = answer(snap, encoded)

    assert numbers == [2]
    assert state["hands"][1]["input"]["tricks"] == [4, 3, 9]
