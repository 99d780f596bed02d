"""Two phones, different entries (issue 20, item 2): the phone whose hand was recorded
first by another is shown both entries and one tap to each choice: correct the recorded
hand to its own entry (the correction form filled in with its figures and a reason it may
change), or keep the recorded one. Nothing is written before the table says so."""

import re
from html import unescape
from urllib.parse import parse_qs, urlsplit

import pytest
from django.test import Client
from django.urls import reverse

from matches.models import AuditEntry, Hand
from matches.services import play
from tests.factories import HTMX, game_match
from tests.play.phones import first_hand

THREE = ("Ann", "Ben", "Cy")
RECORDED = {"tricks": [9, 4, 3], "trump": "hearts"}
MINE = {"number": 1, "trump": "spades", "tricks_0": 8, "tricks_1": 5, "tricks_2": 3}


def three(owner):
    return game_match(owner, "sergeant-major", "8-5-3", THREE, [RECORDED])


def choices(page: str) -> dict[str, str]:
    """The both-entries screen's two links, by their words."""
    paragraph = re.search(r'<p class="both-choices[^"]*">(.*?)</p>', page, re.S)
    assert paragraph, "no choices on the both-entries screen"
    links = re.findall(r'<a [^>]*href="([^"]*)"[^>]*>(.*?)</a>', paragraph.group(1), re.S)
    return {words.strip(): unescape(href) for href, words in links}


def field_value(page: str, name: str) -> str | None:
    tag = re.search(rf'<input[^>]*name="{name}"[^>]*>', page)
    if not tag:
        return None
    value = re.search(r'value="([^"]*)"', tag.group(0))
    return value.group(1) if value else ""


def checked(page: str, name: str) -> list[str]:
    tags = re.findall(rf'<input[^>]*name="{name}"[^>]*>', page)
    return [re.search(r'value="([^"]*)"', t).group(1) for t in tags if " checked" in t]


@pytest.mark.django_db
class TestTheMatchPage:
    @pytest.mark.parametrize("headers", [HTMX, {}], ids=["htmx", "plain"])
    def test_both_entries_offer_to_correct_to_mine_or_keep_the_recorded(
        self, client_of, owner, headers
    ):
        match = three(owner)
        page = client_of(owner).post(f"/matches/{match.pk}/hands/", MINE, **headers)
        assert page.status_code == 409
        links = choices(page.content.decode())
        assert set(links) == {"Correct hand 1 to yours", "Keep the recorded one"}
        correct = urlsplit(links["Correct hand 1 to yours"])
        assert correct.path == f"/matches/{match.pk}/hands/1/"
        query = parse_qs(correct.query)
        assert query["trump"] == ["spades"] and query["tricks_0"] == ["8"]
        assert "csrfmiddlewaretoken" not in query and "number" not in query
        assert links["Keep the recorded one"] == f"/matches/{match.pk}/#now"
        assert AuditEntry.objects.filter(match=match).count() == 2  # create, record 1
        assert Hand.objects.get(match=match).input == RECORDED

    @pytest.mark.parametrize("headers", [HTMX, {}], ids=["htmx", "plain"])
    def test_one_tap_opens_the_correction_with_my_figures_and_a_reason(
        self, client_of, owner, headers
    ):
        match = three(owner)
        client = client_of(owner)
        page = client.post(f"/matches/{match.pk}/hands/", MINE, **HTMX).content.decode()
        form = client.get(choices(page)["Correct hand 1 to yours"], **headers)
        assert form.status_code == 200
        html = form.content.decode()
        assert field_value(html, "tricks_0") == "8" and field_value(html, "tricks_1") == "5"
        assert checked(html, "trump") == ["spades"]
        assert field_value(html, "reason") == "Entered on a second phone"
        assert field_value(html, "version") == "1"
        # Nothing written by opening it.
        assert Hand.objects.get(match=match).input == RECORDED

    def test_saving_it_corrects_the_recorded_hand_with_that_reason(self, client_of, owner):
        match = three(owner)
        client = client_of(owner)
        page = client.post(f"/matches/{match.pk}/hands/", MINE, **HTMX).content.decode()
        html = client.get(choices(page)["Correct hand 1 to yours"]).content.decode()
        posted = {
            "number": 1,
            "version": field_value(html, "version"),
            "trump": checked(html, "trump")[0],
            "reason": field_value(html, "reason"),
            **{f"tricks_{s}": field_value(html, f"tricks_{s}") for s in range(3)},
        }
        response = client.post(f"/matches/{match.pk}/hands/1/", posted)
        assert response.status_code == 302
        assert Hand.objects.get(match=match).input == {"tricks": [8, 5, 3], "trump": "spades"}
        entry = AuditEntry.objects.filter(match=match, action="correct").get()
        assert entry.reason == "Entered on a second phone"

    def test_in_german(self, client_of, owner):
        match = three(owner)
        client = client_of(owner)
        headers = {**HTMX, "HTTP_ACCEPT_LANGUAGE": "de"}
        page = client.post(f"/matches/{match.pk}/hands/", MINE, **headers).content.decode()
        links = choices(page)
        assert set(links) == {"Spiel 1 auf Ihre Eingabe korrigieren", "Die gespeicherte behalten"}
        html = client.get(links["Spiel 1 auf Ihre Eingabe korrigieren"], **headers)
        assert field_value(html.content.decode(), "reason") == "Auf einem zweiten Handy eingegeben"

    def test_the_same_entry_offers_no_choice(self, client_of, owner):
        match = three(owner)
        same = {"number": 1, "trump": "hearts", "tricks_0": 9, "tricks_1": 4, "tricks_2": 3}
        page = client_of(owner).post(f"/matches/{match.pk}/hands/", same, **HTMX)
        assert "both-choices" not in page.content.decode()

    def test_a_correction_link_without_the_mark_shows_the_recorded_hand(self, client_of, owner):
        match = three(owner)
        html = client_of(owner).get(f"/matches/{match.pk}/hands/1/?trump=spades&tricks_0=8")
        page = html.content.decode()
        assert field_value(page, "tricks_0") == "9" and checked(page, "trump") == ["hearts"]
        assert field_value(page, "reason") in ("", None)

    def test_bad_figures_in_the_link_show_on_the_form_and_write_nothing(self, client_of, owner):
        match = three(owner)
        url = f"/matches/{match.pk}/hands/1/?second_entry=1&trump=joker&tricks_0=x"
        response = client_of(owner).get(url)
        assert response.status_code == 200
        assert Hand.objects.get(match=match).input == RECORDED

    def test_another_account_and_nobody_may_not_open_it(self, client_of, owner, other):
        match = three(owner)
        url = f"/matches/{match.pk}/hands/1/?second_entry=1&trump=spades&tricks_0=8"
        assert client_of(other).get(url).status_code in (403, 404)
        anonymous = Client().get(url)
        assert anonymous.status_code == 302 and "/login" in anonymous["Location"]

    def test_the_links_are_not_for_a_wrong_method(self, client_of, owner):
        match = three(owner)
        response = client_of(owner).put(f"/matches/{match.pk}/hands/1/?second_entry=1")
        assert response.status_code == 405


@pytest.mark.django_db
def test_a_table_link_corrects_through_the_link(client, sitter_table):
    match, recorded, mine = first_hand(sitter_table)
    play.record_hand(match, 1, {"tricks": recorded, "trump": "hearts"}, by="phone A")
    data = {"number": 1, "trump": "hearts", **{f"tricks_{s}": n for s, n in enumerate(mine)}}
    url = reverse("tournaments:table_record", args=[sitter_table.token])
    page = client.post(url, data, **HTMX).content.decode()
    links = choices(page)
    correct = links["Correct hand 1 to yours"]
    assert correct.startswith(f"/t/{sitter_table.token}/hands/1/?second_entry=1")
    assert links["Keep the recorded one"] == f"/t/{sitter_table.token}/#now"
    html = client.get(correct).content.decode()
    assert field_value(html, "reason") == "Entered on a second phone"
    assert [field_value(html, f"tricks_{s}") for s in range(4)] == [str(n) for n in mine]
