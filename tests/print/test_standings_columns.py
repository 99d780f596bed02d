"""Every standings view shows both match points and game points and each tie-break in
use (docs/tournaments.md §5): the page, the public results, the live board, the printed sheet
and the CSV. The issue's night: with the defaults, game points appeared nowhere and a
player at +3 was "level" with one at −11.

The evening is tests/print/evening.py's, made with the defaults (no chain chosen): match
points, then game points, best round, head to head.
"""

import csv
import html
import io
import re

from matches.services import standings as standings_reads
from tests.api_support import login
from tests.factories import text

from .evening import NAMES, evening_fixtures, night

HEADS = ["match points", "game points", "best round", "head to head"]


built, organiser, evening = evening_fixtures(lambda otto: night(otto, tie_breaks=None, public=True))


def heads_of(page):
    head = re.search(r"<thead>(.*?)</thead>", page, flags=re.S).group(1)
    return [_plain(cell) for cell in re.findall(r"<th[^>]*>(.*?)</th>", head, flags=re.S)]


def rows_of(page):
    body = re.search(r"<tbody>(.*?)</tbody>", page, flags=re.S).group(1)
    return [
        [_plain(cell) for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, flags=re.S)]
        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, flags=re.S)
    ]


def _plain(cell):
    cell = re.sub(r"<(sup|small|br)[^>]*>.*?(</\1>|$)", "", cell, flags=re.S)
    cell = re.sub(r"<[^>]+>", "", cell)
    return html.unescape(cell).strip().replace("−", "-").casefold()


def test_the_defaults_separate_the_night(evening):
    rows = standings_reads.tournament_standings(evening).rows
    assert evening.tie_breaks == ["game_points", "best_round", "head_to_head"]
    shown = [(row.rank, row.name, row.match_points, row.game_points) for row in rows]
    # Only entries level on game points and more may share a rank (the night:
    # +3 "level" with −11), and the chain tells apart more than match points alone would
    # (as many ranks as there are match-point figures: the 1, 2, 3=, ..., 7=).
    for rank in {row.rank for row in rows if row.shared}:
        tied = [row for row in rows if row.rank == rank]
        assert len({(row.game_points, row.tie_break_values["best_round"]) for row in tied}) == 1
    alone = len({row.match_points for row in rows})
    assert len({row.rank for row in rows}) > alone, shown


def test_every_view_shows_match_points_game_points_and_the_tie_breaks(evening, organiser):
    boss = login(organiser)
    read = standings_reads.tournament_standings(evening)
    figures = [
        [str(row.match_points), str(row.game_points), str(row.tie_break_values["best_round"])]
        for row in read.rows
    ]
    base = f"/tournaments/{evening.pk}/"
    for path in ["standings/", "results/", "board/", "print/standings/"]:
        page = boss.get(base + path).content.decode()
        heads = heads_of(page)
        assert heads[2:6] == HEADS, (path, heads)
        assert [row[2:5] for row in rows_of(page)] == figures, path
    exported = list(csv.reader(io.StringIO(boss.get(base + "standings.csv").content.decode())))
    assert exported[0][2:6] == HEADS
    assert [row[2:5] for row in exported[1:]] == figures


def test_game_points_are_shown_when_they_are_the_score(organiser):
    tournament = night(organiser, score="game_points", tie_breaks=[], public=True)
    boss = login(organiser)
    for path in ["standings/", "results/", "board/", "print/standings/"]:
        page = boss.get(f"/tournaments/{tournament.pk}/{path}").content.decode()
        assert heads_of(page)[2:4] == ["game points", "match points"], path


def test_a_tie_without_a_chain_says_what_it_is_level_on(organiser):
    tournament = night(organiser, tie_breaks=[])
    page = text(login(organiser).get(f"/tournaments/{tournament.pk}/standings/"))
    assert "on match points; no tie-break is set." in page
    assert "every tie-break" not in page and "every criterion" not in page
    assert len(NAMES) == 11
