"""Hostile text in the register: the pages and the API hand what was typed, as typed, to
the one cleaning (``matches.text`` in ``services.players``), and refuse in its words."""

import json

import pytest

from matches.models import Player, PlayerAudit
from tests.api_support import assert_error, login, send
from tests.factories import HTMX, text


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("name", "Zed\ud800", "A name cannot contain the invisible or control character U+D800."),
        ("email", "z\ud800@example.org", "Remove the invisible or control character U+D800."),
        ("member_no", "17\ud800", "Remove the invisible or control character U+D800."),
    ],
)
def test_the_api_refuses_a_lone_surrogate_in_the_cleanings_words(organiser, field, value, message):
    body = {"name": "Zed", field: value}

    response = send(login(organiser), "post", "/api/players", raw=json.dumps(body))

    assert assert_error(response, 422, "invalid")["fields"] == {field: [message]}
    assert not Player.objects.exists() and not PlayerAudit.objects.exists()


@pytest.mark.parametrize("htmx", [False, True])
def test_the_page_refuses_a_nul_in_the_cleanings_words(client_of, organiser, htmx):
    response = client_of(organiser).post(
        "/players/new/", {"name": "Zed\x00", "member_no": "4\x00"}, **(HTMX if htmx else {})
    )

    assert response.status_code == 422
    page = text(response)
    assert "A name cannot contain the invisible or control character U+0000." in page
    assert "Null characters are not allowed." not in page
    assert not Player.objects.exists()
