"""Answers to a link or a key, and a tournament's results, are kept by no cache: a proxy
that kept a table's page would serve it after the table's confirmation, and one that kept
a keyed answer would serve it to whoever asks next without the key."""

import pytest
from django.urls import reverse

from matches.models import Match, Table
from matches.services import drafting
from tests.api_support import bearer, match_url
from tests.tournaments.evenings import club


@pytest.fixture
def table(organiser):
    tournament = club(organiser)
    round_ = drafting.draft_round(tournament, organiser, method="draw", seed=3)
    drafting.start_round(round_, organiser)
    return Table.objects.select_related("match", "round__tournament").get(round=round_, number=1)


def assert_kept_by_nobody(response):
    assert response.status_code in (200, 302, 422), response.status_code
    directives = {part.strip() for part in response["Cache-Control"].split(",")}
    assert {"private", "no-store"} <= directives, response["Cache-Control"]


def test_the_table_link_pages(client, table):
    assert_kept_by_nobody(client.get(f"/t/{table.token}/"))
    assert_kept_by_nobody(client.get(f"/t/{table.token}/", HTTP_HX_REQUEST="true"))
    assert_kept_by_nobody(client.post(f"/t/{table.token}/hands/", {"number": 1}))
    assert_kept_by_nobody(client.post(f"/t/{table.token}/result/", {"step": "submit"}))


def test_the_share_page(client, make_match):
    match = make_match()
    assert_kept_by_nobody(client.get(f"/s/{match.share_token}/"))


def test_public_results(client, table):
    tournament = table.round.tournament
    tournament.public = True
    tournament.save()
    assert_kept_by_nobody(client.get(reverse("tournaments:results", args=[tournament.pk])))
    page = reverse("tournaments:result_table", args=[tournament.pk, 1, 1])
    assert_kept_by_nobody(client.get(page))


def test_keyed_answers_of_the_api(client, table, make_match):
    tournament = table.round.tournament
    url = f"/api/tournaments/{tournament.pk}/board?key={tournament.board_token}"
    assert_kept_by_nobody(client.get(url))
    match = make_match()
    assert_kept_by_nobody(client.get(match_url(match) + f"?share={match.share_token}"))
    assert_kept_by_nobody(client.get(match_url(match), headers=bearer(match.share_token)))
    played = Match.objects.get(pk=table.match_id)
    assert_kept_by_nobody(client.get(match_url(played), headers=bearer(table.token)))


def test_the_board_keeps_its_validator(client, table):
    tournament = table.round.tournament
    response = client.get(f"/tournaments/{tournament.pk}/board/?key={tournament.board_token}")
    directives = {part.strip() for part in response["Cache-Control"].split(",")}
    assert {"private", "no-cache"} <= directives and response["ETag"]


def test_the_pages_that_carry_every_tables_link(client_of, organiser, table):
    """The round's table links with their QR codes, and the printed table cards: each
    holds every table's key."""
    boss = client_of(organiser)
    tournament = table.round.tournament
    assert_kept_by_nobody(boss.get(f"/tournaments/{tournament.pk}/rounds/1/links/"))
    assert_kept_by_nobody(boss.get(f"/tournaments/{tournament.pk}/print/tables/1/"))
