import re

import pytest

from matches.views.play import CSRF_PLACEHOLDER
from tests.factories import HTMX, sm_hand


def text(response):
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


@pytest.mark.django_db
class TestMatchDetail:
    def test_it_shows_seats_targets_and_the_record_form(self, client_of, owner, make_match):
        match = make_match(first_dealer=1)
        response = client_of(owner).get(f"/matches/{match.pk}/")
        assert response.status_code == 200
        page = text(response)
        # Ben deals: Ann is third (3), Ben dealer (8), Cy eldest (5).
        assert "Ann 0 third · needs 3" in page
        assert "Ben 0 dealer · needs 8" in page
        assert "Cy 0 eldest · needs 5" in page
        assert "Record hand 1" in page
        assert "First hand: no cards change hands." in page

    def test_it_shows_the_exchange_in_order_and_in_words(self, client_of, owner, make_match):
        # Ann dealt and made 10 (+2); Ben 3 of 5 (−2); Cy 3 of 3.
        match = make_match([sm_hand([10, 3, 3])])
        page = text(client_of(owner).get(f"/matches/{match.pk}/"))
        assert "Ann was 2 up: passes 2 cards face down to Ben (2 down)" in page
        assert "Record hand 2" in page

    def test_it_shows_history_with_up_down_and_running_totals(self, client_of, owner, make_match):
        match = make_match([sm_hand([10, 3, 3]), sm_hand([4, 9, 3], trump="spades")])
        page = text(client_of(owner).get(f"/matches/{match.pk}/"))
        assert "+2 10 of 8 Σ +2" in page
        # Hand 2: Ben deals; Ann third 4 of 3 (+1), Ben 9 of 8 (+1), Cy 3 of 5 (−2).
        assert "+1 4 of 3 Σ +3" in page
        assert "−2 3 of 5 Σ −2" in page
        assert "<polyline" in client_of(owner).get(f"/matches/{match.pk}/").content.decode()

    def test_it_shows_the_winner_and_no_form_after_twelve_tricks(
        self, client_of, owner, make_match
    ):
        match = make_match([sm_hand([12, 2, 2])])
        page = text(client_of(owner).get(f"/matches/{match.pk}/"))
        assert "Ann wins the match!" in page
        assert "Record hand" not in page

    def test_organisers_see_every_match(self, client_of, organiser, make_match):
        match = make_match()
        assert client_of(organiser).get(f"/matches/{match.pk}/").status_code == 200

    def test_it_forbids_other_users(self, client_of, other, make_match):
        match = make_match()
        assert client_of(other).get(f"/matches/{match.pk}/").status_code == 403

    def test_it_sends_anonymous_visitors_to_log_in(self, client, make_match):
        match = make_match()
        response = client.get(f"/matches/{match.pk}/")
        assert response.status_code == 302
        assert "/accounts/login/" in response["Location"]

    def test_it_prints_without_inline_javascript(self, client_of, owner, make_match):
        match = make_match()
        for extra in ({}, HTMX):
            html = client_of(owner).get(f"/matches/{match.pk}/", **extra).content.decode()
            assert not re.search(r"\son[a-z]+=", html)  # no onclick=, no inline handler
            assert "javascript:" not in html
            # The button appears when table.js runs; until then the page names the
            # browser's own menu instead.
            button = r'<button type="button"[^>]* data-print hidden>Print score sheet</button>'
            assert re.search(button, html)
            assert "<span data-print-hint>Print score sheet: your browser" in html

    def test_it_404s_for_a_missing_match(self, client_of, owner):
        assert client_of(owner).get("/matches/999/").status_code == 404

    def test_it_rejects_post(self, client_of, owner, make_match):
        match = make_match()
        assert client_of(owner).post(f"/matches/{match.pk}/").status_code == 405

    def test_it_answers_htmx_with_the_table_partial(self, client_of, owner, make_match):
        match = make_match([sm_hand([9, 4, 3])])
        response = client_of(owner).get(f"/matches/{match.pk}/", **HTMX)
        assert response.status_code == 200
        assert response.content.lstrip().startswith(b'<div id="table"')
        assert b"<html" not in response.content

    def test_query_count_does_not_grow_with_hands(
        self, client_of, owner, make_match, django_assert_num_queries
    ):
        from django.core.cache import cache
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        even = [sm_hand([8, 5, 3]), sm_hand([3, 8, 5]), sm_hand([5, 3, 8])]
        short, long = make_match(even[:1]), make_match(even * 8, players=("D", "E", "F"))
        client = client_of(owner)
        client.get(f"/matches/{short.pk}/")  # warm the session
        cache.clear()  # measure the page as rendered from scratch
        with CaptureQueriesContext(connection) as few:
            client.get(f"/matches/{short.pk}/")
        cache.clear()
        with django_assert_num_queries(len(few.captured_queries)):
            client.get(f"/matches/{long.pk}/")

    def test_a_second_view_comes_from_the_cache_until_the_next_hand(
        self, client_of, owner, make_match, django_assert_num_queries
    ):
        match = make_match([sm_hand([9, 4, 3])])
        client = client_of(owner)
        first = client.get(f"/matches/{match.pk}/")
        # User and match (and the session, where it lives in the database): the hands are
        # neither loaded nor replayed.
        from django.conf import settings

        queries = 3 if settings.SESSION_ENGINE.endswith(".db") else 2
        with django_assert_num_queries(queries):
            second = client.get(f"/matches/{match.pk}/")
        assert second.content.count(b"csrfmiddlewaretoken") >= 1
        # The cached page holds the placeholder; each answer carries a real token instead.
        for response in (first, second):
            assert CSRF_PLACEHOLDER.encode() not in response.content
            page = response.content.decode()
            values = re.findall(r'name="csrfmiddlewaretoken" value="([^"]*)"', page)
            assert values and all(re.fullmatch(r"[A-Za-z0-9]{64}", value) for value in values)
        assert text(first) == text(second)
        client.post(
            f"/matches/{match.pk}/hands/",
            {
                "number": 2,
                "trump": "clubs",
                "tricks_0": 3,
                "tricks_1": 8,
                "tricks_2": 5,
            },
        )
        assert "Record hand 3" in text(client.get(f"/matches/{match.pk}/"))

    def test_the_cached_table_carries_each_viewers_own_csrf_token(
        self, owner, organiser, make_match
    ):
        from django.test import Client

        match = make_match([sm_hand([9, 4, 3])])
        browsers, tokens = [], []
        for user in (owner, organiser):  # the second page comes from the cache
            browser = Client(enforce_csrf_checks=True)
            browser.force_login(user)
            page = browser.get(f"/matches/{match.pk}/").content.decode()
            tokens.append(page.split('name="csrfmiddlewaretoken" value="')[1].split('"')[0])
            browsers.append(browser)
        assert tokens[0] != tokens[1]
        hands = [(2, (3, 8, 5)), (3, (5, 3, 8))]
        for browser, token, (number, tricks) in zip(browsers, tokens, hands, strict=True):
            data = {"number": number, "trump": "clubs", "csrfmiddlewaretoken": token}
            data.update({f"tricks_{seat}": count for seat, count in enumerate(tricks)})
            response = browser.post(f"/matches/{match.pk}/hands/", data)
            assert response.status_code == 302  # each viewer's token is accepted
        match.refresh_from_db()
        assert match.hands.count() == 3
