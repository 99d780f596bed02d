"""POST /api/matches/{id}/hands: record the next hand."""

import pytest
from django.test import Client

from matches.models import AuditEntry, Hand
from tests.api_support import assert_error, bearer, key_for, login, match_url, send, writes
from tests.factories import sm_hand


def hands_url(match):
    return match_url(match, "/hands")


def post_hand(client, match, number, tricks=(9, 4, 3), trump="hearts", **extra):
    return send(
        client, "post", hands_url(match), {"number": number, **sm_hand(tricks, trump), **extra}
    )


def test_it_records_the_documented_example(owner, make_match):
    match = make_match()

    response = send(
        login(owner),
        "post",
        hands_url(match),
        {"number": 1, "tricks": [9, 4, 3], "trump": "hearts"},
    )

    assert response.status_code == 201
    state = response.json()
    assert state["hands"] == [
        {
            "number": 1,
            "version": 1,
            "dealer": 0,
            "input": {"tricks": [9, 4, 3], "trump": "hearts"},
            "targets": [8, 5, 3],
            "scores": [1, -1, 0],
        }
    ]
    assert state["totals"] == [1, -1, 0]
    assert state["next_hand"] == {
        "number": 2,
        "dealer": 1,
        "targets": [3, 8, 5],
        "exchanges": [{"from": 0, "to": 1, "cards": 1}],
    }
    hand = Hand.objects.get()
    assert (hand.match, hand.number, hand.input, hand.scores) == (
        match,
        1,
        {"tricks": [9, 4, 3], "trump": "hearts"},
        [1, -1, 0],
    )
    assert hand.recorded_by == owner
    match.refresh_from_db()
    assert match.totals == [1, -1, 0]


def test_it_audits_the_hand(owner, make_match):
    match = make_match()

    post_hand(login(owner), match, 1)

    entry = AuditEntry.objects.filter(action="record").get()
    assert (entry.by_name, entry.number, entry.before) == ("ann", 1, None)
    assert entry.after == {"tricks": [9, 4, 3], "trump": "hearts"}


def test_it_accepts_a_bearer_token(client, owner, make_match):
    match = make_match()

    response = send(
        client,
        "post",
        hands_url(match),
        {"number": 1, **sm_hand([9, 4, 3])},
        headers=bearer(key_for(owner)),
    )

    assert response.status_code == 201
    assert Hand.objects.get().recorded_by == owner


def test_it_lets_staff_record(organiser, make_match):
    match = make_match()

    assert post_hand(login(organiser), match, 1).status_code == 201
    assert Hand.objects.get().recorded_by == organiser


def test_it_refuses_another_user(other, make_match):
    match = make_match()
    before = writes()

    assert_error(post_hand(login(other), match, 1), 403, "forbidden")
    assert writes() == before


def test_it_refuses_another_users_api_key(client, other, make_match):
    match = make_match()
    before = writes()

    response = send(
        client,
        "post",
        hands_url(match),
        {"number": 1, **sm_hand([9, 4, 3])},
        headers=bearer(key_for(other)),
    )

    assert_error(response, 403, "forbidden")
    assert writes() == before


def test_it_refuses_anonymous(client, make_match):
    match = make_match()
    before = writes()

    assert_error(post_hand(client, match, 1), 401, "not_authenticated")
    assert writes() == before


def test_it_refuses_the_share_token(client, make_match):
    match = make_match()
    before = writes()
    hand = {"number": 1, **sm_hand([9, 4, 3])}

    response = send(client, "post", hands_url(match) + f"?share={match.share_token}", hand)
    assert_error(response, 401, "not_authenticated")
    response = send(client, "post", hands_url(match), hand, headers=bearer(match.share_token))
    assert_error(response, 401, "not_authenticated")
    assert writes() == before


def test_it_refuses_a_session_without_csrf_token(owner, make_match):
    match = make_match()
    before = writes()

    response = post_hand(login(owner, enforce_csrf_checks=True), match, 1)

    assert_error(response, 403, "forbidden")
    assert writes() == before


def test_it_needs_no_csrf_token_with_a_bearer_token(owner, make_match):
    match = make_match()

    response = send(
        Client(enforce_csrf_checks=True),
        "post",
        hands_url(match),
        {"number": 1, **sm_hand([9, 4, 3])},
        headers=bearer(key_for(owner)),
    )

    assert response.status_code == 201


def test_it_says_when_there_is_no_such_match(owner, make_match):
    match = make_match()

    response = send(
        login(owner),
        "post",
        f"/api/matches/{match.pk + 1}/hands",
        {"number": 1, **sm_hand([9, 4, 3])},
    )

    assert_error(response, 404, "not_found")


def test_it_refuses_get(owner, make_match):
    match = make_match()

    response = login(owner).get(hands_url(match))

    assert_error(response, 405, "method_not_allowed")
    assert response["Allow"] == "POST"


@pytest.mark.parametrize("number", [1, 3])
def test_it_refuses_a_number_that_is_not_the_next_with_the_current_state(owner, make_match, number):
    match = make_match([sm_hand([9, 4, 3])])
    before = writes()

    response = post_hand(login(owner), match, number, (8, 5, 3))

    problem = assert_error(response, 409, "conflict")
    assert problem["state"]["hands"][0]["input"]["tricks"] == [9, 4, 3]
    assert problem["state"]["next_hand"]["number"] == 2
    assert writes() == before


def test_it_tells_a_second_device_the_hand_is_already_recorded(owner, make_match):
    match = make_match()
    first, second = login(owner), login(owner)

    assert post_hand(first, match, 1, (9, 4, 3)).status_code == 201
    response = post_hand(second, match, 1, (8, 5, 3))

    problem = assert_error(response, 409, "conflict")
    assert problem["message"] == "Hand 1 was just recorded by someone else."
    assert problem["state"]["totals"] == [1, -1, 0]
    assert Hand.objects.count() == 1


def test_it_refuses_a_hand_after_the_end(owner, make_match):
    match = make_match([sm_hand([12, 2, 2])])
    before = writes()

    response = post_hand(login(owner), match, 2, (8, 5, 3))

    problem = assert_error(response, 409, "conflict")
    assert problem["state"]["finished"] is True
    assert problem["state"]["winners"] == [0]
    assert writes() == before


@pytest.mark.parametrize(
    ("hand", "field"),
    [
        ({"tricks": [9, 4, 4], "trump": "hearts"}, "tricks"),
        ({"tricks": [9, 4], "trump": "hearts"}, "tricks"),
        ({"tricks": [9, "4", 3], "trump": "hearts"}, "tricks.1"),
        ({"tricks": [17, -1, 0], "trump": "hearts"}, "tricks.1"),
        ({"tricks": [9, 4, 3], "trump": "no-trumps"}, "trump"),
        ({"tricks": [9, 4, 3]}, "trump"),
        ({"trump": "hearts"}, "tricks"),
        ({"tricks": [9, 4, 3], "trump": "hearts", "last_trick": 5}, "last_trick"),
        ({"tricks": [9, 4, 3], "trump": "hearts", "colour": "red"}, "colour"),
        ({"tricks": [9, 4, 3], "trump": "hearts", "number": "1"}, "number"),
        ({"tricks": [9, 4, 3], "trump": "hearts", "number": None}, "number"),
        ({"tricks": [9, 4, 3], "trump": "hearts", "number": True}, "number"),
        ({"tricks": [9, 4, 3], "trump": "hearts", "number": 0}, "number"),
        ({"tricks": [9, 4, 3], "trump": "hearts", "number": -3}, "number"),
        ({"tricks": [9, 4, 3], "trump": "hearts", "number": 1.5}, "number"),
        ({"tricks": [9, 4, 3], "trump": "hearts", "last_trick": "0"}, "last_trick"),
        ({"tricks": "9, 4, 3", "trump": "hearts"}, "tricks"),
        ({"tricks": [9, 4, 3], "trump": ["hearts"]}, "trump"),
        (
            {"tricks": [9, 4, 3], "trump": "hearts", "exchanges": [{"from": 0, "to": 1}]},
            "exchanges.0.cards",
        ),
    ],
)
def test_it_refuses_a_hand_against_the_rules_naming_the_field(owner, make_match, hand, field):
    match = make_match()
    before = writes()

    response = send(login(owner), "post", hands_url(match), {"number": 1, **hand})

    problem = assert_error(response, 422, "invalid")
    assert list(problem["fields"]) == [field]
    assert problem["fields"][field] == [problem["message"]]
    assert writes() == before


def test_it_gives_the_rules_own_message(owner, make_match):
    match = make_match()

    response = post_hand(login(owner), match, 1, (9, 4, 4))

    assert response.json()["message"] == "The tricks add up to 17; a hand has 16."


def test_it_asks_for_the_last_trick_on_a_tie_at_the_point_limit(owner, make_match):
    # RULES.md §1.3. Hand 1 (targets 8, 5, 3) leaves totals 1, 1, -2; hand 2 (targets
    # 3, 8, 5) gains seats 0 and 1 one each: both reach 2 with equal totals and gains.
    match = make_match([sm_hand([9, 6, 1])], options={"win_tricks": None, "point_limit": 2})
    client = login(owner)
    before = writes()

    response = post_hand(client, match, 2, (4, 9, 3))

    problem = assert_error(response, 422, "invalid")
    assert list(problem["fields"]) == ["last_trick"]
    assert writes() == before
    response = post_hand(client, match, 2, (4, 9, 3), last_trick=1)
    assert response.status_code == 201
    assert response.json()["winners"] == [1]
    assert response.json()["hands"][1]["input"]["last_trick"] == 1


@pytest.mark.parametrize("raw", [b"{", b"tricks=9,4,3", b"", b"[]", b"3", b"\x00\x01"])
def test_it_refuses_a_body_that_is_not_a_json_object(owner, make_match, raw):
    match = make_match()
    before = writes()

    response = send(login(owner), "post", hands_url(match), raw=raw)

    assert_error(response, 400, "bad_request")
    assert writes() == before


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"number": 0}, "number", "number must be at least 1."),
        ({"number": "1"}, "number", "Enter a whole number."),
        ({"number": False}, "number", "Enter a whole number."),
        ({"colour": "red"}, "colour", "Unknown field colour."),
        ({"tricks": [9, 4.5, 3]}, "tricks.1", "Enter a whole number."),
        ({"tricks": None}, "tricks", "Enter the tricks of every seat."),  # the rules' own
        ({"trump": "no-trumps"}, "trump", "Choose trumps: clubs, spades, hearts or diamonds."),
        ({"picker": 0}, "picker", "Unknown field picker."),  # a Sheepshead field: the rules
    ],
)
def test_it_says_what_is_wrong_in_the_house_words(owner, make_match, changes, field, message):
    match = make_match()
    before = writes()

    response = send(
        login(owner), "post", hands_url(match), {"number": 1, **sm_hand([9, 4, 3]), **changes}
    )

    problem = assert_error(response, 422, "invalid")
    assert problem["fields"] == {field: [message]}
    assert problem["message"] == message
    assert writes() == before


def test_a_hand_number_below_one_is_invalid_not_a_conflict(owner, make_match):
    # Hands are numbered from 1: no state could make hand 0 the next one.
    match = make_match([sm_hand([9, 4, 3])])

    for number in (0, -1):
        response = post_hand(login(owner), match, number)
        assert list(assert_error(response, 422, "invalid")["fields"]) == ["number"]
        assert "state" not in response.json()


def test_it_names_every_wrong_field_at_once(owner, make_match):
    match = make_match()

    response = send(
        login(owner),
        "post",
        hands_url(match),
        {"number": "one", "tricks": [9, "4", 3], "trump": "hearts", "colour": 1},
    )

    problem = assert_error(response, 422, "invalid")
    assert problem["fields"] == {
        "number": ["Enter a whole number."],
        "tricks.1": ["Enter a whole number."],
        "colour": ["Unknown field colour."],
    }
