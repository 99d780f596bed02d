"""``Prefer: return=minimal`` on the writes to hands (API additions): the answer is what
the write changed, in the match state's own field names, with ``Preference-Applied``;
without the header the answer is the whole state, as matches/api/API.md has it."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from matches.models import Match
from matches.services import selectors
from tests.api_support import login, match_url, send
from tests.factories import game_match, sm_hand

MINIMAL = {"Prefer": "return=minimal"}
CHANGE_KEYS = {"id", "revision", "hands", "totals", "next_hand", "finished", "winners"}


def whole_state(owner, match):
    return login(owner).get(match_url(match)).json()


def test_a_record_answers_the_new_hand_and_what_follows_from_it(owner, make_match):
    match = make_match([sm_hand([9, 4, 3])])

    response = send(
        login(owner),
        "post",
        match_url(match, "/hands"),
        {"number": 2, **sm_hand([3, 9, 4])},
        headers=MINIMAL,
    )

    assert response.status_code == 201
    assert response["Preference-Applied"] == "return=minimal"
    change = response.json()
    assert set(change) == CHANGE_KEYS
    whole = whole_state(owner, match)
    assert change["hands"] == whole["hands"][1:]
    assert change["hands"][0]["number"] == 2 and change["hands"][0]["version"] == 1
    for key in ("id", "totals", "next_hand", "finished", "winners"):
        assert change[key] == whole[key]
    assert change["revision"] == Match.objects.get(pk=match.pk).revision


def test_a_record_without_the_header_answers_the_whole_state(owner, make_match):
    match = make_match([sm_hand([9, 4, 3])])

    response = send(
        login(owner), "post", match_url(match, "/hands"), {"number": 2, **sm_hand([3, 9, 4])}
    )

    assert response.status_code == 201
    assert "Preference-Applied" not in response
    assert response.json() == whole_state(owner, match)
    assert [hand["number"] for hand in response.json()["hands"]] == [1, 2]


def test_a_minimal_record_reads_no_hands_in_a_worker_that_kept_nothing(owner, make_match):
    match = make_match([sm_hand([9, 4, 3]), sm_hand([3, 9, 4])])
    client = login(owner)
    selectors.states.clear()

    with CaptureQueriesContext(connection) as captured:
        response = send(
            client,
            "post",
            match_url(match, "/hands"),
            {"number": 3, **sm_hand([4, 3, 9])},
            headers=MINIMAL,
        )

    assert response.status_code == 201
    assert not [query for query in captured if 'FROM "matches_hand"' in query["sql"]]


def test_a_correction_answers_the_corrected_hand_and_every_later_one(owner, make_match):
    match = make_match([sm_hand([9, 4, 3]), sm_hand([3, 9, 4]), sm_hand([4, 3, 9])])

    response = send(
        login(owner),
        "put",
        match_url(match, "/hands/2"),
        {"version": 1, **sm_hand([5, 8, 3])},
        headers=MINIMAL,
    )

    assert response.status_code == 200
    assert response["Preference-Applied"] == "return=minimal"
    change = response.json()
    whole = whole_state(owner, match)
    assert [hand["number"] for hand in change["hands"]] == [2, 3]
    assert change["hands"] == whole["hands"][1:]
    assert change["hands"][0]["version"] == 2
    assert change["totals"] == whole["totals"]


def test_a_correction_without_the_header_answers_the_whole_state(owner, make_match):
    match = make_match([sm_hand([9, 4, 3]), sm_hand([3, 9, 4])])

    response = send(
        login(owner), "put", match_url(match, "/hands/1"), {"version": 1, **sm_hand([8, 5, 3])}
    )

    assert response.status_code == 200
    assert "Preference-Applied" not in response
    assert response.json() == whole_state(owner, match)


def test_an_undo_answers_no_hand_and_the_state_before_it(owner, make_match):
    match = make_match([sm_hand([9, 4, 3]), sm_hand([3, 9, 4])])

    response = send(login(owner), "delete", match_url(match, "/hands/2"), headers=MINIMAL)

    assert response.status_code == 200
    assert response["Preference-Applied"] == "return=minimal"
    change = response.json()
    assert change["hands"] == []
    assert change["totals"] == [1, -1, 0]
    assert change["next_hand"] == whole_state(owner, match)["next_hand"]
    assert change["next_hand"]["number"] == 2


def test_an_undo_without_the_header_answers_the_whole_state(owner, make_match):
    match = make_match([sm_hand([9, 4, 3]), sm_hand([3, 9, 4])])

    response = send(login(owner), "delete", match_url(match, "/hands/2"))

    assert "Preference-Applied" not in response
    assert response.json() == whole_state(owner, match)


def test_a_games_running_figures_are_part_of_the_change(owner):
    match = game_match(owner, "sieben", "two-player", ("Ann", "Ben"), [{"counters": [60, 30]}])

    response = send(
        login(owner),
        "post",
        match_url(match, "/hands"),
        {"number": 2, "counters": [20, 70]},
        headers=MINIMAL,
    )

    change = response.json()
    assert change["points"] == whole_state(owner, match)["points"]
    assert change["hands"][0]["winner"] == 1


@pytest.mark.parametrize(
    "prefer", ["return=minimal", "respond-async, return=minimal", "RETURN=MINIMAL; x=1"]
)
def test_the_preference_is_read_as_rfc_7240_writes_it(owner, make_match, prefer):
    match = make_match()

    response = send(
        login(owner),
        "post",
        match_url(match, "/hands"),
        {"number": 1, **sm_hand([9, 4, 3])},
        headers={"Prefer": prefer},
    )

    assert response["Preference-Applied"] == "return=minimal"


@pytest.mark.parametrize("prefer", ["return=representation", "I", "respond-async, wait=5"])
def test_other_preferences_answer_the_whole_state(owner, make_match, prefer):
    match = make_match()

    response = send(
        login(owner),
        "post",
        match_url(match, "/hands"),
        {"number": 1, **sm_hand([9, 4, 3])},
        headers={"Prefer": prefer},
    )

    assert "Preference-Applied" not in response
    assert "game" in response.json()


def test_the_openapi_description_documents_the_header_and_both_answers(client, db):
    schema = client.get("/api/openapi.json").json()
    paths = schema["paths"]
    for path, method, status in [
        ("/api/matches/{match_id}/hands", "post", "201"),
        ("/api/matches/{match_id}/hands/{number}", "put", "200"),
        ("/api/matches/{match_id}/hands/{number}", "delete", "200"),
    ]:
        operation = paths[path][method]
        prefer = {each["name"]: each for each in operation["parameters"]}["Prefer"]
        # Any string: RFC 7240 has a server ignore preferences it does not know, so an
        # enum would promise a refusal the API does not give (Schemathesis's ST201).
        assert prefer["schema"] == {"type": "string", "example": "return=minimal"}
        answer = operation["responses"][status]
        assert "Preference-Applied" in answer["headers"]
        refs = [each["$ref"] for each in answer["content"]["application/json"]["schema"]["anyOf"]]
        assert refs == ["#/components/schemas/MatchOut", "#/components/schemas/MatchChangeOut"]
    assert "revision" in schema["components"]["schemas"]["MatchChangeOut"]["required"]
