"""The stored ratings follow every write that changes what they are derived from, and
always equal a rebuild from scratch (docs/tournaments.md "The club rating")."""

import pytest

from matches.models import Match, Player, Rating, RatingPoint
from matches.services import keeping, play, ratings
from matches.services import players as register

from ..factories import game_match, sm_hand
from .support import FIRST_SECOND_THIRD, TIE_FOR_FIRST, one_hand, rebuilt, registered, stored

pytestmark = pytest.mark.django_db

NAMES = ["Ann", "Ben", "Cy"]


def mus(*names):
    found = dict(Rating.objects.values_list("player__name", "mu"))
    return [round(found[name], 3) if name in found else None for name in names]


def test_a_finished_match_of_registered_players_is_rated_as_the_worked_example(owner):
    registered(owner, *NAMES)
    match = one_hand(owner, NAMES, FIRST_SECOND_THIRD)
    assert mus(*NAMES) == [27.869, 25.717, 21.414]
    sigmas = dict(Rating.objects.values_list("player__name", "sigma"))
    assert [round(sigmas[name], 3) for name in NAMES] == [8.205, 8.058, 8.058]
    assert match.finished_at is not None
    assert set(RatingPoint.objects.values_list("match_id", "rank")) == {
        (match.pk, 1),
        (match.pk, 2),
        (match.pk, 3),
    }
    assert stored() == rebuilt()


def test_a_match_still_going_is_not_rated(owner):
    registered(owner, *NAMES)
    match = one_hand(owner, NAMES, FIRST_SECOND_THIRD, finish=False)
    assert not match.finished and match.finished_at is None
    assert not Rating.objects.exists()


def test_a_casual_match_of_unregistered_names_is_not_rated(owner):
    registered(owner, "Ann", "Ben")
    one_hand(owner, ["Ann", "Ben", "Zed"], FIRST_SECOND_THIRD)
    assert not RatingPoint.objects.exists()
    # Registering Zed (an organiser's edit) rates the match.
    zed = Player.objects.get(name="Zed")
    register.edit_player(zed, {"email": "zed@example.org"}, by=owner)
    assert mus(*NAMES[:2], "Zed") == [27.869, 25.717, 21.414]
    assert stored() == rebuilt()


def test_a_correction_of_a_finished_match_recomputes_it_and_every_later_one(owner):
    registered(owner, *NAMES)
    first = one_hand(owner, NAMES, FIRST_SECOND_THIRD)
    one_hand(owner, NAMES, TIE_FOR_FIRST)
    before = stored()
    hand = first.hands.get()
    play.correct_hand(first, 1, sm_hand((1, 5, 10)), version=hand.version, by=owner)
    assert stored() != before
    assert Match.objects.get(pk=first.pk).finished_at == first.finished_at  # its place kept
    assert stored() == rebuilt()
    ranks = dict(RatingPoint.objects.filter(match=first).values_list("player__name", "rank"))
    assert ranks == {"Ann": 3, "Ben": 2, "Cy": 1}


def test_a_correction_that_keeps_the_places_changes_nothing(owner):
    registered(owner, *NAMES)
    first = one_hand(owner, NAMES, FIRST_SECOND_THIRD)
    before = stored()
    play.correct_hand(first, 1, sm_hand((11, 4, 1)), version=1, by=owner)
    assert stored() == before == rebuilt()


def test_an_undo_that_reopens_a_finished_match_takes_its_event_back(owner):
    registered(owner, *NAMES)
    first = one_hand(owner, NAMES, FIRST_SECOND_THIRD)
    second = one_hand(owner, NAMES, TIE_FOR_FIRST)
    play.undo_last_hand(first, 1, by=owner)
    assert not RatingPoint.objects.filter(match=first).exists()
    assert Match.objects.get(pk=first.pk).finished_at is None
    # The second match is now everyone's first: rated from the start values.
    assert RatingPoint.objects.filter(match=second, number=1).count() == 3
    assert stored() == rebuilt()


def test_a_stop_rates_the_match_as_it_stood_and_a_reopen_takes_it_back(owner):
    registered(owner, *NAMES)
    match = one_hand(owner, NAMES, FIRST_SECOND_THIRD, finish=False)
    play.stop_match(match, by=owner)
    assert mus(*NAMES) == [27.869, 25.717, 21.414]
    play.reopen_match(Match.objects.get(pk=match.pk), by=owner)
    assert not Rating.objects.exists()
    assert stored() == rebuilt()


def test_an_archive_takes_the_match_out_and_a_restore_puts_it_back(owner):
    registered(owner, *NAMES)
    first = one_hand(owner, NAMES, FIRST_SECOND_THIRD)
    one_hand(owner, NAMES, TIE_FOR_FIRST)
    with_both = stored()
    keeping.set_archived(first, True, by=owner)
    assert not RatingPoint.objects.filter(match=first).exists()
    assert stored() == rebuilt()
    keeping.set_archived(Match.objects.get(pk=first.pk), False, by=owner)
    assert stored() == with_both


def test_a_deletion_recomputes_what_came_after(owner):
    registered(owner, *NAMES, "Dan")
    first = one_hand(owner, ["Ann", "Ben", "Dan"], FIRST_SECOND_THIRD)
    one_hand(owner, NAMES, TIE_FOR_FIRST)
    keeping.delete_match(first, by=owner)
    assert not Rating.objects.filter(player__name="Dan").exists()  # Dan played only that
    assert stored() == rebuilt()


def test_a_merge_rates_the_two_as_one_player(owner):
    registered(owner, *NAMES, "Dan")
    one_hand(owner, ["Ann", "Ben", "Dan"], FIRST_SECOND_THIRD)
    one_hand(owner, ["Daniel", "Ben", "Cy"], TIE_FOR_FIRST)  # Daniel: a casual name
    assert not RatingPoint.objects.filter(player__name="Daniel").exists()
    daniel = Player.objects.get(name="Daniel")
    register.merge_players(daniel, Player.objects.get(name="Dan"), by=owner)
    dan = Rating.objects.get(player__name="Dan")
    assert dan.matches == 2
    assert stored() == rebuilt()


def test_a_tournament_table_is_rated_whoever_sits_there(organiser):
    from matches.services import drafting, registration

    from ..factories import played_out, tournament

    night = tournament(organiser, rounds=1, hands_per_round=3)
    entries = registration.register_players(night, organiser, ["Ann", "Ben", "Cy"])
    assert all(entry.player.casual for entry in entries)  # new names at the door
    for entry in entries:
        registration.check_in(entry, organiser)
    round_ = drafting.draft_round(night, organiser, method="draw", seed=1)
    drafting.start_round(round_, organiser)
    played_out(round_.tables.get(), organiser)
    assert Rating.objects.filter(matches=1).count() == 3
    assert stored() == rebuilt()


def test_sieben_partners_are_rated_as_one_team(owner):
    names = ["Ann", "Ben", "Cy", "Dan"]
    registered(owner, *names)
    game_match(owner, "sieben", "partners", names, [{"counters": [60, 30]}], 0, {"hands_limit": 1})
    points = dict(RatingPoint.objects.values_list("player__name", "mu"))
    assert points["Ann"] == points["Cy"] > 25 > points["Ben"] == points["Dan"]
    assert stored() == rebuilt()


def test_rebuild_finds_and_mends_a_stored_rating_that_differs(owner):
    registered(owner, *NAMES)
    one_hand(owner, NAMES, FIRST_SECOND_THIRD)
    assert ratings.rebuild(check=True) == []
    Rating.objects.filter(player__name="Ann").update(mu=30.0)
    RatingPoint.objects.filter(player__name="Ben").delete()
    assert ratings.rebuild(check=True) == ["sergeant-major: 1 points, 1 ratings differ"]
    assert ratings.rebuild() != []
    assert ratings.rebuild(check=True) == []
    assert mus(*NAMES) == [27.869, 25.717, 21.414]
