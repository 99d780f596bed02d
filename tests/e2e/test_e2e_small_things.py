"""Issue 20, item 8 in Chromium, on a 360 × 740 phone in English and German: the first
dealer's choices take the names as they are typed; the alternate game's used calls are
marked and German spells no trumps out, and neither page scrolls sideways. Screenshots go
to ``$SHOTS`` when it is set.

Needs Debian's Chromium (tests/e2e_support.py).
"""

import pytest

from matches.services import play as services
from tests.e2e_support import FITS, PHONE, browser_context, logged_in, shot

pytestmark = pytest.mark.e2e

LOCALES = {"en": "en-GB", "de": "de-DE"}


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_first_dealer_is_chosen_by_name(live_server, browser, ann, language):
    with browser_context(browser, PHONE, locale=LOCALES[language]) as (page, expect):
        logged_in(page.context, live_server.url, ann)
        page.goto(f"{live_server.url}/matches/new/?preset=sergeant-major/8-5-3")
        names = page.locator("[data-name-of]")
        expect(names).to_have_count(4)  # three seats and the sitter's
        page.fill("#id_player_0", "Annemarie")
        page.fill("#id_player_1", "  Ben  ")
        expect(names.nth(0)).to_have_text("Annemarie")
        expect(names.nth(1)).to_have_text("Ben")
        expect(names.nth(2)).to_have_text("")
        seat = "Seat 1" if language == "en" else "Platz 1"
        expect(page.locator("label.choice").filter(has_text="Annemarie")).to_contain_text(seat)
        page.locator("label.choice").filter(has_text="Annemarie").click()
        page.fill("#id_player_2", "Cyrill")
        expect(names.nth(2)).to_have_text("Cyrill")
        assert page.evaluate(FITS)
        page.locator("fieldset.choices").scroll_into_view_if_needed()
        shot(page, f"new-match-{language}")
        page.locator("#new-match button[type=submit]").click()
        expect(page.locator(".seat.dealing .name")).to_have_text("Annemarie")


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_woburn_form_draws_only_without_a_bid(live_server, browser, ann, language):
    with browser_context(browser, PHONE, locale=LOCALES[language]) as (page, expect):
        logged_in(page.context, live_server.url, ann)
        page.goto(f"{live_server.url}/matches/new/?preset=sergeant-major/woburn")
        draw = page.locator("label.choice").filter(has=page.locator("input[value=draw]"))
        expect(draw).to_be_visible()  # no bid yet: a normal first deal
        expect(draw.locator("input")).to_be_checked()
        page.select_option("select[name=bid]", "11")
        expect(draw).to_be_hidden()  # the highest bidder deals
        expect(draw.locator("input")).not_to_be_checked()
        for seat, name in enumerate(("Annemarie", "Ben", "Cyrill")):
            page.fill(f"#id_player_{seat}", name)
        assert page.evaluate(FITS)
        page.locator("fieldset.choices").scroll_into_view_if_needed()
        shot(page, f"new-match-woburn-{language}")
        page.select_option("select[name=bid]", "")
        expect(draw).to_be_visible()


@pytest.mark.parametrize("language", ["en", "de"])
def test_used_calls_are_marked_and_fit_a_phone(live_server, browser, ann, language):
    match = services.create_match(
        ann,
        game="sergeant-major",
        variant="alternate",
        players=["Annemarie", "Ben", "Cy"],
        first_dealer=0,
    ).match
    services.record_hand(match, 1, {"tricks": [8, 5, 3], "call": "no-trumps"}, by=ann)
    services.record_hand(match, 2, {"tricks": [3, 8, 5], "call": "clubs"}, by=ann)
    with browser_context(browser, PHONE, locale=LOCALES[language]) as (page, expect):
        logged_in(page.context, live_server.url, ann)
        page.goto(f"{live_server.url}/matches/{match.pk}/")
        used = page.locator("table.calls td.made .used")
        expect(used).to_have_count(2)
        expect(used.first).to_be_visible()
        grey = page.evaluate(
            "() => getComputedStyle(document.querySelector('.calls td.made')).backgroundColor"
        )
        assert grey not in ("", "rgba(0, 0, 0, 0)")
        sign = "document.querySelector('.calls td.made .sign')"
        decoration = page.evaluate(f"() => getComputedStyle({sign}).textDecorationLine")
        assert decoration == "none"
        if language == "de":
            expect(page.locator("table.calls")).to_contain_text("Ohne Trumpf")
            expect(page.locator("table.calls")).not_to_contain_text("NT")
        page.locator("table.calls").scroll_into_view_if_needed()
        shot(page, f"calls-{language}")
        assert page.evaluate(FITS)


def test_the_api_docs_page_links_its_contract(live_server, browser, ann):
    with browser_context(browser, {"width": 1280, "height": 800}) as (page, expect):
        page.goto(f"{live_server.url}/api/docs")
        link = page.locator('.info a[href="/api/contract"]')
        expect(link).to_have_text("API.md")
        with page.expect_navigation():
            link.click()
        expect(page.locator("body")).to_contain_text("/api/matches")
