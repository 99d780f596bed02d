"""GET and POST /api/matches/{id}/share (additions to matches/api/API.md): the share link for its
owner to hand out, and replacing it. A share token reads the match, never the link
itself, the audit trail, or a new link."""

from matches.models import AuditEntry, Match
from tests.api_support import assert_error, bearer, key_for, login, match_url, send, writes
from tests.factories import sm_hand


def share_url(match):
    return match_url(match, "/share")


def test_the_owner_reads_the_share_link(owner, make_match):
    match = make_match()

    response = login(owner).get(share_url(match))

    assert response.status_code == 200
    assert response.json() == {
        "token": match.share_token,
        "url": f"http://testserver/s/{match.share_token}/",
    }


def test_replacing_it_retires_the_old_token_at_once(client, owner, make_match):
    match = make_match([sm_hand([9, 4, 3])])
    old = match.share_token
    key = key_for(owner)
    assert client.get(match_url(match), headers=bearer(old)).status_code == 200

    response = send(client, "post", share_url(match), {"reason": "leaked"}, headers=bearer(key))

    assert response.status_code == 200
    new = response.json()["token"]
    assert new != old and Match.objects.get().share_token == new
    assert response.json()["url"] == f"http://testserver/s/{new}/"
    assert_error(client.get(match_url(match), headers=bearer(old)), 403, "forbidden")
    assert_error(client.get(match_url(match) + f"?share={old}"), 403, "forbidden")
    assert client.get(match_url(match), headers=bearer(new)).status_code == 200
    assert client.get(f"/s/{old}/").status_code == 404
    history = client.get(match_url(match, "/history"), headers=bearer(key)).json()
    assert (history[-1]["action"], history[-1]["by"], history[-1]["reason"]) == (
        "share",
        "ann",
        "leaked",
    )
    assert history[-1]["before"] is None and history[-1]["after"] is None


def test_an_empty_body_will_do(owner, make_match):
    match = make_match()

    response = send(login(owner), "post", share_url(match))

    assert response.status_code == 200
    assert AuditEntry.objects.get(action="share").reason == ""


def test_a_share_token_may_neither_read_nor_replace_it(client, make_match):
    match = make_match()
    before = writes()

    assert_error(client.get(share_url(match), headers=bearer(match.share_token)), 403, "forbidden")
    assert_error(client.get(share_url(match) + f"?share={match.share_token}"), 403, "forbidden")
    response = send(client, "post", share_url(match), {}, headers=bearer(match.share_token))
    assert_error(response, 401, "not_authenticated")
    assert writes() == before
    assert Match.objects.get().share_token == match.share_token


def test_other_users_and_anonymous_are_refused(client, other, make_match):
    match = make_match()
    before = writes()

    assert_error(login(other).get(share_url(match)), 403, "forbidden")
    assert_error(send(login(other), "post", share_url(match), {}), 403, "forbidden")
    assert_error(client.get(share_url(match)), 401, "not_authenticated")
    assert_error(send(client, "post", share_url(match), {}), 401, "not_authenticated")
    assert writes() == before
    assert Match.objects.get().share_token == match.share_token


def test_organisers_may_replace_it(organiser, make_match):
    match = make_match()

    assert send(login(organiser), "post", share_url(match), {}).status_code == 200
    assert AuditEntry.objects.get(action="share").by == organiser


def test_a_bad_body_or_a_missing_match_writes_nothing(owner, make_match):
    match = make_match()
    client = login(owner)
    before = writes()

    assert_error(send(client, "post", share_url(match), raw="[]"), 400, "bad_request")
    body = assert_error(send(client, "post", share_url(match), {"token": "mine"}), 422, "invalid")
    assert list(body["fields"]) == ["token"]
    missing = f"/api/matches/{match.pk + 1}/share"
    assert_error(send(client, "post", missing, {}), 404, "not_found")
    assert_error(send(client, "put", share_url(match), {}), 405, "method_not_allowed")
    assert writes() == before
    assert Match.objects.get().share_token == match.share_token


def test_a_table_link_may_not_read_its_matchs_share_link(client, organiser):
    from matches.models import Table
    from matches.services import drafting
    from tests.tournaments.evenings import club

    round_ = drafting.draft_round(club(organiser), organiser, method="draw", seed=3)
    drafting.start_round(round_, organiser)
    table = Table.objects.select_related("match").get(round=round_, number=1)
    url = share_url(table.match)
    # The table's token writes the match's hands...
    assert client.get(match_url(table.match), headers=bearer(table.token)).status_code == 200

    # ...but its share link is the organiser's to hand out, however the token is sent.
    body = assert_error(client.get(url, headers=bearer(table.token)), 403, "forbidden")
    assert table.match.share_token not in str(body)
    body = assert_error(client.get(url + f"?share={table.token}"), 403, "forbidden")
    assert table.match.share_token not in str(body)
    assert login(organiser).get(url).status_code == 200
