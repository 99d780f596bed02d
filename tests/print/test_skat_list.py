"""Issue 35, item 4: Skat's list on paper. A match prints as an ISkO Spielliste (its own
sheet, ``/matches/<id>/sheet/``): a line per game of the series with its number and
dealer, the entry in the declarer's column (+value won, −2 × value lost) and the
declarer's list total after it, a deal passed in marked across its line; under it the
end of the list per player (skat/rules.md §4.3): the list points, games won × 50, games
lost × 50, the others' lost games × 40 (three) or × 30 (four), and the total, which is
the Seeger-Fabian score the match page shows. In English and German. A Skat round's
table cards carry a blank list. On A4 in Chromium: tests/e2e/test_e2e_skat_list.py.
"""

import datetime
import html
import re

import pytest

from matches.services import drafting, registration, tournaments
from tests.print.skat_list import FOUR, THREE, series, signed, skat

pytestmark = pytest.mark.django_db


def cells(row: str) -> list[str]:
    found = re.findall(r"<t[dh]\b[^>]*>(.*?)</t[dh]>", row, re.S)
    return [" ".join(html.unescape(re.sub(r"<[^>]+>", " ", cell)).split()) for cell in found]


def table(page: str, name: str) -> list[list[str]]:
    """The rows of ``<table class="name ...">``, each a list of its cells' text."""
    found = re.search(rf'<table class="{name}\b[^"]*">(.*?)</table>', page, re.S)
    assert found, page
    return [cells(row) for row in re.findall(r"<tr\b[^>]*>(.*?)</tr>", found.group(1), re.S)]


def sheet(client, match, language="en"):
    if language != "en":
        client.cookies["django_language"] = language
    response = client.get(f"/matches/{match.pk}/sheet/")
    assert response.status_code == 200
    return response.content.decode()


def expected_end(played, seats: int, per_other: int):
    """The end of the list per seat, worked out from the games' entries alone."""
    ends = []
    for seat in range(seats):
        mine = [entry for _, declarer, entry in played if declarer == seat]
        won = sum(1 for entry in mine if entry > 0)
        lost = len(mine) - won
        # Everyone else at the table, the dealer sitting out at four included.
        others = sum(
            1
            for _, declarer, entry in played
            if entry is not None and entry < 0 and declarer != seat
        )
        ends.append((sum(mine), won, lost, others))
    return ends


@pytest.mark.parametrize(
    ("players", "count", "limit"),
    [(THREE, 12, None), (FOUR, 16, None)],
    ids=["three", "four"],
)
def test_the_list_has_each_game_in_the_declarers_column(client_of, owner, players, count, limit):
    hands, played = series(len(players), count)
    match = skat(owner, players, hands, limit)
    page = sheet(client_of(owner), match)
    rows = table(page, "paper-list")
    heads, lines = rows[:2], rows[2:]
    assert heads[0][2:] == [f"{n} {name}" for n, name in enumerate(players, 1)]
    series_of = 36 if len(players) == 3 else 48
    assert [line[0] for line in lines] == [str(n) for n in range(1, series_of + 1)]
    totals = [0] * len(players)
    for line, (dealer, declarer, entry) in zip(lines, played, strict=False):
        assert line[1] == str(dealer + 1), line
        if entry is None:
            assert line[2:] == ["passed in"], line
            continue
        totals[declarer] += entry
        figures = line[2:]
        assert figures[2 * declarer] == signed(entry), line
        assert figures[2 * declarer + 1] == signed(totals[declarer]), line
        # Nothing in the other players' columns.
        assert [cell for i, cell in enumerate(figures) if i // 2 != declarer] == [""] * (
            2 * len(players) - 2
        ), line
    # The games still to come: their dealers pre-printed, their cells blank.
    for number, line in enumerate(lines[count:], start=count + 1):
        assert line[1] == str((number - 1) % len(players) + 1)
        assert set(line[2:]) == {""}


@pytest.mark.parametrize("players", [THREE, FOUR], ids=["three", "four"])
def test_the_end_of_the_list_is_the_formula_and_the_score(client_of, owner, players):
    seats = len(players)
    hands, played = series(seats, 14)
    match = skat(owner, players, hands)
    per_other = 40 if seats == 3 else 30
    page = sheet(client_of(owner), match)
    end = table(page, "paper-end")
    assert end[0] == ["End of the list", *(f"{n} {name}" for n, name in enumerate(players, 1))]
    labels = [row[0] for row in end[1:]]
    assert labels == [
        "List points",
        "Games won × 50",
        "Games lost × 50",
        f"The others' lost games × {per_other}",
        "Total",
    ]
    scores = [seat.total for seat in match.seat_list]
    for seat, (listed, won, lost, others) in enumerate(expected_end(played, seats, per_other)):
        column = [row[1 + seat] for row in end[1:]]
        total = listed + 50 * won - 50 * lost + per_other * others
        assert column == [
            signed(listed),
            f"{won} × {signed(50 * won)}",
            f"{lost} × {signed(-50 * lost)}",
            f"{others} × {signed(per_other * others)}",
            signed(total),
        ], column
        # The end-of-list formula gives the score the games gave one by one.
        assert total == scores[seat]


def test_in_german(client_of, owner):
    hands, played = series(4, 10)
    match = skat(owner, FOUR, hands)
    page = sheet(client_of(owner), match, "de")
    assert "Spielliste" in page
    rows = table(page, "paper-list")
    assert rows[0][:2] == ["Nr.", "Geber"]
    assert rows[1][:2] == ["Spiel", "Σ"]
    assert rows[2 + 2][2:] == ["eingepasst"]
    assert "Schattiert: Der Geber setzt in diesem Spiel aus." in page
    end = table(page, "paper-end")
    assert [row[0] for row in end] == [
        "Abrechnung",
        "Listenpunkte",
        "Gewonnene Spiele × 50",
        "Verlorene Spiele × 50",
        "Verlorene Spiele der anderen × 30",
        "Gesamt",
    ]
    listed, won, lost, others = expected_end(played, 4, 30)[1]
    assert end[-1][2] == signed(listed + 50 * (won - lost) + 30 * others)


def test_the_sitter_at_four_is_shaded(client_of, owner):
    hands, _ = series(4, 5)
    page = sheet(client_of(owner), skat(owner, FOUR, hands))
    body = re.search(r"<tbody>(.*?)</tbody>", page, re.S).group(1)
    lines = re.findall(r"<tr\b[^>]*>(.*?)</tr>", body, re.S)
    # Game 1: seat 1 deals (its two cells shaded), game 2: seat 2, and so on.
    for number, line in enumerate(lines[:8], start=1):
        if "passed in" in line:
            continue
        classes = re.findall(r'<td class="((?:list-entry|list-sum)[^"]*)"', line)
        out = [i // 2 for i, name in enumerate(classes) if "out" in name]
        assert out == [(number - 1) % 4] * 2, (number, classes)


def test_the_match_page_links_its_list(client_of, owner):
    match = skat(owner, THREE, [])
    page = client_of(owner).get(f"/matches/{match.pk}/").content.decode()
    assert f'href="/matches/{match.pk}/sheet/"' in page
    assert "Print the list (Spielliste)" in page
    # A blank series: every line blank, the end of the list all zero.
    rows = table(sheet(client_of(owner), match), "paper-end")
    assert rows[-1][1:] == ["0", "0", "0"]


def test_a_game_without_a_list_has_no_sheet(client_of, owner, make_match):
    match = make_match()
    client = client_of(owner)
    assert client.get(f"/matches/{match.pk}/sheet/").status_code == 404
    assert "/sheet/" not in client.get(f"/matches/{match.pk}/").content.decode()


def test_someone_elses_list_is_refused(client_of, owner, django_user_model):
    match = skat(owner, THREE, [])
    other = django_user_model.objects.create_user("zed", password="Kitchen-table-42")
    assert client_of(other).get(f"/matches/{match.pk}/sheet/").status_code in (403, 404)


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_skat_rounds_table_cards_carry_a_blank_list(client_of, organiser, language):
    night = tournaments.create_tournament(
        organiser, name="Skatabend", date=datetime.date(2026, 12, 8), game="skat",
        variant="isko-four", rounds=1, hands_per_round=36,
    )  # fmt: skip
    names = [*FOUR, "Eva", "Fritz", "Gus"]  # a table of four and one of three
    for entry in registration.register_players(night, organiser, names):
        registration.check_in(entry, organiser)
    drafting.draft_round(night, organiser, method="draw", seed=1)
    client = client_of(organiser)
    if language == "de":
        client.cookies["django_language"] = "de"
    page = client.get(f"/tournaments/{night.pk}/print/tables/1/").content.decode()
    lists = re.findall(r'<table class="paper-list\b.*?</table>', page, re.S)
    ends = re.findall(r'<table class="paper-end\b.*?</table>', page, re.S)
    assert len(lists) == len(ends) == 2
    # No shared grid beside the list.
    assert "paper-grid" not in page
    seen = []
    for grid, end in zip(lists, ends, strict=True):
        rows = table(grid, "paper-list")
        players = [head.split(" ", 1)[1] for head in rows[0][2:-1]]
        seen += players
        seats = len(players)
        lines = rows[2:]
        # Each player plays 36 games: 36 at three, 48 at four (the dealer sits out).
        assert [line[0] for line in lines] == [str(n) for n in range(1, 36 * seats // 3 + 1)]
        first = int(lines[0][1])
        assert [int(line[1]) for line in lines] == [
            (first - 1 + n) % seats + 1 for n in range(len(lines))
        ]
        assert all(set(line[2:]) == {""} for line in lines)
        per_other = 40 if seats == 3 else 30
        words = {
            "en": f"The others' lost games × {per_other}",
            "de": f"Verlorene Spiele der anderen × {per_other}",
        }
        figures = table(end, "paper-end")
        assert figures[4][0] == words[language]
        assert all(set(row[1:]) == {""} for row in figures[1:])
    assert sorted(seen) == sorted(names)
