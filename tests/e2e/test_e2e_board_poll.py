"""End to end: the live board's poll in Chromium (docs/tournaments.md §7, issue 19).

The board asks every 5 s, never while the page is hidden, and at once when it is in sight
again: a projector's laptop woken, or a phone unlocked, shows the board as it is now, not
up to a poll later. The page's clock is Playwright's, so the seconds pass on demand.
"""

from datetime import datetime, timedelta

import pytest

from tests.e2e.steps import started_round
from tests.e2e_support import browser_page

pytestmark = pytest.mark.e2e

EVENING = datetime(2026, 11, 27, 20, 0)
# The page's visibility, as the test says: a headless page is always "visible".
VISIBILITY = """
window.__hidden = false;
Object.defineProperty(Document.prototype, "visibilityState", {
  configurable: true, get() { return window.__hidden ? "hidden" : "visible"; },
});
Object.defineProperty(Document.prototype, "hidden", {
  configurable: true, get() { return window.__hidden; },
});
"""
HIDE = """hidden => {
  window.__hidden = hidden;
  document.dispatchEvent(new Event("visibilitychange"));
}"""


def test_it_polls_every_5_s_not_while_hidden_and_at_once_when_seen_again(
    live_server, transactional_db
):
    tournament, _ = started_round()
    url = f"{live_server.url}/tournaments/{tournament.pk}/board/?key={tournament.board_token}"
    with browser_page(viewport={"width": 1280, "height": 800}) as (page, expect):
        polls: list[str] = []  # the board's own asks (htmx), not the page's load

        def asked(request):
            if request.headers.get("hx-request"):
                polls.append(request.url)

        page.on("request", asked)
        page.add_init_script(VISIBILITY)
        page.clock.install(time=EVENING)
        page.clock.pause_at(EVENING + timedelta(seconds=1))  # time moves only when told
        page.goto(url)
        expect(page.locator(".board-head")).to_contain_text("0 of 3 tables done")

        page.clock.run_for(4_900)
        assert polls == []  # not before its 5 s
        with page.expect_request(lambda request: "/board/" in request.url):
            page.clock.run_for(200)
        assert len(polls) == 1

        page.evaluate(HIDE, True)
        page.clock.run_for(30_000)  # six ticks, none asked
        page.wait_for_timeout(300)
        assert len(polls) == 1

        with page.expect_request(lambda request: "/board/" in request.url, timeout=2_000):
            page.evaluate(HIDE, False)  # no clock moved: at once
        assert len(polls) == 2
