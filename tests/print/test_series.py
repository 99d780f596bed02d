"""Series (docs/tournaments.md §6): the services, the table read from finished tournaments, the
pages (organisers only) with their print and CSV, and the API."""

import csv
import datetime
import io

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from matches.models import Series, SeriesAudit, SeriesTournament, Tournament
from matches.rules import RuleError
from matches.services import series as services
from matches.services import standings as standings_reads
from tests.api_support import assert_error, login, send
from tests.factories import HTMX, text
from tests.factories import tournament as make_tournament

from .evening import NAMES, built_for_the_module, night

TWO_NIGHTS_NAMES = [*NAMES[:9], "Zora"]  # the second night: Jörg and Karin stay home


@pytest.fixture(scope="module")
def built(django_db_setup, django_db_blocker):
    """A series of two finished club nights and one still in registration, built once for
    the module (three club nights take seconds) inside a transaction rolled back after
    its last test; each test's own changes roll back to it. The ids: the organiser's,
    the series', the nights'."""

    def winter(otto):
        first = night(otto, name="December")
        second = night(otto, names=TWO_NIGHTS_NAMES, name="January", date=datetime.date(2027, 1, 5))
        running = night(otto, name="February", played=0, date=datetime.date(2027, 2, 2))
        series = services.create_series(otto, name="Winter", game="sergeant-major")
        for tournament in (second, first, running):
            services.add_tournament(series, otto, tournament)
        return series.pk, (first.pk, second.pk, running.pk)

    with built_for_the_module(django_db_blocker, winter) as (otto, (series, nights)):
        yield otto, series, nights


@pytest.fixture
def organiser(built, db):
    """The module's organiser (the one who built the season), read afresh."""
    return get_user_model().objects.get(pk=built[0])


@pytest.fixture
def season(built, db):
    """The season, read afresh for each test: series, December, January, February."""
    _user, series, nights = built
    return (Series.objects.get(pk=series), *(Tournament.objects.get(pk=pk) for pk in nights))


def rank_points(tournament):
    """Each player's N + 1 − rank in a tournament, worked out from its standings."""
    rows = standings_reads.tournament_standings(tournament).rows
    return {row.name: len(rows) + 1 - row.rank for row in rows}


def test_the_table_sums_rank_points_of_finished_tournaments(season):
    series, first, second, running = season
    table = services.series_table(series)
    assert [t.name for t in table.tournaments] == ["December", "January", "February"]
    assert [t.name for t in table.counted] == ["December", "January"]
    points = [rank_points(first), rank_points(second)]
    expected = {
        name: sum(night.get(name, 0) for night in points)
        for name in set(NAMES) | set(TWO_NIGHTS_NAMES)
    }
    assert {row.name: row.total for row in table.rows} == expected
    assert {row.name: row.played for row in table.rows}["Karin"] == 1
    assert {row.name: row.played for row in table.rows}["Anna"] == 2
    totals = [row.total for row in table.rows]
    assert totals == sorted(totals, reverse=True)


def test_best_one_and_game_points(season, organiser):
    _series, first, second, _running = season
    best = services.create_series(
        organiser, name="Best", game="sergeant-major", best_k=1, score="game_points"
    )
    # The same tournaments cannot be in two series: a fresh pair of nights.
    services.remove_tournament(_series, organiser, first)
    services.remove_tournament(_series, organiser, second)
    services.add_tournament(best, organiser, first)
    services.add_tournament(best, organiser, second)
    game = {}
    for tournament in (first, second):
        for row in standings_reads.tournament_standings(tournament).rows:
            game.setdefault(row.name, []).append(row.game_points)
    table = services.series_table(best)
    assert {row.name: row.total for row in table.rows} == {
        name: max(values) for name, values in game.items()
    }


def test_refusals_name_the_field_and_write_nothing(season, organiser):
    series, first, _second, _running = season
    before = (Series.objects.count(), SeriesTournament.objects.count(), SeriesAudit.objects.count())
    other_game = make_tournament(
        organiser, game="sheepshead", variant="standard", hands_per_round=10, name="Sheep"
    )
    cases = [
        (lambda: services.add_tournament(series, organiser, other_game), "tournament"),
        (lambda: services.add_tournament(series, organiser, first), "tournament"),
        (lambda: services.remove_tournament(series, organiser, other_game), "tournament"),
        (lambda: services.create_series(organiser, name=" ", game="sergeant-major"), "name"),
        (lambda: services.create_series(organiser, name="X", game="bridge"), "game"),
        (lambda: services.create_series(organiser, name="X", game="sieben", best_k=0), "best_k"),
        (lambda: services.create_series(organiser, name="X", game="sieben", best_k=True), "best_k"),
        (lambda: services.create_series(organiser, name="X", game="sieben", score="wins"), "score"),
    ]
    for attempt, field in cases:
        with pytest.raises(RuleError) as refused:
            attempt()
        assert refused.value.field == field
    after = (Series.objects.count(), SeriesTournament.objects.count(), SeriesAudit.objects.count())
    assert after == before
    taken = pytest.raises(RuleError, services.add_tournament, series, organiser, first)
    assert "belongs to the series Winter already" in str(taken.value)


def test_every_change_is_audited(season, organiser):
    series, first, _second, _running = season
    services.remove_tournament(series, organiser, first)
    actions = list(series.audit.values_list("action", "by_name", "after__name"))
    assert actions == [
        ("create", "otto", "Winter"),
        ("add", "otto", "January"),
        ("add", "otto", "December"),
        ("add", "otto", "February"),
        ("remove", "otto", "December"),
    ]


# -- pages --------------------------------------------------------------------------------


def test_only_organisers_see_the_pages(season, organiser, other):
    series, first, _second, _running = season
    base = f"/series/{series.pk}/"
    reads = ["/series/", base, base + "print/", base + "table.csv"]
    writes = [("/series/", {"name": "X", "game": "sieben", "score": "rank_points"}),
              (base + "tournaments/", {"tournament": first.pk}),
              (base + f"tournaments/{first.pk}/remove/", {})]  # fmt: skip
    before = (Series.objects.count(), SeriesTournament.objects.count())
    for url in reads:
        assert login(organiser).get(url).status_code == 200, url
        assert login(other).get(url).status_code == 403, url
        assert "/accounts/login/" in Client().get(url)["Location"]
    for url, data in writes:
        assert login(other).post(url, data).status_code == 403, url
        assert "/accounts/login/" in Client().post(url, data)["Location"]
    assert (Series.objects.count(), SeriesTournament.objects.count()) == before


def test_wrong_methods(season, organiser):
    series, first, _second, _running = season
    boss = login(organiser)
    base = f"/series/{series.pk}/"
    assert boss.get(base + "tournaments/").status_code == 405
    assert boss.get(base + f"tournaments/{first.pk}/remove/").status_code == 405
    for url in (base, base + "print/", base + "table.csv"):
        assert boss.post(url).status_code == 405, url
    assert boss.get("/series/999999/").status_code == 404


def test_print_and_csv_of_the_table(season, organiser):
    series, _first, _second, _running = season
    boss = login(organiser)
    table = services.series_table(series)
    sheet = boss.get(f"/series/{series.pk}/print/")
    assert "Series table" in text(sheet) and "after 2 tournaments" in text(sheet)
    assert "<html" not in boss.get(f"/series/{series.pk}/print/", **HTMX).content.decode()
    partial = boss.get(f"/series/{series.pk}/", **HTMX).content.decode()
    assert "<html" not in partial and 'id="series-table"' in partial
    assert "<html" in boss.get(f"/series/{series.pk}/").content.decode()
    form = boss.get("/series/", **HTMX).content.decode()
    assert "<html" not in form and 'id="series-form"' in form
    response = boss.get(f"/series/{series.pk}/table.csv")
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0] == [
        "rank",
        "name",
        "total",
        "tournaments played",
        "December (2026-12-01)",
        "January (2027-01-05)",
    ]
    assert [row[1] for row in rows[1:]] == [row.name for row in table.rows]
    karin = next(row for row in rows if row[1] == "Karin")
    assert karin[5] == ""  # not there in January
    german = login(organiser, HTTP_ACCEPT_LANGUAGE="de").get(f"/series/{series.pk}/print/")
    assert "Serientabelle" in text(german) and "nach 2 Turnieren" in text(german)


# -- API ----------------------------------------------------------------------------------


def test_the_api_creates_and_reads_a_series(season, organiser):
    series, first, second, running = season
    boss = login(organiser)
    listed = send(boss, "get", "/api/series").json()
    assert listed == [
        {
            "id": series.pk,
            "name": "Winter",
            "game": "sergeant-major",
            "best_k": None,
            "score": "rank_points",
            "tournaments": [first.pk, second.pk, running.pk],
        }
    ]
    read = send(boss, "get", f"/api/series/{series.pk}").json()
    assert [(t["name"], t["counted"]) for t in read["tournaments"]] == [
        ("December", True),
        ("January", True),
        ("February", False),
    ]
    table = services.series_table(series)
    assert [(r["rank"], r["name"], r["total"], r["played"]) for r in read["rows"]] == [
        (row.rank, row.name, row.total, row.played) for row in table.rows
    ]
    anna = next(r for r in read["rows"] if r["name"] == "Anna")
    assert len(anna["players"]) == 1 and all(result["counted"] for result in anna["results"])

    made = send(
        boss, "post", "/api/series", {"name": "Best two", "game": "sergeant-major", "best_k": 2}
    )
    assert made.status_code == 201 and made.json()["best_k"] == 2 and made.json()["rows"] == []
    url = f"/api/series/{made.json()['id']}/tournaments"
    in_another_series = send(boss, "post", url, {"tournament": first.pk})
    assert_error(in_another_series, 409, "conflict")
    send(boss, "delete", f"/api/series/{series.pk}/tournaments/{first.pk}")
    added = send(boss, "post", url, {"tournament": first.pk})
    assert added.status_code == 200 and [t["id"] for t in added.json()["tournaments"]] == [first.pk]
    removed = send(boss, "delete", f"{url}/{first.pk}")
    assert removed.json()["tournaments"] == []


def test_the_api_refuses_and_writes_nothing(season, organiser, other):
    series, first, _second, _running = season
    boss = login(organiser)
    before = (Series.objects.count(), SeriesTournament.objects.count(), SeriesAudit.objects.count())
    body = {"name": "X", "game": "sieben"}
    assert_error(send(Client(), "get", "/api/series"), 401, "not_authenticated")
    assert_error(send(Client(), "post", "/api/series", body), 401, "not_authenticated")
    assert_error(send(login(other), "get", "/api/series"), 403, "forbidden")
    assert_error(send(login(other), "get", f"/api/series/{series.pk}"), 403, "forbidden")
    assert_error(send(login(other), "post", "/api/series", body), 403, "forbidden")
    for bad, field in [
        ({**body, "game": "bridge"}, "game"),
        ({**body, "best_k": 0}, "best_k"),
        ({**body, "best_k": "2"}, "best_k"),
        ({**body, "score": "wins"}, "score"),
        ({**body, "name": ""}, "name"),
        ({**body, "colour": "red"}, "colour"),
    ]:
        refused = assert_error(send(boss, "post", "/api/series", bad), 422, "invalid")
        assert field in refused["fields"], bad
    url = f"/api/series/{series.pk}/tournaments"
    # Well formed, but what is stored stands in the way: a 409 naming the field.
    taken = assert_error(send(boss, "post", url, {"tournament": first.pk}), 409, "conflict")
    assert taken["fields"]["tournament"] == ["December belongs to the series Winter already."]
    sieben = make_tournament(organiser, name="Sieben night", game="sieben", variant="two-player")
    other_game = send(boss, "post", url, {"tournament": sieben.pk})
    assert "another game" in assert_error(other_game, 409, "conflict")["message"]
    # A tournament that is not in the series is no member to remove.
    outside = assert_error(send(boss, "delete", f"{url}/{sieben.pk}"), 404, "not_found")
    assert outside["message"] == "Sieben night is not in this series."
    assert_error(send(boss, "post", url, {"tournament": 999999}), 404, "not_found")
    assert_error(send(boss, "post", url, {"tournament": 2**70}), 422, "invalid")
    assert_error(send(boss, "delete", f"{url}/999999"), 404, "not_found")
    assert_error(send(boss, "get", "/api/series/999999"), 404, "not_found")
    assert_error(send(boss, "put", f"/api/series/{series.pk}", {}), 405, "method_not_allowed")
    assert_error(send(boss, "post", "/api/series", raw=b"[1,"), 400, "bad_request")
    assert (
        Series.objects.count(),
        SeriesTournament.objects.count(),
        SeriesAudit.objects.count(),
    ) == before
