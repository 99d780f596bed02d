"""End to end: the live board of a big hall on a 1280×800 projector (TOURNAMENTS.md §7).

The board is never scrolled by hand, so thirty tables have to fit the screen with room
left for the standings below them; before the board made its cards smaller for a crowded
hall, thirty tables ran to three screens and hid the standings altogether.
"""

import pytest
from django.contrib.auth import get_user_model

from matches.services import tournaments as services
from tests.e2e_support import browser_page
from tests.factories import tournament as make_tournament

pytestmark = pytest.mark.e2e

PROJECTOR = {"width": 1280, "height": 800}
FIRST = ["Anna", "Bernd", "Clara", "Dirk", "Elke", "Frank", "Greta", "Hugo", "Ilse", "Jonas"]
LAST = ["Schmidt", "Schneider", "Fischer", "Weber", "Meyer", "Wagner", "Becker", "Hoffmann", "Koch"]
LAYOUT = """() => ({
  tablesBottom: document.querySelector(".board-tables").getBoundingClientRect().bottom,
  standings: document.querySelector(".board-standings").getBoundingClientRect().height,
  scrollHeight: document.documentElement.scrollHeight,
})"""


def test_thirty_tables_and_some_standings_fit_one_projector_screen(live_server, transactional_db):
    organiser = get_user_model().objects.create_user(
        "otto", password="Hall-night-42", is_staff=True
    )
    tournament = make_tournament(organiser, hands_per_round=3)
    names = [f"{first} {last}" for first in FIRST for last in LAST][:90]
    for entry in services.register_players(tournament, organiser, names):
        services.check_in(entry, organiser)
    round_ = services.draft_round(tournament, organiser, method="draw", seed=5)
    services.start_round(round_, organiser)
    url = f"{live_server.url}/tournaments/{tournament.pk}/board/?key={tournament.board_token}"
    with browser_page(viewport=PROJECTOR) as (page, expect):
        page.goto(url)
        expect(page.locator(".board-table")).to_have_count(30)
        layout = page.evaluate(LAYOUT)
        assert layout["scrollHeight"] <= PROJECTOR["height"], layout
        assert layout["tablesBottom"] <= PROJECTOR["height"] * 0.8, layout
        assert layout["standings"] >= PROJECTOR["height"] * 0.15, layout
