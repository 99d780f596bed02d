"""End to end: a big hall (ninety players, thirty tables) on the organiser's laptop and
its 1280×800 projector (docs/tournaments.md §7), and on a phone.

The board is never scrolled by hand, so thirty tables have to fit the screen with room
left for the standings below them; before the board made its cards smaller for a crowded
hall, thirty tables ran to three screens and hid the standings altogether. The round's
page and the door's list use the laptop's width (they were a column of three tables, and
of one name, in the middle of the screen), as does the register of players, and still
fit a phone.
"""

import pytest
from django.contrib.auth import get_user_model

from matches.services import drafting, registration
from tests.e2e_support import browser_context, browser_page, chromium
from tests.factories import tournament as make_tournament
from tests.print.evening import night

pytestmark = pytest.mark.e2e

PROJECTOR = {"width": 1280, "height": 800}
FIRST = ["Anna", "Bernd", "Clara", "Dirk", "Elke", "Frank", "Greta", "Hugo", "Ilse", "Jonas"]
LAST = ["Schmidt", "Schneider", "Fischer", "Weber", "Meyer", "Wagner", "Becker", "Hoffmann", "Koch"]
LAYOUT = """() => ({
  tablesBottom: document.querySelector(".board-tables").getBoundingClientRect().bottom,
  standings: document.querySelector(".board-standings").getBoundingClientRect().height,
  scrollHeight: document.documentElement.scrollHeight,
})"""


PHONE = {"width": 360, "height": 740}
PASSWORD = "Hall-night-42"
# How many of the selector's items share the first one's row.
ACROSS = """selector => {
  const items = [...document.querySelectorAll(selector)];
  const top = items[0].getBoundingClientRect().top;
  return items.filter(item => Math.abs(item.getBoundingClientRect().top - top) < 2).length;
}"""
WIDE = "document.documentElement.scrollWidth"


def _hall():
    organiser = get_user_model().objects.create_user("otto", password=PASSWORD, is_staff=True)
    tournament = make_tournament(organiser, hands_per_round=3)
    names = [f"{first} {last}" for first in FIRST for last in LAST][:90]
    for entry in registration.register_players(tournament, organiser, names):
        registration.check_in(entry, organiser)
    round_ = drafting.draft_round(tournament, organiser, method="draw", seed=5)
    drafting.start_round(round_, organiser)
    return tournament


def _log_in(page, base):
    page.goto(f"{base}/accounts/login/")
    page.fill("input[name=username]", "otto")
    page.fill("input[name=password]", PASSWORD)
    page.click("form button[type=submit]")
    page.wait_for_url(f"{base}/")


def test_thirty_tables_and_some_standings_fit_one_projector_screen(live_server, transactional_db):
    tournament = _hall()
    url = f"{live_server.url}/tournaments/{tournament.pk}/board/?key={tournament.board_token}"
    with browser_page(viewport=PROJECTOR) as (page, expect):
        page.goto(url)
        expect(page.locator(".board-table")).to_have_count(30)
        layout = page.evaluate(LAYOUT)
        assert layout["scrollHeight"] <= PROJECTOR["height"], layout
        assert layout["tablesBottom"] <= PROJECTOR["height"] * 0.8, layout
        assert layout["standings"] >= PROJECTOR["height"] * 0.15, layout


def test_a_crowded_board_on_a_phone_keeps_its_type(live_server, transactional_db):
    """The smaller cards are for a big screen: on a phone the type is at its smallest
    already, and the board scrolls instead."""
    tournament = _hall()
    url = f"{live_server.url}/tournaments/{tournament.pk}/board/?key={tournament.board_token}"
    with browser_page(viewport=PHONE) as (page, expect):
        page.goto(url)
        expect(page.locator(".board-table")).to_have_count(30)
        names = page.locator(".board-table .names").first
        assert float(names.evaluate("(n) => getComputedStyle(n).fontSize")[:-2]) >= 13
        assert page.evaluate(WIDE) <= PHONE["width"]


@pytest.mark.parametrize(
    "viewport, tables_across, codes_across, names_across",
    [(PROJECTOR, 5, 4, 2), (PHONE, 1, 1, 1)],
    ids=["laptop", "phone"],
)
def test_the_round_and_the_door_use_the_laptops_width_and_fit_a_phone(
    live_server, transactional_db, viewport, tables_across, codes_across, names_across
):
    tournament = _hall()
    base = live_server.url
    with browser_page(viewport=viewport) as (page, expect):
        _log_in(page, base)
        page.goto(f"{base}/tournaments/{tournament.pk}/rounds/1/")
        expect(page.locator(".table-card")).to_have_count(30)
        assert page.evaluate(ACROSS, ".table-card") == tables_across
        assert page.evaluate(WIDE) <= viewport["width"]
        page.goto(f"{base}/tournaments/{tournament.pk}/rounds/1/links/")
        expect(page.locator(".qr-card")).to_have_count(30)
        assert page.evaluate(ACROSS, ".qr-card") == codes_across
        assert page.evaluate(WIDE) <= viewport["width"]
        page.goto(f"{base}/tournaments/{tournament.pk}/")
        expect(page.locator(".entry")).to_have_count(90)
        assert page.evaluate(ACROSS, ".entry") == names_across
        assert page.evaluate(ACROSS, ".withdraw details") == names_across
        assert page.evaluate(WIDE) <= viewport["width"]
        page.goto(f"{base}/players/")  # the register: a page of fifty
        expect(page.locator("ul.players li").first).to_be_visible()
        assert page.evaluate(ACROSS, "ul.players li") == names_across
        assert page.evaluate(WIDE) <= viewport["width"]


@pytest.mark.parametrize("locale", ["en-GB", "de-DE"])
def test_the_standings_give_the_name_the_room_on_a_laptop(live_server, transactional_db, locale):
    """A name and the reason under it had a narrow column while the short figures took the
    width (in German their heads do not wrap: a quarter of it), and a reason ran to five
    lines."""
    organiser = get_user_model().objects.create_user("otto", password=PASSWORD, is_staff=True)
    # The default chain of tie-breaks: four figures beside each name, and a reason under it.
    tournament = night(organiser, rounds=2, played=1, tie_breaks=None)
    base = live_server.url
    with chromium() as browser, browser_context(browser, PROJECTOR, locale) as (page, expect):
        _log_in(page, base)
        page.goto(f"{base}/tournaments/{tournament.pk}/standings/")
        expect(page.locator("table.standings td.name small").first).to_be_visible()
        name = page.locator("table.standings td.name").first.bounding_box()["width"]
        assert name >= 380, name  # 233 px in German, before
        assert page.evaluate(WIDE) <= PROJECTOR["width"]
