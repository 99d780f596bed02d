"""The organiser hears of hands waiting on a table's phone (issue 24, items 4 and 5): the
phone's count is kept on its table, the round page and the board show it, the standings
name the tables not yet in, and closing the round asks first."""

import pytest

from matches.models import Table, Tournament
from matches.services import drafting, table_results
from tests.factories import text
from tests.tournaments.evenings import club, play_table


@pytest.fixture
def playing(organiser):
    tournament = club(organiser)
    round_ = drafting.draft_round(tournament, organiser, method="draw", seed=3)
    drafting.start_round(round_, organiser)
    return tournament


def _table(tournament, number):
    return Table.objects.get(round__tournament=tournament, number=number)


def _report(client, table, count):
    return client.post(f"/t/{table.token}/waiting/", {"count": count})


def test_a_phone_reports_its_waiting_hands_and_the_board_follows(client, playing):
    table = _table(playing, 2)
    revision = Tournament.objects.get(pk=playing.pk).revision
    assert _report(client, table, "2").status_code == 204
    table.refresh_from_db()
    assert table.waiting_hands == 2 and table.waiting_reported_at is not None
    # A new revision: the board and the round page, drawn per revision, follow at once.
    assert Tournament.objects.get(pk=playing.pk).revision == revision + 1
    board = text(client.get(f"/tournaments/{playing.pk}/board/?key={playing.board_token}"))
    assert "table 2: 2 hands waiting to send" in board
    assert _report(client, table, "2").status_code == 204  # the same: no new revision
    assert Tournament.objects.get(pk=playing.pk).revision == revision + 1


def test_the_round_page_and_the_standings_name_the_tables_not_yet_in(client, boss, playing):
    _report(client, _table(playing, 3), "1")
    round_page = text(boss.get(f"/tournaments/{playing.pk}/rounds/1/"))
    assert "table 3: 1 hand waiting to send" in round_page
    standings = text(boss.get(f"/tournaments/{playing.pk}/standings/"))
    assert "Not yet in: table 1 · table 2 · table 3: 1 hand waiting to send" in standings
    _report(client, _table(playing, 3), "0")
    round_page = text(boss.get(f"/tournaments/{playing.pk}/rounds/1/"))
    assert "waiting to send" not in round_page


def test_a_count_must_be_a_count(client, playing):
    table = _table(playing, 1)
    for bad in ("", "-1", "two", "1000"):
        assert _report(client, table, bad).status_code == 400
    assert client.post("/t/not-a-real-token-at-all-xx/waiting/", {"count": "1"}).status_code == 404
    assert client.get(f"/t/{table.token}/waiting/").status_code == 405


def test_closing_over_a_phone_with_waiting_hands_asks_first(client, boss, organiser, playing):
    for table in Table.objects.filter(round__tournament=playing):
        play_table(table, organiser)
        seats = [seat.entry for seat in table.seats.order_by("number")]
        table_results.submit_result(table, seats[0].pk)
        table_results.confirm_result(table, seats[1].pk)
    # Every table confirmed by its players, yet table 2's phone holds a correction.
    _report(client, _table(playing, 2), "1")
    close = f"/tournaments/{playing.pk}/rounds/1/change/"
    response = boss.post(close, {"action": "close"})
    assert response.status_code == 200
    page = text(response)
    assert "Close round 1?" in page
    assert "its phone holds 1 hand the server has not seen" in page
    assert _table(playing, 2).round.status == "playing"
    html = response.content.decode()
    seen = html.split('name="seen" value="')[1].split('"')[0]
    answer = boss.post(close, {"action": "close", "confirming": ["2"], "seen": seen})
    assert answer.status_code == 302
    assert _table(playing, 2).round.status == "closed"
