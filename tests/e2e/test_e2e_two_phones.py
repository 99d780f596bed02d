"""End to end: two phones at one four-seat table (a sitter), as in issue 18 item 5.

Phone B starts typing hand 1; phone A records hand 1 first. B's figures stay on its
screen while B types (the page's poll waits for an untouched form), and sending them
shows "Hand 1 was just recorded by someone else" with both entries side by side, not
an error about hand 2's sitter. Then, with B's form untouched, A records hand 2 and B's
page follows by itself within a poll or two.
"""

import re

import pytest
from django.contrib.auth import get_user_model

from matches.models import Table
from matches.services import tournaments as services
from tests.e2e_support import browser_context, chromium
from tests.factories import tournament as make_tournament

pytestmark = pytest.mark.e2e

PHONE = {"width": 360, "height": 740}


def hand(number):
    """The hand form's title: "Record hand 2" (of how many, when the table has a limit)."""
    return re.compile(rf"^Record hand {number}( of \d+)?$")


def _sitter_table():
    organiser = get_user_model().objects.create_user("otto", password="x", is_staff=True)
    tournament = make_tournament(organiser, hands_per_round=3)
    for entry in services.register_players(tournament, organiser, ["Ann", "Ben", "Cy", "Dee"]):
        services.check_in(entry, organiser)
    round_ = services.draft_round(tournament, organiser, method="draw", seed=5)
    services.start_round(round_, organiser)
    return Table.objects.get(round=round_)


def _fill(page, gains=(0, 0, 0), suit="hearts"):
    """The hand on target, plus ``gains`` for the seats that need 8, 5 and 3."""
    form = page.locator("form#record")
    roles = page.locator(".seats .seat .role").all_inner_texts()
    form.locator(f"label.suit-button.{suit}").click()
    extra = dict(zip((8, 5, 3), gains, strict=True))
    for seat, role in enumerate(roles):
        needs = re.search(r"needs (\d+)", role)
        if needs:
            target = int(needs.group(1))
            form.locator("input.tricks").nth(seat).fill(str(target + extra[target]))
    form.locator("input.tricks").nth(0).dispatch_event("input")


def test_a_stale_phone_sees_both_entries_and_then_follows(live_server, transactional_db):
    table = _sitter_table()
    url = f"{live_server.url}/t/{table.token}/"
    with chromium() as browser:
        with (
            browser_context(browser, PHONE) as (a, expect),
            browser_context(browser, PHONE) as (b, _expect),
        ):
            a.goto(url)
            b.goto(url)
            expect(b.locator("form#record h2")).to_have_text(hand(1))
            _fill(b, suit="spades")  # B is typing hand 1 ...
            _fill(a, gains=(1, -1, 0))  # ... and A is quicker.
            a.locator("form#record button[type=submit]").click()
            expect(a.locator("form#record h2")).to_have_text(hand(2))
            # B's poll waits while B's figures are on the form: they stay.
            b.wait_for_timeout(6_500)
            expect(b.locator("form#record h2")).to_have_text(hand(1))
            b.locator("form#record button[type=submit]").click()
            expect(b.locator(".messages")).to_contain_text(
                "Hand 1 was just recorded by someone else."
            )
            both = b.locator(".both-entries")
            expect(both).to_be_visible()
            expect(b.locator(".messages")).to_be_in_viewport()  # not below the fold
            expect(both.locator("tr.differs")).to_have_count(3)  # trumps, and two seats
            expect(b.locator("form#record h2")).to_have_text(hand(2))
            b.screenshot(path="/tmp/e2e-stale-phone.png", full_page=True, caret="initial")
            # The comparison stays through the next polls (nothing changed since).
            b.wait_for_timeout(6_000)
            expect(both).to_be_visible()
            # B's form is untouched now: A's next hand shows on B by itself.
            _fill(a)
            a.locator("form#record button[type=submit]").click()
            expect(a.locator("form#record h2")).to_have_text(hand(3))
            expect(b.locator("form#record h2")).to_have_text(hand(3), timeout=15_000)
