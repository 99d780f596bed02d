"""GET /api/matches/{id}/history: the audit trail, oldest first."""

from datetime import datetime

from tests.api_support import assert_error, bearer, key_for, login, match_url, send, writes
from tests.factories import sm_hand


def history_url(match):
    return match_url(match, "/history")


def test_it_lists_every_change_oldest_first(owner, organiser, make_match):
    match = make_match([sm_hand([9, 4, 3])])
    client = login(owner)
    send(client, "post", match_url(match, "/hands"), {"number": 2, **sm_hand([3, 8, 5])})
    send(
        login(organiser),
        "put",
        match_url(match, "/hands/1"),
        {"version": 1, **sm_hand([10, 4, 2]), "reason": "miscounted"},
    )
    send(client, "delete", match_url(match, "/hands/2"))

    response = client.get(history_url(match))

    assert response.status_code == 200
    entries = response.json()
    assert [(e["action"], e["number"], e["by"]) for e in entries] == [
        ("create", None, "ann"),
        ("record", 1, "ann"),
        ("record", 2, "ann"),
        ("correct", 1, "otto"),
        ("undo", 2, "ann"),
    ]
    assert entries[0]["before"] is None
    assert entries[0]["after"]["players"] == ["Ann", "Ben", "Cy"]
    assert entries[1]["after"] == {"tricks": [9, 4, 3], "trump": "hearts"}
    assert entries[3]["before"] == {"tricks": [9, 4, 3], "trump": "hearts"}
    assert entries[3]["after"] == {"tricks": [10, 4, 2], "trump": "hearts"}
    assert entries[3]["reason"] == "miscounted"
    assert entries[4]["before"] == {"tricks": [3, 8, 5], "trump": "hearts"}
    assert entries[4]["after"] is None
    assert [e["reason"] for e in entries[:3]] == [None, None, None]
    times = [datetime.fromisoformat(e["at"]) for e in entries]
    assert all(t.tzinfo is not None for t in times)
    assert times == sorted(times)


def test_it_has_exactly_the_documented_keys(owner, make_match):
    match = make_match()

    entry = login(owner).get(history_url(match)).json()[0]

    assert set(entry) == {"at", "by", "action", "number", "before", "after", "reason"}


def test_it_lets_staff_read(organiser, make_match):
    match = make_match()

    assert login(organiser).get(history_url(match)).status_code == 200


def test_a_share_token_sees_the_match_but_not_its_audit(client, make_match):
    # One policy for both faces (matches.access): spectators follow the match; who
    # changed what under which username, and why, is for the owner and organisers.
    match = make_match([sm_hand([9, 4, 3])])
    match.audit.filter(action="record").update(reason="Ben asked")

    by_query = client.get(history_url(match) + f"?share={match.share_token}")
    by_header = client.get(history_url(match), headers=bearer(match.share_token))

    for response in (by_query, by_header):
        body = assert_error(response, 403, "forbidden")
        assert "audit trail" in body["message"]
        assert "ann" not in response.content.decode() and "Ben asked" not in body["message"]
    # The match itself they may still follow.
    assert client.get(match_url(match) + f"?share={match.share_token}").status_code == 200
    assert client.get(match_url(match), headers=bearer(match.share_token)).status_code == 200
    # And the page agrees: the audit page sends them to log in.
    page = client.get(f"/matches/{match.pk}/history/?share={match.share_token}")
    assert page.status_code == 302 and "/accounts/login/" in page["Location"]


def test_it_accepts_the_owners_api_key(client, owner, make_match):
    match = make_match()

    assert client.get(history_url(match), headers=bearer(key_for(owner))).status_code == 200


def test_it_refuses_another_user(client, other, make_match):
    match = make_match()

    assert_error(login(other).get(history_url(match)), 403, "forbidden")
    assert_error(client.get(history_url(match), headers=bearer(key_for(other))), 403, "forbidden")


def test_it_refuses_anonymous(client, make_match):
    match = make_match()

    assert_error(client.get(history_url(match)), 401, "not_authenticated")


def test_it_says_when_there_is_no_such_match(owner, make_match):
    match = make_match()

    assert_error(login(owner).get(f"/api/matches/{match.pk + 1}/history"), 404, "not_found")


def test_it_refuses_other_methods(owner, make_match):
    match = make_match()
    before = writes()

    for method in ("post", "put", "delete"):
        response = send(login(owner), method, history_url(match), {})
        assert_error(response, 405, "method_not_allowed")
        assert response["Allow"] == "GET"
    assert writes() == before


def test_it_names_who_acted_even_after_their_account_is_gone(owner, organiser, make_match):
    match = make_match([sm_hand([9, 4, 3])])
    send(
        login(organiser), "put", match_url(match, "/hands/1"), {"version": 1, **sm_hand([8, 5, 3])}
    )
    organiser.delete()

    entries = login(owner).get(history_url(match)).json()

    assert entries[-1]["action"] == "correct"
    assert entries[-1]["by"] == "otto"
