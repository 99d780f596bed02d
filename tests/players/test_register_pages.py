"""The register's pages (/players/), for organisers: who may, the wrong method, bad input
(a clear message, nothing written), htmx partials and plain pages."""

import pytest
from django.utils import timezone

from matches.models import Player, Seat
from matches.models.players import keys
from matches.services import players as register
from tests.factories import HTMX, sm_hand, text
from tests.players.support import player_of, written


def pages(player):
    """Every page of the register, with what a GET shows and what a POST would do."""
    return {
        "list": "/players/",
        "new": "/players/new/",
        "player": f"/players/{player.pk}/",
        "edit": f"/players/{player.pk}/edit/",
        "deactivate": f"/players/{player.pk}/deactivate/",
        "merge": f"/players/{player.pk}/merge/",
    }


POSTS = ["new", "edit", "deactivate", "reactivate", "merge"]


def post_url(player, name):
    return "/players/new/" if name == "new" else f"/players/{player.pk}/{name}/"


GOOD_POST = {
    "new": {"name": "Zed"},
    "edit": {"name": "Anna", "email": "", "member_no": "", "active": "on"},
    "deactivate": {},
    "reactivate": {},
    "merge": {"into": "0"},  # replaced by a real id below
}


# -- who may ------------------------------------------------------------------------------


class TestWhoMay:
    @pytest.mark.parametrize("page", ["list", "new", "player", "edit", "deactivate", "merge"])
    def test_anonymous_visitors_go_to_the_login_page(self, client, ann, page):
        url = pages(ann)[page]
        response = client.get(url)
        assert response.status_code == 302
        assert response["Location"].startswith("/accounts/login/?next=")

    @pytest.mark.parametrize("page", POSTS)
    def test_anonymous_posts_write_nothing(self, client, ann, annie, page):
        before = written()
        data = {**GOOD_POST[page], "into": str(annie.pk)} if page == "merge" else GOOD_POST[page]
        response = client.post(post_url(ann, page), data)
        assert response.status_code == 302
        assert response["Location"].startswith("/accounts/login/")
        assert written() == before

    @pytest.mark.parametrize("page", ["list", "new", "player", "edit", "deactivate", "merge"])
    def test_players_who_are_not_organisers_are_refused(self, client_of, owner, ann, page):
        response = client_of(owner).get(pages(ann)[page])
        assert response.status_code == 403
        assert "Ann" not in text(response)

    @pytest.mark.parametrize("page", POSTS)
    def test_posts_of_players_who_are_not_organisers_write_nothing(
        self, client_of, owner, ann, annie, page
    ):
        before = written()
        data = {**GOOD_POST[page], "into": str(annie.pk)} if page == "merge" else GOOD_POST[page]
        response = client_of(owner).post(post_url(ann, page), data, **HTMX)
        assert response.status_code == 403
        assert written() == before

    def test_a_deactivated_organiser_account_is_refused(self, client_of, organiser, ann):
        client = client_of(organiser)
        organiser.is_active = False
        organiser.save()
        response = client.get("/players/")
        assert response.status_code == 302  # logged out: the session no longer counts

    def test_the_nav_links_organisers_to_the_register(self, client_of, organiser, owner):
        page = client_of(organiser).get("/").content.decode()
        assert 'href="/players/"' in page
        page = client_of(owner).get("/").content.decode()
        assert 'href="/players/"' not in page

    @pytest.mark.parametrize(
        "method, url",
        [
            ("post", "/players/"),
            ("put", "/players/new/"),
            ("post", "/players/{ann}/"),
            ("delete", "/players/{ann}/edit/"),
            ("get", "/players/{ann}/reactivate/"),
            ("put", "/players/{ann}/merge/"),
        ],
    )
    def test_the_wrong_method_is_405_and_writes_nothing(
        self, client_of, organiser, ann, method, url
    ):
        before = written()
        response = getattr(client_of(organiser), method)(url.format(ann=ann.pk))
        assert response.status_code == 405
        assert written() == before

    @pytest.mark.parametrize("tail", ["", "edit/", "deactivate/", "merge/", "merge/?into=1"])
    def test_a_player_that_does_not_exist_is_404(self, client_of, organiser, tail):
        response = client_of(organiser).get(f"/players/98765/{tail}")
        assert response.status_code == 404


# -- the list -----------------------------------------------------------------------------


class TestList:
    @pytest.fixture
    def club(self, organiser, ann, annie):
        gone = register.create_player(name="Bernd", by=organiser)
        register.deactivate_player(gone, by=organiser)

    def test_it_lists_the_active_players_with_their_matches(self, client_of, organiser, club):
        response = client_of(organiser).get("/players/")
        assert response.status_code == 200
        page = text(response)
        assert "Ann No. 17 · 0 matches" in page
        assert "Annie casual 1 match" in page
        assert "Dora casual 1 match" in page
        assert "Bernd" not in page
        assert b"<html" in response.content

    def test_it_searches_as_the_organiser_types(self, client_of, organiser, club):
        response = client_of(organiser).get("/players/?q=ANN&show=active", **HTMX)
        assert response.status_code == 200
        assert response.content.lstrip().startswith(b'<section id="results"')
        assert b"<html" not in response.content
        page = text(response)
        assert "Ann" in page and "Annie" in page and "Dora" not in page

    def test_the_search_works_without_javascript(self, client_of, organiser, club):
        response = client_of(organiser).get("/players/", {"q": "ber", "show": "all"})
        page = text(response)
        assert b"<html" in response.content
        assert "Bernd inactive 0 matches" in page
        assert 'value="ber"' in response.content.decode()

    @pytest.mark.parametrize(
        "show, shown, hidden",
        [
            ("casual", ["Annie", "Dora", "Ed"], ["Ann No.", "Bernd"]),
            ("inactive", ["Bernd"], ["Annie", "Dora"]),
            ("all", ["Ann No.", "Annie", "Bernd"], []),
            ("nonsense", ["Ann No.", "Annie"], ["Bernd"]),  # the default: active
        ],
    )
    def test_it_filters(self, client_of, organiser, club, show, shown, hidden):
        page = text(client_of(organiser).get("/players/", {"show": show}, **HTMX))
        assert all(name in page for name in shown)
        assert not any(name in page for name in hidden)

    def test_a_search_that_finds_nobody_offers_to_add_the_name(self, client_of, organiser, club):
        response = client_of(organiser).get("/players/?q=Zed", **HTMX)
        page = text(response)
        assert "No player's name contains “Zed”." in page
        assert "Add “Zed” as a new player" in page
        assert 'href="/players/new/?name=Zed"' in response.content.decode()

    def test_an_empty_register_says_how_it_fills(self, client_of, organiser):
        page = text(client_of(organiser).get("/players/"))
        assert "The register is empty." in page

    def test_it_pages_a_long_register(self, client_of, organiser):
        names = [f"P{n:03}" for n in range(60)]
        Player.objects.bulk_create(Player(name=name, **keys(name)) for name in names)
        client = client_of(organiser)
        first = text(client.get("/players/"))
        assert "P049" in first and "P050" not in first and "Page 1 of 2" in first
        second = text(client.get("/players/?page=2"))
        assert "P050" in second and "P059" in second and "P049" not in second


# -- adding -------------------------------------------------------------------------------


class TestNew:
    def test_it_shows_the_form(self, client_of, organiser):
        response = client_of(organiser).get("/players/new/?name=Zed")
        assert response.status_code == 200
        assert 'value="Zed"' in response.content.decode()
        assert "Add the player" in text(response)

    def test_it_adds_a_player_and_shows_them(self, client_of, organiser):
        client = client_of(organiser)
        response = client.post(
            "/players/new/", {"name": "  Zed  Ray ", "email": "zed@example.org", "member_no": "4"}
        )
        zed = Player.objects.get()
        assert (zed.name, zed.email, zed.member_no, zed.casual) == (
            "Zed Ray",
            "zed@example.org",
            "4",
            False,
        )
        assert response.status_code == 302 and response["Location"] == f"/players/{zed.pk}/"
        page = text(client.get(response["Location"]))
        assert "Zed Ray was added to the register." in page
        assert "otto added Zed Ray." in page

    def test_add_another_comes_back_to_the_form(self, client_of, organiser):
        response = client_of(organiser).post("/players/new/", {"name": "Zed", "another": "1"})
        assert response.status_code == 302 and response["Location"] == "/players/new/"

    def test_under_htmx_it_leaves_the_page(self, client_of, organiser):
        response = client_of(organiser).post("/players/new/", {"name": "Zed"}, **HTMX)
        assert response.status_code == 200
        assert response["HX-Redirect"] == f"/players/{Player.objects.get().pk}/"

    @pytest.mark.parametrize(
        "data, message",
        [
            ({"name": ""}, "Enter a name."),
            ({"name": "ann"}, "There is already a player called Ann."),
            ({"name": "Zed", "email": "zed@"}, "Enter a valid e-mail address."),
            ({"name": "Zed", "member_no": "17"}, "Membership number 17 belongs to Ann already."),
            ({"name": "x" * 41}, "A name can have at most 40 characters."),
            (
                {"name": "Zed\x07"},
                "A name cannot contain the invisible or control character U+0007.",
            ),
        ],
    )
    @pytest.mark.parametrize("htmx", [False, True])
    def test_bad_input_gets_a_message_next_to_the_field_and_writes_nothing(
        self, client_of, organiser, ann, data, message, htmx
    ):
        before = written()
        response = client_of(organiser).post("/players/new/", data, **(HTMX if htmx else {}))
        assert response.status_code == 422
        assert message in text(response)
        assert 'class="error"' in response.content.decode()
        assert (b"<html" in response.content) is not htmx
        assert written() == before

    def test_every_field_at_fault_is_named(self, client_of, organiser, ann):
        response = client_of(organiser).post(
            "/players/new/", {"name": "ANN", "email": "x", "member_no": "17"}
        )
        page = text(response)
        assert "There is already a player called Ann." in page
        assert "Enter a valid e-mail address." in page
        assert "Membership number 17 belongs to Ann already." in page


# -- a player's page ----------------------------------------------------------------------


class TestDetail:
    def test_it_shows_the_player_and_their_matches(self, client_of, organiser, make_match, ann):
        played = make_match(players=("ANN", "Ben", "Cy"), hands=[sm_hand((9, 4, 3))])
        response = client_of(organiser).get(f"/players/{ann.pk}/")
        assert response.status_code == 200
        page = text(response)
        assert "ann@example.org" in page and "17" in page
        # The match: link, date, game, place, total.
        assert f'href="/matches/{played.pk}/"' in response.content.decode()
        # The club's day (the page's time zone, not UTC: after 23:00 UTC it is the next
        # day in Berlin), British English: day first.
        day = timezone.localtime(played.created_at).strftime("%d/%m/%Y")
        assert f"Sergeant Major as “ANN” +1 {day} · place 1 · in progress" in page
        assert "Tournaments No tournaments yet." in page
        assert "otto added Ann." in page

    def test_a_won_match_says_so(self, client_of, organiser, make_match, ann):
        make_match(players=("Ann", "Ben", "Cy"), hands=[sm_hand((12, 2, 2))])
        page = text(client_of(organiser).get(f"/players/{ann.pk}/"))
        assert "Sergeant Major +4" in page and "· won" in page

    def test_a_player_without_matches_has_an_empty_state(self, client_of, organiser, ann):
        page = text(client_of(organiser).get(f"/players/{ann.pk}/"))
        assert "Ann has not played a match yet." in page

    def test_under_htmx_it_gives_the_matches(self, client_of, organiser, annie):
        response = client_of(organiser).get(f"/players/{annie.pk}/", **HTMX)
        assert response.content.lstrip().startswith(b'<section id="matches"')
        assert "Sergeant Major −2" in text(response)

    def test_the_history_reads_as_sentences(self, client_of, organiser, ann):
        register.edit_player(ann, {"name": "Anna", "active": False}, by=organiser)
        page = text(client_of(organiser).get(f"/players/{ann.pk}/"))
        assert "otto edited Anna: name “Ann” → “Anna”; active yes → no." in page
        assert "Reactivate" in page and "inactive" in page


# -- editing ------------------------------------------------------------------------------


class TestEdit:
    def test_it_shows_the_form_filled_in(self, client_of, organiser, ann):
        response = client_of(organiser).get(f"/players/{ann.pk}/edit/")
        html = response.content.decode()
        assert response.status_code == 200
        assert 'value="Ann"' in html and 'value="ann@example.org"' in html
        assert 'value="17"' in html and "checked" in html

    def test_it_saves_and_goes_back_to_the_player(self, client_of, organiser, ann):
        response = client_of(organiser).post(
            f"/players/{ann.pk}/edit/",
            {"name": "Anna", "email": "", "member_no": "18", "active": "on"},
        )
        assert response.status_code == 302 and response["Location"] == f"/players/{ann.pk}/"
        ann.refresh_from_db()
        assert (ann.name, ann.email, ann.member_no, ann.active) == ("Anna", "", "18", True)

    def test_an_unticked_box_deactivates(self, client_of, organiser, ann):
        client_of(organiser).post(
            f"/players/{ann.pk}/edit/", {"name": "Ann", "email": "", "member_no": "17"}, **HTMX
        )
        ann.refresh_from_db()
        assert not ann.active

    def test_a_casual_player_is_told_an_edit_registers_them(self, client_of, organiser, annie):
        page = text(client_of(organiser).get(f"/players/{annie.pk}/edit/", **HTMX))
        assert "Annie is a casual player" in page

    @pytest.mark.parametrize("htmx", [False, True])
    def test_bad_input_writes_nothing(self, client_of, organiser, ann, annie, htmx):
        before = written()
        response = client_of(organiser).post(
            f"/players/{annie.pk}/edit/",
            {"name": "ANN", "email": "", "member_no": "", "active": "on"},
            **(HTMX if htmx else {}),
        )
        assert response.status_code == 422
        assert "There is already a player called Ann." in text(response)
        assert (b"<html" in response.content) is not htmx
        assert written() == before


# -- active or not ------------------------------------------------------------------------


class TestDeactivate:
    def test_it_asks_first(self, client_of, organiser, annie):
        client = client_of(organiser)
        response = client.get(f"/players/{annie.pk}/deactivate/")
        page = text(response)
        assert "Deactivate Annie?" in page and "(1 match) stays" in page
        assert b"<html" in response.content
        response = client.get(f"/players/{annie.pk}/deactivate/", **HTMX)
        assert response.content.lstrip().startswith(b'<form method="post"')
        annie.refresh_from_db()
        assert annie.active

    @pytest.mark.parametrize("htmx", [False, True])
    def test_it_deactivates_and_reactivates(self, client_of, organiser, annie, htmx):
        client = client_of(organiser)
        extra = HTMX if htmx else {}
        response = client.post(f"/players/{annie.pk}/deactivate/", **extra)
        url = f"/players/{annie.pk}/"
        assert (response["HX-Redirect"] if htmx else response["Location"]) == url
        annie.refresh_from_db()
        assert not annie.active
        page = text(client.get(url))
        assert "Annie is inactive: off the lists, results kept." in page
        assert "otto deactivated Annie." in page
        client.post(f"/players/{annie.pk}/reactivate/", **extra)
        annie.refresh_from_db()
        assert annie.active
        assert "Annie is active again." in text(client.get(url))

    def test_deactivating_twice_says_so_and_writes_nothing(self, client_of, organiser, annie):
        client = client_of(organiser)
        client.post(f"/players/{annie.pk}/deactivate/")
        before = written()
        response = client.post(f"/players/{annie.pk}/deactivate/", follow=True)
        assert "Annie is inactive already." in text(response)
        assert written() == before


# -- merging ------------------------------------------------------------------------------


class TestMerge:
    def test_it_finds_the_other_player_as_the_organiser_types(
        self, client_of, organiser, ann, annie
    ):
        client = client_of(organiser)
        response = client.get(f"/players/{annie.pk}/merge/")
        assert "Type a few letters of the other player's name." in text(response)
        response = client.get(f"/players/{annie.pk}/merge/?q=an", **HTMX)
        assert response.status_code == 200
        assert response.content.lstrip().startswith(b'<section id="candidates"')
        html = response.content.decode()
        assert f'href="/players/{annie.pk}/merge/?into={ann.pk}"' in html
        assert f"into={annie.pk}" not in html  # not with themselves
        page = text(client.get(f"/players/{annie.pk}/merge/?q=zz"))
        assert "No other player's name contains “zz”." in page

    def test_the_confirmation_says_what_will_move(self, client_of, organiser, ann, annie):
        response = client_of(organiser).get(f"/players/{annie.pk}/merge/?into={ann.pk}")
        assert response.status_code == 200
        page = text(response)
        assert "Merge Annie into Ann?" in page
        assert "1 seat in 1 match moves from Annie to Ann: every result is kept." in page
        assert "Yes, merge Annie into Ann" in page
        assert f'href="/players/{ann.pk}/merge/?into={annie.pk}"' in response.content.decode()
        assert Player.objects.filter(pk=annie.pk).exists()

    @pytest.mark.parametrize("htmx", [False, True])
    def test_it_merges_and_keeps_every_result(self, client_of, organiser, ann, annie, htmx):
        seat = Seat.objects.get(player=annie)
        client = client_of(organiser)
        response = client.post(
            f"/players/{annie.pk}/merge/", {"into": ann.pk}, **(HTMX if htmx else {})
        )
        url = f"/players/{ann.pk}/"
        assert (response["HX-Redirect"] if htmx else response["Location"]) == url
        assert not Player.objects.filter(pk=annie.pk).exists()
        seat.refresh_from_db()
        assert (seat.player, seat.name, seat.total) == (ann, "Annie", -2)
        page = text(client.get(url))
        assert "Annie was merged into Ann. 1 seat in 1 match moved." in page
        assert "otto merged Annie into Ann. 1 seat in 1 match moved." in page
        assert "Sergeant Major as “Annie” −2" in page

    @pytest.mark.parametrize("htmx", [False, True])
    def test_two_players_of_one_match_are_refused_naming_it(
        self, client_of, organiser, make_match, htmx
    ):
        match = make_match(players=("Ann", "Annie", "Ben"))
        ann, annie = player_of(match, 0), player_of(match, 1)
        client = client_of(organiser)
        extra = HTMX if htmx else {}
        response = client.get(f"/players/{annie.pk}/merge/?into={ann.pk}", **extra)
        assert response.status_code == 422
        assert f"both sat at match {match.pk}" in text(response)
        assert "Yes, merge" not in text(response)
        before = written()
        response = client.post(f"/players/{annie.pk}/merge/", {"into": ann.pk}, **extra)
        assert response.status_code == 422
        assert f"Annie and Ann both sat at match {match.pk}" in text(response)
        assert (b"<html" in response.content) is not htmx
        assert written() == before

    @pytest.mark.parametrize("into", ["", "abc", "98765", "self"])
    def test_a_bad_choice_is_refused_and_writes_nothing(self, client_of, organiser, annie, into):
        into = str(annie.pk) if into == "self" else into
        before = written()
        response = client_of(organiser).post(f"/players/{annie.pk}/merge/", {"into": into})
        assert response.status_code == 422
        page = text(response)
        assert any(
            message in page
            for message in (
                "Choose the player to merge into.",
                "There is no such player; choose another.",
                "A player cannot be merged with themselves.",
            )
        ), page
        assert written() == before


# -- what the pages cost ------------------------------------------------------------------


def queries(client, url):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured)


def test_the_list_costs_the_same_for_few_or_many_players(client_of, organiser):
    client = client_of(organiser)
    Player.objects.bulk_create(Player(name=f"P{n}", name_key=f"p{n}") for n in range(3))
    few = queries(client, "/players/?show=all")
    Player.objects.bulk_create(Player(name=f"Q{n}", name_key=f"q{n}") for n in range(40))
    assert queries(client, "/players/?show=all") == few


def test_a_players_page_costs_the_same_for_few_or_many_matches(
    client_of, organiser, make_match, ann
):
    client = client_of(organiser)
    make_match(players=("Ann", "Ben", "Cy"))
    few = queries(client, f"/players/{ann.pk}/")
    for _ in range(8):
        make_match(players=("Ann", "Ben", "Cy"), hands=[sm_hand((9, 4, 3))])
    register.edit_player(ann, {"email": ""}, by=organiser)
    assert queries(client, f"/players/{ann.pk}/") == few


def test_htmx_restoring_a_searched_address_gets_the_whole_page(client_of, organiser, ann):
    # The search pushes ?q=... into the address bar; going back to it after the browser's
    # history cache lost it, htmx asks again and must get the page, not the results alone.
    response = client_of(organiser).get(
        "/players/?q=an", HTTP_HX_REQUEST="true", HTTP_HX_HISTORY_RESTORE_REQUEST="true"
    )
    assert b"<html" in response.content
    assert "Search by name" in text(response) and "Ann" in text(response)


def test_the_register_speaks_german(client_of, organiser, ann):
    client = client_of(organiser)
    page = text(client.get("/players/?show=all", HTTP_ACCEPT_LANGUAGE="de"))
    assert "Spieler hinzufügen" in page and "Nach Namen suchen" in page
    assert "Nr. 17 · 0 Partien" in page
    page = text(client.get("/players/?q=zz", HTTP_ACCEPT_LANGUAGE="de"))
    assert "Kein Spielername enthält „zz“." in page
