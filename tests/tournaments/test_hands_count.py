"""Issue 19, item 5: how many hands. A table's hand form says which hand of how many
("Record hand 5 of 12"); the round page says how many hands each table plays (12 at a
Sergeant Major table of four with a sitter, 9 at three) and that a Sheepshead table of four
plays four-handed; the new-tournament form starts from the chosen game's hands per round
(docs/tournaments.md §4: Sergeant Major 9, Sheepshead 20 at tables of 5), also when the game is
changed through htmx or without JavaScript.
"""

import re

import pytest
from django.test import Client

from matches.models import Table, Tournament
from matches.services import drafting, registration
from tests.factories import HTMX, game_match, sm_hand, text
from tests.factories import tournament as make_tournament

ELEVEN = ["Anna", "Bernd", "Carla", "Dieter", "Elke", "Frank", "Gisela", "Horst", "Ilse",
          "Jörg", "Karin"]  # fmt: skip


def seated(organiser, names=ELEVEN, start=True, **changes):
    """A tournament of ``names`` checked in, round 1 drafted (and started)."""
    tournament = make_tournament(organiser, **changes)
    for entry in registration.register_players(tournament, organiser, list(names)):
        registration.check_in(entry, organiser)
    round_ = drafting.draft_round(tournament, organiser, method="draw", seed=2)
    if start:
        drafting.start_round(round_, organiser)
    return tournament


# -- the hand form ---------------------------------------------------------------------------


def test_it_says_which_hand_of_how_many_a_table_records(organiser, boss):
    seated(organiser, hands_per_round=9)  # 3+4+4: 9 hands at three seats, 12 at four
    for table in Table.objects.select_related("match"):
        of = 12 if table.seats.count() == 4 else 9
        assert table.match.options["hands_limit"] == of
        for page in (Client().get(f"/t/{table.token}/"), boss.get(f"/matches/{table.match_id}/")):
            assert f"Record hand 1 of {of}" in text(page)
    german = Client(HTTP_ACCEPT_LANGUAGE="de").get(f"/t/{table.token}/")
    assert f"Spiel 1 von {of} eintragen" in text(german)


def test_a_casual_match_says_of_how_many_only_with_a_limit(owner, client_of):
    endless = game_match(owner, "sergeant-major", "8-5-3", ("Ann", "Ben", "Cy"))
    page = text(client_of(owner).get(f"/matches/{endless.pk}/"))
    assert "Record hand 1" in page and "Record hand 1 of" not in page
    six = game_match(
        owner,
        "sergeant-major",
        "8-5-3",
        ("Ann", "Ben", "Cy"),
        [sm_hand([8, 5, 3])],
        options={"hands_limit": 6},
    )
    assert "Record hand 2 of 6" in text(client_of(owner).get(f"/matches/{six.pk}/"))


# -- the round page --------------------------------------------------------------------------


@pytest.mark.parametrize("start", [False, True], ids=["draft", "playing"])
def test_the_round_page_says_how_many_hands_each_table_plays(organiser, boss, start):
    tournament = seated(organiser, hands_per_round=9, start=start)
    page = text(boss.get(f"/tournaments/{tournament.pk}/rounds/1/"))
    assert page.count("9 hands") == 1, page
    assert page.count("12 hands: each player plays 9") == 2, page
    german = Client(HTTP_ACCEPT_LANGUAGE="de")
    german.force_login(organiser)
    page = text(german.get(f"/tournaments/{tournament.pk}/rounds/1/"))
    assert page.count("12 Spiele: jeder spielt 9") == 2, page


def test_the_round_page_says_a_sheepshead_table_of_four_plays_four_handed(organiser, boss):
    nine = ELEVEN[:9]  # 4 + 5 (§2)
    tournament = seated(organiser, nine, game="sheepshead", variant="standard", hands_per_round=20)
    page = text(boss.get(f"/tournaments/{tournament.pk}/rounds/1/"))
    assert page.count("Sheepshead, four players: 20 hands") == 1, page
    assert page.count("20 hands") == 2
    german = Client(HTTP_ACCEPT_LANGUAGE="de")
    german.force_login(organiser)
    page = text(german.get(f"/tournaments/{tournament.pk}/rounds/1/"))
    assert "Schafkopf (amerikanisch), vier Spieler: 20 Spiele" in page, page


# -- the new-tournament form -------------------------------------------------------------------


def new(boss, htmx=False, **query):
    """The new-tournament page as a change of game asks for it (htmx or a plain GET)."""
    return boss.get("/tournaments/new/", query, **(HTMX if htmx else {}))


def hands_shown(page) -> str:
    field = re.search(r'<input[^>]*id="id_hands_per_round"[^>]*>', page.content.decode()).group(0)
    return re.search(r'value="([^"]*)"', field).group(1)


def game_options(page) -> dict:
    """The game's options as the page offers them (each select's chosen value)."""
    html = page.content.decode().split('id="game-options"', 1)[1]
    chosen = {}
    for name, body in re.findall(r'<select name="(option_\w+)"[^>]*>(.*?)</select>', html, re.S):
        chosen[name] = re.search(r'<option value="([^"]*)"[^>]*selected', body).group(1)
    return chosen


def test_the_form_starts_from_the_chosen_games_hands(boss):
    assert hands_shown(boss.get("/tournaments/new/")) == "9"
    # Without JavaScript: the "show this game's options" button reloads with the choice.
    changed = new(boss, preset="sheepshead/standard", hands_per_round="9", hands_default="9")
    assert hands_shown(changed) == "20"
    back = new(boss, preset="sergeant-major/8-5-3", hands_per_round="20", hands_default="20")
    assert hands_shown(back) == "9"
    # Sheepshead's table size left in the request does not stop it.
    back = new(
        boss,
        preset="sergeant-major/8-5-3",
        table_size="5",
        hands_per_round="20",
        hands_default="20",
    )
    assert hands_shown(back) == "9"
    assert hands_shown(new(boss, preset="sergeant-major/four-player")) == "12"
    assert hands_shown(new(boss, preset="sheepshead/standard", table_size="6")) == "24"


def test_the_form_keeps_hands_the_organiser_typed_when_they_fit(boss):
    # 15 typed over Sergeant Major's 9 is a multiple of 5 too: Sheepshead keeps it.
    kept = new(boss, preset="sheepshead/standard", hands_per_round="15", hands_default="9")
    assert hands_shown(kept) == "15"
    # 12 does not fit five seats: the game's own figure instead.
    refitted = new(boss, preset="sheepshead/standard", hands_per_round="12", hands_default="9")
    assert hands_shown(refitted) == "20"


def test_a_change_of_game_through_htmx_brings_the_games_hands(boss):
    page = boss.get("/tournaments/new/")
    preset = re.search(r'<select name="preset"[^>]*>', page.content.decode()).group(0)
    # htmx swaps the game's options and, out of band, the hands per round.
    assert 'hx-select="#game-options"' in preset
    oob = re.search(r'hx-select-oob="([^"]*)"', preset).group(1).split(",")
    assert "#id_hands_per_round" in oob  # (with the tie-breaks, which follow the game too)
    answer = new(
        boss, preset="sheepshead/standard", hands_per_round="9", hands_default="9", htmx=True
    )
    body = answer.content.decode()
    assert 'id="game-options"' in body
    assert hands_shown(answer) == "20"
    assert re.search(r'name="hands_default" value="20"', body)


def test_a_sheepshead_tournament_is_made_with_the_forms_own_hands(boss):
    page = new(boss, preset="sheepshead/standard", hands_per_round="9", hands_default="9")
    answer = boss.post(
        "/tournaments/new/",
        {
            "name": "Schafkopfabend",
            "date": "2026-12-04",
            "preset": "sheepshead/standard",
            "rounds": 3,
            "hands_per_round": hands_shown(page),
            "remainder": "sitters",
            **game_options(page),
        },
    )
    assert answer.status_code == 302, re.findall(r"role=\"alert\">([^<]*)", answer.content.decode())
    assert Tournament.objects.get(name="Schafkopfabend").hands_per_round == 20
