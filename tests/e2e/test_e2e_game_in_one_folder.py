"""End to end: Mini Tricks, the game defined only in tests/play/minigame/, in headless
Chromium: picked in the new-match chooser, its own script runs on its match page (after
the shared js/table.js), and a hand recorded with its form shows in its history.

Needs Debian's Chromium, as tests/e2e/test_e2e_browser.py does (see tests/e2e_support.py).
"""

import re

import pytest

from tests.e2e.steps import start_match
from tests.e2e_support import browser_page, create_organiser

pytestmark = pytest.mark.e2e


def test_mini_tricks_in_the_browser(live_server, mini):
    with browser_page() as (page, expect):
        base = live_server.url
        create_organiser(page, expect, base)
        page.locator("a.new").click()
        page.locator("#variants").get_by_label("Mini Tricks", exact=True).check()
        expect(page.locator(".rules-card li").first).to_contain_text("Six tricks a hand")
        start_match(page, expect, ("Ann", "Ben", "Cy"))

        form = page.locator("form#record")
        expect(form).to_have_attribute("data-mini-ready", "yes")  # its script ran
        for seat, taken in enumerate((3, 2, 1)):
            form.locator(f"input[name=taken_{seat}]").fill(str(taken))
        form.get_by_role("button", name="Record the hand").click()
        expect(page.locator("td.mini-score")).to_have_text(["+1", "0", re.compile("1$")])
        expect(page.locator("form#record h2")).to_have_text("Record hand 2")
