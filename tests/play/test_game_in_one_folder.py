"""A game is one folder (issue 22): Mini Tricks lives in ``tests/play/minigame/`` alone
(rules, hand form, API body, templates, script) and is installed by one
``INSTALLED_APPS`` line in the ``mini`` fixture (tests/conftest.py: the browser test plays
it too). It plays through the
match page, the API, the OpenAPI description, a tournament round and a printed table
card, with no file outside its folder changed."""

import datetime
import json

import pytest
from django.contrib.staticfiles import finders
from django.urls import reverse

from matches import rules
from matches.games import registry as games
from matches.models import Match, Table
from matches.services import closing, drafting, registration, tournaments
from matches.services import standings as standings_reads
from matches.standings import rank_label
from tests.api_support import login, send
from tests.factories import HTMX

SLUG = "mini-tricks"


def test_the_registry_knows_it_only_while_installed(mini):
    assert games.get(SLUG) is mini and SLUG in rules.GAMES
    assert mini.scripts == [f"games/{SLUG}/hand.js"]
    found = mini.folder / "static" / "games" / SLUG / "hand.js"
    assert finders.find(f"games/{SLUG}/hand.js") == str(found)
    games.unregister(SLUG)
    assert SLUG not in games.GAMES and SLUG not in rules.GAMES
    games.register(mini)


def test_without_it_the_site_knows_nothing_of_it():
    assert SLUG not in games.GAMES and SLUG not in rules.GAMES
    assert finders.find(f"games/{SLUG}/hand.js") is None  # nor its files


@pytest.mark.django_db
def test_it_plays_through_the_match_page(client, owner, mini):
    client.force_login(owner)
    new = client.get(f"/matches/new/?preset={SLUG}/standard").content.decode()
    assert "Mini Tricks" in new and "Six tricks a hand" in new

    players = {"player_0": "Ann", "player_1": "Ben", "player_2": "Cy", "first_dealer": "0"}
    response = client.post("/matches/new/", {"preset": f"{SLUG}/standard", **players})
    match = Match.objects.get()
    assert response.status_code == 302 and match.game == SLUG

    page = client.get(match.get_absolute_url()).content.decode()
    assert "No hands yet: enter the tricks each seat took." in page  # its table.html
    assert 'data-mini-tricks="6"' in page and 'name="taken_2"' in page  # its hand_form.html
    assert f'<script src="/static/games/{SLUG}/hand.js" defer></script>' in page
    assert client.get(f"/static/games/{SLUG}/hand.js").status_code == 200
    # Its own style, from its folder (issue 34, item 6).
    assert f'<link rel="stylesheet" href="/static/games/{SLUG}/game.css">' in page
    sheet = client.get(f"/static/games/{SLUG}/game.css")
    assert b".mini-score" in b"".join(sheet.streaming_content)

    hand = {"number": "1", "taken_0": "3", "taken_1": "2", "taken_2": "1"}
    client.post(reverse("play:hand_record", args=[match.pk]), hand)
    page = client.get(match.get_absolute_url()).content.decode()
    assert page.count('class="cell mini-score"') == 3  # its history.html
    assert [seat.total for seat in match.seats.order_by("number")] == [1, 0, -1]

    wrong = {"number": "2", "taken_0": "6", "taken_1": "1", "taken_2": "0"}
    refused = client.post(reverse("play:hand_record", args=[match.pk]), wrong)
    assert "The tricks must add up to 6." in refused.content.decode()


@pytest.mark.django_db
def test_it_plays_through_the_api(owner, mini):
    api = login(owner)
    created = send(
        api,
        "post",
        "/api/matches",
        {"game": SLUG, "variant": "standard", "players": ["Ann", "Ben", "Cy"], "first_dealer": 0},
    )
    assert created.status_code == 201, created.content
    url = f"/api/matches/{created.json()['id']}/hands"

    recorded = send(api, "post", url, {"number": 1, "taken": [1, 1, 4]})
    assert recorded.status_code == 201, recorded.content
    assert recorded.json()["totals"] == [-1, -1, 2]

    # Its own body: another game's field is unknown, a wrong type refused by the schema.
    unknown = send(api, "post", url, {"number": 2, "tricks": [2, 2, 2]})
    assert unknown.status_code == 422 and "tricks" in unknown.json()["fields"]
    typed = send(api, "post", url, {"number": 2, "taken": [1, True, 4]})
    assert typed.status_code == 422 and "taken.1" in typed.json()["fields"]

    listed = send(api, "get", "/api/games").json()
    assert [game["slug"] for game in listed][-1] == SLUG


@pytest.mark.django_db
def test_the_openapi_description_has_its_hand_body(client, mini):
    schema = client.get("/api/openapi.json").json()
    body = schema["paths"]["/api/matches/{match_id}/hands"]["post"]["requestBody"]
    taken = body["content"]["application/json"]["schema"]["properties"]["taken"]
    assert taken["description"] == "Mini Tricks: the tricks each seat took."
    correction = schema["paths"]["/api/matches/{match_id}/hands/{number}"]["put"]
    assert "taken" in json.dumps(correction["requestBody"])
    create = schema["paths"]["/api/matches"]["post"]["requestBody"]
    assert SLUG in create["content"]["application/json"]["schema"]["properties"]["game"]["enum"]
    tournament = schema["paths"]["/api/tournaments"]["post"]["requestBody"]
    branches = tournament["content"]["application/json"]["schema"]["oneOf"]
    assert {"const": SLUG} in [branch["properties"]["game"] for branch in branches]

    games.unregister(SLUG)
    again = client.get("/api/openapi.json").json()
    games.register(mini)
    assert "taken" not in json.dumps(again["paths"]["/api/matches/{match_id}/hands"])


@pytest.mark.django_db
def test_it_plays_a_tournament_round_and_prints_its_table_card(client, organiser, boss, mini):
    tournament = tournaments.create_tournament(
        organiser,
        name="Mini night",
        date=datetime.date(2026, 12, 1),
        game=SLUG,
        variant="standard",
        rounds=1,
        hands_per_round=3,
    )
    for entry in registration.register_players(tournament, organiser, ["Ann", "Ben", "Cy"]):
        registration.check_in(entry, organiser)
    round_ = drafting.draft_round(tournament, organiser, method="draw", seed=1)
    drafting.start_round(round_, organiser)
    table = Table.objects.get(round=round_)

    card = boss.get(f"/tournaments/{tournament.pk}/print/tables/1/")
    assert card.status_code == 200
    assert "Tricks" in card.content.decode()  # its paper column

    link = reverse("tournaments:table_link", args=[table.token])
    assert 'name="taken_0"' in client.get(link).content.decode()
    for number in (1, 2, 3):
        hand = {"number": str(number), "taken_0": "2", "taken_1": "3", "taken_2": "1"}
        client.post(reverse("tournaments:table_record", args=[table.token]), hand)
    match = Match.objects.get(pk=table.match_id)
    assert match.hands.count() == 3 and match.finished

    closing.close_round(round_, organiser)
    round_.refresh_from_db()
    assert round_.status == round_.Status.CLOSED


def test_the_phone_scores_its_hand_form_with_its_one_reader(mini):
    # Its ``hand_from_fields`` reads its hand form on the server and on the phone alike.
    from matches import offline_play

    match = {"game": SLUG, "variant": "standard", "players": ["Ann", "Ben", "Cy"], "hands": []}
    form = [["number", "1"], ["taken_0", "3"], ["taken_1", "2"], ["taken_2", "1"]]
    answer = json.loads(offline_play.derive(json.dumps({**match, "form": form})))
    assert answer["ok"] and answer["inputs"] == [{"taken": [3, 2, 1]}]
    assert answer["totals"] == [1, 0, -1]


def test_the_phone_says_it_cannot_score_a_game_that_reads_no_form():
    # A game whose rules leave ``Ruleset.hand_from_fields`` alone: its hands wait for the
    # server.
    from matches import offline_play
    from tests.play.minigame.rules import MiniTricks

    class Unread(MiniTricks):
        game = "unread-tricks"
        hand_from_fields = rules.Ruleset.hand_from_fields

    rules.register(Unread)
    try:
        match = {"game": Unread.game, "variant": "standard", "players": ["Ann", "Ben", "Cy"]}
        form = [["taken_0", "2"]]
        answer = json.loads(offline_play.derive(json.dumps({**match, "hands": [], "form": form})))
        assert answer == {
            "ok": False,
            "message": "This game cannot be scored offline.",
            "params": {},
            "field": "game",
        }
        assert json.loads(offline_play.derive(json.dumps({**match, "hands": []})))["ok"]
    finally:
        rules.unregister(Unread.game)


@pytest.mark.django_db
def test_it_speaks_german_from_its_own_catalogue(client, owner, mini):
    """Its words are in its folder's catalogue (locale/de/), found as any app's."""
    from tests.factories import game_match

    client.force_login(owner)
    match = game_match(owner, SLUG, "standard", ["Ann", "Ben", "Cy"])
    german = {"HTTP_ACCEPT_LANGUAGE": "de"}
    page = client.get(match.get_absolute_url(), **german).content.decode()
    assert "Mini-Stiche" in page and "Gemachte Stiche" in page
    assert "Noch keine Spiele: Gib die Stiche jedes Platzes ein." in page
    wrong = {"number": "1", "taken_0": "6", "taken_1": "1", "taken_2": "0"}
    refused = client.post(reverse("play:hand_record", args=[match.pk]), wrong, **german)
    assert "Die Stiche müssen zusammen 6 ergeben." in refused.content.decode()
    assert not match.hands.exists()


def test_the_phones_bundle_carries_its_rules_from_the_registry(mini, tmp_path):
    """The offline zip is made from the registry: installed, its rules.py and the packages
    above it travel to the phone (each a real file, importing no Django), and the rules
    there replay its hands."""
    import io
    import subprocess
    import sys
    import zipfile

    from matches import offline

    data, _version = offline.rules_zip()
    names = zipfile.ZipFile(io.BytesIO(data)).namelist()
    assert "tests/play/minigame/rules.py" in names and "tests/play/minigame/__init__.py" in names
    assert [SLUG, "tests.play.minigame.rules", "MiniTricks"] in offline.installed()
    zipfile.ZipFile(io.BytesIO(data)).extractall(tmp_path)
    hands = [{"taken": [3, 2, 1]}]
    phone = (
        "import json, sys; sys.path[:0] = ['.']\n"
        "from matches import offline_play\n"
        "offline_play.install()\n"
        f"match = {{'game': {SLUG!r}, 'variant': 'standard', 'players': ['Ann', 'Ben', 'Cy'],"
        f" 'hands': {hands!r}}}\n"
        "answer = json.loads(offline_play.derive(json.dumps(match)))\n"
        "print(json.dumps([answer['ok'], answer['totals'], 'django' in sys.modules]))\n"
    )
    ran = subprocess.run(
        [sys.executable, "-I", "-c", phone], cwd=tmp_path, capture_output=True, text=True
    )
    assert ran.returncode == 0, ran.stderr
    assert json.loads(ran.stdout) == [True, [1, 0, -1], False]


@pytest.mark.django_db
def test_a_tournament_of_it_offers_and_ranks_by_its_own_tie_break(client, organiser, boss, mini):
    # Its ruleset brings ``most_clean_sweeps`` (issue 34, item 3): the set-up form offers
    # it for its tournaments only, the API's description names it, the standings use it.
    def offered(preset):
        page = boss.get("/tournaments/new/", {"preset": preset}, **HTMX).content.decode()
        return 'value="most_clean_sweeps"' in page and "clean sweeps" in page

    assert offered(f"{SLUG}/standard") and not offered("sergeant-major/8-5-3")
    schema = client.get("/api/openapi.json").json()
    body = schema["paths"]["/api/tournaments"]["post"]["requestBody"]["content"]
    create = body["application/json"]["schema"]
    chain = next(c for c in create["properties"]["tie_breaks"]["anyOf"] if c["type"] == "array")
    assert "most_clean_sweeps" in chain["items"]["enum"]
    branches = {b["properties"]["game"]["const"]: b["properties"] for b in create["oneOf"]}
    assert "most_clean_sweeps" in branches[SLUG]["tie_breaks"]["items"]["enum"]
    assert "most_clean_sweeps" not in branches["sergeant-major"]["tie_breaks"]["items"]["enum"]

    tournament = tournaments.create_tournament(
        organiser,
        name="Mini night",
        date=datetime.date(2026, 12, 1),
        game=SLUG,
        variant="standard",
        rounds=1,
        hands_per_round=3,
        score="game_points",
        tie_breaks=["most_clean_sweeps"],
    )
    entries = registration.register_players(tournament, organiser, ["Ann", "Ben", "Cy"])
    for entry in entries:
        registration.check_in(entry, organiser)
    round_ = drafting.draft_round(tournament, organiser, method="draw", seed=1)
    drafting.start_round(round_, organiser)
    table = Table.objects.get(round=round_)
    match = Match.objects.get(pk=table.match_id)
    # Everyone ends on 0; the first seat took all six tricks of the first hand.
    for number, taken in enumerate(([6, 0, 0], [0, 3, 3], [0, 3, 3]), start=1):
        hand = {"number": str(number), **{f"taken_{s}": str(t) for s, t in enumerate(taken)}}
        client.post(reverse("tournaments:table_record", args=[table.token]), hand)
    sweeper, *others = match.names
    read = standings_reads.tournament_standings(tournament)
    assert [(rank_label(row), row.name, row.score) for row in read.rows] == [
        ("1", sweeper, 0),
        ("2=", sorted(others)[0], 0),
        ("2=", sorted(others)[1], 0),
    ]
    assert [row.tie_break_values for row in read.rows] == [
        {"most_clean_sweeps": 1},
        {"most_clean_sweeps": 0},
        {"most_clean_sweeps": 0},
    ]
    assert str(read.rows[0].why) == (f"Ahead of {sorted(others)[0]} on clean sweeps: 1 to 0.")
    page = boss.get(f"/tournaments/{tournament.pk}/standings/").content.decode()
    assert "clean sweeps" in page
