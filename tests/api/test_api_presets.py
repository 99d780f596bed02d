"""The API is generic over games and presets: each preset of GET /api/games plays
through the same endpoints, and a preset's own facts (a bid, the calls left) show up in
the state without the API knowing about them."""

import pytest
from django.test import Client

from matches import rules
from tests.api_support import assert_error, bearer, create_match, key_for, send, writes

NAMES = ["Ann", "Ben", "Cy", "Di", "Ed", "Flo", "Gus"]


def every_preset():
    return [(game, variant) for game, ruleset in rules.GAMES.items() for variant in ruleset.presets]


def create(client, headers, variant, game="sergeant-major", **extra):
    seats = rules.get_ruleset(game, variant).seats
    return create_match(client, headers, game, variant, NAMES[:seats], **extra)


@pytest.mark.parametrize(("game", "variant"), every_preset())
def test_it_creates_and_shows_a_match_of_every_preset(owner, game, variant):
    client, auth = Client(), bearer(key_for(owner))
    described = next(
        preset
        for entry in client.get("/api/games").json()
        if entry["slug"] == game
        for preset in entry["presets"]
        if preset["slug"] == variant
    )

    created = create(client, auth, variant, game)

    assert created.status_code == 201, created.content
    state = created.json()
    assert (state["game"], state["variant"]) == (game, variant)
    assert len(state["players"]) == described["players"]
    assert state["options"] == described["options"]
    assert state["next_hand"]["number"] == 1
    assert client.get(f"/api/matches/{state['id']}", headers=auth).json() == state


def test_it_seats_a_woburn_bid(owner):
    response = create(Client(), bearer(key_for(owner)), "woburn", bid=10)

    assert response.status_code == 201
    assert response.json()["next_hand"]["targets"] == [10, 4, 2]
    assert response.json()["next_hand"]["bid"] == 10


def test_it_refuses_a_bid_outside_woburn(owner):
    before = writes()

    response = create(Client(), bearer(key_for(owner)), "8-5-3", bid=10)

    assert list(assert_error(response, 422, "invalid")["fields"]) == ["bid"]
    assert writes() == before


def test_it_shows_the_calls_left_and_refuses_a_repeated_call(owner):
    client, auth = Client(), bearer(key_for(owner))
    state = create(client, auth, "alternate").json()
    url = f"/api/matches/{state['id']}/hands"
    assert state["next_hand"]["calls_left"][0] == [
        "clubs",
        "spades",
        "hearts",
        "diamonds",
        "no-trumps",
        "miz",
    ]

    for number, (tricks, call) in enumerate(
        [([8, 5, 3], "miz"), ([3, 8, 5], "clubs"), ([5, 3, 8], "clubs")], start=1
    ):
        response = send(
            client, "post", url, {"number": number, "tricks": tricks, "call": call}, headers=auth
        )
        assert response.status_code == 201, response.content
    assert "miz" not in response.json()["next_hand"]["calls_left"][0]
    before = writes()

    response = send(
        client, "post", url, {"number": 4, "tricks": [8, 5, 3], "call": "miz"}, headers=auth
    )

    assert list(assert_error(response, 422, "invalid")["fields"]) == ["call"]
    assert writes() == before


def test_it_plays_four_players(owner):
    client, auth = Client(), bearer(key_for(owner))
    state = create(client, auth, "four-player").json()
    assert state["next_hand"]["targets"] == [5, 4, 2, 2]

    response = send(
        client,
        "post",
        f"/api/matches/{state['id']}/hands",
        {"number": 1, "tricks": [7, 2, 2, 2], "trump": "spades"},
        headers=auth,
    )

    assert response.status_code == 201, response.content
    state = response.json()
    assert state["hands"][0]["scores"] == [2, -2, 0, 0]
    assert state["next_hand"]["exchanges"]
    for exchange in state["next_hand"]["exchanges"]:
        assert set(exchange) == {"from", "to", "cards"}
