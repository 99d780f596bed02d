"""A table link on the players' phones: the table's match without an account, the
result handed in by one player and confirmed by another, then locked (docs/tournaments.md §4).
"""

import pytest
from django.urls import reverse

from matches.errors import NotNow
from matches.models import AuditEntry, Hand, Match, Table, TournamentAudit
from matches.services import closing, drafting, table_results
from tests.factories import text
from tests.tournaments.evenings import club, play_table

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def table(organiser):
    """Table 1 of a started first round (three seats, three hands per round)."""
    tournament = club(organiser)
    round_ = drafting.draft_round(tournament, organiser, method="draw", seed=3)
    drafting.start_round(round_, organiser)
    return Table.objects.select_related("match", "round").get(round=round_, number=1)


def link(table, page="table_link", *args):
    return reverse(f"tournaments:{page}", args=[table.token, *args])


def hand_post(table, number=1, tricks=None):
    match = Match.objects.get(pk=table.match_id)
    dealer = (match.first_dealer + number - 1) % 3
    counts = [0, 0, 0]
    for offset, target in {0: 8, 1: 5, 2: 3}.items():
        counts[(dealer + offset) % 3] = target
    return {
        "number": number,
        "version": "",
        "trump": "hearts",
        **{f"tricks_{seat}": value for seat, value in enumerate(tricks or counts)},
    }


def finish(table, organiser):
    play_table(table, organiser)
    table.refresh_from_db()
    return table


def entries(table):
    return [seat.entry for seat in table.seats.order_by("number")]


# -- the page -----------------------------------------------------------------------------


def test_the_link_opens_the_table_without_an_account(client, table):
    response = client.get(link(table))
    assert response.status_code == 200
    page = text(response)
    assert "Table 1" in page and "Round 1" in page and "Club night" in page
    for entry in entries(table):
        assert entry.name in page
    assert "Record hand 1" in page
    # The match page's owner links are not for the table.
    assert "Audit trail" not in page and "share link" not in page.lower()


def test_an_unknown_token_is_404(client, table):
    assert client.get(reverse("tournaments:table_link", args=["x" * 27])).status_code == 404


def test_a_drafted_round_has_no_table_page_yet(client, organiser):
    tournament = club(organiser)
    round_ = drafting.draft_round(tournament, organiser, method="draw", seed=3)
    drafted = round_.tables.first()
    assert client.get(reverse("tournaments:table_link", args=[drafted.token])).status_code == 404


def test_wrong_method(client, table):
    assert client.post(link(table)).status_code == 405
    assert client.get(link(table, "table_record")).status_code == 405
    assert client.get(link(table, "table_result")).status_code == 405


# -- entering hands -----------------------------------------------------------------------


def test_a_hand_recorded_through_the_link_is_audited_as_the_table(client, table):
    response = client.post(link(table, "table_record"), hand_post(table))
    assert response.status_code == 302
    assert response["Location"] == link(table) + "#now"
    assert Hand.objects.filter(match=table.match).count() == 1
    entry = AuditEntry.objects.filter(match=table.match, action="record").get()
    assert entry.by is None and entry.who == "table 1 (phone)"


def test_htmx_gets_the_table_back_with_the_link_forms(client, table):
    response = client.post(link(table, "table_record"), hand_post(table), **HTMX)
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="table"' in html and 'id="result"' in html and 'hx-swap-oob="true"' in html
    assert link(table, "table_record") in html  # the next hand posts through the link
    assert link(table, "table_correct", 1) in html
    assert reverse("play:hand_record", args=[table.match_id]) not in html


def test_bad_input_writes_nothing_and_says_why(client, table):
    response = client.post(link(table, "table_record"), hand_post(table, tricks=[8, 8, 8]), **HTMX)
    assert response.status_code == 422
    assert "16" in text(response)
    assert not Hand.objects.filter(match=table.match).exists()


def test_correct_and_undo_through_the_link(client, table):
    client.post(link(table, "table_record"), hand_post(table))
    page = client.get(link(table, "table_correct", 1))
    assert page.status_code == 200
    assert link(table, "table_correct", 1) in page.content.decode()
    response = client.post(link(table, "table_undo", 1), {"reason": "wrong trumps"})
    assert response.status_code == 302
    assert not Hand.objects.filter(match=table.match).exists()


def test_the_link_reaches_no_other_table(client, table):
    other = Table.objects.get(round=table.round, number=2)
    # A table's token on another table's addresses is just an unknown token there;
    # the match pages themselves want an account.
    response = client.post(reverse("play:hand_record", args=[other.match_id]), hand_post(other))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert not Hand.objects.filter(match=other.match).exists()


# -- handing in and confirming ------------------------------------------------------------


def test_we_are_done_appears_when_the_match_has_ended(client, table, organiser):
    assert "We are done" not in text(client.get(link(table)))
    finish(table, organiser)
    assert "We are done" in text(client.get(link(table)))


def test_hand_in_then_a_second_player_confirms_and_the_table_locks(client, table, organiser):
    finish(table, organiser)
    ann, ben, _cy = entries(table)
    response = client.post(link(table, "table_result"), {"step": "submit", "entry": ann.pk})
    assert response.status_code == 302
    table.refresh_from_db()
    assert table.submitted_by == ann and not table.confirmed
    # The one who handed it in cannot confirm it.
    response = client.post(
        link(table, "table_result"), {"step": "confirm", "entry": ann.pk}, **HTMX
    )
    assert response.status_code == 422 and "second player" in text(response)
    table.refresh_from_db()
    assert not table.confirmed
    response = client.post(
        link(table, "table_result"), {"step": "confirm", "entry": ben.pk}, **HTMX
    )
    assert response.status_code == 200 and response["HX-Refresh"] == "true"
    table.refresh_from_db()
    assert table.confirmed and table.confirmed_by == ben
    assert TournamentAudit.objects.filter(action="confirm", by_name="table:1").exists()
    # Locked: the link reads, never writes.
    page = text(client.get(link(table)))
    assert "Result confirmed" in page and "Correct" not in page
    response = client.post(link(table, "table_undo", 3), {"reason": "oops"})
    assert response.status_code == 409
    assert "only the organiser can change it now" in text(response)
    assert Hand.objects.filter(match=table.match).count() == 3


def test_a_player_not_at_the_table_cannot_hand_in(client, table, organiser):
    finish(table, organiser)
    stranger = Table.objects.get(round=table.round, number=2).seats.first().entry
    response = client.post(
        link(table, "table_result"), {"step": "submit", "entry": stranger.pk}, **HTMX
    )
    assert response.status_code == 422 and "Pick your name" in text(response)
    table.refresh_from_db()
    assert table.submitted_by is None


def test_handing_in_before_the_end_is_refused(client, table):
    ann = entries(table)[0]
    response = client.post(link(table, "table_result"), {"step": "submit", "entry": ann.pk})
    assert response.status_code == 302
    table.refresh_from_db()
    assert table.submitted_by is None
    assert "not ended" in text(client.get(link(table)))


def test_taking_it_back_and_a_correction_withdraw_the_hand_in(client, table, organiser):
    finish(table, organiser)
    ann = entries(table)[0]
    client.post(link(table, "table_result"), {"step": "submit", "entry": ann.pk})
    client.post(link(table, "table_result"), {"step": "reopen"})
    table.refresh_from_db()
    assert table.submitted_by is None
    client.post(link(table, "table_result"), {"step": "submit", "entry": ann.pk})
    client.post(link(table, "table_undo", 3), {"reason": "miscounted"})
    table.refresh_from_db()
    assert table.submitted_by is None  # the result changed: hand it in again


def test_an_unknown_step_is_refused(client, table):
    response = client.post(link(table, "table_result"), {"step": "win"}, **HTMX)
    assert response.status_code == 422


def test_after_the_round_closes_the_link_reads_only(client, table, organiser):
    finish(table, organiser)
    closing.close_round(table.round, organiser, end_unfinished=True, reason="time")
    page = text(client.get(link(table)))
    assert "Confirmed by the organiser" in page
    response = client.post(link(table, "table_record"), hand_post(table, 4), **HTMX)
    assert response.status_code == 409 and response["HX-Refresh"] == "true"


# -- the organiser gives a table back; racing and stale confirmations ---------------------


def test_the_organiser_reopens_a_confirmed_table(client_of, table, organiser):
    finish(table, organiser)
    ann, ben, _cy = entries(table)
    table_results.submit_result(table, ann.pk)
    table_results.confirm_result(table, ben.pk)
    url = reverse("tournaments:table_reopen", args=[table.round.tournament_id, 1, 1])
    boss = client_of(organiser)
    refused = boss.post(url, {"reason": ""})
    assert refused.status_code == 302
    table.refresh_from_db()
    assert table.confirmed  # no reason, no change
    boss.post(url, {"reason": "Ben disputes hand 2"})
    table.refresh_from_db()
    assert not table.confirmed and table.submitted_by is None
    assert TournamentAudit.objects.filter(action="reopen-table").get().reason == (
        "Ben disputes hand 2"
    )
    assert "Record hand" not in text(boss.get(link(table)))  # the match had ended
    assert "We are done" in text(boss.get(link(table)))


def test_reopening_is_for_organisers(client, client_of, table, other, organiser):
    finish(table, organiser)
    table_results.submit_result(table, entries(table)[0].pk)
    url = reverse("tournaments:table_reopen", args=[table.round.tournament_id, 1, 1])
    assert client_of(other).post(url, {"reason": "mine"}).status_code == 403
    client.logout()
    assert client.post(url, {"reason": "mine"}).status_code == 302  # to the login page
    assert client_of(organiser).get(url).status_code == 405
    table.refresh_from_db()
    assert table.submitted_by is not None


def test_a_confirmation_after_the_organiser_reopened_is_refused(client, table, organiser):
    finish(table, organiser)
    ann, ben, _cy = entries(table)
    table_results.submit_result(table, ann.pk)
    page = client.get(link(table))  # Ben's phone shows "confirm"
    assert "A second player confirms" in text(page)
    table_results.unlock_table(table, organiser, reason="dispute")
    response = client.post(
        link(table, "table_result"), {"step": "confirm", "entry": ben.pk}, **HTMX
    )
    assert response.status_code == 422
    assert "Nobody has handed in the result yet." in text(response)
    table.refresh_from_db()
    assert not table.confirmed


@pytest.mark.django_db(transaction=True)
def test_two_players_confirming_at_once_confirm_once(organiser):
    from tests.races import at_once

    tournament = club(organiser)
    round_ = drafting.draft_round(tournament, organiser, method="draw", seed=3)
    drafting.start_round(round_, organiser)
    table = Table.objects.get(round=round_, number=1)
    finish(table, organiser)
    ann, ben, cy = entries(table)
    table_results.submit_result(table, ann.pk)

    def confirm(index):
        fresh = Table.objects.select_related("round__tournament").get(pk=table.pk)
        return table_results.confirm_result(fresh, [ben, cy][index].pk)

    results = at_once(confirm, count=2)
    confirmed = [r for r in results if isinstance(r, Table)]
    refused = [r for r in results if isinstance(r, NotNow)]
    assert (len(confirmed), len(refused)) == (1, 1), results
    table.refresh_from_db()
    assert table.confirmed_by_id == confirmed[0].confirmed_by_id
    assert TournamentAudit.objects.filter(action="confirm").count() == 1


# -- a table link reaches nothing else -----------------------------------------------------


def test_a_table_token_is_refused_on_every_other_address(client, table, organiser):
    """Every route of the site, filled in with this tournament's ids and the other tables'
    matches, asked with the table's token as a bearer token and as ``?share=``/``?key=``:
    nothing is readable but what anyone may read, nothing is written."""
    from tests.api_support import writes
    from tests.routes import assert_refused_everywhere

    other = Table.objects.get(round=table.round, number=2)
    values = {
        "tournament_id": table.round.tournament_id,
        "match_id": other.match_id,
        "number": 1,
        "table": 2,
        "entry_id": other.seats.first().entry_id,
        "player_id": other.seats.first().entry.player_id,
        "token_id": 1,
        "token": "x" * 27,  # no link at all: a table token says nothing about others
    }
    before = writes()
    checked = assert_refused_everywhere(client, table.token, values)
    assert checked > 60
    assert writes() == before


# -- a table found by its token is read once per request ------------------------------------


def _table_reads(queries) -> int:
    # The reads of the tables' table itself (a join through it from a seat is no read of it).
    table = Table._meta.db_table
    return sum(
        1
        for query in queries
        if query["sql"].lstrip().upper().startswith("SELECT")
        and f'FROM "{table}"' in query["sql"].replace("`", '"')
    )


def test_a_table_link_reads_its_table_once_per_request(client, table):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as api:
        answer = client.get(
            f"/api/matches/{table.match_id}", HTTP_AUTHORIZATION=f"Bearer {table.token}"
        )
    assert answer.status_code == 200
    assert _table_reads(api.captured_queries) == 1  # the key's, handed to the match's policy
    with CaptureQueriesContext(connection) as page:
        assert client.get(link(table)).status_code == 200
    assert _table_reads(page.captured_queries) == 1
