"""End to end: a closed disclosure says it opens.

The app's summaries are flex boxes, which drops the browser's own triangle: "How the match
ends", "Table rules" and the standings' "Record a penalty or ruling" read as headings with
nothing under them. Each draws a triangle that turns when it opens; a name under
"Withdraw a player" says "Withdraw…" instead and draws none.
"""

import pytest
from django.contrib.auth import get_user_model

from tests.e2e_support import browser_page
from tests.print.evening import night

pytestmark = pytest.mark.e2e

PASSWORD = "Open-me-42"
MARK = "(summary) => getComputedStyle(summary, '::before').content"


def test_a_closed_summary_shows_a_triangle_that_turns_when_open(live_server, transactional_db):
    organiser = get_user_model().objects.create_user("otto", password=PASSWORD, is_staff=True)
    tournament = night(organiser, rounds=2, played=1)
    base = live_server.url
    with browser_page(viewport={"width": 360, "height": 740}) as (page, expect):
        page.goto(f"{base}/accounts/login/")
        page.fill("input[name=username]", "otto")
        page.fill("input[name=password]", PASSWORD)
        page.click("form button[type=submit]")
        page.wait_for_url(f"{base}/")

        page.goto(f"{base}/matches/new/")
        ends = page.locator("details.options > summary")
        assert ends.evaluate(MARK) == '"▸"'
        ends.click()
        assert ends.evaluate(MARK) == '"▾"'

        page.goto(f"{base}/tournaments/{tournament.pk}/standings/")
        assert page.locator("details.card > summary").evaluate(MARK) == '"▸"'

        page.goto(f"{base}/tournaments/{tournament.pk}/")
        assert page.locator(".withdraw summary").first.evaluate(MARK) == "none"
