"""End to end: what a round's start costs the hall's Wi-Fi (issue 34, item 5). A table
phone registers its service worker (and with it fetches Pyodide and the rules) only once
its page is usable, after the load event; and fetches them once: a reload and another
table link on the same phone take them from the phone's copy."""

import pytest

from matches import offline
from matches.models import Table
from matches.services import drafting, registration
from tests.e2e_support import PHONE, browser_context
from tests.factories import tournament as make_tournament

pytestmark = pytest.mark.e2e

NAMES = ["Ann", "Ben", "Cy", "Dan", "Eve", "Fay"]
RULES_MS = 60_000
# When the page asked for its service worker, and how far the page had got by then.
WATCH_REGISTER = """
(() => {
  if (!navigator.serviceWorker) { return; }
  const register = navigator.serviceWorker.register.bind(navigator.serviceWorker);
  navigator.serviceWorker.register = (...args) => {
    const entry = performance.getEntriesByType("navigation")[0];
    window.__registered = {
      state: document.readyState, at: performance.now(),
      loadEnd: entry ? entry.loadEventEnd : -1,
    };
    return register(...args);
  };
})();
"""


def _tokens(django_user_model):
    organiser = django_user_model.objects.create_user("otto", password="x", is_staff=True)
    tournament = make_tournament(organiser, hands_per_round=6)
    for entry in registration.register_players(tournament, organiser, NAMES):
        registration.check_in(entry, organiser)
    round_ = drafting.draft_round(tournament, organiser, method="draw", seed=5)
    drafting.start_round(round_, organiser)
    return [t.token for t in Table.objects.filter(round=round_).order_by("number")]


@pytest.mark.skipif(not offline.pyodide_present(), reason="needs make pyodide")
def test_the_runtime_comes_after_the_page_and_once_per_phone(
    browser, live_server, transactional_db, django_user_model
):
    first, second = _tokens(django_user_model)
    with browser_context(browser, PHONE, service_workers="allow") as (page, expect):
        runtime = []  # the page's and its service worker's requests for Pyodide's wasm
        page.context.on(
            "request",
            lambda request: (
                request.url.endswith("/pyodide.asm.wasm") and runtime.append(request.url)
            ),
        )
        page.add_init_script(WATCH_REGISTER)
        page.goto(f"{live_server.url}/t/{first}/")
        expect(page.locator("form#record")).to_be_visible()
        expect(page.locator("#offline")).to_have_attribute("data-cached", "yes", timeout=RULES_MS)
        registered = page.evaluate("window.__registered")
        assert registered["state"] == "complete"
        assert 0 < registered["loadEnd"] <= registered["at"]
        assert len(runtime) == 1

        # A reload, and the next table link on the same phone: from the phone's copy.
        page.reload()
        expect(page.locator("form#record")).to_be_visible()
        page.goto(f"{live_server.url}/t/{second}/")
        expect(page.locator("form#record")).to_be_visible()
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.wait_for_timeout(500)
        assert len(runtime) == 1
