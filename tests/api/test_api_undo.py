"""DELETE /api/matches/{id}/hands/{number}: undo the last hand."""

import pytest
from django.test import Client

from matches.models import AuditEntry, Hand
from tests.api_support import assert_error, bearer, key_for, login, match_url, send, writes
from tests.factories import sm_hand


def hand_url(match, number):
    return match_url(match, f"/hands/{number}")


def test_it_undoes_the_last_hand(owner, make_match):
    match = make_match([sm_hand([9, 4, 3]), sm_hand([3, 8, 5])])

    response = send(login(owner), "delete", hand_url(match, 2))

    assert response.status_code == 200
    state = response.json()
    assert [hand["number"] for hand in state["hands"]] == [1]
    assert state["totals"] == [1, -1, 0]
    assert state["next_hand"]["number"] == 2
    assert list(Hand.objects.values_list("number", flat=True)) == [1]
    match.refresh_from_db()
    assert match.totals == [1, -1, 0]


def test_it_reopens_a_finished_match(owner, make_match):
    match = make_match([sm_hand([12, 2, 2])])

    state = send(login(owner), "delete", hand_url(match, 1)).json()

    assert (state["finished"], state["winners"], state["hands"]) == (False, [], [])
    assert state["next_hand"] == {"number": 1, "dealer": 0, "targets": [8, 5, 3], "exchanges": []}
    match.refresh_from_db()
    assert (match.finished, match.winners) == (False, [])


def test_it_lets_the_hand_be_recorded_again(owner, make_match):
    match = make_match([sm_hand([9, 4, 3])])
    client = login(owner)
    send(client, "delete", hand_url(match, 1))

    response = send(client, "post", match_url(match, "/hands"), {"number": 1, **sm_hand([8, 5, 3])})

    assert response.status_code == 201
    assert response.json()["totals"] == [0, 0, 0]


def test_it_audits_the_undo_with_the_reason(owner, make_match):
    match = make_match([sm_hand([9, 4, 3])])

    send(login(owner), "delete", hand_url(match, 1), {"reason": "wrong table"})

    entry = AuditEntry.objects.get(action="undo")
    assert (entry.by_name, entry.number, entry.reason) == ("ann", 1, "wrong table")
    assert entry.before == {"tricks": [9, 4, 3], "trump": "hearts"}
    assert entry.after is None


def test_it_refuses_a_hand_that_is_not_the_last(owner, make_match):
    match = make_match([sm_hand([9, 4, 3]), sm_hand([3, 8, 5])])
    before = writes()

    response = send(login(owner), "delete", hand_url(match, 1))

    problem = assert_error(response, 409, "conflict")
    assert problem["message"] == "Only the last hand (hand 2) can be undone."
    assert len(problem["state"]["hands"]) == 2
    assert writes() == before


def test_it_says_when_there_is_no_such_hand(owner, make_match):
    match = make_match([sm_hand([9, 4, 3])])
    before = writes()

    assert_error(send(login(owner), "delete", hand_url(match, 2)), 404, "not_found")
    response = send(login(owner), "delete", f"/api/matches/{match.pk + 1}/hands/1")
    assert_error(response, 404, "not_found")
    assert writes() == before


def test_it_says_when_there_are_no_hands(owner, make_match):
    match = make_match()

    assert_error(send(login(owner), "delete", hand_url(match, 1)), 404, "not_found")


@pytest.mark.parametrize(
    ("raw", "status"),
    [(b"{", 400), (b"[]", 400), (b'{"reason": 5}', 422), (b'{"reasons": "typo"}', 422)],
)
def test_it_refuses_a_bad_body(owner, make_match, raw, status):
    match = make_match([sm_hand([9, 4, 3])])
    before = writes()

    response = send(login(owner), "delete", hand_url(match, 1), raw=raw)

    assert_error(response, status, "bad_request" if status == 400 else "invalid")
    assert writes() == before


def test_it_lets_staff_undo(organiser, make_match):
    match = make_match([sm_hand([9, 4, 3])])

    assert send(login(organiser), "delete", hand_url(match, 1)).status_code == 200
    assert not Hand.objects.exists()


def test_it_accepts_a_bearer_token(owner, make_match):
    match = make_match([sm_hand([9, 4, 3])])

    response = send(
        Client(enforce_csrf_checks=True),
        "delete",
        hand_url(match, 1),
        headers=bearer(key_for(owner)),
    )

    assert response.status_code == 200
    assert not Hand.objects.exists()


def test_it_refuses_another_user(other, make_match):
    match = make_match([sm_hand([9, 4, 3])])
    before = writes()

    assert_error(send(login(other), "delete", hand_url(match, 1)), 403, "forbidden")
    response = send(Client(), "delete", hand_url(match, 1), headers=bearer(key_for(other)))
    assert_error(response, 403, "forbidden")
    assert writes() == before


def test_it_refuses_anonymous_and_the_share_token(client, make_match):
    match = make_match([sm_hand([9, 4, 3])])
    before = writes()

    assert_error(send(client, "delete", hand_url(match, 1)), 401, "not_authenticated")
    response = send(client, "delete", hand_url(match, 1) + f"?share={match.share_token}")
    assert_error(response, 401, "not_authenticated")
    response = send(client, "delete", hand_url(match, 1), headers=bearer(match.share_token))
    assert_error(response, 401, "not_authenticated")
    assert writes() == before


def test_it_refuses_a_session_without_csrf_token(owner, make_match):
    match = make_match([sm_hand([9, 4, 3])])
    before = writes()

    response = send(login(owner, enforce_csrf_checks=True), "delete", hand_url(match, 1))

    assert_error(response, 403, "forbidden")
    assert writes() == before
