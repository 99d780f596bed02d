"""Numbers a hostile client types where the club's pages take a whole number (issue 31,
item 7): "²" and "①" are digits to ``str.isdigit`` but no number to ``int``, and ``int``
refuses more than 4,300 digits, so each was a 500. Each is now refused as any other
word that is no number, and nothing is written. The close reason of a round with no
unfinished table goes through the same cleaning as any other reason (a 422 naming it)."""

import pytest
from django.test import Client

from matches.models import Adjustment, Round, Table, TournamentAudit
from tests.api_support import bearer, key_for, send
from tests.factories import HTMX, played_out

NOT_NUMBERS = ["²", "①", "1" * 5000, "+-5", "٣"]  # ٣: an Arabic-Indic three


@pytest.fixture
def boss(client_of, organiser):
    return client_of(organiser)


@pytest.fixture
def done(running, organiser):
    """Round 1 with every table played to its end (none unfinished)."""
    for table in Table.objects.filter(round__tournament=running):
        played_out(table, organiser)
    return running


def round_one(tournament):
    return Round.objects.get(tournament=tournament, number=1)


@pytest.mark.parametrize("count", [*NOT_NUMBERS, "-1", "", "1000"])
def test_a_phone_s_count_that_is_no_number(running, count):
    table = Table.objects.filter(round__tournament=running).first()

    response = Client().post(f"/t/{table.token}/waiting/", {"count": count})

    assert response.status_code == 400
    assert response.json() == {"error": "count"}
    table.refresh_from_db()
    assert table.waiting_hands == 0


def test_a_phone_s_count_that_is_one(running):
    table = Table.objects.filter(round__tournament=running).first()

    assert Client().post(f"/t/{table.token}/waiting/", {"count": "3"}).status_code == 204
    table.refresh_from_db()
    assert table.waiting_hands == 3


@pytest.mark.parametrize("reason", ["a\x00b", "stop\x07", "\u202eevil", "\u200b"])
def test_a_close_reason_with_a_control_character_and_no_table_unfinished(
    client, organiser, done, reason
):
    before = TournamentAudit.objects.count()

    response = send(
        client,
        "post",
        f"/api/tournaments/{done.pk}/rounds/1/close",
        {"reason": reason},
        headers=bearer(key_for(organiser)),
    )

    assert response.status_code == 422, response.content
    assert list(response.json()["fields"]) == ["reason"]
    assert (
        "A reason cannot contain the invisible or control character" in (response.json()["message"])
    )
    assert round_one(done).status == "playing"
    assert TournamentAudit.objects.count() == before


@pytest.mark.parametrize("headers", [HTMX, {}], ids=["htmx", "plain"])
def test_the_round_page_refuses_such_a_reason_too(boss, done, headers):
    numbers = [str(table.number) for table in Table.objects.filter(round__tournament=done)]
    data = {"action": "close", "reason": "stop\x07", "confirming": numbers}

    boss.post(f"/tournaments/{done.pk}/rounds/1/change/", data, **headers)

    page = boss.get(f"/tournaments/{done.pk}/rounds/1/").content.decode()
    assert "A reason cannot contain the invisible or control character U+0007." in page
    assert round_one(done).status == "playing"


def test_in_german(boss, done):
    numbers = [str(table.number) for table in Table.objects.filter(round__tournament=done)]
    data = {"action": "close", "reason": "stop\x07", "confirming": numbers}
    boss.post(f"/tournaments/{done.pk}/rounds/1/change/", data, HTTP_ACCEPT_LANGUAGE="de")

    page = boss.get(f"/tournaments/{done.pk}/rounds/1/", HTTP_ACCEPT_LANGUAGE="de")

    assert "U+0007" in page.content.decode() and "Grund" in page.content.decode()
    assert round_one(done).status == "playing"


@pytest.mark.parametrize("table", NOT_NUMBERS)
def test_a_ticked_table_that_is_no_number_is_asked_about_again(boss, done, table):
    response = boss.post(
        f"/tournaments/{done.pk}/rounds/1/change/", {"action": "close", "confirming": [table]}
    )

    assert response.status_code == 200
    assert "Close round 1?" in response.content.decode()
    assert round_one(done).status == "playing"


@pytest.mark.parametrize("points", NOT_NUMBERS)
def test_an_adjustment_that_is_no_number(boss, done, points):
    entry = done.entries.first()
    data = {"entry": entry.pk, "round": "1", "points": points, "reason": "late"}

    boss.post(f"/tournaments/{done.pk}/adjustments/", data)

    page = boss.get(f"/tournaments/{done.pk}/standings/").content.decode()
    assert "Enter a whole number." in page
    assert not Adjustment.objects.exists()


@pytest.mark.parametrize("value", NOT_NUMBERS)
def test_a_round_or_an_entry_that_is_no_number(boss, done, value):
    entry = done.entries.first()
    for data in (
        {"entry": entry.pk, "round": value, "points": "2", "reason": "late"},
        {"entry": value, "round": "1", "points": "2", "reason": "late"},
    ):
        response = boss.post(f"/tournaments/{done.pk}/adjustments/", data)
        assert response.status_code == 302
    assert not Adjustment.objects.exists()


@pytest.mark.parametrize("value", NOT_NUMBERS)
def test_a_withdrawal_from_a_round_that_is_no_number(boss, running, value):
    entry = running.entries.first()

    response = boss.post(
        f"/tournaments/{running.pk}/entries/{entry.pk}/withdraw/",
        {"from_round": value, "reason": "ill"},
    )

    assert response.status_code in (302, 422)
    entry.refresh_from_db()
    assert entry.withdrawn_from is None


@pytest.mark.parametrize("value", NOT_NUMBERS)
def test_players_ticked_that_are_no_numbers(boss, running, value):
    assert boss.get(f"/tournaments/{running.pk}/", {"player": value}).status_code == 200
    before = running.entries.count()
    boss.post(f"/tournaments/{running.pk}/entries/", {"player": [value]})
    assert running.entries.count() == before


@pytest.mark.parametrize("value", NOT_NUMBERS)
def test_a_series_tournament_that_is_no_number(boss, organiser, running, value):
    from matches.services import series

    kept = series.create_series(organiser, name="Winter", game="sergeant-major")

    response = boss.post(f"/series/{kept.pk}/tournaments/", {"tournament": value})

    assert response.status_code in (302, 422)
    assert not kept.members.exists()


def test_a_board_poll_with_a_revision_that_is_no_number(client, running):
    board = f"/tournaments/{running.pk}/board/?key={running.board_token}"
    assert client.get(board, **HTMX).status_code == 200

    response = client.get(board, HTTP_X_BOARD_REVISION="abc-²-en", **HTMX)

    assert response.status_code == 200
