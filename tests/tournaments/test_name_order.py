"""A club night's names as people read them (issue 32, item 4): the check-in list and its
search, the door's list of the register, keep-apart, the seating list by name, the score
cards, the standings' ties, the CSV files, the series table and the API's standings, in
English and in German. The entries' order is the database's: this module runs on SQLite
and on PostgreSQL."""

import csv
import html as markup
import io
import re

import pytest
from django.utils import translation

from matches.models import Round
from matches.services import players as register
from matches.services import registration, sheets
from matches.services import series as series_services
from matches.services import standings as standings_reads
from tests.api_support import bearer, key_for, login, send
from tests.factories import HTMX, READ_IN_ORDER, TYPED_ORDER, tied_night
from tests.factories import tournament as make_tournament

LANGUAGES = ["en", "de"]


def names_in(html: str) -> list[str]:
    return [markup.unescape(name) for name in re.findall(r'<span class="name">(.*?)</span>', html)]


def entries_list(response) -> list[str]:
    html = response.content.decode()
    return names_in(html.split('id="entries"')[1].split("</ul>")[0])


def csv_rows(response) -> list[list[str]]:
    """The file's rows (``?sep=semicolon`` asked for: the separator is not what is tested)."""
    return list(csv.reader(io.StringIO(response.content.decode("utf-8-sig")), delimiter=";"))


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_check_in_list_reads_as_people_read_names(organiser, language):
    night = tied_night(organiser)
    page = login(organiser, HTTP_ACCEPT_LANGUAGE=language).get(f"/tournaments/{night.pk}/")
    assert entries_list(page) == READ_IN_ORDER
    keep_apart = page.content.decode().split('id="apart-first"')[1].split("</select>")[0]
    assert re.findall(r'">(.*?)</option>', keep_apart) == READ_IN_ORDER


@pytest.mark.parametrize(
    ("query", "found"),
    [
        ("muller", ["Muller", "Müller"]),
        ("Müller", ["Muller", "Müller"]),
        ("ÄRG", ["Arger", "Ärger"]),
    ],
)
def test_the_check_in_search_ignores_accents_both_ways(organiser, query, found):
    night = tied_night(organiser)
    client = login(organiser)
    assert entries_list(client.get(f"/tournaments/{night.pk}/", {"q": query}, **HTMX)) == found
    assert entries_list(client.get(f"/tournaments/{night.pk}/", {"q": query})) == found


def test_a_team_is_found_by_either_partner(organiser):
    cup = make_tournament(organiser, game="sieben", variant="partners", hands_per_round=1)
    registration.register_players(cup, organiser, [["Zahn", "Müller"], ["Arger", "Resi"]])
    client = login(organiser)
    assert entries_list(client.get(f"/tournaments/{cup.pk}/")) == ["Arger & Resi", "Zahn & Müller"]
    found = client.get(f"/tournaments/{cup.pk}/", {"q": "muller"}, **HTMX)
    assert entries_list(found) == ["Zahn & Müller"]


def test_the_door_lists_the_register_as_people_read_it(organiser):
    for name in TYPED_ORDER:
        register.create_player(name=name, by=organiser)
    cup = make_tournament(organiser)
    page = login(organiser).get(f"/tournaments/{cup.pk}/").content.decode()
    candidates = page.split('id="candidates"')[1].split("</ul>")[0]
    assert names_in(candidates) == READ_IN_ORDER
    found = login(organiser).get(f"/tournaments/{cup.pk}/", {"find": "muller"}, **HTMX)
    assert names_in(found.content.decode()) == ["Muller", "Müller"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_seating_list_by_name_and_the_score_cards(organiser, language):
    night = tied_night(organiser, ended=True)
    with translation.override(language):
        seating = sheets.round_sheet(Round.objects.get(tournament=night, number=1))
        assert [name for name, _table in seating.by_name] == READ_IN_ORDER
        cards = sheets.score_cards(standings_reads.tournament_standings(night))
        assert [card.name for card in cards] == READ_IN_ORDER
    printed = login(organiser, HTTP_ACCEPT_LANGUAGE=language).get(
        f"/tournaments/{night.pk}/print/seating/1/"
    )
    by_name = printed.content.decode().split('<article class="sheet">')[2]
    assert re.findall(r'<span class="name">(.*?)</span>', by_name) == READ_IN_ORDER


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_standings_list_a_tie_by_name(organiser, language):
    night = tied_night(organiser)  # nobody has played: all share rank 1
    rows = standings_reads.tournament_standings(night).rows
    assert {row.rank for row in rows} == {1}
    assert [row.name for row in rows] == READ_IN_ORDER
    client = login(organiser, HTTP_ACCEPT_LANGUAGE=language)
    answer = send(
        client, "get", f"/api/tournaments/{night.pk}/standings", headers=bearer(key_for(organiser))
    )
    assert [row["name"] for row in answer.json()["rows"]] == READ_IN_ORDER
    standings_csv = csv_rows(client.get(f"/tournaments/{night.pk}/standings.csv?sep=semicolon"))
    assert [row[1] for row in standings_csv[1:]] == READ_IN_ORDER


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_results_file_lists_each_round_by_name(organiser, language):
    night = tied_night(organiser, ended=True)
    client = login(organiser, HTTP_ACCEPT_LANGUAGE=language)
    results = csv_rows(client.get(f"/tournaments/{night.pk}/results.csv?sep=semicolon"))
    assert [row[1] for row in results[1:]] == READ_IN_ORDER


def test_the_series_table_lists_a_tie_by_name(organiser):
    night = tied_night(organiser, ended=True)
    winter = series_services.create_series(organiser, name="Winter", game="sergeant-major")
    series_services.add_tournament(winter, organiser, night)
    rows = series_services.series_table(winter).rows
    assert len({row.total for row in rows}) == 1
    assert [row.name for row in rows] == READ_IN_ORDER
