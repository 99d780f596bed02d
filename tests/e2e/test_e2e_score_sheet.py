"""Issue 20, item 7 in Chromium: a match's own score sheet (the match page printed, on A4)
fits one page for a normal match of 20 hands, chart included, and its head says the date,
the game and variant, the number of hands, the winner and the margins. The PDF is
Chromium's (page.pdf), read with poppler's pdfinfo and pdftotext; ``$SHOTS`` set, its page
is drawn there as a PNG (pdftoppm) for a look.

Needs Debian's Chromium (tests/e2e_support.py) and poppler-utils.
"""

import os
import re
import shutil
import subprocess

import pytest
from django.contrib.auth import get_user_model
from django.utils import translation
from django.utils.formats import date_format
from django.utils.timezone import localtime

from tests.e2e_support import browser_context, logged_in, unavailable
from tests.factories import game_match, sm_hand

pytestmark = pytest.mark.e2e

# Twenty hands of 16 tricks, the deal passing left: a match that ends on its hand limit.
TRICKS = [(9, 4, 3), (8, 5, 3), (3, 10, 3), (6, 6, 4), (5, 3, 8)]
HANDS = [sm_hand(list(TRICKS[n % len(TRICKS)])) for n in range(20)]
NAMES = ("Annemarie", "Benedikt", "Cyrill")
WORDS = {
    "en": {
        "locale": "en-GB",
        "head": ["Score sheet", "Sergeant Major 8-5-3 · 20 hands"],
        "winner": r"Winner: (\w+) with ([+−]\d+)",
        "margin": r"(\w+) ([+−]?\d+), (\d+) behind",
    },
    "de": {
        "locale": "de-DE",
        "head": ["Spielbericht", "Sergeant Major 8-5-3 · 20 Spiele"],
        "winner": r"Sieger: (\w+) mit ([+−]\d+)",
        "margin": r"(\w+) ([+−]?\d+), (\d+) zurück",
    },
}


def number(shown: str) -> int:
    return int(shown.replace("−", "-"))


@pytest.fixture(scope="module", autouse=True)
def poppler():
    """The PDFs are read with poppler's tools (checked before the module's browser starts:
    pytest sets a scope's autouse fixtures up first)."""
    for tool in ("pdfinfo", "pdftotext"):
        if not shutil.which(tool):
            unavailable(f"needs poppler-utils ({tool})")


def printed(browser, live_server, match, pdf, picture, locale="en-GB"):
    """The match page, its owner logged in, printed by Chromium to ``pdf`` on A4 (and
    drawn as ``$SHOTS/<picture>`` when it is set); pdfinfo's and pdftotext's answers."""
    with browser_context(browser, {"width": 1280, "height": 900}, locale=locale) as (page, _):
        logged_in(page.context, live_server.url, match.owner)
        page.goto(f"{live_server.url}/matches/{match.pk}/")
        page.pdf(path=str(pdf), format="A4")
    folder = os.environ.get("SHOTS")
    if folder:
        picture = f"{folder}/{picture}"
        subprocess.run(["pdftoppm", "-png", "-r", "70", str(pdf), picture], check=True)
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True).stdout
    text = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True
    ).stdout
    return info, text


@pytest.fixture
def match(transactional_db):
    owner = get_user_model().objects.create_user("ann", password="Kitchen-table-42")
    options = {"win_tricks": None, "hands_limit": 20}
    return game_match(owner, "sergeant-major", "8-5-3", NAMES, HANDS, options=options)


@pytest.mark.parametrize("language", ["en", "de"])
def test_twenty_hands_print_on_one_a4_page_with_the_facts_on_top(
    live_server, browser, match, tmp_path, language
):
    assert match.finished
    with translation.override(language):
        day = date_format(localtime(match.created_at), "DATE_FORMAT")
    words = WORDS[language]
    pdf = tmp_path / "sheet.pdf"
    info, text = printed(
        browser, live_server, match, pdf, f"score-sheet-{language}", words["locale"]
    )
    assert re.search(r"^Pages:\s+1$", info, re.M), info
    assert re.search(r"^Page size:.*\(A4\)$", info, re.M), info
    head = text[: text.index(NAMES[0]) + 400]
    for fact in [*words["head"], day]:
        assert fact in head, text
    # The winner, then each other seat with how far it finished behind: the totals the
    # sheet's footer prints, and the differences worked out here.
    name, figure = re.search(words["winner"], head).groups()
    margins = re.findall(words["margin"], head)
    assert [name] + [row[0] for row in margins] == list(NAMES), head
    totals = re.search(r"(?:Totals|Summe)\s+(\S+)\s+(\S+)\s+(\S+)", text).groups()
    assert [number(figure)] + [number(row[1]) for row in margins] == [number(t) for t in totals]
    for _name, total, behind in margins:
        assert int(behind) == number(figure) - number(total)


def sheepshead_hands(seats: int, count: int) -> list[dict]:
    """``count`` hands of Sheepshead: the picker and partner move round the table."""
    points = [61, 95, 45, 120, 20, 75, 88]
    hands = []
    for number in range(count):
        picker, partner = (number + 1) % seats, (number + 3) % seats
        scored = points[number % len(points)]
        hands.append(
            {
                "picker": picker,
                "partner": partner,
                "points": scored,
                "all_tricks": scored == 120,
                "no_trick": False,
            }
        )
    return hands


@pytest.mark.parametrize(("seats", "variant"), [(5, "standard"), (7, "7-handed")])
def test_the_widest_history_prints_every_seat_on_one_page(
    live_server, browser, transactional_db, tmp_path, seats, variant
):
    # Sheepshead's picker, partner and points, and up to seven seats: the widest history.
    owner = get_user_model().objects.create_user("ann", password="Kitchen-table-42")
    names = ("Annemarie", "Benedikt", "Cyrill", "Dorothea", "Eve", "Fay", "Gus")[:seats]
    match = game_match(owner, "sheepshead", variant, names, sheepshead_hands(seats, 20))
    pdf = tmp_path / "sheet.pdf"
    info, text = printed(browser, live_server, match, pdf, f"score-sheet-sheepshead-{seats}")
    assert re.search(r"^Pages:\s+1$", info, re.M), info
    table = text[text.index("History") :]
    heads = next(line for line in table.splitlines() if "Dealer" in line)
    for name in names:
        assert name in heads, heads  # every seat's column is on the page
    totals = next(line for line in table.splitlines() if line.lstrip().startswith("Totals"))
    assert len(totals.split()) == 1 + seats, totals
    assert "20 hands" in text
