"""GET /api/matches/{id}: the match state, and who may read it."""

import json
from dataclasses import dataclass

from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from matches.api.play import state_json
from matches.games.sergeant_major.rules import SergeantMajorNext
from matches.games.sheepshead.rules import SheepsheadHand
from matches.rules import Detail, Exchange, Hand, MatchState, NextHand
from matches.services import play as services
from matches.services import selectors
from tests.api_support import assert_error, bearer, key_for, login, match_url, send, writes
from tests.factories import sm_hand


def test_it_shows_the_documented_example(owner, make_match):
    match = make_match([sm_hand([9, 4, 3], "hearts")])

    response = login(owner).get(match_url(match))

    assert response.status_code == 200
    body = response.json()
    assert body.pop("stopped") is False  # an addition to matches/api/API.md's shape
    assert body.pop("archived") is False  # matches/api/API.md: the state carries "archived"
    assert body == {  # matches/api/API.md, "Match state"
        "id": match.pk,
        "game": "sergeant-major",
        "variant": "8-5-3",
        "options": {
            "win_tricks": 12,
            "point_limit": None,
            "point_band": None,
            "hands_limit": None,
            "kitty_first": False,
            "sitter": False,  # an addition to matches/api/API.md (docs/tournaments.md §2)
        },
        "players": ["Ann", "Ben", "Cy"],
        "hands": [
            {
                "number": 1,
                "version": 1,
                "dealer": 0,
                "input": {"tricks": [9, 4, 3], "trump": "hearts"},
                "targets": [8, 5, 3],
                "scores": [1, -1, 0],
            }
        ],
        "totals": [1, -1, 0],
        "next_hand": {
            "number": 2,
            "dealer": 1,
            "targets": [3, 8, 5],
            "exchanges": [{"from": 0, "to": 1, "cards": 1}],
        },
        "finished": False,
        "winners": [],
    }


def test_it_lists_exchanges_in_the_order_they_happen(owner, make_match):
    # Hand 1 dealt by seat 0 (targets 8, 5, 3): seat 0 is up 4, seats 1 and 2 down 2.
    # Hand 2 is dealt by seat 1 (targets 3, 8, 5): the higher coming target goes first.
    match = make_match([sm_hand([12, 3, 1], "clubs")], options={"win_tricks": 13})

    exchanges = login(owner).get(match_url(match)).json()["next_hand"]["exchanges"]

    assert exchanges == [{"from": 0, "to": 1, "cards": 2}, {"from": 0, "to": 2, "cards": 2}]


def test_it_shows_a_finished_match(owner, make_match):
    match = make_match([sm_hand([9, 4, 3]), sm_hand([2, 12, 2])])

    state = login(owner).get(match_url(match)).json()

    assert state["finished"] is True
    assert state["next_hand"] is None
    assert state["winners"] == [1]
    assert state["totals"] == [1 - 1, -1 + 4, 0 - 3]


def test_it_lets_staff_read(organiser, make_match):
    match = make_match()

    assert login(organiser).get(match_url(match)).status_code == 200


def test_it_refuses_another_user(other, make_match):
    match = make_match()

    assert_error(login(other).get(match_url(match)), 403, "forbidden")


def test_it_refuses_anonymous(client, make_match):
    match = make_match()

    assert_error(client.get(match_url(match)), 401, "not_authenticated")


def test_it_lets_a_share_token_read(client, make_match):
    match = make_match([sm_hand([9, 4, 3])])

    by_query = client.get(match_url(match) + f"?share={match.share_token}")
    by_header = client.get(match_url(match), headers=bearer(match.share_token))

    assert by_query.status_code == 200
    assert by_header.status_code == 200
    assert by_query.json() == by_header.json()
    assert by_query.json()["totals"] == [1, -1, 0]


def test_it_lets_another_user_read_with_the_share_token(other, make_match):
    match = make_match()

    response = login(other).get(match_url(match) + f"?share={match.share_token}")

    assert response.status_code == 200


def test_it_refuses_another_matchs_share_token(client, make_match):
    match, elsewhere = make_match(), make_match()

    response = client.get(match_url(match) + f"?share={elsewhere.share_token}")
    assert_error(response, 403, "forbidden")
    response = client.get(match_url(match), headers=bearer(elsewhere.share_token))
    assert_error(response, 403, "forbidden")


def test_it_accepts_the_owners_api_key(client, owner, make_match):
    match = make_match()

    assert client.get(match_url(match), headers=bearer(key_for(owner))).status_code == 200


def test_it_refuses_another_users_api_key(client, other, make_match):
    match = make_match()

    response = client.get(match_url(match), headers=bearer(key_for(other)))

    assert_error(response, 403, "forbidden")


def test_it_refuses_a_revoked_api_key(client, owner, make_match):
    match = make_match()
    key = key_for(owner)
    owner.api_tokens.all().delete()

    assert_error(client.get(match_url(match), headers=bearer(key)), 403, "forbidden")


def test_it_says_when_there_is_no_such_match(owner, make_match):
    match = make_match()

    assert_error(login(owner).get(f"/api/matches/{match.pk + 1}"), 404, "not_found")
    assert_error(login(owner).get("/api/matches/seventeen"), 404, "not_found")
    # Beyond any id the database can hold: nothing there, not an overflow.
    for too_far in ("0", str(2**63), "9" * 40):
        assert_error(login(owner).get(f"/api/matches/{too_far}"), 404, "not_found")


def test_it_refuses_other_methods(owner, make_match):
    match = make_match()
    before = writes()

    for method in ("post", "put", "patch"):  # DELETE deletes (test_api_keeping.py)
        response = send(login(owner), method, match_url(match), {})
        assert_error(response, 405, "method_not_allowed")
        assert response["Allow"] == "DELETE, GET"
    assert writes() == before


def test_it_reads_in_the_same_number_of_queries_however_long_the_match(owner, make_match):
    def queries(hands):
        match = make_match([sm_hand([6, 5, 5])] * hands)  # every seat even or close
        client = login(owner)
        with CaptureQueriesContext(connection) as captured:
            response = client.get(match_url(match))
        assert response.status_code == 200
        assert len(response.json()["hands"]) == hands
        return len(captured)

    assert queries(3) == queries(20)
    assert queries(3) <= 5


def test_it_reads_with_a_share_token_in_few_queries(client, make_match):
    match = make_match([sm_hand([6, 5, 5])] * 20)

    with CaptureQueriesContext(connection) as captured:
        response = Client().get(match_url(match) + f"?share={match.share_token}")

    assert response.status_code == 200
    assert len(captured) <= 3


def test_it_merges_a_games_extra_facts_into_hands_and_next_hand(owner, monkeypatch):
    # Games add keys such as "active" (Sheepshead), "winner", "calls_left".
    match = services.create_match(
        owner,
        game="sheepshead",
        variant="3-handed",
        players=["Ann", "Ben", "Cy"],
        first_dealer=0,
    ).match
    state = MatchState(
        players=("Ann", "Ben", "Cy"),
        hands=(Hand(1, 0, {"points": 70}, None, (2, -1, -1), (0, 1, 2), SheepsheadHand(1)),),
        totals=(2, -1, -1),
        next_hand=NextHand(
            2,
            1,
            None,
            (0, 1, 2),
            (Exchange(0, 1, 1),),
            SergeantMajorNext(calls_left=(("miz",), (), ())),
        ),
    )

    monkeypatch.setattr(selectors, "snapshot", lambda m: selectors.Snapshot(m, state, (1,)))

    data = login(owner).get(match_url(match)).json()

    assert data["hands"][0]["active"] == [0, 1, 2]
    assert data["hands"][0]["targets"] is None
    assert data["next_hand"]["calls_left"] == [["miz"], [], []]
    assert data["next_hand"]["exchanges"] == [{"from": 0, "to": 1, "cards": 1}]


@dataclass(frozen=True)
class Clashing(Detail):
    def as_json(self):
        return {"number": 99, "scores": []}


def test_it_never_lets_extra_facts_replace_the_common_keys(owner, make_match):
    match = make_match()
    state = MatchState(
        players=("Ann", "Ben", "Cy"),
        hands=(Hand(1, 0, {}, (8, 5, 3), (0, 0, 0), (0, 1, 2), Clashing()),),
        totals=(0, 0, 0),
        next_hand=None,
        winners=(0,),
    )

    data = json.loads(json.dumps(state_json(selectors.Snapshot(match, state, (1,)))))

    assert data["hands"][0]["number"] == 1
    assert data["hands"][0]["scores"] == [0, 0, 0]
    assert data["finished"] is True
