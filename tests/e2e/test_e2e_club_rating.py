"""End to end: a player's page and a game's club rating list, on a 360-pixel phone and a
1280-pixel laptop, in English and German: the figures, the rating with its chart (an
SVG, no script), "not yet rated" before five matches, the list ranked by rating, nothing
that scrolls sideways, and the list printed on A4. Screenshots go to ``$SHOTS``.

Needs Debian's Chromium, as tests/e2e/test_e2e_browser.py does (see tests/e2e_support.py).
"""

import pytest
from django.contrib.auth import get_user_model

from matches.models import Player
from tests.e2e_support import FITS, PHONE, browser_context, logged_in, shot
from tests.ratings.support import FIRST_SECOND_THIRD, TIE_FOR_FIRST, one_hand, registered

pytestmark = pytest.mark.e2e

LAPTOP = {"width": 1280, "height": 800}
LONG = "Bartholomäus Weißenberger-Oberhollenzer"
WORDS = {
    "en-GB": {
        "rating": "Rating",
        "average": "Average place",
        "unrated": "not yet rated: 3 of 5 matches",
        "met": "Met most",
        "list": "Club ratings",
    },
    "de-DE": {
        "rating": "Wertung",
        "average": "Durchschnittlicher Platz",
        "unrated": "noch nicht bewertet: 3 von 5 Partien",
        "met": "Am häufigsten getroffen",
        "list": "Vereinswertung",
    },
}


@pytest.fixture
def club(transactional_db):
    """Seven matches: Ann, Ben and the long name rated (seven matches each), Dan three."""
    boss = get_user_model().objects.create_user("otto", is_staff=True)
    registered(boss, "Ann", "Ben", LONG, "Dan")
    for n in range(7):
        tricks = FIRST_SECOND_THIRD if n % 3 else TIE_FOR_FIRST
        one_hand(boss, ["Ann", LONG, "Ben"] if n % 2 else [LONG, "Ann", "Ben"], tricks)
    for _ in range(3):
        one_hand(boss, ["Dan", "Ann", "Ben"], FIRST_SECOND_THIRD)
    return boss, {p.name: p.pk for p in Player.objects.all()}


@pytest.mark.parametrize("locale", ["en-GB", "de-DE"])
@pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["360", "1280"])
def test_the_player_page_and_the_rating_list(live_server, browser, club, locale, viewport):
    boss, ids = club
    words = WORDS[locale]
    base = live_server.url
    name = f"{locale}-{viewport['width']}"
    with browser_context(browser, viewport, locale=locale) as (page, expect):
        logged_in(page.context, base, boss)

        page.goto(f"{base}/players/{ids['Ann']}/")
        record = page.locator("#game-sergeant-major")
        expect(record).to_contain_text(words["average"])
        expect(record.locator(".rating-figure")).to_be_visible()
        expect(record.locator(".rating-chart svg polyline.mu")).to_be_visible()
        expect(record.locator("ol.form li")).to_have_count(10)
        expect(record).to_contain_text(words["met"])
        expect(record.locator("table.opponents")).to_contain_text(LONG)
        assert page.evaluate(FITS), "the player page scrolls sideways"
        shot(page, f"player-{name}", full_page=True)

        page.goto(f"{base}/players/{ids['Dan']}/")
        expect(page.locator("#game-sergeant-major .rating")).to_have_text(words["unrated"])
        expect(page.locator(".rating-chart")).to_have_count(0)

        page.goto(f"{base}/ratings/sergeant-major/")
        expect(page.locator(".sheet-kicker")).to_have_text(words["list"])
        expect(page.locator(".sheet h1")).to_have_text("Sergeant Major")
        names = page.locator(".rating-sheet td.name")
        expect(names).to_have_count(3)
        assert "Dan" not in names.all_inner_texts()
        assert page.evaluate(FITS), "the rating list scrolls sideways"
        shot(page, f"ratings-{name}", full_page=True)

        if viewport is LAPTOP:
            # Printed: the sheet alone on A4, without the page's tools.
            page.emulate_media(media="print")
            expect(page.locator(".sheet-tools")).to_be_hidden()
            expect(page.locator(".rating-options")).to_be_hidden()
            assert page.pdf(format="A4").startswith(b"%PDF")
            shot(page, f"ratings-print-{name}")


OWN_LINK = {
    "en-GB": "matches and rating across the club's evenings",
    "de-DE": "Partien und Wertung über die Abende des Vereins",
}


@pytest.mark.parametrize("locale", ["en-GB", "de-DE"])
def test_the_player_opens_their_own_page_from_their_link(live_server, browser, club, locale):
    """On the player's phone, from their player link: their own figures and rating, the
    opponents as names only, nothing sideways."""
    boss, _ids = club
    from matches.models import Entry
    from tests.tournaments.evenings import club as night

    tournament = night(boss, names=["Ann", "Ben", LONG, "Dan", "Eve", "Fay"])
    entry = Entry.objects.get(tournament=tournament, player__name=LONG)
    words = WORDS[locale]
    with browser_context(browser, PHONE, locale=locale) as (page, expect):
        page.goto(f"{live_server.url}/p/{entry.token}/")
        page.get_by_role("link", name=f"{LONG}: {OWN_LINK[locale]}").click()
        record = page.locator("#game-sergeant-major")
        expect(record).to_contain_text(words["average"])
        expect(record.locator(".rating-chart svg polyline.mu")).to_be_visible()
        expect(record.locator("table.opponents a")).to_have_count(0)
        assert page.evaluate(FITS), "the player's own page scrolls sideways"
        shot(page, f"own-player-page-{locale}-360", full_page=True)
