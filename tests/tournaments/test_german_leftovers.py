"""Issue 19, item 4: the German pages say everything in German, and no number the browser
reads (an SVG coordinate, a style, a data attribute) is written with a decimal comma.

The night: Sergeant Major 8-5-3 with sitters, 11 players (3+4+4), round 1 drawn, played
and closed, round 2 drafted ``mixed`` (``tests.print.evening``).
"""

import re
from html.parser import HTMLParser

import pytest
from django.test import Client

from matches.models import Table
from tests.factories import game_match, sm_hand, text
from tests.print.evening import night


def german(user=None):
    client = Client(HTTP_ACCEPT_LANGUAGE="de")
    if user is not None:
        client.force_login(user)
    return client


@pytest.fixture
def evening(organiser):
    return night(organiser, rounds=2, played=1, public=True)


def test_it_names_the_seating_methods_in_german(organiser, evening):
    boss = german(organiser)
    base = f"/tournaments/{evening.pk}/"
    first = text(boss.get(base + "rounds/1/"))
    assert "abgeschlossen · Auslosung" in first, first[:400]
    assert "· draw" not in first
    second = text(boss.get(base + "rounds/2/"))
    assert "Entwurf · gemischt" in second, second[:400]
    # The choice on the tournament's page shows the names; the values stay the codes.
    detail = boss.get(base).content.decode()
    assert re.search(r'<option value="mixed"[^>]*>gemischt</option>', detail)
    assert re.search(r'<option value="draw"[^>]*>Auslosung</option>', detail)
    assert ">mixed<" not in detail and ">draw<" not in detail
    audit = text(boss.get(base + "audit/"))
    assert "Sitzordnung von Runde 1 entworfen (Auslosung," in audit
    assert "Sitzordnung von Runde 2 entworfen (gemischt," in audit
    assert "(draw," not in audit and "(mixed," not in audit


def test_it_keeps_the_seating_methods_english_words_in_english(organiser, evening):
    boss = Client()
    boss.force_login(organiser)
    assert "closed · draw" in text(boss.get(f"/tournaments/{evening.pk}/rounds/1/"))
    assert "drafted round 2 (mixed," in text(boss.get(f"/tournaments/{evening.pk}/audit/"))


def test_it_calls_sheepshead_by_its_german_name_beside_the_table_size(organiser):
    page = german(organiser).get("/tournaments/new/?preset=sheepshead/standard").content.decode()
    label = re.search(r'<label for="id_table_size">([^<]*)</label>', page).group(1)
    assert "Schafkopf (amerikanisch)" in label, label
    assert "Sheepshead" not in label


# -- numbers a browser reads ---------------------------------------------------------------

NUMBER = re.compile(r"-?\d+(\.\d+)?([eE]-?\d+)?")
# Attributes of an SVG element that hold numbers (lists of them, for some).
SVG_NUMBERS = {
    "x", "y", "x1", "x2", "y1", "y2", "cx", "cy", "r", "rx", "ry", "width", "height",
    "viewbox", "stroke-width", "font-size", "dx", "dy", "opacity", "offset",
}  # fmt: skip


class Numbers(HTMLParser):
    """Every number a browser parses from an attribute: in SVG, styles and data-*."""

    def __init__(self):
        super().__init__()
        self.svg = 0
        self.found: list[tuple[str, str, str]] = []  # (tag, attribute, value)

    def handle_starttag(self, tag, attrs):
        if tag == "svg":
            self.svg += 1
        for name, value in attrs:
            if value is None:
                continue
            if self.svg and (name in SVG_NUMBERS or name in {"points", "d", "transform"}):
                self.found.append((tag, name, value))
            elif name == "style" or (name.startswith("data-") and re.search(r"\d", value)):
                self.found.append((tag, name, value))

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag == "svg":
            self.svg -= 1

    def handle_endtag(self, tag):
        if tag == "svg":
            self.svg -= 1


def wrong_numbers(html: str) -> list[tuple[str, str, str]]:
    """The attributes whose numbers do not parse as floats written with a dot."""
    parser = Numbers()
    parser.feed(html)
    wrong = []
    for tag, name, value in parser.found:
        if name == "points":
            # Pairs "x,y" separated by spaces: a comma inside a number makes three parts.
            ok = all(
                len(pair.split(",")) == 2 and all(NUMBER.fullmatch(n) for n in pair.split(","))
                for pair in value.split()
            )
        elif name in {"d", "transform"}:
            ok = not re.search(r"\d,\d", value.replace(" ", ""))  # no decimal comma
            ok = ok and not re.search(r"\d+,\d+,\d", value)
        elif name == "style":
            ok = not re.search(r"\d,\d", value)
        elif name.startswith("data-"):
            # A data attribute that is a number (or numbers) must read as one with a dot;
            # words (a name, a label) are not numbers.
            parts = value.split()
            ok = not all(re.fullmatch(r"[-−+]?[\d.,]+", part) for part in parts) or all(
                NUMBER.fullmatch(part) for part in parts
            )
        else:
            ok = all(NUMBER.fullmatch(part) for part in value.split())
        if not ok:
            wrong.append((tag, name, value))
    return wrong


def test_the_checker_finds_a_decimal_comma():
    assert wrong_numbers('<svg><line y1="73,6" y2="73.6"/></svg>') == [("line", "y1", "73,6")]
    assert wrong_numbers('<svg><polyline points="8,0,172,0 20,5,3,1"/></svg>')
    assert wrong_numbers('<p data-share="0,5">') and wrong_numbers('<p style="width: 2,5em">')
    assert not wrong_numbers('<svg viewBox="0 0 600 180"><polyline points="8.0,17.5 9,3"/></svg>')
    assert not wrong_numbers('<td data-label="Ann 2, Ben 3">')


def test_it_never_writes_a_decimal_comma_where_a_browser_reads_a_number(organiser, owner, evening):
    boss = german(organiser)
    base = f"/tournaments/{evening.pk}/"
    # A casual match with a sitter and a chart whose zero line falls between pixels.
    match = game_match(
        owner,
        "sergeant-major",
        "8-5-3",
        ("Ann", "Ben", "Cy", "Dee"),
        [sm_hand([10, 4, 2, 0]), sm_hand([0, 9, 5, 2]), sm_hand([3, 0, 6, 7])],
        options={"sitter": True},
    )
    mine = german(owner)
    table = Table.objects.filter(round__number=1).first()
    pages = {
        "match": mine.get(f"/matches/{match.pk}/"),
        "new match": mine.get("/matches/new/"),
        "new match, four seats": mine.get("/matches/new/?preset=sergeant-major/four-player"),
        "table link": german().get(f"/t/{table.token}/"),
        "tournament match": boss.get(f"/matches/{table.match_id}/"),
        "round 1": boss.get(base + "rounds/1/"),
        "round 2": boss.get(base + "rounds/2/"),
        "links": boss.get(base + "rounds/1/links/"),
        "board": german().get(base + "board/"),
        "results": german().get(base + "results/"),
        "standings": boss.get(base + "standings/"),
        "print standings": boss.get(base + "print/standings/"),
        "print seating": boss.get(base + "print/seating/1/"),
        "print tables": boss.get(base + "print/tables/2/"),
        "print cards": boss.get(base + "print/cards/"),
    }
    assert "Spielverlauf" in text(pages["match"]) or "Verlauf" in text(pages["match"])
    seen_svg = 0
    for name, page in pages.items():
        assert page.status_code == 200, name
        html = page.content.decode()
        seen_svg += html.count("<svg")
        assert wrong_numbers(html) == [], name
    assert seen_svg >= 3  # the chart, the seats around the table, the QR codes
