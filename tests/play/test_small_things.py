"""Issue 20, item 8: the small things a family at the table noticed first.

A full-width "＋" (a box without CJK fonts), one game's words on the empty home page,
first dealers by seat number only, a draw offered where the highest bidder deals, the
preview's words without JavaScript, and the API docs page naming its contract without a
link. (The used calls and "NT" in German: tests/play/test_calls_and_symbols.py.)
"""

import re
from pathlib import Path

import pytest

from matches.games import registry as games
from matches.models import Match
from tests.factories import HTMX, sheep, sieben, text

ROOT = Path(__file__).resolve().parents[2]
SHARED_CONTRACT = ROOT.parent / "shared" / "API.md"


def new_form(variant="8-5-3", names=("Ann", "Ben", "Cy"), **extra):
    data = {"game": "sergeant-major", "variant": variant, "first_dealer": "0"}
    data.update({f"player_{seat}": name for seat, name in enumerate(names)})
    data.update(extra)
    return data


def shipped_files():
    """Every template, script and stylesheet the site serves or renders."""
    for folder in (ROOT / "templates", ROOT / "static", ROOT / "matches"):
        for path in folder.rglob("*"):
            if path.suffix in {".html", ".js", ".css", ".txt", ".svg"}:
                yield path


def test_no_full_width_plus_anywhere():
    found = [
        str(path.relative_to(ROOT))
        for path in shipped_files()
        if "\uff0b" in path.read_text(encoding="utf-8", errors="replace")
    ]
    assert found == []


@pytest.mark.django_db
class TestEmptyHome:
    @pytest.mark.parametrize("language", ["en", "de"])
    def test_it_names_every_game_and_no_one_game_s_words(self, client_of, owner, language):
        client = client_of(owner)
        client.cookies["django_language"] = language
        page = text(client.get("/"))
        assert ("Keep score" if language == "en" else "Anschreiben") in page
        from django.utils import translation

        with translation.override(language):
            names = [str(game.name) for game in games.GAMES.values()]
        for name in names:
            assert name in page
        for one_game in ("three players", "tricks each seat", "drei Spieler", "Stiche jeder"):
            assert one_game not in page

    def test_the_button_says_plus_in_ascii(self, client_of, owner):
        page = client_of(owner).get("/").content.decode()
        assert '">+ New match</a>' in page


@pytest.mark.django_db
class TestFirstDealerByName:
    def test_each_seat_s_choice_waits_for_its_name(self, client_of, owner):
        page = client_of(owner).get("/matches/new/?preset=sergeant-major/8-5-3").content.decode()
        for seat in range(3):
            assert f'data-name-of="id_player_{seat}"></span>' in page
        assert "Draw for me" in page

    @pytest.mark.parametrize("headers", [{}, HTMX], ids=["plain", "htmx"])
    def test_a_form_sent_back_shows_the_names_typed(self, client_of, owner, headers):
        # Cy's seat is left empty: the page comes back with the names typed so far.
        data = new_form(names=("Ann", "  Ben  Bo ", ""))
        response = client_of(owner).post("/matches/new/", data, **headers)
        assert response.status_code == 422
        page = response.content.decode()
        assert re.search(
            r'data-name-of="id_player_0">Ann</span>\s*<span class="seat-word">Seat 1', page
        )
        assert 'data-name-of="id_player_1">Ben Bo</span>' in page
        assert 'data-name-of="id_player_2"></span>' in page
        assert not Match.objects.exists()

    def test_a_name_is_shown_escaped(self, client_of, owner):
        data = new_form(names=("<b>Ann</b>", "Ben", ""))
        page = client_of(owner).post("/matches/new/", data).content.decode()
        assert 'data-name-of="id_player_0">&lt;b&gt;Ann&lt;/b&gt;</span>' in page

    def test_an_anonymous_visitor_is_sent_to_log_in(self, client, owner):
        response = client.post("/matches/new/", new_form())
        assert response.status_code == 302
        assert response["Location"].startswith("/accounts/login/")


@pytest.mark.django_db
class TestWoburnDraw:
    # The highest bidder deals the first hand: with a bid there is nothing to draw for.
    def test_the_draw_is_only_for_no_bid(self, client_of, owner):
        response = client_of(owner).get("/matches/new/?preset=sergeant-major/woburn")
        page = response.content.decode()
        assert "First dealer (the highest bidder)" in text(response)
        assert re.search(
            r'<label class="choice" data-hidden-with="bid"><input[^>]*value="draw"[^>]*> '
            r"Draw for me \(no bid\)</label>",
            page,
        )
        assert "Draw for me</label>" not in page

    @pytest.mark.parametrize("headers", [{}, HTMX], ids=["plain", "htmx"])
    def test_a_draw_with_a_bid_is_refused(self, client_of, owner, headers):
        data = new_form("woburn", first_dealer="draw", bid="11")
        response = client_of(owner).post("/matches/new/", data, **headers)
        assert response.status_code == 422
        assert (
            "First dealer (the highest bidder): choose their seat; there is nothing to draw."
            in text(response)
        )
        assert not Match.objects.exists()

    def test_a_draw_without_a_bid_is_a_normal_first_deal(self, client_of, owner):
        data = new_form("woburn", first_dealer="draw", bid="")
        assert client_of(owner).post("/matches/new/", data).status_code == 302
        assert Match.objects.get().setup == {}

    def test_the_bidder_s_seat_is_taken(self, client_of, owner):
        data = new_form("woburn", first_dealer="1", bid="11")
        assert client_of(owner).post("/matches/new/", data).status_code == 302
        assert Match.objects.get().first_dealer == 1

    def test_german(self, client_of, owner):
        client = client_of(owner)
        client.cookies["django_language"] = "de"
        data = new_form("woburn", first_dealer="draw", bid="11")
        said = text(client.post("/matches/new/", data))
        assert "Erster Geber (der Höchstbietende): Wählen Sie dessen Platz" in said
        assert "Auslosen (ohne Gebot)" in said

    def test_other_variants_draw_without_words_about_bids(self, client_of, owner):
        for preset in ("sergeant-major/8-5-3", "sheepshead/standard", "sieben/two-player"):
            page = client_of(owner).get(f"/matches/new/?preset={preset}").content.decode()
            assert "Draw for me</label>" in page and "data-hidden-with" not in page


@pytest.mark.django_db
class TestPreviewWithoutJavaScript:
    # The games whose hand form has a preview: Sheepshead and Sieben.
    def test_the_box_says_to_press_the_button(self, client_of, owner):
        match = sheep(owner)
        page = client_of(owner).get(f"/matches/{match.pk}/").content.decode()
        box = page[
            page.index('id="preview"') : page.index("</noscript>", page.index('id="preview"'))
        ]
        assert "<noscript>" in box
        assert "Press “Preview the scores” below" in box
        # ...and the words for a page with JavaScript go away without it.
        assert 'class="hint js-only"' in box

    def test_in_german_too(self, client_of, owner):
        match = sieben(owner)
        client = client_of(owner)
        client.cookies["django_language"] = "de"
        page = text(client.get(f"/matches/{match.pk}/"))
        assert "Drücken Sie unten „Wertung vorab ansehen“" in page


@pytest.mark.django_db
class TestApiContract:
    def test_the_docs_page_links_its_contract(self, client):
        description = client.get("/api/openapi.json").json()["info"]["description"]
        assert "[API.md](/api/contract)" in description

    def test_the_contract_is_served_as_text(self, client):
        response = client.get("/api/contract")
        assert response.status_code == 200
        assert response["Content-Type"] == "text/plain; charset=utf-8"
        assert "/api/matches" in response.content.decode()

    def test_it_is_read_only(self, client):
        assert client.post("/api/contract").status_code == 405

    @pytest.mark.skipif(not SHARED_CONTRACT.exists(), reason="no shared/ beside the clone")
    def test_the_copy_is_the_team_s_contract(self):
        served = (ROOT / "matches" / "api" / "API.md").read_text()
        assert served == SHARED_CONTRACT.read_text(), (
            "shared/API.md changed: copy it to matches/api/API.md"
        )
