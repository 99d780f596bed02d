"""Hostile text through the API: every text a person types goes through ``matches.text``
once, in the services, and a refusal is a 422 naming the field; nothing is written, and
every page that would show the text keeps working.

Run on SQLite and on PostgreSQL (``DATABASE_URL``): a NUL breaks PostgreSQL's text
columns, a lone surrogate breaks every encoder that would write or show it."""

import json

import pytest

from matches.models import AuditEntry, Player
from tests.api_support import assert_error, login, match_url, send, writes
from tests.factories import sm_hand

CREATE = {"game": "sergeant-major", "variant": "8-5-3", "first_dealer": 0}


def create(client, players):
    """POST /api/matches with ``players``, the body written with JSON escapes (``\\ud800``
    on the wire, as a client that sends a lone surrogate would)."""
    raw = json.dumps({**CREATE, "players": players})  # ensure_ascii: \\ud800, \\u0000
    return send(client, "post", "/api/matches", raw=raw)


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("Ann\ud800", "U+D800"),  # a lone surrogate: no encoder can write it
        ("\udfffAnn", "U+DFFF"),
        ("Ann\x00", "U+0000"),  # NUL: PostgreSQL refuses it
        ("Ann\u200b", "U+200B"),  # zero-width space: looks like "Ann"
        ("\u202eAnn", "U+202E"),  # right-to-left override
        ("Ann\x1fBen", "U+001F"),  # a unit separator, once taken as a space
        ("Ann\x1b[31m", "U+001B"),  # a terminal escape
    ],
    ids=repr,
)
def test_a_hostile_name_is_refused_and_nothing_is_written(client, owner, make_match, name, code):
    existing = make_match([sm_hand([9, 4, 3])])
    api = login(owner)
    before = writes()

    response = create(api, ["Bea", name, "Cy"])

    body = assert_error(response, 422, "invalid")
    assert body["fields"] == {"players.1": [body["message"]]}
    assert body["message"] == (f"A name cannot contain the invisible or control character {code}.")
    assert writes() == before
    # The owner's pages, the match page, its share page and its JSON all still answer.
    client.force_login(owner)
    assert client.get("/").status_code == 200
    assert client.get(f"/matches/{existing.pk}/").status_code == 200
    assert client.get(f"/s/{existing.share_token}/").status_code == 200
    assert api.get(match_url(existing)).status_code == 200


def test_the_refusal_speaks_german_too(owner):
    response = send(
        login(owner),
        "post",
        "/api/matches",
        raw=json.dumps({**CREATE, "players": ["Ann\x00", "Ben", "Cy"]}),
        headers={"Accept-Language": "de"},
    )

    body = assert_error(response, 422, "invalid")
    assert body["fields"]["players.0"] == [
        "Ein Name darf das unsichtbare oder Steuerzeichen U+0000 nicht enthalten."
    ]


def test_names_are_cleaned_once_and_matched_ignoring_case(owner, make_match):
    make_match(players=("Ann", "Ben", "Cy"))
    api = login(owner)

    # NFC ("e" + combining acute is "é"), spaces collapsed, and "ANN " is the Ann of the
    # register: no second player for her.
    response = create(api, ["ANN ", "Rene\u0301  Roux", "Cy"])

    assert response.status_code == 201, response.content
    assert response.json()["players"] == ["ANN", "Ren\u00e9 Roux", "Cy"]
    assert sorted(Player.objects.values_list("name", flat=True)) == [
        "Ann",
        "Ben",
        "Cy",
        "Ren\u00e9 Roux",
    ]


def test_a_name_twice_after_cleaning_is_refused(owner):
    before = writes()

    response = create(login(owner), ["Ann", "ann\t", "Cy"])

    body = assert_error(response, 422, "invalid")
    assert body["fields"] == {"players.1": ["ann sits at the table twice."]}
    assert writes() == before


def test_a_name_of_spaces_only_is_refused(owner):
    body = assert_error(create(login(owner), ["Ann", " \u3000 ", "Cy"]), 422, "invalid")

    assert body["fields"] == {"players.1": ["Enter a name for every seat."]}


def test_a_surrogate_where_no_text_is_typed_is_refused_in_house_words(owner, make_match):
    match = make_match()
    before = writes()

    raw = json.dumps({"number": 1, "tricks": [9, 4, 3], "trump": "hearts\ud800"})
    response = send(login(owner), "post", match_url(match, "/hands"), raw=raw)

    body = assert_error(response, 422, "invalid")
    assert body["fields"] == {"trump": ["Choose trumps: clubs, spades, hearts or diamonds."]}
    assert writes() == before


# -- reasons ------------------------------------------------------------------------------

REASONS = [("miscounted\x00", "U+0000"), ("miscounted\ud800", "U+D800"), ("\u2066x", "U+2066")]


@pytest.mark.parametrize(("reason", "code"), REASONS, ids=repr)
def test_a_hostile_correction_reason_is_refused(owner, make_match, reason, code):
    match = make_match([sm_hand([9, 4, 3])])
    before = writes()

    raw = json.dumps({"version": 1, **sm_hand([10, 4, 2]), "reason": reason})
    response = send(login(owner), "put", match_url(match, "/hands/1"), raw=raw)

    body = assert_error(response, 422, "invalid")
    message = f"A reason cannot contain the invisible or control character {code}."
    assert body == {"error": "invalid", "message": message, "fields": {"reason": [message]}}
    assert writes() == before
    assert login(owner).get(match_url(match, "/history")).status_code == 200


@pytest.mark.parametrize(
    ("method", "tail"),
    [("delete", "/hands/1"), ("post", "/stop"), ("post", "/share")],
)
def test_every_reason_goes_through_the_cleaning(owner, make_match, method, tail):
    match = make_match([sm_hand([9, 4, 3])])
    before = writes()
    token = match.share_token

    response = send(login(owner), method, match_url(match, tail), raw='{"reason": "x\\u0000"}')

    body = assert_error(response, 422, "invalid")
    assert list(body["fields"]) == ["reason"]
    assert "U+0000" in body["message"]
    assert writes() == before
    match.refresh_from_db()
    assert match.share_token == token and not match.stopped


def test_a_clean_reason_is_kept_as_cleaned(owner, make_match):
    match = make_match([sm_hand([9, 4, 3])])

    raw = json.dumps({"version": 1, **sm_hand([10, 4, 2]), "reason": "  mis\tcounted\n"})
    response = send(login(owner), "put", match_url(match, "/hands/1"), raw=raw)

    assert response.status_code == 200, response.content
    assert AuditEntry.objects.get(action="correct").reason == "mis counted"
