"""End to end: a club night on the players' phones and the projector.

The organiser has started round 1 (three tables of three). At table 1 a phone without an
account opens the table link, enters the three hands, hands the result in as one player
and confirms it as another; the table locks. Meanwhile the live board on a laptop-sized
"projector" follows by itself: a hand entered at table 2 shows there within a poll.
"""

import re

import pytest
from django.contrib.auth import get_user_model

from matches.models import Table
from matches.services import tournaments as services
from tests.e2e.test_e2e_club_night import _play_table
from tests.e2e_support import browser_page, watch_policy
from tests.factories import tournament as make_tournament

pytestmark = pytest.mark.e2e

NAMES = ["Ann", "Ben", "Cy", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy"]
PHONE = {"width": 360, "height": 740}


def _started():
    organiser = get_user_model().objects.create_user("otto", password="x", is_staff=True)
    tournament = make_tournament(organiser, hands_per_round=3)
    for entry in services.register_players(tournament, organiser, NAMES):
        services.check_in(entry, organiser)
    round_ = services.draft_round(tournament, organiser, method="draw", seed=5)
    services.start_round(round_, organiser)
    tables = {table.number: table for table in Table.objects.filter(round=round_)}
    return tournament, tables


def test_a_table_plays_hands_in_and_confirms_on_a_phone(live_server, transactional_db):
    tournament, tables = _started()
    first = [seat.entry.name for seat in tables[1].seats.order_by("number")]
    base = live_server.url
    with browser_page(viewport=PHONE) as (page, expect):
        page.goto(f"{base}/t/{tables[1].token}/")
        expect(page.locator("h1")).to_contain_text("Table 1")
        # caret="initial": Playwright would otherwise put a <style> into the page to
        # hide the text cursor, which the CSP refuses (and the check counts).
        page.screenshot(path="/tmp/e2e-table-link-phone.png", caret="initial")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

        # The projector, another device: the board, by its link, follows on its own.
        board = page.context.browser.new_context().new_page()
        watch_policy(board, errors := [])
        board.set_viewport_size({"width": 1280, "height": 800})
        board.goto(f"{base}/tournaments/{tournament.pk}/board/?key={tournament.board_token}")
        expect(board.locator(".board-head")).to_contain_text("0 of 3 tables done")

        _play_table(page, expect)
        # The last hand brings "We are done" in without a reload (out of band).
        result = page.locator("#result")
        expect(result.locator("h2")).to_have_text("We are done")
        result.get_by_role("button", name=first[0]).click()
        expect(result.locator("h2")).to_have_text("A second player confirms")
        buttons = result.locator("fieldset button").all_inner_texts()
        assert first[0] not in buttons and sorted(buttons) == sorted(first[1:])
        page.screenshot(path="/tmp/e2e-table-handed-in-phone.png", caret="initial")
        result.get_by_role("button", name=first[1]).click()
        expect(page.locator("#result h2")).to_have_text("Result confirmed")
        expect(page.locator("#history")).not_to_contain_text("Correct")
        page.screenshot(path="/tmp/e2e-table-confirmed-phone.png", caret="initial")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

        expect(board.locator(".board-head")).to_contain_text("1 of 3 tables done", timeout=15_000)
        expect(board.locator(".board-table.confirmed")).to_have_count(1)

        # A hand at table 2, through its own link; the board shows it within a poll.
        page.goto(f"{base}/t/{tables[2].token}/")
        form = page.locator("form#record")
        roles = page.locator(".seats .seat .role").all_inner_texts()
        dealer = next(i for i, role in enumerate(roles) if "deal" in role.lower())
        form.locator("label.suit-button.hearts").click()
        for offset, count in enumerate((8, 5, 3)):
            form.locator("input.tricks").nth((dealer + offset) % 3).fill(str(count))
        form.locator("input.tricks").nth(0).dispatch_event("input")
        form.locator("button[type=submit]").click()
        expect(form.locator("h2")).to_have_text("Record hand 2")
        table_two = board.locator(".board-table").nth(1)
        expect(table_two).to_contain_text("1/3 hands", timeout=15_000)
        board.screenshot(path="/tmp/e2e-board-projector.png", caret="initial")
        assert re.search(r"Standings after round 1", board.locator("body").inner_text())
        assert errors == [], errors
        page.goto(f"{base}/t/{tables[1].token}/")
        page.screenshot(
            path="/tmp/e2e-table-confirmed-phone-full.png", full_page=True, caret="initial"
        )
