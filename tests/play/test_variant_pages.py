"""The pages for every Sergeant Major variant: creation with options, calls, plucking."""

import re

import pytest

from matches.models import Hand, Match
from matches.services import play as services
from tests.factories import HTMX


def text(response):
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


def new_form(variant, names=("Ann", "Ben", "Cy"), **extra):
    data = {"variant": variant, "first_dealer": "0", "options_shown": "1"}
    data.update({f"player_{seat}": name for seat, name in enumerate(names)})
    data.update(extra)
    return data


def make(owner, variant, players=("Ann", "Ben", "Cy"), hands=(), **kwargs):
    match = services.create_match(
        owner,
        game="sergeant-major",
        variant=variant,
        players=list(players),
        first_dealer=0,
        **kwargs,
    ).match
    for number, hand in enumerate(hands, start=1):
        services.record_hand(match, number, hand, by=owner)
    return match


def hand_form(number, tricks, **extra):
    data = {"number": number, **extra}
    data.update({f"tricks_{seat}": count for seat, count in enumerate(tricks)})
    return data


@pytest.mark.django_db
class TestNewMatchVariants:
    def test_it_lists_every_variant_with_a_rules_card(self, client_of, owner):
        page = text(client_of(owner).get("/matches/new/?variant=9-2-5"))
        for name in ["Points race", "Canadian 9-5-2", "Woburn rules", "Four players"]:
            assert name in page
        assert "Targets: dealer 9, eldest (left of the dealer) 2, third 5." in page
        assert "+15 or −15" in page

    def test_the_rules_card_follows_the_variant_under_htmx(self, client_of, owner):
        response = client_of(owner).get("/matches/new/?variant=four-player", **HTMX)
        assert response.content.lstrip().startswith(b'<div id="new-match-body"')
        assert b"player_3" in response.content
        assert b"the other two 2 each" in response.content

    def test_it_404s_for_an_unknown_variant(self, client_of, owner):
        assert client_of(owner).get("/matches/new/?variant=7-7-2").status_code == 404

    def test_it_creates_a_four_player_match(self, client_of, owner):
        names = ("North", "East", "South", "West")
        response = client_of(owner).post(
            "/matches/new/", new_form("four-player", names, point_limit="10")
        )
        assert response.status_code == 302
        match = Match.objects.get()
        assert (match.variant, match.names) == ("four-player", list(names))

    def test_it_takes_a_point_limit_of_20_for_9_5_2(self, client_of, owner):
        client_of(owner).post("/matches/new/", new_form("9-5-2", point_limit="20"))
        options = Match.objects.get().options
        assert options["point_limit"] == 20
        assert options["kitty_first"] is False  # the box was left unticked

    def test_without_the_options_section_the_defaults_stay(self, client_of, owner):
        data = new_form("9-5-2")
        del data["options_shown"]
        client_of(owner).post("/matches/new/", data)
        options = Match.objects.get().options
        assert (options["point_limit"], options["kitty_first"]) == (10, True)

    def test_it_refuses_a_match_that_cannot_end(self, client_of, owner):
        response = client_of(owner).post("/matches/new/", new_form("9-5-2", point_limit=""))
        assert response.status_code == 422
        assert b"Choose at least one way for the match to end." in response.content
        assert not Match.objects.exists()

    def test_it_refuses_an_impossible_win_tricks(self, client_of, owner):
        response = client_of(owner).post("/matches/new/", new_form("8-5-3", win_tricks="17"))
        assert response.status_code == 422
        assert b"cannot be more than the 16 tricks" in response.content
        assert not Match.objects.exists()

    def test_woburn_takes_the_bid(self, client_of, owner):
        client_of(owner).post("/matches/new/", new_form("woburn", win_tricks="12", bid="11"))
        match = Match.objects.get()
        assert match.setup == {"bid": 11}
        page = text(client_of(owner).get(f"/matches/{match.pk}/"))
        assert "Ann 0 dealer · needs 11" in page
        assert "Ben 0 eldest · needs 3" in page

    def test_it_refuses_a_bid_out_of_the_table(self, client_of, owner):
        response = client_of(owner).post("/matches/new/", new_form("woburn", bid="7"))
        assert response.status_code == 422
        assert not Match.objects.exists()


@pytest.mark.django_db
class TestAlternateCalls:
    def test_it_shows_the_calls_left_and_refuses_a_repeated_call(self, client_of, owner):
        # Ann deals hands 1 and 4.
        hands = [
            {"tricks": [8, 5, 3], "call": "miz"},
            {"tricks": [3, 8, 5], "call": "clubs"},
            {"tricks": [5, 3, 8], "call": "clubs"},
        ]
        match = make(owner, "alternate", hands=hands)
        client = client_of(owner)
        page = text(client.get(f"/matches/{match.pk}/"))
        assert "Calls still to make" in page
        response = client.post(f"/matches/{match.pk}/hands/", hand_form(4, (8, 5, 3), call="miz"))
        assert response.status_code == 422
        assert Hand.objects.filter(match=match).count() == 3

    def test_miz_scores_target_minus_tricks(self, client_of, owner):
        match = make(owner, "alternate")
        client_of(owner).post(f"/matches/{match.pk}/hands/", hand_form(1, (6, 6, 4), call="miz"))
        match.refresh_from_db()
        assert match.totals == [2, -1, -1]


@pytest.mark.django_db
class TestFourPlayerPlucking:
    # Hand 1 dealt by North (5), East eldest (4), South and West 2 each:
    # North 3 (−2), East 3 (−1), South 4 (+2), West 3 (+1): sergeant_major/rules.md §1.6's
    # first example.
    FIRST = {"tricks": [3, 3, 4, 3], "trump": "clubs"}

    def url(self, match):
        return f"/matches/{match.pk}/hands/"

    def test_it_proposes_the_plucking_and_offers_the_editor(self, client_of, owner):
        match = make(owner, "four-player", ("North", "East", "South", "West"), [self.FIRST])
        page = text(client_of(owner).get(f"/matches/{match.pk}/"))
        assert "South was 2 up: passes 1 card face down to North (2 down)." in page
        assert "West was 1 up: passes 1 card face down to North (2 down)." in page
        assert "Plucked differently?" in page

    def test_it_records_an_override(self, client_of, owner):
        match = make(owner, "four-player", ("North", "East", "South", "West"), [self.FIRST])
        data = hand_form(
            2,
            (4, 4, 3, 2),
            trump="hearts",
            pluck_2_0="2",
            pluck_2_1="0",
            pluck_3_0="0",
            pluck_3_1="1",
        )
        response = client_of(owner).post(self.url(match), data)
        assert response.status_code == 302
        assert Hand.objects.get(number=2).input["exchanges"] == [
            {"from": 2, "to": 0, "cards": 2},
            {"from": 3, "to": 1, "cards": 1},
        ]

    def test_a_correction_shows_the_plucking_the_table_did(self, client_of, owner):
        override = [{"from": 2, "to": 0, "cards": 2}, {"from": 3, "to": 1, "cards": 1}]
        second = {"tricks": [4, 4, 3, 2], "trump": "hearts", "exchanges": override}
        match = make(owner, "four-player", ("North", "East", "South", "West"), [self.FIRST, second])
        body = client_of(owner).get(f"/matches/{match.pk}/hands/2/").content.decode()
        for name, cards in (("2_0", 2), ("2_1", 0), ("3_0", 0), ("3_1", 1)):
            assert re.search(rf'name="pluck_{name}" value="{cards}"', body)

    def test_following_the_proposal_records_no_override(self, client_of, owner):
        match = make(owner, "four-player", ("North", "East", "South", "West"), [self.FIRST])
        data = hand_form(
            2,
            (4, 4, 3, 2),
            trump="hearts",
            pluck_2_0="1",
            pluck_2_1="1",
            pluck_3_0="1",
            pluck_3_1="0",
        )
        client_of(owner).post(self.url(match), data)
        assert "exchanges" not in Hand.objects.get(number=2).input

    def test_it_refuses_an_override_that_does_not_settle(self, client_of, owner):
        match = make(owner, "four-player", ("North", "East", "South", "West"), [self.FIRST])
        data = hand_form(
            2,
            (4, 4, 3, 2),
            trump="hearts",
            pluck_2_0="2",
            pluck_2_1="0",
            pluck_3_0="1",
            pluck_3_1="0",
        )
        response = client_of(owner).post(self.url(match), data)
        assert response.status_code == 422
        # Every seat that does not fit is named, with a real minus sign (North receives
        # 3 of the 2 it was down, East none of its 1); South and West pass what they owe.
        page = text(response)
        assert (
            "each seat that was down receives exactly what it was down: North was −2 but "
            "passes 0 and receives 3; East was −1 but passes 0 and receives 0." in page
        )
        assert "South was +2 but" not in page and "West was +1 but" not in page
        assert Hand.objects.filter(match=match).count() == 1
