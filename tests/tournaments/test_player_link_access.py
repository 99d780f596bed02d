"""A player link reaches its own page, ``/api/me`` and its own table's match, nothing
else (issue 36, item 4): every route of the site, filled in with another table's match,
another entry and this tournament, asked with the player's token as a bearer token and
as ``?share=``/``?key=`` by a phone that opened the player's page first, is refused: the
API answers 403 (or 404, 405: nothing there, or a wrong method), never lets it in; a page,
which takes no bearer token, sends the phone to log in. Nothing is written."""

from matches.models import Entry, Table, TableSeat, TournamentAudit
from matches.services import drafting
from tests.api_support import writes
from tests.routes import assert_refused, assert_refused_everywhere
from tests.tournaments.evenings import club

OWN = {"/api/me", "/api/me/check-in"}  # what the token is for (test_player_links_api.py)


def _written():
    return (
        writes(),
        TournamentAudit.objects.count(),
        list(Entry.objects.order_by("pk").values_list("pk", "checked_in", "token")),
    )


def test_a_player_token_is_refused_on_every_other_address(client, organiser):
    tournament = club(organiser, self_check_in=True)
    round_ = drafting.draft_round(tournament, organiser, method="draw", seed=3)
    drafting.start_round(round_, organiser)
    ann = Entry.objects.get(tournament=tournament, player__name="Ann")
    own = TableSeat.objects.get(round=round_, entry=ann).table
    other = Table.objects.filter(round=round_).exclude(pk=own.pk).first()
    stranger = other.seats.first().entry
    assert client.get(f"/p/{ann.token}/").status_code == 200
    values = {
        "tournament_id": tournament.pk,
        "series_id": 1,
        "match_id": other.match_id,
        "number": 1,
        "table": other.number,
        "entry_id": stranger.pk,
        "player_id": stranger.player_id,
        "token_id": 1,
        "token": "x" * 27,  # no link at all: a player's token says nothing about others
    }
    before = _written()
    checked = assert_refused_everywhere(
        client, ann.token, values, own=OWN, api_refused=(403, 404, 405)
    )
    assert checked > 100
    # Its own entry's organiser addresses and its own match's account pages: refused too.
    t, e, m = tournament.pk, ann.pk, own.match_id
    for method, path in [
        ("get", f"/tournaments/{t}/entries/{e}/link/"),
        ("post", f"/tournaments/{t}/entries/{e}/link/"),
        ("post", f"/tournaments/{t}/entries/{e}/check-in/"),
        ("get", f"/matches/{m}/"),
        ("post", f"/matches/{m}/hands/"),
        ("post", f"/api/matches/{m}/stop"),
        ("post", f"/api/matches/{m}/share"),
    ]:
        assert_refused(client, method, f"{path}?share={ann.token}", ann.token)
    for method, path in [
        ("get", f"/api/tournaments/{t}/entries/{e}/link"),
        ("post", f"/api/tournaments/{t}/entries/{e}/link"),
        ("post", f"/api/tournaments/{t}/entries/{e}/check-in"),
        ("post", f"/api/tournaments/{t}/entries/{e}/withdraw"),
        ("post", f"/api/matches/{m}/stop"),
    ]:
        assert_refused(client, method, path, ann.token, refused=(403,))
    # Its own table's match, as the table's link reads it: the state and its audit trail.
    for path in (f"/api/matches/{m}", f"/api/matches/{m}/history"):
        assert client.get(path, HTTP_AUTHORIZATION=f"Bearer {ann.token}").status_code == 200
    assert _written() == before
