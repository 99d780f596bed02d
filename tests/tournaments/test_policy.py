"""One policy for tournaments (``matches.access``): every tournament, round, table, board,
print sheet and series address, the pages and the API alike, walked as nobody, as a
player's account and as the organiser, against a private tournament, the same one made
public, one that does not exist, a series and one that does not exist.

Each address belongs to a kind (``RUN``: organisers only; ``SEE``: what a public
tournament shows anyone; ``SERIES``), and each kind has one expected answer per case
(``EXPECTED``, the table of docs/tournaments.md): the pages' and the API's addresses are
held to the same table, so the same case answers alike on both faces — a login page where
the API says 401, 403 for 403, 404 for 404.
"""

from __future__ import annotations

import pytest
from django.test import Client

from matches.models import Table, Tournament
from matches.services import drafting
from matches.services import series as series_services
from tests.tournaments.evenings import club

MISSING = 987_654

# What a request got, in the policy's words: "ok" (it was let in: 200, or a write's own
# answer), "login" (the login page, or 401), 403 or 404.
LOGIN, OK = "login", "ok"


def answer(response) -> str | int:
    status = response.status_code
    assert status < 500, response.content[:500]
    if status == 401 or (status == 302 and "/accounts/login/" in response["Location"]):
        return LOGIN
    if status in (403, 404):
        return status
    return OK


# -- the addresses ----------------------------------------------------------------------
# (face, method, address): {t} the tournament, {s} the series, {e} an entry of it.

T = "/tournaments/{t}"
RUN_PAGES = [
    ("GET", T + "/"),
    ("GET", T + "/edit/"),
    ("GET", T + "/audit/"),
    ("POST", T + "/entries/"),
    ("POST", T + "/entries/apart/"),
    ("POST", T + "/adjustments/"),
    ("POST", T + "/entries/{e}/check-in/"),
    ("POST", T + "/entries/{e}/withdraw/"),
    ("GET", T + "/entries/{e}/link/"),
    ("POST", T + "/entries/{e}/link/"),
    ("POST", T + "/rounds/"),
    ("GET", T + "/rounds/1/"),
    ("POST", T + "/rounds/1/change/"),
    ("GET", T + "/rounds/1/links/"),
    ("POST", T + "/rounds/1/tables/1/end/"),
    ("POST", T + "/rounds/1/tables/1/reopen/"),
    ("GET", T + "/standings/"),
    ("GET", T + "/standings.csv"),
    ("GET", T + "/results.csv"),
    ("GET", T + "/print/tables/1/"),
    ("GET", T + "/print/players/"),
]
SEE_PAGES = [
    ("GET", T + "/board/"),
    ("GET", T + "/results/"),
    ("GET", T + "/results/1/1/"),
    ("GET", T + "/print/standings/"),
    ("GET", T + "/print/seating/1/"),
    ("GET", T + "/print/cards/"),
]
A = "/api/tournaments/{t}"
RUN_API = [
    ("POST", A + "/entries"),
    ("POST", A + "/entries/{e}/check-in"),
    ("DELETE", A + "/entries/{e}/check-in"),
    ("POST", A + "/entries/{e}/withdraw"),
    ("GET", A + "/entries/{e}/link"),
    ("POST", A + "/entries/{e}/link"),
    ("POST", A + "/rounds"),
    ("POST", A + "/rounds/1/start"),
    ("POST", A + "/rounds/1/close"),
]
SEE_API = [
    ("GET", A),
    ("GET", A + "/standings"),
    ("GET", A + "/board"),
    ("GET", A + "/export"),
    ("GET", "/api/matches/{m}"),  # a table's match: the public results (issue 31, item 8)
]
SERIES_PAGES = [
    ("GET", "/series/{s}/"),
    ("POST", "/series/{s}/tournaments/"),
    ("POST", "/series/{s}/tournaments/{t}/remove/"),
    ("GET", "/series/{s}/print/"),
    ("GET", "/series/{s}/table.csv"),
]
SERIES_API = [
    ("GET", "/api/series/{s}"),
    ("POST", "/api/series/{s}/tournaments"),
    ("DELETE", "/api/series/{s}/tournaments/{t}"),
]
# Lists and new ones: no tournament or series in the address, organisers only.
LISTS = [
    ("page", "GET", "/tournaments/"),
    ("page", "GET", "/tournaments/new/"),
    ("page", "GET", "/series/"),
    ("api", "GET", "/api/tournaments"),
    ("api", "POST", "/api/tournaments"),
    ("api", "GET", "/api/series"),
    ("api", "POST", "/api/series"),
]

ROUTES = [
    *[("RUN", "page", *route) for route in RUN_PAGES],
    *[("RUN", "api", *route) for route in RUN_API],
    *[("SEE", "page", *route) for route in SEE_PAGES],
    *[("SEE", "api", *route) for route in SEE_API],
    *[("SERIES", "page", *route) for route in SERIES_PAGES],
    *[("SERIES", "api", *route) for route in SERIES_API],
]

ROLES = ("nobody", "player", "organiser")

# The policy: by kind, by case, by role. Both faces are held to it.
EXPECTED = {
    ("RUN", "private"): {"nobody": LOGIN, "player": 403, "organiser": OK},
    ("RUN", "public"): {"nobody": LOGIN, "player": 403, "organiser": OK},
    ("RUN", "missing"): {"nobody": LOGIN, "player": 403, "organiser": 404},
    ("SEE", "private"): {"nobody": LOGIN, "player": 403, "organiser": OK},
    ("SEE", "public"): {"nobody": OK, "player": OK, "organiser": OK},
    ("SEE", "missing"): {"nobody": 404, "player": 404, "organiser": 404},
    ("SERIES", "present"): {"nobody": LOGIN, "player": 403, "organiser": OK},
    ("SERIES", "missing"): {"nobody": LOGIN, "player": 403, "organiser": 404},
    ("LIST", None): {"nobody": LOGIN, "player": 403, "organiser": OK},
}


def test_the_pages_and_the_api_are_held_to_one_table():
    # Every kind has addresses on both faces, so a case cannot be decided for one alone.
    for kind in ("RUN", "SEE", "SERIES"):
        faces = {face for each, face, *_rest in ROUTES if each == kind}
        assert faces == {"page", "api"}, kind


@pytest.fixture
def clients(organiser, other):
    player = Client()
    player.force_login(other)
    boss = Client()
    boss.force_login(organiser)
    return {"nobody": Client(), "player": player, "organiser": boss}


@pytest.fixture
def night(organiser):
    """A private club night with round 1 started, and a series (holding it)."""
    tournament = club(organiser)
    drafting.start_round(
        drafting.draft_round(tournament, organiser, method="draw", seed=3), organiser
    )
    series = series_services.create_series(organiser, name="Winter", game="sergeant-major")
    series_services.add_tournament(series, organiser, tournament)
    return tournament, series


def ask(client, method: str, address: str):
    if method == "GET":
        return client.get(address)
    # A write's body is beside the point here: who may is asked first.
    return client.generic(method, address, "{}", content_type="application/json")


def _ids(tournament, series) -> dict:
    table = Table.objects.filter(round__tournament=tournament).order_by("number").first()
    return {
        "t": tournament.pk,
        "s": series.pk,
        "e": tournament.entries.first().pk,
        "m": table.match_id,
    }


@pytest.mark.parametrize(
    ("kind", "face", "method", "address"),
    ROUTES,
    ids=[f"{face}-{method}-{address}" for _kind, face, method, address in ROUTES],
)
def test_every_address_answers_as_the_policy_says(kind, face, method, address, night, clients):
    tournament, series = night
    if kind == "SERIES":
        cases = {"present": {}, "missing": {"s": MISSING}}
    else:
        cases = {"private": {}, "public": {}, "missing": {"t": MISSING, "m": MISSING}}
    for case, missing in cases.items():
        if case in ("private", "public"):
            Tournament.objects.filter(pk=tournament.pk).update(public=case == "public")
        url = address.format(**{**_ids(tournament, series), **missing})
        # A write by the organiser to what exists is no question of who may (and would
        # change the evening under the next case): it is taken as let in.
        roles = ROLES if method == "GET" or missing else ("nobody", "player")
        got = {role: answer(ask(clients[role], method, url)) for role in roles}
        got.setdefault("organiser", OK)
        assert got == EXPECTED[(kind, case)], (face, method, url, case)


@pytest.mark.parametrize(("face", "method", "address"), LISTS)
def test_the_lists_and_new_ones_are_organisers_only(face, method, address, clients, organiser):
    got = {role: answer(ask(clients[role], method, address)) for role in ("nobody", "player")}
    if method == "GET":
        got["organiser"] = answer(ask(clients["organiser"], method, address))
    else:
        got["organiser"] = OK  # creating is no question of who may
    assert got == EXPECTED[("LIST", None)]


def test_a_private_board_by_its_link_is_open_to_all(night, clients):
    tournament, _series = night
    key = tournament.board_token
    for address in (
        f"/tournaments/{tournament.pk}/board/",
        f"/api/tournaments/{tournament.pk}/board",
    ):
        with_key = {role: answer(clients[role].get(address, {"key": key})) for role in ROLES}
        assert with_key == {"nobody": OK, "player": OK, "organiser": OK}, address
        # Another first letter: "x" + key[1:] was the key itself for one key in 64.
        other = ("y" if key[0] == "x" else "x") + key[1:]
        wrong = {role: answer(clients[role].get(address, {"key": other})) for role in ROLES}
        assert wrong == EXPECTED[("SEE", "private")], address


def test_a_table_link_is_its_own_key(night, clients):
    tournament, _series = night
    table = Table.objects.filter(round__tournament=tournament).order_by("number").first()
    page = {role: answer(clients[role].get(f"/t/{table.token}/")) for role in ROLES}
    assert page == {"nobody": OK, "player": OK, "organiser": OK}
    unknown = "x" * len(table.token)
    page = {role: answer(clients[role].get(f"/t/{unknown}/")) for role in ROLES}
    assert page == {"nobody": 404, "player": 404, "organiser": 404}
    # Through the API, the link reads and writes its table's match alone.
    api = Client().get(f"/api/matches/{table.match_id}", HTTP_AUTHORIZATION=f"Bearer {table.token}")
    assert api.status_code == 200
    tournament_read = Client().get(
        f"/api/tournaments/{tournament.pk}", HTTP_AUTHORIZATION=f"Bearer {table.token}"
    )
    assert answer(tournament_read) == 403  # a link, but no organiser's
