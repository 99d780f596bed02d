"""Issue 19, item 9: the CSV files open in a spreadsheet as they are meant to. German
Excel showed "JÃ¼rgen WeiÃŸ" in one column: every CSV (standings, results, a series'
table) is UTF-8 with a byte order mark (how Excel tells UTF-8 from its ANSI code page), and
its cells are separated as a spreadsheet in the reader's language expects: a semicolon
where the decimal separator is a comma (German), a comma elsewhere (English). ``?sep=``
(``comma``, ``semicolon``) chooses the other, for a spreadsheet set up in another language.
"""

import codecs
import csv
import io

import pytest
from django.test import Client

from matches.services import series as series_services
from matches.services import standings as standings_reads

from .evening import night

NAMES = [
    "Anna", "Bernd", "Carla", "Dieter", "Elke", "Frank", "Gisela", "Horst", "Ilse",
    "Jürgen Weiß", "Zoë; the second",
]  # fmt: skip
EVERY_TIE_BREAK = [
    "game_points", "table_wins", "best_round", "opponents", "head_to_head",
    "twelve_trick_wins", "fewest_byes",
]  # fmt: skip


@pytest.fixture
def evening(organiser):
    return night(organiser, names=NAMES, rounds=2, tie_breaks=EVERY_TIE_BREAK)


def reader(language: str, user) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user)
    return client


def csvs(tournament) -> list[str]:
    base = f"/tournaments/{tournament.pk}/"
    return [base + "standings.csv", base + "results.csv"]


def rows(response, separator: str) -> list[list[str]]:
    body = response.content
    assert body.startswith(codecs.BOM_UTF8)
    return list(csv.reader(io.StringIO(body.decode("utf-8-sig")), delimiter=separator))


def test_every_csv_is_utf8_with_a_byte_order_mark(evening, organiser):
    season = series_services.create_series(organiser, name="Winter", game="sergeant-major")
    series_services.add_tournament(season, organiser, evening)
    for language in ("en", "de"):
        client = reader(language, organiser)
        for url in [*csvs(evening), f"/series/{season.pk}/table.csv"]:
            response = client.get(url)
            assert response.status_code == 200, url
            assert response["Content-Type"] == "text/csv; charset=utf-8"
            assert response.content.startswith(codecs.BOM_UTF8), url
            assert response.content.count(codecs.BOM_UTF8) == 1


def test_german_gets_semicolons_and_english_commas(evening, organiser):
    standings, results = csvs(evening)
    german = reader("de", organiser)
    first = german.get(standings).content.decode("utf-8-sig").splitlines()[0]
    assert first.startswith("Platz;Name;"), first
    assert rows(german.get(results), ";")[0][:3] == ["Runde", "Name", "Tisch"]
    english = reader("en", organiser)
    first = english.get(standings).content.decode("utf-8-sig").splitlines()[0]
    assert first.startswith("rank,name,"), first
    assert rows(english.get(results), ",")[0][:3] == ["round", "name", "table"]


def test_the_other_separator_on_request(evening, organiser):
    standings, results = csvs(evening)
    german, english = reader("de", organiser), reader("en", organiser)
    assert german.get(standings + "?sep=comma").content.decode("utf-8-sig").startswith("Platz,")
    assert english.get(results + "?sep=semicolon").content.decode("utf-8-sig").startswith("round;")
    # Anything else: the language's own.
    assert english.get(standings + "?sep=tab").content.decode("utf-8-sig").startswith("rank,")
    page = german.get(f"/tournaments/{evening.pk}/standings/").content.decode()
    assert f"/tournaments/{evening.pk}/standings.csv?sep=comma" in page
    assert f"/tournaments/{evening.pk}/results.csv?sep=comma" in page
    assert "Die CSV-Dateien sind durch Semikolons getrennt" in page and "Mit Kommas:" in page
    page = english.get(f"/tournaments/{evening.pk}/standings/").content.decode()
    assert f"/tournaments/{evening.pk}/standings.csv?sep=semicolon" in page
    assert "The CSV files are separated by commas" in page and "With semicolons:" in page


@pytest.mark.parametrize("language,separator", [("de", ";"), ("en", ",")])
def test_names_with_umlauts_and_the_separator_round_trip(evening, organiser, language, separator):
    standings, results = csvs(evening)
    client = reader(language, organiser)
    names = [row[1] for row in rows(client.get(standings), separator)[1:]]
    assert sorted(names) == sorted(NAMES)
    assert all(
        len(row) == len(rows(client.get(standings), separator)[0])
        for row in rows(client.get(standings), separator)
    )
    names = {row[1] for row in rows(client.get(results), separator)[1:]}
    assert names == set(NAMES)


def test_standings_csv_carries_both_scores_and_every_tie_break(evening, organiser):
    read = standings_reads.tournament_standings(evening)
    table = rows(reader("en", organiser).get(csvs(evening)[0]), ",")
    assert table[0] == [
        "rank", "name", "match points", "game points", "table wins", "best round",
        "opponents' scores (Buchholz)", "head to head", "12-trick wins", "fewest byes",
        "rounds played",
    ]  # fmt: skip
    by_name = {row[1]: row for row in table[1:]}
    for row in read.rows:
        assert by_name[row.name][2:4] == [str(row.match_points), str(row.game_points)]
    german = rows(reader("de", organiser).get(csvs(evening)[0]), ";")
    assert german[0][2:4] == ["Matchpunkte", "Spielpunkte"], german[0]


def test_a_formula_stays_text(organiser):
    tournament = night(organiser, names=[*NAMES[:10], "=1+2"], rounds=1)
    for language, separator in (("de", ";"), ("en", ",")):
        client = reader(language, organiser)
        for url in csvs(tournament):
            names = [row[1] for row in rows(client.get(url), separator)[1:]]
            assert "'=1+2" in names and "=1+2" not in names
