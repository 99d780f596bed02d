"""Numbers past 64 bits (issue 31, item 6): ``options: {"point_limit": 2**64}`` wrote the
match, its seats and its audit entry and answered 500, and every later read of it (the
API, the archive, ``offline.json``, a tournament's tables) was a 500. Every whole-number
option now has a maximum (``rules.base.OPTION_MAX``), refused by the rules' option check
on the pages and in the API alike, naming it; nothing is written."""

import pytest

from matches.models import Tournament, TournamentAudit
from matches.rules.base import OPTION_MAX
from tests.api_support import assert_error, bearer, key_for, send, writes
from tests.factories import HTMX, sm_hand

SM = {"game": "sergeant-major", "variant": "8-5-3-points", "players": ["Ann", "Ben", "Cy"]}
SHEEP = {"game": "sheepshead", "variant": "standard", "players": ["A", "B", "C", "D", "E"]}
SIEBEN = {"game": "sieben", "variant": "two-player", "players": ["Ann", "Ben"]}
HUGE = [2**64, 2**63, 10**100, 1e308, OPTION_MAX + 1]


def tournament_writes():
    return Tournament.objects.count(), TournamentAudit.objects.count()


@pytest.mark.parametrize("value", HUGE, ids=repr)
@pytest.mark.parametrize(
    ("body", "option"),
    [
        (SM, "point_limit"),
        (SM, "hands_limit"),
        (SM, "point_band"),
        (SM, "win_tricks"),
        (SHEEP, "hands_limit"),
        (SIEBEN, "point_limit"),
        (SIEBEN, "hands_limit"),
    ],
    ids=lambda value: value if isinstance(value, str) else value["game"],
)
def test_an_option_past_its_maximum_is_refused_and_nothing_written(
    client, owner, body, option, value
):
    before = writes()

    response = send(
        client,
        "post",
        "/api/matches",
        {**body, "first_dealer": 0, "options": {option: value}},
        headers=bearer(key_for(owner)),
    )

    answer = assert_error(response, 422, "invalid")
    assert answer["fields"] == {f"options.{option}": [f"{option} must be at most 10000."]}
    assert writes() == before


def test_the_maximum_itself_is_taken_and_read_back(client, owner):
    key = bearer(key_for(owner))
    body = {**SM, "first_dealer": 0, "options": {"point_limit": OPTION_MAX}}

    made = send(client, "post", "/api/matches", body, headers=key)

    assert made.status_code == 201, made.content
    read = send(client, "get", f"/api/matches/{made.json()['id']}", headers=key)
    assert read.status_code == 200 and read.json()["options"]["point_limit"] == OPTION_MAX


def test_the_refusal_in_german(client, owner):
    body = {**SM, "first_dealer": 0, "options": {"point_limit": 2**64}}

    response = send(
        client,
        "post",
        "/api/matches",
        body,
        headers={**bearer(key_for(owner)), "Accept-Language": "de"},
    )

    assert "darf höchstens 10000 sein" in assert_error(response, 422, "invalid")["message"]


def test_the_description_declares_the_maximum(client):
    paths = client.get("/api/openapi.json").json()["paths"]
    branches = [
        branch
        for path in ("/api/matches", "/api/tournaments")
        for branch in paths[path]["post"]["requestBody"]["content"]["application/json"]["schema"][
            "oneOf"
        ]
    ]
    options = [
        prop
        for branch in branches
        for choice in branch["properties"]["options"]["anyOf"]
        if choice.get("type") == "object"
        for prop in choice["properties"].values()
    ]
    integers = [
        choice
        for prop in options
        for choice in prop.get("anyOf", [prop])
        if choice.get("type") == "integer"
    ]
    assert integers and all(choice["maximum"] == OPTION_MAX for choice in integers)


@pytest.mark.parametrize("value", HUGE, ids=repr)
def test_a_tournament_s_option_past_its_maximum(client, organiser, value):
    before = tournament_writes()
    body = {
        "name": "Cup",
        "date": "2026-12-01",
        "game": "sergeant-major",
        "variant": "8-5-3-points",
        "rounds": 2,
        "hands_per_round": 3,
        "options": {"point_limit": value},
    }

    response = send(client, "post", "/api/tournaments", body, headers=bearer(key_for(organiser)))

    answer = assert_error(response, 422, "invalid")
    assert list(answer["fields"]) == ["options.point_limit"]
    if isinstance(value, int):
        assert answer["message"] == "point_limit must be at most 10000."
    assert tournament_writes() == before


# -- the pages ------------------------------------------------------------------------------


@pytest.mark.parametrize("value", [str(2**64), "1" * 5000, "10001"])
@pytest.mark.parametrize("headers", [HTMX, {}], ids=["htmx", "plain"])
def test_the_new_match_page_refuses_it_and_writes_nothing(client_of, owner, value, headers):
    before = writes()
    data = {
        "game": "sergeant-major",
        "variant": "8-5-3-points",
        "first_dealer": "0",
        "options_shown": "1",
        "player_0": "Ann",
        "player_1": "Ben",
        "player_2": "Cy",
        "point_limit": value,
    }

    response = client_of(owner).post(
        "/matches/new/?preset=sergeant-major/8-5-3-points", data, **headers
    )

    assert response.status_code == 422
    page = response.content.decode()
    assert "10000" in page or "whole number" in page
    assert writes() == before


@pytest.mark.parametrize("value", [str(2**64), "10001"])
def test_the_new_tournament_page_refuses_it_and_writes_nothing(boss, value):
    before = tournament_writes()

    response = boss.post(
        "/tournaments/new/",
        {
            "name": "Points night",
            "date": "2026-12-01",
            "preset": "sergeant-major/8-5-3-points",
            "rounds": 2,
            "hands_per_round": 9,
            "remainder": "byes",
            "options_shown": "1",
            "option_point_limit": value,
        },
    )

    assert response.status_code == 422
    assert "10000" in response.content.decode()
    assert tournament_writes() == before


def test_the_pages_tell_the_browser(client_of, owner):
    page = client_of(owner).get("/matches/new/?preset=sergeant-major/8-5-3-points")
    assert 'name="point_limit"' in page.content.decode()
    assert f'max="{OPTION_MAX}"' in page.content.decode()


# -- a hand's number and version ------------------------------------------------------------


@pytest.mark.parametrize("value", [2**31, 2**64, 1e308], ids=repr)
@pytest.mark.parametrize(
    ("method", "tail", "body", "field"),
    [
        ("post", "/hands", {}, "number"),
        ("put", "/hands/1", {"version": 1}, "number"),
        ("put", "/hands/1", {}, "version"),
    ],
    ids=["record", "correct-number", "correct-version"],
)
def test_a_hand_number_or_version_past_any_hand_s(
    client, owner, make_match, value, method, tail, body, field
):
    match = make_match([sm_hand([9, 4, 3])])
    before = writes()
    sent = {"version": 1, **body, **sm_hand([8, 5, 3]), field: value}
    if method == "post":
        sent.pop("version")

    response = send(
        client, method, f"/api/matches/{match.pk}{tail}", sent, headers=bearer(key_for(owner))
    )

    answer = assert_error(response, 422, "invalid")
    assert answer["fields"] == {field: [f"{field} must be at most 2147483647."]}
    assert writes() == before
