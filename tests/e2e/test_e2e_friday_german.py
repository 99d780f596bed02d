"""End to end, issue 19 items 4 and 5 on a phone in German: a sitter table of Sergeant
Major (four seats, 12 hands: 9 each player plays) opened by its table link at 360 pixels.
Its history's words ("setzte aus" in a sitter's cell; "ausgesetzt" was drawn "ausgeset /
zt") break between words, never inside one,
and its hand form says which hand of how many it records ("Spiel 5 von 12 eintragen").

Screenshots go to $SCREENSHOTS (when set) for a person to look at.
"""

import os
import re

import pytest
from django.contrib.auth import get_user_model

from matches.models import Match, Table
from matches.services import drafting, play, registration
from tests.e2e_support import BROKEN_WORDS, browser_context, chromium
from tests.factories import tournament as make_tournament

pytestmark = pytest.mark.e2e

NAMES = ["Anna", "Bernd", "Carla", "Dieter", "Elke", "Frank", "Gisela", "Horst", "Ilse",
         "Jürgen Weiß", "Karin"]  # fmt: skip
TARGETS = (8, 5, 3)


# The options of a select whose text is wider than the select shows: a closed select
# never wraps, so such an option is cut when chosen. The room is the select's inner
# width less its padding and an allowance for the drop-down arrow.
CUT_OPTIONS = """(select) => {
  const style = getComputedStyle(select);
  const pen = document.createElement("canvas").getContext("2d");
  pen.font = style.font;
  const arrow = 20;
  const room = select.clientWidth - parseFloat(style.paddingLeft)
    - parseFloat(style.paddingRight) - arrow;
  return [...select.options].map(o => o.text).filter(t => pen.measureText(t).width > room);
}"""


def _sitter_table():
    organiser = get_user_model().objects.create_user("otto", password="x-Club-42", is_staff=True)
    tournament = make_tournament(organiser, hands_per_round=9)
    for entry in registration.register_players(tournament, organiser, NAMES):
        registration.check_in(entry, organiser)
    round_ = drafting.draft_round(tournament, organiser, method="draw", seed=3)
    drafting.start_round(round_, organiser)
    table = next(t for t in Table.objects.filter(round=round_) if t.seats.count() == 4)
    match = Match.objects.get(pk=table.match_id)
    for number in range(1, 5):
        dealer = (match.first_dealer + number - 1) % 4
        tricks = [0] * 4
        for offset, target in enumerate(TARGETS):
            tricks[(dealer + offset) % 4] = target + (1, -1, 0)[offset] * (number % 2)
        play.record_hand(match, number, {"tricks": tricks, "trump": "hearts"}, by=organiser)
    return table


def _shot(page, name, parts=("#record", "#history")):
    folder = os.environ.get("SCREENSHOTS")
    if folder:
        # caret="initial": hiding the caret injects a style the page's CSP refuses.
        page.screenshot(path=os.path.join(folder, f"{name}.png"), full_page=True, caret="initial")
        for part in parts:
            path = os.path.join(folder, f"{name}-{part[1:]}.png")
            page.locator(part).screenshot(path=path, caret="initial")


@pytest.mark.parametrize("width,height", [(360, 740), (1280, 800)])
def test_a_sitter_table_on_a_german_phone(live_server, transactional_db, width, height):
    table = _sitter_table()
    viewport = {"width": width, "height": height}
    with chromium() as browser, browser_context(browser, viewport, "de-DE") as (page, expect):
        page.goto(f"{live_server.url}/t/{table.token}/")
        expect(page.locator("form#record h2")).to_have_text("Spiel 5 von 12 eintragen")
        history = page.locator("#history")
        expect(history.locator("td.cell.out").first).to_contain_text("setzte aus")
        _shot(page, f"table-link-de-{width}")
        assert history.evaluate(BROKEN_WORDS) == []
        assert page.locator("body").evaluate(BROKEN_WORDS) == []
        assert re.search(r"Spiel 5 von 12", page.locator("body").inner_text())


def _log_in(page, base, user):
    page.goto(base + "/accounts/login/")
    page.fill("#id_username", user)
    page.fill("#id_password", "x-Club-42")
    page.get_by_role("button", name="Anmelden").click()


def _htmx_took_up(page, selector):
    """Wait until htmx has taken up the element swapped in at ``selector`` and asks
    nothing more: a change made a moment before (a busy machine) asks the server nothing."""
    page.wait_for_function(
        "s => { const e = document.querySelector(s);"
        " return e && e['htmx-internal-data'] !== undefined"
        " && !document.querySelector('.htmx-request'); }",
        arg=selector,
    )


@pytest.mark.parametrize("width,height", [(360, 740), (1280, 800)])
def test_the_hands_follow_the_game_and_the_round_says_them(
    live_server, transactional_db, width, height
):
    table = _sitter_table()  # round 1 playing, its own tournament
    tournament = table.round.tournament
    viewport = {"width": width, "height": height}
    with chromium() as browser, browser_context(browser, viewport, "de-DE") as (page, expect):
        base = live_server.url
        _log_in(page, base, "otto")
        # A change of game through htmx brings Sheepshead's 20 and its table size.
        page.goto(base + "/tournaments/new/")
        hands = page.locator("#id_hands_per_round")
        expect(hands).to_have_value("9")
        page.select_option("#id_preset", "sheepshead/standard")
        expect(page.locator("#id_table_size")).to_be_visible()
        expect(hands).to_have_value("20")
        expect(page.locator("label[for=id_table_size]")).to_contain_text("Schafkopf (amerikanisch)")
        _htmx_took_up(page, "#id_table_size")
        page.select_option("#id_table_size", "6")
        expect(hands).to_have_value("24")
        _shot(page, f"new-tournament-de-{width}", parts=())
        # Where the players over full tables go: either choice shows whole on a phone.
        assert page.locator("#id_remainder").evaluate(CUT_OPTIONS) == []
        # A figure typed that fits stays when the size changes back.
        hands.fill("30")
        _htmx_took_up(page, "#id_table_size")
        page.select_option("#id_table_size", "5")
        expect(page.locator("input[name=hands_default]")).to_have_value("20")
        expect(hands).to_have_value("30")
        # The round page: how many hands each table plays, the method in German.
        page.goto(f"{base}/tournaments/{tournament.pk}/rounds/1/")
        expect(page.locator("h1 small")).to_contain_text("Auslosung")
        plays = page.locator(".plays").all_inner_texts()
        assert sorted(plays) == ["12 Spiele: jeder spielt 9"] * 2 + ["9 Spiele"], plays
        _shot(page, f"round-de-{width}", parts=())
        assert page.locator("body").evaluate(BROKEN_WORDS) == []
        page.goto(f"{base}/tournaments/{tournament.pk}/standings/")
        expect(page.locator(".csv-separator")).to_contain_text("durch Semikolons getrennt")
        # The penalty's points (behind its disclosure): a sign (either minus) and digits,
        # checked by the browser.
        points = page.locator("#adjust-points")
        for typed, valid in [("−3", True), ("-3", True), ("+2", True), ("3", True), ("x3", False)]:
            check = "(field, typed) => { field.value = typed; return field.checkValidity(); }"
            assert points.evaluate(check, typed) is valid, typed
        _shot(page, f"standings-de-{width}", parts=())
