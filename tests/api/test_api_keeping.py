"""GET /api/matches, POST /api/matches/{id}/archive and DELETE /api/matches/{id} as in
matches/api/API.md (issue 20, items 3 and 5): the right user, the wrong one, nobody, a link,
the wrong method, bad input (nothing written), and the OpenAPI description."""

import pytest

from matches.models import AccountAudit, AuditEntry, Match
from matches.services import drafting
from tests.api_support import assert_error, bearer, key_for, login, match_url, send, writes
from tests.factories import sm_hand
from tests.tournaments.evenings import club

pytestmark = pytest.mark.django_db

LIST = "/api/matches"


def archive_url(match):
    return match_url(match, "/archive")


def tournament_match(organiser):
    tournament = club(organiser)
    round_ = drafting.draft_round(tournament, organiser, method="draw", seed=3)
    drafting.start_round(round_, organiser)
    return round_.tables.first()


# -- the list -----------------------------------------------------------------------------


def test_the_list_is_in_progress_first_then_newest_with_the_contracts_keys(owner, make_match):
    done = make_match([sm_hand([12, 2, 2])], players=("Dora", "Emil", "Fay"))
    older = make_match([sm_hand([9, 4, 3])], players=("Ann", "Ben", "Cy"))
    newer = make_match([], players=("Gus", "Hal", "Ida"))

    body = login(owner).get(LIST).json()

    assert [item["id"] for item in body["items"]] == [newer.pk, older.pk, done.pk]
    assert body["next"] is None
    first = body["items"][2]
    assert set(first) >= {
        "id",
        "game",
        "variant",
        "players",
        "finished",
        "winners",
        "archived",
        "updated_at",
    }
    assert first["players"] == ["Dora", "Emil", "Fay"]
    assert (first["finished"], first["winners"], first["archived"]) == (True, [0], False)
    assert first["game"] == "sergeant-major" and first["variant"] == "8-5-3"


def test_the_list_searches_by_player_and_filters_by_game(owner, make_match):
    from tests.factories import sieben

    ann = make_match(players=("Ann", "Ben", "Cy"))
    make_match(players=("Dora", "Emil", "Fay"))
    two = sieben(owner, players=("Anna", "Olaf"))
    client = login(owner)

    found = client.get(LIST + "?q=ANN").json()["items"]
    assert sorted(item["id"] for item in found) == sorted([ann.pk, two.pk])
    sieben_only = client.get(LIST + "?q=ann&game=sieben").json()["items"]
    assert [item["id"] for item in sieben_only] == [two.pk]


def test_the_list_pages_keep_the_search(owner, make_match, monkeypatch):
    from matches.api import keeping

    monkeypatch.setattr(keeping, "PAGE_SIZE", 2)
    for index in range(5):
        make_match(players=(f"Ann{index}", "Ben", "Cy"))
    client = login(owner)

    first = client.get(LIST + "?q=ann&game=sergeant-major").json()
    assert len(first["items"]) == 2
    assert first["next"] == "http://testserver/api/matches?q=ann&game=sergeant-major&page=2"
    second = client.get(first["next"]).json()
    third = client.get(second["next"]).json()
    assert len(third["items"]) == 1 and third["next"] is None
    ids = [item["id"] for page in (first, second, third) for item in page["items"]]
    assert len(set(ids)) == 5
    assert client.get(LIST + "?page=9").json() == {"items": [], "next": None}


def test_the_list_is_mine_and_an_organisers_is_everyones(owner, other, organiser, make_match):
    mine = make_match()
    assert login(other).get(LIST).json()["items"] == []
    assert [item["id"] for item in login(organiser).get(LIST).json()["items"]] == [mine.pk]
    key = key_for(owner)
    assert [i["id"] for i in send(login(other), "get", LIST, headers=bearer(key)).json()["items"]]


def test_the_list_leaves_out_a_tournaments_tables(organiser):
    tournament_match(organiser)
    assert login(organiser).get(LIST).json()["items"] == []


def test_the_list_refuses_nobody_a_share_token_and_a_table_link(client, organiser, make_match):
    match = make_match()
    assert_error(client.get(LIST), 401, "not_authenticated")
    assert_error(client.get(LIST, headers=bearer(match.share_token)), 401, "not_authenticated")
    assert_error(client.get(LIST + f"?share={match.share_token}"), 401, "not_authenticated")
    table = tournament_match(organiser)
    assert_error(client.get(LIST, headers=bearer(table.token)), 403, "forbidden")


def test_the_list_refuses_bad_input_by_name(owner):
    client = login(owner)
    body = assert_error(client.get(LIST + "?game=poker"), 422, "invalid")
    assert "poker" in body["fields"]["game"][0]
    body = assert_error(client.get(LIST + "?q=A%00nn"), 422, "invalid")
    assert "q" in body["fields"]
    assert_error(client.get(LIST + "?page=0"), 422, "invalid")
    assert_error(client.get(LIST + "?archived=perhaps"), 422, "invalid")


# -- archive and restore ------------------------------------------------------------------


def test_archiving_takes_it_off_the_list_and_restoring_brings_it_back(owner, make_match):
    match = make_match([sm_hand([9, 4, 3])])
    client = login(owner)

    response = send(client, "post", archive_url(match), {"archived": True})

    assert response.status_code == 200
    assert response.json()["archived"] is True and response.json()["id"] == match.pk
    assert client.get(LIST).json()["items"] == []
    archived = client.get(LIST + "?archived=1").json()["items"]
    assert [(item["id"], item["archived"]) for item in archived] == [(match.pk, True)]
    assert client.get(match_url(match)).json()["archived"] is True  # still readable
    history = client.get(match_url(match, "/history")).json()
    assert (history[-1]["action"], history[-1]["by"]) == ("archive", "ann")

    restored = send(client, "post", archive_url(match), {"archived": False})
    assert restored.status_code == 200 and restored.json()["archived"] is False
    assert [item["id"] for item in client.get(LIST).json()["items"]] == [match.pk]
    assert client.get(match_url(match, "/history")).json()[-1]["action"] == "restore"


def test_archiving_twice_changes_nothing_more(owner, make_match):
    match = make_match()
    client = login(owner)
    send(client, "post", archive_url(match), {"archived": True})
    before = AuditEntry.objects.count()
    assert send(client, "post", archive_url(match), {"archived": True}).json()["archived"]
    assert AuditEntry.objects.count() == before


def test_an_organiser_archives_with_a_key(client, owner, organiser, make_match):
    match = make_match()
    response = send(
        client, "post", archive_url(match), {"archived": True}, headers=bearer(key_for(organiser))
    )
    assert response.status_code == 200
    assert Match.objects.get().archived


def test_archiving_is_refused_to_others_and_writes_nothing(client, other, organiser, make_match):
    match = make_match()
    table = tournament_match(organiser)
    before = writes()
    archive = {"archived": True}
    assert_error(send(client, "post", archive_url(match), archive), 401, "not_authenticated")
    assert_error(send(login(other), "post", archive_url(match), archive), 403, "forbidden")
    share = bearer(match.share_token)
    response = send(client, "post", archive_url(match), archive, headers=share)
    assert_error(response, 401, "not_authenticated")
    link = bearer(table.token)
    response = send(client, "post", archive_url(table.match), archive, headers=link)
    assert_error(response, 403, "forbidden")
    assert_error(send(login(other), "post", "/api/matches/999999/archive", {}), 404, "not_found")
    assert writes() == before and not Match.objects.filter(archived=True).exists()


@pytest.mark.parametrize(
    ("body", "field"),
    [({}, "archived"), ({"archived": "yes"}, "archived"), ({"archived": 1}, "archived")],
)
def test_archiving_refuses_a_bad_body_by_name(owner, make_match, body, field):
    match = make_match()
    before = writes()
    response = send(login(owner), "post", archive_url(match), body)
    assert field in assert_error(response, 422, "invalid")["fields"]
    assert writes() == before and not Match.objects.get().archived


def test_archiving_refuses_a_body_that_is_not_json_and_the_wrong_method(owner, make_match):
    match = make_match()
    client = login(owner)
    assert_error(send(client, "post", archive_url(match), raw=b"archive!"), 400, "bad_request")
    assert_error(client.get(archive_url(match)), 405, "method_not_allowed")
    assert_error(
        send(client, "put", archive_url(match), {"archived": True}), 405, "method_not_allowed"
    )
    assert not Match.objects.get().archived


# -- delete -------------------------------------------------------------------------------


def test_deleting_leaves_a_record_in_the_owners_log(owner, organiser, make_match):
    match = make_match([sm_hand([9, 4, 3])], players=("Ann", "Ben", "Cy"))
    pk = match.pk

    response = send(login(organiser), "delete", match_url(match))

    assert response.status_code == 204 and response.content == b""
    assert not Match.objects.exists() and not AuditEntry.objects.exists()
    entry = AccountAudit.objects.get()
    assert (entry.account, entry.by, entry.by_name, entry.action, entry.match_id) == (
        owner,
        organiser,
        "otto",
        "delete",
        pk,
    )
    assert entry.about["players"] == ["Ann", "Ben", "Cy"]
    assert entry.about["hands"] == 1 and entry.about["game"] == "sergeant-major"
    assert_error(login(owner).get(match_url(match)), 404, "not_found")


def test_the_owner_deletes_with_a_key(client, owner, make_match):
    match = make_match()
    response = send(client, "delete", match_url(match), headers=bearer(key_for(owner)))
    assert response.status_code == 204
    assert not Match.objects.exists()


def test_a_tournaments_match_is_not_deleted(organiser):
    table = tournament_match(organiser)
    before = writes()
    body = assert_error(send(login(organiser), "delete", match_url(table.match)), 409, "conflict")
    assert "tournament" in body["message"]
    assert writes() == before and not AccountAudit.objects.exists()


def test_deleting_is_refused_to_others_and_writes_nothing(client, other, organiser, make_match):
    match = make_match()
    before = writes()
    assert_error(send(client, "delete", match_url(match)), 401, "not_authenticated")
    assert_error(send(login(other), "delete", match_url(match)), 403, "forbidden")
    assert_error(
        send(client, "delete", match_url(match), headers=bearer(match.share_token)),
        401,
        "not_authenticated",
    )
    assert_error(send(login(other), "delete", "/api/matches/999999"), 404, "not_found")
    assert_error(send(login(other), "patch", match_url(match), {}), 405, "method_not_allowed")
    assert writes() == before and not AccountAudit.objects.exists()


def test_a_table_link_deletes_nothing(client, organiser):
    table = tournament_match(organiser)
    before = writes()
    response = send(client, "delete", match_url(table.match), headers=bearer(table.token))
    assert_error(response, 403, "forbidden")
    assert writes() == before


# -- ending a match with no hand ----------------------------------------------------------


def test_ending_a_match_with_no_hand_is_refused(owner, make_match):
    match = make_match()
    before = writes()
    body = assert_error(send(login(owner), "post", match_url(match, "/stop"), {}), 409, "conflict")
    assert "No hand has been recorded yet" in body["message"]
    assert writes() == before and not Match.objects.get().stopped


# -- the description ----------------------------------------------------------------------


def test_openapi_describes_the_list_archive_and_delete(client):
    paths = client.get("/api/openapi.json").json()["paths"]
    listing = paths["/api/matches"]["get"]
    assert {p["name"] for p in listing["parameters"]} >= {"q", "game", "archived", "page"}
    assert "200" in listing["responses"]
    archive = paths["/api/matches/{match_id}/archive"]["post"]
    body = archive["requestBody"]["content"]["application/json"]["schema"]
    assert body["properties"]["archived"]["type"] == "boolean"
    assert set(paths["/api/matches/{match_id}"]["delete"]["responses"]) >= {"204", "409"}
    schemas = client.get("/api/openapi.json").json()["components"]["schemas"]
    assert "archived" in schemas["MatchOut"]["properties"]
