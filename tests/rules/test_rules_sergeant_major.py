"""Sergeant Major 8-5-3 by example: every rule of sergeant_major/rules.md §1.1-§1.3, no database.

Expected figures are worked out by hand from sergeant_major/rules.md (targets by offset: dealer 8,
eldest 5, third 3), not taken from the rules code.
"""

import pytest

from matches.rules import Exchange, RuleError, get_ruleset, play_hand, replay

PLAYERS = ("Ann", "Ben", "Cy")


def sm(options=None):
    return get_ruleset("sergeant-major", "8-5-3", options)


def hand(tricks, trump="hearts", **extra):
    return {"tricks": list(tricks), "trump": trump, **extra}


def play(hands, first_dealer=0, options=None):
    return replay(
        sm(options), PLAYERS, [hand(t) if isinstance(t, list) else t for t in hands], first_dealer
    )


def refused(hands, first_dealer=0, options=None):
    """The RuleError that replaying ``hands`` raises."""
    with pytest.raises(RuleError) as caught:
        play(hands, first_dealer, options)
    return caught.value


def exchanges(state):
    return [exchange.as_dict() for exchange in state.next_hand.exchanges]


# -- targets (§1.1.2, §1.1.5) ---------------------------------------------------------


@pytest.mark.parametrize(
    ("dealer", "targets"),
    [(0, (8, 5, 3)), (1, (3, 8, 5)), (2, (5, 3, 8))],
)
def test_targets_are_dealer_8_eldest_5_third_3(dealer, targets):
    state = play([], first_dealer=dealer)
    assert state.next_hand.number == 1
    assert state.next_hand.dealer == dealer
    assert state.next_hand.targets == targets


def test_it_records_the_targets_each_hand_was_played_to():
    state = play([[8, 5, 3], [3, 8, 5], [5, 3, 8]], first_dealer=0)
    assert [h.targets for h in state.hands] == [(8, 5, 3), (3, 8, 5), (5, 3, 8)]
    assert [sum(h.targets) for h in state.hands] == [16, 16, 16]


def test_a_seats_target_cycles_3_then_5_then_8():
    # Seat 2 is the third seat under dealer 0: 3, then eldest (5), then dealer (8).
    state = play([[8, 5, 3], [3, 8, 5], [5, 3, 8], [8, 5, 3]], first_dealer=0)
    assert [h.targets[2] for h in state.hands] == [3, 5, 8, 3]
    assert state.next_hand.targets[2] == 5


# -- hand score, running totals, next dealer (§1.1.3-§1.1.5) --------------------------


def test_it_scores_the_api_example():
    state = play([[9, 4, 3]], first_dealer=0)
    (first,) = state.hands
    assert first.number == 1
    assert first.dealer == 0
    assert first.targets == (8, 5, 3)
    assert first.scores == (1, -1, 0)
    assert state.totals == (1, -1, 0)
    assert state.next_hand.number == 2
    assert state.next_hand.dealer == 1
    assert state.next_hand.targets == (3, 8, 5)
    assert exchanges(state) == [{"from": 0, "to": 1, "cards": 1}]
    assert not state.finished
    assert state.winners == ()


def test_hand_score_is_tricks_minus_target():
    # Dealer 2: targets (5, 3, 8).
    state = play([[7, 0, 9]], first_dealer=2)
    assert state.hands[0].scores == (2, -3, 1)


def test_it_keeps_the_hand_input_it_scored():
    state = play([hand([9, 4, 3], trump="spades")])
    assert state.hands[0].input == {"tricks": [9, 4, 3], "trump": "spades"}


def test_running_totals_are_the_sums_of_hand_scores():
    # Dealer 0 (8,5,3), then 1 (3,8,5), then 2 (5,3,8).
    state = play([[10, 5, 1], [3, 9, 4], [6, 2, 8]], first_dealer=0)
    assert [h.scores for h in state.hands] == [(2, 0, -2), (0, 1, -1), (1, -1, 0)]
    assert state.totals == (3, 0, -3)
    assert state.running_totals() == [(0, 0, 0), (2, 0, -2), (2, 1, -3), (3, 0, -3)]


@pytest.mark.parametrize("first_dealer", [0, 1, 2])
def test_next_dealer_is_the_seat_to_the_dealers_left(first_dealer):
    state = play([[8, 5, 3]] * 4, first_dealer=first_dealer)
    expected = [(first_dealer + k) % 3 for k in range(4)]
    assert [h.dealer for h in state.hands] == expected
    assert state.next_hand.dealer == (first_dealer + 4) % 3
    assert state.next_hand.number == 5


# -- exchange obligations (§1.1.6) -------------------------------------------------------


def test_there_is_no_exchange_before_the_first_hand():
    assert play([]).next_hand.exchanges == ()


def test_all_even_means_no_exchange():
    state = play([[8, 5, 3]])
    assert state.hands[0].scores == (0, 0, 0)
    assert state.next_hand.exchanges == ()


def test_one_up_one_down_one_even_the_up_seat_gives_the_down_seat_its_down():
    # Dealer 0: seat 1 is eldest (5) and takes 7, seat 2 takes 0 of its 3.
    state = play([[8, 7, 1]])
    assert state.hands[0].scores == (0, 2, -2)
    assert exchanges(state) == [{"from": 1, "to": 2, "cards": 2}]


def test_two_up_seats_the_higher_coming_target_passes_first():
    # Dealer 0 scores (+2, +1, -3). Coming dealer 1, targets (3, 8, 5): seat 1 (coming 8)
    # passes before seat 0 (coming 3) although seat 0 is further up and seated first.
    state = play([[10, 6, 0]])
    assert state.hands[0].scores == (2, 1, -3)
    assert state.next_hand.targets == (3, 8, 5)
    assert exchanges(state) == [
        {"from": 1, "to": 2, "cards": 1},
        {"from": 0, "to": 2, "cards": 2},
    ]


def test_one_up_two_down_the_down_seat_with_the_higher_coming_target_is_served_first():
    # Dealer 1, targets (3, 8, 5): scores (-2, +3, -1). Coming dealer 2, targets (5, 3, 8):
    # seat 2 (coming 8) is served before seat 0 (coming 5) although it is less down.
    state = play([[1, 11, 4]], first_dealer=1)
    assert state.hands[0].scores == (-2, 3, -1)
    assert state.next_hand.targets == (5, 3, 8)
    assert state.next_hand.exchanges == (Exchange(1, 2, 1), Exchange(1, 0, 2))


def test_exchanges_follow_the_previous_hand_only_not_the_totals():
    # After hand 1 seat 0 is +2 overall, but in hand 2 only seat 1 was up (+1) and
    # seat 2 down (-1): that alone decides the passes before hand 3.
    state = play([[10, 5, 1], [3, 9, 4]])
    assert state.totals == (2, 1, -3)
    assert state.hands[1].scores == (0, 1, -1)
    assert exchanges(state) == [{"from": 1, "to": 2, "cards": 1}]


def test_an_even_hand_after_an_uneven_one_owes_nothing():
    state = play([[10, 6, 0], [3, 8, 5]])
    assert state.totals == (2, 1, -3)
    assert state.next_hand.exchanges == ()


# -- the end (§1.1.7) ---------------------------------------------------------------------


def test_a_match_is_played_to_a_12_trick_win():
    hands = [[9, 4, 3], [2, 10, 4], [6, 3, 7], [12, 3, 1]]
    state = play(hands, first_dealer=0)
    # Targets (8,5,3), (3,8,5), (5,3,8), (8,5,3).
    assert [h.scores for h in state.hands] == [(1, -1, 0), (-1, 2, -1), (1, 0, -1), (4, -2, -2)]
    assert state.totals == (5, -1, -4)
    assert state.finished
    assert state.next_hand is None
    assert state.winners == (0,)


def test_any_seat_taking_12_tricks_wins_not_only_the_dealer():
    # Dealer 0: seat 2 is the third seat (target 3) and takes 12.
    state = play([[4, 0, 12]])
    assert state.hands[0].scores == (-4, -5, 9)
    assert state.finished
    assert state.winners == (2,)


def test_11_tricks_do_not_end_the_match():
    state = play([[11, 4, 1]])
    assert not state.finished
    assert state.winners == ()


def test_it_refuses_a_hand_after_the_end():
    finished = play([[12, 3, 1]])
    assert finished.finished
    with pytest.raises(RuleError) as caught:
        play_hand(sm(), finished, hand([8, 5, 3]))
    assert caught.value.params == {"number": 1}
    error = refused([[12, 3, 1], [8, 5, 3]])
    assert error.field == "hands.2"


def test_win_tricks_16_needs_all_tricks():
    state = play([[12, 3, 1], [0, 15, 1]], options={"win_tricks": 16})
    assert not state.finished
    state = play([[12, 3, 1], [0, 16, 0]], options={"win_tricks": 16})
    assert state.finished
    assert state.winners == (1,)


# -- options (§1.2) -----------------------------------------------------------------------


def test_it_resolves_the_preset_defaults():
    assert sm().options == {
        "win_tricks": 12,
        "point_limit": None,
        "point_band": None,
        "hands_limit": None,
        "kitty_first": False,
        "sitter": False,  # docs/tournaments.md §2
    }


def test_kitty_first_is_display_only():
    plain = play([[9, 4, 3]])
    kitty = play([[9, 4, 3]], options={"kitty_first": True})
    assert kitty == plain


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"trumps": "no"}, "options.trumps"),
        ({"win_tricks": 17}, "options.win_tricks"),
        ({"win_tricks": 8}, "options.win_tricks"),
        ({"win_tricks": 0}, "options.win_tricks"),
        ({"win_tricks": None}, "options"),
        ({"win_tricks": "12"}, "options.win_tricks"),
        ({"win_tricks": 12.0}, "options.win_tricks"),
        ({"win_tricks": True}, "options.win_tricks"),
        ({"point_limit": "10"}, "options.point_limit"),
        ({"point_limit": 0}, "options.point_limit"),
        ({"point_band": -15}, "options.point_band"),
        ({"hands_limit": [10]}, "options.hands_limit"),
        ({"kitty_first": 1}, "options.kitty_first"),
        ({"kitty_first": None}, "options.kitty_first"),
    ],
)
def test_it_refuses_bad_options(options, field):
    with pytest.raises(RuleError) as caught:
        sm(options)
    assert caught.value.field == field


@pytest.mark.parametrize("options", [["win_tricks", 12], [], False, "", 0])
def test_it_refuses_options_that_are_not_an_object(options):
    with pytest.raises(RuleError) as caught:
        sm(options)
    assert caught.value.field == "options"


def test_no_options_or_empty_options_mean_the_preset_defaults():
    assert sm(None).options == sm({}).options == sm().options


def test_win_tricks_just_over_half_is_allowed():
    assert sm({"win_tricks": 9}).options["win_tricks"] == 9
    assert play([[9, 4, 3]], options={"win_tricks": 9}).winners == (0,)


def test_another_end_condition_lets_win_tricks_be_null():
    ruleset = sm({"win_tricks": None, "hands_limit": 3})
    state = replay(ruleset, PLAYERS, [hand([16, 0, 0])])
    assert not state.finished


def test_it_refuses_an_unknown_variant_or_game():
    with pytest.raises(RuleError) as caught:
        get_ruleset("sergeant-major", "8-5-2")
    assert caught.value.field == "variant"
    with pytest.raises(RuleError) as caught:
        get_ruleset("bridge", "8-5-3")
    assert caught.value.field == "game"


# -- point_limit and its ties (§1.3) ------------------------------------------------------


def test_point_limit_ends_the_match_when_a_total_reaches_it():
    options = {"win_tricks": None, "point_limit": 3}
    # Dealer 0 then dealer 1 (targets 3, 8, 5).
    state = play([[10, 5, 1]], options=options)
    assert state.totals == (2, 0, -2)
    assert not state.finished
    state = play([[10, 5, 1], [4, 8, 4]], options=options)
    assert state.totals == (3, 0, -3)
    assert state.finished
    assert state.winners == (0,)


def test_point_limit_the_highest_total_wins_before_the_last_hands_gain():
    # Totals (2, 0, -2), then seat 0 gains 2 and seat 1 gains 3: (4, 3, -7). Both are
    # over 3; seat 0 has the higher total, seat 1 the bigger gain.
    state = play([[10, 5, 1], [5, 11, 0]], options={"win_tricks": None, "point_limit": 3})
    assert state.hands[1].scores == (2, 3, -5)
    assert state.totals == (4, 3, -7)
    assert state.winners == (0,)


def test_point_limit_tie_goes_to_the_bigger_gain_in_the_last_hand():
    # Totals (2, 0, -2), then gains (+1, +3, -4): (3, 3, -6).
    state = play([[10, 5, 1], [4, 11, 1]], options={"win_tricks": None, "point_limit": 3})
    assert state.totals == (3, 3, -6)
    assert state.winners == (1,)


TIED = [[9, 6, 1], [5, 10, 1]]  # totals (1, 1, -2), then gains (+2, +2, -4): (3, 3, -6)
POINTS_3 = {"win_tricks": None, "point_limit": 3}


def test_point_limit_full_tie_needs_last_trick():
    error = refused(TIED, options=POINTS_3)
    assert error.field == "hands.2.last_trick"
    assert "last" in str(error)


def test_point_limit_full_tie_refused_by_play_hand_names_last_trick():
    ruleset = sm(POINTS_3)
    state = replay(ruleset, PLAYERS, [hand(TIED[0])])
    with pytest.raises(RuleError) as caught:
        play_hand(ruleset, state, hand(TIED[1]))
    assert caught.value.field == "last_trick"


@pytest.mark.parametrize("last", [0, 1])
def test_point_limit_full_tie_goes_to_the_seat_that_took_a_trick_last(last):
    state = play([TIED[0], hand(TIED[1], last_trick=last)], options=POINTS_3)
    assert state.totals == (3, 3, -6)
    assert state.finished
    assert state.winners == (last,)


def test_point_limit_tie_refuses_last_trick_by_a_seat_outside_the_tie():
    error = refused([TIED[0], hand(TIED[1], last_trick=2)], options=POINTS_3)
    assert error.field == "hands.2.last_trick"


def test_last_trick_is_not_needed_without_a_tie():
    state = play([[9, 6, 1], [5, 10, 1]], options={"win_tricks": None, "point_limit": 4})
    assert not state.finished


def test_win_tricks_decides_before_the_point_limit():
    # Hand 2 (dealer 1): seat 1 takes 12 (+4, total 3) while seat 0 reaches the limit 4.
    state = play([[11, 4, 1], [4, 12, 0]], options={"point_limit": 4})
    assert state.totals == (4, 3, -7)
    assert state.winners == (1,)


# -- point_band and hands_limit (§1.2) ----------------------------------------------------


def test_point_band_ends_on_a_total_at_minus_band_and_the_highest_wins():
    options = {"win_tricks": None, "point_band": 3}
    state = play([[10, 5, 1]], options=options)
    assert not state.finished
    state = play([[10, 5, 1], [3, 9, 4]], options=options)
    assert state.totals == (2, 1, -3)
    assert state.finished
    assert state.winners == (0,)


def test_point_band_ends_on_a_total_at_plus_band():
    state = play([[11, 4, 1]], options={"win_tricks": None, "point_band": 3})
    assert state.totals == (3, -1, -2)
    assert state.winners == (0,)


def test_point_band_equal_highest_share_the_win():
    state = play([[9, 6, 1]], options={"win_tricks": None, "point_band": 2})
    assert state.totals == (1, 1, -2)
    assert state.winners == (0, 1)


def test_hands_limit_stops_after_n_hands_and_the_highest_total_wins():
    options = {"hands_limit": 2}
    state = play([[10, 5, 1]], options=options)
    assert not state.finished
    state = play([[10, 5, 1], [3, 9, 4]], options=options)
    assert state.finished
    assert state.winners == (0,)
    assert refused([[10, 5, 1], [3, 9, 4], [5, 3, 8]], options=options).field == "hands.3"


def test_hands_limit_equal_highest_share_the_win():
    state = play([[9, 6, 1], [3, 8, 5]], options={"hands_limit": 2})
    assert state.totals == (1, 1, -2)
    assert state.winners == (0, 1)


def test_a_12_trick_hand_ends_the_match_before_the_hands_limit():
    state = play([[8, 5, 3], [0, 12, 4]], options={"hands_limit": 5})
    assert state.finished
    assert state.winners == (1,)


# -- input validation -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "field"),
    [
        (hand([8, 5, 2]), "tricks"),
        (hand([9, 5, 3]), "tricks"),
        (hand([17, -1, 0]), "tricks.1"),
        (hand([8, 5, "3"]), "tricks.2"),
        (hand([8.0, 5, 3]), "tricks.0"),
        (hand([8, 5, 2, True]), "tricks"),
        (hand([14, True, 1]), "tricks.1"),
        (hand([8, 8]), "tricks"),
        (hand([8, 5, 3, 0]), "tricks"),
        ({"trump": "hearts"}, "tricks"),
        ({"tricks": "853", "trump": "hearts"}, "tricks"),
        (hand([8, 5, 3], trump="no-trumps"), "trump"),
        (hand([8, 5, 3], trump="Hearts"), "trump"),
        ({"tricks": [8, 5, 3]}, "trump"),
        (hand([8, 5, 3], bid=8), "bid"),
        (hand([16, 0, 0], last_trick=1), "last_trick"),
        (hand([8, 5, 3], last_trick=3), "last_trick"),
        (hand([8, 5, 3], last_trick="0"), "last_trick"),
    ],
)
def test_it_refuses_a_bad_hand_naming_the_field(data, field):
    ruleset = sm()
    start = replay(ruleset, PLAYERS, [])
    with pytest.raises(RuleError) as caught:
        play_hand(ruleset, start, data)
    assert caught.value.field == field


def test_a_bool_that_would_sum_to_16_is_still_refused():
    # True + 7 + 8 == 16: a bool must not pass for the number 1.
    error = refused([[True, 7, 8]])
    assert error.field == "hands.1.tricks.0"


def test_it_refuses_a_hand_that_is_not_an_object():
    assert refused([[8, 5, 3], "tricks=8,5,3"]).field == "hands.2"


def test_last_trick_on_a_seat_with_tricks_is_accepted_and_kept():
    state = play([hand([8, 5, 3], last_trick=2)])
    assert state.hands[0].input["last_trick"] == 2


def test_replay_names_the_later_hand_that_is_wrong():
    error = refused([[9, 4, 3], [3, 8, 5], [5, 3, 9]])
    assert error.field == "hands.3.tricks"
    error = refused([[9, 4, 3], [3, -8, 21]])
    assert error.field == "hands.2.tricks.1"


def test_replay_refuses_the_wrong_number_of_players_or_first_dealer():
    with pytest.raises(RuleError) as caught:
        replay(sm(), ("Ann", "Ben"), [])
    assert caught.value.field == "players"
    with pytest.raises(RuleError) as caught:
        replay(sm(), PLAYERS, [], first_dealer=3)
    assert caught.value.field == "first_dealer"
