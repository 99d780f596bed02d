"""Sergeant Major with a sitter (docs/tournaments.md §2) on the pages: the new-match form's
option and fourth name, the hand form with the sitter's field fixed at 0, the steps
before the deal and the history.

Seats: Ann 0, Ben 1, Cy 2, Dee 3, clockwise; Ann deals first, so Dee sits out hand 1.
Figures are worked out by hand as in tests/rules/test_rules_sitter.py."""

import html
import re

import pytest

from matches.models import AuditEntry, Hand, Match
from tests.factories import HTMX, game_match, sm_hand, text

FOUR = ("Ann", "Ben", "Cy", "Dee")
NEW = "/matches/new/"


def new_form(names=FOUR, sitter=True, first_dealer="0", **extra):
    """The new-match form for 8-5-3 as a browser sends it (an unticked box is absent)."""
    data = {"game": "sergeant-major", "variant": "8-5-3", "first_dealer": first_dealer}
    data.update({f"player_{seat}": name for seat, name in enumerate(names)})
    if sitter:
        data["sitter"] = "on"
    data.update(extra)
    return data


def hand_form(number, tricks, trump="hearts"):
    data = {"number": number, "trump": trump}
    data.update({f"tricks_{seat}": count for seat, count in enumerate(tricks)})
    return data


def sitter_match(owner, hands=(), variant="8-5-3", **options):
    return game_match(
        owner, "sergeant-major", variant, FOUR, hands, options={"sitter": True, **options}
    )


def page(client, match):
    return client.get(f"/matches/{match.pk}/")


# -- the new-match page ---------------------------------------------------------------------


@pytest.mark.django_db
class TestNewSitterMatch:
    def test_three_player_presets_offer_the_sitter_and_a_fourth_seat(self, client_of, owner):
        response = client_of(owner).get(f"{NEW}?preset=sergeant-major/8-5-3")
        body = response.content.decode()
        assert 'name="sitter"' in body
        assert 'name="player_3"' in body
        assert 'data-shown-with="sitter"' in body
        page_text = text(response)
        assert "each hand the player to the dealer's right sits out (sitter)" in page_text
        assert "Seat 4 (only with a sitter)" in page_text

    def test_four_player_sergeant_major_has_no_sitter(self, client_of, owner):
        body = client_of(owner).get(f"{NEW}?preset=sergeant-major/four-player").content
        assert b'name="sitter"' not in body
        assert b'name="player_4"' not in body
        assert b"data-shown-with" not in body

    def test_other_games_have_no_sitter(self, client_of, owner):
        body = client_of(owner).get(f"{NEW}?preset=sheepshead/standard").content
        assert b'name="sitter"' not in body
        assert b"data-shown-with" not in body

    def test_it_creates_a_sitter_match_with_four_players(self, client_of, owner):
        response = client_of(owner).post(NEW, new_form(first_dealer="3"))
        assert response.status_code == 302
        match = Match.objects.get()
        assert match.names == list(FOUR)
        assert match.options["sitter"] is True
        assert match.first_dealer == 3
        assert AuditEntry.objects.get().after["options"]["sitter"] is True

    def test_the_sitter_needs_no_options_section(self, client_of, owner):
        # The box sits beside the names: it counts even when the options were not sent.
        client_of(owner).post(NEW, new_form())
        assert Match.objects.get().options["sitter"] is True

    def test_the_other_options_still_apply(self, client_of, owner):
        data = new_form(options_shown="1", win_tricks="12", hands_limit="12")
        client_of(owner).post(NEW, data)
        options = Match.objects.get().options
        assert (options["sitter"], options["hands_limit"]) == (True, 12)

    def test_a_draw_picks_any_of_the_four(self, client_of, owner):
        client_of(owner).post(NEW, new_form(first_dealer="draw"))
        assert Match.objects.get().first_dealer in (0, 1, 2, 3)

    def test_without_the_sitter_three_play(self, client_of, owner):
        client_of(owner).post(NEW, new_form(names=FOUR[:3], sitter=False))
        match = Match.objects.get()
        assert match.names == list(FOUR[:3])
        assert match.options["sitter"] is False

    @pytest.mark.parametrize(
        ("data", "message"),
        [
            (new_form(names=FOUR[:3]), "Seat 4 plays too with a sitter: enter a name."),
            (
                new_form(sitter=False),
                "Seat 4 plays only with a sitter: tick it or leave the seat empty.",
            ),
            (
                new_form(names=FOUR[:3], sitter=False, first_dealer="3"),
                "Seat 4 plays only with a sitter.",
            ),
            (new_form(names=("Ann", "Ben", "Cy", "ann")), "sits at the table twice"),
        ],
    )
    def test_it_refuses_a_wrong_fourth_seat_and_writes_nothing(
        self, client_of, owner, data, message
    ):
        for headers in ({}, HTMX):
            response = client_of(owner).post(NEW, data, **headers)
            assert response.status_code == 422
            assert message in text(response)
        assert not Match.objects.exists()
        # The fourth seat is shown with its error (the page hides it only while empty).
        assert 'name="player_3"' in response.content.decode()

    def test_it_requires_login(self, client):
        response = client.post(NEW, new_form())
        assert response.status_code == 302
        assert not Match.objects.exists()


# -- the match page -------------------------------------------------------------------------


@pytest.mark.django_db
class TestSitterMatchPage:
    def test_the_first_hand_says_who_sits_out(self, client_of, owner):
        match = sitter_match(owner)
        response = page(client_of(owner), match)
        shown = text(response)
        assert "Dee sits out this hand: is dealt no cards and scores 0." in shown
        assert "Ann deals 16 cards to each player" in shown
        # The seats: Dee has no target, the three who play have theirs.
        assert "dealer · needs 8" in shown
        assert "eldest · needs 5" in shown
        assert "third · needs 3" in shown
        assert "needs 0" not in shown
        body = response.content.decode()
        seat = body[body.index('<span class="name">Dee</span>') :]
        assert seat[: seat.index("</div>")].count("sits out") == 1

    def test_the_hand_form_fixes_the_sitter_at_0(self, client_of, owner):
        match = sitter_match(owner)
        body = page(client_of(owner), match).content.decode()
        start = body.index('id="record"')
        form = body[start : body.index("</form>", start)]
        dee = form[form.index('name="tricks_3"') - 200 : form.index('name="tricks_3"') + 120]
        assert "disabled" in dee
        assert 'value="0"' in dee
        assert "sits out" in text_of(form)
        # No steppers for Dee, steppers for the others.
        assert "One trick more for Dee" not in form
        assert "One trick more for Cy" in form

    def test_recording_a_hand_scores_the_sitter_0(self, client_of, owner):
        match = sitter_match(owner)
        # A posted value for the sitter is ignored: the field is fixed at 0.
        data = {**hand_form(1, (10, 4, 2)), "tricks_3": "5"}
        response = client_of(owner).post(f"/matches/{match.pk}/hands/", data)
        assert response.status_code == 302
        hand = Hand.objects.get()
        assert hand.input == {"tricks": [10, 4, 2, 0], "trump": "hearts"}
        assert hand.scores == [2, -1, -1, 0]

    def test_after_a_hand_the_previous_dealer_sits_out_and_owes_nothing(self, client_of, owner):
        match = sitter_match(owner, [sm_hand([10, 4, 2, 0])])
        shown = text(page(client_of(owner), match))
        assert "Ann sits out this hand: is dealt no cards and scores 0." in shown
        assert "Ann was +2 in the last hand; sitting out now, Ann passes and receives" in shown
        # Ben −1 and Cy −1: both down, so nothing passes.
        assert "No cards change hands: of the two who played the last hand and play" in shown
        assert "Everyone made their target" not in shown
        # History: Dee sat out hand 1.
        assert "sat out" in shown
        assert "10 of 8" in shown

    def test_the_two_who_remain_settle_the_smaller_count(self, client_of, owner):
        match = sitter_match(owner, [sm_hand([10, 4, 2, 0]), sm_hand([0, 9, 2, 5])])
        shown = text(page(client_of(owner), match))
        # Ben (+1) sits out; Dee +2 and Cy −3 remain: min(2, 3) = 2 cards.
        assert "Ben sits out this hand" in shown
        assert "Dee was 2 up: passes 2 cards face down to Cy (3 down)." in shown
        assert "No cards change hands" not in shown

    def test_htmx_record_answers_the_next_sitter(self, client_of, owner):
        match = sitter_match(owner)
        response = client_of(owner).post(
            f"/matches/{match.pk}/hands/", hand_form(1, (10, 4, 2)), **HTMX
        )
        assert response.status_code == 200
        assert response.content.lstrip().startswith(b'<div id="table"')
        assert "Ann sits out this hand" in text(response)

    def test_a_correction_keeps_the_sitter_fixed(self, client_of, owner):
        match = sitter_match(owner, [sm_hand([10, 4, 2, 0]), sm_hand([0, 9, 2, 5])])
        client = client_of(owner)
        response = client.get(f"/matches/{match.pk}/hands/1/")
        form = response.content.decode()
        dee = form[form.index('name="tricks_3"') - 200 : form.index('name="tricks_3"') + 120]
        assert "disabled" in dee
        hand = Hand.objects.get(number=1)
        data = {**hand_form(1, (8, 5, 3)), "version": hand.version, "reason": "typo"}
        response = client.post(f"/matches/{match.pk}/hands/1/", data)
        assert response.status_code == 302
        match.refresh_from_db()
        # Hand 1 even now; hand 2 as before: Ben +1, Cy −3, Dee +2.
        assert match.totals == [0, 1, -3, 2]

    def test_a_twelve_trick_hand_ends_the_match(self, client_of, owner):
        hands = [sm_hand([10, 4, 2, 0]), sm_hand([0, 9, 2, 5]), sm_hand([3, 0, 12, 1])]
        match = sitter_match(owner, hands)
        shown = text(page(client_of(owner), match))
        assert "Cy wins the match!" in shown

    def test_the_page_in_german(self, client_of, owner):
        match = sitter_match(owner, [sm_hand([10, 4, 2, 0])])
        response = client_of(owner).get(f"/matches/{match.pk}/", HTTP_ACCEPT_LANGUAGE="de")
        shown = text(response)
        assert "Ann setzt in diesem Spiel aus: bekommt keine Karten und 0 Punkte." in shown
        assert "Es werden keine Karten getauscht: Von den beiden" in shown
        assert "setzte aus" in shown  # Dee in hand 1 of the history
        response = client_of(owner).get(
            f"{NEW}?preset=sergeant-major/8-5-3", HTTP_ACCEPT_LANGUAGE="de"
        )
        assert "Platz 4 (nur mit Aussetzer)" in text(response)

    def test_another_user_cannot_record(self, client_of, owner, other):
        match = sitter_match(owner)
        response = client_of(other).post(f"/matches/{match.pk}/hands/", hand_form(1, (10, 4, 2)))
        assert response.status_code in (403, 404)
        assert not Hand.objects.exists()


def text_of(fragment):
    """A piece of a page as a reader sees it (``factories.text`` takes a response)."""
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", fragment)))
