"""Hostile text in a tournament (its name, entries' names, reasons): the one cleaning of
``matches.text``, in the services, with the same words on the pages and in the API."""

import json

import pytest

from matches.models import Entry, Player, Tournament
from tests.api_support import assert_error, login, send
from tests.factories import text
from tests.factories import tournament as make_tournament
from tests.tournaments.evenings import CREATE


@pytest.mark.parametrize(("name", "code"), [("Club\x00night", "U+0000"), ("\ud800", "U+D800")])
def test_the_api_refuses_a_hostile_tournament_name(organiser, name, code):
    raw = json.dumps({**CREATE, "name": name})
    response = send(login(organiser), "post", "/api/tournaments", raw=raw)

    body = assert_error(response, 422, "invalid")
    assert body["fields"] == {"name": [f"Remove the invisible or control character {code}."]}
    assert not Tournament.objects.exists()


def test_the_api_refuses_a_hostile_entry_name(organiser):
    tournament = make_tournament(organiser)
    raw = json.dumps({"players": ["Ann", "Ben\ud800"]})
    response = send(login(organiser), "post", f"/api/tournaments/{tournament.pk}/entries", raw=raw)

    body = assert_error(response, 422, "invalid")
    assert body["fields"] == {
        "players.1": ["A name cannot contain the invisible or control character U+D800."]
    }
    assert not Entry.objects.exists() and not Player.objects.exists()


def test_the_page_refuses_a_hostile_tournament_name_in_the_same_words(boss):
    response = boss.post(
        "/tournaments/new/",
        {
            "name": "Club\u200bnight",
            "date": "2026-12-01",
            "preset": "sergeant-major/8-5-3",
            "rounds": 3,
            "hands_per_round": 9,
            "remainder": "sitters",
        },
    )

    assert response.status_code == 422
    assert "Remove the invisible or control character U+200B." in text(response)
    assert not Tournament.objects.exists()


def test_the_page_refuses_a_hostile_entry_name(boss, organiser):
    tournament = make_tournament(organiser)
    page = text(
        boss.post(f"/tournaments/{tournament.pk}/entries/", {"names": "Ann\nBen\x1b"}, follow=True)
    )

    assert "A name cannot contain the invisible or control character U+001B." in page
    assert not Entry.objects.exists()
