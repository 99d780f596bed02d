"""GET /api/games: what a client needs to offer a game and build its forms."""

from matches import rules
from matches.games import registry as plugins
from tests.api_support import assert_error, login, send


def test_it_lists_every_game_with_its_presets(client, db):
    response = client.get("/api/games")

    assert response.status_code == 200
    games = response.json()
    assert [game["slug"] for game in games] == list(plugins.GAMES)
    assert set(plugins.GAMES) == set(rules.GAMES)
    for game in games:
        assert game["name"]
        assert [preset["slug"] for preset in game["presets"]] == list(
            rules.GAMES[game["slug"]].presets
        )


def test_it_describes_sergeant_major_8_5_3(client, db):
    games = {game["slug"]: game for game in client.get("/api/games").json()}

    assert games["sergeant-major"]["name"] == "Sergeant Major"
    preset = games["sergeant-major"]["presets"][0]
    assert preset["slug"] == "8-5-3"
    assert preset["name"] == "Sergeant Major"
    assert preset["players"] == 3
    assert preset["options"] == {
        "win_tricks": 12,
        "point_limit": None,
        "point_band": None,
        "hands_limit": None,
        "kitty_first": False,
        "sitter": False,  # an addition to matches/api/API.md (docs/tournaments.md §2)
    }
    assert set(preset["hand_fields"]) == {"tricks", "trump", "last_trick"}


def test_it_needs_no_login(client, db):
    # Scoreboards and scripts find out the games before anyone has a token.
    assert client.get("/api/games").status_code == 200


def test_it_translates_names(client, db):
    response = client.get("/api/games", headers={"Accept-Language": "de"})

    assert response.status_code == 200
    assert response.json()[0]["presets"][0]["slug"] == "8-5-3"


def test_it_refuses_post(owner):
    response = send(login(owner), "post", "/api/games", {})

    assert_error(response, 405, "method_not_allowed")
    assert response["Allow"] == "GET"
