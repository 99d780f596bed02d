"""A game's look ships in its folder (issue 34, item 6): its style sheets in its app's
``static/games/<slug>/``, linked by the pages of its matches after the shared
``css/app.css``; the shared sheets and partials name no game."""

import re
from pathlib import Path

import pytest

from matches.games import registry as games
from tests.factories import game_match

ROOT = Path(__file__).resolve().parents[2]
SHARED = [
    ROOT / "static" / "css" / "app.css",
    ROOT / "static" / "css" / "print.css",
    ROOT / "templates" / "partials" / "stepper.html",
]


def _links(page: str) -> list[str]:
    return re.findall(r'<link rel="stylesheet" href="/static/(games/[^"]+)">', page)


def test_sergeant_major_brings_its_style():
    game = games.get("sergeant-major")
    assert game.styles == ["games/sergeant-major/game.css"]
    sheet = (game.folder / "static" / game.styles[0]).read_text()
    assert ".suit-button" in sheet and ".calls" in sheet


@pytest.mark.parametrize("shared", SHARED, ids=lambda path: path.name)
def test_the_shared_style_and_stepper_name_no_game(shared):
    text = shared.read_text()
    for own in (".suit-button", ".suits", ".calls", "miz", "trumps"):
        assert own not in text, f"{shared.name} names {own}"


@pytest.mark.django_db
@pytest.mark.parametrize("htmx", [False, True])
def test_a_match_page_links_its_games_style_only(client, owner, htmx):
    client.force_login(owner)
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    sergeant = game_match(owner, "sergeant-major", "8-5-3", ["Ann", "Ben", "Cy"])
    sieben = game_match(owner, "sieben", "two-player", ["Ann", "Ben"])
    page = client.get(sergeant.get_absolute_url(), **headers).content.decode()
    other = client.get(sieben.get_absolute_url(), **headers).content.decode()
    if htmx:  # a partial has no head: the page it lands in linked the style
        assert _links(page) == [] and _links(other) == []
    else:
        assert _links(page) == ["games/sergeant-major/game.css"]
        assert _links(other) == []
    assert client.get("/static/games/sergeant-major/game.css").status_code == 200


@pytest.mark.django_db
def test_a_home_page_links_no_games_style(client, owner):
    client.force_login(owner)
    assert _links(client.get("/").content.decode()) == []
