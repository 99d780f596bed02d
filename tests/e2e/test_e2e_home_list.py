"""Issue 20, items 3 and 5 in Chromium, on a 360 × 740 phone in English and German: the
home list past a screenful with its search (a plain GET form) and the winners, and the
delete confirmation naming the match; neither page scrolls sideways, and the delete
goes through. Screenshots go to ``$SHOTS`` when it is set.

Needs Debian's Chromium (tests/e2e_support.py).
"""

import pytest

from matches.models import Match
from matches.services import keeping
from matches.services import play as services
from tests.e2e_support import FITS, PHONE, browser_context, logged_in, shot

pytestmark = pytest.mark.e2e

LOCALES = {"en": "en-GB", "de": "de-DE"}
NAMES = [
    ("Annemarie", "Ben", "Cy"),
    ("Dora", "Emil", "Fay"),
    ("Gus", "Hal", "Ida"),
    ("Jo", "Kim", "Lu"),
    ("Max", "Nina", "Otto"),
    ("Paula", "Quirin", "Rosa"),
]


def twelve_matches(owner) -> list[Match]:
    """Twelve matches (past a screenful): the Annemarie table's and another finished."""
    made = []
    for index in range(12):
        players = list(NAMES[index % len(NAMES)])
        if index >= len(NAMES):
            players[2] = f"{players[2]} {index}"
        match = services.create_match(
            owner, game="sergeant-major", variant="8-5-3", players=players, first_dealer=0
        ).match
        tricks = {"tricks": [12, 2, 2] if index in (0, 3) else [9, 4, 3], "trump": "hearts"}
        services.record_hand(match, 1, tricks, by=owner)
        made.append(match)
    return made


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_home_list_searches_on_a_phone(live_server, browser, ann, language):
    twelve_matches(ann)
    keeping.set_archived(Match.objects.order_by("pk").last(), True, by=ann)
    with browser_context(browser, PHONE, locale=LOCALES[language]) as (page, expect):
        logged_in(page.context, live_server.url, ann)
        page.goto(f"{live_server.url}/")
        expect(page.locator("form[role=search]")).to_be_visible()
        assert page.evaluate(FITS)
        page.fill("#id_q", "anne")
        page.locator("form[role=search] button[type=submit]").click()
        # Two Annemarie tables: the one in progress first, then the one she won.
        expect(page.locator(".matches li")).to_have_count(2)
        winner = "Winner: Annemarie" if language == "en" else "Sieger: Annemarie"
        expect(page.locator(".matches li").last).to_contain_text(winner)
        expect(page.locator(".matches li").first).not_to_contain_text(winner)
        assert "q=anne" in page.url
        assert page.evaluate(FITS)
        shot(page, f"home-search-{language}")
        page.goto(f"{live_server.url}/")
        page.select_option("#id_game", "sergeant-major")
        page.locator("form[role=search] button[type=submit]").click()
        expect(page.locator(".matches li")).to_have_count(11)
        shot(page, f"home-list-{language}", full_page=True)


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_delete_confirmation_names_the_match_on_a_phone(live_server, browser, ann, language):
    match = twelve_matches(ann)[0]
    with browser_context(browser, PHONE, locale=LOCALES[language]) as (page, expect):
        logged_in(page.context, live_server.url, ann)
        page.goto(f"{live_server.url}{match.get_absolute_url()}")
        page.locator(f"a[href='/matches/{match.pk}/delete/']").click()
        card = page.locator("#delete")
        expect(card).to_contain_text("Sergeant Major: Annemarie · Ben · Cy")
        assert page.evaluate(FITS)
        shot(page, f"delete-{language}")
        page.locator("#delete button[type=submit]").click()
        expect(page.locator(".messages, #messages, [role=status]").first).to_be_visible()
        assert not Match.objects.filter(pk=match.pk).exists()
