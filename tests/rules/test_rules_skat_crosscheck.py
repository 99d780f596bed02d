"""Skat cross-checked against its peers' tests (skat/rules.md "Cross-checks"), no
database.

Each case is one test of a peer, replayed through the rules as a table would report the
game, with the figure THAT test asserts (never one worked out here); its id names the
source, the test class and the method: ``jskat-SuitRuleTest-calcGameResultGameWonClubJack``.
Where the rules give another figure, or take or refuse what the peer derives, the case is
kept with the rules' figure, the peer's figure beside it and the reason, and the test
checks that the two still differ (``DIFFERENCES``): a difference is written down, not
silenced. The rules page lists them.

Sources, as stored (repository, file, commit):
- JSkat, github.com/b0n541/jskat, jskat-base/src/test/java/org/jskat/:
  util/rule/SuitRuleTest.java (0ff85818f9af, the newest stored; ceaad26d5a26 is a 2019
  version), util/rule/GrandRuleTest.java (118fa40b3ba3), util/rule/NullRuleTest.java (the
  newest stored, written with ``GameAnnouncement.builder``; 118fa40b3ba3 and ceaad26d5a26
  are older), util/rule/SchneiderSchwarzRuleTest.java (118fa40b3ba3),
  data/SkatGameDataTest.java (118fa40b3ba3), util/SkatConstantsTest.java (118fa40b3ba3),
  control/iss/MessageParserTest.java (07d9047cbab4); its main code for the bid order
  (util/SkatConstants.java) and the overbid null (``calcOverbidGameResult``).
- PySkat, github.com/axtimhaus/pyskat: tests/test_backends.py (08d81db1adbc) and the
  formula it tests, src/pyskat/plugins/evaluation.py (098a04d1482c).

How the peers' cases read as a table's report:
- JSkat derives schneider from the declarer's points (fewer than 31 or more than 89) and
  schwarz from 0 or 120 points; the table reports them, so each case reports what JSkat
  derives (where that differs from the rules, ``DIFFERENCES`` says so).
- JSkat counts matadors from the cards it is given (the declarer's and the skat): ♣J ♥J
  is "with 1", ♥J ♦J in a grand "without 2", no jack at all in clubs "without 4".
- JSkat's ``getGameValue`` is the list entry: +value, or −2 × value.
- ISS game records (``MessageParserTest``): ``d`` is the declarer (0 Vorhand, 1
  Mittelhand, 2 Hinterhand), ``m`` the matadors (negative: without), ``p`` the declarer's
  points, ``v`` the list entry (the ISS server's figure, which some of the tests assert and
  the others carry in their record), the bid the last one in the record.

Left out, because the rules never see cards or tricks (skat/rules.md §4.1): JSkat's
BasicSkatRuleTest (which card may be played, which card beats which), NullRuleTest's
calcGameWon and calcGameLost (won or lost from the tricks played: the table reports the
result), SchneiderSchwarzRuleTest's testCast001/002 (Java types), MessageParserTest's
parsing of cards, tricks, names, table states and moves, and its PlayerLeft record (a
penalty, no game; the test asserts nothing). Kontra/Re (``…Contra``, ``…ContraRe``) and
RamschRuleTest are house rules, not the ISkO list (§4.9, decision 8): one case shows the
refusal. PySkat's second series cannot come from any list (see below), and its tests of
storing players, results, tables and series are no scoring.
"""

import pytest

from matches.games.skat.rules import BID_VALUES, Skat
from matches.rules import RuleError, play_hand, replay

THREE = ("Ann", "Ben", "Cy")
# At a table of three the dealer is Hinterhand: with seat 2 dealing, seat 0 is Vorhand
# (JSkat's FOREHAND, ISS's P0), seat 1 Mittelhand, seat 2 Hinterhand.
DEALER = 2
FOREHAND, MIDDLEHAND, REARHAND = 0, 1, 2


def game(kind, n=None, without=False, declarer=FOREHAND, points=None, **fields):
    data = {"declarer": declarer, "game": kind, **fields}
    if n is not None:
        data["matadors"] = {"with": not without, "n": n}
    if points is not None:
        data["points"] = points
        # As JSkat's setDeclarerScore derives them.
        data.setdefault("schneider", points < 31 or points > 89)
        data.setdefault("schwarz", points in (0, 120))
    return data


def won(data, **fields):
    return {**data, "won": True, **fields}


def lost(data, **fields):
    return {**data, "won": False, **fields}


def first_game(data, seats=3):
    ruleset = Skat("isko" if seats == 3 else "isko-four")
    names = THREE if seats == 3 else (*THREE, "Dee")
    (played,) = replay(ruleset, names, [data], DEALER if seats == 3 else 3).hands
    return played


def refusal(data):
    ruleset = Skat("isko")
    state = replay(ruleset, THREE, [], DEALER)
    with pytest.raises(RuleError) as caught:
        play_hand(ruleset, state, data)
    return caught.value


def cases(rows):
    return [pytest.param(*row[1:], id=row[0]) for row in rows]


HAND_SCHNEIDER = {"hand": True, "schneider_announced": True}
HAND_SCHWARZ = {**HAND_SCHNEIDER, "schwarz_announced": True}
HS, HZ = HAND_SCHNEIDER, HAND_SCHWARZ

# -- JSkat: the list entry of one game ------------------------------------------------------

# (source-Class-method, the game as the table reports it, the list entry the test asserts)
LIST_ENTRIES = [
    # SuitRuleTest (clubs; "with" counted over ♣J ♠J ♥J ♦J and the clubs A, 10, ...)
    (
        "jskat-SuitRuleTest-calcGameResultGameWonWithoutJacks",
        won(game("clubs", 4, True, points=61)),
        60,
    ),
    ("jskat-SuitRuleTest-calcGameResultGameWonClubJack", won(game("clubs", 1, points=61)), 24),
    ("jskat-SuitRuleTest-calcGameResultGameLostClubJack", lost(game("clubs", 1, points=60)), -48),
    (
        "jskat-SuitRuleTest-calcGameResultGameWonClubJackSchneider",
        won(game("clubs", 1, points=90)),
        36,
    ),
    (
        "jskat-SuitRuleTest-calcGameResultGameWonClubJackSchneiderSchwarz",
        won(game("clubs", 1, points=120)),
        48,
    ),
    (
        "jskat-SuitRuleTest-calcGameResultGameWonClubJackSchneiderAndAnnounced",
        won(game("clubs", 1, points=90, **HS)),
        60,
    ),
    (
        "jskat-SuitRuleTest-calcGameResultGameWonClubJackSchwarzAndAnnounced",
        won(game("clubs", 1, points=120, **HZ)),
        84,
    ),
    (
        "jskat-SuitRuleTest-calcGameResultGameWonClubSpadeHeartJack",
        won(game("clubs", 3, points=61)),
        48,
    ),
    (
        "jskat-SuitRuleTest-calcGameResultGameWonClubSpadeHeartDiamondJack",
        won(game("clubs", 4, points=61)),
        60,
    ),
    ("jskat-SuitRuleTest-calcGameResultGameWonMoreTops", won(game("clubs", 6, points=61)), 84),
    # Mittelhand bids 22, picks up the skat, diamonds without 1 (♠J ♥J ♦J).
    (
        "jskat-SuitRuleTest-testOverbid",
        lost(game("diamonds", 1, True, declarer=MIDDLEHAND, points=89, bid=22)),
        -54,
    ),
    (
        "jskat-SuitRuleTest-testOverbidWithSchneider",
        won(game("diamonds", 1, True, declarer=MIDDLEHAND, points=90, bid=22)),
        27,
    ),
    # GrandRuleTest
    ("jskat-GrandRuleTest-calcGameResultGameLostClubJack", lost(game("grand", 1, points=60)), -96),
    ("jskat-GrandRuleTest-calcGameResultGameWonClubJack", won(game("grand", 1, points=61)), 48),
    (
        "jskat-GrandRuleTest-calcGameResultGameWonClubAndSpadeJack",
        won(game("grand", 2, points=61)),
        72,
    ),
    (
        "jskat-GrandRuleTest-calcGameResultGameWonClubAndHeartJack",
        won(game("grand", 1, points=61)),
        48,
    ),
    (
        "jskat-GrandRuleTest-calcGameResultGameWonClubJackHand",
        won(game("grand", 1, points=61, hand=True)),
        72,
    ),
    (
        "jskat-GrandRuleTest-calcGameResultGameWonClubJackSchneider",
        won(game("grand", 1, points=90)),
        72,
    ),
    (
        "jskat-GrandRuleTest-calcGameResultGameWonClubJackSchneiderSchwarz",
        won(game("grand", 1, points=120)),
        96,
    ),
    (
        "jskat-GrandRuleTest-calcGameResultGameWonClubJackSchneiderAndAnnounced",
        won(game("grand", 1, points=90, **HS)),
        120,
    ),
    (
        "jskat-GrandRuleTest-calcGameResultGameWonClubJackSchwarzAndAnnounced",
        won(game("grand", 1, points=120, **HZ)),
        168,
    ),
    (
        "jskat-GrandRuleTest-testGrandWithout2And89PointsForDeclarer",
        won(game("grand", 2, True, points=89)),
        72,
    ),
    ("jskat-GrandRuleTest-testGrandWithFour", won(game("grand", 4, points=61)), 120),
    ("jskat-GrandRuleTest-testGrandWithFourSchneider", won(game("grand", 4, points=90)), 144),
    (
        "jskat-GrandRuleTest-testGrandWithFourSchneiderSchwarz",
        won(game("grand", 4, points=120)),
        168,
    ),
    # NullRuleTest (the declarer took no trick: won; took one: lost)
    ("jskat-NullRuleTest-calcGameResultGameWon", won(game("null")), 23),
    ("jskat-NullRuleTest-calcGameResultGameWonHand", won(game("null", hand=True)), 35),
    ("jskat-NullRuleTest-calcGameResultGameWonOuvert", won(game("null", ouvert=True)), 46),
    (
        "jskat-NullRuleTest-calcGameResultGameWonHandOuvert",
        won(game("null", hand=True, ouvert=True)),
        59,
    ),
    ("jskat-NullRuleTest-calcGameResultGameLost", lost(game("null")), -46),
    ("jskat-NullRuleTest-calcGameResultGameLostHand", lost(game("null", hand=True)), -70),
    ("jskat-NullRuleTest-calcGameResultGameLostOuvert", lost(game("null", ouvert=True)), -92),
    (
        "jskat-NullRuleTest-calcGameResultGameLostHandOuvert",
        lost(game("null", hand=True, ouvert=True)),
        -118,
    ),
    # The newest stored NullRuleTest; the older ones differ (DIFFERENCES).
    ("jskat-NullRuleTest-testOverbid", lost(game("null", bid=24)), -92),
    # ISS game records in MessageParserTest; the test asserts v:
    # d:2 loss v:-54 m:-2 bidok p:59, bid 18
    (
        "jskat-MessageParserTest-testParseGameSummary",
        lost(game("diamonds", 2, True, declarer=REARHAND, points=59)),
        -54,
    ),
    # d:2 win v:96 m:3 bidok p:85, bid 27
    (
        "jskat-MessageParserTest-testParseGameSummary002",
        won(game("grand", 3, declarer=REARHAND, points=85, bid=27)),
        96,
    ),
    # CHZ: clubs hand schwarz announced; the record omits the schneider announcement, which
    # JSkat's parser adds and the test asserts; the table reports both (DIFFERENCES has
    # the report without it). d:0 win v:108 m:3 bidok p:120 s:1 z:1, bid 40.
    (
        "jskat-MessageParserTest-testParseGameSummary_IncompleteHandSchneiderSchwarzAnnouncement",
        won(game("clubs", 3, points=120, bid=40, **HZ)),
        108,
    ),
    # d:2 loss v:-72 m:1 overbid p:41, bid 36
    (
        "jskat-MessageParserTest-testParseGameSummary_PickUpSkatNoDiscard",
        lost(game("diamonds", 1, declarer=REARHAND, points=41, bid=36)),
        -72,
    ),
    # ISS records whose v: the test carries but does not assert (it asserts the matadors,
    # the game or that it was won); the figure is the ISS server's:
    # d:2 loss v:-72 m:-1 overbid p:75, bid 36 (the test asserts 1 matador)
    (
        "jskat-MessageParserTest-testParseGameSummary_OverbidSuitGame",
        lost(game("diamonds", 1, True, declarer=REARHAND, points=75, bid=36)),
        -72,
    ),
    # d:1 win v:48 m:1 bidok p:84, bid 18 (the test asserts a grand)
    (
        "jskat-MessageParserTest-testParseGameSummary_ShowingCards",
        won(game("grand", 1, declarer=MIDDLEHAND, points=84)),
        48,
    ),
    # Disabled in JSkat (its parser cannot read the ouvert cards); d:1 win v:46 m:0, bid 35.
    (
        "jskat-MessageParserTest-testParseGameSummary_NullOuvertTwoResigns",
        won(game("null", declarer=MIDDLEHAND, ouvert=True, bid=35)),
        46,
    ),
    # Disabled likewise. GO: grand ouvert, always a hand game with schwarz announced (the
    # table reports hand); d:0 win v:192 m:1 p:120 s:1 z:1, bid 18.
    (
        "jskat-MessageParserTest-testParseGameSummary_IncompleteGrandOuvertAnnouncement",
        won(game("grand", 1, points=120, hand=True, ouvert=True)),
        192,
    ),
]


@pytest.mark.parametrize(("data", "entry"), cases(LIST_ENTRIES))
def test_jskat_list_entries(data, entry):
    played = first_game(data)
    assert played.detail.list_entry == entry
    declarer = data["declarer"]
    assert played.scores[declarer] == entry + (50 if data["won"] else -50)


def test_jskat_message_parser_passed_game():
    # MessageParserTest.testParseGameSummary_PassedGame: R[passed], value 0.
    played = first_game({"passed": True})
    assert played.detail.list_entry is None and played.scores == (0, 0, 0)


@pytest.mark.parametrize(
    ("name", "is_overbid"),
    [
        ("jskat-SuitRuleTest-testOverbid", True),  # isOverBidded()
        ("jskat-MessageParserTest-testParseGameSummary", False),  # isOverBid(); "bidok"
        ("jskat-MessageParserTest-testParseGameSummary002", False),  # isOverBid(); "bidok"
        ("jskat-MessageParserTest-testParseGameSummary_PickUpSkatNoDiscard", True),  # "overbid"
        ("jskat-MessageParserTest-testParseGameSummary_OverbidSuitGame", True),  # "overbid"
    ],
)
def test_jskat_overbid_games_are_marked_overbid(name, is_overbid):
    reported = {row[0]: row[1] for row in LIST_ENTRIES}
    assert first_game(reported[name]).detail.overbid is is_overbid


# -- JSkat: won or lost by the card points ----------------------------------------------------

# (source-Class-method, the game with the points, whether the test has it won)
THRESHOLDS = [
    ("jskat-SuitRuleTest-calcGameWon", game("clubs", 1, points=61), True),
    ("jskat-SuitRuleTest-calcGameWonSchneiderAnnounced", game("clubs", 1, points=90, **HS), True),
    ("jskat-SuitRuleTest-calcGameLostSchneiderAnnounced", game("clubs", 1, points=89, **HS), False),
    ("jskat-SuitRuleTest-calcGameWonSchwarzAnnounced", game("clubs", 1, points=120, **HZ), True),
    ("jskat-SuitRuleTest-calcGameLostSchwarzAnnounced", game("clubs", 1, points=119, **HZ), False),
    ("jskat-GrandRuleTest-calcGameWon", game("grand", 1, points=61), True),
    ("jskat-GrandRuleTest-calcGameLost", game("grand", 1, points=60), False),
    ("jskat-GrandRuleTest-calcGameWonSchneiderAnnounced", game("grand", 1, points=90, **HS), True),
    (
        "jskat-GrandRuleTest-calcGameLostSchneiderAnnounced",
        game("grand", 1, points=89, **HS),
        False,
    ),
    ("jskat-GrandRuleTest-calcGameWonSchwarzAnnounced", game("grand", 1, points=120, **HZ), True),
    ("jskat-GrandRuleTest-calcGameLostSchwarzAnnounced", game("grand", 1, points=119, **HZ), False),
]


@pytest.mark.parametrize(("data", "is_won"), cases(THRESHOLDS))
def test_jskat_won_or_lost_by_the_card_points(data, is_won):
    # JSkat's isGameWon: the rules take the result it gives and refuse the other one.
    assert first_game({**data, "won": is_won}).input["won"] is is_won
    assert refusal({**data, "won": not is_won}).field in ("points", "schneider", "schwarz")


# -- JSkat: schneider from the card points ----------------------------------------------------

# (source-Class-method-points, the declarer's points, isSchneider as the test asserts it)
SCHNEIDER_BY_POINTS = [
    ("jskat-SkatGameDataTest-schneiderSchwarz-0", 0, True),
    ("jskat-SkatGameDataTest-schneiderSchwarz-15", 15, True),
    ("jskat-SkatGameDataTest-schneiderSchwarz-30", 30, True),
    ("jskat-SkatGameDataTest-schneiderSchwarz-31", 31, False),
    ("jskat-SkatGameDataTest-schneiderSchwarz-60", 60, False),
    ("jskat-SkatGameDataTest-schneiderSchwarz-89", 89, False),
    ("jskat-SkatGameDataTest-schneiderSchwarz-90", 90, True),
    ("jskat-SkatGameDataTest-schneiderSchwarz-120", 120, True),
    # A clubs game with no trick played: declarer score 0.
    ("jskat-SchneiderSchwarzRuleTest-testSchneider000", 0, True),
]


@pytest.mark.parametrize(("points", "is_schneider"), cases(SCHNEIDER_BY_POINTS))
def test_jskat_schneider_by_the_card_points(points, is_schneider):
    # The table reports schneider; the rules take JSkat's and refuse the other one.
    result = won if points >= 61 else lost
    reported = result(game("clubs", 1, points=points, schwarz=False))
    assert first_game({**reported, "schneider": is_schneider}).input["schneider"] is is_schneider
    assert refusal({**reported, "schneider": not is_schneider}).field == "schneider"


# (source-Class-method-points, the declarer's points, isSchwarz as the test asserts it)
SCHWARZ_BY_POINTS = [
    ("jskat-SkatGameDataTest-schneiderSchwarz-30", 30, False),
    ("jskat-SkatGameDataTest-schneiderSchwarz-31", 31, False),
    ("jskat-SkatGameDataTest-schneiderSchwarz-60", 60, False),
    ("jskat-SkatGameDataTest-schneiderSchwarz-89", 89, False),
    ("jskat-SkatGameDataTest-schneiderSchwarz-90", 90, False),
    # No trick played: the declarer is schwarz, and the rules take it.
    ("jskat-SchneiderSchwarzRuleTest-testSchwarz000", 0, True),
]


@pytest.mark.parametrize(("points", "is_schwarz"), cases(SCHWARZ_BY_POINTS))
def test_jskat_schwarz_by_the_card_points(points, is_schwarz):
    result = won if points >= 61 else lost
    reported = result(game("clubs", 1, points=points, schwarz=is_schwarz))
    assert first_game(reported).input["schwarz"] is is_schwarz
    if not is_schwarz:
        # Schwarz with these points is refused: as schwarz, or as schwarz without schneider.
        assert refusal({**reported, "schwarz": True}).field in ("schwarz", "schneider")


# -- JSkat: the tournament values and the bid order -------------------------------------------

# SkatConstantsTest.getTournamentGameValue001: getTournamentGameValue(declarer, list entry,
# players) → the Seeger-Fabian score.
TOURNAMENT_VALUES = [
    (True, 18, 3, 68), (True, 18, 4, 68), (True, -36, 3, -86), (True, -36, 4, -86),
    (True, 20, 3, 70), (True, 20, 4, 70), (True, -40, 3, -90), (True, -40, 4, -90),
    (False, 18, 3, 0), (False, 18, 4, 0), (False, -36, 3, 40), (False, -36, 4, 30),
    (False, 20, 3, 0), (False, 20, 4, 0), (False, -40, 3, 40), (False, -40, 4, 30),
]  # fmt: skip
# Games with those list entries: diamonds with 1 (18) and hearts with 1 (20), won or lost.
WORTH = {18: game("diamonds", 1), 20: game("hearts", 1)}


@pytest.mark.parametrize(
    ("is_declarer", "entry", "seats", "score"),
    [
        pytest.param(
            *row,
            id="-".join(
                (
                    "jskat-SkatConstantsTest-getTournamentGameValue001",
                    "declarer" if row[0] else "other",
                    str(row[1]),
                    f"{row[2]}-seats",
                )
            ),
        )
        for row in TOURNAMENT_VALUES
    ],
)
def test_jskat_skat_constants_tournament_game_value(is_declarer, entry, seats, score):
    data = (won if entry > 0 else lost)(WORTH[entry if entry > 0 else -entry // 2])
    played = first_game(data, seats)
    declarer = data["declarer"]
    others = [seat for seat in range(seats) if seat != declarer]
    assert played.detail.list_entry == entry
    if is_declarer:
        assert played.scores[declarer] == score
    else:
        # At four the dealer sitting out is one of the others (skat/rules.md §4.6).
        assert [played.scores[seat] for seat in others] == [score] * (seats - 1)


# JSkat SkatConstants.bidOrder, as the file lists it (main code, not a test).
JSKAT_BID_ORDER = [
    18, 20, 22, 23, 24, 27, 30, 33, 35, 36, 40, 44, 45, 46, 48, 50, 54, 55, 59, 60, 63, 66,
    70, 72, 77, 80, 81, 84, 88, 90, 96, 99, 100, 108, 110, 117, 120, 121, 126, 130, 132,
    135, 140, 143, 144, 150, 153, 154, 156, 160, 162, 165, 168, 170, 176, 180, 187, 192,
    198, 204, 216, 240, 264,
]  # fmt: skip


def test_jskat_skat_constants_bid_order():
    assert list(BID_VALUES) == JSKAT_BID_ORDER


def test_jskat_kontra_and_re_cases_are_not_isko_list_play():
    # SuitRuleTest/GrandRuleTest/NullRuleTest *Contra* and *ContraRe* (e.g. clubs with 1
    # won, Kontra: 48): Kontra and Re are not on the ISkO list (skat/rules.md §4.9,
    # decision 8): refused, not replayed.
    error = refusal({**won(game("clubs", 1, points=61)), "kontra": True})
    assert error.field == "kontra"
    assert str(error).startswith("Not part of ISkO tournament play")


# -- Differences -------------------------------------------------------------------------------

# (source-Class-method, the game as reported, the rules' list entry, the peer's, why)
DIFFERENCES = [
    (
        # The 2019 SuitRuleTest (ceaad26d5a26) asserted −36: the game's own 18 doubled,
        # not raised to the bid. The newest stored test asserts −54, as the rules do: an
        # overbid game counts at the announced game's base raised to the bid (rules.md
        # §4.2 "Overbid"; §4.9, decision 3).
        "jskat-SuitRuleTest-testOverbid-ceaad26d5a26",
        lost(game("diamonds", 1, True, declarer=MIDDLEHAND, points=89, bid=22)),
        -54,
        -36,
    ),
    (
        # NullRuleTest.testOverbid at 118fa40b3ba3 and ceaad26d5a26 asserted −46 (the
        # null's 23 doubled, not raised to the bid of 24); the newest stored one asserts
        # −92, as the rules do (skat/rules.md §4.9, decision 4).
        "jskat-NullRuleTest-testOverbid-118fa40b3ba3",
        lost(game("null", bid=24)),
        -92,
        -46,
    ),
    (
        # Not a test of JSkat's but its calcOverbidGameResult: every overbid null is raised
        # from the plain null's 23 whatever hand or ouvert (null hand bid 36: 23 × 2 → −92);
        # the rules raise it from the announced null's own value, 35 × 2 → −140 (rules.md
        # §4.2 "Overbid": "for null, the null game's own value is the base"; §4.9,
        # decision 4). No test of either peer has the case.
        "jskat-calcOverbidGameResult-null-hand-bid-36",
        lost(game("null", hand=True, bid=36)),
        -140,
        -92,
    ),
]


@pytest.mark.parametrize(("data", "ours", "theirs"), cases(DIFFERENCES))
def test_differences_from_the_peers(data, ours, theirs):
    assert first_game(data).detail.list_entry == ours
    # Still a difference: when the peer's figure comes out, the rules page is out of date.
    assert ours != theirs


# JSkat derives schwarz from the points (0 or 120) and the table reports it: a trick of no
# card points is still a trick, and a declarer without a trick still has the skat's 0–22
# points (skat/rules.md §4.1, "Points are optional"; §4.8). So the rules take either answer
# where JSkat knows one: (source-Class-method-points, points, JSkat's isSchwarz).
SCHWARZ_REPORTED = [
    ("jskat-SkatGameDataTest-schneiderSchwarz-0", 0, True),
    ("jskat-SkatGameDataTest-schneiderSchwarz-15", 15, False),
    ("jskat-SkatGameDataTest-schneiderSchwarz-120", 120, True),
]


@pytest.mark.parametrize(("points", "jskat_schwarz"), cases(SCHWARZ_REPORTED))
def test_difference_schwarz_is_reported_not_derived(points, jskat_schwarz):
    result = won if points >= 61 else lost
    for schwarz in (jskat_schwarz, not jskat_schwarz):
        reported = result(game("clubs", 1, points=points, schwarz=schwarz))
        assert first_game(reported).input["schwarz"] is schwarz


def test_difference_schwarz_announced_without_schneider_announced_is_refused():
    # MessageParserTest.testParseTableUpdateClubsHandSchneiderSchwarzGame: the ISS sends
    # "CHZ" and JSkat's parser adds the schneider announcement (contract.schneider() is
    # true). A table that reports schwarz announced without schneider announced is asked
    # to correct it (skat/rules.md §4.8: "Schwarz announced includes schneider announced."),
    # not corrected silently; reported with both, the game is the one the test has.
    reported = won(game("clubs", 3, points=120, bid=40, hand=True, schwarz_announced=True))
    error = refusal(reported)
    assert error.field == "schneider_announced"
    assert str(error) == "Schwarz announced includes schneider announced."


@pytest.mark.parametrize(
    ("kind", "n"),
    [
        pytest.param(
            "grand", 1, id="jskat-MessageParserTest-testParseTableUpdateGrandHandOuvertGame"
        ),
        pytest.param(
            "spades",
            1,
            id="jskat-MessageParserTest-testParseTableUpdateSpadesHandOuvertGame_LegacyAnnouncement",
        ),
        pytest.param(
            "clubs",
            1,
            id="jskat-MessageParserTest-testParseTableUpdateClubsOuvertGame_FullAnnouncement",
        ),
    ],
)
def test_jskat_an_ouvert_announces_schneider_and_schwarz(kind, n):
    # GHO, SHO (the ISS once left out the levels) and CHOSZ: JSkat's contract has hand,
    # schneider and schwarz. The table reports hand and ouvert; the rules count the
    # announcements (skat/rules.md §4.2: an ouvert is a hand game with schwarz announced).
    played = first_game(won(game(kind, n, points=120, hand=True, ouvert=True)))
    assert played.input["schneider_announced"] and played.input["schwarz_announced"]


# -- PySkat --------------------------------------------------------------------------------

# PySkat's test fixture (tests/test_backends.py, ``backend``), series 1: per player
# (points = the list total, games won, games lost), and the tables it seats them at.
# PySkat keeps per-player aggregates, not games: the series is replayed through games
# chosen to give those figures (below), and its tests' assertions are checked on it.
# Series 2 is left out: P1's list total of 500 from one game won and two lost cannot come
# from any list (at most 264 − 2 × 36 = 192).
PYSKAT_RESULTS = {
    "P1": (100, 3, 2),
    "P2": (200, 3, 4),
    "P3": (450, 5, 1),
    "P4": (250, 2, 2),
    "P5": (700, 3, 1),
    "P6": (50, 7, 3),
    "P7": (350, 2, 1),
}
PYSKAT_FOUR = ("P2", "P4", "P6", "P7")  # table 1
PYSKAT_THREE = ("P1", "P3", "P5")  # table 2

EVERY_TRICK = {"hand": True, "ouvert": True, "schneider": True, "schwarz": True}
# Games that make each player's figures: (won games, lost games), each a game as reported.
LOST_18 = lost(game("diamonds", 1, declarer=None))  # −36
PYSKAT_GAMES = {
    "P2": (
        [won(game("grand", 4, schneider=True)), won(game("grand", 4)), won(game("hearts", 7))],
        [LOST_18] * 4,
    ),  # 144 + 120 + 80 − 4 × 36 = 200
    "P4": (
        [won(game("grand", 4, bid=264, **EVERY_TRICK)), won(game("spades", 5))],
        [lost(game("hearts", 1))] * 2,
    ),  # 264 + 66 − 2 × 40 = 250
    "P6": (
        [won(game("diamonds", 1))] * 5 + [won(game("spades", 1)), won(game("null", ouvert=True))],
        [LOST_18] * 3,
    ),  # 5 × 18 + 22 + 46 − 3 × 36 = 50
    "P7": (
        [won(game("grand", 4, bid=264, **EVERY_TRICK)), won(game("clubs", 10))],
        [lost(game("null"))],
    ),  # 264 + 132 − 46 = 350
    "P1": (
        [won(game("grand", 4)), won(game("spades", 1)), won(game("hearts", 2))],
        [LOST_18] * 2,
    ),  # 120 + 22 + 30 − 2 × 36 = 100
    "P3": (
        [
            won(game("grand", 4, bid=264, **EVERY_TRICK)),
            won(game("grand", 4)),
            won(game("grand", 1)),
            won(game("clubs", 2)),
            won(game("diamonds", 1)),
        ],
        [LOST_18],
    ),  # 264 + 120 + 48 + 36 + 18 − 36 = 450
    "P5": (
        [
            won(game("grand", 4, bid=264, **EVERY_TRICK)),
            won(game("grand", 4, bid=264, **EVERY_TRICK)),
            won(game("grand", 4, schneider=True, schwarz=True, **HAND_SCHNEIDER)),
        ],
        [lost(game("spades", 1))],
    ),  # 264 + 264 + 216 − 44 = 700
}


def pyskat_table(table):
    """The table's games in a series order: each game declared by a player who does not
    deal it (at four the dealer sits out), passed-in deals where nobody is left to play."""
    seats = len(table)
    owed = {
        seat: [*PYSKAT_GAMES[name][0], *PYSKAT_GAMES[name][1]] for seat, name in enumerate(table)
    }
    games = []
    number = 0
    while any(owed.values()):
        dealer = number % seats
        ready = [s for s in range(seats) if owed[s] and (seats == 3 or s != dealer)]
        if ready:
            seat = max(ready, key=lambda s: len(owed[s]))
            games.append({**owed[seat].pop(), "declarer": seat})
        else:
            games.append({"passed": True})
        number += 1
    limit = 12 * seats
    games += [{"passed": True}] * (limit - len(games))
    return replay(Skat("isko" if seats == 3 else "isko-four"), table, games, 0)


def pyskat_score(table, name, others_lost):
    """PySkat's evaluate_points and sum_score: points + 50 × won − 50 × lost + 30 (four)
    or 40 (three) × the opponents' lost games."""
    points, won_games, lost_games = PYSKAT_RESULTS[name]
    per_lost = {4: 30, 3: 40}[len(table)]
    return points + 50 * won_games - 50 * lost_games + per_lost * others_lost


@pytest.mark.parametrize(
    "table",
    [
        pytest.param(PYSKAT_FOUR, id="pyskat-evaluation-evaluate_points-series-1-table-1-of-four"),
        pytest.param(
            PYSKAT_THREE, id="pyskat-evaluation-evaluate_points-series-1-table-2-of-three"
        ),
    ],
)
def test_pyskat_evaluate_points_of_its_fixture(table):
    state = pyskat_table(table)
    tally = state.detail
    assert state.finished
    for seat, name in enumerate(table):
        points, won_games, lost_games = PYSKAT_RESULTS[name]
        assert (tally.list_totals[seat], tally.games_won[seat], tally.games_lost[seat]) == (
            points,
            won_games,
            lost_games,
        )
        # PySkat's get_opponents_lost: the lost games of everyone else at the table.
        others = sum(PYSKAT_RESULTS[other][2] for other in table if other != name)
        assert tally.others_lost[seat] == others
        assert state.totals[seat] == pyskat_score(table, name, others)


def test_pyskat_test_backends_test_get_opponents_lost():
    # pyskat-test_backends-test_get_opponents_lost: player 2 of series 1 (a table of
    # four) → 6: the lost games of P4, P6 and P7, each of whom declared while P2 played or
    # sat out.
    state = pyskat_table(PYSKAT_FOUR)
    assert state.detail.others_lost[PYSKAT_FOUR.index("P2")] == 6


def test_pyskat_test_backends_test_evaluate_results():
    # pyskat-test_backends-test_evaluate_results (and test_evaluate_total, its sums): won
    # points ≥ 0 and lost points ≤ 0, multiples of 50: the declarer's score less the list
    # entry is +50 or −50 in every game.
    for table in (PYSKAT_FOUR, PYSKAT_THREE):
        for played in pyskat_table(table).hands:
            if played.detail.list_entry is not None:
                declarer = played.input["declarer"]
                bonus = played.scores[declarer] - played.detail.list_entry
                assert bonus == (50 if played.input["won"] else -50)
