"""The organiser's tournament pages: who may see them, what they show, htmx and plain."""

import csv
import io
import re

import pytest
from django.test import Client

from matches.models import Entry, Round, Table, Tournament
from matches.services import closing, drafting, registration
from tests.factories import HTMX, text
from tests.factories import tournament as make_tournament
from tests.tournaments.evenings import NAMES, club, play_table


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
            "tie_break_0": "best_round",
            "tie_break_1": "game_points",
        },
    )
    tournament = Tournament.objects.get()
    assert response.status_code == 302 and response["Location"] == tournament.get_absolute_url()
    assert tournament.tie_breaks == ["best_round", "game_points"]  # in the order chosen


def test_no_tie_break_chosen_is_the_usual_chain(boss):
    # The club night: the defaults left a 3-round night 3=, 3=, 3=, 3=, 7=, ...
    page = text(boss.get("/tournaments/new/"))
    assert "Left empty: after match points, game points, best round, head to head" in page
    assert "the usual for the score" in page
    response = boss.post(
        "/tournaments/new/",
        {
            "name": "Club night",
            "date": "2026-12-01",
            "preset": "sergeant-major/8-5-3",
            "rounds": 3,
            "hands_per_round": 9,
            "remainder": "sitters",
        },
    )
    assert response.status_code == 302
    assert Tournament.objects.get().tie_breaks == ["game_points", "best_round", "head_to_head"]


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
    response = boss.post(base + "entries/", {"names": "Ann\nBen\n\nCy", "confirm": "yes"})
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
    registration.register_players(tournament, organiser, ["Ann", "Ben"])
    base = f"/tournaments/{tournament.pk}/"
    found = boss.get(base, {"q": "an"}, **HTMX)
    assert "Ann" in text(found) and "Ben" not in text(found)
    assert "<html" not in found.content.decode()
    assert "No player of this tournament" in text(boss.get(base, {"q": "zz"}))


def test_the_search_folds_the_query_as_the_register_folds_names(boss, organiser):
    # The register keys a name by its look-alike skeleton ("Tim" is "tirn", "René" is
    # composed): the query is keyed the same way.
    tournament = make_tournament(organiser)
    registration.register_players(tournament, organiser, ["Tim", "Ren\u00e9", "Ben"])
    base = f"/tournaments/{tournament.pk}/"
    for query, name in [("Tim", "Tim"), ("TIM", "Tim"), ("rene\u0301", "Ren\u00e9")]:
        page = text(boss.get(base, {"q": query}, **HTMX))
        assert name in page and "Ben" not in page, query


def test_a_duplicate_name_is_refused_with_a_message(boss, organiser):
    tournament = make_tournament(organiser)
    registration.register_players(tournament, organiser, ["Ann"])
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
    # Nobody confirmed at the tables: the organiser is asked first (test_close_round).
    assert boss.post(base + "rounds/1/change/", {"action": "close"}).status_code == 200
    close_form = {"action": "close", "confirming": ["1", "2", "3"]}
    assert boss.post(base + "rounds/1/change/", close_form).status_code == 302
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
    round_ = drafting.draft_round(tournament, organiser, method="draw", seed=1)
    drafting.start_round(round_, organiser)
    for table in Table.objects.all():
        play_table(table, organiser)
    closing.close_round(round_, organiser)
    base = f"/tournaments/{tournament.pk}/"
    standings = boss.get(base + "standings.csv")
    assert standings["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(standings.content.decode("utf-8-sig"))))
    assert rows[0][:3] == ["rank", "name", "match points"] and len(rows) == 10
    results = list(csv.reader(io.StringIO(boss.get(base + "results.csv").content.decode())))
    assert len(results) == 10 and results[1][0] == "1"


def test_edit_until_the_first_draft(boss, organiser):
    tournament = make_tournament(organiser)
    url = f"/tournaments/{tournament.pk}/edit/"
    page = boss.get(url)
    assert page.status_code == 200 and 'value="Club night"' in page.content.decode()
    data = {
        "name": "Winter night",
        "date": "2026-12-02",
        "preset": "sergeant-major/8-5-3",
        "rounds": 4,
        "hands_per_round": 9,
        "remainder": "sitters",
    }
    assert boss.post(url, data).status_code == 302
    tournament.refresh_from_db()
    assert (tournament.name, tournament.rounds_planned) == ("Winter night", 4)
    club_night = club(organiser)
    drafting.draft_round(club_night, organiser, method="draw", seed=1)
    refused = boss.post(f"/tournaments/{club_night.pk}/edit/", data)
    assert refused.status_code == 422 and "fixed once the first round" in text(refused)


def test_keep_apart_and_withdraw_from_the_page(boss, organiser):
    tournament = club(organiser)
    base = f"/tournaments/{tournament.pk}/"
    ann, ben = (Entry.objects.get(player__name=n) for n in ("Ann", "Ben"))
    page = text(
        boss.post(base + "entries/apart/", {"first": ann.pk, "second": ben.pk}, follow=True)
    )
    assert "Ann and Ben will sit at different tables." in page and "Ann ≠ Ben" in page
    same = text(
        boss.post(base + "entries/apart/", {"first": ann.pk, "second": ann.pk}, follow=True)
    )
    assert "Choose two different players." in same
    boss.post(base + f"entries/{ann.pk}/withdraw/", {"from_round": "2", "reason": "early train"})
    assert Entry.objects.get(pk=ann.pk).withdrawn_from == 2
    bad = text(boss.post(base + f"entries/{ben.pk}/withdraw/", {"from_round": "x"}, follow=True))
    assert "Enter a whole number." in bad and Entry.objects.get(pk=ben.pk).withdrawn_from is None


def test_a_penalty_from_the_standings_page(boss, organiser):
    tournament = club(organiser, score="game_points")
    round_ = drafting.draft_round(tournament, organiser, method="draw", seed=1)
    drafting.start_round(round_, organiser)
    for table in Table.objects.all():
        play_table(table, organiser)
    closing.close_round(round_, organiser)
    base = f"/tournaments/{tournament.pk}/"
    ann = Entry.objects.get(player__name="Ann")
    page = text(
        boss.post(
            base + "adjustments/",
            {"entry": ann.pk, "round": "1", "points": "−3", "reason": "phone at the table"},
            follow=True,
        )
    )
    assert "Ann, round 1: −3 game points — phone at the table" in page
    refused = text(
        boss.post(
            base + "adjustments/", {"entry": ann.pk, "round": "1", "points": "3"}, follow=True
        )
    )
    assert "Say why." in refused


def test_organisers_find_tournaments_on_the_home_page(boss, player, organiser):
    make_tournament(organiser, name="Winter cup")
    assert "Winter cup" in text(boss.get("/"))
    assert "Winter cup" not in text(player.get("/"))


def test_a_tie_break_named_twice_is_refused_on_the_form(boss):
    response = boss.post(
        "/tournaments/new/",
        {
            "name": "Club night",
            "date": "2026-12-01",
            "preset": "sergeant-major/8-5-3",
            "rounds": 3,
            "hands_per_round": 9,
            "remainder": "sitters",
            "tie_break_0": "best_round",
            "tie_break_1": "best_round",
        },
    )
    assert response.status_code == 422
    assert "named twice" in text(response)
    assert not Tournament.objects.exists()


def test_teams_are_entered_one_per_line(boss, organiser):
    tournament = make_tournament(organiser, game="sieben", variant="partners", hands_per_round=1)
    base = f"/tournaments/{tournament.pk}/"
    assert "Teams, one per line" in text(boss.get(base))
    boss.post(base + "entries/", {"names": "Ann & Ben\nCy & Dan", "confirm": "yes"})
    assert [entry.name for entry in tournament.entries.order_by("pk")] == ["Ann & Ben", "Cy & Dan"]
    refused = text(boss.post(base + "entries/", {"names": "Eve"}, follow=True))
    assert "Enter a team of two players" in refused


def test_unknown_tournament_and_round_are_404(boss, organiser):
    tournament = make_tournament(organiser)
    assert boss.get(f"/tournaments/{tournament.pk}/rounds/9/").status_code == 404
    assert boss.get("/tournaments/999999/").status_code == 404
    assert boss.get("/tournaments/999999/standings/").status_code == 404


def test_the_games_options_follow_the_chosen_game(boss):
    # Another game chosen: the form comes back with its options and what was typed.
    page = boss.get(
        "/tournaments/new/", {"preset": "sheepshead/standard", "name": "Schafkopf"}, **HTMX
    )
    body = page.content.decode()
    assert 'name="option_all_pass"' in body and 'value="Schafkopf"' in body
    assert "<html" not in body and 'name="option_win_tricks"' not in body
    # The dealer sits out only with six at the table (sheepshead/rules.md §2.6): not an option of
    # a five-player tournament, whose six tables sit the dealer out by their own preset.
    assert 'name="option_dealer_sits_out"' not in body
    response = boss.post(
        "/tournaments/new/",
        {
            "name": "Points night",
            "date": "2026-12-01",
            "preset": "sergeant-major/8-5-3-points",
            "rounds": 2,
            "hands_per_round": 9,
            "remainder": "byes",
            "options_shown": "1",
            "option_point_limit": "15",
            "bye_game_points": "-1",
        },
    )
    assert response.status_code == 302
    tournament = Tournament.objects.get()
    assert tournament.options["point_limit"] == 15
    assert (tournament.bye_game_points, tournament.bye_match_points) == (-1, 1)


def test_every_page_titles_itself_plainly(boss, organiser):
    tournament = club(organiser)
    drafting.draft_round(tournament, organiser, method="draw", seed=1)
    base = f"/tournaments/{tournament.pk}/"
    for url in ["/tournaments/", base, base + "rounds/1/", base + "standings/", base + "edit/"]:
        # (The edit page of a drafted tournament leads back to the tournament's page.)
        page = boss.get(url, follow=True).content.decode()
        title = re.search(r"<title>(.*?)</title>", page, re.S).group(1)
        assert "<" not in title and len(title) < 80, (url, title)


def test_a_change_of_game_redraws_its_options_alone(boss):
    # The answer comes while the organiser may be typing on: htmx puts in the game's
    # options only, so the hands per round typed meanwhile are not replaced.
    import re

    page = boss.get("/tournaments/new/").content.decode()
    select = re.search(r'<select name="preset"[^>]*>', page).group(0)
    assert 'hx-target="#game-options"' in select and 'hx-select="#game-options"' in select
    options = re.search(r'<div id="game-options">(.*?)</div>\s*<button', page, re.S).group(1)
    assert 'name="option_win_tricks"' in options
    assert 'name="hands_per_round"' not in options and 'name="name"' not in options
    assert 'name="hands_per_round"' in page
