"""Every Sergeant Major preset by example: sergeant_major/rules.md §1.2-§1.6, no database.

Expected figures are worked out by hand from sergeant_major/rules.md (the §1.2 table, the Woburn bid
table and bleed of §1.4, the calls of §1.5, the plucking of §1.6), not taken from the
rules code. In the comments a hand's targets are listed by seat, seat 0 first.
"""

import pytest

from matches.rules import GAMES, Exchange, RuleError, get_ruleset, play_hand, replay
from tests.factories import PRESET_TABLE, PRESETS, THREE_PLAYER_PRESETS

THREE = ("Ann", "Ben", "Cy")
FOUR = ("North", "East", "South", "West")  # clockwise, as §1.6 seats them
N, E, S, W = range(4)


def rules(variant, options=None):
    return get_ruleset("sergeant-major", variant, options)


def players(variant):
    return FOUR if variant == "four-player" else THREE


def deal(variant, tricks, **extra):
    """A hand's input: trumps hearts, or the call clubs in the alternate game."""
    key = {"call": "clubs"} if variant == "alternate" else {"trump": "hearts"}
    return {"tricks": list(tricks), **key, **extra}


def play(variant, hands, first_dealer=0, options=None, setup=None):
    """Replay ``hands``: lists of tricks (made into hands) or complete hand inputs."""
    inputs = [deal(variant, h) if isinstance(h, list) else h for h in hands]
    return replay(rules(variant, options), players(variant), inputs, first_dealer, setup)


def refused(variant, hands, first_dealer=0, options=None, setup=None):
    with pytest.raises(RuleError) as caught:
        play(variant, hands, first_dealer, options, setup)
    return caught.value


def passes(state):
    return [exchange.as_dict() for exchange in state.next_hand.exchanges]


def as_set(exchanges):
    return {(item["from"], item["to"], item["cards"]) for item in exchanges}


def even_hand(variant, dealer):
    """The tricks of a hand in which every seat makes exactly its target."""
    targets, _tricks = PRESET_TABLE[variant]
    seats = len(targets)
    return [targets[(seat - dealer) % seats] for seat in range(seats)]


# -- targets by offset and tricks per hand (§1.2) -----------------------------------------

# Worked out seat by seat: seat s has offset (s - dealer) mod n.
TARGETS_BY_SEAT = [
    ("8-5-3", 0, (8, 5, 3)),
    ("8-5-3", 1, (3, 8, 5)),
    ("8-5-3", 2, (5, 3, 8)),
    ("8-5-3-points", 1, (3, 8, 5)),
    ("9-5-2", 0, (9, 5, 2)),
    ("9-5-2", 1, (2, 9, 5)),
    ("9-5-2", 2, (5, 2, 9)),
    ("9-2-5", 0, (9, 2, 5)),
    ("9-2-5", 1, (5, 9, 2)),
    ("9-2-5", 2, (2, 5, 9)),
    ("8-6-3", 0, (8, 6, 3)),
    ("8-6-3", 1, (3, 8, 6)),
    ("8-6-3", 2, (6, 3, 8)),
    ("9-5-3", 0, (9, 5, 3)),
    ("9-5-3", 1, (3, 9, 5)),
    ("9-5-3", 2, (5, 3, 9)),
    ("alternate", 2, (5, 3, 8)),
    ("woburn", 1, (3, 8, 5)),
    ("four-player", 0, (5, 4, 2, 2)),
    ("four-player", 1, (2, 5, 4, 2)),
    ("four-player", 2, (2, 2, 5, 4)),
    ("four-player", 3, (4, 2, 2, 5)),
]


@pytest.mark.parametrize(("variant", "dealer", "targets"), TARGETS_BY_SEAT)
def test_targets_by_offset(variant, dealer, targets):
    state = play(variant, [], first_dealer=dealer)
    assert state.next_hand.dealer == dealer
    assert state.next_hand.targets == targets


@pytest.mark.parametrize("variant", PRESETS)
def test_targets_move_with_the_deal_to_the_left(variant):
    seats = len(players(variant))
    hands = [deal(variant, even_hand(variant, d % seats)) for d in range(seats + 1)]
    if variant == "alternate":
        hands[3]["call"] = "spades"  # seat 0 deals again and has called clubs
    state = play(variant, hands)
    assert [h.dealer for h in state.hands] == [d % seats for d in range(seats + 1)]
    for played in state.hands:
        assert played.targets == tuple(even_hand(variant, played.dealer))
        assert played.scores == (0,) * seats
    assert state.next_hand.dealer == (seats + 1) % seats


def test_the_shared_table_names_every_preset():
    assert sorted(PRESETS) == sorted(GAMES["sergeant-major"].presets)


@pytest.mark.parametrize(("variant", "tricks"), [(v, PRESET_TABLE[v][1]) for v in PRESETS])
def test_tricks_per_hand(variant, tricks):
    assert sum(PRESET_TABLE[variant][0]) == tricks
    assert rules(variant).tricks == tricks
    seats = len(players(variant))
    all_to_dealer = [tricks] + [0] * (seats - 1)
    play(variant, [all_to_dealer], options={"hands_limit": 5, "win_tricks": None})
    for wrong in (tricks - 1, tricks + 1):
        error = refused(variant, [[wrong] + [0] * (seats - 1)])
        assert error.field == "hands.1.tricks"
    error = refused(variant, [[tricks] + [0] * seats])
    assert error.field == "hands.1.tricks"


# Hand scores worked out by hand: tricks minus each seat's target (dealer 0).
SCORES = [
    ("8-5-3-points", [10, 6, 0], (2, 1, -3)),
    ("9-5-2", [7, 3, 6], (-2, -2, 4)),
    ("9-2-5", [7, 3, 6], (-2, 1, 1)),
    ("8-6-3", [7, 3, 7], (-1, -3, 4)),
    ("9-5-3", [7, 3, 7], (-2, -2, 4)),
    ("alternate", [9, 4, 3], (1, -1, 0)),
    ("woburn", [9, 4, 3], (1, -1, 0)),
    ("four-player", [3, 3, 4, 3], (-2, -1, 2, 1)),
]


@pytest.mark.parametrize(("variant", "tricks", "scores"), SCORES)
def test_hand_score_is_tricks_minus_target(variant, tricks, scores):
    state = play(variant, [tricks])
    assert state.hands[0].scores == scores
    assert state.totals == scores
    assert sum(scores) == 0


# -- default options (§1.2 table) -------------------------------------------------------

END_DEFAULTS = {
    "8-5-3": {"win_tricks": 12, "point_limit": None, "point_band": None, "hands_limit": None},
    "8-5-3-points": {
        "win_tricks": None,
        "point_limit": 10,
        "point_band": None,
        "hands_limit": None,
    },
    "9-5-2": {"win_tricks": None, "point_limit": 10, "point_band": None, "hands_limit": None},
    "9-2-5": {"win_tricks": None, "point_limit": None, "point_band": 15, "hands_limit": None},
    "8-6-3": {"win_tricks": None, "point_limit": 10, "point_band": None, "hands_limit": None},
    "9-5-3": {"win_tricks": 13, "point_limit": None, "point_band": None, "hands_limit": None},
    # Ends once every call is made (§1.5): no option needed.
    "alternate": {
        "win_tricks": None,
        "point_limit": None,
        "point_band": None,
        "hands_limit": None,
    },
    "woburn": {"win_tricks": 12, "point_limit": None, "point_band": None, "hands_limit": None},
    "four-player": {
        "win_tricks": None,
        "point_limit": 10,
        "point_band": None,
        "hands_limit": None,
    },
}


@pytest.mark.parametrize("variant", PRESETS)
def test_default_end_conditions(variant):
    options = rules(variant).options
    # docs/tournaments.md §2: the three-player presets take a sitter, off by default.
    sitter = {"sitter"} if variant in THREE_PLAYER_PRESETS else set()
    assert set(options) == {*END_DEFAULTS[variant], "kitty_first", *sitter}
    assert {name: options[name] for name in END_DEFAULTS[variant]} == END_DEFAULTS[variant]
    assert isinstance(options["kitty_first"], bool)
    assert options.get("sitter", False) is False


def test_9_5_2_takes_the_kitty_first():
    # §1.2 notes: in Canada the dealer takes the kitty before discarding.
    assert rules("9-5-2").options["kitty_first"] is True


# -- 8-5-3-points: the points race and its ties (§1.2, §1.3) -----------------------------


def test_points_race_ends_at_10_not_on_16_tricks():
    # Dealer 0 (8,5,3): 16 tricks are +8, no win_tricks by default.
    state = play("8-5-3-points", [[16, 0, 0]])
    assert state.totals == (8, -5, -3)
    assert not state.finished
    # Dealer 1 (3,8,5): seat 0 takes 5, +2: total 10.
    state = play("8-5-3-points", [[16, 0, 0], [5, 8, 3]])
    assert state.hands[1].scores == (2, 0, -2)
    assert state.totals == (10, -5, -5)
    assert state.finished
    assert state.winners == (0,)


# Dealer 0 (8,5,3): (-8, +5, +3); dealer 1 (3,8,5): (0, +2, -2); dealer 2 (5,3,8):
# (-4, 0, +4) -> totals (-12, 7, 5), nobody at 10 yet.
BEFORE_GAIN_TIE = [[0, 10, 6], [3, 10, 3], [1, 3, 12]]


def test_points_race_tie_goes_to_the_bigger_gain():
    before = play("8-5-3-points", BEFORE_GAIN_TIE)
    assert before.totals == (-12, 7, 5)
    assert not before.finished
    # Dealer 0 (8,5,3): (-8, +3, +5) -> (-20, 10, 10): seat 2 gained more.
    state = play("8-5-3-points", [*BEFORE_GAIN_TIE, [0, 8, 8]])
    assert state.hands[3].scores == (-8, 3, 5)
    assert state.totals == (-20, 10, 10)
    assert state.winners == (2,)


# Dealer 0 (8,5,3): (-8, +5, +3); dealer 1 (3,8,5): (-3, +2, +1); dealer 2 (5,3,8):
# (-3, 0, +3) -> totals (-14, 7, 7). Then dealer 0: (-6, +3, +3) -> (-20, 10, 10).
BEFORE_FULL_TIE = [[0, 10, 6], [0, 10, 6], [2, 3, 11]]
FULL_TIE = [2, 8, 6]


def test_points_race_full_tie_is_refused_without_last_trick():
    before = play("8-5-3-points", BEFORE_FULL_TIE)
    assert before.totals == (-14, 7, 7)
    assert not before.finished
    error = refused("8-5-3-points", [*BEFORE_FULL_TIE, FULL_TIE])
    assert error.field == "hands.4.last_trick"
    with pytest.raises(RuleError) as caught:
        play_hand(rules("8-5-3-points"), before, deal("8-5-3-points", FULL_TIE))
    assert caught.value.field == "last_trick"


@pytest.mark.parametrize("last", [1, 2])
def test_points_race_full_tie_is_decided_by_last_trick(last):
    state = play(
        "8-5-3-points", [*BEFORE_FULL_TIE, deal("8-5-3-points", FULL_TIE, last_trick=last)]
    )
    assert state.hands[3].scores == (-6, 3, 3)
    assert state.totals == (-20, 10, 10)
    assert state.winners == (last,)


def test_points_race_last_trick_must_name_a_tied_seat():
    # Seat 0 took 2 tricks but is not in the tie.
    error = refused(
        "8-5-3-points", [*BEFORE_FULL_TIE, deal("8-5-3-points", FULL_TIE, last_trick=0)]
    )
    assert error.field == "hands.4.last_trick"


# -- 9-5-2 (§1.2) -------------------------------------------------------------------------

# Dealer 0 (9,5,2): (+7, -5, -2); dealer 1 (2,9,5): (+3, +2, -5) -> (10, -3, -7);
# dealer 2 (5,2,9): (+10, -1, -9) -> (20, -4, -16).
CANADIAN = [[16, 0, 0], [5, 11, 0], [15, 1, 0]]


def test_9_5_2_plays_to_10_by_default():
    state = play("9-5-2", CANADIAN[:1])
    assert state.totals == (7, -5, -2)
    assert not state.finished
    state = play("9-5-2", CANADIAN[:2])
    assert state.totals == (10, -3, -7)
    assert state.winners == (0,)


def test_9_5_2_to_20_when_chosen():
    state = play("9-5-2", CANADIAN[:2], options={"point_limit": 20})
    assert state.totals == (10, -3, -7)
    assert not state.finished
    state = play("9-5-2", CANADIAN, options={"point_limit": 20})
    assert state.totals == (20, -4, -16)
    assert state.winners == (0,)


# -- 9-2-5: the point band (§1.2) ---------------------------------------------------------


def test_9_2_5_ends_at_plus_15():
    # Dealer 0 (9,2,5): (-9, -2, +11); dealer 1 (5,9,2): (0, -4, +4) -> (-9, -6, 15).
    state = play("9-2-5", [[0, 0, 16]])
    assert state.totals == (-9, -2, 11)
    assert not state.finished
    state = play("9-2-5", [[0, 0, 16], [5, 5, 6]])
    assert state.totals == (-9, -6, 15)
    assert state.winners == (2,)


def test_9_2_5_ends_at_minus_15_and_the_highest_total_wins():
    # Dealer 0 (9,2,5): (-9, +6, +3); dealer 1 (5,9,2): (-5, -5, +10) -> (-14, 1, 13),
    # inside the band; dealer 2 (2,5,9): (-1, +2, -1) -> (-15, 3, 12).
    state = play("9-2-5", [[0, 8, 8], [0, 4, 12]])
    assert state.totals == (-14, 1, 13)
    assert not state.finished
    state = play("9-2-5", [[0, 8, 8], [0, 4, 12], [1, 7, 8]])
    assert state.totals == (-15, 3, 12)
    assert state.finished
    assert state.winners == (2,)


def test_9_2_5_equal_highest_share_the_win():
    # (-9, +6, +3), then dealer 1 (5,9,2): (-5, +2, +3) -> (-14, 8, 6), then dealer 2
    # (2,5,9): (-2, 0, +2) -> (-16, 8, 8).
    state = play("9-2-5", [[0, 8, 8], [0, 11, 5], [0, 5, 11]])
    assert state.totals == (-16, 8, 8)
    assert state.winners == (1, 2)


def test_9_2_5_band_is_an_option():
    state = play("9-2-5", [[0, 8, 8]], options={"point_band": 9})
    assert state.totals == (-9, 6, 3)
    assert state.winners == (1,)


# -- 8-6-3: 17 tricks, no kitty (§1.2) ----------------------------------------------------


def test_8_6_3_plays_17_tricks_to_10_points():
    # Dealer 0 (8,6,3): all 17 tricks are +9 and win nothing by themselves.
    state = play("8-6-3", [[17, 0, 0]])
    assert state.hands[0].scores == (9, -6, -3)
    assert not state.finished
    # Dealer 1 (3,8,6): (+1, 0, -1) -> (10, -6, -4).
    state = play("8-6-3", [[17, 0, 0], [4, 8, 5]])
    assert state.totals == (10, -6, -4)
    assert state.winners == (0,)


# -- 9-5-3: 17 tricks, 13 win (§1.2) ------------------------------------------------------


def test_9_5_3_twelve_tricks_do_not_win():
    state = play("9-5-3", [[12, 5, 0]])
    assert state.hands[0].scores == (3, 0, -3)
    assert not state.finished


@pytest.mark.parametrize(("tricks", "winner"), [([13, 4, 0], 0), ([0, 4, 13], 2)])
def test_9_5_3_thirteen_tricks_win(tricks, winner):
    state = play("9-5-3", [tricks])
    assert state.finished
    assert state.winners == (winner,)


# -- alternate: calls (§1.5) ----------------------------------------------------------------

CALLS = ("clubs", "spades", "hearts", "diamonds", "no-trumps", "miz")


def called(tricks, call, **extra):
    return {"tricks": list(tricks), "call": call, **extra}


@pytest.mark.parametrize("call", CALLS[:5])
def test_alternate_scores_trumps_and_no_trumps_as_tricks_minus_target(call):
    state = play("alternate", [called([10, 2, 4], call)])
    assert state.hands[0].scores == (2, -3, 1)
    assert state.hands[0].input["call"] == call


def test_alternate_miz_scores_target_minus_tricks():
    # Dealer 0 (8,5,3) calls miz: 4 tricks are 4 better than 8, 7 are 4 worse than 3.
    state = play("alternate", [called([4, 5, 7], "miz")])
    assert state.hands[0].scores == (4, 0, -4)
    # Dealer 1 (3,8,5) calls miz after a suit call by dealer 0.
    state = play("alternate", [called([8, 5, 3], "clubs"), called([0, 16, 0], "miz")])
    assert state.hands[1].scores == (3, -8, 5)
    assert state.totals == (3, -8, 5)


def test_alternate_passes_no_cards():
    state = play("alternate", [called([16, 0, 0], "spades")])
    assert state.hands[0].scores == (8, -5, -3)
    assert state.next_hand.exchanges == ()
    state = play("alternate", [called([16, 0, 0], "spades"), called([0, 0, 16], "miz")])
    assert state.next_hand.exchanges == ()


def test_alternate_shows_the_calls_left_and_they_shrink():
    state = play("alternate", [])
    assert state.next_hand.detail.calls_left == (CALLS,) * 3
    state = play("alternate", [called([8, 5, 3], "miz")])
    assert state.next_hand.detail.calls_left == (CALLS[:5], CALLS, CALLS)
    state = play("alternate", [called([8, 5, 3], "miz"), called([3, 8, 5], "miz")])
    assert state.next_hand.detail.calls_left == (CALLS[:5],) * 2 + (CALLS,)


def test_alternate_refuses_a_repeated_call():
    # Seat 0 deals hands 1 and 4; seats 1 and 2 may make the same call.
    hands = [
        called([8, 5, 3], "hearts"),
        called([3, 8, 5], "hearts"),
        called([5, 3, 8], "hearts"),
        called([8, 5, 3], "hearts"),
    ]
    error = refused("alternate", hands)
    assert error.field == "hands.4.call"
    state = play("alternate", hands[:3])
    assert "hearts" not in state.next_hand.detail.calls_left[0]


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"tricks": [8, 5, 3]}, "call"),
        (called([8, 5, 3], "no-trump"), "call"),
        (called([8, 5, 3], "Miz"), "call"),
        ({"tricks": [8, 5, 3], "trump": "hearts"}, "trump"),
        ({"tricks": [8, 5, 3], "call": "hearts", "trump": "hearts"}, "trump"),
    ],
)
def test_alternate_refuses_a_bad_call(data, field):
    ruleset = rules("alternate")
    with pytest.raises(RuleError) as caught:
        play_hand(ruleset, replay(ruleset, THREE, []), data)
    assert caught.value.field == field


def eighteen(first_hand):
    """18 hands: each seat deals 6 times making its calls in order; all even but the
    first, which is dealt by seat 0 calling clubs."""
    hands = [called(first_hand, "clubs")]
    for number in range(1, 18):
        dealer = number % 3
        hands.append(called(even_hand("alternate", dealer), CALLS[number // 3]))
    return hands


def test_alternate_ends_after_exactly_18_hands_with_the_highest_total():
    hands = eighteen([10, 5, 1])  # (+2, 0, -2)
    state = play("alternate", hands[:17])
    assert not state.finished
    assert state.next_hand.dealer == 2
    assert state.next_hand.detail.calls_left == ((), (), ("miz",))
    state = play("alternate", hands)
    assert len(state.hands) == 18
    assert [h.dealer for h in state.hands].count(0) == 6
    assert state.totals == (2, 0, -2)
    assert state.finished
    assert state.winners == (0,)


def test_alternate_equal_highest_share_the_win():
    state = play("alternate", eighteen([9, 6, 1]))  # (+1, +1, -2)
    assert state.totals == (1, 1, -2)
    assert state.winners == (0, 1)


def test_alternate_refuses_a_19th_hand():
    hands = eighteen([10, 5, 1])
    error = refused("alternate", [*hands, called([8, 5, 3], "clubs")])
    assert error.field == "hands.19"


def test_alternate_ends_earlier_on_an_option():
    state = play("alternate", [called([12, 3, 1], "clubs")], options={"win_tricks": 12})
    assert state.winners == (0,)
    hands = eighteen([10, 5, 1])[:3]
    state = play("alternate", hands, options={"hands_limit": 3})
    assert state.finished
    assert state.winners == (0,)


# -- woburn: the bid (§1.4) -----------------------------------------------------------------

BIDS = [
    (8, (8, 5, 3)),
    (9, (9, 4, 3)),
    (10, (10, 4, 2)),
    (11, (11, 3, 2)),
    (12, (12, 2, 2)),
    (13, (13, 2, 1)),
    (14, (14, 1, 1)),
    (15, (15, 1, 0)),
    (16, (16, 0, 0)),
]


@pytest.mark.parametrize(("bid", "targets"), BIDS)
def test_woburn_bid_sets_the_first_hands_targets(bid, targets):
    state = play("woburn", [], setup={"bid": bid})
    assert state.next_hand.targets == targets
    assert sum(targets) == 16


def test_woburn_bid_targets_go_by_offset_from_the_first_dealer():
    # Dealer 2 after a bid of 13 (13, 2, 1): seat 0 is eldest, seat 1 third.
    state = play("woburn", [], first_dealer=2, setup={"bid": 13})
    assert state.next_hand.targets == (2, 1, 13)


def test_woburn_later_hands_are_8_5_3():
    # Bid 11 (11, 3, 2): dealer 0 takes 11, eldest 2, third 3 -> (0, -1, +1).
    state = play("woburn", [[11, 2, 3]], setup={"bid": 11})
    assert state.hands[0].targets == (11, 3, 2)
    assert state.hands[0].scores == (0, -1, 1)
    assert state.next_hand.targets == (3, 8, 5)
    state = play("woburn", [[11, 2, 3], [3, 8, 5], [5, 3, 8]], setup={"bid": 11})
    assert [h.targets for h in state.hands] == [(11, 3, 2), (3, 8, 5), (5, 3, 8)]
    assert state.totals == (0, -1, 1)


def test_woburn_first_exchange_follows_the_bid_targets():
    # Bid 12 (12, 2, 2): (-2, +2, 0); coming dealer 1: seat 1 passes 2 to seat 0.
    state = play("woburn", [[10, 4, 2]], setup={"bid": 12})
    assert state.hands[0].scores == (-2, 2, 0)
    assert state.next_hand.exchanges == (Exchange(1, 0, 2),)


def test_woburn_without_a_bid_starts_8_5_3():
    assert play("woburn", []).next_hand.targets == (8, 5, 3)
    assert play("woburn", [], setup={}).next_hand.targets == (8, 5, 3)


@pytest.mark.parametrize("bid", [7, 17, 0, -8, "9", True, 9.0, [9]])
def test_woburn_refuses_a_bad_bid(bid):
    error = refused("woburn", [], setup={"bid": bid})
    assert error.field == "bid"


@pytest.mark.parametrize("variant", [v for v in PRESETS if v != "woburn"])
def test_only_woburn_takes_a_bid(variant):
    error = refused(variant, [], setup={"bid": 8})
    assert error.field == "bid"


# -- woburn: maximum bleed (§1.4) ------------------------------------------------------------
#
# Hand 1 is dealt by seat 0 (8,5,3); hand 2 by seat 1, so the coming targets are
# seat 0: 3, seat 1: 8, seat 2: 5.


def test_woburn_bleed_first_worked_example():
    # Coming 8-seat (seat 1) +2, coming 5-seat (seat 2) +2, coming 3-seat (seat 0) -4.
    state = play("woburn", [[4, 7, 5]])
    assert state.hands[0].scores == (-4, 2, 2)
    assert state.next_hand.targets == (3, 8, 5)
    # The 8-seat passes 2 to the 3-seat, then the 5-seat only 1 (the 3-seat has 3).
    assert state.next_hand.exchanges == (Exchange(1, 0, 2), Exchange(2, 0, 1))
    # Without the cap (8-5-3) the 3-seat would take all 4.
    assert play("8-5-3", [[4, 7, 5]]).next_hand.exchanges == (
        Exchange(1, 0, 2),
        Exchange(2, 0, 2),
    )


def test_woburn_bleed_second_worked_example():
    # Coming 8-seat (seat 1) +4, coming 5-seat (seat 2) -2, coming 3-seat (seat 0) -2.
    state = play("woburn", [[6, 9, 1]])
    assert state.hands[0].scores == (-2, 4, -2)
    # It passes 2 to the coming 3-seat first (reversed priority), then 1 to the 5-seat.
    assert state.next_hand.exchanges == (Exchange(1, 0, 2), Exchange(1, 2, 1))
    # Uncapped, the coming 5-seat is served first and both get 2.
    assert play("8-5-3", [[6, 9, 1]]).next_hand.exchanges == (
        Exchange(1, 2, 2),
        Exchange(1, 0, 2),
    )


def test_woburn_bleed_one_seat_5_up_to_two_down_seats():
    # Seat 1 +5, seat 0 (coming 3) -3, seat 2 (coming 5) -2: the coming 3-seat is served
    # first and takes 3; the up seat has then passed its 3 and the 5-seat gets nothing.
    state = play("woburn", [[5, 10, 1]])
    assert state.hands[0].scores == (-3, 5, -2)
    assert state.next_hand.exchanges == (Exchange(1, 0, 3),)


def test_woburn_bleed_one_seat_5_up_to_one_seat_5_down():
    state = play("woburn", [[3, 10, 3]])
    assert state.hands[0].scores == (-5, 5, 0)
    assert state.next_hand.exchanges == (Exchange(1, 0, 3),)


def test_woburn_bleed_two_up_seats_to_one_seat_5_down():
    # Seat 0 (coming 3) +3, seat 2 (coming 5) +2, seat 1 (coming 8) -5: the coming 5-seat
    # passes its 2 first, then seat 0 only 1.
    state = play("woburn", [[11, 0, 5]])
    assert state.hands[0].scores == (3, -5, 2)
    assert state.next_hand.exchanges == (Exchange(2, 1, 2), Exchange(0, 1, 1))


def test_woburn_bleed_within_the_cap_is_the_plain_exchange():
    # (0, +2, -2) under dealer 0; (+3, -3, 0)-style cases stay whole too.
    assert play("woburn", [[8, 7, 1]]).next_hand.exchanges == (Exchange(1, 2, 2),)
    state = play("woburn", [[11, 2, 3]])
    assert state.hands[0].scores == (3, -3, 0)
    assert state.next_hand.exchanges == (Exchange(0, 1, 3),)


# -- four players: targets and plucking (§1.6) ---------------------------------------------


def test_four_players_play_13_tricks_to_10_points():
    # Dealer North (5,4,2,2): (+8, -4, -2, -2); dealer East (2,5,4,2): (+2, 0, 0, -2).
    state = play("four-player", [[13, 0, 0, 0]])
    assert state.totals == (8, -4, -2, -2)
    assert not state.finished
    state = play("four-player", [[13, 0, 0, 0], [4, 5, 4, 0]])
    assert state.totals == (10, -4, -2, -4)
    assert state.winners == (N,)


def test_plucking_first_worked_example_uses_the_most_pairs():
    # North -2, East -1, South +2, West +1 (dealer North: 5, 4, 2, 2).
    state = play("four-player", [[3, 3, 4, 3]])
    assert state.hands[0].scores == (-2, -1, 2, 1)
    # South gives North 1 and East 1, West gives North 1.
    assert as_set(passes(state)) == {(S, N, 1), (S, E, 1), (W, N, 1)}
    # Coming dealer East (2,5,4,2): South (4) passes before West (2).
    assert [p["from"] for p in passes(state)] == [S, S, W]


def test_plucking_second_worked_example_avoids_the_left():
    # North +1, East -1, South +1, West -1 (dealer North: 5, 4, 2, 2).
    state = play("four-player", [[6, 3, 3, 1]])
    assert state.hands[0].scores == (1, -1, 1, -1)
    # South gives East, North gives West; coming dealer East: South (4) before North (2).
    assert passes(state) == [
        {"from": S, "to": E, "cards": 1},
        {"from": N, "to": W, "cards": 1},
    ]


@pytest.mark.parametrize(
    ("tricks", "scores", "expected"),
    [
        # One up, three down: the up seat gives each what it is down.
        ([8, 3, 1, 1], (3, -1, -1, -1), {(N, E, 1), (N, S, 1), (N, W, 1)}),
        ([2, 7, 2, 2], (-3, 3, 0, 0), {(E, N, 3)}),
        # Three up, one down: each gives the down seat what it is up.
        ([2, 5, 3, 3], (-3, 1, 1, 1), {(E, N, 1), (S, N, 1), (W, N, 1)}),
        # One up, one down: forced even to the giver's left.
        ([6, 3, 2, 2], (1, -1, 0, 0), {(N, E, 1)}),
        # Everyone even: nothing.
        ([5, 4, 2, 2], (0, 0, 0, 0), set()),
    ],
)
def test_plucking_forced_cases(tricks, scores, expected):
    state = play("four-player", [tricks])
    assert state.hands[0].scores == scores
    assert as_set(passes(state)) == expected


EX1 = [3, 3, 4, 3]  # North -2, East -1, South +2, West +1
# Hand 2 is dealt by East (2,5,4,2); all even.
EVEN_2 = [2, 5, 4, 2]


def test_plucking_the_proposal_is_recorded_on_the_next_hand():
    state = play("four-player", [EX1, EVEN_2])
    plucked = [e.as_dict() for e in state.hands[1].detail.plucked]
    assert as_set(plucked) == {(S, N, 1), (S, E, 1), (W, N, 1)}
    assert not state.hands[0].detail.plucked


def test_plucking_an_override_is_accepted_and_recorded():
    override = [{"from": S, "to": N, "cards": 2}, {"from": W, "to": E, "cards": 1}]
    state = play("four-player", [EX1, deal("four-player", EVEN_2, exchanges=override)])
    assert [e.as_dict() for e in state.hands[1].detail.plucked] == override
    assert state.hands[1].scores == (0, 0, 0, 0)
    # The override is about the passes before hand 2; the next proposal is unaffected.
    assert state.next_hand.exchanges == ()


def test_plucking_an_empty_override_before_the_first_hand_is_accepted():
    state = play("four-player", [deal("four-player", EX1, exchanges=[])])
    assert state.hands[0].scores == (-2, -1, 2, 1)


@pytest.mark.parametrize(
    ("override", "field"),
    [
        # Wrong totals: North gets 3 (is down 2), East nothing.
        ([{"from": S, "to": N, "cards": 2}, {"from": W, "to": N, "cards": 1}], "exchanges"),
        # South passes only 1 of its 2.
        ([{"from": S, "to": N, "cards": 1}, {"from": W, "to": E, "cards": 1}], "exchanges"),
        # Nothing passed although seats were up.
        ([], "exchanges"),
        # From a down seat.
        ([{"from": N, "to": S, "cards": 1}], "exchanges.0"),
        # To an up seat.
        ([{"from": S, "to": W, "cards": 1}], "exchanges.0"),
        # The same pair twice (totals would be right).
        (
            [
                {"from": S, "to": N, "cards": 1},
                {"from": S, "to": N, "cards": 1},
                {"from": W, "to": E, "cards": 1},
            ],
            "exchanges.1",
        ),
        # Zero cards.
        (
            [
                {"from": S, "to": N, "cards": 2},
                {"from": W, "to": E, "cards": 1},
                {"from": W, "to": N, "cards": 0},
            ],
            "exchanges.2",
        ),
        ([{"from": S, "to": N}], "exchanges.0"),
        ([{"from": S, "to": 4, "cards": 1}], "exchanges.0.to"),
        ([{"from": S, "to": N, "cards": 1.0}], "exchanges.0.cards"),
        ({"from": S, "to": N, "cards": 2}, "exchanges"),
    ],
)
def test_plucking_refuses_a_bad_override(override, field):
    error = refused("four-player", [EX1, deal("four-player", EVEN_2, exchanges=override)])
    assert error.field == f"hands.2.{field}"


def test_plucking_refuses_an_override_before_the_first_hand():
    override = [{"from": S, "to": N, "cards": 1}]
    error = refused("four-player", [deal("four-player", EX1, exchanges=override)])
    assert error.field == "hands.1.exchanges"


@pytest.mark.parametrize("variant", THREE_PLAYER_PRESETS)
def test_three_player_presets_refuse_an_override_as_an_unknown_field(variant):
    # Dealer 0 (any preset): seat 0 takes one trick more than its target, seat 1 one fewer.
    targets = even_hand(variant, 0)
    first = [targets[0] + 1, targets[1] - 1, targets[2]]
    override = [{"from": 0, "to": 1, "cards": 1}]
    second = deal(variant, even_hand(variant, 1), exchanges=override)
    if variant == "alternate":
        second["call"] = "spades"
    error = refused(variant, [first, second], options={"hands_limit": 5})
    assert error.field == "hands.2.exchanges"


# -- options on any preset (§1.2) ----------------------------------------------------------


@pytest.mark.parametrize("variant", PRESETS)
def test_every_option_is_accepted_by_every_preset(variant):
    tricks = PRESET_TABLE[variant][1]
    chosen = {
        "win_tricks": tricks,
        "point_limit": 30,
        "point_band": 40,
        "hands_limit": 50,
        "kitty_first": True,
    }
    # The sitter stays off unless chosen (and four players have none).
    sitter = {"sitter": False} if variant in THREE_PLAYER_PRESETS else {}
    assert rules(variant, chosen).options == {**chosen, **sitter}


@pytest.mark.parametrize("variant", PRESETS)
def test_hands_limit_on_any_preset_ends_with_the_highest_sharing(variant):
    seats = len(players(variant))
    state = play(variant, [even_hand(variant, 0)], options={"hands_limit": 1})
    assert state.finished
    assert state.winners == tuple(range(seats))


@pytest.mark.parametrize("variant", PRESETS)
def test_win_tricks_on_any_preset_decides_first(variant):
    # All tricks to the third seat (offset 2, seat 2) under dealer 0, with every other
    # end condition set so that it is met in the same hand too.
    seats = len(players(variant))
    tricks = PRESET_TABLE[variant][1]
    all_to_2 = [0, 0, tricks] + [0] * (seats - 3)
    options = {"win_tricks": tricks, "point_limit": 1, "point_band": 1, "hands_limit": 1}
    state = play(variant, [all_to_2], options=options)
    assert state.winners == (2,)


@pytest.mark.parametrize(
    ("variant", "options", "hands", "winners"),
    [
        # A points preset also ends on a 12-trick hand when win_tricks is added.
        ("8-5-3-points", {"win_tricks": 12}, [[12, 3, 1]], (0,)),
        # 9-5-3 ends at a point limit before any 13-trick hand: (+3, 0, -3).
        ("9-5-3", {"point_limit": 3}, [[12, 5, 0]], (0,)),
        # 9-2-5 at a point limit of 5 before the band: dealer 0 (9,2,5) -> (-2, +5, -3).
        ("9-2-5", {"point_limit": 5}, [[7, 7, 2]], (1,)),
        # Woburn with a band: (+3, -3, 0) under dealer 0.
        ("woburn", {"point_band": 3}, [[11, 2, 3]], (0,)),
        # Four players with a band of 3: (-2, -1, +2, +1), then under East (2,5,4,2)
        # (0, 0, +1, -1) -> (-2, -1, 3, 0).
        ("four-player", {"point_band": 3}, [[3, 3, 4, 3], [2, 5, 5, 1]], (2,)),
    ],
)
def test_the_first_end_condition_met_ends_the_match(variant, options, hands, winners):
    before = play(variant, hands[:-1], options=options)
    assert not before.finished
    state = play(variant, hands, options=options)
    assert state.finished
    assert state.winners == winners


@pytest.mark.parametrize("variant", PRESETS)
def test_an_unknown_option_is_refused(variant):
    with pytest.raises(RuleError) as caught:
        rules(variant, {"win_trick": 12})
    assert caught.value.field == "options.win_trick"


def impossible(variant):
    tricks = PRESET_TABLE[variant][1]
    return [
        ({"win_tricks": tricks + 1}, "options.win_tricks"),  # 17 on 16, 18 on 17, 14 on 13
        ({"win_tricks": tricks // 2}, "options.win_tricks"),  # half or less
        ({"win_tricks": 0}, "options.win_tricks"),
        ({"point_limit": 0}, "options.point_limit"),
        ({"point_band": -15}, "options.point_band"),
        ({"hands_limit": 0}, "options.hands_limit"),
        ({"hands_limit": 2.0}, "options.hands_limit"),
        ({"kitty_first": "yes"}, "options.kitty_first"),
    ]


@pytest.mark.parametrize(
    ("variant", "options", "field"),
    [(v, options, field) for v in PRESETS for options, field in impossible(v)],
)
def test_impossible_option_values_are_refused(variant, options, field):
    with pytest.raises(RuleError) as caught:
        rules(variant, options)
    assert caught.value.field == field


@pytest.mark.parametrize(
    ("variant", "refused_win", "accepted_win"),
    [
        ("8-5-3", 17, 16),
        ("woburn", 17, 16),
        ("8-6-3", 18, 17),
        ("9-5-3", 18, 17),
        ("four-player", 14, 13),
    ],
)
def test_win_tricks_up_to_the_tricks_in_a_hand(variant, refused_win, accepted_win):
    with pytest.raises(RuleError):
        rules(variant, {"win_tricks": refused_win})
    assert rules(variant, {"win_tricks": accepted_win}).options["win_tricks"] == accepted_win


@pytest.mark.parametrize(
    ("variant", "half", "over_half"),
    [("8-5-3", 8, 9), ("8-6-3", 8, 9), ("9-5-3", 8, 9), ("four-player", 6, 7)],
)
def test_win_tricks_must_be_more_than_half(variant, half, over_half):
    with pytest.raises(RuleError) as caught:
        rules(variant, {"win_tricks": half})
    assert caught.value.field == "options.win_tricks"
    assert rules(variant, {"win_tricks": over_half}).options["win_tricks"] == over_half


@pytest.mark.parametrize(
    ("variant", "unset"),
    [
        ("8-5-3", {"win_tricks": None}),
        ("8-5-3-points", {"point_limit": None}),
        ("9-5-2", {"point_limit": None}),
        ("9-2-5", {"point_band": None}),
        ("8-6-3", {"point_limit": None}),
        ("9-5-3", {"win_tricks": None}),
        ("woburn", {"win_tricks": None}),
        ("four-player", {"point_limit": None}),
    ],
)
def test_a_preset_must_keep_an_end_condition(variant, unset):
    with pytest.raises(RuleError) as caught:
        rules(variant, unset)
    assert caught.value.field == "options"
    assert rules(variant, {**unset, "hands_limit": 20}).options["hands_limit"] == 20


def test_alternate_needs_no_end_option():
    assert rules("alternate", {"win_tricks": None}).options["win_tricks"] is None
