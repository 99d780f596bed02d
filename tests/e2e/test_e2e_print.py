"""End to end: the printed sheets as Chromium prints them (its PDF, as a club's printer
gets it), in English and German.

The issue's "done when": after a finished club night of 11 players and 3 rounds (Sergeant
Major 8-5-3 with sitters), an organiser prints the standings, round 3's seating list both
ways, round 3's table cards and every player's score card, takes the CSV, and adds the
evening to a series whose table shows it. The PDFs are checked for their page counts, for
no button or navigation in their text, and for QR codes that decode to the table links;
PNGs of every page go to /tmp/print-*.png to be looked at. A second test holds bigger
evenings to the paper: 30 players' standings on one page, 40 tables on 40 cards.

One browser for the module. Playwright's sync API keeps an event loop running in this
thread while it lives, so the tests, which set their evening up through the services in
this same thread, tell Django that is safe (it is: nothing here runs concurrently).
"""

import csv
import datetime
import io
import re
import subprocess
import time
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model

from matches.models import Entry, Table
from matches.services import drafting, registration, table_results
from matches.services import tournaments as services
from tests.e2e_support import SERVICE_WORKERS, TIMEOUT_MS, logged_in, qr_codes, shot, watch_policy
from tests.pdf_support import drawn, overhang
from tests.print.evening import NAMES, night, sheepshead_night

pytestmark = pytest.mark.e2e

# A 40-letter name in the evening (in place of Karin, so the night keeps its sitters): no
# sheet may cut it ("Maximilianus B…" once, under a screen rule for history tables).
LONG = "Maximilianus Bartholomäus von Hohenstein"
PLAYERS = [*NAMES[:-1], LONG]
OUT = Path("/tmp")
# What must never reach the paper: the page's tools and the site's navigation.
SCREEN_ONLY = {
    "en": ["Print", "Log out", "Tournaments", "Players", "Language", "Switch", "←"],
    "de": ["Drucken", "Abmelden", "Turniere", "Spieler", "Sprache", "Wechseln", "←"],
}


def organiser_page(browser, live_server, user, locale):
    """A page logged in as ``user`` (the session of a test client, as a cookie), failing
    the test on any script error, blocked policy or server error."""
    context = browser.new_context(
        service_workers=SERVICE_WORKERS, locale=locale, viewport={"width": 1280, "height": 800}
    )
    context.set_default_timeout(TIMEOUT_MS)
    logged_in(context, live_server.url, user)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(f"JavaScript: {error}"))
    page.on(
        "response",
        lambda response: (
            response.status >= 500 and errors.append(f"{response.status} {response.url}")
        ),
    )
    watch_policy(page, errors)
    return page, errors


def print_pdf(page, url, name):
    """Open ``url``, print it as Chromium prints it, keep the PDF and a PNG of each page;
    returns (the text of each page, seconds the page took to load)."""
    started = time.perf_counter()
    response = page.goto(url)
    loaded = time.perf_counter() - started
    assert response.status == 200, url
    # The Print button is there for a browser that runs the page's script.
    assert page.locator("button[data-print]").is_visible()
    pdf = OUT / f"print-{name}.pdf"
    page.pdf(path=str(pdf), prefer_css_page_size=True, print_background=True)
    for old in OUT.glob(f"print-{name}-*.png"):
        old.unlink()
    # PNGs of the first pages, to look at.
    png = ["pdftoppm", "-png", "-r", "60", "-l", "3", str(pdf), str(OUT / f"print-{name}")]
    subprocess.run(png, check=True)
    text = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    return text.split("\f")[:-1], loaded


def raw_text(pdf):
    """Each page's text in reading order (pdftotext without -layout)."""
    text = subprocess.run(
        ["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    return text.split("\f")[:-1]


def qr_of(pdf, page_number):
    return qr_codes(str(pdf), page_number)


def whole(name, page):
    """Whether ``name`` is on the page uncut: its words in order, wrapped or not (the
    page's text as read, not laid out, so a name wrapped in a narrow box reads on)."""
    return name in " ".join(page.split())


def nothing_for_the_screen(pages, language):
    for number, page in enumerate(pages, start=1):
        for word in SCREEN_ONLY[language]:
            assert not re.search(rf"(?<!\w){re.escape(word)}(?!\w)", page), (word, number)


def test_a_club_night_printed_and_kept_in_a_series(live_server, transactional_db, browser):
    otto = get_user_model().objects.create_user("otto", password="x", is_staff=True)
    tournament = night(otto, names=PLAYERS, name="Club night")
    assert len(LONG) == 40
    carla = Entry.objects.get(tournament=tournament, player__name="Carla")
    table_results.adjust(carla, otto, round=2, points=-2, reason="Cards shown")
    links = {
        table.number: f"{live_server.url}/t/{table.token}/"
        for table in Table.objects.filter(round__tournament=tournament, round__number=3)
    }
    players_at = {
        table.number: [seat.entry.name for seat in table.seats.order_by("number")]
        for table in Table.objects.filter(round__tournament=tournament, round__number=3)
    }
    base = f"{live_server.url}/tournaments/{tournament.pk}/print/"
    player_links = {
        f"{live_server.url}/p/{token}/"
        for token in tournament.entries.values_list("token", flat=True)
    }
    timings = {}

    for locale, language in (("en-GB", "en"), ("de-DE", "de")):
        page, errors = organiser_page(browser, live_server, otto, locale)
        sheets = {}
        for name, path in [
            ("standings", "standings/"),
            ("seating", "seating/3/"),
            ("tables", "tables/3/"),
            ("cards", "cards/"),
        ]:
            sheets[name], timings[f"{name}-{language}"] = print_pdf(
                page, base + path, f"{name}-{language}"
            )
            nothing_for_the_screen(sheets[name], language)
        assert [len(sheets[name]) for name in ("standings", "seating", "tables")] == [
            1,  # eleven rows
            2,  # by table for the room, by name for the door
            3,  # a card per table
        ]
        # A card per player, several to a page (three rounds: three to a page), none
        # split over two pages.
        assert len(sheets["cards"]) == 4
        standings, seating, tables, cards = (
            sheets[n] for n in ("standings", "seating", "tables", "cards")
        )
        if language == "en":
            assert "Standings" in standings[0] and "Final" in standings[0]
            assert "Carla, round 2: −2 game points — Cards shown" in standings[0]
            assert "seating by table" in seating[0] and "find your table" in seating[1]
            assert all("hands at this table" in card for card in tables)
            assert all(card.count("Score card") in (2, 3) for card in cards)
        else:
            assert "Tabelle" in standings[0] and "Endstand" in standings[0]
            assert "Sitzordnung nach Tischen" in seating[0] and "Wo sitze ich?" in seating[1]
            assert all("Spiele an diesem Tisch" in card for card in tables)
            assert all(card.count("Ergebniskarte") in (2, 3) for card in cards)
        # Every name on the door's list, every player a card.
        read = {name: raw_text(OUT / f"print-{name}-{language}.pdf") for name in sheets}
        assert all(whole(name, read["seating"][1]) for name in PLAYERS)
        # A–Z: each card's name is the line under its heading ("Score card ... Final"),
        # beside it the caption of the player's code (an organiser's print).
        caption = "Your player link" if language == "en" else "Ihr Spielerlink"
        assert all(
            card.count(caption) == card.count("Score card" if language == "en" else "Ergebniskarte")
            for card in cards
        )
        # Each code is its card's player's own link.
        codes = qr_of(OUT / f"print-cards-{language}.pdf", 1)
        assert len(codes) == cards[0].count(caption) and set(codes) <= player_links
        lines = [line.replace(caption, "").strip() for line in "\n".join(cards).splitlines()]
        lines = [line for line in lines if line]
        final = "Final" if language == "en" else "Endstand"
        heads = [lines[i + 1] for i, line in enumerate(lines[:-1]) if line.endswith(final)]
        assert len(heads) == len(PLAYERS)
        short = sorted((name for name in PLAYERS if name != LONG), key=str.casefold)
        assert [head for head in heads if head in short] == short
        # The long name whole on every sheet it is on, and nothing cut anywhere.
        assert whole(LONG, read["standings"][0])
        assert whole(LONG, read["seating"][0]) and whole(LONG, read["seating"][1])
        assert [whole(LONG, card) for card in read["tables"]].count(True) == 1
        # On its own card and on the cards of those who sat with them, "At the table".
        assert " ".join(" ".join(read["cards"]).split()).count(LONG) > 3
        assert not any("…" in page for pages in read.values() for page in pages)
        # Each table card's QR code is its table link, and the address printed under it.
        page.goto(base + "tables/3/")
        printed = page.locator(".table-sheet .url").all_inner_texts()
        numbers = page.locator(".table-sheet .table-big").all_inner_texts()
        for index, card in enumerate(tables):
            decoded = qr_of(OUT / f"print-tables-{language}.pdf", index + 1)
            assert decoded == [printed[index]] == [links[int(numbers[index])]]
            assert re.search(rf"^\s*{numbers[index]}\s*$", card, flags=re.M), card
        # A phone that scans one lands on its table's page.
        assert page.goto(links[1]).status == 200
        shown = page.locator("main").inner_text()
        assert all(name in shown for name in players_at[1]), shown

        # On screen too: a phone never pans sideways.
        for name, path in [("tables", "tables/3/"), ("seating", "seating/3/"), ("cards", "cards/")]:
            page.goto(base + path)
            page.set_viewport_size({"width": 360, "height": 740})
            shot(page, f"print-screen-{name}-{language}-phone", full_page=True)
            assert page.evaluate("document.documentElement.scrollWidth") <= 360, name
            page.set_viewport_size({"width": 1280, "height": 800})
            shot(page, f"print-screen-{name}-{language}-laptop")
        assert errors == [], errors
        page.context.close()

    # The CSV, as the standings page links it.
    page, errors = organiser_page(browser, live_server, otto, "en-GB")
    exported = page.request.get(f"{live_server.url}/tournaments/{tournament.pk}/standings.csv")
    assert exported.headers["content-type"] == "text/csv; charset=utf-8"
    rows = list(csv.reader(io.StringIO(exported.body().decode("utf-8-sig"))))
    assert rows[0][:4] == ["rank", "name", "match points", "game points"] and len(rows) == 12
    assert "Jörg" in {row[1] for row in rows}

    # The season: a new series, the evening added, its table shows every player.
    page.goto(f"{live_server.url}/series/")
    page.fill("#id_name", "Winter season")
    page.select_option("#id_game", "sergeant-major")
    page.get_by_role("button", name="Create the series").click()
    page.wait_for_url(re.compile(r"/series/\d+/$"))
    page.select_option("#add-tournament", str(tournament.pk))
    page.get_by_role("button", name="Add", exact=True).click()
    page.wait_for_selector(".messages")
    assert "Club night counts in this series." in page.locator(".messages").inner_text()
    rows = page.locator("table.series-table tbody tr")
    assert rows.count() == 11
    first = rows.first.locator("td")
    assert first.nth(2).inner_text() == "11"  # N + 1 − rank for the winner of 11
    shot(page, "print-screen-series-laptop", full_page=True)
    page.set_viewport_size({"width": 360, "height": 740})
    shot(page, "print-screen-series-phone", full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.set_viewport_size({"width": 1280, "height": 800})
    series_url = page.url
    pages, timings["series-en"] = print_pdf(page, series_url + "print/", "series-en")
    assert len(pages) == 1 and "Series table" in pages[0]
    assert whole(LONG, raw_text(OUT / "print-series-en.pdf")[0])
    nothing_for_the_screen(pages, "en")
    assert errors == [], errors
    page.context.close()
    print("\nprint page load times (s):", {k: round(v, 3) for k, v in timings.items()})


def test_big_evenings_fit_the_paper(live_server, transactional_db, browser):
    otto = get_user_model().objects.create_user("otto", password="x", is_staff=True)
    thirty = night(otto, names=[f"Player number {i:02d}" for i in range(30)], name="Thirty")
    hall = night(
        otto,
        names=[f"Guest {i:03d}" for i in range(120)],
        name="Hall",
        rounds=2,
        played=1,
    )
    last = Table.objects.get(round__tournament=hall, round__number=1, number=40)
    # Sheepshead: 23 players at 5+6+6+6, 20 hands each, 24 at a table of six, long names.
    sheep = services.create_tournament(
        otto,
        name="Sheepshead",
        date=datetime.date(2026, 12, 8),
        game="sheepshead",
        variant="standard",
        rounds=1,
        hands_per_round=20,
    )
    names = [f"A rather long player name number {i:02d}" for i in range(23)]
    for entry in registration.register_players(sheep, otto, names):
        registration.check_in(entry, otto)
    drafting.draft_round(sheep, otto, method="draw", seed=1)
    page, errors = organiser_page(browser, live_server, otto, "en-GB")
    timings = {}
    standings, timings["standings-30"] = print_pdf(
        page, f"{live_server.url}/tournaments/{thirty.pk}/print/standings/", "standings-30"
    )
    assert len(standings) == 1  # thirty rows on one page
    assert all(f"Player number {i:02d}" in standings[0] for i in range(30))
    base = f"{live_server.url}/tournaments/{hall.pk}/print/"
    tables, timings["tables-40"] = print_pdf(page, base + "tables/1/", "tables-40")
    assert len(tables) == 40  # a page per table, never two
    assert [re.search(r"Round 1", card) is not None for card in tables] == [True] * 40
    assert qr_of(OUT / "print-tables-40.pdf", 40) == [f"{live_server.url}/t/{last.token}/"]
    seating, timings["seating-120"] = print_pdf(page, base + "seating/2/", "seating-120")
    assert "Draft" in seating[0]
    start = next(i for i, text in enumerate(seating) if "find your table" in text)
    door = "".join(seating[start:])
    room = "".join(seating[:start])
    assert all(re.search(rf"Table\s+{number}\b", room) for number in range(1, 41))
    assert all(f"Guest {i:03d}" in door for i in range(120))
    cards, timings["cards-120"] = print_pdf(page, base + "cards/", "cards-120")
    sheep_cards, timings["tables-sheepshead"] = print_pdf(
        page, f"{live_server.url}/tournaments/{sheep.pk}/print/tables/1/", "tables-sheepshead"
    )
    assert len(sheep_cards) == 4  # a grid of 24 hands and six long names still fits a page
    # The five-seat table plays 20 hands, the sixes 24: every row on its card's page.
    # (A row is its hand's number, then its dealer's seat, pre-printed.)
    last_rows = [bool(re.search(r"^\s*24\s+\d\s*$", card, flags=re.M)) for card in sheep_cards]
    assert sorted(last_rows) == [False, True, True, True]
    assert all(re.search(r"^\s*20\s+\d\s*$", card, flags=re.M) for card in sheep_cards)
    assert len(cards) <= 40  # 120 guests, three or more cards to a page
    assert errors == [], errors
    page.context.close()
    print("\nprint page load times (s):", {k: round(v, 3) for k, v in timings.items()})


def test_the_standings_page_prints_as_its_sheet(live_server, transactional_db, browser):
    # Issue 32, item 2: the standings page through the browser's Print menu (Chromium's
    # PDF of the page itself, print media) was eight pages of names broken letter by
    # letter at a Sheepshead evening of 23. Printed, it is the print sheet, page for page.
    otto = get_user_model().objects.create_user("otto", password="x", is_staff=True)
    names = [*(f"Spielerin Nummer {number:02}" for number in range(1, 23)), LONG]
    tournament = sheepshead_night(otto, names)  # 5 + 6 + 6 + 6, two rounds
    base = f"{live_server.url}/tournaments/{tournament.pk}/"
    for locale, language in (("de-DE", "de"), ("en-GB", "en")):
        page, errors = organiser_page(browser, live_server, otto, locale)
        assert page.goto(base + "standings/").status == 200
        pdf = OUT / f"print-standings-page-{language}.pdf"
        page.pdf(path=str(pdf), prefer_css_page_size=True, print_background=True)
        for old in OUT.glob(f"print-standings-page-{language}-*.png"):
            old.unlink()
        png = [
            "pdftoppm",
            "-png",
            "-r",
            "60",
            str(pdf),
            str(OUT / f"print-standings-page-{language}"),
        ]
        subprocess.run(png, check=True)
        printed = subprocess.run(
            ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
        ).stdout.split("\f")[:-1]
        assert len(printed) == 1  # 23 rows on a page
        # The page as drawn, cell by cell (pdftotext -raw): a name wrapped in its cell
        # reads on, where the default reading order may put its second line elsewhere.
        read = drawn(pdf)
        # Every name whole (the 40-letter one wraps between its words in German, as on
        # the sheet), never a letter or two to a line.
        assert all(whole(name, read) for name in names)
        assert re.search(r"^\s*\d+=?\s+Maximilianus Bartholomäus von", printed[0], re.M)
        # Nothing of the page's own: its links (Print, the CSV files), its hints, its form.
        assert "CSV" not in printed[0] and "←" not in printed[0]
        # The print sheet's own PDF reads the same, line for line.
        sheet, _ = print_pdf(page, base + "print/standings/", f"standings-sheet-{language}")
        assert printed == sheet
        assert errors == [], errors
        page.context.close()


# The right edge of the furthest standings cell: inside the screen, or the phone pans (a
# scrolling box around the table is panning too).
FURTHEST_CELL = """() => Math.max(...Array.from(
    document.querySelectorAll(".standings td, .standings-sheet td"),
    (cell) => cell.getBoundingClientRect().right))"""


def test_the_standings_fit_a_phone(live_server, transactional_db, browser):
    otto = get_user_model().objects.create_user("otto", password="x", is_staff=True)
    # The defaults: match points, then game points, best round and head to head.
    tournament = night(otto, names=PLAYERS, name="Club night", tie_breaks=None, public=True)
    base = f"{live_server.url}/tournaments/{tournament.pk}/"
    pages = ["standings/", "results/", "board/", "print/standings/"]
    for locale, language in (("en-GB", "en"), ("de-DE", "de")):
        page, errors = organiser_page(browser, live_server, otto, locale)
        for path in pages:
            for width, height in ((360, 740), (1280, 800)):
                page.set_viewport_size({"width": width, "height": height})
                page.goto(base + path)
                name = path.strip("/").replace("/", "-")
                shot(page, f"standings-screen-{name}-{language}-{width}", full_page=name != "board")
                assert page.evaluate("document.documentElement.scrollWidth") <= width, name
                assert page.evaluate(FURTHEST_CELL) <= width, (name, width)
                # Every figure with what it is: the heads, or on a phone each cell's own.
                if width == 360:
                    # (The standings page's print sheet is there for the printer only.)
                    figure = page.locator("td.figure:visible").first
                    label = figure.evaluate("(td) => getComputedStyle(td, '::before').content")
                    assert label not in {"none", "normal", ""}, (name, label)
                shown = page.locator(".standings:visible, .standings-sheet:visible").inner_text()
                assert LONG in " ".join(shown.split()), name
        assert errors == [], errors
        page.context.close()


def test_the_table_cards_grid_is_whole_on_the_paper(live_server, transactional_db, browser):
    # Issue 32, item 12: "the table card's grid is cut at the right edge". The widest
    # cards: Sheepshead at six (tables of six and seven) and Sergeant Major at four,
    # German heads, 40-letter names. Every seat's Σ column is on the page, nothing drawn
    # past its right edge.
    otto = get_user_model().objects.create_user("otto", password="x", is_staff=True)
    long = [f"Maximilianus Bartholomäus von Hohenst {i:02d}" for i in range(13)]
    seven = services.create_tournament(
        otto, name="Schafkopf", date=datetime.date(2026, 12, 8), game="sheepshead",
        variant="standard", table_size=6, rounds=1, hands_per_round=18,
    )  # fmt: skip
    four = services.create_tournament(
        otto, name="Sergeant Major", date=datetime.date(2026, 12, 8), game="sergeant-major",
        variant="8-5-3", rounds=1, hands_per_round=9,
    )  # fmt: skip
    for tournament, names in [(seven, long), (four, long[:8])]:
        for entry in registration.register_players(tournament, otto, names):
            registration.check_in(entry, otto)
        drafting.draft_round(tournament, otto, method="draw", seed=1)
    page, errors = organiser_page(browser, live_server, otto, "de-DE")
    for tournament in (seven, four):
        sizes = [
            table.seats.count()
            for table in Table.objects.filter(round__tournament=tournament).order_by("number")
        ]
        name = f"tables-wide-{tournament.game}"
        cards, _loaded = print_pdf(
            page, f"{live_server.url}/tournaments/{tournament.pk}/print/tables/1/", name
        )
        assert len(cards) == len(sizes), name  # a card a page
        pdf = OUT / f"print-{name}.pdf"
        for number, (card, seats) in enumerate(zip(cards, sizes, strict=True), 1):
            # A Σ under each seat, and the one in the caption.
            assert card.count("Σ") == seats + 1, (name, number)
            assert overhang(pdf, number) <= 0, (name, number)
    assert errors == [], errors
    page.context.close()
