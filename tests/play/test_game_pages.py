"""The pages of Sheepshead (sheepshead/rules.md §2) and Sieben (sieben/rules.md §3):
creating a match, recording and correcting hands through the forms. The live preview and
ending or reopening a match have their own files (test_hand_preview.py, test_match_stop.py).

Every expected figure below is worked out by hand from the rules pages, not from the app."""

import re

import pytest

from matches.models import AuditEntry, Hand, Match
from tests.factories import HTMX, SHEEP5, sh, sheep, sieben, sv, text, totals


def new_form(game, variant, names, **options):
    """The new-match form as a browser sends it: hidden game and variant, the names,
    the first dealer, and the options section (unticked boxes are simply absent)."""
    data = {"game": game, "variant": variant, "first_dealer": "0", "options_shown": "1"}
    data.update({f"player_{seat}": name for seat, name in enumerate(names)})
    data.update(options)
    return data


# -- new match ------------------------------------------------------------------------------


@pytest.mark.django_db
class TestNewMatch:
    def test_the_sheepshead_preset_shows_five_seats_and_its_rules(self, client_of, owner):
        response = client_of(owner).get("/matches/new/?preset=sheepshead/standard")
        assert response.status_code == 200
        body = response.content.decode()
        for seat in range(5):
            assert f'name="player_{seat}"' in body
        assert 'name="player_5"' not in body
        page = text(response)
        assert "Sheepshead, five players: the rules in short" in page
        assert "5 players, seated clockwise; the deal passes to the left." in page
        assert "61 wins, 91 wins double" in page
        assert "When nobody picks, the cards are redealt and nothing is scored." in page
        assert "Open-ended: play until you stop the match" in page
        for name in ("all_pass", "cracking", "double_on_bump", "hands_limit"):
            assert f'name="{name}"' in body
        # The drawing shows a five-seat table, not the three-seat one of Sergeant Major.
        assert 'aria-label="5 seats around the table, numbered clockwise"' in body
        assert "3 seats around the table" not in body
        drawing = body[body.index('<svg class="seating"') : body.index("</svg>")]
        assert re.findall(r">(\d)</text>", drawing) == ["1", "2", "3", "4", "5"]

    @pytest.mark.parametrize(
        ("preset", "seats"),
        [
            ("sieben/two-player", 2),
            ("sieben/three-player", 3),
            ("sieben/partners", 4),
            ("sheepshead/standard", 5),
            ("sheepshead/6-handed", 6),
            ("sheepshead/7-handed", 7),
        ],
    )
    def test_the_seating_drawing_matches_the_seats(self, client_of, owner, preset, seats):
        body = client_of(owner).get(f"/matches/new/?preset={preset}").content.decode()
        assert f"{seats} seats around the table, numbered clockwise" in body
        drawing = body.split('class="seating"')[1].split("</svg>")[0]
        numbers = re.findall(r'text-anchor="middle">(\d+)</text>', drawing)
        assert numbers == [str(seat) for seat in range(1, seats + 1)]

    def test_the_sieben_partners_preset_shows_four_seats(self, client_of, owner):
        response = client_of(owner).get("/matches/new/?preset=sieben/partners")
        body = response.content.decode()
        assert [s for s in range(6) if f'name="player_{s}"' in body] == [0, 1, 2, 3]
        page = text(response)
        assert "Four players in two partnerships: seats 1 and 3 against seats 2 and 4." in page
        assert "The first side to reach 12 points wins." in page

    def test_an_unknown_preset_is_404(self, client_of, owner):
        client = client_of(owner)
        assert client.get("/matches/new/?preset=sheepshead/9-handed").status_code == 404
        assert client.get("/matches/new/?preset=bridge/standard").status_code == 404

    def test_it_creates_a_sheepshead_match_with_options(self, client_of, owner):
        data = new_form(
            "sheepshead",
            "standard",
            SHEEP5,
            hands_limit="15",
            all_pass="leaster",
            cracking="on",
        )
        response = client_of(owner).post("/matches/new/", data)
        match = Match.objects.get()
        assert response.status_code == 302
        assert response["Location"] == f"/matches/{match.pk}/"
        assert (match.game, match.variant) == ("sheepshead", "standard")
        assert match.names == list(SHEEP5)
        assert match.first_dealer == 0
        assert match.options == {
            "hands_limit": 15,
            "all_pass": "leaster",
            "double_on_bump": False,
            "cracking": True,
            "dealer_sits_out": False,
        }
        page = text(client_of(owner).get(f"/matches/{match.pk}/"))
        assert "Record hand 1" in page
        assert "Leaster won by (when nobody picked)" in page
        assert "Cracked (×2)" in page and "Recracked (×4)" in page
        assert "Ann deals." in page and "Ben is first to pick or pass, and leads." in page

    def test_htmx_creation_leaves_the_page(self, client_of, owner):
        data = new_form("sheepshead", "standard", SHEEP5, all_pass="redeal")
        response = client_of(owner).post("/matches/new/", data, **HTMX)
        match = Match.objects.get()
        assert response["HX-Redirect"] == f"/matches/{match.pk}/"
        assert match.options["hands_limit"] is None  # left blank: open-ended

    def test_a_sixth_name_for_five_seats_is_ignored(self, client_of, owner):
        data = new_form("sheepshead", "standard", (*SHEEP5, "Fay"), all_pass="redeal")
        response = client_of(owner).post("/matches/new/", data)
        assert response.status_code == 302
        assert Match.objects.get().names == list(SHEEP5)

    def test_duplicate_names_are_refused_and_nothing_is_written(self, client_of, owner):
        names = ("Ann", "Ben", "Cy", "ann", "Eve")
        client = client_of(owner)
        for headers in ({}, HTMX):
            response = client.post(
                "/matches/new/",
                new_form("sheepshead", "standard", names, all_pass="redeal"),
                **headers,
            )
            assert response.status_code == 422
            assert "ann sits at the table twice." in text(response)
        assert not Match.objects.exists()
        assert not AuditEntry.objects.exists()

    def test_dealer_sits_out_is_offered_only_with_six_players(self, client_of, owner):
        client = client_of(owner)
        five = client.get("/matches/new/?preset=sheepshead/standard").content.decode()
        six = client.get("/matches/new/?preset=sheepshead/6-handed").content.decode()
        assert 'name="dealer_sits_out"' not in five
        assert 'name="dealer_sits_out"' in six
        # A post of the option at five (a stale page) does not make a sitter table.
        data = new_form("sheepshead", "standard", SHEEP5, all_pass="redeal", dealer_sits_out="on")
        assert client.post("/matches/new/", data).status_code == 302
        assert Match.objects.get().options["dealer_sits_out"] is False

    def test_it_creates_sieben_matches(self, client_of, owner):
        client = client_of(owner)
        response = client.post(
            "/matches/new/", new_form("sieben", "two-player", ("Ann", "Ben"), point_limit="12")
        )
        assert response.status_code == 302
        response = client.post(
            "/matches/new/",
            new_form("sieben", "partners", ("Ann", "Ben", "Cy", "Dan"), point_limit="7"),
        )
        assert response.status_code == 302
        two, four = Match.objects.order_by("pk")
        assert (two.game, two.variant, two.names) == ("sieben", "two-player", ["Ann", "Ben"])
        assert two.options["point_limit"] == 12
        assert four.names == ["Ann", "Ben", "Cy", "Dan"]
        assert four.options == {
            "point_limit": 7,
            "hands_limit": None,
            "difference": False,
            "four_of_a_kind": False,
        }
        page = text(client.get(f"/matches/{four.pk}/"))
        assert "Record round 1" in page
        assert "Ann & Cy" in page and "Ben & Dan: the rest of 90" in page

    def test_a_sieben_match_that_cannot_end_is_refused(self, client_of, owner):
        response = client_of(owner).post(
            "/matches/new/",
            new_form("sieben", "two-player", ("Ann", "Ben"), point_limit="", hands_limit=""),
        )
        assert response.status_code == 422
        assert "Choose at least one way for the match to end." in text(response)
        assert not Match.objects.exists()


# -- Sheepshead hands -----------------------------------------------------------------------


@pytest.mark.django_db
class TestSheepsheadRecord:
    def url(self, match):
        return f"/matches/{match.pk}/hands/"

    def test_picker_with_partner_and_95(self, client_of, owner):
        # 91–120: m = +2. Opponents Ann, Cy, Eve −2; partner Dan +2; picker Ben +4.
        match = sheep(owner)
        response = client_of(owner).post(self.url(match), sh(1, 1, 3, 95))
        assert response.status_code == 302
        assert response["Location"] == f"/matches/{match.pk}/#now"
        hand = Hand.objects.get()
        assert hand.input == {
            "picker": 1,
            "partner": 3,
            "points": 95,
            "all_tricks": False,
            "no_trick": False,
        }
        assert hand.scores == [-2, 4, -2, 2, -2]
        assert totals(match) == [-2, 4, -2, 2, -2]
        assert AuditEntry.objects.filter(action="record", number=1).count() == 1
        page = text(client_of(owner).get(f"/matches/{match.pk}/"))
        assert "Record hand 2" in page
        assert "Ben deals." in page and "Cy is first to pick or pass, and leads." in page
        # The history row: number, dealer, picker, partner, points, multiplier, scores.
        assert "1 Ann Ben Dan 95 +2 −2 Σ −2 +4 Σ +4 −2 Σ −2 +2 Σ +2 −2 Σ −2" in page

    def test_nobody_picked_redeal_scores_nothing(self, client_of, owner):
        match = sheep(owner)
        response = client_of(owner).post(self.url(match), sh(1, "nobody"))
        assert response.status_code == 302
        hand = Hand.objects.get()
        assert hand.input == {"picker": None}
        assert hand.scores == [0, 0, 0, 0, 0]
        page = text(client_of(owner).get(f"/matches/{match.pk}/"))
        assert "nobody picked" in page
        assert "Ben deals." in page  # the deal still passes on

    @pytest.mark.parametrize(
        ("data", "api_body", "field", "message"),
        [
            (
                sh(1, "nobody", points=50),
                {"picker": None, "points": 50},
                "points",
                "Nobody picked, so there are no picker points.",
            ),
            (
                sh(1, "nobody", 2),
                {"picker": None, "partner": 2},
                "partner",
                "Nobody picked, so there is no partner.",
            ),
            (
                sh(1, "nobody", points=0, no_trick=True),
                {"picker": None, "points": 0, "no_trick": True},
                "no_trick",
                "Nobody picked, so no picker side took every trick or no trick.",
            ),
        ],
        ids=["points", "partner", "flag"],
    )
    def test_nobody_picked_with_picker_facts_is_refused_on_both_faces(
        self, client_of, owner, data, api_body, field, message
    ):
        # One judgement (rules.sheepshead): a pass with points is a contradiction (§2.3:
        # the points are the picker side's), so the page refuses it as the API does,
        # rather than recording a pass and dropping the points.
        match = sheep(owner)
        client = client_of(owner)
        for headers in ({}, HTMX):
            response = client.post(self.url(match), data, **headers)
            assert response.status_code == 422
            html = response.content.decode()
            assert message in text(response)
            assert "Record hand 1" in text(response)
            if field == "points":  # next to the points field, with the 50 kept
                points = html[html.index('name="points"') :]
                assert points.index(message) < points.index('class="toggles"')
                assert 'value="50"' in html[html.index('name="points"') - 200 :]
        response = client.post(
            f"/api/matches/{match.pk}/hands",
            {"number": 1, **api_body},
            content_type="application/json",
        )
        assert response.status_code == 422
        assert response.json()["fields"] == {field: [message]}
        assert not Hand.objects.exists()
        assert totals(match) == [0, 0, 0, 0, 0]

    def test_nobody_picked_with_zero_points_is_a_pass_on_both_faces(self, client_of, owner):
        match = sheep(owner)
        client = client_of(owner)
        assert client.post(self.url(match), sh(1, "nobody", points=0)).status_code == 302
        response = client.post(
            f"/api/matches/{match.pk}/hands",
            {"number": 2, "picker": None, "points": 0},
            content_type="application/json",
        )
        assert response.status_code == 201
        assert list(Hand.objects.values_list("input", flat=True)) == [{"picker": None}] * 2

    def test_a_leaster_winner_when_someone_picked_is_refused(self, client_of, owner):
        match = sheep(owner, all_pass="leaster")
        data = {**sh(1, 0, "alone", 61), "leaster_winner": "2"}
        response = client_of(owner).post(self.url(match), data)
        assert response.status_code == 422
        assert "Someone picked, so there is no leaster." in text(response)
        assert not Hand.objects.exists()

    def test_a_leaster_pays_its_winner_one_from_each_other_player(self, client_of, owner):
        match = sheep(owner, all_pass="leaster")
        client = client_of(owner)
        data = {**sh(1, "nobody"), "leaster_winner": "2"}
        assert client.post(self.url(match), data).status_code == 302
        assert Hand.objects.get().scores == [-1, -1, 4, -1, -1]
        assert "leaster won by Cy" in text(client.get(f"/matches/{match.pk}/"))

    def test_a_leaster_needs_its_winner(self, client_of, owner):
        match = sheep(owner, all_pass="leaster")
        response = client_of(owner).post(self.url(match), sh(1, "nobody"))
        assert response.status_code == 422
        assert "Who won the leaster?" in text(response)
        assert not Hand.objects.exists()

    def test_picker_alone_loses_with_45(self, client_of, owner):
        # 31–60: m = −1. Each of the four opponents +1; the picker −4.
        match = sheep(owner)
        client_of(owner).post(self.url(match), sh(1, 0, "alone", 45))
        hand = Hand.objects.get()
        assert hand.input["partner"] is None
        assert hand.scores == [-4, 1, 1, 1, 1]
        assert "alone" in text(client_of(owner).get(f"/matches/{match.pk}/"))

    def test_every_trick_with_120(self, client_of, owner):
        # Every trick: m = +3. Opponents Ann, Ben, Dan −3; partner Eve +3; picker Cy +6.
        match = sheep(owner)
        response = client_of(owner).post(self.url(match), sh(1, 2, 4, 120, all_tricks=True))
        assert response.status_code == 302
        hand = Hand.objects.get()
        assert hand.input["all_tricks"] is True
        assert hand.scores == [-3, -3, 6, -3, 3]
        assert "every trick" in text(client_of(owner).get(f"/matches/{match.pk}/"))

    def test_no_trick_with_0(self, client_of, owner):
        # No trick: m = −3. Opponents +3 each (Ben, Cy, Eve); partner Dan −3; picker −6.
        match = sheep(owner)
        client_of(owner).post(self.url(match), sh(1, 0, 3, 0, no_trick=True))
        assert Hand.objects.get().scores == [-6, 3, 3, -3, 3]

    def test_the_boundaries(self, client_of, owner):
        # 61 single win, 90 single win, 60 single loss, 31 single loss, 30 double loss;
        # picker Ann alone, so she gets 4 × m and the others −m.
        match = sheep(owner)
        client = client_of(owner)
        for number, points in enumerate((61, 90, 60, 31, 30), start=1):
            client.post(self.url(match), sh(number, 0, "alone", points))
        scores = [h.scores for h in Hand.objects.order_by("number")]
        assert scores == [
            [4, -1, -1, -1, -1],
            [4, -1, -1, -1, -1],
            [-4, 1, 1, 1, 1],
            [-4, 1, 1, 1, 1],
            [-8, 2, 2, 2, 2],
        ]
        assert totals(match) == [-8, 2, 2, 2, 2]

    def test_doublers_stack_until_a_scored_hand(self, client_of, owner):
        match = sheep(owner, all_pass="doubler")
        client = client_of(owner)
        client.post(self.url(match), sh(1, "nobody"))
        assert "Doubler: this hand counts ×2." in text(client.get(f"/matches/{match.pk}/"))
        client.post(self.url(match), sh(2, "nobody"))
        assert "Doubler: this hand counts ×4." in text(client.get(f"/matches/{match.pk}/"))
        # Cy alone on 61: m +1, ×4: Cy +16, the others −4 each.
        client.post(self.url(match), sh(3, 2, "alone", 61))
        assert totals(match) == [-4, -4, 16, -4, -4]
        page = text(client.get(f"/matches/{match.pk}/"))
        assert "Doubler" not in page

    def test_a_losing_picker_side_pays_double_on_a_bump(self, client_of, owner):
        # 50 points: m = −1, doubled to −2: opponents +2 each, partner −2, picker −4.
        match = sheep(owner, double_on_bump=True)
        client_of(owner).post(self.url(match), sh(1, 1, 2, 50))
        assert Hand.objects.get().scores == [2, -4, -2, 2, 2]

    @pytest.mark.parametrize(
        ("data", "message"),
        [
            (sh(1, 1, 3, 100, all_tricks=True), "Every trick means all 120 points"),
            (sh(1, 1, 3, 5, no_trick=True), "No trick means 0 points"),
            (sh(1, 1, 1, 70), "The picker cannot be their own partner."),
            (sh(1, 1, 3), "Enter the picker side's card points."),
            (sh(1, 1, 3, 121), "less than or equal to 120"),
            (sh(1, 1, 3, -1), "greater than or equal to 0"),
            ({**sh(1, 1, 3, 70), "picker": ""}, "Who picked?"),
            (sh(1, 7, 3, 70), "Select a valid choice"),
        ],
    )
    def test_it_refuses_bad_hands_and_writes_nothing(self, client_of, owner, data, message):
        match = sheep(owner)
        client = client_of(owner)
        response = client.post(self.url(match), data)
        assert response.status_code == 422
        assert message in text(response)
        assert "Record hand 1" in text(response)
        response = client.post(self.url(match), data, **HTMX)
        assert response.status_code == 422
        assert response.content.lstrip().startswith(b'<div id="table"')
        assert message in text(response)
        assert not Hand.objects.exists()
        assert not AuditEntry.objects.filter(action="record").exists()
        assert totals(match) == [0, 0, 0, 0, 0]

    def test_htmx_gets_the_refreshed_table(self, client_of, owner):
        match = sheep(owner)
        response = client_of(owner).post(self.url(match), sh(1, 1, 3, 95), **HTMX)
        assert response.status_code == 200
        assert response.content.lstrip().startswith(b'<div id="table"')
        page = text(response)
        assert "Record hand 2" in page
        assert "<html" not in response.content.decode()
        assert Hand.objects.count() == 1

    def test_a_fifteen_hand_session_through_the_form(self, client_of, owner):
        client = client_of(owner)
        client.post(
            "/matches/new/",
            new_form(
                "sheepshead",
                "standard",
                SHEEP5,
                hands_limit="15",
                all_pass="leaster",
                cracking="on",
            ),
        )
        match = Match.objects.get()
        url = self.url(match)
        hands = [
            sh(1, 1, 3, 95),  # m +2: Ben +4, Dan +2, others −2
            {**sh(2, "nobody"), "leaster_winner": "2"},  # Cy +4, others −1
            sh(3, 0, "alone", 45),  # m −1: Ann −4, others +1
            sh(4, 2, 4, 120, all_tricks=True),  # m +3: Cy +6, Eve +3, others −3
            sh(5, 3, "alone", 95, cracked=True),  # m +2 ×2: Dan +16, others −4
            # m −2 ×4 = −8: Ben, Cy, Dan +8; partner Ann −8; picker Eve −16
            sh(6, 4, 0, 20, cracked=True, recracked=True),
        ]
        # Hands 7–15: Ann with Ben on 91: m +2: Ann +4, Ben +2, others −2 (nine times).
        hands += [sh(number, 0, 1, 91) for number in range(7, 16)]
        for data in hands:
            response = client.post(url, data)
            assert response.status_code == 302, text(response)
        assert [h.scores for h in Hand.objects.order_by("number")][:6] == [
            [-2, 4, -2, 2, -2],
            [-1, -1, 4, -1, -1],
            [-4, 1, 1, 1, 1],
            [-3, -3, 6, -3, 3],
            [-4, -4, -4, 16, -4],
            [-8, 8, 8, 8, -16],
        ]
        # Ann −22+36, Ben 5+18, Cy 13−18, Dan 23−18, Eve −19−18.
        assert totals(match) == [14, 23, -5, 5, -37]
        match.refresh_from_db()
        assert match.finished and match.winners == [1]
        response = client.get(f"/matches/{match.pk}/")
        page = text(response)
        assert "Ben wins the match!" in page
        assert "After 15 hands: the highest total wins." in page
        assert "The table ended the match" not in page
        assert 'id="record"' not in response.content.decode()
        assert "End the match now" not in page
        assert "cracked, recracked" in page
        # A 16th hand is refused.
        response = client.post(url, sh(16, 0, 1, 91), follow=True)
        assert "The match is over; no more hands can be recorded." in text(response)
        assert Hand.objects.count() == 15

    def test_six_handed_the_dealer_sits_out(self, client_of, owner):
        players = (*SHEEP5, "Fay")
        match = sheep(owner, players=players, variant="6-handed")
        client = client_of(owner)
        response = client.get(f"/matches/{match.pk}/")
        page = text(response)
        assert "Ann 0 dealer · sits out" in page
        assert "Ann deals and sits out this hand." in page
        assert 'name="picker" value="0"' not in response.content.decode()
        # The dealer cannot pick, nor be the partner.
        response = client.post(self.url(match), sh(1, 0, 2, 95))
        assert response.status_code == 422
        response = client.post(self.url(match), sh(1, 1, 0, 95))
        assert response.status_code == 422
        assert not Hand.objects.exists()
        # m +2 among the five active: Dan, Eve, Fay −2; partner Cy +2; picker Ben +4; Ann 0.
        assert client.post(self.url(match), sh(1, 1, 2, 95)).status_code == 302
        assert Hand.objects.get().scores == [0, 4, 2, -2, -2, -2]
        page = text(client.get(f"/matches/{match.pk}/"))
        assert "Ben +4 dealer · sits out" in page
        assert "Ben deals and sits out this hand." in page


# -- Sieben rounds --------------------------------------------------------------------------


@pytest.mark.django_db
class TestSiebenRecord:
    def url(self, match):
        return f"/matches/{match.pk}/hands/"

    def test_sixty_to_thirty_wins_one_point(self, client_of, owner):
        match = sieben(owner)
        client = client_of(owner)
        response = client.post(self.url(match), sv(1, 60))
        assert response.status_code == 302
        hand = Hand.objects.get()
        assert hand.input == {"counters": [60, 30], "no_trick": False}
        page = text(client.get(f"/matches/{match.pk}/"))
        assert "Ann 1 point" in page and "Ben 0 points" in page
        assert "60 : 30 Ann 1" in page
        # §3.4: the loser deals, the winner leads.
        assert "Ben lost the last round and deals." in page
        assert "Ann leads." in page
        assert "Record round 2" in page

    def test_no_trick_scores_three(self, client_of, owner):
        match = sieben(owner)
        client = client_of(owner)
        assert client.post(self.url(match), sv(1, 0, no_trick=True)).status_code == 302
        assert Hand.objects.get().input == {"counters": [0, 90], "no_trick": True}
        page = text(client.get(f"/matches/{match.pk}/"))
        assert "Ann 0 points" in page and "Ben 3 points" in page
        assert "0 : 90 no trick Ben 3" in page
        assert "Ann lost the last round and deals." in page

    def test_no_counters_scores_two(self, client_of, owner):
        match = sieben(owner)
        client = client_of(owner)
        client.post(self.url(match), sv(1, 90))
        page = text(client.get(f"/matches/{match.pk}/"))
        assert "Ann 2 points" in page and "Ben 0 points" in page

    def test_thirty_counters_lose_one_point(self, client_of, owner):
        match = sieben(owner)
        client = client_of(owner)
        client.post(self.url(match), sv(1, 30))
        page = text(client.get(f"/matches/{match.pk}/"))
        assert "Ann 0 points" in page and "Ben 1 point" in page
        assert "30 : 60 Ben 1" in page

    def test_partners_history_points_and_the_next_dealer(self, client_of, owner):
        match = sieben(owner, "partners", ("Ann", "Ben", "Cy", "Dan"))
        client = client_of(owner)
        page = text(client.get(f"/matches/{match.pk}/"))
        assert "Ann deals." in page and "Ben leads." in page
        # Round 1, dealt by Ann: Ben & Dan 50 against 40 win 1. The dealing side lost,
        # so the deal goes to the dealer's partner, Cy; Dan, on Cy's left, leads.
        assert client.post(self.url(match), sv(1, 40)).status_code == 302
        page = text(client.get(f"/matches/{match.pk}/"))
        assert "40 : 50 Ben & Dan 1" in page
        assert "Ann & Cy lost the last round and Cy deals." in page and "Dan leads." in page
        # Round 2, dealt by Cy: Ann & Cy 70 against 20 win 1. The dealing side won, so
        # the deal passes to the left: Dan, on the losing side.
        client.post(self.url(match), sv(2, 70))
        page = text(client.get(f"/matches/{match.pk}/"))
        assert "70 : 20 Ann & Cy 1" in page
        assert "Ben & Dan lost the last round and Dan deals." in page and "Ann leads." in page
        # Points per side, on each partner's seat and in the history's foot.
        for name in ("Ann", "Ben", "Cy", "Dan"):
            assert f"{name} 1 point" in page
        assert "Points 1 1" in page
        # Round 3, dealt by Dan: Ben & Dan take every counter and trick: 3 points.
        client.post(self.url(match), sv(3, 0, no_trick=True))
        page = text(client.get(f"/matches/{match.pk}/"))
        assert "Ben 4 points" in page and "Ann 1 point" in page
        assert "Points 1 4" in page
        # Dealing side won: the deal passes left to Ann.
        assert "Ann & Cy lost the last round and Ann deals." in page

    def test_a_game_to_twelve_ends_with_the_winner(self, client_of, owner):
        match = sieben(owner)
        client = client_of(owner)
        # Four rounds in which Ben takes no trick: 3 points each, 12 in all.
        for number in range(1, 5):
            assert client.post(self.url(match), sv(number, 90, no_trick=True)).status_code == 302
        match.refresh_from_db()
        assert match.finished and match.winners == [0]
        response = client.get(f"/matches/{match.pk}/")
        page = text(response)
        assert "Ann wins the match!" in page
        assert "Ann 12 points" in page
        assert 'id="record"' not in response.content.decode()

    def test_the_game_is_not_over_at_eleven(self, client_of, owner):
        match = sieben(owner)
        client = client_of(owner)
        for number, counters in enumerate((90, 90, 90, 60), start=1):
            client.post(self.url(match), sv(number, counters, no_trick=counters == 90))
        page = text(client.get(f"/matches/{match.pk}/"))
        assert "Ann 10 points" in page  # 3 + 3 + 3 + 1
        assert "Record round 5" in page

    @pytest.mark.parametrize(
        ("data", "message"),
        [
            (sv(1, 55), "Counters come in tens: 0, 10, 20 … 90."),
            (sv(1, 70, no_trick=True), "A side that took no trick has no counters"),
            (sv(1, 100), "less than or equal to 90"),
            ({"number": 1, "counters_0": ""}, "Enter the counters."),
        ],
    )
    def test_it_refuses_bad_rounds_and_writes_nothing(self, client_of, owner, data, message):
        match = sieben(owner)
        client = client_of(owner)
        for headers in ({}, HTMX):
            response = client.post(self.url(match), data, **headers)
            assert response.status_code == 422
            assert message in text(response)
        assert not Hand.objects.exists()
        assert not AuditEntry.objects.filter(action="record").exists()

    def test_three_players_each_for_themselves(self, client_of, owner):
        match = sieben(owner, "three-player", ("Ann", "Ben", "Cy"))
        client = client_of(owner)
        data = {"number": 1, "counters_0": "50", "counters_1": "40", "counters_2": "0"}
        assert client.post(self.url(match), data).status_code == 302
        page = text(client.get(f"/matches/{match.pk}/"))
        # Ben has counters, so Ann's round is worth 1 (§3.7: judged against both others).
        assert "Ann 1 point" in page and "Ben 0 points" in page and "Cy 0 points" in page
        assert "50 : 40 : 0 Ann 1" in page
        # 90 : 0 : 0: neither other player has a counter: 2.
        data = {"number": 2, "counters_0": "90", "counters_1": "0", "counters_2": "0"}
        client.post(self.url(match), data)
        assert "Ann 3 points" in text(client.get(f"/matches/{match.pk}/"))

    def test_three_players_tie_scores_nothing_and_nobody_lost(self, client_of, owner):
        match = sieben(owner, "three-player", ("Ann", "Ben", "Cy"))
        client = client_of(owner)
        data = {"number": 1, "counters_0": "30", "counters_1": "30", "counters_2": "30"}
        assert client.post(self.url(match), data).status_code == 302
        page = text(client.get(f"/matches/{match.pk}/"))
        assert "30 : 30 : 30 tie, nothing scored 0" in page
        assert "Points 0 0 0" in page
        # A tie has no loser: the Before panel must not say someone lost.
        assert "lost the last round" not in page
        assert re.search(r"Before round 2 \w+ deals\. \w+ leads\.", page)

    def test_four_of_a_kind_wins_four_points(self, client_of, owner):
        match = sieben(owner, four_of_a_kind=True)
        client = client_of(owner)
        response = client.post(self.url(match), {"number": 1, "four_of_a_kind": "1"})
        assert response.status_code == 302
        page = text(client.get(f"/matches/{match.pk}/"))
        assert "Ben 4 points" in page and "Ann 0 points" in page
        assert "four of a kind Ben 4" in page
        assert "Ann lost the last round and deals." in page


# -- corrections ----------------------------------------------------------------------------


@pytest.mark.django_db
class TestCorrect:
    def url(self, match, number):
        return f"/matches/{match.pk}/hands/{number}/"

    def test_a_sheepshead_hand(self, client_of, owner):
        hands = [
            {"picker": 1, "partner": 3, "points": 95},  # Ben +4, Dan +2, others −2
            {"picker": 0, "partner": None, "points": 61},  # Ann +4, others −1
        ]
        match = sheep(owner, hands)
        assert totals(match) == [2, 3, -3, 1, -3]
        client = client_of(owner)
        response = client.get(self.url(match, 1))
        assert response.status_code == 200
        body = response.content.decode()
        assert re.search(r'name="picker" value="1"[^>]*checked', body)
        assert re.search(r'name="partner" value="3"[^>]*checked', body)
        assert 'name="points" value="95"' in body
        assert 'name="version" value="1"' in body
        assert "Correct hand 1" in text(response)
        # Really Ben was alone on 95: m +2, so Ben +8 and the other four −2.
        data = {**sh(1, 1, "alone", 95), "version": "1", "reason": "no partner"}
        response = client.post(self.url(match, 1), data)
        assert response.status_code == 302
        assert response["Location"] == f"/matches/{match.pk}/#now"
        hand = Hand.objects.get(match=match, number=1)
        assert hand.input["partner"] is None and hand.version == 2
        assert hand.scores == [-2, 8, -2, -2, -2]
        # Plus hand 2 (Ann +4, others −1).
        assert totals(match) == [2, 7, -3, -3, -3]
        entry = AuditEntry.objects.get(action="correct")
        assert (entry.number, entry.reason) == (1, "no partner")
        assert "Hand 1 corrected; the totals follow." in text(client.get(f"/matches/{match.pk}/"))

    def test_a_refused_correction_changes_nothing(self, client_of, owner):
        match = sheep(owner, [{"picker": 1, "partner": 3, "points": 95}])
        client = client_of(owner)
        data = {**sh(1, 1, 3, 100, all_tricks=True), "version": "1"}
        response = client.post(self.url(match, 1), data)
        assert response.status_code == 422
        assert "Every trick means all 120 points" in text(response)
        assert Hand.objects.get().version == 1
        assert totals(match) == [-2, 4, -2, 2, -2]
        # A stale version is told, not saved.
        response = client.post(self.url(match, 1), {**sh(1, 1, "alone", 95), "version": "7"})
        assert response.status_code == 302
        assert Hand.objects.get().version == 1

    def test_a_sieben_round(self, client_of, owner):
        # Round 1: 60 : 30, Ann 1 point; round 2: 90 : 0, Ann 2 points (Ben has no counters).
        hands = [
            {"counters": [60, 30], "no_trick": False},
            {"counters": [90, 0], "no_trick": False},
        ]
        match = sieben(owner, hands=hands)
        client = client_of(owner)
        page = text(client.get(f"/matches/{match.pk}/"))
        assert "Ann 3 points" in page
        response = client.get(self.url(match, 2))
        body = response.content.decode()
        assert 'name="counters_0" value="90"' in body
        assert "Correct round 2" in text(response)
        # Ben in fact took no trick: 3 points, not 2.
        data = {**sv(2, 90, no_trick=True), "version": "1"}
        response = client.post(self.url(match, 2), data)
        assert response.status_code == 302
        assert Hand.objects.get(match=match, number=2).input == {
            "counters": [90, 0],
            "no_trick": True,
        }
        page = text(client.get(f"/matches/{match.pk}/"))
        assert "Ann 4 points" in page and "Ben 0 points" in page
        # Round 1 corrected to 30 : 60: Ben won it, so Ann 3, Ben 1.
        response = client.post(self.url(match, 1), {**sv(1, 30), "version": "1"})
        assert response.status_code == 302
        page = text(client.get(f"/matches/{match.pk}/"))
        assert "Ann 3 points" in page and "Ben 1 point" in page
        assert "Points 3 1" in page

    def test_a_correction_that_ends_a_sieben_game(self, client_of, owner):
        # 3 + 3 + 3 + 1 = 10; correcting the fourth round to no trick makes 12: Ann wins.
        hands = [{"counters": [90, 0], "no_trick": True}] * 3
        hands.append({"counters": [60, 30], "no_trick": False})
        match = sieben(owner, hands=hands)
        client = client_of(owner)
        client.post(self.url(match, 4), {**sv(4, 90, no_trick=True), "version": "1"})
        page = text(client.get(f"/matches/{match.pk}/"))
        assert "Ann wins the match!" in page
        assert "Ann 12 points" in page

    def test_others_may_not_correct(self, client_of, owner, other):
        match = sheep(owner, [{"picker": 1, "partner": 3, "points": 95}])
        assert client_of(other).get(self.url(match, 1)).status_code == 403
        assert client_of(owner).get(self.url(match, 2)).status_code == 404


@pytest.mark.django_db
def test_three_player_sieben_names_the_round_winner_as_leader(client_of, owner):
    # Ann wins 50 : 10 : 30; Ben has the fewest counters and deals; the winner leads.
    match = sieben(
        owner,
        variant="three-player",
        players=("Ann", "Ben", "Cy"),
        hands=[{"counters": [50, 10, 30], "no_trick": False}],
    )
    page = text(client_of(owner).get(f"/matches/{match.pk}/"))
    assert "Ben lost the last round and deals." in page
    assert "Ann leads." in page
