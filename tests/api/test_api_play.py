"""A whole match through the API, as a scoreboard script would drive it."""

from django.test import Client

from matches.models import AuditEntry, Hand, Match
from tests.api_support import assert_error, bearer, create_match, key_for, send
from tests.factories import sm_hand


def test_it_plays_a_match_to_a_twelve_trick_win(owner):
    client, auth = Client(), bearer(key_for(owner))
    created = create_match(client, auth, "sergeant-major", "8-5-3", ["Ann", "Ben", "Cy"])
    assert created.status_code == 201
    match_id = created.json()["id"]
    hands_url = f"/api/matches/{match_id}/hands"

    # (tricks, dealer, targets, scores, totals, exchanges before the next hand)
    script = [
        ([9, 4, 3], 0, [8, 5, 3], [1, -1, 0], [1, -1, 0], [{"from": 0, "to": 1, "cards": 1}]),
        ([3, 10, 3], 1, [3, 8, 5], [0, 2, -2], [1, 1, -2], [{"from": 1, "to": 2, "cards": 2}]),
        (
            [4, 2, 10],
            2,
            [5, 3, 8],
            [-1, -1, 2],
            [0, 0, 0],
            [{"from": 2, "to": 0, "cards": 1}, {"from": 2, "to": 1, "cards": 1}],
        ),
    ]
    for number, (tricks, dealer, targets, scores, totals, exchanges) in enumerate(script, 1):
        response = send(
            client, "post", hands_url, {"number": number, **sm_hand(tricks)}, headers=auth
        )
        assert response.status_code == 201, response.content
        state = response.json()
        hand = state["hands"][-1]
        assert (hand["number"], hand["dealer"], hand["targets"], hand["scores"]) == (
            number,
            dealer,
            targets,
            scores,
        )
        assert state["totals"] == totals
        assert state["next_hand"]["number"] == number + 1
        assert state["next_hand"]["dealer"] == (dealer + 1) % 3
        assert state["next_hand"]["exchanges"] == exchanges
        assert state["finished"] is False

    won = send(
        client, "post", hands_url, {"number": 4, **sm_hand([12, 2, 2], "spades")}, headers=auth
    )

    assert won.status_code == 201
    state = won.json()
    assert state["hands"][-1]["scores"] == [4, -3, -1]
    assert state["totals"] == [4, -3, -1]
    assert (state["finished"], state["winners"], state["next_hand"]) == (True, [0], None)
    assert client.get(f"/api/matches/{match_id}", headers=auth).json() == state
    match = Match.objects.get(pk=match_id)
    assert (match.finished, match.winners, match.totals) == (True, [0], [4, -3, -1])

    # Nothing more can be recorded.
    late = send(client, "post", hands_url, {"number": 5, **sm_hand([8, 5, 3])}, headers=auth)
    assert assert_error(late, 409, "conflict")["state"] == state

    # A correction of hand 2 carries through to the totals.
    fixed = send(
        client, "put", f"{hands_url}/2", {"version": 1, **sm_hand([4, 9, 3])}, headers=auth
    )
    assert fixed.status_code == 200
    assert fixed.json()["hands"][1]["scores"] == [1, 1, -2]
    assert fixed.json()["totals"] == [5, -4, -1]
    assert fixed.json()["winners"] == [0]

    # Undo the winning hand: the match is open again at hand 4.
    undone = send(client, "delete", f"{hands_url}/4", headers=auth)
    assert undone.status_code == 200
    assert undone.json()["finished"] is False
    assert undone.json()["next_hand"]["number"] == 4
    assert undone.json()["totals"] == [1, -1, 0]

    assert Hand.objects.filter(match_id=match_id).count() == 3
    history = client.get(f"/api/matches/{match_id}/history", headers=auth).json()
    assert [entry["action"] for entry in history] == (
        ["create"] + ["record"] * 4 + ["correct", "undo"]
    )
    assert AuditEntry.objects.filter(match_id=match_id).count() == 7
