"""Access loose ends (issue 31, item 8), on both databases.

- A public tournament's tables are its public results: an anonymous read of one's match
  through the API was a 401 while any bearer string read it. Now both read it, alike,
  and neither reads a private tournament's (401 and 403, as for any match): a bearer
  string that is nobody's key or link reaches no further than none.
- The pages and API answers behind an account that carry a link's token or a key (the
  round and tournament pages, the match page and what redraws its table, the share
  page, a new API key, an invite link, the API's answers to a session) are kept by no
  cache: ``Cache-Control: private, no-store`` (``middleware.private_answers``).

The row of the access matrix is in test_policy (``SEE_API``); look-alike account names
are in tests/core/test_users.
"""

import pytest
from django.test import Client

from matches.models import Match, Table, Tournament
from tests.api_support import match_url

STRANGER = {"HTTP_AUTHORIZATION": "Bearer " + "z" * 43}  # a token's shape, nobody's


def kept_by_nobody(response) -> bool:
    directives = {part.strip() for part in response.get("Cache-Control", "").split(",")}
    return response.status_code < 500 and {"private", "no-store"} <= directives


@pytest.fixture
def table(running):
    return Table.objects.filter(round__tournament=running).order_by("number").first()


@pytest.mark.parametrize("public", [True, False], ids=["public", "private"])
def test_a_bearer_string_that_is_nobody_s_reaches_what_nobody_reaches(running, table, public):
    Tournament.objects.filter(pk=running.pk).update(public=public)
    address = match_url(table.match)

    anonymous, stranger = Client().get(address), Client().get(address, **STRANGER)

    if public:
        assert (anonymous.status_code, stranger.status_code) == (200, 200)
        assert anonymous.json() == stranger.json()
        assert anonymous.json()["id"] == table.match_id
    else:
        assert (anonymous.status_code, stranger.status_code) == (401, 403)
        assert anonymous.json()["error"] == "not_authenticated"
        assert anonymous["WWW-Authenticate"] == "Bearer"
    # What stays the owner's: the audit trail and the share link.
    for tail in ("/history", "/share"):
        assert Client().get(address + tail).status_code == 401
        assert Client().get(address + tail, **STRANGER).status_code == 403


def test_a_casual_match_is_nobody_s_to_read(make_match):
    match = make_match()

    assert Client().get(match_url(match)).status_code == 401
    assert Client().get(match_url(match), **STRANGER).status_code == 403
    assert Client().get(match_url(match) + "?share=" + match.share_token).status_code == 200


def test_a_missing_match_is_a_404_to_anyone(running):
    missing = f"/api/matches/{Match.objects.order_by('-pk').first().pk + 1}"

    assert Client().get(missing).status_code == 404
    assert Client().get(missing, **STRANGER).status_code == 404


def test_the_pages_behind_an_account_that_carry_a_token(client_of, organiser, running, table):
    boss = client_of(organiser)
    match = table.match
    for url in (
        f"/tournaments/{running.pk}/",  # the board key
        f"/tournaments/{running.pk}/rounds/1/",  # every table's link
        f"/matches/{match.pk}/",  # the share link
        f"/matches/{match.pk}/share/",
        f"/matches/{match.pk}/stop/",
    ):
        assert kept_by_nobody(boss.get(url)), url
        assert kept_by_nobody(boss.get(url, HTTP_HX_REQUEST="true")), url
    # A write's answer redraws the table, share link and all.
    recorded = boss.post(f"/matches/{match.pk}/hands/", {"number": 1}, HTTP_HX_REQUEST="true")
    assert kept_by_nobody(recorded)


def test_a_new_api_key_and_an_invite_link(client_of, owner, organiser):
    client = client_of(owner)
    assert kept_by_nobody(client.post("/accounts/tokens/", {"name": "scoreboard"}))
    page = client.get("/accounts/")
    assert "sk_" in page.content.decode()  # the key, shown this once
    assert kept_by_nobody(page)
    invited = Client()
    invited.force_login(organiser)
    answer = invited.post("/accounts/users/", {"do": "invite", "name": "ivy", "password": ""})
    assert "/accounts/invite/" in answer.content.decode()
    assert kept_by_nobody(answer)


def test_the_api_s_answers_to_a_session(client_of, organiser, running, table):
    boss = client_of(organiser)
    for url in (
        match_url(table.match),
        match_url(table.match, "/share"),
        f"/api/tournaments/{running.pk}",  # the tables' links
        "/api/matches",
    ):
        assert kept_by_nobody(boss.get(url)), url


def test_a_page_without_a_token_is_left_to_the_browser(client_of, owner):
    assert "Cache-Control" not in client_of(owner).get("/").headers
