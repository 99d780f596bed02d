"""Series pages without a season (docs/tournaments.md §6): a series made, refused and filled on
the page, and the API's description of the series bodies. Apart from test_series.py,
whose season is built once for its module: these start from an empty register."""

import pytest

from matches.models import Series, SeriesTournament
from matches.services import series as services
from tests.api_support import login
from tests.factories import HTMX, text

from .evening import night


@pytest.mark.parametrize("htmx", [False, True])
def test_create_a_series_from_the_page(organiser, htmx):
    boss = login(organiser)
    data = {"name": "Spring", "game": "sheepshead", "score": "game_points", "best_k": "3"}
    response = boss.post("/series/", data, **(HTMX if htmx else {}))
    series = Series.objects.get()
    assert (series.name, series.game, series.score, series.best_k) == (
        "Spring",
        "sheepshead",
        "game_points",
        3,
    )
    if htmx:
        assert response.status_code == 200 and response["HX-Redirect"] == f"/series/{series.pk}/"
    else:
        assert response.status_code == 302 and response["Location"] == f"/series/{series.pk}/"


@pytest.mark.parametrize("htmx", [False, True])
def test_a_bad_series_says_why_and_writes_nothing(organiser, htmx):
    boss = login(organiser)
    response = boss.post(
        "/series/", {"name": "\u200b", "game": "sieben", "score": "rank_points"},
        **(HTMX if htmx else {}),
    )  # fmt: skip
    assert response.status_code == 422
    assert "invisible or control character U+200B" in text(response)
    assert ("<html" in response.content.decode()) is not htmx
    refused = boss.post("/series/", {"name": "X", "game": "sieben", "best_k": "0"})
    assert refused.status_code == 422
    assert not Series.objects.exists()


def test_add_and_remove_tournaments_on_the_page(organiser):
    first = night(organiser, name="December")
    series = services.create_series(organiser, name="Winter", game="sergeant-major")
    boss = login(organiser)
    base = f"/series/{series.pk}/"
    assert "December" in text(boss.get(base))  # offered to add
    assert "No finished tournament in this series yet" in text(boss.get(base))
    added = boss.post(base + "tournaments/", {"tournament": first.pk}, follow=True)
    assert "December counts in this series." in text(added)
    page = text(boss.get(base))
    assert "Anna" in page and "Every tournament of this game is in a series already." in page
    # A refusal is a message, nothing written.
    again = boss.post(base + "tournaments/", {"tournament": first.pk}, follow=True)
    assert "belongs to the series Winter already" in text(again)
    assert "Choose a tournament." in text(
        boss.post(base + "tournaments/", {"tournament": "x"}, follow=True)
    )
    assert SeriesTournament.objects.count() == 1
    htmx = boss.post(base + f"tournaments/{first.pk}/remove/", **HTMX)
    assert htmx.status_code == 200 and htmx["HX-Redirect"] == base
    assert not SeriesTournament.objects.exists()


def test_the_description_declares_the_series_bodies(client, db):
    paths = client.get("/api/openapi.json").json()["paths"]
    create = paths["/api/series"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    assert create["additionalProperties"] is False and set(create["required"]) == {"name", "game"}
    props = create["properties"]
    assert props["game"]["enum"] == ["sergeant-major", "sheepshead", "sieben", "skat"]
    assert props["score"]["enum"] == ["rank_points", "game_points"]
    best_k = next(branch for branch in props["best_k"]["anyOf"] if branch["type"] == "integer")
    assert (best_k["minimum"], best_k["maximum"]) == (1, services.BEST_K_MAX)
    assert props["name"]["maxLength"] == 80
    add = paths["/api/series/{series_id}/tournaments"]["post"]
    schema = add["requestBody"]["content"]["application/json"]["schema"]
    assert schema["additionalProperties"] is False and schema["required"] == ["tournament"]
    assert {"200", "401", "403", "404", "415", "422"} <= set(add["responses"])
    export = paths["/api/tournaments/{tournament_id}/export"]["get"]
    assert {"200", "401", "404"} <= set(export["responses"])
