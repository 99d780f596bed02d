"""End to end: a club night on the players' phones and the projector.

The organiser has started round 1 (three tables of three). Three phones (browser
contexts, no account) open their tables' links and enter the hands; each table hands its
result in as one player; tables 1 and 2 confirm as a second player and lock. The live
board on a fourth, projector-sized screen follows by itself. The organiser closes the
round, which confirms table 3 in the organiser's name.
"""

import re

import pytest

from tests.e2e.steps import OTTO, play_table, started_round
from tests.e2e_support import PHONE, SERVICE_WORKERS, browser_page, shot, watch_policy

pytestmark = [pytest.mark.e2e, pytest.mark.usefixtures("quick_polls")]


def _phone(browser, errors):
    page = browser.new_context(
        service_workers=SERVICE_WORKERS, viewport=PHONE, locale="en-GB"
    ).new_page()
    watch_policy(page, errors)
    page.on("pageerror", lambda error: errors.append(f"JavaScript: {error}"))
    return page


def test_three_tables_play_on_phones_while_the_board_follows(live_server, transactional_db):
    tournament, tables = started_round()
    seated = {
        number: [seat.entry.name for seat in table.seats.order_by("number")]
        for number, table in tables.items()
    }
    base = live_server.url
    errors: list[str] = []
    with browser_page(viewport=PHONE) as (page, expect):
        browser = page.context.browser
        # The projector, another device: the board, by its link, follows on its own.
        board = browser.new_context(
            service_workers=SERVICE_WORKERS, viewport={"width": 1280, "height": 800}
        ).new_page()
        watch_policy(board, errors)
        board.goto(f"{base}/tournaments/{tournament.pk}/board/?key={tournament.board_token}")
        expect(board.locator(".board-head")).to_contain_text("0 of 3 tables done")

        phones = {1: page, 2: _phone(browser, errors), 3: _phone(browser, errors)}
        for number, phone in phones.items():
            phone.goto(f"{base}/t/{tables[number].token}/")
            expect(phone.locator("h1")).to_contain_text(f"Table {number}")
        # caret="initial": Playwright would otherwise put a <style> into the page to
        # hide the text cursor, which the CSP refuses (and the check counts).
        shot(page, "e2e-table-link-phone")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

        # Table 2 enters its first hand: the board shows it within a poll.
        _hand(phones[2], expect, 1)
        expect(board.locator(".board-table").nth(1)).to_contain_text("1/3 hands", timeout=15_000)

        for number, phone in phones.items():
            if number == 2:  # its first hand is in already
                _hand(phone, expect, 2)
                _hand(phone, expect, 3)
            else:
                play_table(phone, expect)
            # The last hand brings "We are done" in without a reload (out of band).
            result = phone.locator("#result")
            expect(result.locator("h2")).to_have_text("We are done")
            result.get_by_role("button", name=seated[number][0]).click()
            expect(result.locator("h2")).to_have_text("A second player confirms")
        buttons = phones[1].locator("#result fieldset button").all_inner_texts()
        assert seated[1][0] not in buttons and sorted(buttons) == sorted(seated[1][1:])
        shot(page, "e2e-table-handed-in-phone")

        # Tables 1 and 2 confirm, each by a second player; table 3 does not get to it.
        for number in (1, 2):
            phones[number].locator("#result").get_by_role("button", name=seated[number][1]).click()
            expect(phones[number].locator("#result h2")).to_have_text("Result confirmed")
            expect(phones[number].locator("#history")).not_to_contain_text("Correct")
        shot(page, "e2e-table-confirmed-phone")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        expect(board.locator(".board-table.confirmed")).to_have_count(2, timeout=15_000)
        expect(board.locator(".board-table.handed_in")).to_have_count(1)
        expect(board.locator(".board-head")).to_contain_text("3 of 3 tables done")
        shot(board, "e2e-board-projector")

        # The organiser closes the round: table 3 is confirmed in their name.
        desk = browser.new_context(
            service_workers=SERVICE_WORKERS, viewport={"width": 1280, "height": 800}
        ).new_page()
        watch_policy(desk, errors)
        desk.goto(f"{base}/accounts/login/")
        desk.fill("#id_username", OTTO[0])
        desk.fill("#id_password", OTTO[1])
        desk.get_by_role("button", name=re.compile("Log in")).click()
        desk.goto(f"{base}/tournaments/{tournament.pk}/rounds/1/")
        expect(desk.locator(".table-card .progress").nth(2)).to_contain_text("handed in by")
        desk.get_by_role("button", name="Close the round").click()
        desk.get_by_role("button", name=re.compile("Yes, close and confirm table")).click()
        expect(desk.locator(".messages")).to_contain_text("Round 1 is closed.")
        expect(desk.locator(".table-card .progress").nth(2)).to_contain_text(
            "confirmed by the organiser at closing"
        )
        phones[3].reload()
        expect(phones[3].locator("#result h2")).to_have_text("Result confirmed")
        expect(phones[3].locator("#result")).to_contain_text("Confirmed by the organiser.")
        expect(board.locator(".board-head")).to_contain_text("closed", timeout=15_000)
        assert errors == [], errors
        shot(page, "e2e-table-confirmed-phone-full", full_page=True)


def _hand(page, expect, number):
    """Hand ``number`` with every seat on its target (the scores stay level)."""
    form = page.locator("form#record")
    expect(form.locator("h2")).to_have_text(f"Record hand {number} of 3")
    roles = page.locator(".seats .seat .role").all_inner_texts()
    dealer = next(i for i, role in enumerate(roles) if "deal" in role.lower())
    form.locator("label.suit-button.hearts").click()
    for offset, count in enumerate((8, 5, 3)):
        form.locator("input.tricks").nth((dealer + offset) % 3).fill(str(count))
    form.locator("input.tricks").nth(0).dispatch_event("input")
    form.locator("button[type=submit]").click()
