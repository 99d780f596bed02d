"""What a player reads at the table (issue 9): why the match ended, the tie question only
where a tie can happen, miz as a maximum, the plucking as a proposal, the audit trail in
the game's words, option errors in the form's words, Sieben's sides and tally.

Expected words and figures are worked out by hand in the comments (the games' rules.md); the layout
on a phone is tested in the browser (tests/e2e/test_e2e_phone.py).
"""

import re

import pytest

from matches.models import AuditEntry
from matches.services import play as services
from tests.factories import HTMX, game_match, sh, sheep, sieben, sm_hand, sv, text

THREE = ("Ann", "Ben", "Cy")
FOUR = ("North", "East", "South", "West")
POINTS_3 = {"win_tricks": None, "point_limit": 3}


def sm(owner, hands=(), variant="8-5-3", players=THREE, **options):
    return game_match(owner, "sergeant-major", variant, players, hands, options=options or None)


def page(client, match, **headers):
    return text(client.get(f"/matches/{match.pk}/", **headers))


def german(client, url):
    client.cookies["django_language"] = "de"
    try:
        return text(client.get(url))
    finally:
        del client.cookies["django_language"]


# -- the winner banner says why (item 5) ----------------------------------------------------


@pytest.mark.django_db
class TestWhyTheMatchEnded:
    def test_twelve_tricks(self, client_of, owner):
        # Hand 2: Ben deals and takes 13.
        match = sm(owner, [sm_hand([9, 4, 3]), sm_hand([2, 13, 1])])
        shown = page(client_of(owner), match)
        assert "Ben wins the match! Ben took 13 tricks in hand 2." in shown

    def test_a_total_at_the_limit(self, client_of, owner):
        # Hand 1 (Ann deals 8-5-3): +2, 0, −2; hand 2 (Ben deals 3-8-5): +1, 0, −1.
        match = sm(owner, [sm_hand([10, 5, 1]), sm_hand([4, 8, 4])], **POINTS_3)
        shown = page(client_of(owner), match)
        assert "Ann reached +3 in hand 2; the match was played to +3." in shown
        assert "Tie at" not in shown

    def test_a_tie_broken_by_the_bigger_last_hand_shows_in_banner_and_history(
        self, client_of, owner
    ):
        # Totals (2, 0, −2), then gains +1, +3, −4: Ann and Ben at +3, Ben gained more.
        match = sm(owner, [sm_hand([10, 5, 1]), sm_hand([4, 11, 1])], **POINTS_3)
        response = client_of(owner).get(f"/matches/{match.pk}/")
        why = "Tie at +3 between Ann & Ben in hand 2, broken by the bigger last hand (Ben +3)."
        assert text(response).count(why) == 2  # the banner and the history
        history = response.content.decode().split('id="history"')[1]
        assert re.search(r'<tr class="ending"><td colspan="7">Tie at \+3', history)

    def test_a_tie_broken_by_the_last_trick(self, client_of, owner):
        # Totals (1, 1, −2), then gains +2, +2, −4: equal; Ann took a trick last.
        hands = [sm_hand([9, 6, 1]), sm_hand([5, 10, 1], last_trick=0)]
        match = sm(owner, hands, **POINTS_3)
        shown = page(client_of(owner), match)
        assert "Tie at +3 between Ann & Ben in hand 2, broken by the last trick (Ann)." in shown
        client = client_of(owner)
        assert (
            "Gleichstand bei +3 zwischen Ann & Ben in Spiel 2, entschieden durch den letzten "
            "Stich (Ann)." in german(client, f"/matches/{match.pk}/")
        )

    def test_the_calls_game_after_its_eighteen_calls(self, client_of, owner):
        calls = ("clubs", "spades", "hearts", "diamonds", "no-trumps", "miz")
        hands = [
            {"tricks": [(8, 5, 3)[(s - n % 3) % 3] for s in range(3)], "call": calls[n // 3]}
            for n in range(18)
        ]
        match = sm(owner, hands, variant="alternate")
        shown = page(client_of(owner), match)
        assert "After 18 calls, every call made: the highest total wins." in shown

    def test_sieben_names_the_side_and_its_points(self, client_of, owner):
        # Each round Ann has all 90 counters: 2 points; 12 after six rounds.
        match = sieben(owner, hands=[{"counters": [90, 0], "no_trick": False}] * 6)
        shown = page(client_of(owner), match)
        assert "Ann wins the match! Ann reached 12 points in round 6." in shown

    def test_a_stop_in_rounds_for_sieben_and_in_hands_otherwise(self, client_of, owner):
        rounds = sieben(owner, hands=[{"counters": [60, 30], "no_trick": False}])
        services.stop_match(rounds, by=owner)
        hands = sm(owner, [sm_hand([9, 4, 3])])
        services.stop_match(hands, by=owner)
        client = client_of(owner)
        assert "The table ended the match after 1 round: the highest total wins." in page(
            client, rounds
        )
        assert "The table ended the match after 1 hand: the highest total wins." in page(
            client, hands
        )


# -- the tie question only where a tie can happen (item 6) ------------------------------------


@pytest.mark.django_db
class TestTieQuestion:
    def test_a_points_race_to_ten_does_not_ask_in_the_first_hand(self, client_of, owner):
        match = sm(owner, variant="8-5-3-points")
        body = client_of(owner).get(f"/matches/{match.pk}/").content.decode()
        assert 'name="last_trick"' not in body
        assert "took a trick last" not in body.lower()

    def test_it_asks_only_of_the_seats_that_can_tie(self, client_of, owner):
        # After hand 1 (+1, +1, −2) Ben deals (3, 8, 5): Ann with 5 tricks and Ben with 10
        # both reach +3 with +2; Cy cannot.
        match = sm(owner, [sm_hand([9, 6, 1])], **POINTS_3)
        client = client_of(owner)
        body = client.get(f"/matches/{match.pk}/").content.decode()
        assert "Could Ann &amp; Ben tie at +3? Who took a trick last" in body
        field = re.search(r'<select name="last_trick".*?</select>', body, re.S).group(0)
        assert re.findall(r'<option value="(\d*)"', field) == ["", "0", "1"]
        # A seat that cannot tie is not offered but a post naming it is still judged by
        # the rules, and the tie question comes back with the names.
        response = client.post(
            f"/matches/{match.pk}/hands/",
            {"number": 2, "trump": "hearts", "tricks_0": 5, "tricks_1": 10, "tricks_2": 1},
        )
        assert response.status_code == 422
        assert (
            "Ann &amp; Ben reach +3 with equal totals and equal gains: which of them took a "
            "trick last?" in response.content.decode()
        )

    def test_no_question_without_equal_totals(self, client_of, owner):
        match = sm(owner, [sm_hand([10, 5, 1])], **POINTS_3)
        assert (
            'name="last_trick"'
            not in client_of(owner).get(f"/matches/{match.pk}/").content.decode()
        )


# -- miz: the target is a maximum (item 7) ----------------------------------------------------


@pytest.mark.django_db
class TestMiz:
    # Ann deals and calls miz: targets (8, 5, 3) are maxima; Ann 5 (+3), Ben 5 (0), Cy 6 (−3).
    MIZ = {"tricks": [5, 5, 6], "call": "miz"}

    def test_the_history_says_at_most(self, client_of, owner):
        match = sm(owner, [self.MIZ], variant="alternate")
        shown = page(client_of(owner), match)
        assert "+3 5, at most 8 Σ +3" in shown
        assert "−3 6, at most 3 Σ −3" in shown
        assert "5 of 8" not in shown

    def test_the_form_says_at_most_for_a_miz_hand_and_needs_otherwise(self, client_of, owner):
        match = sm(owner, [self.MIZ], variant="alternate")
        client = client_of(owner)
        correction = client.get(f"/matches/{match.pk}/hands/1/").content.decode()
        assert '<small data-hint-trumps="needs 8" data-hint-miz="at most 8">at most 8</small>' in (
            correction
        )
        # Hand 2: Ben deals and may still call miz; nothing is chosen yet.
        fresh = client.get(f"/matches/{match.pk}/").content.decode()
        assert '<small data-hint-trumps="needs 8" data-hint-miz="at most 8">needs 8</small>' in (
            fresh
        )

    def test_no_miz_words_where_miz_is_not_offered(self, client_of, owner):
        body = client_of(owner).get(f"/matches/{sm(owner).pk}/").content.decode()
        assert "data-hint-miz" not in body and "<small>needs 8</small>" in body


# -- four-player plucking (item 8) ------------------------------------------------------------


@pytest.mark.django_db
class TestPlucking:
    FIRST = {"tricks": [3, 3, 4, 3], "trump": "clubs"}  # North −2, East −1, South +2, West +1

    def test_the_panel_says_proposed_and_how_to_change_it(self, client_of, owner):
        match = sm(owner, [self.FIRST], variant="four-player", players=FOUR)
        body = client_of(owner).get(f"/matches/{match.pk}/").content.decode()
        shown = text(client_of(owner).get(f"/matches/{match.pk}/"))
        assert "After the deal, players pluck cards. Proposed, in this order:" in shown
        assert "The table may pluck otherwise: record what it did under “Plucked differently?”" in (
            shown
        )
        # North receives from South and West: the note on answering them is no pass.
        passes = re.search(r'<ol class="exchanges">(.*?)</ol>', body, re.S).group(1)
        assert passes.count("<li>") == 3
        assert "answers them in order" not in passes
        assert '<p class="note">A player who receives cards from two givers' in body

    def test_an_override_shows_in_the_history(self, client_of, owner):
        override = [{"from": 2, "to": 0, "cards": 2}, {"from": 3, "to": 1, "cards": 1}]
        second = {"tricks": [4, 4, 3, 2], "trump": "hearts", "exchanges": override}
        match = sm(owner, [self.FIRST, second], variant="four-player", players=FOUR)
        shown = page(client_of(owner), match)
        assert "plucked otherwise: South → North 2, West → East 1" in shown
        assert shown.count("plucked otherwise") == 1  # not on hand 1


# -- the new-match page (items 9, 10) ---------------------------------------------------------


@pytest.mark.django_db
class TestNewMatchWords:
    def form(self, variant, **extra):
        data = {"game": "sergeant-major", "variant": variant, "first_dealer": "0"}
        data.update({f"player_{seat}": name for seat, name in enumerate(THREE)})
        return {**data, "options_shown": "1", **extra}

    def test_an_option_error_speaks_the_forms_words(self, client_of, owner):
        client = client_of(owner)
        for headers in ({}, HTMX):
            response = client.post("/matches/new/", self.form("8-5-3", win_tricks="20"), **headers)
            assert response.status_code == 422
            shown = text(response)
            assert (
                "“A player wins at once with this many tricks in one hand” cannot be more than "
                "the 16 tricks in a hand." in shown
            )
            assert "win_tricks" not in shown
        client.cookies["django_language"] = "de"
        response = client.post("/matches/new/", self.form("8-5-3", win_tricks="8"))
        assert "win_tricks" not in text(response)
        assert "muss größer sein als die Hälfte der 16 Stiche eines Spiels." in text(response)

    def test_table_rules_apart_from_how_the_match_ends(self, client_of, owner):
        body = client_of(owner).get("/matches/new/?preset=sheepshead/standard").content.decode()
        ends = re.search(r'<details class="options".*?</details>', body, re.S).group(0)
        rules = re.search(r'<details class="table-rules".*?</details>', body, re.S).group(0)
        assert "How the match ends" in ends and 'name="hands_limit"' in ends
        for name in ("all_pass", "double_on_bump", "cracking"):
            assert f'name="{name}"' in rules and f'name="{name}"' not in ends
        assert "Table rules" in rules and 'name="hands_limit"' not in rules

    def test_sieben_has_its_table_rules_apart_too(self, client_of, owner):
        body = client_of(owner).get("/matches/new/?preset=sieben/two-player").content.decode()
        rules = re.search(r'<details class="table-rules".*?</details>', body, re.S).group(0)
        assert 'name="difference"' in rules and 'name="four_of_a_kind"' in rules
        assert 'name="point_limit"' not in rules


# -- Sieben (item 11) -------------------------------------------------------------------------


@pytest.mark.django_db
class TestSieben:
    def test_the_chart_of_points_starts_at_zero(self, client_of, owner):
        match = sieben(owner, hands=[{"counters": [60, 30], "no_trick": False}] * 2)
        body = client_of(owner).get(f"/matches/{match.pk}/").content.decode()
        axis = re.findall(r'class="axis">([^<]*)<', body)
        assert axis == ["2", "0"]

    def test_the_totals_chart_keeps_its_signs(self, client_of, owner):
        match = sm(owner, [sm_hand([10, 5, 1])])
        body = client_of(owner).get(f"/matches/{match.pk}/").content.decode()
        assert re.findall(r'class="axis">([^<]*)<', body) == ["+2", "−2"]

    def test_the_preview_speaks_of_the_round(self, client_of, owner):
        match = sieben(owner)
        client = client_of(owner)
        shown = page(client, match)
        assert "The result of this round appears here as you fill in the form." in shown
        assert "this hand" not in shown
        response = client.post(
            f"/matches/{match.pk}/preview/", {"number": 1, "counters_0": "many"}, **HTMX
        )
        assert text(response).strip() == "Fill in the round to see its result."

    def test_the_home_list_shows_the_points(self, client_of, owner):
        # Round 1: Ann 60 : 30, 1 point; round 2: Ben 90, Ann took no trick: 3 points.
        rounds = [
            {"counters": [60, 30], "no_trick": False},
            {"counters": [0, 90], "no_trick": True},
        ]
        sieben(owner, hands=rounds)
        shown = text(client_of(owner).get("/"))
        assert "Ann · Ben 1 : 3 points" in shown
        assert "+2" not in shown and "−2" not in shown  # the zero-sum totals


# -- the audit trail (item 4) -----------------------------------------------------------------


@pytest.mark.django_db
class TestAuditTrail:
    def url(self, match):
        return f"/matches/{match.pk}/history/"

    def test_a_correction_reads_as_what_changed(self, client_of, owner):
        match = sm(owner, [sm_hand([9, 4, 3]), sm_hand([2, 8, 6], trump="clubs")])
        services.correct_hand(
            match, 2, sm_hand([2, 7, 7], trump="spades"), version=1, by=owner, reason="miscounted"
        )
        client = client_of(owner)
        shown = text(client.get(self.url(match)))
        assert "corrected hand 2 ann" in shown
        assert "Trumps: Clubs → Spades Tricks: Ben 8 → 7, Cy 6 → 7 Reason: miscounted" in shown
        assert (
            "recorded hand 1 ann" in shown and "Trumps: Hearts Tricks: Ann 9, Ben 4, Cy 3" in shown
        )
        assert (
            "created the match ann" in shown
            and "Game: Sergeant Major Players: Ann, Ben, Cy First dealer: Ann "
            "A player wins at once with this many tricks in one hand: 12"
            in shown
        )
        for raw in ("{", "None", "False", "'tricks'", "win_tricks"):
            assert raw not in shown
        shown = german(client, self.url(match))
        assert "Trumpf: Kreuz → Pik Stiche: Ben 8 → 7, Cy 6 → 7 Grund: miscounted" in shown

    def test_an_undo_shows_the_hand_it_removed(self, client_of, owner):
        match = sm(owner, [sm_hand([9, 4, 3])])
        services.undo_last_hand(match, 1, by=owner)
        shown = text(client_of(owner).get(self.url(match)))
        assert "undid hand 1 ann" in shown
        assert shown.count("Tricks: Ann 9, Ben 4, Cy 3") == 2  # recorded, then undone

    def test_sheepshead_hands_in_its_words(self, client_of, owner):
        match = sheep(owner)
        client = client_of(owner)
        client.post(f"/matches/{match.pk}/hands/", sh(1, 1, 3, 95))
        client.post(f"/matches/{match.pk}/hands/", sh(2, "nobody"))
        services.correct_hand(
            match,
            1,
            {"picker": 1, "partner": None, "points": 120, "all_tricks": True, "no_trick": False},
            version=1,
            by=owner,
        )
        shown = text(client.get(self.url(match)))
        assert "Picker: Ben Partner: Dan Points: 95" in shown
        assert "Picker: nobody picked" in shown
        assert (
            "Partner: Dan → alone Points: 95 → 120 "
            "The picker side took every trick: no → yes" in shown
        )
        assert "The picker side took no trick" not in shown  # never ticked

    def test_sieben_rounds_in_its_words(self, client_of, owner):
        match = sieben(owner, "partners", ("Ann", "Ben", "Cy", "Dan"))
        client = client_of(owner)
        client.post(f"/matches/{match.pk}/hands/", sv(1, 40))
        shown = text(client.get(self.url(match)))
        assert "Counters: Ann & Cy 40, Ben & Dan 50" in shown

    def test_a_plucking_override_in_the_audit(self, client_of, owner):
        override = [{"from": 2, "to": 0, "cards": 2}, {"from": 3, "to": 1, "cards": 1}]
        second = {"tricks": [4, 4, 3, 2], "trump": "hearts", "exchanges": override}
        match = sm(
            owner,
            [TestPlucking.FIRST, second],
            variant="four-player",
            players=FOUR,
        )
        shown = text(client_of(owner).get(self.url(match)))
        assert "Plucked: South → North 2, West → East 1" in shown

    def test_a_table_link_write_names_the_table(self, client_of, owner):
        match = sm(owner)
        AuditEntry.objects.create(
            match=match, by_name="table:4", action="record", number=1, after=sm_hand([9, 4, 3])
        )
        client = client_of(owner)
        assert "recorded hand 1 table 4 (phone)" in text(client.get(self.url(match)))
        assert "Tisch 4 (Handy)" in german(client, self.url(match))
