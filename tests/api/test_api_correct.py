"""PUT /api/matches/{id}/hands/{number}: correct a recorded hand."""

import pytest
from django.test import Client

from matches.models import AuditEntry, Hand
from matches.rules import get_ruleset, replay
from tests.api_support import assert_error, bearer, key_for, login, match_url, send, writes
from tests.factories import sm_hand


def hand_url(match, number):
    return match_url(match, f"/hands/{number}")


def put_hand(client, match, number, tricks, version=1, trump="hearts", **extra):
    return send(
        client,
        "put",
        hand_url(match, number),
        {"version": version, **sm_hand(tricks, trump), **extra},
    )


def test_it_corrects_a_hand_and_the_totals_follow(owner, make_match):
    match = make_match([sm_hand([9, 4, 3]), sm_hand([3, 8, 5])])

    response = put_hand(login(owner), match, 1, (10, 4, 2), reason="misread")

    assert response.status_code == 200
    state = response.json()
    assert state["hands"][0]["input"] == {"tricks": [10, 4, 2], "trump": "hearts"}
    assert state["hands"][0]["version"] == 2
    assert state["hands"][0]["scores"] == [2, -1, -1]
    assert state["hands"][1]["version"] == 1
    assert state["totals"] == [2, -1, -1]
    # The exchange before hand 2 came from hand 1; the one before hand 3 from hand 2.
    assert state["next_hand"]["exchanges"] == []
    hand = Hand.objects.get(match=match, number=1)
    assert (hand.version, hand.input["tricks"], hand.scores) == (2, [10, 4, 2], [2, -1, -1])
    match.refresh_from_db()
    assert match.totals == [2, -1, -1]


def test_it_re_derives_the_end_of_the_match(owner, make_match):
    # Hand 2 is dealt by seat 1: reporting 12 tricks for seat 1 instead of seat 0.
    match = make_match([sm_hand([9, 4, 3]), sm_hand([12, 2, 2])])

    response = put_hand(login(owner), match, 2, (2, 12, 2))

    assert response.status_code == 200
    assert response.json()["winners"] == [1]
    match.refresh_from_db()
    assert match.winners == [1]


def test_it_keeps_stored_scores_equal_to_a_replay(owner, make_match):
    match = make_match([sm_hand([9, 4, 3]), sm_hand([3, 8, 5]), sm_hand([5, 3, 8])])

    put_hand(login(owner), match, 2, (5, 6, 5), trump="spades")

    hands = list(match.hands.order_by("number"))
    state = replay(
        get_ruleset("sergeant-major", "8-5-3"), match.names, [hand.input for hand in hands]
    )
    assert [hand.scores for hand in hands] == [list(h.scores) for h in state.hands]


def test_it_audits_before_after_and_reason(owner, make_match):
    match = make_match([sm_hand([9, 4, 3])])

    put_hand(login(owner), match, 1, (8, 5, 3), reason="  Ben had one trick less  ")

    entry = AuditEntry.objects.get(action="correct")
    assert (entry.by_name, entry.number, entry.reason) == ("ann", 1, "Ben had one trick less")
    assert entry.before == {"tricks": [9, 4, 3], "trump": "hearts"}
    assert entry.after == {"tricks": [8, 5, 3], "trump": "hearts"}


def test_it_accepts_the_number_in_the_body_when_it_agrees(owner, make_match):
    match = make_match([sm_hand([9, 4, 3])])

    response = send(
        login(owner), "put", hand_url(match, 1), {"number": 1, "version": 1, **sm_hand([8, 5, 3])}
    )

    assert response.status_code == 200


def test_it_refuses_a_stale_version_with_the_current_state(owner, make_match):
    match = make_match([sm_hand([9, 4, 3])])
    first, second = login(owner), login(owner)
    assert put_hand(first, match, 1, (10, 4, 2), version=1).status_code == 200
    before = writes()

    response = put_hand(second, match, 1, (8, 5, 3), version=1)

    problem = assert_error(response, 409, "conflict")
    assert problem["state"]["hands"][0]["version"] == 2
    assert problem["state"]["hands"][0]["input"]["tricks"] == [10, 4, 2]
    assert writes() == before


def test_it_names_a_later_hand_that_no_longer_fits(owner, make_match):
    # With hand 1 at 12 tricks the match would have ended before hand 2.
    match = make_match([sm_hand([9, 4, 3]), sm_hand([3, 8, 5])])
    before = writes()

    response = put_hand(login(owner), match, 1, (12, 2, 2))

    problem = assert_error(response, 422, "invalid")
    assert list(problem["fields"]) == ["hands.2"]
    assert problem["message"].startswith("Hand 2 no longer fits: ")
    assert writes() == before


def test_it_names_the_field_of_a_later_hand_that_no_longer_fits(owner, make_match):
    # Point limit 2. Hand 1 at 9, 5, 2 (totals 1, 0, -1), hand 2 at 4, 9, 3 (+1, +1, -2):
    # seat 0 wins alone. Corrected to 9, 6, 1, seats 0 and 1 tie at 2 and hand 2 would
    # need to say who took the last trick (sergeant_major/rules.md §1.3).
    options = {"win_tricks": None, "point_limit": 2}
    match = make_match([sm_hand([9, 5, 2]), sm_hand([4, 9, 3])], options=options)
    before = writes()

    response = put_hand(login(owner), match, 1, (9, 6, 1))

    problem = assert_error(response, 422, "invalid")
    assert list(problem["fields"]) == ["hands.2.last_trick"]
    assert writes() == before


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"version": 1, "tricks": [9, 4, 4], "trump": "hearts"}, "tricks"),
        ({"version": 1, "tricks": [9, 4, 3], "trump": "miz"}, "trump"),
        ({"version": 1, "tricks": [9, 4, 3], "trump": "hearts", "colour": 1}, "colour"),
        ({"tricks": [9, 4, 3], "trump": "hearts"}, "version"),
        ({"version": "1", "tricks": [9, 4, 3], "trump": "hearts"}, "version"),
        ({"version": 1, "tricks": [9, 4, 3], "trump": "hearts", "number": 2}, "number"),
        ({"version": 1, "tricks": [9, 4, 3], "trump": "hearts", "number": True}, "number"),
        ({"version": True, "tricks": [9, 4, 3], "trump": "hearts"}, "version"),
        ({"version": 1, "tricks": [9, 4, 3], "trump": "hearts", "reason": 7}, "reason"),
        ({"version": 1, "tricks": [9, 4, 3], "trump": "hearts", "reason": "x" * 201}, "reason"),
    ],
)
def test_it_refuses_bad_input_naming_the_field(owner, make_match, body, field):
    match = make_match([sm_hand([8, 5, 3])])
    before = writes()

    response = send(login(owner), "put", hand_url(match, 1), body)

    problem = assert_error(response, 422, "invalid")
    assert list(problem["fields"]) == [field]
    assert writes() == before


@pytest.mark.parametrize("raw", [b"{", b"", b"[1]", b"version=1"])
def test_it_refuses_a_body_that_is_not_a_json_object(owner, make_match, raw):
    match = make_match([sm_hand([8, 5, 3])])
    before = writes()

    response = send(login(owner), "put", hand_url(match, 1), raw=raw)

    assert_error(response, 400, "bad_request")
    assert writes() == before


def test_it_says_when_there_is_no_such_hand(owner, make_match):
    match = make_match([sm_hand([8, 5, 3])])
    before = writes()

    response = put_hand(login(owner), match, 2, (9, 4, 3))

    assert_error(response, 404, "not_found")
    assert_error(put_hand(login(owner), match, 0, (9, 4, 3)), 404, "not_found")
    assert writes() == before


def test_it_says_when_there_is_no_such_match(owner, make_match):
    match = make_match([sm_hand([8, 5, 3])])

    response = send(
        login(owner),
        "put",
        f"/api/matches/{match.pk + 1}/hands/1",
        {"version": 1, **sm_hand([9, 4, 3])},
    )

    assert_error(response, 404, "not_found")


def test_it_lets_staff_correct(organiser, make_match):
    match = make_match([sm_hand([8, 5, 3])])

    assert put_hand(login(organiser), match, 1, (9, 4, 3)).status_code == 200
    assert AuditEntry.objects.get(action="correct").by == organiser


def test_it_accepts_a_bearer_token(owner, make_match):
    match = make_match([sm_hand([8, 5, 3])])

    response = send(
        Client(enforce_csrf_checks=True),
        "put",
        hand_url(match, 1),
        {"version": 1, **sm_hand([9, 4, 3])},
        headers=bearer(key_for(owner)),
    )

    assert response.status_code == 200


def test_it_refuses_another_user(other, make_match):
    match = make_match([sm_hand([8, 5, 3])])
    before = writes()

    assert_error(put_hand(login(other), match, 1, (9, 4, 3)), 403, "forbidden")
    response = send(
        Client(),
        "put",
        hand_url(match, 1),
        {"version": 1, **sm_hand([9, 4, 3])},
        headers=bearer(key_for(other)),
    )
    assert_error(response, 403, "forbidden")
    assert writes() == before


def test_it_refuses_anonymous_and_the_share_token(client, make_match):
    match = make_match([sm_hand([8, 5, 3])])
    before = writes()
    body = {"version": 1, **sm_hand([9, 4, 3])}

    assert_error(send(client, "put", hand_url(match, 1), body), 401, "not_authenticated")
    response = send(client, "put", hand_url(match, 1) + f"?share={match.share_token}", body)
    assert_error(response, 401, "not_authenticated")
    response = send(client, "put", hand_url(match, 1), body, headers=bearer(match.share_token))
    assert_error(response, 401, "not_authenticated")
    assert writes() == before


def test_it_refuses_a_session_without_csrf_token(owner, make_match):
    match = make_match([sm_hand([8, 5, 3])])
    before = writes()

    response = put_hand(login(owner, enforce_csrf_checks=True), match, 1, (9, 4, 3))

    assert_error(response, 403, "forbidden")
    assert writes() == before


def test_it_refuses_other_methods(owner, make_match):
    match = make_match([sm_hand([8, 5, 3])])
    before = writes()

    for method in ("get", "post", "patch"):
        response = send(login(owner), method, hand_url(match, 1), {"version": 1})
        assert_error(response, 405, "method_not_allowed")
        assert response["Allow"] == "DELETE, PUT"
    assert writes() == before
