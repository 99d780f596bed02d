"""The match state a write answers with (``api.play.state_body``): the same JSON document
as the standard library's ``json.dumps(state_json(...))`` (the bytes are ``orjson``'s, which
writes no spaces), and the same bytes as a read of the stored match gives in a
worker that keeps nothing of it (its state from the match's row, its hands from theirs),
after every kind of write."""

import json

import pytest

from matches.api import play as api_play
from matches.models import Match
from matches.services import play as services
from matches.services import selectors
from tests.factories import game_match, sm_hand


def answer(snap):
    """The write's answer, held to the whole encoding and to a fresh read."""
    body = api_play.state_body(snap)
    assert json.loads(body) == json.loads(json.dumps(api_play.state_json(snap)))
    selectors.states.clear()
    fresh = selectors.snapshot(Match.objects.get(pk=snap.match.pk))
    assert body == api_play.state_body(fresh)
    return json.loads(body)


def test_a_recorded_hand_is_in_the_answer(owner, make_match):
    match = make_match([sm_hand([9, 4, 3]), sm_hand([3, 9, 4])])
    answer(selectors.snapshot(match))

    state = answer(services.record_hand(match, 3, sm_hand([4, 3, 9]), by=owner))

    assert [hand["number"] for hand in state["hands"]] == [1, 2, 3]


def test_a_hand_recorded_by_a_worker_that_kept_nothing_is_in_the_answer(owner, make_match):
    match = make_match([sm_hand([9, 4, 3]), sm_hand([3, 9, 4])])
    selectors.states.clear()

    state = answer(services.record_hand(match, 3, sm_hand([4, 3, 9]), by=owner))

    assert [hand["number"] for hand in state["hands"]] == [1, 2, 3]


def test_a_correction_changes_the_corrected_hand_and_the_later_ones(owner, make_match):
    hands = [sm_hand([9, 4, 3]), sm_hand([3, 9, 4]), sm_hand([4, 3, 9]), sm_hand([8, 5, 3])]
    match = make_match(hands)
    before = answer(selectors.snapshot(match))

    # Hand 2's scores change, so do the running figures the later hands derive from them
    # (their targets and exchanges), and hand 2's version.
    state = answer(services.correct_hand(match, 2, sm_hand([5, 8, 3]), version=1, by=owner))

    assert state["hands"][0] == before["hands"][0]
    assert state["hands"][1]["version"] == 2
    assert state["hands"][1]["input"]["tricks"] == [5, 8, 3]
    assert state["hands"][1]["scores"] != before["hands"][1]["scores"]


def test_an_undo_drops_the_last_hand(owner, make_match):
    match = make_match([sm_hand([9, 4, 3]), sm_hand([3, 9, 4])])
    answer(selectors.snapshot(match))

    state = answer(services.undo_last_hand(match, 2, by=owner))

    assert [hand["number"] for hand in state["hands"]] == [1]


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
def test_a_games_own_facts_are_in_the_answer(owner, game, variant, players, hands):
    match = game_match(owner, game, variant, players, hands[:1])
    answer(selectors.snapshot(match))

    state = answer(services.record_hand(match, 2, hands[1], by=owner))

    assert [hand["number"] for hand in state["hands"]] == [1, 2]


def test_a_hand_recorded_again_after_an_undo_is_the_new_one(owner, make_match):
    match = make_match([sm_hand([9, 4, 3]), sm_hand([3, 9, 4])])
    answer(selectors.snapshot(match))
    services.undo_last_hand(match, 2, by=owner)

    state = answer(services.record_hand(match, 2, sm_hand([4, 3, 9]), by=owner))

    assert state["hands"][1]["input"]["tricks"] == [4, 3, 9]
