"""Migrations: a database of the last release (0003) moves into players and seats.

Rows are made with the historical models of 0003, as they were stored then; the
migrations then run forward (and back) on the test database, SQLite or PostgreSQL.
"""

import pytest

from tests.migrations_support import latest, migrate, migrated_to

RELEASED = [("matches", "0003_match_revision")]


@pytest.fixture
def released(transactional_db):
    """The database as the last release left it (``migrated_to``)."""
    with migrated_to(RELEASED) as apps:
        yield apps


def old_match(apps, owner, players, totals, winners, **extra):
    Match = apps.get_model("matches", "Match")
    return Match.objects.create(
        owner_id=owner.pk,
        game="sergeant-major",
        variant="8-5-3",
        options={"win_tricks": 12},
        players=players,
        first_dealer=0,
        totals=totals,
        winners=winners,
        finished=bool(winners),
        **extra,
    )


def seats_of(apps, match_id):
    Seat = apps.get_model("matches", "Seat")
    return list(
        Seat.objects.filter(match_id=match_id)
        .order_by("number")
        .values_list("number", "name", "player__name", "total", "place", "won")
    )


def test_it_moves_matches_into_players_and_seats(released):
    User = released.get_model("auth", "User")
    owner = User.objects.create(username="ann")
    playing = old_match(released, owner, ["Ann", "Ben", "Cy"], [1, -1, 0], [])
    won = old_match(released, owner, ["ANN", "ben", "Dora"], [1, 2, -3], [0])
    shared = old_match(released, owner, ["Cy", "Dora", "Eve"], [1, 1, -2], [0, 1])
    Hand = released.get_model("matches", "Hand")
    Hand.objects.create(match=playing, number=1, input={"tricks": [9, 4, 3]}, scores=[1, -1, 0])

    apps = migrate(latest())

    Player = apps.get_model("matches", "Player")
    assert sorted(Player.objects.values_list("name", "name_key", "casual")) == [
        ("Ann", "ann", True),
        ("Ben", "ben", True),
        ("Cy", "cy", True),
        ("Dora", "dora", True),
        ("Eve", "eve", True),
    ]
    assert seats_of(apps, playing.pk) == [
        (0, "Ann", "Ann", 1, 1, False),
        (1, "Ben", "Ben", -1, 3, False),
        (2, "Cy", "Cy", 0, 2, False),
    ]
    # The seat keeps the name as it was typed; a 12-trick winner is first on a lower total.
    assert seats_of(apps, won.pk) == [
        (0, "ANN", "Ann", 1, 1, True),
        (1, "ben", "Ben", 2, 2, False),
        (2, "Dora", "Dora", -3, 3, False),
    ]
    assert seats_of(apps, shared.pk) == [
        (0, "Cy", "Cy", 1, 1, True),
        (1, "Dora", "Dora", 1, 1, True),
        (2, "Eve", "Eve", -2, 3, False),
    ]
    Match = apps.get_model("matches", "Match")
    field_names = {field.name for field in Match._meta.get_fields()}
    assert {"players", "totals", "winners"}.isdisjoint(field_names)
    assert apps.get_model("matches", "Hand").objects.get().input == {"tricks": [9, 4, 3]}


def test_it_moves_the_seats_back_on_the_way_down(released):
    User = released.get_model("auth", "User")
    owner = User.objects.create(username="ann")
    before = old_match(released, owner, ["Ann", "Ben", "Cy"], [4, -3, -1], [0])
    updated_at = before.updated_at
    migrate(latest())

    apps = migrate(RELEASED)

    after = apps.get_model("matches", "Match").objects.get(pk=before.pk)
    assert (after.players, after.totals, after.winners) == (["Ann", "Ben", "Cy"], [4, -3, -1], [0])
    assert after.updated_at == updated_at


def test_the_app_runs_on_a_migrated_match(released, client):
    """A match of the last release goes on after the migration: the replay reads the names
    from its seats, and the next hand updates them."""
    from matches.models import Match, Seat
    from matches.services import play as services

    User = released.get_model("auth", "User")
    owner = User.objects.create(username="ann")
    old = old_match(released, owner, ["Ann", "Ben", "Cy"], [1, -1, 0], [], revision=1)
    released.get_model("matches", "Hand").objects.create(
        match=old, number=1, input={"tricks": [9, 4, 3], "trump": "hearts"}, scores=[1, -1, 0]
    )
    migrate(latest())

    match = Match.objects.get(pk=old.pk)
    services.record_hand(match, 2, {"tricks": [3, 9, 4], "trump": "clubs"}, by=match.owner)
    assert list(Seat.objects.filter(match=match).values_list("name", "total", "place")) == [
        ("Ann", 1, 1),
        ("Ben", 0, 2),
        ("Cy", -1, 3),
    ]
