"""End to end: a table of four plays Skat in headless Chromium on a 360 px phone.

The match is made on the new-match page; a plain suit game is six taps (declarer, game,
with, how many, won, record) with its value and list entry in the preview before
saving; a passed-in deal is two; a null game hides what a null has not. The expected
figures are skat/rules.md §4.2-§4.4 worked by hand: clubs with 2 is (2 + 1) × 12 = 36,
the declarer +36 on the list and 36 + 50 = +86.

Needs Debian's Chromium, as tests/e2e/test_e2e_browser.py does (see tests/e2e_support.py).
"""

import re

import pytest

from tests.e2e.steps import start_match
from tests.e2e_support import browser_page, create_organiser

pytestmark = pytest.mark.e2e

FOUR = ("Ann", "Ben", "Cy", "Dan")
VARIANT = "Skat, table of four (the dealer sits out)"


def test_a_skat_table_of_four_on_a_phone(live_server):
    with browser_page() as (page, expect):
        page.set_viewport_size({"width": 360, "height": 740})
        create_organiser(page, expect, live_server.url)
        page.locator("a.new").click()
        choice = page.locator("#variants").get_by_label(VARIANT, exact=True)
        choice.check()
        expect(page.locator("#rules-title")).to_have_text(f"{VARIANT}: the rules in short")
        start_match(page, expect, FOUR)

        exchange = page.locator("#exchange")
        expect(exchange).to_contain_text("Game 1 of 48")
        expect(exchange).to_contain_text("Ann deals and sits out this game.")
        expect(exchange).to_contain_text("Ben is Vorhand and leads; Cy Mittelhand; Dan Hinterhand.")
        form = page.locator("form#record")
        expect(form.locator("h2")).to_have_text("Record game 1 of 48")
        # The dealer sits out: not among the declarers.
        declarers = form.locator(".skat-declarer label.seat-button")
        expect(declarers).to_have_count(4)
        expect(declarers.first).to_contain_text("Ben")

        # Six taps: Cy, clubs, with, 2, won, record.
        preview = form.locator("#preview")
        declarers.filter(has_text="Cy").click()
        form.locator("label.game-clubs").click()
        form.locator(".skat-with label", has_text=re.compile("^with$")).click()
        form.locator(".skat-n label[data-n='2']").click()
        form.locator(".skat-result label", has_text="Won").click()
        expect(preview).to_contain_text("♣ Clubs with 2, game 3 — 36, won. List +36; Cy +86.")
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        form.get_by_role("button", name="Record the game").click()

        listing = page.locator(".skat-list tbody tr")
        expect(listing.nth(2)).to_contain_text("+36")
        expect(listing.nth(2).locator(".score")).to_have_text("+86")
        expect(page.locator("#exchange")).to_contain_text("Ben deals and sits out this game.")

        # Passed in: two taps, and the rest of the form has nothing to say.
        form = page.locator("form#record")
        expect(form.locator("h2")).to_have_text("Record game 2 of 48")
        form.locator(".skat-declarer label", has_text="Passed in").click()
        expect(form.locator("[data-declared]")).to_be_hidden()
        expect(form.locator("#preview")).to_contain_text("Passed in")
        form.get_by_role("button", name="Record the game").click()
        expect(page.locator("form#record h2")).to_have_text("Record game 3 of 48")

        # A null game has no matadors, schneider or card points; a grand at most 4.
        form = page.locator("form#record")
        form.locator(".skat-declarer label", has_text="Dan").click()
        form.locator("label.game-null").click()
        expect(form.locator(".skat-matadors")).to_be_hidden()
        expect(form.locator("input[name=points]")).to_be_hidden()
        form.locator("label.game-grand").click()
        expect(form.locator(".skat-matadors")).to_be_visible()
        expect(form.locator(".skat-n label[data-n='5']")).to_be_hidden()
        expect(form.locator(".skat-n label[data-n='4']")).to_be_visible()
