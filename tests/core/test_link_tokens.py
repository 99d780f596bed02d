"""Tokens in addresses and headers have a token's shape before anything looks one up:
a NUL or other junk is "no such link" (404; the API's JSON 401/403), never a query —
PostgreSQL refuses a NUL in a string, which made ``/t/%00/`` a 500 there."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from matches.models import Match, Table, new_link_token, new_share_token
from matches.services import drafting
from matches.tokens import is_token
from tests.api_support import assert_error, bearer, match_url, send, writes
from tests.factories import sm_hand
from tests.tournaments.evenings import club

JUNK = ["\x00", "a\x00b", "x" * 27 + "\x00", "ab", "x" * 65, "Yq3b X0a", "ä" * 22, "a/b" * 9]


@pytest.fixture
def table(organiser):
    tournament = club(organiser)
    round_ = drafting.draft_round(tournament, organiser, method="draw", seed=3)
    drafting.start_round(round_, organiser)
    return Table.objects.select_related("match").get(round=round_, number=1)


def test_the_tokens_we_make_have_the_shape():
    for _ in range(200):
        assert is_token(new_share_token()) and is_token(new_link_token())
    for junk in [*JUNK, None, 27]:
        assert not is_token(junk)


@pytest.mark.parametrize(
    "path",
    [
        "/t/%00/",
        "/t/a%00b/",
        "/s/a%00b/",
        "/s/%00/",
        "/t/%00/hands/",
        "/t/%00/hands/1/undo/",
        "/t/%00/result/",
        "/t/" + "x" * 27 + "%00/",
        "/t/" + "x" * 2000 + "/",
    ],
)
def test_a_path_with_no_token_in_it_is_404_without_a_query(client, organiser, path):
    with CaptureQueriesContext(connection) as queries:
        assert client.get(path).status_code == 404
        assert client.post(path).status_code == 404
    # (The first-organiser check asks whether any account exists; nothing looks a link up.)
    assert [query["sql"] for query in queries if "matches_" in query["sql"]] == []


def test_the_real_links_still_open(client, table, make_match):
    match = make_match()
    assert client.get(f"/t/{table.token}/").status_code == 200
    assert client.get(f"/s/{match.share_token}/").status_code == 200


def test_a_bearer_with_a_nul_is_refused_in_json(client, table):
    match = Match.objects.get(pk=table.match_id)
    before = writes()
    for junk in ["a\x00b", table.token + "\x00", "\x00" * 27]:
        assert_error(client.get(match_url(match), headers=bearer(junk)), 403, "forbidden")
        response = send(
            client, "post", match_url(match, "/hands"), sm_hand([8, 5, 3]), headers=bearer(junk)
        )
        assert_error(response, 401, "not_authenticated")
        response = send(client, "delete", match_url(match, "/hands/1"), {}, headers=bearer(junk))
        assert_error(response, 401, "not_authenticated")
    assert writes() == before


def test_a_share_or_board_key_with_a_nul_is_refused(client, table, make_match):
    match = make_match()
    tournament = table.round.tournament
    response = client.get(match_url(match) + "?share=a%00b")
    assert_error(response, 403, "forbidden")
    # No board key at all: the private board asks an anonymous visitor to log in.
    response = client.get(f"/tournaments/{tournament.pk}/board/?key=a%00b")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    response = client.get(f"/api/tournaments/{tournament.pk}/board?key=a%00b")
    assert response.status_code in (401, 403, 404)
    assert response["Content-Type"].startswith("application/json")
