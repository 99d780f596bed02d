"""The door's counter (issue 32, item 3): "N checked in" follows every tap, checked in or
taken back, without a reload — the htmx answer of a check-in brings the counter out of
band; a plain post goes back to the page, which counts it."""

import re

import pytest
from django.test import Client

from matches.models import Entry
from matches.services import registration
from tests.factories import HTMX, text
from tests.factories import tournament as make_tournament


@pytest.fixture
def door(organiser):
    tournament = make_tournament(organiser)
    entries = registration.register_players(tournament, organiser, ["Ann", "Ben", "Cy"])
    return tournament, entries


def check_in_url(tournament, entry) -> str:
    return f"/tournaments/{tournament.pk}/entries/{entry.pk}/check-in/"


def counter(html: str) -> str:
    """The counter's element as the answer carries it."""
    found = re.search(r'<small[^>]*id="checked-in"[^>]*>.*?</small>', html, re.S)
    assert found, "no counter in the answer"
    return found.group(0)


def test_a_check_in_under_htmx_brings_the_row_and_the_counter(boss, door):
    tournament, (ann, ben, _cy) = door
    row = boss.post(check_in_url(tournament, ann), **HTMX)
    assert row.status_code == 200
    html = row.content.decode()
    assert "<html" not in html
    assert f'id="entry-{ann.pk}"' in html and "Checked in" in text(row)
    assert 'hx-swap-oob="true"' in counter(html) and "1 checked in" in counter(html)
    second = boss.post(check_in_url(tournament, ben), **HTMX).content.decode()
    assert "2 checked in" in counter(second)
    # Taken back: the counter goes down with it.
    undone = boss.post(check_in_url(tournament, ann), {"undo": "1"}, **HTMX).content.decode()
    assert "1 checked in" in counter(undone) and "Check in" in undone
    assert list(Entry.objects.filter(checked_in=True)) == [ben]


def test_the_page_draws_the_counter_where_the_answer_swaps_it(boss, door):
    tournament, _entries = door
    page = boss.get(f"/tournaments/{tournament.pk}/").content.decode()
    shown = counter(page)
    assert "0 checked in" in shown and "hx-swap-oob" not in shown


def test_a_plain_check_in_goes_back_to_the_page_that_counts_it(boss, door):
    tournament, (ann, _ben, _cy) = door
    response = boss.post(check_in_url(tournament, ann))
    assert response.status_code == 302 and response["Location"] == tournament.get_absolute_url()
    assert "1 checked in" in counter(boss.get(response["Location"]).content.decode())


def test_the_counter_in_german(boss, door):
    tournament, (ann, _ben, _cy) = door
    row = boss.post(check_in_url(tournament, ann), HTTP_ACCEPT_LANGUAGE="de", **HTMX)
    assert "1 anwesend" in counter(row.content.decode())


def test_only_the_organiser_checks_in(boss, door, other):
    tournament, (ann, _ben, _cy) = door
    player = Client()
    player.force_login(other)
    assert player.post(check_in_url(tournament, ann), **HTMX).status_code == 403
    for headers in (HTMX, {}):
        anonymous = Client().post(check_in_url(tournament, ann), **headers)
        assert anonymous.status_code == 302
        assert anonymous["Location"].startswith("/accounts/login/")
    assert boss.get(check_in_url(tournament, ann), **HTMX).status_code == 405
    assert not Entry.objects.filter(checked_in=True).exists()
