"""End to end: a night of twelve on their own links (issue 36), on 360×740 phones.

The organiser prints the player slips (two A4 pages: eight slips, then four; every name,
the tournament, and each player's QR code, decoded from Chromium's PDF) and, on the
organiser's phone at the door, taps a name for the large code, which decodes to that
player's link too. Every one of the twelve opens their link from their code (two phones,
English and German: one browser context each, six pages in each), checks in by
themselves, and the check-in list marks them so. The organiser drafts and starts round 1;
each page shows "Round 1 · Table n · Seat s" at its next poll, within 5 s of the start
(the pages' clocks are Playwright's: the poll runs when the test moves them on, so no
second is waited for nothing). The board shows the seats by name. The three players of
table 1 open their table from their pages and record its three hands there, one each,
hand it in and confirm; their links reach no other table (the API answers 403 for the
next table's match with their tokens). A phone without the network keeps its page and
says since when. With ``SHOTS=<folder>`` the states are screenshotted there, in English and
German (CI takes none: they are the test's dearest part).

What it leaves to the faster tests: sitters, byes, withdrawals, the final place and the
API's shapes (tests/tournaments/test_player_links*.py)."""

import datetime
import os
import re
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model

from matches.models import Entry, Table, TableSeat
from matches.services import registration
from matches.services import tournaments as services
from tests.e2e_support import (
    PHONE,
    SERVICE_WORKERS,
    TIMEOUT_MS,
    logged_in,
    pdf_pages,
    qr_codes,
    record_on_target,
    watch_policy,
)

pytestmark = pytest.mark.e2e

NAMES = ["Ann", "Ben", "Cy", "Dora", "Eve", "Finn", "Gus", "Hal", "Ivy", "Jörg", "Käthe", "Lou"]
EVENING = datetime.datetime(2026, 12, 4, 19, 30)
SEATED = {
    "en": "Round 1 · Table {table} · Seat {seat}",
    "de": "Runde 1 · Tisch {table} · Platz {seat}",
}


def _context(browser, errors, locale, viewport=PHONE):
    context = browser.new_context(service_workers=SERVICE_WORKERS, viewport=viewport, locale=locale)
    context.set_default_timeout(TIMEOUT_MS)
    return context


def _page(context, errors):
    page = context.new_page()
    watch_policy(page, errors)
    page.on("pageerror", lambda error: errors.append(f"JavaScript: {error}"))
    page.on("response", lambda r: r.status >= 500 and errors.append(f"{r.status} {r.url}"))
    return page


def _shot(page, name, full_page=True):
    folder = os.environ.get("SHOTS")
    if not folder:
        return
    Path(folder).mkdir(parents=True, exist_ok=True)
    # caret="initial": Playwright's own caret style is an inline <style> the CSP refuses.
    page.screenshot(path=f"{folder}/{name}.png", full_page=full_page, caret="initial")


def test_twelve_players_open_their_links_check_in_see_their_seats_and_play(
    live_server, browser, tmp_path
):
    from playwright.sync_api import expect

    expect.set_options(timeout=TIMEOUT_MS)
    otto = get_user_model().objects.create_user("otto", password="x", is_staff=True)
    tournament = services.create_tournament(
        otto,
        name="Friday club",
        date=EVENING.date(),
        game="sergeant-major",
        variant="8-5-3",
        rounds=2,
        hands_per_round=3,
        self_check_in=True,
    )
    entries = registration.register_players(tournament, otto, NAMES)
    urls = {entry.name: f"{live_server.url}/p/{entry.token}/" for entry in entries}
    base = live_server.url
    errors: list[str] = []

    # -- the organiser's phone at the door: the slips, and a large code -----------------
    desk_context = _context(browser, errors, "en-GB")
    logged_in(desk_context, base, otto)
    desk = _page(desk_context, errors)
    desk.goto(f"{base}/tournaments/{tournament.pk}/print/players/")
    papers = Path(os.environ.get("SHOTS") or tmp_path)
    papers.mkdir(parents=True, exist_ok=True)
    pdf = papers / "slips-en.pdf"
    desk.pdf(path=str(pdf), prefer_css_page_size=True, print_background=True)
    pages = pdf_pages(pdf)
    assert len(pages) == 2  # eight to a page
    slips = [qr_codes(str(pdf), 1), qr_codes(str(pdf), 2)]
    assert (len(slips[0]), len(slips[1])) == (8, 4)
    assert sorted(slips[0] + slips[1]) == sorted(urls.values())
    scanned = {name: url for url in slips[0] + slips[1] for name in NAMES if urls[name] == url}
    text = " ".join(pages)
    assert all(name in text for name in NAMES) and text.count("Friday club") == 12
    assert "Print" not in text and "←" not in text  # the page's tools stay on screen
    _shot(desk, "slips-screen-en")

    desk.goto(f"{base}/tournaments/{tournament.pk}/")
    expect(desk.locator("#entries svg.qr")).to_have_count(12)
    desk.locator("#entries").scroll_into_view_if_needed()
    _shot(desk, "check-in-en", full_page=False)
    assert desk.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    # Tapping a name: the code, large, for the player to scan from this phone.
    desk.locator("#entries .who", has_text="Käthe").click()
    expect(desk.locator("h1")).to_have_text("Käthe")
    desk.pdf(path=str(papers / "large-code.pdf"))
    assert qr_codes(str(papers / "large-code.pdf"), 1) == [urls["Käthe"]]
    _shot(desk, "large-code-en", full_page=False)
    desk.go_back()

    # -- every player: their link from their code, and checking in by themselves --------
    phones = {}
    for locale, names in (("en-GB", NAMES[:6]), ("de-DE", NAMES[6:])):
        context = _context(browser, errors, locale)
        for name in names:
            page = _page(context, errors)
            page.clock.install(time=EVENING)
            page.clock.pause_at(EVENING + datetime.timedelta(seconds=1))
            page.goto(scanned[name])  # as its code on the slip says
            phones[name] = page
    for name, page in phones.items():
        german = NAMES.index(name) >= 6
        expect(page.locator(".where-big")).to_have_text(
            "Runde 1 wird eingeteilt" if german else "Round 1 is being drafted"
        )
        if name in ("Ann", "Gus"):
            _shot(page, f"player-before-check-in-{'de' if german else 'en'}")
        page.locator("#player-live form button").click()
        expect(page.locator(".player-checked-in")).to_contain_text(
            "Sie haben sich selbst anwesend gemeldet." if german else "You checked yourself in."
        )
        page.clock.run_for(100)  # htmx settles the answer in (its own timers)
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    _shot(phones["Ann"], "player-checked-in-en")
    desk.reload()
    expect(desk.locator("#checked-in")).to_have_text("12 checked in")
    expect(desk.locator("#entries .self-mark")).to_have_count(12)
    desk.locator("#entries").scroll_into_view_if_needed()
    _shot(desk, "check-in-self-marked-en", full_page=False)

    # -- the round starts: every page shows its seat at its next poll --------------------
    desk.get_by_role("button", name="Draft the seating").click()
    expect(desk.get_by_role("button", name="Start the round")).to_be_visible()
    # Drafted: check-in has closed (a page reloaded says so; none is needed here).
    desk.get_by_role("button", name="Start the round").click()
    expect(desk.locator(".messages")).to_contain_text("Round 1 has started.")
    seats = {
        seat.entry.player.name: seat
        for seat in TableSeat.objects.filter(round__tournament=tournament).select_related(
            "table", "entry__player"
        )
    }
    for name, page in phones.items():
        page.clock.run_for(5_000)  # one poll, no more: within 5 s of the start
        language = "de" if NAMES.index(name) >= 6 else "en"
        seat = seats[name]
        expect(page.locator(".where-big")).to_have_text(
            SEATED[language].format(table=seat.table.number, seat=seat.number + 1)
        )
        others = [s.entry.name for s in seat.table.seats.order_by("number") if s.entry.name != name]
        assert page.locator(".player-others .name").all_inner_texts() == others
        # The way to the player's own table, and to no other.
        links = page.locator("#player-live a[href^='/t/']")
        expect(links).to_have_count(1)
        assert links.get_attribute("href") == f"/t/{seat.table.token}/"
    _shot(phones["Ann"], "player-seated-en")
    _shot(phones["Gus"], "player-seated-de")

    # The projector: the seats by name, A–Z.
    desk.set_viewport_size({"width": 1280, "height": 800})
    desk.goto(f"{base}/tournaments/{tournament.pk}/board/?key={tournament.board_token}")
    expect(desk.locator(".board-by-name li")).to_have_count(12)
    assert desk.locator(".board-by-name .name").all_inner_texts()[:2] == ["Ann", "Ben"]
    _shot(desk, "board-find-your-seat-en", full_page=False)
    # The same in German (the language chosen on the site: its cookie), and the door.
    desk_context.add_cookies([{"name": "django_language", "value": "de", "url": base}])
    desk.reload()
    expect(desk.locator(".board-seats h2")).to_have_text("Runde 1: Wo sitze ich?")
    _shot(desk, "board-find-your-seat-de", full_page=False)
    desk.set_viewport_size(PHONE)
    desk.goto(f"{base}/tournaments/{tournament.pk}/")
    expect(desk.locator("#entries .self-mark").first).to_have_text("selbst gemeldet")
    desk.locator("#entries").scroll_into_view_if_needed()
    _shot(desk, "check-in-self-marked-de", full_page=False)

    # -- table 1 plays on its players' links, each from their own page ------------------
    table = Table.objects.get(round__tournament=tournament, round__number=1, number=1)
    at_table = [seat.entry.player.name for seat in table.seats.order_by("number")]
    for number, name in enumerate(at_table, start=1):
        page = phones[name]
        page.locator("#player-live a[href^='/t/']").click()
        expect(page.locator("h1")).to_contain_text("1")
        record_on_target(page, expect, number, (table.first_dealer + number - 1) % 3)
        if number < 3:
            expect(page.locator("form#record input[name=number]")).to_have_value(str(number + 1))
    last = phones[at_table[2]]
    expect(last.locator("#result fieldset button")).to_have_count(3)
    last.locator("#result").get_by_role("button", name=at_table[2]).click()
    first = phones[at_table[0]]
    first.reload()
    first.locator("#result").get_by_role("button", name=at_table[0]).click()
    expect(first.locator("#result.done")).to_be_visible()
    _shot(first, f"table-confirmed-{'de' if NAMES.index(at_table[0]) >= 6 else 'en'}")
    # Their tokens reach no other table's match.
    other = Table.objects.get(round=table.round, number=2)
    for name in at_table:
        token = Entry.objects.get(tournament=tournament, player__name=name).token
        answer = phones[name].request.get(
            f"{base}/api/matches/{other.match_id}", headers={"Authorization": f"Bearer {token}"}
        )
        assert answer.status == 403
    # Back on a player's page: the result and the place so far.
    for name in at_table[:2]:
        page = phones[name]
        page.goto(urls[name])
        expect(page.locator(".player-results .player-rounds tbody tr")).to_have_count(1)
        _shot(page, f"player-results-{'de' if NAMES.index(name) >= 6 else 'en'}")

    # -- without the network: the last assignment, and since when ------------------------
    quiet = phones[next(name for name in NAMES[:6] if name not in at_table)]
    quiet.context.set_offline(True)
    quiet.clock.run_for(5_000)
    note = quiet.locator("[data-player-offline]")
    expect(note).to_be_visible()
    expect(note.locator("time")).to_have_text(re.compile(r"\d\d:\d\d"))
    expect(quiet.locator(".where-big")).to_contain_text("Round 1 · Table")
    _shot(quiet, "player-offline-en", full_page=False)
    quiet.context.set_offline(False)  # asks at once, no tick needed
    expect(note).to_be_hidden()
    assert errors == [], errors
