"""Player links in the API (matches/api/API.md "Player links, player pages and ratings"): the
organiser's ``/entries/{entry}/link``, and a player link's token as the bearer token:
``/api/me``, ``/api/me/check-in``, and its own table's match as that table's link; every
other address refused (the walk over every route is in test_player_link_access.py)."""

from django.test import Client

from matches.models import AuditEntry, Entry, Round, Table, TableSeat, TournamentAudit
from matches.services import closing, drafting, registration, table_results
from tests.api_support import assert_error, bearer, key_for, login, send
from tests.tournaments.evenings import CREATE, club, play_table


def me(token, method="get", data=None):
    return send(
        Client(),
        method,
        "/api/me" + ("/check-in" if method == "post" else ""),
        data,
        headers=bearer(token),
    )


def entry_named(tournament, name):
    return Entry.objects.get(tournament=tournament, player__name=name)


def started(organiser, **changes):
    tournament = club(organiser, **changes)
    round_ = drafting.draft_round(tournament, organiser, method="draw", seed=3)
    drafting.start_round(round_, organiser)
    return tournament, round_


# -- the organiser's link endpoint --------------------------------------------------------


def test_organisers_read_and_replace_an_entrys_link(organiser, other):
    tournament = club(organiser)
    ann = entry_named(tournament, "Ann")
    url = f"/api/tournaments/{tournament.pk}/entries/{ann.pk}/link"
    boss = login(organiser)
    read = send(boss, "get", url)
    assert read.status_code == 200
    assert read.json() == {"token": ann.token, "url": f"http://testserver/p/{ann.token}/"}
    replaced = send(boss, "post", url)
    assert replaced.status_code == 200
    new = replaced.json()["token"]
    assert new != ann.token and replaced.json()["url"].endswith(f"/p/{new}/")
    # The old one stops at once, on the pages and in the API.
    assert Client().get(f"/p/{ann.token}/").status_code == 404
    assert_error(me(ann.token), 401, "not_authenticated")
    assert me(new).status_code == 200
    # An API key of an organiser does it too; anyone else may not, nor the link itself.
    assert send(Client(), "get", url, headers=bearer(key_for(organiser))).status_code == 200
    assert_error(send(Client(), "get", url), 401, "not_authenticated")
    assert_error(send(login(other), "get", url), 403, "forbidden")
    assert_error(send(login(other), "post", url), 403, "forbidden")
    assert_error(send(Client(), "post", url, headers=bearer(new)), 403, "forbidden")
    assert_error(send(Client(), "get", url, headers=bearer(new)), 403, "forbidden")
    assert entry_named(tournament, "Ann").token == new
    # No such entry, or not this tournament's.
    assert_error(
        send(boss, "get", f"/api/tournaments/{tournament.pk}/entries/999999/link"), 404, "not_found"
    )
    assert_error(send(boss, "delete", url), 405, "method_not_allowed")


def test_self_check_in_is_part_of_the_set_up(organiser):
    boss = login(organiser)
    made = send(boss, "post", "/api/tournaments", {**CREATE, "self_check_in": True})
    assert made.status_code == 201 and made.json()["self_check_in"] is True
    plain = send(boss, "post", "/api/tournaments", CREATE).json()
    assert plain["self_check_in"] is False
    body = assert_error(
        send(boss, "post", "/api/tournaments", {**CREATE, "self_check_in": "yes"}), 422, "invalid"
    )
    assert "self_check_in" in body["fields"]


# -- /api/me ------------------------------------------------------------------------------


def test_me_before_the_draft_then_seated_then_the_results(organiser):
    tournament = club(organiser)
    ann = entry_named(tournament, "Ann")
    answer = me(ann.token)
    assert answer.status_code == 200
    assert answer.json() == {
        "tournament": tournament.pk,
        "entry": ann.pk,
        "name": "Ann",
        "status": "drafting",
        "round": 1,
        "table": None,
        "seat": None,
        "players": [],
        "first_dealer": None,
        "sits_out": [],
        "table_link": None,
        "standings": answer.json()["standings"],
        "checked_in": True,
        "self_check_in": False,
    }
    round_ = drafting.draft_round(tournament, organiser, method="draw", seed=3)
    assert me(ann.token).json()["status"] == "drafting"
    drafting.start_round(round_, organiser)
    seat = TableSeat.objects.select_related("table").get(round=round_, entry=ann)
    table = seat.table
    shown = me(ann.token).json()
    names = [s.entry.name for s in table.seats.order_by("number")]
    assert (shown["status"], shown["round"], shown["table"], shown["seat"]) == (
        "seated",
        1,
        table.number,
        seat.number,
    )
    assert shown["players"] == names and shown["first_dealer"] == table.first_dealer
    assert shown["table_link"] == f"http://testserver/t/{table.token}/"
    play_table(table, organiser)
    row = me(ann.token).json()["standings"]
    assert row["entry"] == ann.pk and row["rounds"][0]["table"] == table.number


def test_me_takes_only_a_player_links_token(organiser):
    tournament, round_ = started(organiser)
    table = round_.tables.first()
    assert_error(send(Client(), "get", "/api/me"), 401, "not_authenticated")
    assert_error(send(login(organiser), "get", "/api/me"), 401, "not_authenticated")
    for token in (key_for(organiser), table.token, tournament.board_token, "x" * 27):
        assert_error(
            send(Client(), "get", "/api/me", headers=bearer(token)), 401, "not_authenticated"
        )
    assert_error(
        send(Client(), "put", "/api/me", headers=bearer(table.token)), 405, "method_not_allowed"
    )


def test_a_player_checks_in_through_the_api_until_the_draft(organiser):
    tournament = club(organiser, self_check_in=True)
    ann = entry_named(tournament, "Ann")
    registration.check_in(ann, organiser, checked_in=False)
    assert me(ann.token).json()["self_check_in"] is True
    answer = me(ann.token, "post")
    assert answer.status_code == 200
    assert answer.json()["checked_in"] is True and answer.json()["self_check_in"] is False
    ann.refresh_from_db()
    assert ann.self_checked_in
    # Again: nothing changes, still 200.
    before = TournamentAudit.objects.count()
    assert me(ann.token, "post").status_code == 200
    assert TournamentAudit.objects.count() == before
    # After the draft: 409 with the reason, nothing written.
    ben = entry_named(tournament, "Ben")
    registration.check_in(ben, organiser, checked_in=False)
    drafting.draft_round(tournament, organiser, method="draw", seed=3)
    before = TournamentAudit.objects.count()
    body = assert_error(me(ben.token, "post"), 409, "conflict")
    assert body["message"] == "Check-in has closed: ask the organiser."
    assert not entry_named(tournament, "Ben").checked_in
    assert TournamentAudit.objects.count() == before
    # An organiser's credentials are none here.
    assert_error(send(login(organiser), "post", "/api/me/check-in"), 401, "not_authenticated")


def test_self_check_in_is_refused_where_the_tournament_does_not_allow_it(organiser):
    tournament = club(organiser)
    ann = entry_named(tournament, "Ann")
    registration.check_in(ann, organiser, checked_in=False)
    body = assert_error(me(ann.token, "post"), 409, "conflict")
    assert body["message"] == "The organiser checks players in at the door."
    assert not entry_named(tournament, "Ann").checked_in


# -- the player's own table's match -------------------------------------------------------


def test_the_token_reaches_its_tables_match_as_the_table_link_does(organiser):
    tournament, round_ = started(organiser)
    ann = entry_named(tournament, "Ann")
    table = TableSeat.objects.get(round=round_, entry=ann).table
    other = Table.objects.filter(round=round_).exclude(pk=table.pk).first()
    key = bearer(ann.token)
    assert send(Client(), "get", f"/api/matches/{table.match_id}", headers=key).status_code == 200
    assert_error(
        send(Client(), "get", f"/api/matches/{other.match_id}", headers=key), 403, "forbidden"
    )
    dealer = table.first_dealer
    tricks = [0, 0, 0]
    for offset, target in enumerate((8, 5, 3)):
        tricks[(dealer + offset) % 3] = target
    hand = {"number": 1, "tricks": tricks, "trump": "hearts"}
    recorded = send(Client(), "post", f"/api/matches/{table.match_id}/hands", hand, headers=key)
    assert recorded.status_code == 201, recorded.content
    audit = AuditEntry.objects.filter(match_id=table.match_id, action="record").get()
    assert audit.by_name == f"table:{table.number}"  # the table, as its link would be named
    assert_error(
        send(Client(), "post", f"/api/matches/{other.match_id}/hands", hand, headers=key),
        403,
        "forbidden",
    )
    # What only an account may do.
    for method, path in [
        ("post", f"/api/matches/{table.match_id}/stop"),
        ("post", f"/api/matches/{table.match_id}/share"),
        ("get", f"/api/matches/{table.match_id}/share"),
        ("post", "/api/matches"),
        ("get", f"/api/tournaments/{tournament.pk}"),
        ("post", f"/api/tournaments/{tournament.pk}/rounds/1/close"),
    ]:
        assert_error(send(Client(), method, path, {}, headers=key), 403, "forbidden")


def test_once_the_table_is_confirmed_the_token_reads_and_no_longer_writes(organiser):
    tournament, round_ = started(organiser)
    table = round_.tables.order_by("number").first()
    play_table(table, organiser)
    first, second = [seat.entry for seat in table.seats.order_by("number")][:2]
    table_results.submit_result(Table.objects.get(pk=table.pk), first.pk)
    table_results.confirm_result(Table.objects.get(pk=table.pk), second.pk)
    key = bearer(first.token)
    assert send(Client(), "get", f"/api/matches/{table.match_id}", headers=key).status_code == 200
    body = assert_error(
        send(Client(), "delete", f"/api/matches/{table.match_id}/hands/3", headers=key),
        403,
        "forbidden",
    )
    assert "confirmed" in body["message"]
    assert table.match.hands.count() == 3
    # Closed, and the next round: the new table's match, and the old one still read.
    closing.close_round(
        Round.objects.get(pk=round_.pk), organiser, end_unfinished=True, reason="late"
    )
    assert send(Client(), "get", f"/api/matches/{table.match_id}", headers=key).status_code == 200
    assert me(first.token).json()["table_link"] is None
