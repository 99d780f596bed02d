"""End to end: an organiser keeps the register of players on a 360-pixel phone.

From an empty site: create the first organiser, add three players (one with "Add, then
add another"), find them by searching as they type (htmx swaps the results in), merge a
duplicate entry into the real player, and deactivate one. No page may scroll sideways.

Needs Debian's Chromium, as tests/e2e/test_e2e_browser.py does (see tests/e2e_support.py).
"""

import re

import pytest

from tests.e2e_support import PHONE, browser_page, create_organiser

pytestmark = pytest.mark.e2e


def test_an_organiser_keeps_the_register_on_a_phone(live_server):
    with browser_page(viewport=PHONE) as (page, expect):
        base = live_server.url
        create_organiser(page, expect, base)

        # The nav leads organisers to the register, empty at first.
        page.get_by_role("link", name="Players", exact=True).first.click()
        expect(page).to_have_url(base + "/players/")
        expect(page.locator("#results")).to_contain_text("The register is empty.")
        _no_sideways_scroll(page)

        # Add Ann, then Annie (a second entry of the same person) and Ben.
        page.locator("#results").get_by_role("link", name="Add a player").click()
        expect(page).to_have_url(base + "/players/new/")
        _no_sideways_scroll(page)
        page.get_by_label("Name").fill("Ann")
        page.get_by_label("E-mail address (optional)").fill("ann@example.org")
        page.get_by_role("button", name="Add, then add another").click()
        expect(page.locator(".messages")).to_contain_text("Ann was added to the register.")
        expect(page).to_have_url(base + "/players/new/")
        page.get_by_label("Name").fill("annie ")
        page.get_by_label("Membership number (optional)").fill("17")
        page.get_by_role("button", name="Add, then add another").click()
        expect(page.locator(".messages")).to_contain_text("annie was added to the register.")
        # A name the register has, ignoring case, is refused next to the field.
        page.get_by_label("Name").fill("ANN")
        page.get_by_role("button", name="Add the player").click()
        expect(page.locator("#player-form .error")).to_have_text(
            "There is already a player called Ann."
        )
        page.get_by_label("Name").fill("Ben")
        page.get_by_role("button", name="Add the player").click()
        expect(page.locator("h1")).to_contain_text("Ben")
        _no_sideways_scroll(page)

        # Search as you type: the results follow the field, the address keeps the query.
        page.goto(base + "/players/")
        results = page.locator("#results .players .name")
        expect(results).to_have_text(["Ann", "annie", "Ben"])
        page.get_by_label("Search by name").press_sequentially("AN", delay=50)
        expect(results).to_have_text(["Ann", "annie"])
        expect(page).to_have_url(re.compile(r"q=AN"))
        page.get_by_label("Search by name").press_sequentially("NI", delay=50)
        expect(results).to_have_text(["annie"])

        # Merge annie into Ann: pick Ann by search, read what moves, confirm.
        results.first.click()
        expect(page.locator("h1")).to_contain_text("annie")
        page.get_by_role("link", name="Merge into another player").click()
        expect(page).to_have_url(re.compile(r"/players/\d+/merge/$"))
        _no_sideways_scroll(page)
        page.get_by_label("The other player's name").press_sequentially("ann", delay=50)
        candidates = page.locator("#candidates .players .name")
        expect(candidates).to_have_text(["Ann"])
        candidates.first.click()
        expect(page.locator("#merge h1")).to_have_text("Merge annie into Ann?")
        expect(page.locator("#merge")).to_contain_text("annie has no results yet")
        _no_sideways_scroll(page)
        page.get_by_role("button", name="Yes, merge annie into Ann").click()
        expect(page.locator(".messages")).to_contain_text("annie was merged into Ann.")
        # Ann keeps her e-mail address and gains the membership number.
        expect(page.locator(".facts")).to_contain_text("ann@example.org")
        expect(page.locator(".facts")).to_contain_text("17")
        expect(page.locator("#history")).to_contain_text("org merged annie into Ann.")
        _no_sideways_scroll(page)

        # Deactivate Ben, after a confirmation.
        page.goto(base + "/players/?q=ben")
        page.locator("#results .players a").first.click()
        page.get_by_role("link", name="Deactivate").click()
        expect(page.locator("#deactivate h1")).to_have_text("Deactivate Ben?")
        page.get_by_role("button", name="Yes, deactivate").click()
        expect(page.locator(".messages")).to_contain_text("Ben is inactive")
        page.goto(base + "/players/")
        expect(results).to_have_text(["Ann"])
        page.locator("label.filter", has_text="All").click()
        expect(results).to_have_text(["Ann", "Ben"])


def _no_sideways_scroll(page):
    # After a click on a link the next page may still be on its way (a busy machine):
    # measured mid-navigation, there is no document to measure.
    page.wait_for_load_state()
    overflow = page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 0, f"{page.url} scrolls sideways by {overflow}px at 360px"
