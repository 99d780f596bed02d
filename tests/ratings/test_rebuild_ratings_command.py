"""``manage.py rebuild_ratings [--check]`` on the test data: a club night's tournament and
casual matches of every game, with corrections, an undo, an archive and a merge. This is
how CI runs the check (docs/development.md)."""

import pytest
from django.core.management import CommandError, call_command

from matches.models import Match, Player, Rating, RatingPoint
from matches.services import keeping, play
from matches.services import players as register

from ..factories import game_match, sm_hand
from .support import FIRST_SECOND_THIRD, TIE_FOR_FIRST, one_hand, registered

pytestmark = pytest.mark.django_db


@pytest.fixture
def club(organiser):
    """The test data: matches of every game by registered and casual players, changed
    after they finished as a club changes them."""
    from matches.services import drafting, registration

    from ..factories import played_out, tournament

    names = ["Ann", "Ben", "Cy", "Dan", "Eve"]
    registered(organiser, *names)
    night = tournament(organiser, rounds=1, hands_per_round=3)
    for entry in registration.register_players(
        night, organiser, ["Ann", "Ben", "Cy", "Fay", "Gus", "Hal"]
    ):
        registration.check_in(entry, organiser)
    round_ = drafting.draft_round(night, organiser, method="draw", seed=1)
    drafting.start_round(round_, organiser)
    for table in round_.tables.all():
        played_out(table, organiser)
    first = one_hand(organiser, ["Dan", "Eve", "Ann"], FIRST_SECOND_THIRD)
    one_hand(organiser, ["Ben", "Dan", "Eve"], TIE_FOR_FIRST)
    play.correct_hand(first, 1, sm_hand((2, 6, 8)), version=1, by=organiser)
    undone = one_hand(organiser, ["Cy", "Dan", "Eve"], TIE_FOR_FIRST)
    play.undo_last_hand(undone, 1, by=organiser)
    archived = one_hand(organiser, ["Ann", "Cy", "Eve"], FIRST_SECOND_THIRD)
    keeping.set_archived(archived, True, by=organiser)
    one_hand(organiser, ["Eva", "Ben", "Cy"], FIRST_SECOND_THIRD)  # Eva: a casual name
    register.merge_players(
        Player.objects.get(name="Eva"), Player.objects.get(name="Eve"), by=organiser
    )
    game_match(
        organiser,
        "sieben",
        "partners",
        ["Ann", "Ben", "Cy", "Dan"],
        [{"counters": [60, 30]}],
        0,
        {"hands_limit": 1},
    )
    game_match(
        organiser,
        "sheepshead",
        "standard",
        names,
        [{"picker": 0, "partner": 1, "points": 70}],
        0,
        {"hands_limit": 1},
    )
    return organiser


def test_the_check_passes_on_the_test_data(club, capsys):
    assert Match.objects.filter(finished=True).count() >= 7
    assert {"sergeant-major", "sieben", "sheepshead"} <= set(
        RatingPoint.objects.values_list("game", flat=True)
    )
    call_command("rebuild_ratings", "--check")
    assert "3 games checked, 0 differ." in capsys.readouterr().out


def test_the_check_fails_on_a_rating_that_differs_and_the_rebuild_mends_it(club, capsys):
    Rating.objects.filter(player__name="Ann", game="sieben").update(sigma=1.0)
    with pytest.raises(CommandError, match="1 differ"):
        call_command("rebuild_ratings", "--check")
    assert "sieben: 0 points, 1 ratings differ" in capsys.readouterr().out
    call_command("rebuild_ratings")
    call_command("rebuild_ratings", "--check")
