"""Two phones, one hand (issue 18, item 5): a phone still on hand 1 after another phone
recorded it is told so, with both entries side by side, whatever the seats of hand 2
(a sitter) — on the match page, a table link and the API (409 with the state, not a 422
about hand 2's sitter). And the table link's page asks, cheaply, whether another phone
recorded, and reloads the table only then."""

import re

import pytest
from django.urls import reverse

from matches.models import Hand, Match
from matches.services import closing, play, table_results
from tests.api_support import send
from tests.factories import HTMX, game_match, sh, sheep, sieben, sv
from tests.play.phones import first_hand

FOUR = ("Ann", "Ben", "Cy", "Dee")
# Ann deals hand 1 (targets 8, 5, 3 from the dealer), Dee to her right sits out.
RECORDED = {"tricks": [9, 4, 3, 0], "trump": "hearts"}
MINE = {"number": 1, "trump": "spades", "tricks_0": 8, "tricks_1": 5, "tricks_2": 3, "tricks_3": 0}
STALE = "Hand 1 was just recorded by someone else."


def sitter_match(owner, hands=()):
    return game_match(owner, "sergeant-major", "8-5-3", FOUR, hands, options={"sitter": True})


def compared(response) -> list[list[str]]:
    """The side-by-side table as rows of cells (label, recorded, yours)."""
    section = re.search(r'<section class="card both-entries".*?</section>', response, re.S)
    assert section, "no side-by-side comparison"
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", section.group(0), re.S)[1:]
    return [
        [
            re.sub(r"<[^>]+>|≠", "", cell).strip()
            for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)
        ]
        for row in rows
    ]


@pytest.mark.django_db
class TestTheMatchPage:
    def url(self, match):
        return f"/matches/{match.pk}/hands/"

    @pytest.mark.parametrize("headers", [HTMX, {}], ids=["htmx", "plain"])
    def test_a_stale_phone_at_a_sitter_table_is_told_with_both_entries(
        self, client_of, owner, headers
    ):
        match = sitter_match(owner, [RECORDED])
        response = client_of(owner).post(self.url(match), MINE, **headers)
        assert response.status_code == 409
        page = response.content.decode()
        assert STALE in page
        assert "takes no tricks" not in page and "add up to" not in page
        rows = compared(page)
        assert ["Trumps", "♥ Hearts", "♠ Spades"] in rows or any(
            row[0] == "Trumps" and row[1] != row[2] for row in rows
        )
        assert ["Ann", "9", "8"] in rows and ["Ben", "4", "5"] in rows
        assert ["Cy", "3", "3"] in rows
        assert "Correct hand 1" in page
        # The form below is hand 2's, afresh.
        assert "Record hand 2" in page
        assert Hand.objects.filter(match=match).count() == 1
        assert Hand.objects.get(match=match).input["tricks"] == [9, 4, 3, 0]

    def test_three_seats_get_the_same(self, client_of, owner):
        match = game_match(
            owner,
            "sergeant-major",
            "8-5-3",
            ("Ann", "Ben", "Cy"),
            [{"tricks": [8, 5, 3], "trump": "hearts"}],
        )
        mine = {"number": 1, "trump": "hearts", "tricks_0": 8, "tricks_1": 5, "tricks_2": 3}
        response = client_of(owner).post(self.url(match), mine, **HTMX)
        assert response.status_code == 409
        page = response.content.decode()
        assert STALE in page and "Yours says the same: nothing to do." in page
        assert "Correct hand 1" not in page

    def test_a_form_ahead_of_the_match_is_a_conflict_without_comparison(self, client_of, owner):
        match = sitter_match(owner)
        response = client_of(owner).post(self.url(match), {**MINE, "number": 3}, **HTMX)
        assert response.status_code == 409
        page = response.content.decode()
        assert "The next hand is hand 1, not hand 3." in page
        assert "both-entries" not in page


def seat_names(table):
    return Match.objects.get(pk=table.match_id).names


@pytest.mark.django_db
class TestTheTableLink:
    @pytest.mark.parametrize("headers", [HTMX, {}], ids=["htmx", "plain"])
    def test_a_stale_phone_is_told_with_both_entries(self, client, sitter_table, headers):
        match, recorded, mine = first_hand(sitter_table)
        play.record_hand(match, 1, {"tricks": recorded, "trump": "hearts"}, by="phone A")
        data = {"number": 1, "trump": "hearts", **{f"tricks_{s}": n for s, n in enumerate(mine)}}
        url = reverse("tournaments:table_record", args=[sitter_table.token])
        response = client.post(url, data, **headers)
        assert response.status_code == 409
        page = response.content.decode()
        assert STALE in page and "takes no tricks" not in page and "add up to" not in page
        rows = {row[0]: row[1:] for row in compared(page)}
        names = seat_names(sitter_table)
        dealer = match.first_dealer
        assert rows[names[dealer]] == ["9", "8"] and rows[names[(dealer + 1) % 4]] == ["4", "5"]
        assert f"/t/{sitter_table.token}/hands/1/" in page  # correct it through the link
        assert Hand.objects.filter(match=match).count() == 1


@pytest.mark.django_db
def test_the_api_answers_a_stale_hand_with_409_and_the_state(client_of, owner):
    match = sitter_match(owner, [RECORDED])
    body = {"number": 1, "tricks": [8, 5, 3, 0], "trump": "spades"}
    response = send(client_of(owner), "post", f"/api/matches/{match.pk}/hands", body)
    assert response.status_code == 409
    problem = response.json()
    assert problem["message"] == STALE
    assert problem["state"]["next_hand"]["number"] == 2
    assert Hand.objects.filter(match=match).count() == 1


# -- the table's page follows the other phones --------------------------------------------


def watch_of(page: str) -> str | None:
    found = re.search(r'<div id="table-watch"([^>]*)>', page)
    return found.group(1) if found else None


def revision_of(page: str) -> str:
    return re.search(r'"X-Table-Revision": "([^"]*)"', watch_of(page)).group(1)


@pytest.mark.django_db
class TestTheTablePageFollows:
    def url(self, table):
        return reverse("tournaments:table_link", args=[table.token])

    def test_the_page_polls_while_the_round_is_played(self, client, sitter_table):
        page = client.get(self.url(sitter_table)).content.decode()
        watch = watch_of(page)
        assert 'hx-trigger="every 5s"' in watch and "data-poll" in watch
        assert "data-poll-idle" in watch and 'hx-target="#table"' in watch
        assert f'hx-get="{self.url(sitter_table)}"' in watch
        assert revision_of(page)

    def test_an_unchanged_poll_is_204_for_one_read(
        self, client, sitter_table, django_assert_num_queries
    ):
        shown = revision_of(client.get(self.url(sitter_table)).content.decode())
        headers = {**HTMX, "HTTP_X_TABLE_REVISION": shown}
        with django_assert_num_queries(1):
            response = client.get(self.url(sitter_table), **headers)
        assert response.status_code == 204 and response.content == b""

    def test_another_phones_hand_brings_the_table_and_a_new_revision(self, client, sitter_table):
        shown = revision_of(client.get(self.url(sitter_table)).content.decode())
        match, recorded, _mine = first_hand(sitter_table)
        play.record_hand(match, 1, {"tricks": recorded, "trump": "hearts"}, by="phone A")
        headers = {**HTMX, "HTTP_X_TABLE_REVISION": shown}
        response = client.get(self.url(sitter_table), **headers)
        assert response.status_code == 200
        page = response.content.decode()
        assert page.lstrip().startswith('<div id="table"')
        assert "Record hand 2" in page
        # Out of band: the result step and the poll, now with what the page shows.
        assert 'id="result"' in page and 'hx-swap-oob="true"' in page
        fresh = revision_of(page)
        assert fresh != shown
        again = client.get(self.url(sitter_table), **{**HTMX, "HTTP_X_TABLE_REVISION": fresh})
        assert again.status_code == 204

    def test_a_hand_handed_in_by_another_phone_is_a_change_too(
        self, client, sitter_table, organiser
    ):
        shown = revision_of(client.get(self.url(sitter_table)).content.decode())
        table_results.end_table(sitter_table, organiser, reason="last bus")
        sitter_table.refresh_from_db()
        entry = sitter_table.seats.order_by("number").first().entry
        table_results.submit_result(sitter_table, entry.pk)
        response = client.get(self.url(sitter_table), **{**HTMX, "HTTP_X_TABLE_REVISION": shown})
        assert response.status_code == 200
        assert "A second player confirms" in response.content.decode()

    def test_a_plain_reload_is_the_whole_page(self, client, sitter_table):
        shown = revision_of(client.get(self.url(sitter_table)).content.decode())
        response = client.get(self.url(sitter_table), HTTP_X_TABLE_REVISION=shown)
        assert response.status_code == 200
        assert "<html" in response.content.decode()

    @pytest.mark.parametrize("stale", [False, True], ids=["own hand", "stale hand"])
    def test_after_a_write_the_poll_knows_what_the_page_shows(self, client, sitter_table, stale):
        match, recorded, mine = first_hand(sitter_table)
        if stale:
            play.record_hand(match, 1, {"tricks": recorded, "trump": "hearts"}, by="phone A")
        tricks = mine if stale else recorded
        data = {"number": 1, "trump": "hearts", **{f"tricks_{s}": n for s, n in enumerate(tricks)}}
        url = reverse("tournaments:table_record", args=[sitter_table.token])
        answer = client.post(url, data, **HTMX)
        assert answer.status_code == (409 if stale else 200)
        page = answer.content.decode()
        assert 'hx-swap-oob="true"' in watch_of(page)
        # The next poll keeps the page (and a stale phone's comparison on it).
        headers = {**HTMX, "HTTP_X_TABLE_REVISION": revision_of(page)}
        assert client.get(self.url(sitter_table), **headers).status_code == 204

    def test_a_wrong_token_polls_into_a_404(self, client, sitter_table):
        url = reverse("tournaments:table_link", args=["x" * 27])
        assert (
            client.get(url, **{**HTMX, "HTTP_X_TABLE_REVISION": "1.0.0.playing"}).status_code == 404
        )

    def test_once_the_round_is_over_the_page_stops_asking(self, client, sitter_table, organiser):
        table_results.end_table(sitter_table, organiser, reason="last bus")
        closing.close_round(sitter_table.round, organiser)
        page = client.get(self.url(sitter_table)).content.decode()
        assert watch_of(page) == ""


@pytest.mark.django_db
def test_both_entries_in_german(client_of, owner):
    match = sitter_match(owner, [RECORDED])
    response = client_of(owner).post(
        f"/matches/{match.pk}/hands/", MINE, HTTP_ACCEPT_LANGUAGE="de", **HTMX
    )
    assert response.status_code == 409
    page = response.content.decode()
    assert "Spiel 1 wurde gerade von jemand anderem eingetragen." in page
    assert "Spiel 1: beide Eingaben" in page and "Ihre (nicht gespeichert)" in page
    assert "Ihre Eingabe wurde nicht gespeichert." in page


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("make", "theirs", "mine", "differs"),
    [
        (sheep, sh(1, 1, 3, 95), sh(1, 1, 3, 70), "The picker side"),
        (sieben, sv(1, 40), sv(1, 60), None),
    ],
    ids=["sheepshead", "sieben"],
)
def test_every_game_compares_a_stale_hand(client_of, owner, make, theirs, mine, differs):
    match = make(owner)
    client = client_of(owner)
    url = f"/matches/{match.pk}/hands/"
    assert client.post(url, theirs).status_code == 302
    response = client.post(url, mine, **HTMX)
    assert response.status_code == 409
    page = response.content.decode()
    rows = compared(page)
    assert STALE in page and any(row[1] != row[2] for row in rows)
    if differs:
        assert any(row[0].startswith(differs) and row[1] != row[2] for row in rows), rows
    assert Hand.objects.filter(match=match).count() == 1


# Issue 32, item 6: two phones entering the same leaster. A phone running the form's
# script leaves out of its post what "Nobody picked" has nothing to say about (partner,
# points, flags); one without it sends them blank or 0. What the hand means is the same.
LEASTER_BY_SCRIPT = {"number": 1, "picker": "nobody", "leaster_winner": "2"}
LEASTER_WITHOUT_SCRIPT = {**sh(1, "nobody", points=0), "leaster_winner": "2"}


@pytest.mark.django_db
class TestTwoPhonesOneLeaster:
    def url(self, match):
        return f"/matches/{match.pk}/hands/"

    @pytest.mark.parametrize("headers", [HTMX, {}], ids=["htmx", "plain"])
    @pytest.mark.parametrize(
        ("first", "second"),
        [
            (LEASTER_BY_SCRIPT, LEASTER_WITHOUT_SCRIPT),
            (LEASTER_WITHOUT_SCRIPT, LEASTER_BY_SCRIPT),
            (LEASTER_BY_SCRIPT, LEASTER_BY_SCRIPT),
        ],
        ids=["script-then-plain", "plain-then-script", "both-by-script"],
    )
    def test_the_same_leaster_is_the_same(self, client_of, owner, headers, first, second):
        match = sheep(owner, all_pass="leaster")
        client = client_of(owner)
        assert client.post(self.url(match), first).status_code == 302
        response = client.post(self.url(match), second, **headers)
        assert response.status_code == 409
        page = response.content.decode()
        assert STALE in page and "Yours says the same: nothing to do." in page
        rows = compared(page)
        assert all(row[1] == row[2] for row in rows), rows
        assert ["Leaster won by (when nobody picked)", "Cy", "Cy"] in rows
        assert "Correct hand 1" not in page and "≠" not in page
        assert Hand.objects.get(match=match).input == {"picker": None, "leaster_winner": 2}

    def test_two_different_leasters_are_told_apart(self, client_of, owner):
        match = sheep(owner, all_pass="leaster")
        client = client_of(owner)
        assert client.post(self.url(match), LEASTER_BY_SCRIPT).status_code == 302
        response = client.post(self.url(match), {**LEASTER_WITHOUT_SCRIPT, "leaster_winner": "3"})
        assert response.status_code == 409
        page = response.content.decode()
        assert "Yours was not saved." in page and "Correct hand 1" in page
        differing = [row for row in compared(page) if row[1] != row[2]]
        # Only the winner differs: the blank partner and points of one form are no news.
        assert differing == [["Leaster won by (when nobody picked)", "Cy", "Dan"]]
        assert Hand.objects.get(match=match).input == {"picker": None, "leaster_winner": 2}

    def test_a_leaster_beside_a_picked_hand_differs(self, client_of, owner):
        match = sheep(owner, all_pass="leaster")
        client = client_of(owner)
        assert client.post(self.url(match), sh(1, 1, 3, 95)).status_code == 302
        response = client.post(self.url(match), LEASTER_BY_SCRIPT, **HTMX)
        assert response.status_code == 409
        rows = compared(response.content.decode())
        assert ["Picker", "Ben", "Nobody picked"] in rows
        assert any(row[0].startswith("The picker side") and row[1] != row[2] for row in rows)

    def test_the_same_leaster_in_german(self, client_of, owner):
        match = sheep(owner, all_pass="leaster")
        client = client_of(owner)
        assert client.post(self.url(match), LEASTER_BY_SCRIPT).status_code == 302
        response = client.post(
            self.url(match), LEASTER_WITHOUT_SCRIPT, HTTP_ACCEPT_LANGUAGE="de", **HTMX
        )
        page = response.content.decode()
        assert "Spiel 1 wurde gerade von jemand anderem eingetragen." in page
        assert "Ihre Eingabe sagt dasselbe: nichts zu tun." in page
