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
    # sergeant_major/rules.md §1.3. Hand 1 (targets 8, 5, 3) leaves totals 1, 1, -2; hand 2
    # (targets 3, 8, 5) gains seats 0 and 1 one each: both reach 2 with equal totals and gains.
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


def record_queries(owner, match, django_capture_on_commit_callbacks, forget=False, minimal=False):
    """The statements of one hand recorded with an API key, after one committed before
    it (so the match's state of this revision is kept, as after any write in a running
    server). ``forget``: this process's memory is cleared first, as in a worker that did
    not write the last hand. ``minimal``: the write asks for ``Prefer: return=minimal``."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from matches.services import selectors

    headers = bearer(key_for(owner))
    number = len(match.hands.all()) + 1
    answer = {"Prefer": "return=minimal"} if minimal else {}
    with django_capture_on_commit_callbacks(execute=True):
        warm = post_hand(Client(headers=headers), match, number)
    assert warm.status_code == 201
    # The dealer's target taken by the next seat: two seats' totals change.
    targets = warm.json()["next_hand"]["targets"]
    dealer = warm.json()["next_hand"]["dealer"]
    tricks = list(targets)
    tricks[dealer] -= 1
    tricks[(dealer + 1) % 3] += 1
    if forget:
        selectors.states.clear()
    with CaptureQueriesContext(connection) as captured:
        response = post_hand(
            Client(headers={**headers, **answer}), match, number + 1, tricks=tricks
        )
    assert response.status_code == 201
    hands = [number + 1] if minimal else list(range(1, number + 2))
    assert [hand["number"] for hand in response.json()["hands"]] == hands
    # Shortened to what names the statement (a select's columns can hold " (": a cast).
    return [query["sql"].split(" WHERE")[0] for query in captured]


# What one hand costs the database (a warm record; the statements, as the ORM writes them,
# shortened to their verb and table): the API key's token joined to its user, the match,
# then in one transaction the match's guarded revision update (its lock, and the new
# state), the hand, the seats whose results change, the audit entry. Never a read of the
# hands or the seats, however long the match: the state the hand is played on is the
# match row's.
RECORD_STATEMENTS = [
    ("SELECT", "matches_apitoken"),  # INNER JOIN auth_user
    ("SELECT", "matches_match"),
    ("SAVEPOINT", None),  # BEGIN in a server, where no test transaction is around it
    ("UPDATE", "matches_match"),
    ("INSERT", "matches_hand"),
    ("UPDATE", "matches_seat"),  # one per seat whose result changes (here two or three)
    ("INSERT", "matches_auditentry"),
    ("RELEASE", None),  # COMMIT
]


def statement(sql):
    words = sql.replace('"', "").split()
    verb = words[0]
    if verb in ("SAVEPOINT", "RELEASE"):
        return verb, None
    table = {"SELECT": "FROM", "INSERT": "INTO", "UPDATE": "UPDATE"}[verb]
    return verb, words[words.index(table) + 1]


@pytest.mark.parametrize("minimal", [False, True], ids=["whole-answer", "minimal-answer"])
@pytest.mark.parametrize("forget", [False, True], ids=["same-worker", "other-worker"])
@pytest.mark.parametrize("hands", [0, 30])
def test_it_records_in_the_same_few_statements_however_long_the_match(
    owner, make_match, django_capture_on_commit_callbacks, hands, forget, minimal
):
    cycle = [sm_hand([9, 4, 3]), sm_hand([3, 8, 5]), sm_hand([5, 3, 8])]
    match = make_match((cycle * 10)[:hands])

    queries = record_queries(owner, match, django_capture_on_commit_callbacks, forget, minimal)

    expected = RECORD_STATEMENTS
    if forget and not minimal:
        # The whole state it answers with: a worker that does not keep this match's hands
        # reads them once the write is committed (the write itself read none).
        expected = [*RECORD_STATEMENTS, ("SELECT", "matches_hand")]
    statements = [statement(sql) for sql in queries]
    seats = statements.count(("UPDATE", "matches_seat"))
    assert 2 <= seats <= 3, queries
    once = [
        each
        for n, each in enumerate(statements)
        if each != ("UPDATE", "matches_seat") or statements[n - 1] != each
    ]
    assert once == expected, queries


def test_a_hand_that_changes_no_seat_writes_no_seat(
    owner, make_match, django_capture_on_commit_callbacks
):
    # Every seat makes its target: the totals, places and wins stay as they were.
    match = make_match([sm_hand([9, 4, 3])])
    headers = bearer(key_for(owner))
    with django_capture_on_commit_callbacks(execute=True):
        assert post_hand(Client(headers=headers), match, 2, tricks=(3, 8, 5)).status_code == 201
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as captured:
        response = post_hand(Client(headers=headers), match, 3, tricks=(5, 3, 8))

    assert response.status_code == 201
    assert response.json()["totals"] == [1, -1, 0]
    tables = [statement(query["sql"]) for query in captured]
    assert ("UPDATE", "matches_seat") not in tables
    assert len(tables) == len(RECORD_STATEMENTS) - 1
