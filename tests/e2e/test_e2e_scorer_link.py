"""End to end: the scorer link (issue 20, item 4) on a 360 x 740 phone. The owner's links
page shows both links with their QR codes and copy buttons (shown by the script); a
phone without an account opens the scorer link, records a hand, and the owner's audit
trail names the scorer link."""

import pytest
from django.contrib.auth import get_user_model

from matches.models import AuditEntry, Hand
from matches.services import play
from tests.e2e.steps import fill_on_target, hand_title
from tests.e2e_support import PHONE, browser_context, chromium
from tests.factories import game_match

pytestmark = pytest.mark.e2e


def test_a_phone_scores_through_the_scorer_link(live_server, transactional_db):
    owner = get_user_model().objects.create_user("ann", password="x")
    match = game_match(owner, "sergeant-major", "8-5-3", ("Ann", "Ben", "Cy"))
    match = play.new_scorer_link(match, by=owner)
    with chromium() as browser:
        with browser_context(browser, PHONE) as (page, expect):
            page.goto(f"{live_server.url}/accounts/login/")
            page.fill("input[name=username]", "ann")
            page.fill("input[name=password]", "x")
            page.locator("form button[type=submit]").first.click()
            page.goto(f"{live_server.url}/matches/{match.pk}/links/")
            expect(page.locator("svg.qr")).to_have_count(2)
            expect(page.get_by_role("button", name="Copy the link")).to_have_count(2)
            expect(page.get_by_role("button", name="Copy the link").first).to_be_visible()
        with browser_context(browser, PHONE) as (phone, expect):
            phone.goto(f"{live_server.url}/k/{match.scorer_token}/")
            expect(phone.locator("form#record h2")).to_have_text(hand_title(1))
            expect(phone.get_by_role("link", name="Audit trail")).to_have_count(0)
            fill_on_target(phone)
            phone.locator("form#record button[type=submit]").click()
            expect(phone.locator("form#record h2")).to_have_text(hand_title(2))
            expect(phone.locator(".messages")).to_contain_text("Hand 1 recorded")
    assert Hand.objects.filter(match=match).count() == 1
    entry = AuditEntry.objects.get(match=match, action="record")
    assert entry.by_name == "scorer:link" and entry.by_id is None
