"""The register of players: names typed at a table find the club's players
(docs/tournaments.md §1)."""

import pytest
from django.db import IntegrityError, transaction

from matches.models import Match, Player, Seat, name_key
from matches.rules import RuleError
from matches.services import play as services
from matches.services.players import find_or_create
from tests.api_support import login, send
from tests.factories import HTMX


def seats_of(match):
    return list(Seat.objects.filter(match=match).order_by("number").select_related("player"))


class TestNameMatching:
    def test_it_finds_the_same_player_ignoring_case(self, make_match):
        first = make_match(players=("Ann", "Ben", "Cy"))
        second = make_match(players=("ann", "CY", "Dora"))

        ann, ben, cy = (seat.player for seat in seats_of(first))
        again = seats_of(second)
        assert again[0].player == ann and again[1].player == cy
        assert Player.objects.count() == 4  # Ann, Ben, Cy, Dora
        ann.refresh_from_db()
        assert ann.name == "Ann"  # the register keeps the first spelling

    def test_it_keeps_the_name_as_typed_at_the_table_on_the_seat(self, make_match):
        make_match(players=("Ann", "Ben", "Cy"))
        match = make_match(players=("ANN", "ben", "Cy"))
        assert match.names == ["ANN", "ben", "Cy"]
        assert [seat.name for seat in seats_of(match)] == ["ANN", "ben", "Cy"]
        assert [seat.player.name for seat in seats_of(match)] == ["Ann", "Ben", "Cy"]

    def test_it_matches_after_cleaning_the_whitespace(self, make_match):
        make_match(players=("Ann Marie", "Ben", "Cy"))
        match = make_match(players=("  ann   marie ", "Ben", "Cy"))
        assert match.names[0] == "ann marie"
        assert seats_of(match)[0].player.name == "Ann Marie"
        assert Player.objects.count() == 3

    def test_it_matches_names_beyond_ascii(self, make_match):
        make_match(players=("Jürgen", "Straße", "Zoë"))
        match = make_match(players=("JÜRGEN", "STRASSE", "Zoe\u0308"))  # ë as e + diaeresis
        assert [seat.player.name for seat in seats_of(match)] == ["Jürgen", "Straße", "Zoë"]
        assert Player.objects.count() == 3

    def test_it_creates_casual_players_for_unknown_names(self, make_match):
        match = make_match(players=("Ann", "Ben", "Cy"))
        players = [seat.player for seat in seats_of(match)]
        assert [p.name for p in players] == ["Ann", "Ben", "Cy"]
        assert all(p.casual and p.active for p in players)

    def test_it_seats_registered_players_and_leaves_them_registered(self, make_match):
        registered = Player.objects.create(name="Ann", email="ann@example.org", member_no="17")
        match = make_match(players=("ann", "Ben", "Cy"))
        assert seats_of(match)[0].player == registered
        registered.refresh_from_db()
        assert not registered.casual and registered.email == "ann@example.org"

    def test_it_seats_inactive_players_too(self, make_match):
        gone = Player.objects.create(name="Ann", active=False)
        match = make_match(players=("Ann", "Ben", "Cy"))
        assert seats_of(match)[0].player == gone
        assert Player.objects.filter(name_key="ann").count() == 1

    def test_find_or_create_keeps_the_order_and_reads_each_name_once(self, db):
        Player.objects.create(name="Cy")
        players = find_or_create(["Ann", "cy", "Ben"])
        assert [p.name for p in players] == ["Ann", "Cy", "Ben"]
        assert [p.casual for p in players] == [True, False, True]
        assert find_or_create(["BEN", "ann"]) == [players[2], players[0]]
        assert Player.objects.count() == 3

    def test_a_refused_match_adds_nobody(self, owner):
        with pytest.raises(RuleError):
            services.create_match(
                owner,
                game="sergeant-major",
                variant="8-5-3",
                players=["Ann", "Ben", "Cy"],
                first_dealer=7,
            )
        with pytest.raises(RuleError):
            services.create_match(
                owner,
                game="sergeant-major",
                variant="8-5-3",
                players=["Ann", "Ben", "ann"],
                first_dealer=0,
            )
        assert not Player.objects.exists()
        assert not Seat.objects.exists()
        assert not Match.objects.exists()


class TestRegister:
    def test_the_database_refuses_a_second_player_of_the_same_name(self, db):
        Player.objects.create(name="Straße")
        with pytest.raises(IntegrityError), transaction.atomic():
            Player.objects.create(name="STRASSE")

    def test_the_database_refuses_a_membership_number_twice_but_not_a_blank_one(self, db):
        Player.objects.create(name="Ann", member_no="17")
        Player.objects.create(name="Ben")
        Player.objects.create(name="Cy")  # blank numbers never clash
        with pytest.raises(IntegrityError), transaction.atomic():
            Player.objects.create(name="Dora", member_no="17")

    def test_renaming_a_player_moves_the_key_along(self, db):
        player = Player.objects.create(name="Ann")
        player.name = "Anne"
        player.save(update_fields=["name"])
        player.refresh_from_db()
        assert player.name_key == "anne" == name_key(" ANNE ")
        assert find_or_create(["anne"]) == [player]

    def test_a_seated_player_cannot_be_deleted(self, make_match):
        from django.db.models import ProtectedError

        match = make_match()
        with pytest.raises(ProtectedError):
            seats_of(match)[0].player.delete()


class TestThroughThePages:
    def test_the_new_match_page_matches_names(self, client_of, owner, make_match):
        make_match(players=("Ann", "Ben", "Cy"))
        response = client_of(owner).post(
            "/matches/new/",
            {
                "player_0": "ben",
                "player_1": "ANN",
                "player_2": "Eve",
                "first_dealer": "0",
            },
        )
        assert response.status_code == 302
        match = Match.objects.order_by("-pk").first()
        assert match.names == ["ben", "ANN", "Eve"]
        assert [s.player.name for s in seats_of(match)] == ["Ben", "Ann", "Eve"]
        assert Player.objects.count() == 4

    def test_the_home_page_lists_the_names_as_typed(self, client_of, owner, make_match):
        make_match(players=("Ann", "Ben", "Cy"))
        make_match(players=("ANN", "ben", "Dora"))
        page = client_of(owner).get("/", **HTMX).content.decode()
        assert "ANN · ben · Dora" in page and "Ann · Ben · Cy" in page


class TestThroughTheApi:
    def test_it_matches_existing_players_by_name(self, owner, make_match):
        make_match(players=("Ann", "Ben", "Cy"))
        response = send(
            login(owner),
            "post",
            "/api/matches",
            {
                "game": "sergeant-major",
                "variant": "8-5-3",
                "players": ["ann", "Ben", "Zed"],
                "first_dealer": 0,
            },
        )
        assert response.status_code == 201, response.content
        body = response.json()
        assert body["players"] == ["ann", "Ben", "Zed"]
        match = Match.objects.get(pk=body["id"])
        assert [s.player.name for s in seats_of(match)] == ["Ann", "Ben", "Zed"]
        assert Player.objects.get(name="Zed").casual
        assert Player.objects.count() == 4


@pytest.mark.django_db(transaction=True)
def test_tables_adding_the_same_new_name_at_once_share_one_player(owner):
    from tests.races import at_once

    def create(index):
        return services.create_match(
            owner,
            game="sergeant-major",
            variant="8-5-3",
            players=["Zoe" if index % 2 else "ZOE", f"B{index}", f"C{index}"],
            first_dealer=0,
        )

    results = at_once(create)

    assert all(not isinstance(result, Exception) for result in results), results
    zoe = Player.objects.get(name_key="zoe")
    assert Seat.objects.filter(player=zoe).count() == len(results)
    assert Player.objects.count() == 1 + 2 * len(results)
