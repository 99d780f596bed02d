"""A match's scorer link keeps scoring without the server too (issue 24, item 1, with the
scorer link of issue 20): its page carries the offline hooks at the link's own addresses,
its service worker's scope is /k/, and its JSON for the phone's replay is the link's
match alone, gone with the link."""

import json

import pytest
from django.test import Client

from matches.services import play
from tests.factories import game_match

HAND1 = {"tricks": [9, 4, 3], "trump": "hearts"}


@pytest.fixture
def scored(owner):
    match = game_match(owner, "sergeant-major", "8-5-3", ("Ann", "Ben", "Cy"), [HAND1])
    return play.new_scorer_link(match, by=owner)


@pytest.mark.django_db
def test_the_scorer_page_carries_the_offline_hooks_at_its_own_addresses(scored):
    token = scored.scorer_token
    page = Client().get(f"/k/{token}/").content.decode()
    assert page.count('id="offline"') == 1 and "js/offline.js" in page
    assert f'data-json="/k/{token}/offline.json"' in page
    assert 'data-sw="/k/sw.js" data-scope="/k/"' in page
    assert 'data-worker="/k/rules-worker.js?v=' in page  # its own scope's
    assert f'data-record="/k/{token}/hands/"' in page
    assert 'id="offline-messages"' in page


@pytest.mark.django_db
def test_its_service_worker_is_the_table_links_one(client, organiser):
    """The table link's script, keeping the same Python and rules, and the rules worker
    of its own scope (tests/offline/test_offline_pages.py)."""
    worker = client.get("/k/sw.js")
    assert worker.status_code == 200 and worker["Content-Type"].startswith("text/javascript")
    ours, theirs = (
        body.replace("/k/rules-worker.js", "/t/rules-worker.js").split("\n", 1)[1]
        for body in (worker.content.decode(), client.get("/t/sw.js").content.decode())
    )
    assert ours == theirs
    assert client.post("/k/sw.js").status_code == 405


@pytest.mark.django_db
def test_its_json_is_the_links_match_and_goes_with_the_link(scored, owner):
    token = scored.scorer_token
    answer = Client().get(f"/k/{token}/offline.json")
    assert answer.status_code == 200
    assert "no-store" in answer["Cache-Control"]  # it carries the link's key
    data = json.loads(answer.content)
    assert data["match"]["id"] == scored.pk and data["hands"] == [HAND1]
    assert data["writes"] is True and data["next_number"] == 2
    assert Client().post(f"/k/{token}/offline.json").status_code == 405
    play.new_scorer_link(scored, by=owner)  # replaced: the old link reads nothing more
    assert Client().get(f"/k/{token}/offline.json").status_code == 404
    assert Client().get("/k/AAAAAAAAAAAAAAAAAAAAAA/offline.json").status_code == 404
