"""The scorer link (issue 20, item 4): the owner (or an organiser) hands the table a link,
``/k/<token>/``, with a QR code; whoever holds it records, corrects and undoes that match
and nothing else, without an account; a new link retires the old; the audit names its
writes "scorer link". The API's ``POST /api/matches/{id}/scorer`` makes it, and its
token as a Bearer writes that match's hands alone."""

import pytest
from django.test import Client

from matches.models import AuditEntry, Hand, Match
from matches.services import play
from tests.api_support import bearer, send
from tests.factories import HTMX, game_match

THREE = ("Ann", "Ben", "Cy")
HAND1 = {"tricks": [9, 4, 3], "trump": "hearts"}
FORM1 = {"number": 1, "trump": "hearts", "tricks_0": 9, "tricks_1": 4, "tricks_2": 3}
FORM2 = {"number": 2, "trump": "spades", "tricks_0": 3, "tricks_1": 8, "tricks_2": 5}


def three(owner, hands=()):
    return game_match(owner, "sergeant-major", "8-5-3", THREE, hands)


def linked(owner, hands=()):
    match = three(owner, hands)
    return play.new_scorer_link(match, by=owner)


def links_page(match):
    return f"/matches/{match.pk}/links/"


@pytest.mark.django_db
class TestTheOwnersLinksPage:
    def test_the_owner_sees_both_links_with_qr_codes_and_copy_buttons(self, client_of, owner):
        match = linked(owner)
        page = client_of(owner).get(links_page(match)).content.decode()
        assert f"/s/{match.share_token}/" in page and f"/k/{match.scorer_token}/" in page
        assert page.count('class="qr"') == 2
        assert page.count("data-copy=") == 2

    def test_the_match_page_links_to_it(self, client_of, owner):
        match = three(owner)
        page = client_of(owner).get(f"/matches/{match.pk}/").content.decode()
        assert links_page(match) in page

    @pytest.mark.parametrize("headers", [HTMX, {}], ids=["htmx", "plain"])
    def test_making_and_replacing_the_link(self, client_of, owner, headers):
        match = three(owner)
        client = client_of(owner)
        page = client.get(links_page(match)).content.decode()
        assert "/k/" not in page and "Make a scorer link" in page
        made = client.post(links_page(match), {"reason": ""}, **headers)
        assert made.status_code == 200 if headers else made.status_code == 302
        first = Match.objects.get(pk=match.pk).scorer_token
        assert first and Client().get(f"/k/{first}/").status_code == 200
        client.post(links_page(match), {"reason": "a guest took it home"}, **headers)
        second = Match.objects.get(pk=match.pk).scorer_token
        assert second != first
        assert Client().get(f"/k/{first}/").status_code == 404
        assert Client().get(f"/k/{second}/").status_code == 200
        made = AuditEntry.objects.filter(match=match, action="scorer").order_by("pk")
        assert [entry.reason for entry in made] == ["", "a guest took it home"]
        assert all(second not in str(entry.reason) for entry in made)

    def test_an_organiser_may_make_it(self, client_of, owner, organiser):
        match = three(owner)
        assert client_of(organiser).post(links_page(match)).status_code == 302
        assert Match.objects.get(pk=match.pk).scorer_token

    def test_another_account_may_not(self, client_of, owner, other):
        match = three(owner)
        assert client_of(other).get(links_page(match)).status_code == 403
        assert client_of(other).post(links_page(match)).status_code == 403
        assert Match.objects.get(pk=match.pk).scorer_token is None

    def test_nobody_is_sent_to_log_in(self, owner):
        match = three(owner)
        response = Client().post(links_page(match))
        assert response.status_code == 302 and "/login" in response["Location"]
        assert Match.objects.get(pk=match.pk).scorer_token is None

    def test_a_wrong_method(self, client_of, owner):
        match = three(owner)
        assert client_of(owner).put(links_page(match)).status_code == 405

    @pytest.mark.parametrize("headers", [HTMX, {}], ids=["htmx", "plain"])
    def test_a_reason_too_long_is_refused_and_nothing_written(self, client_of, owner, headers):
        match = three(owner)
        response = client_of(owner).post(links_page(match), {"reason": "x" * 500}, **headers)
        assert response.status_code == 422
        assert "Reason" in response.content.decode()
        assert Match.objects.get(pk=match.pk).scorer_token is None

    def test_in_german(self, client_of, owner):
        match = linked(owner)
        page = client_of(owner).get(links_page(match), HTTP_ACCEPT_LANGUAGE="de")
        assert "Zähl-Link" in page.content.decode()


@pytest.mark.django_db
class TestTheScorerLink:
    @pytest.mark.parametrize("headers", [HTMX, {}], ids=["htmx", "plain"])
    def test_it_records_corrects_and_undoes_without_an_account(self, owner, headers):
        match = linked(owner, [HAND1])
        token = match.scorer_token
        table = Client()
        page = table.get(f"/k/{token}/").content.decode()
        assert f'action="/k/{token}/hands/"' in page or f'hx-post="/k/{token}/hands/"' in page
        # None of the owner's links.
        assert "/history/" not in page and "/share/" not in page and "/links/" not in page
        response = table.post(f"/k/{token}/hands/", FORM2, **headers)
        assert response.status_code in (200, 302)
        assert Hand.objects.filter(match=match).count() == 2
        fixed = {**FORM1, "version": 1, "tricks_0": 8, "tricks_1": 5, "reason": "typo"}
        assert table.post(f"/k/{token}/hands/1/", fixed, **headers).status_code in (200, 302)
        assert Hand.objects.get(match=match, number=1).input["tricks"] == [8, 5, 3]
        undone = table.post(f"/k/{token}/hands/2/undo/", {"reason": ""}, **headers)
        assert undone.status_code in (200, 302)
        assert Hand.objects.filter(match=match).count() == 1
        names = set(
            AuditEntry.objects.filter(match=match)
            .exclude(action__in=["create", "scorer"])
            .exclude(number=1, action="record")
            .values_list("by_name", flat=True)
        )
        assert names == {"scorer:link"}

    def test_the_audit_trail_says_scorer_link(self, client_of, owner):
        match = linked(owner)
        Client().post(f"/k/{match.scorer_token}/hands/", FORM1)
        page = client_of(owner).get(f"/matches/{match.pk}/history/").content.decode()
        assert "scorer link" in page
        german = client_of(owner).get(f"/matches/{match.pk}/history/", HTTP_ACCEPT_LANGUAGE="de")
        assert "Zähl-Link" in german.content.decode()

    def test_a_link_never_made_or_replaced_is_404(self, owner):
        match = linked(owner)
        old = match.scorer_token
        play.new_scorer_link(match, by=owner)
        assert Client().post(f"/k/{old}/hands/", FORM1).status_code == 404
        assert Client().get("/k/AAAAAAAAAAAAAAAAAAAAAA/").status_code == 404
        assert Hand.objects.filter(match=match).count() == 0

    def test_a_wrong_method(self, owner):
        match = linked(owner)
        assert Client().get(f"/k/{match.scorer_token}/hands/").status_code == 405
        assert Client().post(f"/k/{match.scorer_token}/").status_code == 405

    @pytest.mark.parametrize("headers", [HTMX, {}], ids=["htmx", "plain"])
    def test_bad_figures_are_refused_and_nothing_written(self, owner, headers):
        match = linked(owner)
        bad = {**FORM1, "tricks_0": 20}
        response = Client().post(f"/k/{match.scorer_token}/hands/", bad, **headers)
        assert response.status_code == 422
        assert Hand.objects.filter(match=match).count() == 0

    def test_a_tournaments_match_has_none(self, organiser):
        from matches.errors import Invalid
        from tests.factories import tournament

        t = tournament(organiser)
        match = game_match(organiser, "sergeant-major", "8-5-3", THREE)
        Match.objects.filter(pk=match.pk).update(tournament=t)
        match.refresh_from_db()
        with pytest.raises(Invalid):
            play.new_scorer_link(match, by=organiser)


@pytest.mark.django_db
class TestTheApi:
    def url(self, match):
        return f"/api/matches/{match.pk}/scorer"

    def test_the_owner_makes_and_replaces_it(self, client_of, owner):
        match = three(owner)
        made = send(client_of(owner), "post", self.url(match), {})
        assert made.status_code == 201
        body = made.json()
        assert set(body) >= {"token", "url"} and body["url"].endswith(f"/k/{body['token']}/")
        again = send(client_of(owner), "post", self.url(match), {"reason": "lost"})
        assert again.status_code == 201 and again.json()["token"] != body["token"]
        record = {"number": 1, **HAND1}
        old = send(
            Client(),
            "post",
            f"/api/matches/{match.pk}/hands",
            record,
            headers=bearer(body["token"]),
        )
        assert old.status_code == 401
        new = send(
            Client(),
            "post",
            f"/api/matches/{match.pk}/hands",
            record,
            headers=bearer(again.json()["token"]),
        )
        assert new.status_code == 201, new.content
        assert Hand.objects.get(match=match).input == HAND1

    def test_its_token_writes_that_match_alone(self, owner):
        match = linked(owner)
        elsewhere = three(owner)
        key = bearer(match.scorer_token)
        record = {"number": 1, **HAND1}
        other = send(Client(), "post", f"/api/matches/{elsewhere.pk}/hands", record, headers=key)
        assert other.status_code == 403
        for method, url in [
            ("post", f"/api/matches/{match.pk}/scorer"),
            ("post", f"/api/matches/{match.pk}/share"),
            ("get", f"/api/matches/{match.pk}/share"),
            ("post", f"/api/matches/{match.pk}/archive"),
            ("delete", f"/api/matches/{match.pk}"),
            ("post", "/api/matches"),
        ]:
            answer = send(Client(), method, url, {}, headers=key)
            assert answer.status_code in (401, 403), (method, url, answer.status_code)
        assert Match.objects.filter(pk=match.pk).exists()

    def test_another_account_nobody_and_a_wrong_method(self, client_of, owner, other):
        match = three(owner)
        assert send(client_of(other), "post", self.url(match), {}).status_code == 403
        assert send(Client(), "post", self.url(match), {}).status_code == 401
        assert send(client_of(owner), "get", self.url(match)).status_code == 405
        assert Match.objects.get(pk=match.pk).scorer_token is None

    def test_bad_input(self, client_of, owner):
        match = three(owner)
        answer = send(client_of(owner), "post", self.url(match), {"reason": 5})
        assert answer.status_code in (400, 422)
        assert answer.json()["message"]
        assert Match.objects.get(pk=match.pk).scorer_token is None


# -- a scorer link reaches nothing else (as the table links' walk, test_table_link) ------


@pytest.mark.django_db
def test_a_scorer_token_is_refused_on_every_other_address(client, owner, other, organiser):
    """Every route of the site, filled in with another match's id (the same owner's, so
    that only the link could let it through), asked by a client that opened the scorer
    link's page first (its session and cookies), with the token as a bearer token and as
    ``?share=``/``?key=``: nothing is readable but what anyone may read, nothing written."""
    from tests.api_support import writes
    from tests.factories import tournament
    from tests.routes import assert_refused, assert_refused_everywhere

    match = linked(owner, [HAND1])
    elsewhere = three(owner, [HAND1])
    t = tournament(organiser)
    assert client.get(f"/k/{match.scorer_token}/").status_code == 200
    values = {
        "tournament_id": t.pk,
        "series_id": 1,
        "match_id": elsewhere.pk,
        "number": 1,
        "table": 1,
        "entry_id": 1,
        "player_id": 1,
        "token_id": 1,
        "token": "x" * 27,  # no link at all: the scorer token says nothing about others
    }
    before = writes()
    token = match.scorer_token
    checked = assert_refused_everywhere(client, token, values)
    # Its own match, by id: read (the API's state), never the owner's pages or links.
    for method, path in [
        ("get", f"/matches/{match.pk}/"),
        ("get", f"/matches/{match.pk}/history/"),
        ("post", f"/matches/{match.pk}/links/"),
        ("post", f"/matches/{match.pk}/share/"),
        ("post", f"/matches/{match.pk}/stop/"),
        ("post", f"/matches/{match.pk}/hands/"),
        ("post", f"/api/matches/{match.pk}/share"),
        ("post", f"/api/matches/{match.pk}/stop"),
        ("post", f"/api/matches/{match.pk}/scorer"),
    ]:
        assert_refused(client, method, f"{path}?share={token}", token)
        checked += 1
    assert checked > 60
    assert writes() == before


def test_its_token_stays_out_of_the_logs():
    from matches.logs import redact

    assert redact("GET /k/AbCdEfGhIjKlMnOpQrStUv/hands/ 200") == "GET /k/…/hands/ 200"


@pytest.mark.django_db
def test_its_pages_are_kept_by_no_cache(client_of, owner):
    match = linked(owner)
    for page in (
        Client().get(f"/k/{match.scorer_token}/"),
        client_of(owner).get(links_page(match)),
    ):
        assert "no-store" in page["Cache-Control"] and "private" in page["Cache-Control"]


@pytest.mark.django_db
@pytest.mark.parametrize("write", ["record", "correct", "undo"])
def test_a_link_replaced_after_the_check_writes_nothing(owner, write):
    """The page checked the link, then the owner replaced it before the write's
    transaction: the write asks again under the match's lock."""
    from matches.errors import NotFound
    from matches.models.audit import Actor

    match = linked(owner, [HAND1])
    by = Actor.scorer(match.scorer_token)
    play.new_scorer_link(match, by=owner)
    calls = {
        "record": lambda: play.record_hand(
            match, 2, {"tricks": [3, 8, 5], "trump": "spades"}, by=by
        ),
        "correct": lambda: play.correct_hand(
            match, 1, {"tricks": [8, 5, 3], "trump": "hearts"}, version=1, by=by
        ),
        "undo": lambda: play.undo_last_hand(match, 1, by=by),
    }
    with pytest.raises(NotFound, match="replaced"):
        calls[write]()
    assert list(Hand.objects.filter(match=match).values_list("input", flat=True)) == [HAND1]
