"""Issue 20, item 7 in Chromium: a match's own score sheet (the match page printed, on A4)
fits one page for a normal match of 20 hands, chart included, and its head says the date,
the game and variant, the number of hands, the winner and the margins. Issue 32, items 1
and 7: with a 40-letter name in every seat, in every game, every seat's column is on the
page (a Sheepshead leaster's "Leaster gewonnen von …" wraps in its cell), and the match
page pans sideways neither at 1280 × 800 nor at 360 × 740. The PDF is Chromium's
(page.pdf), read with poppler's pdfinfo and pdftotext (tests/pdf_support.py); ``$SHOTS``
set, its page is drawn there as a PNG (pdftoppm) for a look, with the screenshots.

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

from tests import pdf_support
from tests.e2e.seven_hands import LONG_NAMES
from tests.e2e_support import PHONE, browser_context, logged_in, shot, unavailable
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


LOCALES = {"en": "en-GB", "de": "de-DE"}
# What the history's heads and its leaster row say, in each language.
SAID = {
    "en": {"history": "History", "totals": "Totals", "points": "Points",
           "leaster": "nobody picked · leaster won by {}"},
    "de": {"history": "Verlauf", "totals": "Summe", "points": "Punkte",
           "leaster": "niemand aufgenommen · Leaster gewonnen von {}"},
}  # fmt: skip
# Every page fits its screen: the page does not scroll sideways, nor does a box in it (the
# history's, the standings'): a box that scrolls is a page that pans too.
NO_PANNING = """() => document.scrollingElement.scrollWidth <= window.innerWidth
  && [...document.querySelectorAll('.scroll')].every((box) => box.scrollWidth <= box.clientWidth)"""


def few_hands(game: str, seats: int) -> tuple[list[dict], dict]:
    """Four hands (rounds) of ``game`` at ``seats`` and the options they need: Sheepshead's
    third a leaster, won by the seat after the dealer (the dealer sits out at a six)."""
    if game == "sergeant-major":
        tricks = [(9, 4, 3), (8, 5, 3), (3, 10, 3)] if seats == 3 else [(5, 4, 2, 2), (6, 3, 2, 2)]
        hands = [sm_hand(list(tricks[n % len(tricks)])) for n in range(4)]
        return hands, {"win_tricks": None, "point_limit": None, "hands_limit": 20}
    if game == "sieben":
        counters = [[50, 30, 10], [10, 50, 30]] if seats == 3 else [[60, 30], [30, 60]]
        return [{"counters": counters[n % 2], "no_trick": False} for n in range(4)], {}
    hands = []
    for number in range(4):
        eldest = (number + 1) % seats
        if number == 2:
            hands.append({"picker": None, "leaster_winner": eldest})
            continue
        partner = (eldest + 1) % seats
        hands.append({"picker": eldest, "partner": partner, "points": 75, "all_tricks": False})
    return hands, {"all_pass": "leaster"}


@pytest.mark.parametrize(
    ("game", "variant", "seats", "language"),
    [
        ("sergeant-major", "8-5-3", 3, "de"),
        ("sergeant-major", "four-player", 4, "de"),
        ("sheepshead", "3-handed", 3, "de"),
        ("sheepshead", "4-handed", 4, "de"),
        ("sheepshead", "standard", 5, "de"),
        ("sheepshead", "6-handed", 6, "de"),
        ("sheepshead", "6-handed", 6, "en"),
        ("sheepshead", "7-handed", 7, "de"),
        ("sieben", "three-player", 3, "de"),
        ("sieben", "partners", 4, "de"),
    ],
)
def test_every_seat_on_the_screen_and_the_page_whatever_the_names(
    live_server, browser, transactional_db, tmp_path, game, variant, seats, language
):
    owner = get_user_model().objects.create_user("ann", password="Kitchen-table-42")
    names = LONG_NAMES[:seats]  # 40 letters in every seat
    hands, options = few_hands(game, seats)
    match = game_match(owner, game, variant, names, hands, options=options)
    said, tag = SAID[language], f"{game}-{seats}-{language}"
    pdf = tmp_path / "sheet.pdf"
    with browser_context(browser, {"width": 1280, "height": 800}, LOCALES[language]) as (page, _):
        logged_in(page.context, live_server.url, owner)
        page.goto(f"{live_server.url}/matches/{match.pk}/")
        # Item 7: no page pans, on a laptop or a phone (the picture: the history there, on
        # a phone its third hand, Sheepshead's leaster).
        laptop = {"width": 1280, "height": 800}
        for size, shown in ((laptop, "#history"), (PHONE, "#history tbody tr:nth-child(3)")):
            page.set_viewport_size(size)
            page.locator(shown).scroll_into_view_if_needed()
            shot(page, f"long-names-{tag}-{size['width']}")
            assert page.evaluate(NO_PANNING), size
        page.pdf(path=str(pdf), format="A4")
    folder = os.environ.get("SHOTS")
    if folder:
        subprocess.run(["pdftoppm", "-png", "-r", "70", str(pdf), f"{folder}/long-names-{tag}"])
    # Item 1: four hands on one A4 page, and on it the history's head naming every seat's
    # column whole, one after the other, every seat's total under it, nothing cut off.
    assert pdf_support.pages(pdf) == 1
    assert pdf_support.overhang(pdf) <= 0
    drawn = pdf_support.drawn(pdf)
    history = pdf_support.squeezed(drawn[drawn.index(said["history"]) :])
    # The seats' heads: their names, or Sieben's sides ("Ann & Cy").
    sides = names if variant != "partners" else [" & ".join(names[side::2]) for side in (0, 1)]
    assert pdf_support.squeezed("".join(sides)) in history, drawn
    foot = re.search(rf"^(?:{said['totals']}|{said['points']})((?: [+−]?\d+)+)$", drawn, re.M)
    assert foot and len(foot.group(1).split()) == len(sides), drawn
    if game == "sheepshead":
        # The leaster's line whole in its cell, the winner named in full.
        line = said["leaster"].format(names[3 % seats])
        assert pdf_support.squeezed(line) in history, drawn
