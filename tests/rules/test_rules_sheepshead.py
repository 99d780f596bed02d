"""American Sheepshead by example: every rule of sheepshead/rules.md §2, no database.

Expected figures are worked out by hand from the seed's five-player table
(seeds/003: alone +4/+8/+12, with partner +2/+4/+6, partner +1/+2/+3, each opponent
-1/-2/-3, mirrored for losses) and from sheepshead/rules.md §2.4-§2.6, not taken from the rules
code.
"""

import pytest

from matches.games.sheepshead.rules import SheepsheadHand, SheepsheadNext
from matches.rules import RuleError, get_ruleset, play_hand, replay

PLAYERS = {
    3: ("Ann", "Ben", "Cy"),
    4: ("Ann", "Ben", "Cy", "Dee"),
    5: ("Ann", "Ben", "Cy", "Dee", "Eve"),
    6: ("Ann", "Ben", "Cy", "Dee", "Eve", "Fay"),
    7: ("Ann", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus"),
}
VARIANTS = {3: "3-handed", 4: "4-handed", 5: "standard", 6: "6-handed", 7: "7-handed"}
NOBODY = {"picker": None}


def sh(variant="standard", options=None):
    return get_ruleset("sheepshead", variant, options)


def picked(picker, partner=None, points=70, **flags):
    return {"picker": picker, "partner": partner, "points": points, **flags}


def play(hands, variant="standard", options=None, first_dealer=0, stopped=False):
    ruleset = sh(variant, options)
    return replay(ruleset, PLAYERS[ruleset.seats], hands, first_dealer, stopped=stopped)


def refused(data, variant="standard", options=None, first_dealer=0):
    """The RuleError that the first hand ``data`` raises (field without a hands. prefix)."""
    ruleset = sh(variant, options)
    state = replay(ruleset, PLAYERS[ruleset.seats], [], first_dealer)
    with pytest.raises(RuleError) as caught:
        play_hand(ruleset, state, data)
    return caught.value


def scores(*hands, **kwargs):
    return [h.scores for h in play(list(hands), **kwargs).hands]


# -- the seed's five-player table (§2.4, §2.5) -------------------------------------------

# (points, all_tricks, no_trick) -> picker alone, picker with partner, partner, opponent
TABLE = [
    ((120, True, False), 12, 6, 3, -3),  # alle Stiche
    ((120, False, False), 8, 4, 2, -2),  # 91 bis 120 Augen
    ((105, False, False), 8, 4, 2, -2),
    ((91, False, False), 8, 4, 2, -2),
    ((90, False, False), 4, 2, 1, -1),  # 61 bis 90 Augen
    ((75, False, False), 4, 2, 1, -1),
    ((61, False, False), 4, 2, 1, -1),
    ((60, False, False), -4, -2, -1, 1),  # 31 bis 60 Augen
    ((45, False, False), -4, -2, -1, 1),
    ((31, False, False), -4, -2, -1, 1),
    ((30, False, False), -8, -4, -2, 2),  # 0 bis 30 Augen
    ((12, False, False), -8, -4, -2, 2),
    ((0, False, False), -8, -4, -2, 2),
    ((0, False, True), -12, -6, -3, 3),  # kein Stich
]


@pytest.mark.parametrize(("result", "alone", "with_partner", "partner", "opponent"), TABLE)
def test_five_players_picker_with_partner_follows_the_seed_table(
    result, alone, with_partner, partner, opponent
):
    points, all_tricks, no_trick = result
    data = picked(0, 1, points, all_tricks=all_tricks, no_trick=no_trick)
    (played,) = play([data]).hands
    assert played.scores == (with_partner, partner, opponent, opponent, opponent)
    assert list(played.active) == [0, 1, 2, 3, 4]
    assert played.detail == SheepsheadHand(multiplier=partner)


@pytest.mark.parametrize(("result", "alone", "with_partner", "partner", "opponent"), TABLE)
def test_five_players_picker_alone_follows_the_seed_table(
    result, alone, with_partner, partner, opponent
):
    points, all_tricks, no_trick = result
    data = picked(2, None, points, all_tricks=all_tricks, no_trick=no_trick)
    (played,) = play([data]).hands
    assert played.scores == (opponent, opponent, alone, opponent, opponent)
    assert played.detail.multiplier == -opponent


def test_who_sits_where_does_not_matter():
    # Picker 4, partner 0, dealer 2: 95 points is a double win.
    assert scores(picked(4, 0, 95), first_dealer=2) == [(2, -2, -2, -2, 4)]


def test_it_keeps_the_hand_input_normalised():
    state = play([{"picker": 3, "points": 70}])
    assert state.hands[0].input == {
        "picker": 3,
        "partner": None,
        "points": 70,
        "all_tricks": False,
        "no_trick": False,
    }


# -- boundaries (§2.4) --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("points", "m"),
    [(30, -2), (31, -1), (60, -1), (61, 1), (90, 1), (91, 2), (119, 2), (120, 2), (0, -2)],
)
def test_the_boundaries_of_the_multiplier(points, m):
    (played,) = play([picked(0, 1, points)]).hands
    assert played.detail.multiplier == m
    assert played.scores == (2 * m, m, -m, -m, -m)


def test_all_tricks_with_120_is_plus_3_and_120_without_it_plus_2():
    assert scores(picked(0, 1, 120, all_tricks=True)) == [(6, 3, -3, -3, -3)]
    assert scores(picked(0, 1, 120)) == [(4, 2, -2, -2, -2)]
    assert scores(picked(0, 1, 120, all_tricks=False)) == [(4, 2, -2, -2, -2)]


def test_no_trick_with_0_is_minus_3_and_0_without_it_minus_2():
    # 0 points without no_trick: the picker side took a trick worth nothing (9, 8, 7, 7...).
    assert scores(picked(0, 1, 0, no_trick=True)) == [(-6, -3, 3, 3, 3)]
    assert scores(picked(0, 1, 0)) == [(-4, -2, 2, 2, 2)]
    assert scores(picked(0, 1, 0, no_trick=False)) == [(-4, -2, 2, 2, 2)]


# -- the hand's consistency (§2.3) -----------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "field"),
    [
        (picked(0, 1, 119, all_tricks=True), "all_tricks"),
        (picked(0, 1, 1, no_trick=True), "no_trick"),
        (picked(0, None, 60, all_tricks=True), "all_tricks"),
        (picked(0, None, 120, no_trick=True), "no_trick"),
        (picked(2, 2), "partner"),
        (picked(5), "picker"),
        (picked(-1), "picker"),
        (picked(0, 5), "partner"),
        (picked(0, -1), "partner"),
        (picked("0"), "picker"),
        (picked(True), "picker"),
        (picked(0, True), "partner"),
        (picked(0, 1, 121), "points"),
        (picked(0, 1, -1), "points"),
        (picked(0, 1, "60"), "points"),
        (picked(0, 1, 60.0), "points"),
        (picked(0, 1, None), "points"),
        (picked(0, 1, True), "points"),
        ({"picker": 0, "partner": 1}, "points"),
        (picked(0, 1, 70, all_tricks="yes"), "all_tricks"),
        (picked(0, 1, 0, no_trick=1), "no_trick"),
        ({"picker": None, "partner": 2}, "partner"),
        ({"picker": None, "partner": 0}, "partner"),  # seat 0 is a partner too
        ({"partner": 3}, "partner"),
        ({"picker": None, "points": 70}, "points"),
        ({"picker": None, "points": 0, "all_tricks": True}, "all_tricks"),
        ({"picker": None, "no_trick": True}, "no_trick"),
        ({**picked(0, 1), "bid": 1}, "bid"),
        ({**picked(0, 1), "tricks": [1, 2, 3, 4, 5]}, "tricks"),
        ({**picked(0, 1), "leaster_winner": 2}, "leaster_winner"),  # not a leaster game
        ({**picked(0, 1), "cracked": True}, "cracked"),  # no cracking
        ({**picked(0, 1), "recracked": False}, "recracked"),
    ],
)
def test_it_refuses_an_inconsistent_hand(data, field):
    assert refused(data).field == field


def test_an_unknown_field_is_named():
    error = refused({**picked(0, 1), "bid": 1})
    assert error.params == {"name": "bid"}


@pytest.mark.parametrize("data", [[0, 1, 70], "picker 0", None])
def test_it_refuses_a_hand_that_is_not_an_object(data):
    refused(data)


def test_replay_names_the_hand_that_is_refused():
    with pytest.raises(RuleError) as caught:
        play([picked(0, 1, 70), picked(0, 1, 121)])
    assert caught.value.field == "hands.2.points"


def test_the_partner_and_flags_may_be_left_out():
    assert scores({"picker": 1, "points": 61}) == [(-1, 4, -1, -1, -1)]


# -- nobody picks (§2.6 all_pass) -------------------------------------------------------------


def test_redeal_is_the_default_and_scores_nothing():
    assert sh().options["all_pass"] == "redeal"
    state = play([NOBODY, {"picker": None, "points": 0}], first_dealer=3)
    assert [h.scores for h in state.hands] == [(0,) * 5, (0,) * 5]
    assert [(list(h.active), h.detail) for h in state.hands] == [
        ([0, 1, 2, 3, 4], SheepsheadHand(multiplier=None))
    ] * 2
    # Each all-pass counts as a hand and the deal passes to the left.
    assert [h.dealer for h in state.hands] == [3, 4]
    assert state.next_hand.number == 3
    assert state.next_hand.dealer == 0
    assert state.next_hand.detail == SheepsheadNext(doublers=0)


def test_redeal_does_not_double_the_next_hand():
    assert scores(NOBODY, picked(0, 1, 70))[-1] == (2, 1, -1, -1, -1)


LEASTER = {"all_pass": "leaster"}


def test_leaster_winner_takes_one_from_every_other_seat():
    state = play([{"picker": None, "leaster_winner": 2}], options=LEASTER)
    (played,) = state.hands
    assert played.scores == (-1, -1, 4, -1, -1)
    assert list(played.active) == [0, 1, 2, 3, 4]
    assert played.detail == SheepsheadHand(multiplier=None)
    assert played.input == {"picker": None, "leaster_winner": 2}
    assert state.next_hand.dealer == 1


def test_leaster_at_three_and_seven():
    three = [{"picker": None, "leaster_winner": 0}]
    assert scores(*three, variant="3-handed", options=LEASTER) == [(2, -1, -1)]
    seven = [{"picker": None, "leaster_winner": 6}]
    assert scores(*seven, variant="7-handed", options=LEASTER) == [(-1,) * 6 + (6,)]


def test_leaster_picked_hands_score_as_usual():
    data = [picked(0, 1, 70), {"picker": None, "leaster_winner": 4}, picked(0, 1, 70)]
    assert scores(*data, options=LEASTER) == [
        (2, 1, -1, -1, -1),
        (-1, -1, -1, -1, 4),
        (2, 1, -1, -1, -1),  # a leaster does not double anything
    ]


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"picker": None}, "leaster_winner"),
        ({"picker": None, "leaster_winner": None}, "leaster_winner"),
        ({"picker": None, "leaster_winner": 5}, "leaster_winner"),
        ({"picker": None, "leaster_winner": "2"}, "leaster_winner"),
        ({"picker": None, "leaster_winner": 2, "partner": 1}, "partner"),
        ({"picker": None, "leaster_winner": 2, "points": 40}, "points"),
        ({**picked(0, 1), "leaster_winner": 2}, "leaster_winner"),  # someone picked
        ({**picked(0, 1), "leaster_winner": 0}, "leaster_winner"),
    ],
)
def test_leaster_refusals(data, field):
    assert refused(data, options=LEASTER).field == field


@pytest.mark.parametrize("all_pass", ["redeal", "doubler"])
def test_leaster_winner_is_unknown_outside_a_leaster_game(all_pass):
    error = refused({"picker": None, "leaster_winner": 2}, options={"all_pass": all_pass})
    assert error.field == "leaster_winner"


DOUBLER = {"all_pass": "doubler"}


def test_doubler_scores_nothing_and_doubles_the_next_scored_hand():
    state = play([NOBODY, picked(0, 1, 70)], options=DOUBLER)
    first, second = state.hands
    assert first.scores == (0,) * 5
    assert first.detail.multiplier is None
    assert second.scores == (4, 2, -2, -2, -2)
    assert second.detail.multiplier == 2


def test_doubler_shows_the_pending_doubles_before_the_next_deal():
    assert play([], options=DOUBLER).next_hand.detail.doublers == 0
    assert play([NOBODY], options=DOUBLER).next_hand.detail.doublers == 1
    assert play([NOBODY, NOBODY], options=DOUBLER).next_hand.detail.doublers == 2
    assert play([NOBODY, picked(0)], options=DOUBLER).next_hand.detail.doublers == 0


def test_consecutive_doublers_stack():
    # Two doublers: x4; three: x8.
    assert scores(NOBODY, NOBODY, picked(0, 1, 70), options=DOUBLER)[-1] == (8, 4, -4, -4, -4)
    three = scores(NOBODY, NOBODY, NOBODY, picked(3, None, 95), options=DOUBLER)[-1]
    assert three == (-16, -16, -16, 64, -16)


def test_doubler_doubles_a_loss_too():
    assert scores(NOBODY, picked(0, 1, 45), options=DOUBLER)[-1] == (-4, -2, 2, 2, 2)


def test_doubler_resets_after_a_scored_hand():
    data = [NOBODY, picked(0, 1, 70), picked(0, 1, 70), NOBODY, picked(2, None, 20)]
    assert scores(*data, options=DOUBLER) == [
        (0,) * 5,
        (4, 2, -2, -2, -2),
        (2, 1, -1, -1, -1),
        (0,) * 5,
        (4, 4, -16, 4, 4),  # alone, 0-30: m = -2, doubled -4
    ]


def test_doubler_hands_pass_the_deal():
    state = play([NOBODY, NOBODY], options=DOUBLER, first_dealer=4)
    assert [h.dealer for h in state.hands] == [4, 0]
    assert state.next_hand.dealer == 1


# -- double_on_bump, cracking (§2.6) -------------------------------------------------------------

BUMP = {"double_on_bump": True}


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (picked(0, 1, 45), (-4, -2, 2, 2, 2)),  # -1 doubled
        (picked(0, 1, 20), (-8, -4, 4, 4, 4)),  # -2 doubled
        (picked(0, 1, 0, no_trick=True), (-12, -6, 6, 6, 6)),  # -3 doubled
        (picked(0, None, 60), (-8, 2, 2, 2, 2)),  # alone: -1 doubled
        (picked(0, 1, 61), (2, 1, -1, -1, -1)),  # a win is not doubled
        (picked(0, 1, 120, all_tricks=True), (6, 3, -3, -3, -3)),
    ],
)
def test_double_on_bump_doubles_a_loss_only(data, expected):
    assert scores(data, options=BUMP) == [expected]


def test_double_on_bump_and_doubler_multiply():
    options = {**BUMP, **DOUBLER}
    (hand,) = play([NOBODY, picked(0, 1, 45)], options=options).hands[1:]
    assert hand.detail.multiplier == -4
    assert hand.scores == (-8, -4, 4, 4, 4)


CRACK = {"cracking": True}


@pytest.mark.parametrize(
    ("flags", "m"),
    [
        ({}, 1),
        ({"cracked": False}, 1),
        ({"cracked": True}, 2),
        ({"cracked": True, "recracked": False}, 2),
        ({"cracked": True, "recracked": True}, 4),
    ],
)
def test_cracked_doubles_and_recracked_quadruples(flags, m):
    (hand,) = play([picked(0, 1, 70, **flags)], options=CRACK).hands
    assert hand.detail.multiplier == m
    assert hand.scores == (2 * m, m, -m, -m, -m)


def test_cracking_applies_to_losses_and_records_the_flags():
    (hand,) = play([picked(0, None, 45, cracked=True)], options=CRACK).hands
    assert hand.scores == (-8, 2, 2, 2, 2)
    assert hand.input["cracked"] is True
    assert hand.input["recracked"] is False


def test_cracking_bump_and_doubler_all_multiply():
    options = {**CRACK, **BUMP, **DOUBLER}
    data = [NOBODY, picked(0, 1, 45, cracked=True, recracked=True)]
    (hand,) = play(data, options=options).hands[1:]
    assert hand.detail.multiplier == -1 * 2 * 4 * 2
    assert hand.scores == (-32, -16, 16, 16, 16)


@pytest.mark.parametrize(
    ("data", "options", "field"),
    [
        (picked(0, 1, 70, recracked=True), CRACK, "recracked"),
        (picked(0, 1, 70, cracked=False, recracked=True), CRACK, "recracked"),
        (picked(0, 1, 70, cracked="yes"), CRACK, "cracked"),
        ({"picker": None, "cracked": True}, CRACK, "cracked"),
        (picked(0, 1, 70, cracked=True), None, "cracked"),
        (picked(0, 1, 70, cracked=False), None, "cracked"),
        (picked(0, 1, 70, cracked=True, recracked=True), None, "cracked"),
        (picked(0, 1, 70, recracked=True), None, "recracked"),
    ],
)
def test_cracking_refusals(data, options, field):
    assert refused(data, options=options).field == field


# -- dealer_sits_out (§2.6) --------------------------------------------------------------------


def test_six_handed_has_the_dealer_sit_out_by_default():
    assert sh("6-handed").options["dealer_sits_out"] is True
    assert sh().options["dealer_sits_out"] is False


def test_the_dealer_sits_out_and_scores_0():
    state = play([picked(1, 2, 70), picked(0, None, 95)], variant="6-handed", first_dealer=0)
    first, second = state.hands
    assert first.dealer == 0
    assert list(first.active) == [1, 2, 3, 4, 5]
    assert first.detail == SheepsheadHand(multiplier=1)
    assert first.scores == (0, 2, 1, -1, -1, -1)
    assert second.dealer == 1
    assert list(second.active) == [0, 2, 3, 4, 5]
    assert second.scores == (8, 0, -2, -2, -2, -2)
    assert list(state.next_hand.active) == [0, 1, 3, 4, 5]


def test_the_dealer_sits_out_of_a_leaster():
    options = {"all_pass": "leaster"}
    data = [{"picker": None, "leaster_winner": 4}]
    assert scores(*data, variant="6-handed", options=options, first_dealer=2) == [
        (-1, -1, 0, -1, 4, -1)
    ]


@pytest.mark.parametrize(
    ("data", "field"),
    [
        (picked(3, 1), "picker"),
        (picked(1, 3), "partner"),
        ({"picker": None, "leaster_winner": 3}, "leaster_winner"),
    ],
)
def test_the_dealer_who_sits_out_cannot_take_part(data, field):
    error = refused(data, "6-handed", {"all_pass": "leaster"}, first_dealer=3)
    assert error.field == field


def test_six_handed_without_sitting_out_everyone_plays():
    state = play([picked(0, None, 70)], variant="6-handed", options={"dealer_sits_out": False})
    assert state.hands[0].scores == (5, -1, -1, -1, -1, -1)
    assert list(state.hands[0].active) == [0, 1, 2, 3, 4, 5]


@pytest.mark.parametrize("variant", ["standard", "3-handed", "4-handed", "7-handed"])
def test_sitting_out_is_refused_at_other_table_sizes(variant):
    with pytest.raises(RuleError) as caught:
        sh(variant, {"dealer_sits_out": True})
    assert caught.value.field == "options.dealer_sits_out"


# -- table sizes (§2.1, §2.5) ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seats", "data", "expected"),
    [
        (3, picked(0, None, 70), (2, -1, -1)),
        (3, picked(1, None, 95), (-2, 4, -2)),
        (3, picked(2, None, 120, all_tricks=True), (-3, -3, 6)),
        (3, picked(0, None, 20), (-4, 2, 2)),
        (3, picked(0, None, 0, no_trick=True), (-6, 3, 3)),
        (4, picked(0, None, 70), (3, -1, -1, -1)),
        (4, picked(0, 2, 70), (1, -1, 1, -1)),
        (4, picked(3, 1, 50), (1, -1, 1, -1)),
        (4, picked(3, None, 50), (1, 1, 1, -3)),
        (6, picked(1, None, 70), (0, 4, -1, -1, -1, -1)),  # dealer 0 sits out
        (6, picked(1, 4, 91), (0, 4, -2, -2, 2, -2)),
        (7, picked(0, None, 70), (6, -1, -1, -1, -1, -1, -1)),
        (7, picked(6, 3, 95), (-2, -2, -2, 2, -2, -2, 8)),
        (7, picked(6, 3, 0, no_trick=True), (3, 3, 3, -3, 3, 3, -12)),
    ],
)
def test_table_sizes(seats, data, expected):
    state = play([data], variant=VARIANTS[seats])
    assert len(state.players) == seats
    assert state.hands[0].scores == expected
    assert sum(expected) == 0


@pytest.mark.parametrize("seats", [3, 4, 5, 6, 7])
def test_each_variant_needs_its_table_size(seats):
    ruleset = sh(VARIANTS[seats])
    assert ruleset.seats == seats
    with pytest.raises(RuleError) as caught:
        replay(ruleset, PLAYERS[5 if seats != 5 else 4], [])
    assert caught.value.field == "players"


def test_it_refuses_an_unknown_variant_and_bad_options():
    with pytest.raises(RuleError) as caught:
        sh("2-handed")
    assert caught.value.field == "variant"
    for options, field in [
        ({"all_pass": "pass"}, "options.all_pass"),
        ({"double_on_bump": 1}, "options.double_on_bump"),
        ({"cracking": None}, "options.cracking"),
        ({"hands_limit": 0}, "options.hands_limit"),
        ({"point_limit": 12}, "options.point_limit"),
    ]:
        with pytest.raises(RuleError) as caught:
            sh("standard", options)
        assert caught.value.field == field


def test_the_defaults():
    assert sh().options == {
        "hands_limit": None,
        "all_pass": "redeal",
        "double_on_bump": False,
        "cracking": False,
        "dealer_sits_out": False,
    }


def test_there_is_no_set_up_and_the_first_dealer_must_sit_at_the_table():
    with pytest.raises(RuleError):
        replay(sh(), PLAYERS[5], [], 0, {"bid": 8})
    with pytest.raises(RuleError) as caught:
        replay(sh(), PLAYERS[5], [], 5)
    assert caught.value.field == "first_dealer"


# -- dealer rotation (§2.1) ----------------------------------------------------------------------


@pytest.mark.parametrize("seats", [3, 4, 5, 6, 7])
@pytest.mark.parametrize("first_dealer", [0, 2])
def test_the_deal_passes_to_the_left(seats, first_dealer):
    # Seat (dealer + 1) picks: never the dealer, so it also fits the six-handed game.
    data = []
    for k in range(seats + 2):
        data.append(picked((first_dealer + k + 1) % seats) if k % 3 else NOBODY)
    state = play(data, variant=VARIANTS[seats], first_dealer=first_dealer)
    assert [h.dealer for h in state.hands] == [(first_dealer + k) % seats for k in range(seats + 2)]
    assert [h.number for h in state.hands] == list(range(1, seats + 3))
    assert state.next_hand.dealer == (first_dealer + seats + 2) % seats
    assert state.next_hand.number == seats + 3
    assert state.next_hand.targets is None
    assert state.next_hand.exchanges == ()


# -- the end of a match (§2.7) ------------------------------------------------------------------


def test_open_ended_by_default():
    state = play([picked(0, 1, 70)] * 30)
    assert not state.finished
    assert state.winners == ()


def test_hands_limit_ends_the_match_and_the_highest_total_wins():
    options = {"hands_limit": 3}
    two = play([picked(0, 1, 70), picked(2, None, 95)], options=options)
    assert not two.finished
    state = play([picked(0, 1, 70), picked(2, None, 95), NOBODY], options=options)
    assert state.totals == (0, -1, 7, -3, -3)
    assert state.finished
    assert state.next_hand is None
    assert state.winners == (2,)
    with pytest.raises(RuleError) as caught:
        play([picked(0, 1, 70), picked(2, None, 95), NOBODY, picked(0)], options=options)
    assert caught.value.field == "hands.4"


def test_hands_limit_equal_highest_share():
    # (2, 1, -1, -1, -1) then (-1, 2, -1, -1, 1).
    state = play([picked(0, 1, 70), picked(1, 4, 70)], options={"hands_limit": 2})
    assert state.totals == (1, 3, -2, -2, 0)
    assert state.winners == (1,)
    state = play([picked(0, 1, 70), picked(1, 0, 70)], options={"hands_limit": 2})
    assert state.totals == (3, 3, -2, -2, -2)
    assert state.winners == (0, 1)


def test_hands_limit_counts_all_pass_hands():
    state = play([NOBODY, NOBODY], options={"hands_limit": 2})
    assert state.finished
    assert state.winners == (0, 1, 2, 3, 4)


# A five-player session of 15 hands, dealers 0, 1, 2, 3, 4 three times over.
SESSION = [
    (picked(1, 3, 75), (-1, 2, -1, 1, -1)),  # 61-90 with partner
    (picked(2, None, 95), (-2, -2, 8, -2, -2)),  # alone, 91-120
    (NOBODY, (0, 0, 0, 0, 0)),  # redeal
    (picked(4, 0, 60), (-1, 1, 1, 1, -2)),  # 60 loses
    (picked(0, 2, 120, all_tricks=True), (6, -3, 3, -3, -3)),
    (picked(3, 1, 30), (2, -2, 2, -4, 2)),  # 30: schneider
    (picked(1, None, 0, no_trick=True), (3, -12, 3, 3, 3)),
    (picked(2, 4, 91), (-2, -2, 4, -2, 2)),
    (picked(0, 1, 61), (2, 1, -1, -1, -1)),
    (picked(4, None, 31), (1, 1, 1, 1, -4)),
    (picked(3, 2, 120), (-2, -2, 2, 4, -2)),  # 120 without every trick
    (picked(1, 0, 0), (-2, -4, 2, 2, 2)),  # 0 points, but a trick
    (picked(2, None, 90), (-1, -1, 4, -1, -1)),
    (NOBODY, (0, 0, 0, 0, 0)),
    (picked(0, 4, 85), (2, -1, -1, -1, 1)),
]


def test_a_fifteen_hand_session_end_to_end():
    options = {"hands_limit": 15}
    data = [d for d, _scores in SESSION]
    state = play(data, options=options)
    assert [h.scores for h in state.hands] == [s for _data, s in SESSION]
    assert [h.dealer for h in state.hands] == [0, 1, 2, 3, 4] * 3
    assert state.totals == (5, -24, 27, -2, -6)
    assert state.finished
    assert state.winners == (2,)
    running = state.running_totals()
    assert len(running) == 16
    assert running[7] == (7, -16, 16, -4, -3)
    assert all(sum(totals) == 0 for totals in running)
    # Hand by hand through play_hand gives the same match.
    ruleset = sh("standard", options)
    step = replay(ruleset, PLAYERS[5], [])
    for number, hand in enumerate(data, start=1):
        assert not step.finished
        step = play_hand(ruleset, step, hand, where=f"hands.{number}.")
    assert step == state


def test_the_session_open_ended_and_stopped_after_hand_15():
    data = [d for d, _scores in SESSION]
    state = play(data, stopped=True)
    assert state.finished
    assert state.totals == (5, -24, 27, -2, -6)
    assert state.winners == (2,)


def test_a_stopped_match_is_won_by_the_highest_totals():
    running = play([picked(0, 1, 70), picked(1, 0, 70)])
    assert not running.finished
    state = play([picked(0, 1, 70), picked(1, 0, 70)], stopped=True)
    assert state.finished
    assert state.next_hand is None
    assert state.winners == (0, 1)
    assert state.hands == running.hands
    assert state.totals == running.totals
    with pytest.raises(RuleError) as caught:
        play_hand(sh(), state, picked(0))
    assert caught.value.params == {"number": 2}


def test_a_match_stopped_before_any_hand_is_shared_by_all():
    state = play([], stopped=True)
    assert state.finished
    assert state.winners == (0, 1, 2, 3, 4)


def test_stopping_after_the_hands_limit_changes_nothing():
    options = {"hands_limit": 2}
    data = [picked(0, 1, 70), picked(2, None, 20)]
    assert play(data, options=options, stopped=True) == play(data, options=options)
