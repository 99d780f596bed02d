"""Sergeant Major with a sitter (docs/tournaments.md §2) by example, no database.

Four sit at a three-player game: the deal passes to the left round all four, and each
hand the seat to the dealer's right (the previous dealer) sits out with target 0 and
scores 0. Before a hand only the two who played the previous hand and play this one
settle, ``min(up, down)`` cards when one was up and the other down.

Every figure below is worked out by hand in the comments, not taken from the rules code.
Per-seat lists are by seat: Ann 0, Ben 1, Cy 2, Dee 3, clockwise.
"""

import pytest

from matches.rules import Exchange, RuleError, get_ruleset, play_hand, replay
from tests.factories import THREE_PLAYER_PRESETS

FOUR = ("Ann", "Ben", "Cy", "Dee")
ANN, BEN, CY, DEE = range(4)


def sitter(variant="8-5-3", **options):
    return get_ruleset("sergeant-major", variant, {"sitter": True, **options})


def hand(tricks, trump="hearts", **extra):
    return {"tricks": list(tricks), "trump": trump, **extra}


def play(hands, variant="8-5-3", first_dealer=ANN, setup=None, **options):
    return replay(sitter(variant, **options), FOUR, hands, first_dealer, setup)


def refused(hands, variant="8-5-3", first_dealer=ANN, **options):
    with pytest.raises(RuleError) as caught:
        play(hands, variant, first_dealer, **options)
    return caught.value


# -- worked example 1: 8-5-3, three hands to a 12-trick win --------------------------------


def test_worked_example_8_5_3_to_twelve_tricks():
    state = play([])
    # Hand 1: Ann deals; the seat to her right, Dee, sits out.
    # Targets by offset among the three who play: Ann 8, Ben 5, Cy 3; Dee 0.
    coming = state.next_hand
    assert (coming.dealer, coming.active, coming.targets) == (ANN, (0, 1, 2), (8, 5, 3, 0))
    assert coming.exchanges == ()  # the first hand

    # Ann 10 − 8 = +2, Ben 4 − 5 = −1, Cy 2 − 3 = −1, Dee sat out: 0. Sum 0.
    state = play([hand([10, 4, 2, 0])])
    assert state.hands[0].scores == (2, -1, -1, 0)
    assert state.hands[0].active == (ANN, BEN, CY)
    assert state.totals == (2, -1, -1, 0)
    # Hand 2: Ben deals (the deal passes left); Ann, the previous dealer, sits out.
    # Targets: Ben 8, Cy 5, Dee 3, Ann 0. Ann's +2 lapses: she plays neither this hand
    # nor, by then, anything she could settle. Ben −1 and Cy −1 played both hands: both
    # down, so nobody passes.
    coming = state.next_hand
    assert (coming.dealer, coming.active, coming.targets) == (BEN, (1, 2, 3), (0, 8, 5, 3))
    assert coming.exchanges == ()

    # Ben 9 − 8 = +1, Cy 2 − 5 = −3, Dee 5 − 3 = +2, Ann 0. Totals: Ann 2, Ben 0, Cy −4,
    # Dee 2.
    state = play([hand([10, 4, 2, 0]), hand([0, 9, 2, 5])])
    assert state.hands[1].scores == (0, 1, -3, 2)
    assert state.totals == (2, 0, -4, 2)
    # Hand 3: Cy deals; Ben sits out and his +1 lapses. Cy (−3) and Dee (+2) played both
    # hands: Dee passes min(2, 3) = 2 cards to Cy. Targets: Cy 8, Dee 5, Ann 3, Ben 0.
    coming = state.next_hand
    assert (coming.dealer, coming.active, coming.targets) == (CY, (0, 2, 3), (3, 0, 8, 5))
    assert coming.exchanges == (Exchange(DEE, CY, 2),)

    # Cy takes 12 tricks: she wins at once. Ann 3 − 3 = 0, Cy 12 − 8 = +4, Dee 1 − 5 = −4.
    state = play([hand([10, 4, 2, 0]), hand([0, 9, 2, 5]), hand([3, 0, 12, 1])])
    assert state.hands[2].scores == (0, 0, 4, -4)
    assert state.totals == (2, 0, 0, -2)
    assert state.finished
    assert state.winners == (CY,)


def test_worked_example_the_deal_goes_round_all_four():
    # Four hands in which everyone makes the target: dealers Ann, Ben, Cy, Dee; the seat
    # to the dealer's right sits out: Dee, Ann, Ben, Cy. Hand 5 is Ann's again.
    even = [[8, 5, 3, 0], [0, 8, 5, 3], [3, 0, 8, 5], [5, 3, 0, 8]]
    state = play([hand(tricks) for tricks in even])
    assert [h.dealer for h in state.hands] == [ANN, BEN, CY, DEE]
    assert [set(range(4)) - set(h.active) for h in state.hands] == [{DEE}, {ANN}, {BEN}, {CY}]
    assert [h.targets for h in state.hands] == [tuple(t) for t in even]
    assert state.totals == (0, 0, 0, 0)
    assert (state.next_hand.dealer, state.next_hand.active) == (ANN, (0, 1, 2))


# -- worked example 2: Woburn, the bid and the maximum bleed ----------------------------------


def test_worked_example_woburn_bid_and_bleed():
    # Ann won the bidding with 10: hand 1's targets are Ann 10, Ben 4, Cy 2 (§1.4); Dee,
    # to her right, sits out with 0.
    state = play([], variant="woburn", setup={"bid": 10})
    assert state.next_hand.targets == (10, 4, 2, 0)
    # Ann 9 − 10 = −1, Ben 0 − 4 = −4, Cy 7 − 2 = +5. Sum 0.
    state = play([hand([9, 0, 7, 0])], variant="woburn", setup={"bid": 10})
    assert state.hands[0].scores == (-1, -4, 5, 0)
    # Hand 2: Ben deals, Ann sits out (her −1 lapses). Cy (+5) owes Ben (−4) min(5, 4) = 4
    # cards, but no seat passes more than 3 (§1.4): Cy passes 3 to Ben. From hand 2 the
    # targets are 8-5-3 again: Ben 8, Cy 5, Dee 3.
    coming = state.next_hand
    assert coming.targets == (0, 8, 5, 3)
    assert coming.exchanges == (Exchange(CY, BEN, 3),)


def test_worked_example_first_dealer_dee_wraps_round():
    # Dee deals first: Cy, to her right, sits out; Dee 8, Ann 5, Ben 3.
    state = play([hand([5, 3, 0, 8])], first_dealer=DEE)
    assert state.hands[0].active == (ANN, BEN, DEE)
    assert state.hands[0].targets == (5, 3, 0, 8)
    # Then Ann deals and Dee sits out.
    assert (state.next_hand.dealer, state.next_hand.active) == (ANN, (0, 1, 2))


# -- worked example 3: the points race to a limit, and the alternate game --------------------


def test_worked_example_points_race_with_a_sitter():
    # Limit 3. Hand 1 (Ann deals, Dee out): Ann 11 − 8 = +3 reaches the limit at once.
    state = play([hand([11, 3, 2, 0])], variant="8-5-3-points", point_limit=3)
    assert state.hands[0].scores == (3, -2, -1, 0)
    assert state.finished and state.winners == (ANN,)


def test_worked_example_hands_limit_twelve_each_plays_nine():
    # docs/tournaments.md §4: a four-seat table plays 12 hands so that each player plays 9
    # (three as dealer, eldest and third) and sits out 3.
    deals = [[8, 5, 3, 0], [0, 8, 5, 3], [3, 0, 8, 5], [5, 3, 0, 8]] * 3
    state = play([hand(t) for t in deals], hands_limit=12)
    assert state.finished
    assert state.winners == (ANN, BEN, CY, DEE)  # all even: equal highest share
    for seat in range(4):
        assert sum(seat in h.active for h in state.hands) == 9
        assert sum(h.dealer == seat for h in state.hands) == 3


def test_alternate_with_a_sitter_plays_24_calls():
    # Each of the four makes each of the six calls once as dealer: 24 hands, after which
    # the highest total wins (every hand even here: all four share).
    ruleset = sitter("alternate")
    state = replay(ruleset, FOUR, [])
    assert len(state.next_hand.detail.calls_left) == 4
    calls = ("clubs", "spades", "hearts", "diamonds", "no-trumps", "miz")
    for number in range(24):
        dealer = number % 4
        tricks = state.next_hand.targets
        assert tricks[(dealer - 1) % 4] == 0  # the sitter's target
        state = play_hand(ruleset, state, {"tricks": list(tricks), "call": calls[number // 4]})
    assert state.finished
    assert state.winners == (0, 1, 2, 3)


def test_a_miz_hand_scores_the_sitter_0():
    # Ann calls miz: targets become maxima. Ann 8 − 6 = +2, Ben 5 − 7 = −2, Cy 3 − 3 = 0.
    state = play([{"tricks": [6, 7, 3, 0], "call": "miz"}], variant="alternate")
    assert state.hands[0].scores == (2, -2, 0, 0)


# -- what the table must report ------------------------------------------------------------


def test_the_sitter_must_have_no_tricks_and_is_named():
    error = refused([hand([8, 5, 2, 1])])
    assert error.field == "hands.1.tricks.3"
    assert str(error) == "Dee (seat 4) sits out this hand and takes no tricks: enter 0."


def test_the_sitter_is_named_before_a_wrong_sum():
    # The tricks add up to 17, but the reason is that the sitter was given one.
    error = refused([hand([8, 5, 3, 1])])
    assert error.field == "hands.1.tricks.3"
    assert error.params["name"] == "Dee"


def test_tricks_for_four_seats_are_needed():
    error = refused([hand([8, 5, 3])])
    assert error.field == "hands.1.tricks"
    assert str(error) == "Enter tricks for 4 seats, not 3."


def test_a_sitter_table_has_four_players():
    with pytest.raises(RuleError) as caught:
        replay(sitter(), FOUR[:3], [])
    assert caught.value.field == "players"
    assert str(caught.value) == "With a sitter the table has 4 players, not 3."


def test_four_player_sergeant_major_has_no_sitter():
    for chosen in (True, False):
        with pytest.raises(RuleError) as caught:
            get_ruleset("sergeant-major", "four-player", {"sitter": chosen})
        assert caught.value.field == "options.sitter"
    assert "sitter" not in get_ruleset("sergeant-major", "four-player").options


def test_the_sitter_option_must_be_true_or_false():
    with pytest.raises(RuleError) as caught:
        sitter(sitter="yes")
    assert caught.value.field == "options.sitter"


@pytest.mark.parametrize("variant", THREE_PLAYER_PRESETS)
def test_every_three_player_preset_takes_a_sitter(variant):
    ruleset = get_ruleset("sergeant-major", variant)
    assert ruleset.options["sitter"] is False
    assert ruleset.seats == 3
    assert sitter(variant).seats == 4


def test_without_the_sitter_nothing_changes():
    ruleset = get_ruleset("sergeant-major", "8-5-3", {"sitter": False})
    state = replay(ruleset, FOUR[:3], [hand([10, 4, 2])])
    assert state.next_hand.active == (0, 1, 2)
    assert state.next_hand.targets == (3, 8, 5)


def test_the_api_lists_active_seats_only_with_a_sitter():
    state = play([hand([10, 4, 2, 0])])
    assert sitter().hand_json(state.hands[0]) == {"active": (0, 1, 2)}
    assert sitter().hand_json(state.next_hand)["active"] == (1, 2, 3)
    plain = get_ruleset("sergeant-major", "8-5-3")
    three = replay(plain, FOUR[:3], [hand([10, 4, 2])])
    assert "active" not in plain.hand_json(three.hands[0])


def test_games_describe_the_sitter():
    described = get_ruleset("sergeant-major", "8-5-3").describe()
    assert described["players"] == 3
    assert described["players_with_sitter"] == 4
    assert described["options"]["sitter"] is False
    four = get_ruleset("sergeant-major", "four-player").describe()
    assert "players_with_sitter" not in four
    assert "sitter" not in four["options"]
