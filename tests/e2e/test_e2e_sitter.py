"""End to end: four at a three-player Sergeant Major table (docs/tournaments.md §2) in
headless Chromium: the sitter box shows the fourth seat, the hand form fixes the sitter's
tricks at 0 and counts only the others', and the deal moves the sitter round.

Seats: Ann 0, Ben 1, Cy 2, Dee 3; Ann deals first, so Dee sits out hand 1 (Ann 8, Ben 5,
Cy 3). Hand 1: Ann 10 (+2), Ben 4 (−1), Cy 2 (−1). Hand 2: Ben deals, Ann sits out, and
her +2 lapses; Ben and Cy were both down, so no cards change hands. Worked out by hand.

Needs Debian's Chromium, as tests/e2e/test_e2e_browser.py does (see tests/e2e_support.py).
"""

import re

import pytest

from tests.e2e.steps import record, start_match
from tests.e2e_support import browser_page, create_organiser, signed

pytestmark = pytest.mark.e2e

FOUR = ("Ann", "Ben", "Cy", "Dee")


def test_a_sitter_table_in_the_browser(live_server):
    with browser_page() as (page, expect):
        base = live_server.url
        create_organiser(page, expect, base)
        page.locator("a.new").click()
        expect(page).to_have_url(re.compile(r"/matches/new/$"))

        # The fourth seat shows only with the sitter box ticked.
        fourth = page.locator("#id_player_3")
        expect(fourth).to_be_hidden()
        expect(page.locator("input[name=first_dealer][value='3']")).to_be_hidden()
        page.get_by_label(re.compile(r"sits out \(sitter\)")).check()
        expect(fourth).to_be_visible()
        expect(page.get_by_text("Seat 4 (only with a sitter)")).to_be_visible()
        start_match(page, expect, FOUR)

        seats = page.locator(".seats .seat")
        expect(seats.locator(".role")).to_have_text(
            ["dealer · needs 8", "eldest · needs 5", "third · needs 3", "sits out"]
        )
        exchange = page.locator("#exchange")
        expect(exchange).to_contain_text("Dee sits out this hand: is dealt no cards and scores 0.")

        # Hand 1: Dee's field is fixed at 0; the count covers the three who play.
        form = page.locator("form#record")
        dee = form.locator("#id_tricks_3")
        expect(dee).to_be_disabled()
        expect(dee).to_have_value("0")
        expect(form.locator(".stepper.sits-out")).to_contain_text("Dee sits out")
        remaining = form.locator("[data-remaining]")
        expect(remaining).to_have_text("Tricks still to place: 16")
        form.locator("label.suit-button.hearts").click()
        for seat, tricks in enumerate((10, 4, 2)):
            form.locator(f"#id_tricks_{seat}").fill(str(tricks))
        expect(remaining).to_have_text("All tricks placed.")
        record(form)

        # Hand 2: Ben deals, Ann sits out; nothing passes.
        expect(form.locator("h2")).to_have_text("Record hand 2")
        expect(seats.locator(".total")).to_have_text([signed(t) for t in (2, -1, -1, 0)])
        expect(seats.locator(".role")).to_have_text(
            ["sits out", "dealer · needs 8", "eldest · needs 5", "third · needs 3"]
        )
        expect(exchange).to_contain_text("Ann sits out this hand")
        expect(exchange).to_contain_text("No cards change hands: of the two who played")
        expect(form.locator("#id_tricks_0")).to_be_disabled()
        expect(form.locator("#id_tricks_3")).to_be_enabled()
        row = page.locator("#history tbody tr").first
        expect(row.locator(".cell.out")).to_contain_text("sat out")
        expect(row.locator(".cell b")).to_have_text([signed(s) for s in (2, -1, -1, 0)])
