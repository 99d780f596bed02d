"""Issue 31, item 4: a confirmed table's result is corrected only with a reason
(docs/tournaments.md "Confirming"). Without one the API answers 422 naming ``reason`` and
the page says so beside the field; nothing is written. With one the audit keeps it.
"""

import pytest

from matches.models import AuditEntry, Table
from tests.api_support import assert_error, login, match_url, send, writes
from tests.factories import HTMX, text
from tests.tournaments.evenings import confirm, handed_in

SAY_WHY = "This table's result is confirmed: say why it is changed."


@pytest.fixture
def confirmed(organiser):
    table = handed_in(organiser)
    confirm(table)
    return Table.objects.select_related("match").get(pk=table.pk)


def last_hand(table):
    hand = table.match.hands.order_by("-number").first()
    return hand


def correction(hand, **more):
    """Hand ``hand`` entered again with the first two seats' tricks swapped."""
    tricks = list(hand.input["tricks"])
    tricks[0], tricks[1] = tricks[1], tricks[0]
    return {"version": hand.version, "tricks": tricks, "trump": "hearts", **more}


@pytest.mark.parametrize("reason", [None, "", "   "], ids=["none", "empty", "blank"])
def test_the_api_refuses_a_correction_without_a_reason(confirmed, organiser, reason):
    hand = last_hand(confirmed)
    body = correction(hand) if reason is None else correction(hand, reason=reason)
    before = writes()
    answer = send(
        login(organiser), "put", match_url(confirmed.match, f"/hands/{hand.number}"), body
    )
    error = assert_error(answer, 422, "invalid")
    assert error["fields"] == {"reason": [SAY_WHY]}
    assert writes() == before


def test_the_api_refuses_an_undo_without_a_reason(confirmed, organiser):
    hand = last_hand(confirmed)
    before = writes()
    answer = send(login(organiser), "delete", match_url(confirmed.match, f"/hands/{hand.number}"))
    assert_error(answer, 422, "invalid")
    assert writes() == before


def test_with_a_reason_the_correction_is_made_and_audited(confirmed, organiser):
    hand = last_hand(confirmed)
    url = match_url(confirmed.match, f"/hands/{hand.number}")
    answer = send(login(organiser), "put", url, correction(hand, reason="tricks misread"))
    assert answer.status_code == 200, answer.content
    entry = AuditEntry.objects.get(match=confirmed.match, action="correct")
    assert entry.reason == "tricks misread"


def test_an_unconfirmed_table_needs_no_reason(organiser):
    table = handed_in(organiser)
    hand = last_hand(table)
    url = match_url(table.match, f"/hands/{hand.number}")
    assert send(login(organiser), "put", url, correction(hand)).status_code == 200


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["plain", "htmx"])
def test_the_page_says_why_beside_the_reason_and_writes_nothing(confirmed, organiser, headers):
    hand = last_hand(confirmed)
    url = f"/matches/{confirmed.match_id}/hands/{hand.number}/"
    body = correction(hand)
    form = {
        "number": hand.number,
        "version": hand.version,
        "trump": "hearts",
        **{f"tricks_{seat}": tricks for seat, tricks in enumerate(body["tricks"])},
    }
    before = writes()
    page = login(organiser).post(url, form, **headers)
    assert page.status_code == 422
    assert SAY_WHY in text(page)
    assert writes() == before
    german = login(organiser, HTTP_ACCEPT_LANGUAGE="de").post(url, form, **headers)
    assert "Dieses Tischergebnis ist bestätigt: Sagen Sie, warum es geändert wird." in text(german)
    done = login(organiser).post(url, {**form, "reason": "tricks misread"}, **headers)
    assert done.status_code in (200, 302), done.content
    assert (
        AuditEntry.objects.get(match=confirmed.match, action="correct").reason == "tricks misread"
    )
