"""The tournament endpoints of matches/api/API.md: organisers write, public tournaments are read by
anyone, errors in the house shape, nothing written on a refusal."""

import pytest
from django.test import Client

from matches.models import Entry, Round, Table, Tournament, TournamentAudit
from matches.services import standings as standings_reads
from tests.api_support import assert_error, bearer, key_for, login, send
from tests.tournaments.evenings import CREATE, NAMES, play_table


def tournament_writes():
    return (
        list(Tournament.objects.values_list("pk", "revision", "status")),
        list(Entry.objects.values_list("pk", "checked_in", "withdrawn_from")),
        Round.objects.count(),
        TournamentAudit.objects.count(),
    )


@pytest.fixture
def boss(organiser):
    return login(organiser)


def create(client, **changes):
    response = send(client, "post", "/api/tournaments", {**CREATE, **changes})
    assert response.status_code == 201, response.content
    return response.json()


def test_a_club_night_through_the_api(boss, organiser):
    made = create(boss)
    assert made["status"] == "registration" and made["score"] == "match_points"
    url = f"/api/tournaments/{made['id']}"
    entries = send(boss, "post", f"{url}/entries", {"players": NAMES}).json()
    assert [entry["name"] for entry in entries] == NAMES
    for entry in entries:
        answer = send(boss, "post", f"{url}/entries/{entry['id']}/check-in")
        assert answer.json()["checked_in"] is True
    drafted = send(boss, "post", f"{url}/rounds", {"method": "draw"})
    assert drafted.status_code == 201
    assert sorted(len(t["entries"]) for t in drafted.json()["tables"]) == [3, 3, 3]
    started = send(boss, "post", f"{url}/rounds/1/start").json()
    assert started["status"] == "playing"
    assert all(t["match"] and t["link"].startswith("/t/") for t in started["tables"])
    # Unfinished tables: closing is a 409 until told to end them.
    assert_error(send(boss, "post", f"{url}/rounds/1/close", {}), 409, "conflict")
    for table in Table.objects.all():
        play_table(table, organiser)
    closed = send(boss, "post", f"{url}/rounds/1/close", {})
    assert closed.json()["status"] == "closed"
    assert all(t["done"] and t["confirmed"] for t in closed.json()["tables"])
    standings = send(boss, "get", f"{url}/standings").json()
    assert standings["after_round"] == 1 and not standings["final"]
    assert len(standings["rows"]) == 9
    row = standings["rows"][0]
    assert set(row) >= {"rank", "shared", "entry", "name", "score", "tie_breaks", "rounds"}
    assert row["rounds"][0]["round"] == 1 and row["rounds"][0]["bye"] is False
    whole = send(boss, "get", url).json()
    assert [r["number"] for r in whole["rounds"]] == [1]


def test_omitted_tie_breaks_are_the_chain_for_the_score(boss):
    # matches/api/API.md: tie_breaks defaults to the chain in docs/tournaments.md §5 for the score.
    assert create(boss)["tie_breaks"] == ["game_points", "best_round", "head_to_head"]
    made = create(boss, score="game_points")
    assert made["tie_breaks"] == ["table_wins", "best_round", "head_to_head"]
    assert create(boss, tie_breaks=[])["tie_breaks"] == []


def test_a_bearer_token_of_an_organiser_writes(organiser, other):
    response = send(
        Client(), "post", "/api/tournaments", CREATE, headers=bearer(key_for(organiser))
    )
    assert response.status_code == 201
    refused = send(Client(), "post", "/api/tournaments", CREATE, headers=bearer(key_for(other)))
    assert_error(refused, 403, "forbidden")


def test_anonymous_and_players_may_not_create(other):
    before = tournament_writes()
    assert_error(send(Client(), "post", "/api/tournaments", CREATE), 401, "not_authenticated")
    assert_error(send(login(other), "post", "/api/tournaments", CREATE), 403, "forbidden")
    assert tournament_writes() == before


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"rounds": 0}, "rounds"),
        ({"hands_per_round": 10}, "hands_per_round"),
        ({"tie_breaks": ["luck"]}, "tie_breaks"),
        ({"name": "\u0000"}, "name"),
        ({"date": "someday"}, "date"),
        ({"date": 0}, "date"),
        ({"date": "2026-02-30"}, "date"),
        ({"surprise": 1}, "surprise"),
    ],
)
def test_bad_set_up_is_a_422_naming_the_field(boss, changes, field):
    before = tournament_writes()
    body = assert_error(
        send(boss, "post", "/api/tournaments", {**CREATE, **changes}), 422, "invalid"
    )
    assert field in body["fields"]
    assert tournament_writes() == before


def test_a_private_tournament_is_hidden_from_others(boss, other):
    made = create(boss)
    url = f"/api/tournaments/{made['id']}"
    # Anonymous: asked to log in; another user: refused, as the pages do (access); a
    # tournament that does not exist is a 404 to anyone (tests/tournaments/test_policy.py).
    assert_error(send(Client(), "get", url), 401, "not_authenticated")
    assert_error(send(Client(), "get", "/api/tournaments/999999"), 404, "not_found")
    assert_error(send(login(other), "get", f"{url}/standings"), 403, "forbidden")


def test_a_public_tournament_is_read_by_anyone_without_table_links(boss):
    made = create(boss, public=True)
    url = f"/api/tournaments/{made['id']}"
    send(boss, "post", f"{url}/entries", {"players": NAMES})
    for entry in Entry.objects.all():
        send(boss, "post", f"{url}/entries/{entry.pk}/check-in")
    send(boss, "post", f"{url}/rounds", {"method": "draw"})
    seen = send(Client(), "get", url)
    assert seen.status_code == 200
    assert all(table.get("link") is None for table in seen.json()["rounds"][0]["tables"])
    assert send(Client(), "get", f"{url}/standings").status_code == 200
    # Reading is not writing.
    assert_error(
        send(Client(), "post", f"{url}/rounds", {"method": "draw"}), 401, "not_authenticated"
    )


def test_wrong_method_and_unknown_things(boss):
    made = create(boss)
    url = f"/api/tournaments/{made['id']}"
    assert_error(send(boss, "put", url, {}), 405, "method_not_allowed")
    assert_error(send(boss, "get", "/api/tournaments/999999"), 404, "not_found")
    assert_error(send(boss, "post", f"{url}/entries/999999/check-in"), 404, "not_found")
    assert_error(send(boss, "post", f"{url}/rounds/7/start"), 404, "not_found")


def test_refusals_write_nothing(boss):
    made = create(boss)
    url = f"/api/tournaments/{made['id']}"
    before = tournament_writes()
    assert_error(send(boss, "post", f"{url}/entries", {"players": []}), 422, "invalid")
    assert_error(send(boss, "post", f"{url}/entries", {"players": ["Ann", "ann"]}), 422, "invalid")
    assert_error(send(boss, "post", f"{url}/rounds", {"method": "hat"}), 422, "invalid")
    # Nobody checked in: no table can be drawn.
    assert_error(send(boss, "post", f"{url}/rounds", {"method": "draw"}), 409, "conflict")
    assert_error(send(boss, "post", f"{url}/entries", raw=b"[1,"), 400, "bad_request")
    assert tournament_writes() == before


def test_withdraw_from_a_later_round(boss):
    made = create(boss)
    url = f"/api/tournaments/{made['id']}"
    (entry,) = send(boss, "post", f"{url}/entries", {"players": ["Ann"]}).json()
    answer = send(boss, "post", f"{url}/entries/{entry['id']}/withdraw", {"from_round": 2})
    assert answer.json()["withdrawn_from"] == 2
    body = assert_error(
        send(boss, "post", f"{url}/entries/{entry['id']}/withdraw", {"from_round": 0}),
        422,
        "invalid",
    )
    assert "from_round" in body["fields"]
    # Entered once: entering again clashes with the entry, it is no bad input.
    again = assert_error(
        send(boss, "post", f"{url}/entries", {"players": ["Ann"]}), 409, "conflict"
    )
    assert again["fields"] == {"players.0": ["Ann is entered already."]}
    undo = send(boss, "delete", f"{url}/entries/{entry['id']}/check-in")
    assert undo.json()["checked_in"] is False


def test_the_description_declares_the_limits(client, db):
    schema = client.get("/api/openapi.json").json()
    paths = schema["paths"]
    create = paths["/api/tournaments"]["post"]["requestBody"]["content"]["application/json"]
    body = create["schema"]
    assert body["additionalProperties"] is False
    assert {"name", "date", "game", "variant", "rounds", "hands_per_round"} <= set(body["required"])
    assert (body["properties"]["rounds"]["minimum"], body["properties"]["rounds"]["maximum"]) == (
        1,
        30,
    )
    draft = paths["/api/tournaments/{tournament_id}/rounds"]["post"]
    method = draft["requestBody"]["content"]["application/json"]["schema"]["properties"]["method"]
    assert method["enum"] == ["draw", "standings", "mixed", "swiss"]
    assert {"201", "401", "403", "404", "409", "422"} <= set(draft["responses"])


def test_teams_through_the_api(boss):
    made = create(boss, game="sieben", variant="partners", hands_per_round=1)
    url = f"/api/tournaments/{made['id']}/entries"
    entries = send(boss, "post", url, {"players": [["Ann", "Ben"], ["Cy", "Dan"]]}).json()
    assert [entry["name"] for entry in entries] == ["Ann & Ben", "Cy & Dan"]
    assert all(len(entry["players"]) == 2 for entry in entries)
    assert_error(send(boss, "post", url, {"players": ["Eve"]}), 422, "invalid")


def test_an_id_beyond_the_database_is_invalid_not_a_crash(boss):
    made = create(boss)
    url = f"/api/tournaments/{made['id']}/entries"
    body = assert_error(send(boss, "post", url, {"players": [2**70]}), 422, "invalid")
    assert body["fields"] == {"players.0": ["A player's id is a whole number from 1."]}


@pytest.mark.parametrize(
    "players, fields",
    [
        ([None], {"players.0": ["Give a player's id or name."]}),
        (["Ann", True], {"players.1": ["Give a player's id or name."]}),
        (["Ann", 0], {"players.1": ["A player's id is a whole number from 1."]}),
        (["x" * 41], {"players.0": ["A name can have at most 40 characters."]}),
        ([["Ann", "Ben", "Cy"]], {"players.0": ["Enter a team of two players: two names or ids."]}),
    ],
)
def test_a_bad_player_is_named_by_its_place_in_the_list(boss, players, fields):
    # One item, one field: never the names of the types tried for it.
    made = create(boss)
    url = f"/api/tournaments/{made['id']}/entries"
    before = tournament_writes()
    body = assert_error(send(boss, "post", url, {"players": players}), 422, "invalid")
    assert body["fields"] == fields
    assert tournament_writes() == before


def seating_branches(client):
    schema = client.get("/api/openapi.json").json()
    create = schema["paths"]["/api/tournaments"]["post"]["requestBody"]["content"]
    return create["application/json"]["schema"]["oneOf"]


def test_the_description_lists_each_preset_and_table_size(client, db):
    branches = {
        (b["properties"]["game"]["const"], b["properties"]["variant"]["const"]): b
        for b in seating_branches(client)
        if b["properties"]["table_size"] == {"type": "null"}
    }
    assert branches[("sergeant-major", "8-5-3")]["properties"]["hands_per_round"] == {
        "multipleOf": 3
    }
    assert branches[("sheepshead", "standard")]["properties"]["hands_per_round"] == {
        "multipleOf": 5
    }
    # A Sieben round is a game to the point limit: its hands are not counted.
    assert "hands_per_round" not in branches[("sieben", "partners")]["properties"]
    # Tournaments seat two players or two partnerships.
    assert ("sieben", "three-player") not in branches


def test_what_the_description_allows_is_created_and_nothing_else(boss, client):
    # Each branch, read as a client would: a multiple of its number is taken, one more
    # hand (where hands are counted) is refused for that very field.
    for branch in seating_branches(client):
        properties = branch["properties"]
        body = {
            "name": "Club night",
            "date": "2026-12-01",
            "game": properties["game"]["const"],
            "variant": properties["variant"]["const"],
            "rounds": 1,
            "hands_per_round": 2 * properties.get("hands_per_round", {}).get("multipleOf", 1),
            "table_size": properties["table_size"].get("const"),
        }
        made = send(boss, "post", "/api/tournaments", body)
        assert made.status_code == 201, (body, made.content)
        if "hands_per_round" in properties:
            one_more = {**body, "hands_per_round": body["hands_per_round"] + 1}
            refused = send(boss, "post", "/api/tournaments", one_more)
            assert "hands_per_round" in assert_error(refused, 422, "invalid")["fields"], body


def test_a_number_too_big_is_refused_in_the_house_words(boss):
    for language, message in [
        ("en", "rounds must be at most 30."),
        ("de", "rounds darf höchstens 30 sein."),
    ]:
        response = send(
            boss,
            "post",
            "/api/tournaments",
            {**CREATE, "rounds": 31},
            headers={"Accept-Language": language},
        )
        assert assert_error(response, 422, "invalid")["fields"] == {"rounds": [message]}


@pytest.mark.parametrize("score", ["match_points", "game_points"])
def test_standings_rows_carry_match_points_and_game_points(boss, organiser, score):
    # Issue 31, item 9: both figures on every row, whichever is the score, as the page,
    # the board, print and CSV show them.
    made = create(boss, score=score)
    url = f"/api/tournaments/{made['id']}"
    for entry in send(boss, "post", f"{url}/entries", {"players": NAMES}).json():
        send(boss, "post", f"{url}/entries/{entry['id']}/check-in")
    send(boss, "post", f"{url}/rounds", {"method": "draw"})
    send(boss, "post", f"{url}/rounds/1/start")
    for table in Table.objects.all():
        play_table(table, organiser)
    send(boss, "post", f"{url}/rounds/1/close", {})
    rows = send(boss, "get", f"{url}/standings").json()["rows"]
    for row in rows:
        points = sum(result["game_points"] for result in row["rounds"])
        assert row["game_points"] == points
        assert row["score"] == row[score]
    # Every table here ends level (each seat deals once): three shared wins, 1 point each.
    assert [row["match_points"] for row in rows] == [1] * len(NAMES)
    read = standings_reads.tournament_standings(Tournament.objects.get(pk=made["id"]))
    assert [row["match_points"] for row in rows] == [row.match_points for row in read.rows]
    exported = send(boss, "get", f"{url}/export").json()["standings"]["rows"]
    assert [(r["match_points"], r["game_points"]) for r in exported] == [
        (r["match_points"], r["game_points"]) for r in rows
    ]
