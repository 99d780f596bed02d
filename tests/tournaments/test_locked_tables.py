"""A confirmed table's result never moves (docs/tournaments.md §4; issue "Results that cannot
move after confirmation", items 1 and 2).

Whether a table link may still write is decided inside the write's transaction, under the
tournament's lock, which confirming, closing and ending a table take first as well: one
lock order for every write that touches a tournament's match. The tests race real
threads, each with its own connection, on SQLite and on PostgreSQL
(DATABASE_URL=postgres://...), and pin the window between the link's first check and its
write by letting the confirmation (or the close) land exactly there.
"""

from contextlib import contextmanager

import pytest
from django.db import connection
from django.test import Client

from matches.errors import NotNow
from matches.models import AuditEntry, Hand, Match, Round, Table
from matches.services import play, table_results
from tests.api_support import bearer, send
from tests.factories import text
from tests.races import at_once
from tests.tournaments.evenings import close, confirm, handed_in, started

LOCKED = "This table's result is confirmed; only the organiser can change it now."
CLOSED = "This round is over; only the organiser can change its results now."


def facts(table: Table):
    """What the standings read of the table's match."""
    match = Match.objects.get(pk=table.match_id)
    hands = list(Hand.objects.filter(match=match).order_by("number").values_list("input"))
    return match.finished, match.totals, hands


@contextmanager
def landing_first(monkeypatch, intruder):
    """The table link's write has passed its first check; ``intruder`` (a confirmation, a
    close) commits before the write's own transaction begins."""
    real = play.writing
    pending = [intruder]

    @contextmanager
    def writing():
        while pending:
            pending.pop()()
        with real():
            yield

    monkeypatch.setattr(play, "writing", writing)
    yield


def undo(table: Table):
    return send(
        Client(),
        "delete",
        f"/api/matches/{table.match_id}/hands/3",
        headers=bearer(table.token),
    )


def correction(table: Table):
    hand = Hand.objects.get(match_id=table.match_id, number=1)
    tricks = [0, 0, 0]
    match = Match.objects.get(pk=table.match_id)
    dealer = match.first_dealer
    for offset, target in {0: 10, 1: 3, 2: 3}.items():
        tricks[(dealer + offset) % 3] = target
    return send(
        Client(),
        "put",
        f"/api/matches/{table.match_id}/hands/1",
        {"version": hand.version, "tricks": tricks, "trump": "hearts"},
        headers=bearer(table.token),
    )


# -- the window between the link's check and its write, pinned ------------------------------


@pytest.mark.parametrize("write", [undo, correction], ids=["undo", "correct"])
def test_a_confirmation_landing_before_the_links_write_locks_it_out(
    db, organiser, monkeypatch, write
):
    table = handed_in(organiser)
    before = facts(table)
    audit = AuditEntry.objects.count()

    with landing_first(monkeypatch, lambda: confirm(table)):
        response = write(table)

    assert response.status_code == 403, response.content
    assert response.json() == {"error": "forbidden", "message": LOCKED}
    table.refresh_from_db()
    assert table.confirmed
    assert facts(table) == before
    assert AuditEntry.objects.count() == audit


@pytest.mark.parametrize("write", [undo, correction], ids=["undo", "correct"])
def test_a_close_landing_before_the_links_write_locks_it_out(db, organiser, monkeypatch, write):
    table = handed_in(organiser)
    before = facts(table)

    with landing_first(monkeypatch, lambda: close(table, organiser)):
        response = write(table)

    assert response.status_code == 403, response.content
    assert response.json()["message"] == CLOSED
    assert facts(table) == before


def test_the_table_page_says_the_table_is_locked(db, client, organiser, monkeypatch):
    table = handed_in(organiser)
    before = facts(table)

    with landing_first(monkeypatch, lambda: confirm(table)):
        response = client.post(f"/t/{table.token}/hands/3/undo/", {"reason": ""}, follow=True)

    assert response.status_code == 409
    assert LOCKED in text(response)
    assert facts(table) == before


# -- the table link's pages: a write refused is a 409, never a success ----------------------
# A phone that kept a hand offline counts any success as sent (docs/offline.md): a
# refusal answered 200 with HX-Refresh, or a redirect, lost the hand unseen.

HTMX = {"HTTP_HX_REQUEST": "true"}


def posted_hand(table: Table, number: int, pattern=(8, 5, 3), trump="hearts") -> dict:
    """The table page's hand form for hand ``number``: tricks by offset from its dealer."""
    match = Match.objects.get(pk=table.match_id)
    dealer = (match.first_dealer + number - 1) % 3
    tricks = {f"tricks_{(dealer + offset) % 3}": count for offset, count in enumerate(pattern)}
    return {"number": number, "version": "", "trump": trump, **tricks}


def written(table: Table):
    """Everything a write through the link would change."""
    return facts(table), AuditEntry.objects.count(), Table.objects.get(pk=table.pk).confirmed_at


def locked_by(how: str, organiser) -> Table:
    """A table whose link no longer writes: its result confirmed, or its round closed."""
    table = handed_in(organiser)
    confirm(table) if how == "confirm" else close(table, organiser)
    return table


MESSAGES = {"confirm": LOCKED, "close": CLOSED}


@pytest.mark.parametrize("headers", [HTMX, {}], ids=["htmx", "plain"])
@pytest.mark.parametrize("how", ["confirm", "close"])
def test_a_hand_sent_to_a_locked_table_is_refused(db, client, organiser, how, headers):
    table = locked_by(how, organiser)
    before = written(table)

    response = client.post(f"/t/{table.token}/hands/", posted_hand(table, 4), **headers)

    assert response.status_code == 409, response.status_code
    assert MESSAGES[how] in text(response)
    assert "both entries" not in text(response)  # the server has no hand 4
    assert written(table) == before
    if headers:
        # htmx loads the whole page again, read-only, and that says why too.
        assert response["HX-Refresh"] == "true"
        page = text(client.get(f"/t/{table.token}/"))
        assert MESSAGES[how] in page
    else:
        assert 'id="record"' not in response.content.decode()  # read-only


@pytest.mark.parametrize("headers", [HTMX, {}], ids=["htmx", "plain"])
def test_a_hand_the_locked_table_has_otherwise_shows_both_entries(db, client, organiser, headers):
    """Another phone recorded hand 3 its own way and the table was confirmed: the phone
    that kept its hand 3 offline is shown both, with no choice (the organiser corrects)."""
    table = locked_by("confirm", organiser)
    before = written(table)

    response = client.post(
        f"/t/{table.token}/hands/", posted_hand(table, 3, (9, 4, 3), "spades"), **headers
    )

    assert response.status_code == 409
    page = text(response)
    assert LOCKED in page
    assert "Hand 3: both entries" in page and 'class="differs"' in response.content.decode()
    assert "this table takes no more hands" in page
    assert "Correct hand 3 to yours" not in page
    assert written(table) == before


@pytest.mark.parametrize("headers", [HTMX, {}], ids=["htmx", "plain"])
def test_a_close_landing_before_a_hand_through_the_page_refuses_it(
    db, client, organiser, monkeypatch, headers
):
    table = started(organiser)

    with landing_first(monkeypatch, lambda: close(table, organiser)):
        response = client.post(f"/t/{table.token}/hands/", posted_hand(table, 1), **headers)

    assert response.status_code == 409
    assert CLOSED in text(response)
    assert facts(table)[2] == []  # the close ended the match; the hand was not written
    assert not AuditEntry.objects.filter(match_id=table.match_id, action="record").exists()
    assert response.get("HX-Refresh") == ("true" if headers else None)


@pytest.mark.parametrize("headers", [HTMX, {}], ids=["htmx", "plain"])
@pytest.mark.parametrize(
    "path, body",
    [
        ("hands/3/undo/", {"reason": "oops"}),
        ("hands/3/", {"number": 3, "version": 1, "trump": "spades", "reason": "x"}),
        ("result/", {"step": "reopen"}),
        ("preview/", {"number": 4, "trump": "hearts"}),
    ],
    ids=["undo", "correct", "result", "preview"],
)
def test_every_post_to_a_locked_table_is_refused(db, client, organiser, path, body, headers):
    table = locked_by("confirm", organiser)
    before = written(table)

    response = client.post(f"/t/{table.token}/{path}", body, **headers)

    assert response.status_code == 409
    assert LOCKED in text(response)
    assert written(table) == before


@pytest.mark.parametrize("headers", [HTMX, {}], ids=["htmx", "plain"])
def test_a_hand_after_the_organiser_ended_the_table_is_refused(db, client, organiser, headers):
    """The organiser stopped the table's match (its link still takes corrections): the
    next hand is refused, and a hand the server has otherwise is shown beside it, with the
    choice to correct."""
    table = started(organiser)
    match = Match.objects.get(pk=table.match_id)
    client.post(f"/t/{table.token}/hands/", posted_hand(table, 1))
    table_results.end_table(Table.objects.get(pk=table.pk), organiser, reason="time")
    before = written(table)

    response = client.post(f"/t/{table.token}/hands/", posted_hand(table, 2), **headers)
    assert response.status_code == 409
    assert "The match is over; no more hands can be recorded." in text(response)

    response = client.post(
        f"/t/{table.token}/hands/", posted_hand(table, 1, (9, 4, 3), "spades"), **headers
    )
    assert response.status_code == 409
    page = text(response)
    assert "The match is over; no more hands can be recorded." in page
    assert "Hand 1: both entries" in page and "Correct hand 1 to yours" in page
    assert written(table) == before
    assert Match.objects.get(pk=match.pk).stopped


def test_the_organiser_still_corrects_a_confirmed_table(db, organiser):
    table = handed_in(organiser)
    confirm(table)
    # With a reason (docs/tournaments.md "Confirming"; without one: test_confirmed_corrections).
    match = Match.objects.get(pk=table.match_id)
    snap = play.undo_last_hand(match, 3, by=organiser, reason="dealt twice")
    assert len(snap.state.hands) == 2


# -- real threads ---------------------------------------------------------------------------


RACES = 4  # a few: the pinned tests above fail on every run without the lock
DEADLOCK_RACES = 12  # on PostgreSQL, the old lock orders deadlocked in about half


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("intruder", ["confirm", "close"])
def test_racing_a_link_undo_never_moves_a_locked_result(organiser, intruder):
    for _race in range(RACES):
        table = handed_in(organiser)
        before = facts(table)

        def job(index, table=table):
            if index == 0:
                confirm(table) if intruder == "confirm" else close(table, organiser)
                return "locked"
            return undo(table).status_code

        results = at_once(job, count=2)

        table.refresh_from_db()
        round_ = Round.objects.get(pk=table.round_id)
        locked = table.confirmed or round_.status == Round.Status.CLOSED
        assert results[1] in (200, 403), results
        if results[1] == 403:
            assert facts(table) == before  # the undo came too late: nothing moved
        elif locked:
            # The undo came first; whatever locked the table afterwards saw the match as
            # the undo left it, and it has not moved since.
            assert facts(table)[2] == before[2][:2]
        # The confirmation may come second and find the hand-in withdrawn by the undo.
        assert results[0] == "locked" or isinstance(results[0], NotNow), results


@pytest.mark.django_db(transaction=True)
def test_a_hand_racing_the_end_of_its_table_never_deadlocks(organiser):
    """A hand through a table link and the organiser ending that table: on PostgreSQL the
    two used to lock the match and the tournament in opposite orders (a deadlock, a 500
    on the phone). Both now take the tournament first."""
    for _race in range(DEADLOCK_RACES):
        table = started(organiser)
        match = Match.objects.get(pk=table.match_id)
        dealer = match.first_dealer
        tricks = [0, 0, 0]
        for offset, target in {0: 8, 1: 5, 2: 3}.items():
            tricks[(dealer + offset) % 3] = target

        def job(index, table=table, tricks=tricks):
            if index == 0:
                return table_results.end_table(
                    Table.objects.select_related("round__tournament").get(pk=table.pk),
                    organiser,
                    reason="time",
                )
            return send(
                Client(),
                "post",
                f"/api/matches/{table.match_id}/hands",
                {"number": 1, "tricks": tricks, "trump": "hearts"},
                headers=bearer(table.token),
            ).status_code

        results = at_once(job, count=2)

        assert isinstance(results[0], Table | NotNow), results
        assert results[1] in (201, 403, 409), results
        connection.close()


# -- a table's token writes as the table, or not at all -------------------------------------


def test_an_account_cannot_write_through_a_table_token_in_share(db, organiser, other):
    """An account that may not write the match adds the table's token as ``?share=`` to
    its own writes: nothing is stopped, reopened, re-shared or recorded in its name (the
    token writes only as the table, authenticated by it, and judged under the lock)."""
    from tests.api_support import key_for

    table = started(organiser)
    key = key_for(other)
    match = Match.objects.get(pk=table.match_id)
    base = f"/api/matches/{table.match_id}"
    share = f"?share={table.token}"
    audit = AuditEntry.objects.count()
    dealer = match.first_dealer
    tricks = [0, 0, 0]
    for offset, target in {0: 8, 1: 5, 2: 3}.items():
        tricks[(dealer + offset) % 3] = target
    for method, path, body in [
        ("post", "/stop", {"reason": "mine"}),
        ("post", "/reopen", {}),
        ("post", "/share", {}),
        ("post", "/hands", {"number": 1, "tricks": tricks, "trump": "hearts"}),
    ]:
        response = send(Client(), method, base + path + share, body, headers=bearer(key))
        assert response.status_code == 403, (path, response.content)
    assert AuditEntry.objects.count() == audit
    assert Match.objects.get(pk=match.pk).share_token == match.share_token
    # Reading with it stays allowed: ?share= is for following a match.
    assert send(Client(), "get", base + share).status_code == 200
