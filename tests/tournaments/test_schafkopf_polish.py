"""Issue 32, item 12: the small things a German Schafkopf evening noticed, each held by a
test."""

from pathlib import Path

import pytest

from matches.models import Table, Tournament, TournamentAudit
from matches.services import drafting, play, table_results
from tests.api_support import assert_error, login, send
from tests.factories import HTMX, game_match, sheep, text
from tests.tournaments.evenings import club, handed_in

ROOT = Path(__file__).resolve().parents[2]


def new_tournament(boss, preset, **more):
    return boss.get("/tournaments/new/", {"preset": preset, **more}, **HTMX)


def test_a_sheepshead_night_is_not_offered_12_trick_wins(boss):
    sheepshead = text(new_tournament(boss, "sheepshead/standard"))
    sergeant_major = text(new_tournament(boss, "sergeant-major/8-5-3"))
    assert "12-trick wins" not in sheepshead and "12-trick wins" in sergeant_major
    # The game's change redraws the tie-breaks too (out of band, with the hands).
    page = boss.get("/tournaments/new/").content.decode()
    assert "#id_tie_break_0" in page


def test_a_sheepshead_night_with_12_trick_wins_is_refused(boss):
    form = {
        "name": "Schafkopf",
        "date": "2026-12-01",
        "preset": "sheepshead/standard",
        "rounds": 2,
        "hands_per_round": 20,
        "remainder": "sitters",
        "score": "game_points",
        "tie_break_0": "twelve_trick_wins",
    }
    page = boss.post("/tournaments/new/", form)
    assert page.status_code == 422 or "Select a valid choice" in text(page)
    assert not Tournament.objects.exists()


@pytest.mark.parametrize("tie_breaks", [["twelve_trick_wins"], ["best_round", "twelve_trick_wins"]])
def test_the_api_refuses_a_tie_break_the_game_does_not_have(boss, tie_breaks):
    body = {"name": "Schafkopf", "date": "2026-12-01", "game": "sheepshead",
            "variant": "standard", "rounds": 2, "hands_per_round": 20,
            "tie_breaks": tie_breaks}  # fmt: skip
    error = assert_error(send(boss, "post", "/api/tournaments", body), 422, "invalid")
    assert "tie_breaks" in error["fields"]
    assert not Tournament.objects.exists()


def test_sheepshead_card_points_are_augen_in_german_everywhere(owner):
    match = sheep(owner, [{"picker": 0, "partner": 1, "points": 75}])
    german = login(owner, HTTP_ACCEPT_LANGUAGE="de")
    page = german.get(f"/matches/{match.pk}/").content.decode()
    assert "Augen der Aufnehmer-Partei" in page  # the form, as before
    assert ">Augen</th>" in page and ">Punkte</th>" not in page
    assert 'data-label="Augen"' in page
    audit = text(german.get(f"/matches/{match.pk}/history/"))
    assert "Augen: 75" in audit or "Augen 75" in audit, audit


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["plain", "htmx"])
def test_a_drafted_tournaments_edit_page_leads_back_saying_why(boss, organiser, headers):
    tournament = club(organiser)
    drafting.draft_round(tournament, organiser, method="draw", seed=1)
    before = Tournament.objects.values_list("name", "revision").get()
    url = f"/tournaments/{tournament.pk}/edit/"
    answer = boss.get(url, **headers)
    where = answer["HX-Redirect"] if headers else answer["Location"]
    assert answer.status_code == 200 if headers else 302
    assert where == tournament.get_absolute_url()
    assert "The set-up is fixed once the first round is drafted." in text(boss.get(where))
    assert Tournament.objects.values_list("name", "revision").get() == before


def test_the_edit_page_is_the_organisers(client, other, organiser):
    tournament = club(organiser)
    url = f"/tournaments/{tournament.pk}/edit/"
    assert client.get(url).status_code == 302  # to the login page
    client.force_login(other)
    assert client.get(url).status_code == 403
    assert client.delete(url).status_code in (403, 405)


def test_the_audit_says_a_changed_hand_took_the_hand_in_back(boss, organiser):
    table = handed_in(organiser)  # handed in by its first player
    match = table.match
    hand = match.hands.order_by("-number").first()
    tricks = list(hand.input["tricks"])
    tricks[0], tricks[1] = tricks[1], tricks[0]
    play.correct_hand(match, hand.number, {"tricks": tricks, "trump": "hearts"},
                      version=hand.version, by=table.actor)  # fmt: skip
    first = table.seats.order_by("number").first().entry
    table_results.submit_result(Table.objects.get(pk=table.pk), first.pk)
    actions = list(
        TournamentAudit.objects.filter(action__in=["submit", "hand-change-reopen"])
        .order_by("pk")
        .values_list("action", flat=True)
    )
    assert actions == ["submit", "hand-change-reopen", "submit"]
    url = f"/tournaments/{table.round.tournament_id}/audit/"
    page = text(boss.get(url))
    assert f"took back the result of table 1 by changing hand {hand.number}" in page
    german = text(login(organiser, HTTP_ACCEPT_LANGUAGE="de").get(url))
    assert f"durch eine Änderung an Spiel {hand.number} zurückgenommen" in german


def test_only_a_game_that_passes_cards_says_on_the_phone_that_none_change_hands(owner):
    # The offline panel says "No cards change hands before this deal." only where the
    # root element says the game exchanges cards (static/js/offline.js).
    client = login(owner)
    sheepshead = client.get(f"/matches/{sheep(owner).pk}/").content.decode()
    sergeant_major = client.get(
        f"/matches/{game_match(owner, 'sergeant-major', '8-5-3', ('A', 'B', 'C')).pk}/"
    ).content.decode()
    assert '<div id="offline" hidden data-exchanges' in sergeant_major
    assert '<div id="offline" hidden\n' in sheepshead
    script = (ROOT / "static" / "js" / "offline.js").read_text()
    assert '"exchanges" in root.dataset' in script
