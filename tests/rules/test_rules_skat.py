"""Skat by example: each worked example and each refusal of skat/rules.md, no
database.

The worked examples are numbered as on the rules page (1–17); each test names the source
its figures were checked against there. Expected figures are written out by hand from the
rules page, not taken from the rules code. Seats A, B, C are 0, 1, 2; unless an example
says otherwise C deals the first game, so that A is Vorhand.
"""

import pytest

from matches import rules
from matches.games.skat.rules import BID_VALUES, Skat, SkatGame, SkatTally
from matches.rules import RuleError, play_hand, replay

THREE = ("Ann", "Ben", "Cy")
FOUR = ("Ann", "Ben", "Cy", "Dee")
A, B, C = 0, 1, 2


def skat(seats=3, options=None):
    return Skat("isko" if seats == 3 else "isko-four", options)


def suit(declarer, game, n, with_=True, won=True, **fields):
    """A suit or grand game as the table reports it."""
    return {
        "declarer": declarer,
        "game": game,
        "matadors": {"with": with_, "n": n},
        "won": won,
        **fields,
    }


def null(declarer, won=True, **fields):
    return {"declarer": declarer, "game": "null", "won": won, **fields}


PASSED = {"passed": True}


def play(games, seats=3, first_dealer=C, options=None):
    ruleset = skat(seats, options)
    return replay(ruleset, THREE if seats == 3 else FOUR, games, first_dealer)


def one(data, seats=3, first_dealer=C):
    """The one game ``data`` played as the first of a series."""
    (played,) = play([data], seats, first_dealer).hands
    return played


def refused(data, seats=3, first_dealer=C, before=()):
    """The RuleError the game ``data`` raises after the games ``before``."""
    ruleset = skat(seats)
    state = replay(ruleset, THREE if seats == 3 else FOUR, list(before), first_dealer)
    with pytest.raises(RuleError) as caught:
        play_hand(ruleset, state, data)
    return caught.value


def says(error, message, field=None, **params):
    assert str(error) == message
    if field is not None:
        assert error.field == field
    for name, value in params.items():
        assert error.params[name] == value


# -- the worked examples (skat/rules.md §4.10) ---------------------------


def test_example_1_won_suit_game_with_matadors():
    # JSkat SuitRuleTest.calcGameResultGameWonClubSpadeHeartJack (48); SkatConstantsTest (+50).
    played = one(suit(A, "clubs", 3, bid=48, points=61))
    assert played.detail == SkatGame(value=48, list_entry=48)
    assert played.scores == (98, 0, 0)


def test_example_2_won_suit_game_schneider_reached():
    # JSkat SuitRuleTest.calcGameResultGameWonClubJackSchneider (36).
    played = one(suit(A, "clubs", 1, bid=24, points=90, schneider=True))
    assert played.detail.value == 36
    assert played.scores == (86, 0, 0)


def test_example_3_lost_suit_game_without_matadors():
    # Wikipedia "Skatabrechnung" example 2 (−54); JSkat SkatConstantsTest (−36 → −86, 40).
    played = one(suit(A, "diamonds", 2, with_=False, won=False, points=52))
    assert played.detail == SkatGame(value=27, list_entry=-54)
    assert played.scores == (-104, 40, 40)


def test_example_4_won_hand_game():
    # skatblog.com on ISkO 5.4.2: "mit 1 Spiel 2 Hand 3 mal Pik = 33".
    played = one(suit(A, "spades", 1, hand=True, points=70))
    assert played.detail.value == 33
    assert played.scores == (83, 0, 0)


def test_example_5_hand_schneider_announced_and_reached():
    # JSkat SuitRuleTest.calcGameResultGameWonClubJackSchneiderAndAnnounced (60).
    data = suit(A, "clubs", 1, hand=True, schneider_announced=True, schneider=True, points=90)
    played = one(data)
    assert played.detail.value == 60
    assert played.scores == (110, 0, 0)


def test_example_6_hand_schwarz_announced_and_reached():
    # JSkat SuitRuleTest.calcGameResultGameWonClubJackSchwarzAndAnnounced (84).
    data = suit(
        A,
        "clubs",
        1,
        hand=True,
        schneider_announced=True,
        schwarz_announced=True,
        schneider=True,
        schwarz=True,
        points=120,
    )
    played = one(data)
    assert played.detail.value == 84
    assert played.scores == (134, 0, 0)


def test_example_7_schneider_announced_missed():
    # preisskat.org "Angesagte Gewinnstufe wird nicht erreicht" (192, counted single before
    # 1999); doubled as every lost game is (skat/rules.md §4.9).
    data = suit(A, "grand", 4, hand=True, schneider_announced=True, won=False, points=89)
    played = one(data)
    assert played.detail == SkatGame(value=192, list_entry=-384)
    assert played.scores == (-434, 40, 40)
    says(
        refused({**data, "won": True}),
        "Schneider was announced but not reached: the game is lost in that level (ISkO 5.2.5).",
        field="schneider",
    )


def test_example_8_grand_won():
    # Wikipedia "Skatabrechnung" example 1 (144).
    played = one(suit(A, "grand", 4, schneider=True))
    assert played.detail.value == 144
    assert played.scores == (194, 0, 0)


def test_example_9_grand_lost():
    # JSkat GrandRuleTest.calcGameResultGameLostClubJack (60 points, ♣J ♥J → −96).
    played = one(suit(A, "grand", 1, won=False, points=60))
    assert played.detail == SkatGame(value=48, list_entry=-96)
    assert played.scores == (-146, 40, 40)


@pytest.mark.parametrize(
    ("hand", "ouvert", "value", "won_score", "lost_entry", "lost_score"),
    [
        (True, True, 59, 109, -118, -168),  # null ouvert hand
        (False, True, 46, 96, -92, -142),  # null ouvert, the skat picked up
        (False, False, 23, 73, -46, -96),  # null
    ],
)
def test_example_10_null_ouvert_hand(hand, ouvert, value, won_score, lost_entry, lost_score):
    # JSkat NullRuleTest (−118), SkatConstants (59); skatblog.com "Die blanke 8" (96, −142,
    # 73, −96).
    won = one(null(A, hand=hand, ouvert=ouvert))
    assert won.detail == SkatGame(value=value, list_entry=value)
    assert won.scores == (won_score, 0, 0)
    lost = one(null(A, won=False, hand=hand, ouvert=ouvert))
    assert lost.detail == SkatGame(value=value, list_entry=lost_entry)
    assert lost.scores == (lost_score, 40, 40)


def test_example_11_suit_ouvert():
    # ISkO 5.2.6 (108 and 264).
    every_trick = {"hand": True, "ouvert": True, "schneider": True, "schwarz": True}
    clubs = one(suit(A, "clubs", 2, points=120, **every_trick))
    assert clubs.detail.value == 108
    assert clubs.scores == (158, 0, 0)
    # The ouvert announces schneider and schwarz: the stored game says so.
    assert clubs.input["schneider_announced"] and clubs.input["schwarz_announced"]
    grand = one(suit(A, "grand", 4, bid=264, **every_trick))
    assert grand.detail.value == 264
    assert grand.scores == (314, 0, 0)


def test_example_12_overbid_after_picking_up_the_skat():
    # JSkat SuitRuleTest.testOverbid (−54) and testOverbidWithSchneider (27); preisskat.org
    # "Spielerhöhung" (bid 22, diamonds: 27, 54 minus points).
    data = suit(B, "diamonds", 1, with_=False, won=False, bid=22, points=89)
    played = one(data)
    assert played.detail == SkatGame(value=27, list_entry=-54, overbid=True)
    assert played.scores == (40, -104, 40)
    says(
        refused({**data, "won": True}),
        "Overbid: this game is worth 18, below the bid of 22. An overbid game is lost "
        "(ISkO 5.4) — enter it as lost; it counts −54.",
        field="won",
    )
    schneider = one({**data, "won": True, "points": 90, "schneider": True})
    assert schneider.detail == SkatGame(value=27, list_entry=27)
    assert schneider.scores == (0, 77, 0)


def test_example_13_overbid_with_card_points_won():
    # The ISS record in JSkat MessageParserTest.testParseGameSummary_OverbidSuitGame
    # ("v:-72 m:-1 overbid p:75").
    played = one(suit(C, "diamonds", 1, with_=False, won=False, bid=36, points=75))
    assert played.detail == SkatGame(value=36, list_entry=-72, overbid=True)
    assert played.scores == (40, 40, -122)


def test_example_14_overbid_hand_game_jack_in_the_skat():
    # ISkO 5.4.2 as quoted by skatblog.com (the rule, 77 and 33); −154 is the doubling.
    played = one(suit(A, "spades", 1, hand=True, won=False, bid=72))
    assert played.detail == SkatGame(value=77, list_entry=-154, overbid=True)
    assert played.scores == (-204, 40, 40)


def test_example_15_overbid_null():
    # JSkat NullRuleTest.testOverbid (−92); the rules page's decision 4 (flagged for a rules
    # check).
    played = one(null(A, won=False, bid=24))
    assert played.detail == SkatGame(value=46, list_entry=-92, overbid=True)
    assert played.scores == (-142, 40, 40)
    says(
        refused(null(A, bid=24)),
        "Overbid: this game is worth 23, below the bid of 24. An overbid game is lost "
        "(ISkO 5.4) — enter it as lost; it counts −92.",
        field="won",
    )


def test_example_16_table_of_four_the_sitter():
    # JSkat SkatConstantsTest (−40 at four → −90, others 30); PySkat test_get_opponents_lost
    # (a table of four credits all three others).
    state = play([suit(2, "hearts", 2, won=False, bid=30, points=55)], seats=4, first_dealer=0)
    (played,) = state.hands
    assert played.dealer == 0 and played.active == (1, 2, 3)
    assert played.detail == SkatGame(value=30, list_entry=-60)
    assert played.scores == (30, 30, -110, 30)
    assert state.detail.others_lost == (1, 1, 0, 1)
    says(
        refused(suit(0, "hearts", 2), seats=4, first_dealer=0),
        "Seat 1 dealt this game and sits out; the declarer is one of seats 2, 3, 4.",
        field="declarer",
    )
    assert state.next_hand.dealer == 1 and state.next_hand.active == (0, 2, 3)


def test_example_17_seeger_fabian_list_after_a_short_series():
    # Games 1–3: Wikipedia "Skatabrechnung" (144, −54, 46; A's list +90 after game 2). The
    # end-of-list formula: HTW Dresden tournament FAQ; PySkat evaluate_points.
    games = [
        suit(A, "grand", 4, schneider=True),  # C deals
        suit(A, "diamonds", 2, with_=False, won=False),  # A deals
        null(C, ouvert=True),  # B deals
        PASSED,  # C deals
        suit(B, "hearts", 1, won=False, points=58),  # A deals
        suit(B, "clubs", 2),  # B deals
    ]
    state = play(games, options={"hands_limit": 6})
    assert [h.dealer for h in state.hands] == [C, A, B, C, A, B]
    assert [h.detail.list_entry for h in state.hands] == [144, -54, 46, None, -40, 36]
    assert [h.scores for h in state.hands] == [
        (194, 0, 0),
        (-104, 40, 40),
        (0, 0, 96),
        (0, 0, 0),
        (40, -90, 40),
        (0, 86, 0),
    ]
    assert state.detail == SkatTally(
        list_totals=(90, -4, 46),
        games_won=(1, 1, 1),
        games_lost=(1, 1, 0),
        others_lost=(1, 1, 2),
        scores=(130, 36, 176),
    )
    # The end of the list: list total + 50 × (won − lost) + 40 × others' lost.
    assert state.totals == (90 + 0 + 40, -4 + 0 + 40, 46 + 50 + 80) == (130, 36, 176)
    assert skat().table_order(state.detail) == [C, A, B]
    # The passed-in game 4 was one of the six: the series is over.
    assert state.finished and state.winners == (C,) and state.ending.hand == 6


# -- the refusals (skat/rules.md §4.8) -------------------------------------------

GRAND_4 = suit(A, "grand", 4)


@pytest.mark.parametrize(
    ("data", "message", "field"),
    [
        pytest.param(
            suit(A, "diamonds", 1, with_=False, bid=22, points=89),
            "Overbid: this game is worth 18, below the bid of 22. An overbid game is lost "
            "(ISkO 5.4) — enter it as lost; it counts −54.",
            "won",
            id="won-but-overbid",
        ),
        pytest.param(
            {**GRAND_4, "bid": 19},
            "19 is not a bid value (next lower 18, next higher 20).",
            "bid",
            id="not-a-bid-value",
        ),
        pytest.param(
            null(A, matadors={"with": True, "n": 1}),
            "Null games have no matadors.",
            "matadors",
            id="matadors-in-null",
        ),
        pytest.param(
            suit(A, "clubs", 0),
            "A suit game is with or without 1 to 11; a grand with or without 1 to 4.",
            "matadors.n",
            id="with-0",
        ),
        pytest.param(
            suit(A, "hearts", 12, with_=False),
            "A suit game is with or without 1 to 11; a grand with or without 1 to 4.",
            "matadors.n",
            id="suit-without-12",
        ),
        pytest.param(
            suit(A, "grand", 5),
            "A suit game is with or without 1 to 11; a grand with or without 1 to 4.",
            "matadors.n",
            id="grand-with-5",
        ),
        pytest.param(
            {**GRAND_4, "schwarz": True},
            "Schwarz includes schneider: a party without a trick has 30 card points or fewer.",
            "schneider",
            id="schwarz-without-schneider",
        ),
        pytest.param(
            {**GRAND_4, "schneider_announced": True, "schneider": True},
            "Schneider and schwarz can only be announced in a hand game (ISkO 5.2.5).",
            "schneider_announced",
            id="announced-without-hand",
        ),
        pytest.param(
            {**GRAND_4, "hand": True, "schwarz_announced": True, "schneider": True},
            "Schwarz announced includes schneider announced.",
            "schneider_announced",
            id="schwarz-announced-alone",
        ),
        pytest.param(
            suit(A, "clubs", 2, ouvert=True, schneider=True, schwarz=True),
            "A suit or grand ouvert is always a hand game with schwarz announced (ISkO 5.2.6).",
            "ouvert",
            id="ouvert-without-hand",
        ),
        pytest.param(
            {**GRAND_4, "hand": True, "schneider_announced": True},
            "Schneider was announced but not reached: the game is lost in that level (ISkO 5.2.5).",
            "schneider",
            id="won-schneider-announced-not-reached",
        ),
        pytest.param(
            {**GRAND_4, "hand": True, "schneider_announced": True, "schwarz_announced": True}
            | {"schneider": True},
            "Schwarz was announced but the opponents took a trick: the game is lost in that level.",
            "schwarz",
            id="won-schwarz-announced-not-reached",
        ),
        pytest.param(
            suit(A, "clubs", 2, hand=True, ouvert=True, schneider=True),
            "Schwarz was announced but the opponents took a trick: the game is lost in that level.",
            "schwarz",
            id="won-ouvert-not-schwarz",
        ),
        pytest.param(
            {**GRAND_4, "points": 60},
            "With 60 card points the declarer has lost this game; correct the points or "
            "the result.",
            "points",
            id="won-with-60",
        ),
        pytest.param(
            {**GRAND_4, "won": False, "points": 61},
            "With 61 card points the declarer has won this game; correct the points or the result.",
            "points",
            id="lost-with-61",
        ),
        pytest.param(
            {**GRAND_4, "points": 90},
            "With 90 card points schneider is reached.",
            "schneider",
            id="90-without-schneider",
        ),
        pytest.param(
            {**GRAND_4, "won": False, "points": 30},
            "With 30 card points schneider is reached.",
            "schneider",
            id="declarer-30-without-schneider",
        ),
        pytest.param(
            {**GRAND_4, "points": 89, "schneider": True},
            "With 89 card points schneider is not reached.",
            "schneider",
            id="89-with-schneider",
        ),
        pytest.param(
            {**GRAND_4, "points": 119, "schneider": True, "schwarz": True},
            "The opponents can only be schwarz when the declarer has all 120 card points.",
            "schwarz",
            id="opponents-schwarz-below-120",
        ),
        pytest.param(
            {**GRAND_4, "won": False, "points": 23, "schneider": True, "schwarz": True},
            "Schwarz means a party took no trick: the declarer then has all 120 card points "
            "(an overbid game) or at most the skat's 22.",
            "schwarz",
            id="declarer-schwarz-above-22",
        ),
        pytest.param(
            null(A, schneider=True),
            "Null games are won or lost; they have no schneider, schwarz or card points.",
            "schneider",
            id="schneider-in-null",
        ),
        pytest.param(
            null(A, won=False, points=0),
            "Null games are won or lost; they have no schneider, schwarz or card points.",
            "points",
            id="points-in-null",
        ),
        pytest.param(
            null(A, hand=True, schwarz_announced=True),
            "Null games are won or lost; they have no schneider, schwarz or card points.",
            "schwarz_announced",
            id="announcement-in-null",
        ),
        pytest.param(
            {"passed": True, "declarer": A},
            "A passed-in game has no declarer and no result.",
            "declarer",
            id="passed-with-a-declarer",
        ),
        pytest.param(
            {"passed": True, "won": False},
            "A passed-in game has no declarer and no result.",
            "won",
            id="passed-with-a-result",
        ),
        pytest.param(
            {"game": "ramsch"},
            "Not part of ISkO tournament play: record all-pass deals as passed in.",
            "game",
            id="ramsch",
        ),
        pytest.param(
            {**GRAND_4, "kontra": True},
            "Not part of ISkO tournament play: record all-pass deals as passed in.",
            "kontra",
            id="kontra",
        ),
        pytest.param(
            {**GRAND_4, "bock": True},
            "Not part of ISkO tournament play: record all-pass deals as passed in.",
            "bock",
            id="bock",
        ),
    ],
)
def test_each_refusal_has_the_rules_page_message(data, message, field):
    says(refused(data), message, field=field)


def test_the_dealer_at_four_cannot_declare():
    for dealer in range(4):
        error = refused(suit(dealer, "clubs", 1), seats=4, first_dealer=dealer)
        others = ", ".join(str(s + 1) for s in range(4) if s != dealer)
        says(
            error,
            f"Seat {dealer + 1} dealt this game and sits out; the declarer is one of "
            f"seats {others}.",
            field="declarer",
        )


def test_a_game_after_the_series_is_refused():
    ruleset = skat()
    state = replay(ruleset, THREE, [PASSED] * 36)
    assert state.finished and state.hand_count == 36
    with pytest.raises(RuleError) as caught:
        play_hand(ruleset, state, PASSED, where="hands.37.")
    says(caught.value, "The series is complete (36 games).", field="hands.37", number=36)
    four = skat(4)
    done = replay(four, FOUR, [PASSED] * 48)
    with pytest.raises(RuleError) as caught:
        play_hand(four, done, PASSED)
    says(caught.value, "The series is complete (48 games).")


@pytest.mark.parametrize(
    ("bid", "message"),
    [
        (17, "17 is not a bid value (the lowest is 18)."),
        (0, "0 is not a bid value (the lowest is 18)."),
        (265, "265 is not a bid value (the highest is 264)."),
        (25, "25 is not a bid value (next lower 24, next higher 27)."),
        (241, "241 is not a bid value (next lower 240, next higher 264)."),
    ],
)
def test_a_bid_past_either_end_or_between_values_is_refused(bid, message):
    says(refused({**GRAND_4, "bid": bid}), message, field="bid")


def test_the_bid_values_are_the_63_game_values_from_18_to_264():
    assert len(BID_VALUES) == 63
    assert BID_VALUES[:10] == (18, 20, 22, 23, 24, 27, 30, 33, 35, 36)
    assert BID_VALUES[-5:] == (198, 204, 216, 240, 264)
    for bid in BID_VALUES:  # each one is accepted
        one(suit(A, "grand", 4, hand=True, ouvert=True, schneider=True, schwarz=True, bid=bid))


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"game": "grand", "matadors": {"with": True, "n": 1}, "won": True}, "declarer"),
        ({"declarer": A, "matadors": {"with": True, "n": 1}, "won": True}, "game"),
        ({"declarer": A, "game": "grand", "matadors": {"with": True, "n": 1}}, "won"),
        ({"declarer": A, "game": "grand", "won": True}, "matadors"),
        ({"declarer": A, "game": "grand", "won": True, "matadors": 2}, "matadors"),
        ({"declarer": A, "game": "grand", "won": True, "matadors": {"n": 2}}, "matadors"),
        ({**GRAND_4, "game": "nullo"}, "game"),
        ({**GRAND_4, "hand": "yes"}, "hand"),
        ({**GRAND_4, "points": 121}, "points"),
        ({**GRAND_4, "points": "61"}, "points"),
        ({**GRAND_4, "declarer": 3}, "declarer"),
        ({**GRAND_4, "trump": "clubs"}, "trump"),
    ],
)
def test_an_incomplete_or_malformed_game_is_refused_at_its_field(data, field):
    assert refused(data).field == field


# -- the series, the sitter, options (skat/rules.md §4.5) -------------------


def test_a_passed_in_game_scores_nothing_counts_and_passes_the_deal():
    state = play([PASSED, PASSED], first_dealer=A)
    assert [h.scores for h in state.hands] == [(0, 0, 0), (0, 0, 0)]
    assert [h.detail for h in state.hands] == [SkatGame(), SkatGame()]
    assert state.hands[0].input == {"passed": True}
    assert state.next_hand.number == 3 and state.next_hand.dealer == C
    # A form may send every field, with null or false where it does not apply.
    blank = {"passed": True, "declarer": None, "hand": False, "points": None}
    assert one(blank).input == {"passed": True}


def test_the_series_has_36_games_at_three_and_48_at_four():
    assert skat().options == {"hands_limit": 36}
    assert skat(4).options == {"hands_limit": 48}
    state = play([PASSED] * 35)
    assert not state.finished and state.next_hand.number == 36
    state = play([PASSED] * 36)
    assert state.finished and state.winners == (A, B, C)  # all at 0: a shared place


def test_a_casual_series_has_a_multiple_of_the_table_size():
    assert skat(options={"hands_limit": 12}).options == {"hands_limit": 12}
    with pytest.raises(RuleError) as caught:
        skat(4, {"hands_limit": 30})
    says(
        caught.value,
        "A series has a multiple of 4 games, so that everyone deals alike.",
        field="options.hands_limit",
    )
    with pytest.raises(RuleError) as caught:
        skat(options={"sitter": True})
    assert caught.value.field == "options.sitter"


def test_the_table_order_is_score_then_games_won_then_fewer_lost():
    tally = SkatTally(
        list_totals=(0, 0, 0, 0),
        games_won=(2, 3, 3, 3),
        games_lost=(0, 1, 0, 1),
        others_lost=(0, 0, 0, 0),
        scores=(100, 100, 100, 100),
    )
    assert skat(4).table_order(tally) == [2, 1, 3, 0]


def test_the_winners_of_a_series_are_first_in_the_table_order():
    # Seats 1 and 2 each win a clubs with 1 (24: +74); seat 1 then loses one (−98), for
    # which every other seat gets 30, seat 0 sitting out as the dealer too.
    games = [suit(1, "clubs", 1), suit(2, "clubs", 1), PASSED, suit(1, "clubs", 1, won=False)]
    state = play(games, seats=4, first_dealer=0, options={"hands_limit": 4})
    assert state.totals == (30, 74 - 98, 74 + 30, 30)
    assert state.winners == (2,)


def test_the_json_names_the_list_figures():
    ruleset = skat()
    state = play([suit(A, "grand", 4, schneider=True), PASSED])
    assert ruleset.hand_json(state.hands[0]) == {"active": (0, 1, 2), "value": 144, "list": 144}
    assert ruleset.hand_json(state.hands[1]) == {"active": (0, 1, 2), "value": None, "list": None}
    assert ruleset.state_json(state) == {
        "list_totals": (144, 0, 0),
        "games_won": (1, 0, 0),
        "games_lost": (0, 0, 0),
        "others_lost": (0, 0, 0),
    }


def test_it_is_in_the_registry_as_its_app_installs_it():
    # Issue 35: its app (apps.py) registers it, as every game's does.
    assert rules.GAMES["skat"] is Skat
    assert rules.get_ruleset("skat", "isko").seats == 3
    assert Skat.game == "skat"
