"""End to end: two phones at one four-seat table (a sitter), as in issue 18 item 5.

Phone B starts typing hand 1; phone A records hand 1 first. B's figures stay on its
screen while B types (the page's poll waits for an untouched form), and sending them
shows "Hand 1 was just recorded by someone else" with both entries side by side, not
an error about hand 2's sitter. Then, with B's form untouched, A records hand 2 and B's
page follows by itself within a poll or two.
"""

from contextlib import contextmanager

import pytest
from django.contrib.auth import get_user_model

from matches.models import AuditEntry, Hand, Table
from matches.services import drafting, registration
from tests.e2e.steps import fill_on_target, hand_title
from tests.e2e_support import PHONE, browser_context, chromium, shot
from tests.factories import tournament as make_tournament

pytestmark = [pytest.mark.e2e, pytest.mark.usefixtures("quick_polls")]


def _sitter_table():
    organiser = get_user_model().objects.create_user("otto", password="x", is_staff=True)
    tournament = make_tournament(organiser, hands_per_round=3)
    for entry in registration.register_players(tournament, organiser, ["Ann", "Ben", "Cy", "Dee"]):
        registration.check_in(entry, organiser)
    round_ = drafting.draft_round(tournament, organiser, method="draw", seed=5)
    drafting.start_round(round_, organiser)
    return Table.objects.get(round=round_)


@contextmanager
def _two_phones():
    """Phones A and B in one Chromium, and Playwright's ``expect``."""
    with chromium() as browser:
        with (
            browser_context(browser, PHONE) as (a, expect),
            browser_context(browser, PHONE) as (b, _expect),
        ):
            yield a, b, expect


def test_a_stale_phone_sees_both_entries_and_then_follows(live_server, transactional_db):
    table = _sitter_table()
    url = f"{live_server.url}/t/{table.token}/"
    with _two_phones() as (a, b, expect):
        a.goto(url)
        b.goto(url)
        expect(b.locator("form#record h2")).to_have_text(hand_title(1))
        fill_on_target(b, suit="spades")  # B is typing hand 1 ...
        fill_on_target(a, gains=(1, -1, 0))  # ... and A is quicker.
        a.locator("form#record button[type=submit]").click()
        expect(a.locator("form#record h2")).to_have_text(hand_title(2))
        # B's poll waits while B's figures are on the form: they stay (two polls' time).
        b.wait_for_timeout(2_500)
        expect(b.locator("form#record h2")).to_have_text(hand_title(1))
        b.locator("form#record button[type=submit]").click()
        expect(b.locator(".messages")).to_contain_text("Hand 1 was just recorded by someone else.")
        both = b.locator(".both-entries")
        expect(both).to_be_visible()
        expect(b.locator(".messages")).to_be_in_viewport()  # not below the fold
        expect(both.locator("tr.differs")).to_have_count(3)  # trumps, and two seats
        expect(b.locator("form#record h2")).to_have_text(hand_title(2))
        shot(b, "e2e-stale-phone", full_page=True)
        # The comparison stays through the next polls (nothing changed since).
        b.wait_for_timeout(2_500)
        expect(both).to_be_visible()
        # B's form is untouched now: A's next hand shows on B by itself.
        fill_on_target(a)
        a.locator("form#record button[type=submit]").click()
        expect(a.locator("form#record h2")).to_have_text(hand_title(3))
        expect(b.locator("form#record h2")).to_have_text(hand_title(3), timeout=15_000)


def _both_entries_on_b(a, b, url, expect):
    """A records hand 1 first; B sends other figures for it and sees both entries."""
    a.goto(url)
    b.goto(url)
    expect(b.locator("form#record h2")).to_have_text(hand_title(1))
    fill_on_target(b, suit="spades")
    fill_on_target(a, gains=(1, -1, 0))
    a.locator("form#record button[type=submit]").click()
    expect(a.locator("form#record h2")).to_have_text(hand_title(2))
    b.locator("form#record button[type=submit]").click()
    expect(b.locator(".both-entries")).to_be_visible()
    return b.locator(".both-entries .both-choices")


def test_the_second_phone_corrects_the_recorded_hand_to_its_entry(live_server, transactional_db):
    """Issue 20, item 2: one tap on B opens hand 1's correction with B's figures and a
    reason; saving it makes B's entry the recorded one, and A's page follows."""
    table = _sitter_table()
    url = f"{live_server.url}/t/{table.token}/"
    with _two_phones() as (a, b, expect):
        choices = _both_entries_on_b(a, b, url, expect)
        choices.get_by_role("link", name="Correct hand 1 to yours").click()
        form = b.locator("form:has(input[name=reason])")
        expect(form.locator("input[name=reason]")).to_have_value("Entered on a second phone")
        expect(form.locator("input[name=trump][value=spades]")).to_be_checked()
        shot(b, "e2e-second-phone-correction", full_page=True)
        form.locator("button[type=submit]").click()
        expect(b.locator(".messages")).to_contain_text("Hand 1 corrected")
        # A's page shows the correction by itself (its poll), in the history.
        expect(a.locator("#history")).to_contain_text("♠", timeout=15_000)
    hand1 = Hand.objects.get(match=table.match_id, number=1)
    assert hand1.input["trump"] == "spades"
    assert sorted(n for n in hand1.input["tricks"] if n) == [3, 5, 8]
    assert "Entered on a second phone" in str(
        AuditEntry.objects.filter(match=table.match_id, action="correct").get().reason
    )


def test_the_second_phone_keeps_the_recorded_hand(live_server, transactional_db):
    table = _sitter_table()
    url = f"{live_server.url}/t/{table.token}/"
    with _two_phones() as (a, b, expect):
        choices = _both_entries_on_b(a, b, url, expect)
        choices.get_by_role("link", name="Keep the recorded one").click()
        expect(b.locator(".both-entries")).to_have_count(0)
        expect(b.locator("form#record h2")).to_have_text(hand_title(2))
    assert Hand.objects.get(match=table.match_id, number=1).input["trump"] == "hearts"
    assert not AuditEntry.objects.filter(match=table.match_id, action="correct").exists()
