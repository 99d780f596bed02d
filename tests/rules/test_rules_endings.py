"""Why a match ended, and who may tie at the limit: what the rules derive for the pages to
word (issue 9), no database.

``MatchState.ending`` names how the match ended (sergeant_major/rules.md §1.2's end conditions,
§1.3's tie-breaks, Sieben's tally, a stop); ``may_tie`` names the seats that could end the coming
hand tied at the point limit with equal gains, when only the last trick tells them apart.
Expected figures are worked out by hand in the comments (targets by seat, seat 0 first).
"""

import pytest
from django.utils import translation

from matches.errors import explain
from matches.games.sergeant_major.rules import CALLS
from matches.rules import Ending, RuleError, get_ruleset, replay, stop
from matches.rules.base import (
    ALL_CALLS,
    BY_GAIN,
    BY_LAST_TRICK,
    HANDS_LIMIT,
    POINT_BAND,
    POINT_LIMIT,
    STOPPED,
    TRICKS,
    Phrases,
    Term,
)

THREE = ("Ann", "Ben", "Cy")
FOUR = ("North", "East", "South", "West")


def sm(variant="8-5-3", **options):
    return get_ruleset("sergeant-major", variant, options or None)


def hand(tricks, trump="hearts", **extra):
    return {"tricks": list(tricks), "trump": trump, **extra}


def play(hands, variant="8-5-3", names=THREE, **options):
    return replay(sm(variant, **options), names, hands)


POINTS_3 = {"win_tricks": None, "point_limit": 3}


# -- how the match ended --------------------------------------------------------------


def test_a_seat_with_12_tricks_ends_it_and_the_ending_names_seat_and_count():
    state = play([hand([9, 4, 3]), hand([2, 13, 1])])  # hand 2: Ben deals and takes 13
    assert state.ending == Ending(TRICKS, (1,), 2, seat=1, count=13)


def test_a_total_at_the_point_limit_names_the_limit_and_no_tie_break():
    # Hand 1 (Ann deals, 8-5-3): +2, 0, −2. Hand 2 (Ben deals, 3-8-5): +1, 0, −1: Ann 3.
    state = play([hand([10, 5, 1]), hand([4, 8, 4])], **POINTS_3)
    assert state.ending == Ending(POINT_LIMIT, (0,), 2, count=3)


def test_a_tie_at_the_limit_broken_by_the_bigger_gain():
    # Totals (2, 0, −2), then gains +1, +3, −4: Ann and Ben both at 3, Ben gained more.
    state = play([hand([10, 5, 1]), hand([4, 11, 1])], **POINTS_3)
    assert state.ending == Ending(POINT_LIMIT, (1,), 2, count=3, tie_break=BY_GAIN, tied=(0, 1))


@pytest.mark.parametrize("last", [0, 1])
def test_a_tie_at_the_limit_broken_by_the_last_trick(last):
    # Totals (1, 1, −2), then gains +2, +2, −4: (3, 3, −6), equal gains.
    state = play([hand([9, 6, 1]), hand([5, 10, 1], last_trick=last)], **POINTS_3)
    assert state.ending == Ending(
        POINT_LIMIT, (last,), 2, count=3, tie_break=BY_LAST_TRICK, tied=(0, 1)
    )


def test_the_refusal_of_a_tie_without_the_last_trick_names_the_tied_seats():
    with pytest.raises(RuleError) as caught:
        play([hand([9, 6, 1]), hand([5, 10, 1])], **POINTS_3)
    error = caught.value
    assert error.field == "hands.2.last_trick"
    assert str(error) == (
        "Ann & Ben reach +3 with equal totals and equal gains: which of them took a trick last?"
    )


def test_the_point_band_names_the_seat_that_reached_it():
    # Ann deals: +2, 0, −2; the band of 2 is reached by Ann (+2) and Cy (−2): Ann first.
    state = play([hand([10, 5, 1])], win_tricks=None, point_band=2)
    assert state.ending == Ending(POINT_BAND, (0,), 1, seat=0, count=2)


def test_the_hands_limit():
    state = play([hand([9, 4, 3])], hands_limit=1)
    assert state.ending == Ending(HANDS_LIMIT, (0,), 1)


def test_the_alternate_game_ends_when_every_call_is_made():
    # 18 hands, each dealer's calls in the order of CALLS, every seat making its target.
    hands = []
    for number in range(18):
        dealer = number % 3
        tricks = [(8, 5, 3)[(seat - dealer) % 3] for seat in range(3)]
        hands.append({"tricks": tricks, "call": CALLS[number // 3]})
    state = play(hands, variant="alternate")
    assert state.ending == Ending(ALL_CALLS, (0, 1, 2), 18)


def test_a_stop_ends_with_the_highest_total():
    state = stop(play([hand([9, 4, 3])]))
    assert state.ending == Ending(STOPPED, (0,), 1)
    assert stop(state) is state  # a finished match stays as it ended


def test_sieben_ends_at_the_tally_and_after_the_hands():
    two = get_ruleset("sieben", "two-player")
    # Each round Ann takes all 90 counters: 2 points a round, 12 after six.
    rounds = [{"counters": [90, 0], "no_trick": False}] * 6
    assert replay(two, ("Ann", "Ben"), rounds).ending == Ending(POINT_LIMIT, (0,), 6, count=12)
    short = get_ruleset("sieben", "two-player", {"point_limit": None, "hands_limit": 2})
    state = replay(short, ("Ann", "Ben"), [{"counters": [30, 60], "no_trick": False}] * 2)
    assert state.ending == Ending(HANDS_LIMIT, (1,), 2)


def test_sheepshead_ends_after_its_hands():
    rules = get_ruleset("sheepshead", "3-handed", {"hands_limit": 1})
    state = replay(rules, THREE, [{"picker": 2, "points": 95}])
    assert state.ending == Ending(HANDS_LIMIT, (2,), 1)


def test_a_match_in_play_has_no_ending():
    assert play([hand([9, 4, 3])]).ending is None


# -- who may tie at the limit (§1.3) -------------------------------------------------------


def may_tie(state):
    return state.next_hand.detail.may_tie


def test_a_points_race_to_ten_cannot_tie_in_the_first_hand():
    # Reaching 10 needs 18 tricks for the dealer and 15 for eldest: no two seats get there.
    assert may_tie(replay(sm("8-5-3-points"), THREE, [])) == ()


def test_two_seats_with_equal_totals_that_can_both_reach_the_limit():
    # Limit 3, totals all 0, Ann deals (8, 5, 3): Ben and Cy each gain 3 with 8 and 6
    # tricks (14 of 16); Ann with either needs 11 + 8 or 11 + 6 tricks, more than 16.
    assert may_tie(play([], **POINTS_3)) == (1, 2)
    # After hand 1 (+1, +1, −2), Ben deals (3, 8, 5): Ann and Ben gain 2 with 5 and 10.
    assert may_tie(play([hand([9, 6, 1])], **POINTS_3)) == (0, 1)


def test_no_tie_without_equal_totals():
    # After hand 1: (+2, 0, −2).
    assert may_tie(play([hand([10, 5, 1])], **POINTS_3)) == ()


def test_no_tie_question_where_win_tricks_decides_first():
    # As above, Ben would need 10 tricks: with win_tricks 10 he simply wins (§1.2).
    assert may_tie(play([hand([9, 6, 1])], win_tricks=10, point_limit=3)) == ()
    assert may_tie(play([hand([9, 6, 1])], win_tricks=11, point_limit=3)) == (0, 1)


def test_no_tie_question_without_a_point_limit():
    assert may_tie(play([])) == ()


def test_in_miz_targets_are_maxima_so_other_seats_can_tie():
    # Alternate game, limit 3, totals 0, Ann deals (8, 5, 3). With only miz left to the
    # dealer every pair can gain 3 (taking 5, 2 and 0 tricks); with only trumps, Ben & Cy.
    rules = sm("alternate", point_limit=3)
    targets, totals = (8, 5, 3), (0, 0, 0)
    assert rules.may_tie(totals, targets, 0, (("miz",), (), ())) == (0, 1, 2)
    assert rules.may_tie(totals, targets, 0, (("clubs",), (), ())) == (1, 2)


# -- the plucking that does not settle (§1.6) ----------------------------------------------

FIRST = {"tricks": [3, 3, 4, 3], "trump": "clubs"}  # North −2, East −1, South +2, West +1


def test_a_plucking_that_does_not_settle_names_every_seat_with_a_real_minus():
    plucked = [
        {"from": 2, "to": 0, "cards": 2},
        {"from": 3, "to": 0, "cards": 1},
    ]
    with pytest.raises(RuleError) as caught:
        play([FIRST, {**hand([4, 4, 3, 2]), "exchanges": plucked}], "four-player", FOUR)
    error = caught.value
    assert error.field == "hands.2.exchanges"
    assert isinstance(error.params["misfits"], Phrases)
    assert str(error) == (
        "Each seat that was up passes exactly what it was up, each seat that was down "
        "receives exactly what it was down: North was −2 but passes 0 and receives 3; "
        "East was −1 but passes 0 and receives 0."
    )
    with translation.override("de"):
        german = explain(error)
    assert "North stand bei −2, gibt aber 0 und erhält 3; East stand bei −1" in german


# -- options named in the program's words ---------------------------------------------


def test_win_tricks_is_named_as_a_term_so_a_form_can_word_it_its_own_way():
    with pytest.raises(RuleError) as caught:
        sm(win_tricks=20)
    error = caught.value
    assert error.params["name"] == Term("win_tricks")
    assert isinstance(error.params["name"], Term)
    assert str(error) == "win_tricks cannot be more than the 16 tricks in a hand."
