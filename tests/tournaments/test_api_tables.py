"""A table link's token in the API: it writes its table's hands while the table is open,
and is refused everywhere else; the board as JSON (matches/api/API.md, docs/tournaments.md §8)."""

import pytest
from django.test import Client

from matches.models import AuditEntry, Hand, Table
from matches.services import table_results
from tests.api_support import assert_error, bearer, login, match_url, send, writes
from tests.tournaments.evenings import play_table


@pytest.fixture
def table(running):
    return Table.objects.select_related("match", "round").get(round__tournament=running, number=1)


def hand(table, number=1):
    dealer = (table.match.first_dealer + number - 1) % 3
    tricks = [0, 0, 0]
    for offset, target in {0: 8, 1: 5, 2: 3}.items():
        tricks[(dealer + offset) % 3] = target
    return {"number": number, "trump": "hearts", "tricks": tricks}


def test_a_table_token_records_its_tables_hand(table):
    response = send(
        Client(), "post", match_url(table.match, "/hands"), hand(table), headers=bearer(table.token)
    )
    assert response.status_code == 201, response.content
    entry = AuditEntry.objects.get(match=table.match, action="record")
    assert entry.who == "table 1 (phone)"
    # ... and reads it, with what was changed at the table.
    client = Client()
    assert (
        send(client, "get", match_url(table.match), headers=bearer(table.token)).status_code == 200
    )
    trail = send(client, "get", match_url(table.match, "/history"), headers=bearer(table.token))
    assert trail.status_code == 200


def test_a_table_token_never_reaches_another_table(table):
    other = Table.objects.select_related("match").get(round=table.round, number=2)
    before = writes()
    response = send(
        Client(), "post", match_url(other.match, "/hands"), hand(other), headers=bearer(table.token)
    )
    assert_error(response, 403, "forbidden")
    assert writes() == before
    read = send(Client(), "get", match_url(other.match), headers=bearer(table.token))
    assert_error(read, 403, "forbidden")


@pytest.mark.parametrize("tail", ["/stop", "/share"])
def test_a_table_token_neither_ends_the_match_nor_replaces_its_link(table, tail):
    before = writes()
    response = send(Client(), "post", match_url(table.match, tail), {}, headers=bearer(table.token))
    assert_error(response, 403, "forbidden")
    assert writes() == before


def test_a_table_token_is_no_organiser(running, table):
    client = Client()
    answer = send(
        client,
        "post",
        f"/api/tournaments/{running.pk}/rounds",
        {"method": "draw"},
        headers=bearer(table.token),
    )
    assert_error(answer, 403, "forbidden")
    assert running.rounds.count() == 1


def test_a_confirmed_tables_token_writes_no_more(table, organiser):
    play_table(table, organiser)
    seats = [seat.entry for seat in table.seats.order_by("number")]
    table_results.submit_result(table, seats[0].pk)
    table_results.confirm_result(table, seats[1].pk)
    before = writes()
    response = send(
        Client(),
        "delete",
        match_url(table.match, "/hands/3"),
        {"reason": "x"},
        headers=bearer(table.token),
    )
    assert_error(response, 403, "forbidden")
    assert writes() == before and Hand.objects.filter(match=table.match).count() == 3


def test_the_tournament_shows_who_handed_in_and_confirmed(running, table, organiser):
    play_table(table, organiser)
    seats = [seat.entry for seat in table.seats.order_by("number")]
    table_results.submit_result(table, seats[0].pk)
    table_results.confirm_result(table, seats[2].pk)
    body = send(login(organiser), "get", f"/api/tournaments/{running.pk}").json()
    row = body["rounds"][0]["tables"][0]
    assert row["confirmed"] is True
    assert (row["submitted_by"], row["confirmed_by"]) == (seats[0].pk, seats[2].pk)


# -- the board ----------------------------------------------------------------------------


def test_the_board_as_json_with_its_key(running, table, organiser):
    play_table(table, organiser)
    url = f"/api/tournaments/{running.pk}/board"
    answer = send(Client(), "get", f"{url}?key={running.board_token}")
    assert answer.status_code == 200
    body = answer.json()
    assert body["round"] == {"number": 1, "status": "playing"}
    assert [t["state"] for t in body["tables"]] == ["done", "playing", "playing"]
    assert body["tables"][0]["hands"] == body["tables"][0]["of"] == 3
    assert running.board_token not in answer.content.decode()
    # After the last closed round: none yet while round 1 plays (issue 19, item 10).
    assert body["standings"]["after_round"] == 0


def test_a_private_board_without_its_key(running, other):
    url = f"/api/tournaments/{running.pk}/board"
    assert_error(send(Client(), "get", url), 401, "not_authenticated")
    assert_error(send(Client(), "get", f"{url}?key=wrong"), 401, "not_authenticated")
    assert_error(send(login(other), "get", url), 403, "forbidden")


def test_a_public_board_is_open(running):
    running.public = True
    running.save()
    assert send(Client(), "get", f"/api/tournaments/{running.pk}/board").status_code == 200


def test_the_board_is_read_only(running):
    url = f"/api/tournaments/{running.pk}/board?key={running.board_token}"
    assert_error(send(Client(), "post", url, {}), 405, "method_not_allowed")
