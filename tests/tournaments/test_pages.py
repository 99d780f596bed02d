"""The organiser's tournament pages: who may see them, what they show, htmx and plain."""

import csv
import io

import pytest
from django.test import Client

from matches.models import Entry, Round, Table, Tournament
from matches.services import tournaments as services
from tests.factories import HTMX, text
from tests.factories import tournament as make_tournament
from tests.tournaments.test_rounds import NAMES, club, play_table


@pytest.fixture
def boss(organiser):
    client = Client()
    client.force_login(organiser)
    return client


@pytest.fixture
def player(other):
    client = Client()
    client.force_login(other)
    return client


def pages(tournament):
    base = f"/tournaments/{tournament.pk}/"
    return ["/tournaments/", "/tournaments/new/", base, base + "standings/", base + "standings.csv"]


def test_only_organisers_see_the_pages(boss, player, organiser):
    tournament = make_tournament(organiser)
    for url in pages(tournament):
        assert boss.get(url).status_code == 200, url
        assert player.get(url).status_code == 403, url
        anonymous = Client().get(url)
        assert anonymous.status_code == 302 and "/accounts/login/" in anonymous["Location"]


def test_writes_refuse_get_and_other_users(boss, player, organiser):
    tournament = club(organiser)
    base = f"/tournaments/{tournament.pk}/"
    entry = tournament.entries.first()
    for url in [base + "entries/", base + f"entries/{entry.pk}/check-in/", base + "rounds/"]:
        assert boss.get(url).status_code == 405, url
        assert player.post(url, {"method": "draw", "names": "Zed"}).status_code == 403, url
    assert Tournament.objects.get(pk=tournament.pk).rounds.count() == 0
    assert not Entry.objects.filter(player__name="Zed").exists()


def test_the_list_and_its_empty_state(boss, organiser):
    assert "No tournaments yet" in text(boss.get("/tournaments/"))
    make_tournament(organiser, name="Winter cup")
    assert "Winter cup" in text(boss.get("/tournaments/"))


def test_create_a_tournament(boss):
    response = boss.post(
        "/tournaments/new/",
        {
            "name": "Club night",
            "date": "2026-12-01",
            "preset": "sergeant-major/8-5-3",
            "rounds": 3,
            "hands_per_round": 9,
            "remainder": "sitters",
            "tie_breaks": ["game_points", "best_round"],
        },
    )
    tournament = Tournament.objects.get()
    assert response.status_code == 302 and response["Location"] == tournament.get_absolute_url()
    assert tournament.tie_breaks == ["game_points", "best_round"]


@pytest.mark.parametrize("htmx", [False, True])
def test_a_bad_set_up_says_why_and_writes_nothing(boss, htmx):
    response = boss.post(
        "/tournaments/new/",
        {
            "name": "Club night",
            "date": "2026-12-01",
            "preset": "sergeant-major/8-5-3",
            "rounds": 3,
            "hands_per_round": 10,
            "remainder": "sitters",
        },
        **(HTMX if htmx else {}),
    )
    assert response.status_code == 422
    page = text(response)
    assert "multiple of 3" in page
    assert ("<html" in response.content.decode()) is not htmx
    assert not Tournament.objects.exists()


def test_add_and_check_in_players(boss, organiser):
    tournament = make_tournament(organiser)
    base = f"/tournaments/{tournament.pk}/"
    response = boss.post(base + "entries/", {"names": "Ann\nBen\n\nCy"})
    assert response.status_code == 302
    page = text(boss.get(base))
    assert "Ann" in page and "0 checked in" in page
    ann = Entry.objects.get(player__name="Ann")
    # htmx: the row comes back, checked in.
    row = boss.post(base + f"entries/{ann.pk}/check-in/", **HTMX)
    assert (
        row.status_code == 200 and "Checked in" in text(row) and "<html" not in row.content.decode()
    )
    # Plain: back to the page, which counts it.
    assert boss.post(base + f"entries/{ann.pk}/check-in/", {"undo": "1"}).status_code == 302
    assert not Entry.objects.get(pk=ann.pk).checked_in


def test_search_as_you_type(boss, organiser):
    tournament = make_tournament(organiser)
    services.register_players(tournament, organiser, ["Ann", "Ben"])
    base = f"/tournaments/{tournament.pk}/"
    found = boss.get(base, {"q": "an"}, **HTMX)
    assert "Ann" in text(found) and "Ben" not in text(found)
    assert "<html" not in found.content.decode()
    assert "No player of this tournament" in text(boss.get(base, {"q": "zz"}))


def test_a_duplicate_name_is_refused_with_a_message(boss, organiser):
    tournament = make_tournament(organiser)
    services.register_players(tournament, organiser, ["Ann"])
    base = f"/tournaments/{tournament.pk}/"
    page = text(boss.post(base + "entries/", {"names": "ANN"}, follow=True))
    assert "Ann is entered already." in page
    assert tournament.entries.count() == 1


def test_run_a_round_from_the_pages(boss, organiser):
    tournament = club(organiser)
    base = f"/tournaments/{tournament.pk}/"
    response = boss.post(base + "rounds/", {"method": "draw"})
    assert response.status_code == 302 and response["Location"].endswith("/rounds/1/")
    page = text(boss.get(base + "rounds/1/"))
    assert "Table 3" in page and "deals first" in page and "0 pairs meet again" in page
    assert boss.post(base + "rounds/1/change/", {"action": "start"}).status_code == 302
    assert Round.objects.get(tournament=tournament).status == "playing"
    assert "not started" in text(boss.get(base + "rounds/1/"))
    for table in Table.objects.all():
        play_table(table, organiser)
    page = text(boss.get(base + "rounds/1/", **HTMX))
    assert "done, awaiting confirmation" in page
    assert boss.post(base + "rounds/1/change/", {"action": "close"}).status_code == 302
    assert "confirmed" in text(boss.get(base + "rounds/1/"))
    standings = text(boss.get(base + "standings/"))
    assert "After round 1" in standings and all(name in standings for name in NAMES)


def test_a_refused_change_shows_the_message(boss, organiser):
    tournament = club(organiser)
    base = f"/tournaments/{tournament.pk}/"
    boss.post(base + "rounds/", {"method": "draw"})
    entry = tournament.entries.first()
    page = text(
        boss.post(
            base + "rounds/1/change/",
            {"action": "move", "entry": entry.pk, "table": ""},
            follow=True,
        )
    )
    assert "would seat 2" in page


def test_csv_exports(boss, organiser):
    tournament = club(organiser)
    round_ = services.draft_round(tournament, organiser, method="draw", seed=1)
    services.start_round(round_, organiser)
    for table in Table.objects.all():
        play_table(table, organiser)
    services.close_round(round_, organiser)
    base = f"/tournaments/{tournament.pk}/"
    standings = boss.get(base + "standings.csv")
    assert standings["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(standings.content.decode("utf-8"))))
    assert rows[0][:3] == ["rank", "name", "score"] and len(rows) == 10
    results = list(csv.reader(io.StringIO(boss.get(base + "results.csv").content.decode())))
    assert len(results) == 10 and results[1][0] == "1"
