"""GET /api/tournaments/{id}/export: the whole tournament as JSON, for whoever may read the
tournament, in the shape its OpenAPI description gives."""

from django.test import Client

from matches.api.exports import ExportOut
from matches.models import Hand, Table
from matches.services import drafting
from tests.api_support import assert_error, login, send

from .evening import NAMES, evening_fixtures, night, play_table

built, organiser, evening = evening_fixtures(night)


def export(client, tournament):
    return send(client, "get", f"/api/tournaments/{tournament.pk}/export")


def test_the_whole_evening_in_one_file(evening, organiser):
    boss = login(organiser)
    response = export(boss, evening)
    assert response.status_code == 200
    data = response.json()
    ExportOut.model_validate(data)  # the shape the description promises
    tournament = data["tournament"]
    assert data["format"] == 1
    assert [entry["name"] for entry in tournament["entries"]] == NAMES
    assert [r["number"] for r in tournament["rounds"]] == [1, 2, 3]
    tables = [table for r in tournament["rounds"] for table in r["tables"]]
    assert len(tables) == Table.objects.count() == 9
    for table in tables:
        state = table["state"]
        assert state["id"] == table["match"] and state["finished"] is True
        assert len(state["players"]) == len(table["entries"])
        assert len(state["hands"]) == (4 if len(table["entries"]) == 4 else 3)
        assert state["totals"] == [
            sum(hand["scores"][seat] for hand in state["hands"])
            for seat in range(len(state["players"]))
        ]
        assert table["link"].startswith("/t/")
    assert sum(len(t["state"]["hands"]) for t in tables) == Hand.objects.count()
    # The standings as their own endpoint gives them.
    standings = send(boss, "get", f"/api/tournaments/{evening.pk}/standings").json()
    assert data["standings"] == standings and standings["final"] is True
    # The same tournament as GET /api/tournaments/{id}, plus the states.
    whole = send(boss, "get", f"/api/tournaments/{evening.pk}").json()
    for round_ in tournament["rounds"]:
        for table in round_["tables"]:
            del table["state"]
    assert tournament == whole


def test_a_public_tournament_is_exported_for_anyone_without_table_links(organiser, other):
    tournament = night(organiser, public=True, rounds=1)
    for client in (Client(), login(other)):
        data = export(client, tournament).json()
        tables = data["tournament"]["rounds"][0]["tables"]
        assert tables and all(table.get("link") is None for table in tables)
        assert all(table["state"]["hands"] for table in tables)


def test_a_private_tournament_is_exported_for_organisers_only(evening, other):
    assert_error(export(Client(), evening), 401, "not_authenticated")
    assert_error(export(login(other), evening), 403, "forbidden")
    assert_error(send(Client(), "get", "/api/tournaments/999999/export"), 404, "not_found")


def test_wrong_method_and_unknown_tournament(evening, organiser):
    boss = login(organiser)
    url = f"/api/tournaments/{evening.pk}/export"
    assert_error(send(boss, "post", url, {}), 405, "method_not_allowed")
    assert_error(send(boss, "get", "/api/tournaments/999999/export"), 404, "not_found")


def test_a_drafted_round_has_no_states_yet(organiser):
    tournament = night(organiser, rounds=2, played=1)
    data = export(login(organiser), tournament).json()
    draft = data["tournament"]["rounds"][1]
    assert draft["status"] == "draft"
    assert all(table["match"] is None and table["state"] is None for table in draft["tables"])


def test_the_export_follows_every_hand(organiser):
    tournament = night(organiser, rounds=1, played=0)
    round_ = drafting.draft_round(tournament, organiser, method="draw", seed=1)
    drafting.start_round(round_, organiser)
    boss = login(organiser)
    before = export(boss, tournament).json()
    assert all(not t["state"]["hands"] for t in before["tournament"]["rounds"][0]["tables"])
    play_table(Table.objects.filter(round=round_).first(), organiser)
    after = export(boss, tournament).json()
    assert any(t["state"]["hands"] for t in after["tournament"]["rounds"][0]["tables"])
