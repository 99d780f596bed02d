"""Helpers of the rating tests: registered players and short finished matches."""

from matches.models import Match, Rating, RatingPoint
from matches.services import play, ratings
from matches.services import players as register

from ..factories import game_match, sm_hand


def registered(by, *names):
    """Players of the register (not casual), by name."""
    return [register.create_player(name=name, by=by) for name in names]


def one_hand(owner, names, tricks, *, finish=True):
    """A Sergeant Major 8-5-3 match of one hand (``hands_limit`` 1) with ``tricks`` taken
    by seats 0, 1, 2 (dealer seat 0: targets 8, 5, 3); ``finish=False``: two hands
    planned, so the one hand leaves it going on."""
    options = {"hands_limit": 1 if finish else 2}
    return game_match(owner, "sergeant-major", "8-5-3", names, [sm_hand(tricks)], 0, options)


# Tricks for seats 0, 1, 2 and the places they give (dealer 0: targets 8, 5, 3).
FIRST_SECOND_THIRD = (10, 5, 1)  # +2, 0, -2
TIE_FOR_FIRST = (9, 6, 1)  # +1, +1, -2


def stored():
    """Every stored point and rating, comparable."""
    points = sorted(
        RatingPoint.objects.values_list(
            "game", "match_id", "player_id", "finished_at", "rank", "mu", "sigma", "number"
        )
    )
    kept = sorted(
        Rating.objects.values_list(
            "game", "player_id", "mu", "sigma", "ordinal", "matches", "last_played"
        )
    )
    return points, kept


def rebuilt():
    """What a rebuild from scratch stores (the stored rows are put back after)."""
    return stored_after(lambda: ratings.rebuild())


def stored_after(change):
    change()
    return stored()


def record(match, tricks, by):
    match = Match.objects.get(pk=match.pk)
    play.record_hand(match, len(match.hands.all()) + 1, sm_hand(tricks), by=by)
