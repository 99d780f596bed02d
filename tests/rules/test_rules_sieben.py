"""Sieben (Sedma) by example: every rule of sieben/rules.md §3, no database.

Expected figures are worked out by hand from sieben/rules.md §3 and the seed (seeds/004: a round
brings up to 3 points, the loser deals, 12 points win the game, the difference variation
to 500, four of a kind for 4), not taken from the rules code. Per-seat scores are zero-sum:
each seat of the winning side gains the round points once per losing side, each losing
seat gives them up; the tally of round points per side (``state.detail.points``)
decides the game.
"""

import pytest

from matches.games.sieben.rules import SiebenRound, SiebenTally
from matches.rules import RuleError, get_ruleset, play_hand, replay

TWO = ("Anna", "Bert")
THREE = ("Anna", "Bert", "Cleo")
FOUR = ("North", "East", "South", "West")
PLAYERS = {"two-player": TWO, "three-player": THREE, "partners": FOUR}


def sieben(variant="two-player", options=None):
    return get_ruleset("sieben", variant, options)


def rnd(*counters, no_trick=False):
    return {"counters": list(counters), "no_trick": no_trick}


def play(hands, variant="two-player", options=None, first_dealer=0, stopped=False):
    return replay(sieben(variant, options), PLAYERS[variant], hands, first_dealer, stopped=stopped)


def refused(data, variant="two-player", options=None):
    """The RuleError that the first round ``data`` raises (field without a hands. prefix)."""
    ruleset = sieben(variant, options)
    state = replay(ruleset, PLAYERS[variant], [])
    with pytest.raises(RuleError) as caught:
        play_hand(ruleset, state, data)
    return caught.value


def only(data, **kwargs):
    """The one hand played from ``data``."""
    (hand,) = play([data], **kwargs).hands
    assert sum(hand.scores) == 0
    return hand


# -- round points (§3.3) --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "winner", "points"),
    [
        (rnd(50, 40), 0, 1),
        (rnd(60, 30), 0, 1),
        (rnd(80, 10), 0, 1),
        (rnd(40, 50), 1, 1),
        (rnd(10, 80), 1, 1),
        (rnd(90, 0), 0, 2),  # the loser has no counters but took a trick
        (rnd(0, 90), 1, 2),
        (rnd(90, 0, no_trick=True), 0, 3),
        (rnd(0, 90, no_trick=True), 1, 3),
    ],
)
def test_the_three_point_levels(data, winner, points):
    state = play([data])
    (hand,) = state.hands
    assert hand.detail == SiebenRound(winner=winner, points=points)
    expected = [-points, -points]
    expected[winner] = points
    assert hand.scores == tuple(expected)
    assert state.totals == tuple(expected)
    tally = [0, 0]
    tally[winner] = points
    assert state.detail == SiebenTally(tuple(tally))


def test_it_keeps_the_round_input_normalised():
    assert only({"counters": [60, 30]}).input == {"counters": [60, 30], "no_trick": False}
    assert only({"counters": (60, 30)}).input["counters"] == [60, 30]


@pytest.mark.parametrize(
    "data",
    [rnd(80, 10, no_trick=True), rnd(50, 40, no_trick=True), rnd(10, 80, no_trick=True)],
)
def test_no_trick_needs_the_loser_to_have_no_counters(data):
    assert refused(data).field == "no_trick"


def test_no_trick_needs_every_loser_without_counters_with_three():
    assert refused(rnd(80, 10, 0, no_trick=True), "three-player").field == "no_trick"
    assert only(rnd(0, 0, 90, no_trick=True), variant="three-player").detail == SiebenRound(
        winner=2, points=3
    )


@pytest.mark.parametrize(
    ("data", "field"),
    [
        (rnd(55, 35), "counters.0"),
        (rnd(45, 45), "counters.0"),
        (rnd(60, 25), "counters.1"),
        (rnd(50, 30), "counters"),  # 80
        (rnd(60, 40), "counters"),  # 100
        (rnd(90), "counters"),
        (rnd(50, 40, 0), "counters"),
        (rnd(100, -10), "counters.1"),
        (rnd(-10, 100), "counters.0"),
        (rnd("50", 40), "counters.0"),
        (rnd(50.0, 40), "counters.0"),
        (rnd(None, 90), "counters.0"),
        (rnd(True, 80), "counters.0"),
        ({"counters": "50,40"}, "counters"),
        ({"counters": {"0": 50, "1": 40}}, "counters"),
        ({"counters": None}, "counters"),
        ({}, "counters"),
        ({"no_trick": False}, "counters"),
        ({**rnd(50, 40), "no_trick": "no"}, "no_trick"),
        ({**rnd(50, 40), "no_trick": None}, "no_trick"),
        ({**rnd(50, 40), "winner": 0}, "winner"),
        ({**rnd(50, 40), "four_of_a_kind": None}, "four_of_a_kind"),  # option off
        ({"four_of_a_kind": 0}, "four_of_a_kind"),
    ],
)
def test_it_refuses_bad_counters_and_fields(data, field):
    assert refused(data).field == field


def test_an_unknown_field_is_named_and_the_total_given():
    assert refused({**rnd(50, 40), "winner": 0}).params == {"name": "winner"}
    assert refused(rnd(50, 30)).params == {"total": 80}
    assert refused(rnd(50, 40, 0)).params == {"sides": 2}


@pytest.mark.parametrize(
    ("variant", "counters"),
    [
        ("three-player", [50, 40]),
        ("three-player", [50, 40, 0, 0]),
        ("partners", [50, 40, 0, 0]),
        ("partners", [50, 20, 20]),
        ("partners", [90]),
    ],
)
def test_counters_are_per_side(variant, counters):
    assert refused({"counters": counters}, variant).field == "counters"


@pytest.mark.parametrize("data", [[50, 40], "50:40", None])
def test_it_refuses_a_round_that_is_not_an_object(data):
    refused(data)


def test_replay_names_the_round_that_is_refused():
    with pytest.raises(RuleError) as caught:
        play([rnd(50, 40), rnd(50, 40), rnd(55, 35)])
    assert caught.value.field == "hands.3.counters.0"


# -- who deals (§3.4) --------------------------------------------------------------------


def test_two_players_the_loser_deals():
    # Anna deals; Anna wins: Bert deals; Anna wins again: Bert again; Bert wins: Anna.
    state = play([rnd(60, 30), rnd(60, 30), rnd(30, 60), rnd(10, 80)], first_dealer=0)
    assert [h.dealer for h in state.hands] == [0, 1, 1, 0]
    assert state.next_hand.dealer == 0
    assert state.next_hand.number == 5


def test_two_players_the_loser_deals_when_the_dealer_wins_too():
    state = play([rnd(30, 60)], first_dealer=1)
    assert state.hands[0].dealer == 1
    assert state.next_hand.dealer == 0


@pytest.mark.parametrize(
    ("dealer", "counters", "next_dealer"),
    [
        # the dealing side won: the deal passes to the left (a seat of the losing side)
        (0, [60, 30], 1),
        (2, [60, 30], 3),
        (1, [30, 60], 2),
        (3, [30, 60], 0),
        # the dealing side lost: the dealer's partner deals
        (0, [30, 60], 2),
        (2, [30, 60], 0),
        (1, [60, 30], 3),
        (3, [60, 30], 1),
    ],
)
def test_partners_the_losing_side_deals(dealer, counters, next_dealer):
    state = play([{"counters": counters}], variant="partners", first_dealer=dealer)
    assert state.hands[0].dealer == dealer
    assert state.next_hand.dealer == next_dealer


def test_partners_a_sequence_of_deals():
    # Dealer 0, side 0 wins: 1 deals. Side 0 wins again, so 1's side lost: partner 3 deals.
    # Side 1 (3's side) wins: 0 deals. Side 1 wins, 0's side lost: partner 2 deals.
    data = [rnd(60, 30), rnd(60, 30), rnd(30, 60), rnd(30, 60)]
    state = play(data, variant="partners", first_dealer=0)
    assert [h.dealer for h in state.hands] == [0, 1, 3, 0]
    assert state.next_hand.dealer == 2


@pytest.mark.parametrize(
    ("dealer", "counters", "next_dealer"),
    [
        (0, [50, 30, 10], 2),  # the loser with the fewest counters
        (0, [50, 10, 30], 1),
        (1, [10, 30, 50], 0),
        (2, [40, 50, 0], 2),  # the dealer may deal again
        # equal fewest: the first of them clockwise from the dealer's left
        (0, [50, 20, 20], 1),
        (1, [50, 20, 20], 2),
        (2, [50, 20, 20], 1),
        (1, [20, 50, 20], 2),
        (2, [20, 50, 20], 0),
        (0, [20, 20, 50], 1),
        (2, [20, 20, 50], 0),
        (1, [90, 0, 0], 2),
    ],
)
def test_three_players_the_loser_with_the_fewest_counters_deals(dealer, counters, next_dealer):
    state = play([{"counters": counters}], variant="three-player", first_dealer=dealer)
    assert state.next_hand.dealer == next_dealer


def test_three_players_a_three_way_tie_scores_nothing_and_the_deal_passes_left():
    state = play([rnd(30, 30, 30)], variant="three-player", first_dealer=2)
    (hand,) = state.hands
    assert hand.scores == (0, 0, 0)
    assert hand.detail == SiebenRound(winner=None, points=0)
    assert state.detail == SiebenTally(tuple([0, 0, 0]))
    assert state.next_hand.dealer == 0


def test_three_players_a_tie_for_the_most_scores_nothing_and_the_deal_passes_left():
    # sieben/rules.md §3.7: "a tie for the most scores nothing"; nobody won the round, so
    # nobody lost it either and the deal simply passes to the left (as for a three-way tie).
    state = play([rnd(40, 40, 10)], variant="three-player", first_dealer=0)
    (hand,) = state.hands
    assert hand.scores == (0, 0, 0)
    assert hand.detail == SiebenRound(winner=None, points=0)
    assert state.next_hand.dealer == 1


# -- three players (§3.7) ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "winner", "points", "scores"),
    [
        (rnd(50, 30, 10), 0, 1, (2, -1, -1)),
        (rnd(60, 30, 0), 0, 1, (2, -1, -1)),  # one of the others has counters
        (rnd(30, 40, 20), 1, 1, (-1, 2, -1)),  # the most wins, without 50
        (rnd(0, 0, 90), 2, 2, (-2, -2, 4)),
        (rnd(0, 90, 0, no_trick=True), 1, 3, (-3, 6, -3)),
    ],
)
def test_three_players_each_for_themselves(data, winner, points, scores):
    state = play([data], variant="three-player")
    (hand,) = state.hands
    assert hand.detail == SiebenRound(winner=winner, points=points)
    assert hand.scores == scores
    tally = [0, 0, 0]
    tally[winner] = points
    assert state.detail == SiebenTally(tuple(tally))


def test_three_players_a_game_to_12():
    # Cleo wins 3 + 3 + 3 + 2 (11), Anna 1, then Cleo 1 more: 12.
    data = [
        rnd(0, 0, 90, no_trick=True),
        rnd(0, 0, 90, no_trick=True),
        rnd(50, 30, 10),
        rnd(0, 0, 90, no_trick=True),
        rnd(0, 0, 90),
    ]
    state = play(data, variant="three-player")
    assert state.detail == SiebenTally(tuple([1, 0, 11]))
    assert not state.finished
    state = play([*data, rnd(20, 10, 60)], variant="three-player")
    assert state.detail == SiebenTally(tuple([1, 0, 12]))
    assert state.finished
    assert state.winners == (2,)
    # each seat: 3 x own points - everyone's points
    assert state.totals == (3 * 1 - 13, 0 - 13, 3 * 12 - 13)


# -- partners (§3.1) ------------------------------------------------------------------------


def test_partners_score_alike():
    state = play([rnd(60, 30), rnd(0, 90, no_trick=True), rnd(10, 80)], variant="partners")
    assert [h.scores for h in state.hands] == [(1, -1, 1, -1), (-3, 3, -3, 3), (-1, 1, -1, 1)]
    assert [h.detail.winner for h in state.hands] == [0, 1, 1]
    assert state.totals == (-3, 3, -3, 3)
    assert state.detail == SiebenTally(tuple([1, 4]))


def test_partners_a_game_to_12_is_won_by_a_side():
    data = [rnd(0, 90, no_trick=True)] * 3 + [rnd(90, 0)] + [rnd(0, 90)] + [rnd(30, 60)]
    state = play(data, variant="partners")
    assert state.detail == SiebenTally(tuple([2, 12]))
    assert state.finished
    assert state.winners == (1, 3)
    assert state.totals == (-10, 10, -10, 10)


# -- the game (§3.5) ----------------------------------------------------------------------


GAME = [  # (round, dealer, tally after it)
    (rnd(60, 30), 0, [1, 0]),
    (rnd(30, 60), 1, [1, 1]),
    (rnd(90, 0, no_trick=True), 0, [4, 1]),
    (rnd(90, 0), 1, [6, 1]),
    (rnd(0, 90), 1, [6, 3]),
    (rnd(70, 20), 0, [7, 3]),
    (rnd(40, 50), 1, [7, 4]),
    (rnd(90, 0, no_trick=True), 0, [10, 4]),
    (rnd(50, 40), 1, [11, 4]),
    (rnd(90, 0), 1, [13, 4]),
]


def test_a_game_played_to_12():
    data = [d for d, _dealer, _tally in GAME]
    for played in range(1, len(GAME)):
        state = play(data[:played])
        assert state.detail == SiebenTally(tuple(GAME[played - 1][2]))
        assert not state.finished
        assert state.next_hand.dealer == GAME[played][1]
    state = play(data)
    assert [h.dealer for h in state.hands] == [dealer for _d, dealer, _t in GAME]
    assert [h.detail.points for h in state.hands] == [1, 1, 3, 2, 2, 1, 1, 3, 1, 2]
    assert state.detail == SiebenTally(tuple([13, 4]))
    assert state.totals == (9, -9)
    assert state.finished
    assert state.winners == (0,)
    with pytest.raises(RuleError) as caught:
        play([*data, rnd(50, 40)])
    assert caught.value.field == "hands.11"


def test_exactly_12_ends_the_game():
    assert not play([rnd(60, 30)] * 11).finished
    state = play([rnd(60, 30)] * 12)
    assert state.finished
    assert state.winners == (0,)
    assert state.detail == SiebenTally(tuple([12, 0]))


def test_a_custom_point_limit():
    options = {"point_limit": 5}
    assert not play([rnd(90, 0, no_trick=True)], options=options).finished
    state = play([rnd(90, 0, no_trick=True), rnd(0, 90)], options=options)
    assert not state.finished
    assert state.detail == SiebenTally(tuple([3, 2]))
    state = play([rnd(90, 0, no_trick=True), rnd(0, 90), rnd(90, 0)], options=options)
    assert state.finished
    assert state.detail == SiebenTally(tuple([5, 2]))
    assert state.winners == (0,)


def test_the_defaults_and_bad_options():
    assert sieben().options == {
        "point_limit": 12,
        "hands_limit": None,
        "difference": False,
        "four_of_a_kind": False,
    }
    for options, field in [
        ({"point_limit": 0}, "options.point_limit"),
        ({"point_limit": "12"}, "options.point_limit"),
        ({"point_limit": None}, "options"),  # no way left to end
        ({"hands_limit": 0}, "options.hands_limit"),
        ({"difference": "yes"}, "options.difference"),
        ({"four_of_a_kind": 1}, "options.four_of_a_kind"),
        ({"win_tricks": 12}, "options.win_tricks"),
    ]:
        with pytest.raises(RuleError) as caught:
            sieben("two-player", options)
        assert caught.value.field == field
    with pytest.raises(RuleError) as caught:
        sieben("five-player")
    assert caught.value.field == "variant"


@pytest.mark.parametrize(("variant", "seats"), [("two-player", 2), ("three-player", 3)])
def test_each_variant_needs_its_players(variant, seats):
    ruleset = sieben(variant)
    assert ruleset.seats == seats
    with pytest.raises(RuleError) as caught:
        replay(ruleset, FOUR, [])
    assert caught.value.field == "players"


def test_there_is_no_set_up_and_no_targets():
    with pytest.raises(RuleError):
        replay(sieben(), TWO, [], 0, {"bid": 8})
    state = play([rnd(60, 30)])
    assert state.hands[0].targets is None
    assert state.next_hand.targets is None
    assert state.next_hand.exchanges == ()


# -- difference (§3.6) ---------------------------------------------------------------------

DIFF = {"difference": True}


def test_difference_goes_to_500_by_default():
    assert sieben("two-player", DIFF).options["point_limit"] == 500
    assert sieben("two-player", {**DIFF, "point_limit": 100}).options["point_limit"] == 100
    assert sieben("two-player", {**DIFF, "point_limit": 12}).options["point_limit"] == 12
    assert sieben("two-player", {"difference": False}).options["point_limit"] == 12


@pytest.mark.parametrize(
    ("data", "winner", "points"),
    [
        (rnd(50, 40), 0, 10),
        (rnd(70, 20), 0, 50),
        (rnd(20, 70), 1, 50),
        (rnd(90, 0), 0, 90),
        (rnd(90, 0, no_trick=True), 0, 90),
    ],
)
def test_difference_scores_the_difference_of_counters(data, winner, points):
    state = play([data], options=DIFF)
    (hand,) = state.hands
    assert hand.detail == SiebenRound(winner=winner, points=points)
    expected = [-points, -points]
    expected[winner] = points
    assert hand.scores == tuple(expected)


def test_difference_with_three_players_is_against_the_next_highest():
    hand = only(rnd(50, 30, 10), variant="three-player", options=DIFF)
    assert hand.detail == SiebenRound(winner=0, points=20)
    assert hand.scores == (40, -20, -20)
    assert only(rnd(40, 40, 10), variant="three-player", options=DIFF).scores == (0, 0, 0)


def test_difference_a_game_to_500():
    five = play([rnd(90, 0)] * 5, options=DIFF)
    assert five.detail == SiebenTally(tuple([450, 0]))
    assert not five.finished
    state = play([rnd(90, 0)] * 5 + [rnd(40, 50), rnd(60, 30)], options=DIFF)
    assert state.detail == SiebenTally(tuple([480, 10]))
    assert not state.finished
    state = play([rnd(90, 0)] * 5 + [rnd(40, 50), rnd(60, 30), rnd(70, 20)], options=DIFF)
    assert state.detail == SiebenTally(tuple([530, 10]))
    assert state.totals == (520, -520)
    assert state.finished
    assert state.winners == (0,)


# -- four of a kind (§3.6) ----------------------------------------------------------------

FOUR_KIND = {"four_of_a_kind": True}


def test_four_of_a_kind_wins_4_points_without_counters():
    state = play([{"four_of_a_kind": 1}], options=FOUR_KIND)
    (hand,) = state.hands
    assert hand.input == {"counters": None, "no_trick": False, "four_of_a_kind": 1}
    assert hand.detail == SiebenRound(winner=1, points=4)
    assert hand.scores == (-4, 4)
    assert state.detail == SiebenTally(tuple([0, 4]))
    assert state.next_hand.dealer == 0  # the loser deals


def test_four_of_a_kind_may_be_null_and_counters_are_played():
    hand = only({**rnd(60, 30), "four_of_a_kind": None}, options=FOUR_KIND)
    assert hand.detail == SiebenRound(winner=0, points=1)
    assert hand.input == {"counters": [60, 30], "no_trick": False}


def test_four_of_a_kind_is_4_points_in_the_difference_game_too():
    hand = only({"four_of_a_kind": 0}, options={**FOUR_KIND, **DIFF})
    assert hand.detail == SiebenRound(winner=0, points=4)


def test_four_of_a_kind_with_partners_and_three_players():
    state = play([{"four_of_a_kind": 1}], variant="partners", options=FOUR_KIND, first_dealer=0)
    assert state.hands[0].scores == (-4, 4, -4, 4)
    assert state.next_hand.dealer == 2  # the dealing side lost: the dealer's partner deals
    state = play([{"four_of_a_kind": 2}], variant="three-player", options=FOUR_KIND)
    assert state.hands[0].scores == (-4, -4, 8)
    # no counters: both losers have equally few, so the dealer's left (seat 1) deals
    assert state.next_hand.dealer == 1


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"four_of_a_kind": 0, "counters": [60, 30]}, "counters"),
        ({"four_of_a_kind": 0, "counters": [90, 0], "no_trick": True}, "counters"),
        ({"four_of_a_kind": 0, "no_trick": True}, "counters"),
        ({"four_of_a_kind": 2}, "four_of_a_kind"),
        ({"four_of_a_kind": -1}, "four_of_a_kind"),
        ({"four_of_a_kind": True}, "four_of_a_kind"),
        ({"four_of_a_kind": "0"}, "four_of_a_kind"),
    ],
)
def test_four_of_a_kind_refusals(data, field):
    assert refused(data, options=FOUR_KIND).field == field


def test_four_of_a_kind_is_refused_without_the_option():
    error = refused({"four_of_a_kind": 0})
    assert error.field == "four_of_a_kind"
    assert error.params == {"name": "four_of_a_kind"}


# -- zero-sum, hands_limit, stopped (§3, conventions) -------------------------------------


@pytest.mark.parametrize(
    ("variant", "data"),
    [
        ("two-player", [rnd(60, 30), rnd(90, 0, no_trick=True), rnd(0, 90)]),
        ("three-player", [rnd(60, 30, 0), rnd(30, 30, 30), rnd(0, 90, 0), rnd(10, 20, 60)]),
        ("partners", [rnd(60, 30), rnd(90, 0, no_trick=True), rnd(0, 90)]),
    ],
)
def test_every_round_is_zero_sum(variant, data):
    state = play(data, variant=variant)
    assert all(sum(h.scores) == 0 for h in state.hands)
    assert sum(state.totals) == 0


def test_hands_limit_ends_the_game_and_the_leading_side_wins():
    options = {"hands_limit": 3}
    assert not play([rnd(60, 30), rnd(30, 60)], options=options).finished
    state = play([rnd(60, 30), rnd(30, 60), rnd(90, 0)], options=options)
    assert state.finished
    assert state.detail == SiebenTally(tuple([3, 1]))
    assert state.winners == (0,)


def test_hands_limit_with_a_level_tally_is_shared():
    state = play([rnd(60, 30), rnd(30, 60)], options={"hands_limit": 2})
    assert state.finished
    assert state.winners == (0, 1)
    state = play([rnd(60, 30), rnd(0, 90)], variant="partners", options={"hands_limit": 2})
    assert state.detail == SiebenTally(tuple([1, 2]))
    assert state.winners == (1, 3)
    state = play(
        [rnd(60, 30, 0), rnd(0, 60, 30), rnd(30, 30, 30)],
        variant="three-player",
        options={"hands_limit": 3},
    )
    assert state.detail == SiebenTally(tuple([1, 1, 0]))
    assert state.winners == (0, 1)


def test_hands_limit_without_a_point_limit():
    options = {"point_limit": None, "hands_limit": 20}
    assert not play([rnd(90, 0, no_trick=True)] * 19, options=options).finished
    state = play([rnd(90, 0, no_trick=True)] * 20, options=options)
    assert state.detail == SiebenTally(tuple([60, 0]))
    assert state.winners == (0,)


def test_the_point_limit_ends_before_the_hands_limit():
    state = play([rnd(90, 0, no_trick=True)] * 4, options={"hands_limit": 10})
    assert state.finished
    assert len(state.hands) == 4


def test_a_stopped_game_is_won_by_the_leader():
    state = play([rnd(60, 30), rnd(0, 90)], variant="partners", stopped=True)
    assert state.finished
    assert state.winners == (1, 3)
    assert state.detail == SiebenTally(tuple([1, 2]))


def test_a_tournament_seats_partners_apart_as_the_sides_are_counted():
    # Teams drawn to a table: their first players, then their partners, so that a side
    # is every other seat (side = seat % 2) and partners sit opposite.
    partners = get_ruleset("sieben", "partners")
    order = partners.seat_order([("Ann", "Cy"), ("Ben", "Dee")])
    assert order == ["Ann", "Ben", "Cy", "Dee"]
    state = replay(partners, order, [{"counters": [90, 0], "no_trick": False}])
    assert state.totals[0] == state.totals[2] and state.totals[1] == state.totals[3]
    assert get_ruleset("sieben", "two-player").seat_order([("Ann",), ("Ben",)]) == ["Ann", "Ben"]
