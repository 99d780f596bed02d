"""Closing a round with tables its players have not confirmed (issue 18, item 4): the
pages ask first, naming them; the audit and the round page say which tables the
organiser confirmed at closing. The API's close needs no such step (matches/api/API.md)."""

import re

import pytest

from matches.models import Round, Table
from matches.services import drafting, table_results
from tests.api_support import send
from tests.factories import HTMX, text
from tests.tournaments.evenings import club, play_table


@pytest.fixture
def boss(client_of, organiser):
    return client_of(organiser)


@pytest.fixture
def played(organiser):
    """Round 1 with every table done: table 1 confirmed by its players, table 2 handed
    in, table 3 neither."""
    tournament = club(organiser)
    round_ = drafting.draft_round(tournament, organiser, method="draw", seed=3)
    drafting.start_round(round_, organiser)
    for table in Table.objects.filter(round=round_):
        play_table(table, organiser)
    one, two = (Table.objects.get(round=round_, number=n) for n in (1, 2))
    seats = [seat.entry for seat in one.seats.order_by("number")]
    table_results.submit_result(one, seats[0].pk)
    table_results.confirm_result(one, seats[1].pk)
    table_results.submit_result(two, two.seats.order_by("number").first().entry.pk)
    return tournament


def close_url(tournament):
    return f"/tournaments/{tournament.pk}/rounds/1/change/"


def round_status(tournament):
    return Round.objects.get(tournament=tournament, number=1).status


def card_of(page: str, number: int) -> str:
    cards = page.split('<li class="card table-card')[1:]
    return next(card for card in cards if f"<h2>Table {number}</h2>" in card)


def test_closing_with_unconfirmed_tables_asks_first_and_names_them(boss, played):
    response = boss.post(close_url(played), {"action": "close"})
    assert response.status_code == 200
    page = text(response)
    assert "Close round 1?" in page
    assert "Table 2: handed in by" in page and "Table 3: done, not handed in" in page
    assert "Table 1:" not in page
    assert "Yes, close and confirm tables 2, 3" in page
    html = response.content.decode()
    assert html.count('name="confirming"') == 2
    assert round_status(played) == "playing"
    assert not played.audit.filter(action="close").exists()


def test_the_round_page_names_the_unconfirmed_tables_before_closing(boss, played):
    page = text(boss.get(f"/tournaments/{played.pk}/rounds/1/"))
    assert "Not confirmed by their players: tables 2, 3." in page


def test_yes_closes_and_the_audit_and_round_page_say_who_confirmed(boss, played):
    answer = boss.post(close_url(played), {"action": "close", "confirming": ["2", "3"]})
    assert answer.status_code == 302
    assert round_status(played) == "closed"
    audit = text(boss.get(f"/tournaments/{played.pk}/audit/"))
    assert (
        "closed round 1; table 2 confirmed by the organiser at closing; "
        "table 3 confirmed by the organiser at closing" in audit
    )
    assert "table 1 confirmed by the organiser" not in audit
    page = boss.get(f"/tournaments/{played.pk}/rounds/1/").content.decode()
    one = Table.objects.get(round__tournament=played, number=1)
    assert f"confirmed by {one.confirmed_by.name}" in card_of(page, 1)
    for number in (2, 3):
        assert "confirmed by the organiser at closing" in card_of(page, number)
    assert "confirmed by the organiser at closing" not in card_of(page, 1)


def test_a_table_not_named_when_asked_is_asked_about_again(boss, played):
    response = boss.post(close_url(played), {"action": "close", "confirming": ["3"]})
    assert response.status_code == 200
    assert "Yes, close and confirm tables 2, 3" in text(response)
    assert round_status(played) == "playing"


def test_a_table_changed_after_the_question_is_asked_about_again(boss, played, organiser):
    """The yes is for the tables as the question showed them: table 2 taken back and a
    hand corrected meanwhile, the close asks again instead of confirming a result the
    organiser never saw."""
    asked = boss.post(close_url(played), {"action": "close"})
    html = asked.content.decode()
    (seen,) = re.findall(r'name="seen" value="(\d+)"', html)
    two = Table.objects.get(round__tournament=played, number=2)
    table_results.reopen_result(two)  # a player takes the hand-in back to fix a hand
    answer = boss.post(
        close_url(played), {"action": "close", "confirming": ["2", "3"], "seen": seen}
    )
    assert answer.status_code == 200
    assert "Yes, close and confirm tables 2, 3" in text(answer)
    assert round_status(played) == "playing"
    again = re.findall(r'name="seen" value="(\d+)"', answer.content.decode())
    closed = boss.post(
        close_url(played), {"action": "close", "confirming": ["2", "3"], "seen": again[0]}
    )
    assert closed.status_code == 302 and round_status(played) == "closed"


def test_a_round_its_players_confirmed_closes_without_asking(boss, played, organiser):
    for number in (2, 3):
        table = Table.objects.get(round__tournament=played, number=number)
        seats = [seat.entry for seat in table.seats.order_by("number")]
        if not table.submitted_by_id:
            table_results.submit_result(table, seats[0].pk)
            table.refresh_from_db()
        confirmer = next(entry for entry in seats if entry.pk != table.submitted_by_id)
        table_results.confirm_result(table, confirmer.pk)
    assert boss.post(close_url(played), {"action": "close"}).status_code == 302
    assert round_status(played) == "closed"
    audit = text(boss.get(f"/tournaments/{played.pk}/audit/"))
    assert "closed round 1" in audit and "by the organiser at closing" not in audit


def test_ending_unfinished_tables_asks_too_and_keeps_the_reason(boss, organiser):
    tournament = club(organiser)
    round_ = drafting.draft_round(tournament, organiser, method="draw", seed=3)
    drafting.start_round(round_, organiser)
    for table in Table.objects.filter(round=round_, number__in=[1, 2]):
        play_table(table, organiser)
    asked = {"action": "close", "end_unfinished": "1", "reason": "last bus"}
    response = boss.post(close_url(tournament), asked)
    assert response.status_code == 200
    assert "Table 3: still playing; ended as it stands" in text(response)
    assert "Reason for ending the tables still playing: last bus" in text(response)
    html = response.content.decode()
    assert 'name="reason" value="last bus"' in html and 'name="end_unfinished"' in html
    answer = boss.post(close_url(tournament), {**asked, "confirming": ["1", "2", "3"]})
    assert answer.status_code == 302
    assert round_status(tournament) == "closed"
    audit = text(boss.get(f"/tournaments/{tournament.pk}/audit/"))
    assert "table 3 ended as it stood; table 1 confirmed by the organiser at closing" in audit


def test_a_missing_reason_is_asked_for_before_the_question(boss, organiser):
    """Ending unfinished tables without a reason: the reason is asked for at once, not
    after the organiser's yes to the question (the round then stayed open)."""
    tournament = club(organiser)
    round_ = drafting.draft_round(tournament, organiser, method="draw", seed=3)
    drafting.start_round(round_, organiser)
    play_table(Table.objects.get(round=round_, number=1), organiser)
    response = boss.post(
        close_url(tournament),
        {"action": "close", "end_unfinished": "1", "reason": ""},
        follow=True,
    )
    assert "Say why." in text(response)
    assert "confirmed by the organiser at closing?" not in text(response)
    assert 'name="confirming"' not in response.content.decode()
    assert round_status(tournament) == "playing"


def test_the_question_in_german(client_of, organiser, played):
    boss = client_of(organiser)
    page = text(boss.post(close_url(played), {"action": "close"}, HTTP_ACCEPT_LANGUAGE="de"))
    assert "Runde 1 schließen?" in page
    assert "Ja, schließen und Tische 2, 3 bestätigen" in page
    boss.post(close_url(played), {"action": "close", "confirming": ["2", "3"]})
    audit = text(boss.get(f"/tournaments/{played.pk}/audit/", HTTP_ACCEPT_LANGUAGE="de"))
    assert "Tisch 2 beim Schließen von der Turnierleitung bestätigt" in audit


def test_the_api_closes_without_a_question(boss, played):
    closed = send(boss, "post", f"/api/tournaments/{played.pk}/rounds/1/close", {})
    assert closed.status_code == 200
    assert all(table["confirmed"] for table in closed.json()["tables"])
    assert played.audit.get(action="close").after["confirmed_by_organiser"] == [2, 3]


# The question reloaded (issue 32, item 8): its address is the form's, so a reload asks
# for it with a GET, which used to be 405 and an empty page.


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["plain", "htmx"])
def test_the_question_reloaded_is_asked_again(boss, played, headers):
    response = boss.get(close_url(played), **headers)
    assert response.status_code == 200
    page = text(response)
    assert "Close round 1?" in page
    assert "Table 2: handed in by" in page and "Table 3: done, not handed in" in page
    assert "Yes, close and confirm tables 2, 3" in page
    html = response.content.decode()
    assert html.count('name="confirming"') == 2 and 'name="seen"' in html
    assert ("<html" in html) is not bool(headers)
    assert round_status(played) == "playing"
    assert not played.audit.filter(action="close").exists()


def test_yes_on_the_reloaded_question_closes(boss, played):
    html = boss.get(close_url(played)).content.decode()
    (seen,) = re.findall(r'name="seen" value="(\d+)"', html)
    answer = boss.post(
        close_url(played), {"action": "close", "confirming": ["2", "3"], "seen": seen}
    )
    assert answer.status_code == 302 and round_status(played) == "closed"


def test_the_reloaded_question_asks_for_the_reason_again(boss, organiser):
    tournament = club(organiser)
    round_ = drafting.draft_round(tournament, organiser, method="draw", seed=3)
    drafting.start_round(round_, organiser)
    for table in Table.objects.filter(round=round_, number__in=[1, 2]):
        play_table(table, organiser)
    response = boss.get(close_url(tournament))
    assert response.status_code == 200
    assert "Table 3: still playing; ended as it stands" in text(response)
    html = response.content.decode()
    assert re.search(r'<input type="text" name="reason"[^>]*required', html)
    assert 'name="end_unfinished"' in html
    (seen,) = re.findall(r'name="seen" value="(\d+)"', html)
    yes = {"action": "close", "end_unfinished": "1", "confirming": ["1", "2", "3"], "seen": seen}
    refused = boss.post(close_url(tournament), {**yes, "reason": ""}, follow=True)
    assert "Say why." in text(refused) and round_status(tournament) == "playing"
    assert boss.post(close_url(tournament), {**yes, "reason": "last bus"}).status_code == 302
    assert round_status(tournament) == "closed"
    assert Table.objects.get(round=round_, number=3).end_reason == "last bus"


def test_a_closed_round_reloaded_goes_back_to_the_round(boss, played):
    boss.post(close_url(played), {"action": "close", "confirming": ["2", "3"]})
    response = boss.get(close_url(played))
    assert response.status_code == 302
    assert response["Location"] == f"/tournaments/{played.pk}/rounds/1/"
    assert "Round 1 is closed." in text(boss.get(response["Location"]))
    htmx = boss.get(close_url(played), **HTMX)
    assert htmx["HX-Redirect"] == f"/tournaments/{played.pk}/rounds/1/"


def test_nothing_to_ask_goes_back_to_the_round(boss, organiser):
    tournament = club(organiser)
    drafting.draft_round(tournament, organiser, method="draw", seed=3)
    response = boss.get(close_url(tournament))  # a draft: nothing to close yet
    assert response.status_code == 302
    assert response["Location"] == f"/tournaments/{tournament.pk}/rounds/1/"
    assert round_status(tournament) == "draft"


def test_the_reloaded_question_in_german(boss, played):
    page = text(boss.get(close_url(played), HTTP_ACCEPT_LANGUAGE="de"))
    assert "Runde 1 schließen?" in page
    assert "Ja, schließen und Tische 2, 3 bestätigen" in page


def test_the_reloaded_question_is_the_organisers(client, other, played):
    anonymous = client.get(close_url(played))
    assert anonymous.status_code == 302 and anonymous["Location"].startswith("/accounts/login/")
    client.force_login(other)
    assert client.get(close_url(played)).status_code == 403
    assert client.get(close_url(played), **HTMX).status_code == 403


def test_other_methods_are_still_refused(boss, played):
    for method in ("put", "delete", "patch"):
        assert getattr(boss, method)(close_url(played)).status_code == 405, method
    assert round_status(played) == "playing"


def test_the_reason_asked_again_in_german(boss, organiser):
    tournament = club(organiser)
    round_ = drafting.draft_round(tournament, organiser, method="draw", seed=3)
    drafting.start_round(round_, organiser)
    page = text(boss.get(close_url(tournament), HTTP_ACCEPT_LANGUAGE="de"))
    assert "Grund, die noch spielenden Tische zu beenden" in page
