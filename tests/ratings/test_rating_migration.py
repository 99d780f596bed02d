"""Migration 0019 fills what the club rating needs for the matches played before it: when
each finished match finished, and ratings equal to the app's own rebuild."""

import importlib

import pytest
from django.apps import apps

from matches.models import Match, Rating, RatingGame, RatingPoint
from matches.services import keeping, ratings

from ..factories import game_match
from .support import FIRST_SECOND_THIRD, TIE_FOR_FIRST, one_hand, registered

pytestmark = pytest.mark.django_db


def test_it_fills_finishing_times_and_ratings_as_a_rebuild_has_them(owner):
    migration = importlib.import_module("matches.migrations.0019_ratings")
    registered(owner, "Ann", "Ben", "Cy", "Dan")
    one_hand(owner, ["Ann", "Ben", "Cy"], FIRST_SECOND_THIRD)
    one_hand(owner, ["Dan", "Ben", "Cy"], TIE_FOR_FIRST)
    one_hand(owner, ["Ann", "Ben", "Zed"], FIRST_SECOND_THIRD)  # Zed casual: not rated
    archived = one_hand(owner, ["Ann", "Ben", "Dan"], TIE_FOR_FIRST)
    keeping.set_archived(archived, True, by=owner)
    one_hand(owner, ["Ann", "Ben", "Cy"], FIRST_SECOND_THIRD, finish=False)  # going on
    game_match(
        owner,
        "sieben",
        "partners",
        ["Ann", "Ben", "Cy", "Dan"],
        [{"counters": [30, 60]}],
        0,
        {"hands_limit": 1},
    )
    # As 0019 found the database: no finishing times, no ratings.
    Match.objects.update(finished_at=None)
    for model in (RatingPoint, Rating, RatingGame):
        model.objects.all().delete()

    migration.fill(apps, None)

    assert not Match.objects.filter(finished=True, finished_at=None).exists()
    assert not Match.objects.filter(finished=False).exclude(finished_at=None).exists()
    assert RatingPoint.objects.filter(game="sergeant-major").count() == 6
    assert RatingPoint.objects.filter(game="sieben").count() == 4
    assert ratings.rebuild(check=True) == []
