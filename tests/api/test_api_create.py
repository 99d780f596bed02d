"""POST /api/matches: create a match."""

import pytest
from django.test import Client

from matches.models import AuditEntry, Match
from tests.api_support import assert_error, bearer, key_for, login, match_url, send, writes
from tests.factories import sm_hand

URL = "/api/matches"

EXAMPLE = {  # matches/api/API.md, "Create"
    "game": "sergeant-major",
    "variant": "8-5-3",
    "players": ["Ann", "Ben", "Cy"],
    "first_dealer": 0,
    "options": {"point_limit": 20},
}


def body(**changes):
    data = {key: value for key, value in EXAMPLE.items() if key != "options"}
    data.update(changes)
    return data


def test_it_creates_a_match_for_the_logged_in_user(owner):
    response = send(login(owner), "post", URL, body())

    assert response.status_code == 201
    match = Match.objects.get()
    assert match.owner == owner
    state = response.json()
    assert state.pop("stopped") is False  # added to matches/api/API.md's shape
    assert state.pop("archived") is False  # matches/api/API.md: the state carries "archived"
    assert state == {
        "id": match.pk,
        "game": "sergeant-major",
        "variant": "8-5-3",
        "options": {
            "win_tricks": 12,
            "point_limit": None,
            "point_band": None,
            "hands_limit": None,
            "kitty_first": False,
            "sitter": False,  # an addition to matches/api/API.md (docs/tournaments.md §2)
        },
        "players": ["Ann", "Ben", "Cy"],
        "hands": [],
        "totals": [0, 0, 0],
        "next_hand": {"number": 1, "dealer": 0, "targets": [8, 5, 3], "exchanges": []},
        "finished": False,
        "winners": [],
    }


def test_it_takes_the_documented_example(owner):
    response = send(login(owner), "post", URL, EXAMPLE)

    assert response.status_code == 201
    assert response.json()["options"]["point_limit"] == 20
    assert response.json()["options"]["win_tricks"] == 12
    assert Match.objects.get().options["point_limit"] == 20


def test_it_seats_the_first_dealer(owner):
    response = send(login(owner), "post", URL, body(first_dealer=2))

    assert response.status_code == 201
    assert response.json()["next_hand"]["dealer"] == 2
    assert response.json()["next_hand"]["targets"] == [5, 3, 8]


def test_it_audits_the_creation(owner):
    send(login(owner), "post", URL, body())

    entry = AuditEntry.objects.get()
    assert (entry.action, entry.by, entry.by_name) == ("create", owner, "ann")


def test_it_accepts_a_bearer_token(owner):
    response = send(Client(), "post", URL, body(), headers=bearer(key_for(owner)))

    assert response.status_code == 201
    assert Match.objects.get().owner == owner


def test_it_lets_staff_create(organiser):
    response = send(login(organiser), "post", URL, body())

    assert response.status_code == 201
    assert Match.objects.get().owner == organiser


def test_it_refuses_anonymous(client, db):
    response = send(client, "post", URL, body())

    assert_error(response, 401, "not_authenticated")
    assert response["WWW-Authenticate"] == "Bearer"
    assert not Match.objects.exists()


def test_it_refuses_an_unknown_token(client, owner):
    response = send(client, "post", URL, body(), headers=bearer("sk_not-a-key"))

    assert_error(response, 401, "not_authenticated")
    assert not Match.objects.exists()


def test_it_refuses_a_share_token(client, make_match):
    match = make_match()
    before = writes()

    response = send(client, "post", URL + f"?share={match.share_token}", body())
    assert_error(response, 401, "not_authenticated")
    response = send(client, "post", URL, body(), headers=bearer(match.share_token))
    assert_error(response, 401, "not_authenticated")
    assert writes() == before


def test_it_refuses_a_session_without_csrf_token(owner):
    response = send(login(owner, enforce_csrf_checks=True), "post", URL, body())

    assert_error(response, 403, "forbidden")
    assert "CSRF" in response.json()["message"]
    assert not Match.objects.exists()


def test_it_accepts_a_session_with_csrf_token(owner):
    client = login(owner, enforce_csrf_checks=True)
    secret = "a" * 32
    client.cookies["csrftoken"] = secret

    response = send(client, "post", URL, body(), headers={"X-CSRFToken": secret})

    assert response.status_code == 201


def test_it_needs_no_csrf_token_with_a_bearer_token(owner):
    client = Client(enforce_csrf_checks=True)

    response = send(client, "post", URL, body(), headers=bearer(key_for(owner)))

    assert response.status_code == 201


def test_it_refuses_put(owner):
    # GET lists the matches (tests/api/test_api_keeping.py); POST creates one.
    response = send(login(owner), "put", URL, body())

    assert_error(response, 405, "method_not_allowed")
    assert response["Allow"] == "GET, POST"


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"players": ["Ann", "Ben"]}, "players"),
        ({"players": ["Ann", "Ben", "Cy", "Di"]}, "players"),
        ({"players": ["Ann", "B" * 41, "Cy"]}, "players.1"),
        ({"players": ["Ann", "  ", "Cy"]}, "players.1"),
        ({"players": ["Ann", "ann", "Cy"]}, "players.1"),
        ({"players": "Ann, Ben, Cy"}, "players"),
        ({"players": None}, "players"),
        ({"options": {"colour": "red"}}, "options.colour"),
        ({"options": {"win_tricks": 17}}, "options.win_tricks"),
        ({"options": {"win_tricks": "12"}}, "options.win_tricks"),
        ({"options": [12]}, "options"),
        ({"game": "bridge"}, "game"),
        ({"game": None}, "game"),
        ({"variant": "9-9-9"}, "variant"),
        ({"variant": 853}, "variant"),
        ({"first_dealer": 3}, "first_dealer"),
        ({"first_dealer": "0"}, "first_dealer"),
        ({"first_dealer": None}, "first_dealer"),
        ({"colour": "red"}, "colour"),
        ({"players": ["Ann"]}, "players"),
        ({"players": [f"P{seat}" for seat in range(8)]}, "players"),
        ({"players": ["Ann", 7, "Cy"]}, "players.1"),
        ({"first_dealer": -1}, "first_dealer"),
        ({"first_dealer": True}, "first_dealer"),
        ({"bid": "9"}, "bid"),
        ({"game": ""}, "game"),
    ],
)
def test_it_refuses_bad_input_naming_the_field(owner, changes, field):
    before = writes()

    response = send(login(owner), "post", URL, body(**changes))

    problem = assert_error(response, 422, "invalid")
    assert list(problem["fields"]) == [field]
    assert problem["fields"][field] == [problem["message"]]
    assert writes() == before


def test_it_says_how_long_a_name_may_be(owner):
    response = send(login(owner), "post", URL, body(players=["Ann", "B" * 41, "Cy"]))

    assert response.json()["message"] == "A name can have at most 40 characters."


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"colour": "red"}, "colour", "Unknown field colour."),
        ({"game": None}, "game", "Choose a game."),
        ({"variant": ""}, "variant", "Choose a variant."),
        ({"players": "Ann, Ben, Cy"}, "players", "Enter the players' names."),
        ({"players": ["Ann"]}, "players", "A table seats 2 to 7 players."),
        ({"players": ["Ann", "  ", "Cy"]}, "players.1", "Enter a name for every seat."),
        ({"first_dealer": "0"}, "first_dealer", "Enter a whole number."),
        ({"first_dealer": -1}, "first_dealer", "first_dealer must be at least 0."),
        ({"options": [12]}, "options", "Options must be an object."),
        ({"players": ["Ann", "Ben"]}, "players", "This game needs 3 players, not 2."),  # rules
    ],
)
def test_it_says_what_is_wrong_in_the_house_words(owner, changes, field, message):
    response = send(login(owner), "post", URL, body(**changes))

    assert assert_error(response, 422, "invalid")["fields"] == {field: [message]}


def test_it_says_a_missing_field_is_required(owner):
    data = body()
    del data["first_dealer"]

    response = send(login(owner), "post", URL, data)

    assert response.json()["fields"] == {"first_dealer": ["This field is required."]}


def test_it_measures_a_name_as_sent_and_keeps_it_collapsed(owner):
    # The description's maxLength is what the client sends (JSON Schema cannot measure a
    # name after collapsing its spaces); the name is kept with runs of spaces as one.
    name = "B" * 20 + "   " + "C" * 17

    response = send(login(owner), "post", URL, body(players=["Ann", name, "Cy"]))

    assert response.status_code == 201, response.content
    assert response.json()["players"][1] == "B" * 20 + " " + "C" * 17
    longer = send(login(owner), "post", URL, body(players=["Ann", name + " ", "Cy"]))
    assert assert_error(longer, 422, "invalid")["fields"] == {
        "players.1": ["A name can have at most 40 characters."]
    }


def test_a_reason_is_measured_as_sent(owner, make_match):
    match = make_match([sm_hand((9, 4, 3))])
    before = writes()

    response = send(login(owner), "delete", match_url(match, "/hands/1"), {"reason": " " * 201})

    assert assert_error(response, 422, "invalid")["fields"] == {
        "reason": ["A reason can have at most 200 characters."]
    }
    assert writes() == before


def test_it_says_what_is_unknown(owner):
    response = send(login(owner), "post", URL, body(options={"colour": "red"}))

    assert response.json()["message"] == "Unknown option colour."


@pytest.mark.parametrize(
    "raw", [b"{", b"not json", b"", b"[1, 2]", b'"text"', b"null", b"\xff\xfe", b"[" * 100_000]
)
def test_it_refuses_a_body_that_is_not_a_json_object(owner, raw):
    response = send(login(owner), "post", URL, raw=raw)

    assert_error(response, 400, "bad_request")
    assert "fields" not in response.json()
    assert not Match.objects.exists()


def test_it_refuses_a_body_too_large_to_read(owner, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000

    response = send(login(owner), "post", URL, body(players=["Ann", "Ben", "C" * 2000]))

    assert_error(response, 400, "bad_request")
    assert not Match.objects.exists()


def test_it_answers_in_the_language_asked_for(owner):
    response = send(
        login(owner), "post", URL, body(players=["Ann", "Ben"]), headers={"Accept-Language": "de"}
    )

    problem = assert_error(response, 422, "invalid")
    assert problem["message"] == "Dieses Kartenspiel braucht 3 Spieler, nicht 2."
    assert problem["fields"] == {"players": [problem["message"]]}
