"""Each tie-break deciding a tie of its own, the scoring checks, and malformed input.

Duel (two-player tables, game points), 4 entries, 2 rounds:

    round 1  Ann +3  Cy -3      Ben 0  Dot 0 (shared)
    round 2  Ann -3  Dot +3     Ben 0  Cy 0 (shared)

    game points  Ann 0  Ben 0  Cy -3  Dot 3
    table wins   Ann 1  Ben 2  Cy 1   Dot 2
    match points Ann 2  Ben 2  Cy 1   Dot 3
    best round   Ann 3  Ben 0  Cy 0   Dot 3

Byes (two-player tables, match points; a bye is 1), 5 entries, 2 rounds:

    round 1  Ann +2 Ben -2    Cy +2 Dot -2    bye Eve
    round 2  Ann -1 Dot +1    Cy +1 Eve -1    bye Ben

    match points  Ann 2  Ben 1  Cy 4  Dot 2  Eve 1
    opponents     Ann Ben1+Dot2=3   Dot Cy4+Ann2=6   Ben Ann2=2   Eve Cy4=4   Cy Dot2+Eve1=3
"""

import time

import pytest

from matches.rules import RuleError
from matches.standings import (
    TIE_BREAKS,
    Bye,
    EntryInfo,
    Scoring,
    SeatResult,
    TableResult,
    check_tie_breaks,
    explain,
    round_results,
    standings,
)

from .support import SERGEANT_MAJOR, by_name, summary, table

ANN, BEN, CY, DOT, EVE = range(1, 6)
NAMES = {ANN: "Ann", BEN: "Ben", CY: "Cy", DOT: "Dot", EVE: "Eve"}


def entries(*ids):
    return tuple(EntryInfo(entry, NAMES[entry]) for entry in ids)


DUEL = (
    table(1, 1, (ANN, 3), (CY, -3)),
    table(1, 2, (BEN, 0), (DOT, 0)),
    table(2, 1, (ANN, -3), (DOT, 3)),
    table(2, 2, (BEN, 0), (CY, 0)),
)


def duel(*chain, score="game_points"):
    return standings(entries(ANN, BEN, CY, DOT), DUEL, (), (), Scoring(score, chain))


def test_table_wins_count_shared_wins():
    rows = duel("table_wins")
    assert summary(rows, "table_wins") == [
        ("1", "Dot", 3, 2),
        ("2", "Ben", 0, 2),
        ("3", "Ann", 0, 1),
        ("4", "Cy", -3, 1),
    ]
    assert str(rows[1].why) == "Ahead of Ann on table wins: 2 to 1."


def test_best_round():
    rows = duel("best_round")
    assert summary(rows, "best_round")[1:3] == [("2", "Ann", 0, 3), ("3", "Ben", 0, 0)]
    assert str(rows[1].why) == "Ahead of Ben on best round: 3 to 0."


def test_match_points_as_a_tie_break_and_a_tie_left_shared():
    rows = duel("match_points")
    assert summary(rows, "match_points") == [
        ("1", "Dot", 3, 3),
        ("2=", "Ann", 0, 2),
        ("2=", "Ben", 0, 2),
        ("4", "Cy", -3, 1),
    ]
    assert [row.shared for row in rows] == [False, True, True, False]


def test_game_points_as_a_tie_break_after_match_points():
    rows = duel("game_points", score="match_points")
    # Ann and Ben are level on match points (2) and on game points (0): shared.
    assert summary(rows, "game_points") == [
        ("1", "Dot", 3, 3),
        ("2=", "Ann", 2, 0),
        ("2=", "Ben", 2, 0),
        ("4", "Cy", 1, -3),
    ]
    rows = duel("game_points", "table_wins", score="match_points")
    assert [row.name for row in rows] == ["Dot", "Ben", "Ann", "Cy"]


def test_explain_any_two_rows():
    rows = by_name(duel("table_wins"))
    assert str(explain(rows["Cy"], rows["Dot"])) == "Behind Dot on game points: -3 to 3."
    assert str(explain(rows["Ann"], rows["Ben"])) == "Behind Ben on table wins: 1 to 2."
    with pytest.raises(ValueError):
        explain(rows["Ann"], rows["Ann"])


BYE_TABLES = (
    table(1, 1, (ANN, 2), (BEN, -2)),
    table(1, 2, (CY, 2), (DOT, -2)),
    table(2, 1, (ANN, -1), (DOT, 1)),
    table(2, 2, (CY, 1), (EVE, -1)),
)
BYES = (Bye(1, EVE), Bye(2, BEN))


def test_opponents_buchholz_and_bye_scores():
    rows = standings(
        entries(ANN, BEN, CY, DOT, EVE),
        BYE_TABLES,
        BYES,
        (),
        Scoring("match_points", ("opponents",)),
    )
    assert summary(rows, "opponents") == [
        ("1", "Cy", 4, 3),
        ("2", "Dot", 2, 6),
        ("3", "Ann", 2, 3),
        ("4", "Eve", 1, 4),
        ("5", "Ben", 1, 2),
    ]
    assert str(rows[1].why) == "Ahead of Ann on opponents' scores: 6 to 3."
    eve = by_name(rows)["Eve"]
    assert (eve.game_points, eve.byes, eve.rounds_played) == (-1, 1, 1)


def test_bye_points_are_configurable():
    scoring = Scoring("match_points", ("game_points",), bye_game_points=2, bye_match_points=0)
    rows = by_name(standings(entries(ANN, BEN, CY, DOT, EVE), BYE_TABLES, BYES, (), scoring))
    assert (rows["Eve"].game_points, rows["Eve"].match_points) == (1, 0)
    assert (rows["Ben"].game_points, rows["Ben"].match_points) == (0, 0)


def test_no_best_round_without_a_table_ranks_last():
    # Cy only had a bye worth -1: level with Ann on game points, but no round at a table.
    rows = standings(
        entries(ANN, BEN, CY),
        (table(1, 1, (ANN, -1), (BEN, 1)),),
        (Bye(1, CY),),
        (),
        Scoring("game_points", ("best_round",), bye_game_points=-1),
    )
    assert summary(rows, "best_round") == [
        ("1", "Ben", 1, 1),
        ("2", "Ann", -1, -1),
        ("3", "Cy", -1, None),
    ]
    assert str(rows[1].why) == "Ahead of Cy on best round: -1 to –."


def test_head_to_head_sees_only_the_tied_group():
    # Ann, Ben and Cy finish level on 0. Ann beat Dot (not tied) heavily: that round is
    # no head-to-head round. Between the tied: Ben beat Ann, Ann beat Cy, Cy beat Ben.
    tables = (
        table(1, 1, (ANN, 1), (BEN, -1)),
        table(1, 2, (CY, 5), (DOT, -5)),
        table(2, 1, (ANN, 5), (DOT, -5)),
        table(2, 2, (BEN, 2), (CY, -2)),
        table(3, 1, (ANN, -6), (CY, 6)),
        table(3, 2, (BEN, -1), (DOT, 1)),
    )
    # Game points: Ann 0, Ben 0, Cy 9, Dot -9 -> only Ann and Ben are tied.
    rows = standings(
        entries(ANN, BEN, CY, DOT), tables, (), (), Scoring("game_points", ("head_to_head",))
    )
    assert summary(rows, "head_to_head") == [
        ("1", "Cy", 9, None),
        ("2", "Ann", 0, 1),
        ("3", "Ben", 0, -1),
        ("4", "Dot", -9, None),
    ]


def test_head_to_head_among_entries_that_never_met_is_a_tie():
    # They never met: no head-to-head is compared (issue 23; test_head_to_head.py).
    tables = (table(1, 1, (ANN, 1), (CY, -1)), table(1, 2, (BEN, 1), (DOT, -1)))
    rows = standings(
        entries(ANN, BEN, CY, DOT), tables, (), (), Scoring("game_points", ("head_to_head",))
    )
    assert summary(rows, "head_to_head")[:2] == [("1=", "Ann", 1, None), ("1=", "Ben", 1, None)]


def test_twelve_trick_wins_count():
    tables = (
        table(1, 1, (ANN, 4), (BEN, -2), (CY, -2), twelve=ANN),
        table(2, 1, (ANN, -3), (BEN, 5), (CY, -2)),
    )
    rows = standings(
        entries(ANN, BEN, CY),
        tables,
        (),
        (),
        Scoring("match_points", ("twelve_trick_wins",), game_tie_breaks=SERGEANT_MAJOR),
    )
    # Ann and Ben won a table each; Ann's win was a 12-trick hand.
    assert summary(rows, "twelve_trick_wins") == [
        ("1", "Ann", 2, 1),
        ("2", "Ben", 2, 0),
        ("3", "Cy", 0, 0),
    ]
    assert str(rows[0].why) == "Ahead of Ben on 12-trick wins: 1 to 0."


# -- the scoring the organiser chose ------------------------------------------------------


@pytest.mark.parametrize(
    ("chain", "message", "params"),
    [
        (
            ("opponents", "opponents"),
            "The tie-break %(name)s is named twice.",
            {"name": "opponents"},
        ),
        (("buchholz",), "Unknown tie-break %(name)s.", {"name": "buchholz"}),
        (
            ("game_points",),
            "The tie-break %(name)s is the standings score already; it cannot break a tie.",
            {"name": "game_points"},
        ),
        ("opponents", "Tie-breaks must be a list of names.", {}),
    ],
)
def test_a_bad_tie_break_chain_is_refused(chain, message, params):
    with pytest.raises(RuleError) as caught:
        Scoring("game_points", chain)
    assert caught.value == RuleError(message, field="tie_breaks", **params)


def test_a_bad_score_or_bye_figure_is_refused():
    with pytest.raises(RuleError) as caught:
        Scoring("points")
    assert caught.value.field == "score"
    with pytest.raises(RuleError) as caught:
        Scoring("game_points", bye_match_points="1")
    assert caught.value.field == "bye_match_points"


def test_every_tie_break_can_follow_match_points():
    chain = tuple(name for name in TIE_BREAKS if name != "match_points")
    assert Scoring("match_points", list(chain)).tie_breaks == chain
    assert check_tie_breaks(["opponents", "head_to_head"]) == ("opponents", "head_to_head")


# -- malformed input is the caller's bug -----------------------------------------------------


@pytest.mark.parametrize(
    ("tables", "byes"),
    [
        ((table(1, 1, (ANN, 1), (BEN, -1)), table(1, 2, (ANN, 0), (CY, 0))), ()),
        ((table(1, 1, (ANN, 1), (BEN, -1)),), (Bye(1, BEN),)),
        ((table(1, 1, (ANN, 1), (BEN, -1)), table(1, 1, (CY, 0), (DOT, 0))), ()),
        ((table(1, 1, (ANN, 1), (EVE, -1)),), ()),
    ],
    ids=["two tables", "table and bye", "table number twice", "not an entry"],
)
def test_inconsistent_results_are_refused(tables, byes):
    with pytest.raises(ValueError):
        round_results(entries(ANN, BEN, CY, DOT), tables, byes)


def test_a_table_with_a_twelve_trick_seat_that_did_not_win_is_refused():
    with pytest.raises(ValueError):
        TableResult(1, 1, (SeatResult(ANN, 4, won=False, twelve_tricks=True), SeatResult(BEN, -4)))
    with pytest.raises(ValueError):
        TableResult(
            1,
            1,
            (SeatResult(ANN, 4, True, True), SeatResult(BEN, -4, True, True)),
        )


# -- one pass ---------------------------------------------------------------------------------


def test_inputs_are_read_once():
    # Iterators can be read once only: standings must not walk an input twice.
    rows = standings(
        iter(entries(ANN, BEN, CY, DOT, EVE)),
        iter(BYE_TABLES),
        iter(BYES),
        iter(()),
        Scoring("match_points", ("opponents", "head_to_head", "game_points")),
    )
    assert [row.name for row in rows] == ["Cy", "Dot", "Ann", "Eve", "Ben"]


def test_a_big_field_stays_fast():
    # 160 entries, 8 rounds of four-seat tables, every tie-break: well under a second.
    count, rounds = 160, 8
    infos = tuple(EntryInfo(entry, f"Player {entry:03}") for entry in range(count))
    tables = []
    for number in range(1, rounds + 1):
        order = sorted(range(count), key=lambda entry: (entry * (2 * number + 1)) % count)
        for start in range(0, count, 4):
            seats = order[start : start + 4]
            totals = [(seat * number) % 7 - 3 for seat in seats[:3]]
            tables.append(
                table(number, start // 4 + 1, *zip(seats, [*totals, -sum(totals)], strict=True))
            )
    chain = tuple(name for name in TIE_BREAKS if name != "match_points")
    started = time.perf_counter()
    rows = standings(infos, tables, (), (), Scoring("match_points", chain))
    assert time.perf_counter() - started < 2
    assert len(rows) == count and sum(row.game_points for row in rows) == 0
