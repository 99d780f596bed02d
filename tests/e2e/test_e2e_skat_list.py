"""Issue 35, item 4 in Chromium: Skat's list on A4. A full series printed as its ISkO
Spielliste, 36 games at three and 48 at four, in German, is one A4 page with every line
and the end of the list on it, nothing past its right edge; a Skat round's table cards
carry a blank list on a page of their own after each card. The PDFs are Chromium's
(page.pdf), read with poppler (tests/pdf_support.py); ``$SHOTS`` set, each page is drawn
there as a PNG (pdftoppm) for a look. The sheet's content: tests/print/test_skat_list.py.

Needs Debian's Chromium (tests/e2e_support.py) and poppler-utils.
"""

import datetime
import os
import re
import shutil
import subprocess

import pytest
from django.contrib.auth import get_user_model

from matches.models import Table
from matches.services import drafting, registration
from matches.services import tournaments as services
from tests import pdf_support
from tests.e2e_support import browser_context, logged_in, unavailable
from tests.print.skat_list import FOUR, THREE, series, signed, skat

pytestmark = pytest.mark.e2e

LONG = "Maximilianus Bartholomäus von Hohenstein"


@pytest.fixture(scope="module", autouse=True)
def poppler():
    for tool in ("pdfinfo", "pdftotext", "pdftoppm"):
        if not shutil.which(tool):
            unavailable(f"needs poppler-utils ({tool})")


def printed(browser, live_server, user, path, pdf, picture):
    """``path`` printed by Chromium on A4 in German, as ``user``; drawn as
    ``$SHOTS/<picture>-<page>.png`` when ``$SHOTS`` is set."""
    with browser_context(browser, {"width": 1280, "height": 900}, locale="de-DE") as (page, _):
        logged_in(page.context, live_server.url, user)
        response = page.goto(f"{live_server.url}{path}")
        assert response.status == 200, path
        # The Print button is for a browser running the page's script; never on paper.
        assert page.locator("button[data-print]").is_visible()
        if os.environ.get("SHOTS"):
            page.screenshot(path=f"{os.environ['SHOTS']}/{picture}-screen.png", full_page=True)
        page.pdf(path=str(pdf), prefer_css_page_size=True, print_background=True)
    folder = os.environ.get("SHOTS")
    if folder:
        subprocess.run(
            ["pdftoppm", "-png", "-r", "90", str(pdf), f"{folder}/{picture}"], check=True
        )


@pytest.mark.parametrize(
    ("players", "games"),
    [(THREE, 36), ((*FOUR[:3], LONG), 48)],
    ids=["three-36", "four-48"],
)
def test_a_whole_series_prints_on_one_a4_page(
    live_server, browser, transactional_db, tmp_path, players, games
):
    owner = get_user_model().objects.create_user("ann", password="Kitchen-table-42")
    hands, played = series(len(players), games)
    match = skat(owner, players, hands)
    assert match.finished
    pdf = tmp_path / "list.pdf"
    printed(browser, live_server, owner, f"/matches/{match.pk}/sheet/", pdf, f"skat-list-{games}")
    assert pdf_support.pages(pdf) == 1
    assert pdf_support.overhang(pdf) <= 0
    text = pdf_support.drawn(pdf)
    assert "Spielliste" in text
    for word in ("Drucken", "Abmelden", "←"):
        assert word not in text, word
    # Every line's number, the last game's included, and the end of the list under them.
    squeezed = pdf_support.squeezed(text)
    assert pdf_support.squeezed(LONG if LONG in players else players[0]) in squeezed
    assert text.count("eingepasst") == sum(1 for *_, entry in played if entry is None)
    for word in ("Abrechnung", "Listenpunkte", "Gesamt"):
        assert word in text, word
    scores = [seat.total for seat in match.seat_list]
    total_line = next(line for line in text.splitlines() if line.startswith("Gesamt"))
    assert total_line.split()[1:] == [signed(score) for score in scores], total_line
    assert re.search(rf"(?m)^{games}\b", text), text


def test_a_skat_rounds_table_cards_carry_a_blank_list(
    live_server, browser, transactional_db, tmp_path
):
    otto = get_user_model().objects.create_user("otto", password="x", is_staff=True)
    night = services.create_tournament(
        otto, name="Skatabend", date=datetime.date(2026, 12, 8), game="skat",
        variant="isko-four", rounds=1, hands_per_round=36,
    )  # fmt: skip
    names = [*FOUR, "Eva", "Fritz", LONG]  # a table of four and one of three
    for entry in registration.register_players(night, otto, names):
        registration.check_in(entry, otto)
    drafting.draft_round(night, otto, method="draw", seed=1)
    tables = list(Table.objects.filter(round__tournament=night).order_by("number"))
    pdf = tmp_path / "cards.pdf"
    printed(
        browser, live_server, otto, f"/tournaments/{night.pk}/print/tables/1/", pdf, "skat-cards"
    )
    # A card a page, then its blank list on the next.
    lists = []
    assert pdf_support.pages(pdf) == 2 * len(tables)
    for number, table in enumerate(tables):
        card, blank = (pdf_support.drawn(pdf, 2 * number + page) for page in (1, 2))
        assert "Tisch" in card
        assert f"Spielliste, Tisch {table.number}" in blank
        seats = table.seats.count()
        per_other = 40 if seats == 3 else 30
        assert f"Verlorene Spiele der anderen × {per_other}" in blank
        assert pdf_support.overhang(pdf, 2 * number + 2) <= 0
        lists.append(pdf_support.squeezed(blank))
    # Every player's name heads a column of their table's list.
    for name in names:
        assert any(pdf_support.squeezed(name) in blank for blank in lists), name


def test_the_list_fits_a_phone(live_server, browser, transactional_db):
    """On a phone's screen the list scrolls in its box; the page itself never pans."""
    owner = get_user_model().objects.create_user("ann", password="Kitchen-table-42")
    hands, _ = series(4, 10)
    match = skat(owner, (*FOUR[:3], LONG), hands)
    with browser_context(browser, {"width": 360, "height": 740}, locale="de-DE") as (page, _):
        logged_in(page.context, live_server.url, owner)
        page.goto(f"{live_server.url}/matches/{match.pk}/sheet/")
        if os.environ.get("SHOTS"):
            page.screenshot(path=f"{os.environ['SHOTS']}/skat-list-phone.png")
        wide = page.evaluate("document.documentElement.scrollWidth")
        assert wide <= 360, wide
