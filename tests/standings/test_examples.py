"""Two small tournaments written out by hand, with their standings computed by hand.

Club night (game points, tie-breaks head-to-head then match points), 7 entries, 3 rounds:

    round 1  T1 Ann +4  Ben -1  Cy -3        T2 Dot +2  Eve +2  Fay -4   (Dot, Eve share)
             Gus joins late at round 2: round 1 is a missed round (a bye with no score)
    round 2  T1 Ann -2  Dot +3  Gus -1       T2 Ben +3  Eve -2  Fay -1   bye: Cy
    round 3  T1 Ben +3  Dot  0  Cy -3        T2 Ann +3  Eve  0  Gus -3
             Fay withdrew from round 3; Gus -1 in round 3 ("late back from the break")

    game points   Ann 4-2+3=5  Ben -1+3+3=5  Dot 2+3+0=5  Eve 2-2+0=0
                  Fay -4-1=-5  Gus 0-1-3-1=-5  Cy -3+0-3=-6
    head-to-head among Ann, Ben, Dot (tied on 5):
                  Ann R1 (Ben) 4 + R2 (Dot) -2 = 2
                  Ben R1 (Ann) -1 + R3 (Dot) 3 = 2
                  Dot R2 (Ann) 3 + R3 (Ben) 0 = 3        -> Dot first
                  re-applied among Ann, Ben: Ann 4, Ben -1 -> Ann, then Ben
    Fay and Gus (-5): never met, so no head-to-head; match points 0 each -> "5="

Sergeant Major (match points; tie-breaks 12-trick wins, game points, best round,
opponents, table wins, fewest byes), 7 entries, 2 rounds, a four-seat table each round:

    round 1  T1 Ann +3  Ben -5  Cy +2 (12 tricks: Cy wins, first at the table)
             T2 Dot +4  Eve +4  Fay -3  Gus -5          (Dot, Eve share: 1 each)
    round 2  T1 Ann +6  Dot -2  Gus -4                  (Ann wins: 2)
             T2 Ben +1  Cy -3  Eve +1  Fay +1           (three share: 1 each)

    match points  Ann 2  Ben 1  Cy 2  Dot 1  Eve 2  Fay 1  Gus 0
    game points   Ann 9  Ben -4  Cy -1  Dot 2  Eve 5  Fay -2  Gus -9
    opponents     Ann B1+C2+D1+G0=4   Ben A2+C2+C2+E2+F1=9   Cy A2+B1+B1+E2+F1=7
                  Dot E2+F1+G0+A2+G0=5   Eve D1+F1+G0+B1+C2+F1=6
                  Fay D1+E2+G0+B1+C2+E2=8   Gus D1+E2+F1+A2+D1=7
    order: 2 points: Cy (one 12-trick win), then Ann 9 and Eve 5 on game points;
           1 point: Dot 2, Fay -2, Ben -4 on game points; Gus.
"""

from matches.standings import (
    Adjustment,
    Bye,
    EntryInfo,
    Scoring,
    rank_label,
    round_results,
    standings,
)
from matches.standings.table import AHEAD

from .support import SERGEANT_MAJOR, by_name, summary, table

ANN, BEN, CY, DOT, EVE, FAY, GUS = range(1, 8)

CLUB_ENTRIES = (
    EntryInfo(ANN, "Ann"),
    EntryInfo(BEN, "Ben"),
    EntryInfo(CY, "Cy"),
    EntryInfo(DOT, "Dot"),
    EntryInfo(EVE, "Eve"),
    EntryInfo(FAY, "Fay", withdrawn_from=3),
    EntryInfo(GUS, "Gus", joined_at=2),
)
CLUB_TABLES = (
    table(1, 1, (ANN, 4), (BEN, -1), (CY, -3)),
    table(1, 2, (DOT, 2), (EVE, 2), (FAY, -4)),
    table(2, 1, (ANN, -2), (DOT, 3), (GUS, -1)),
    table(2, 2, (BEN, 3), (EVE, -2), (FAY, -1)),
    table(3, 1, (BEN, 3), (DOT, 0), (CY, -3)),
    table(3, 2, (ANN, 3), (EVE, 0), (GUS, -3)),
)
CLUB_BYES = (Bye(2, CY),)
LATE = Adjustment(3, GUS, -1, "late back from the break")
CLUB_SCORING = Scoring("game_points", ("head_to_head", "match_points"))


def club(scoring=CLUB_SCORING):
    return standings(CLUB_ENTRIES, CLUB_TABLES, CLUB_BYES, (LATE,), scoring)


def test_club_night_table():
    assert summary(club(), "head_to_head", "match_points") == [
        ("1", "Dot", 5, 3, 3),
        ("2", "Ann", 5, 2, 4),
        ("3", "Ben", 5, 2, 4),
        ("4", "Eve", 0, None, 1),
        ("5=", "Fay", -5, None, 0),
        ("5=", "Gus", -5, None, 0),
        ("7", "Cy", -6, None, 1),
    ]


def test_club_night_reasons():
    why = {row.name: str(row.why) for row in club()}
    assert why == {
        "Dot": "Ahead of Ann on game points against each other: 3 to 2.",
        # Ann and Ben are still level after the three-way head-to-head; re-applied
        # between the two of them it is round 1 alone.
        "Ann": "Ahead of Ben on game points against each other: 4 to -1.",
        "Ben": "Ahead of Eve on game points: 5 to 0.",
        "Eve": "Ahead of Fay on game points: 0 to -5.",
        "Fay": "Level with Gus on every criterion: game points, match points.",
        "Gus": "Level with Fay on every criterion: game points, match points.",
        "Cy": "Behind Gus on game points: -6 to -5.",
    }
    dot = by_name(club())["Dot"]
    # The template and its params stay apart for the Django side to translate.
    assert dot.why.message == AHEAD["head_to_head"]
    assert dot.why.params == {"name": "Ann", "value": 3, "other_value": 2}


def test_club_night_late_entry_withdrawal_bye_and_footnote():
    rows = by_name(club())
    gus, fay, cy = rows["Gus"], rows["Fay"], rows["Cy"]
    assert (gus.rounds_played, gus.byes, gus.missed, gus.joined_at) == (2, 1, 1, 2)
    assert gus.adjustments == (LATE,)
    assert (fay.rounds_played, fay.byes, fay.withdrawn, fay.withdrawn_from) == (2, 0, True, 3)
    assert (cy.rounds_played, cy.byes, cy.missed, cy.match_points) == (2, 1, 0, 1)
    assert not rows["Ann"].withdrawn and rows["Ann"].adjustments == ()


def test_club_night_round_results():
    results = round_results(CLUB_ENTRIES, CLUB_TABLES, CLUB_BYES, (LATE,), CLUB_SCORING)
    ann, dot, eve, fay, gus, cy = (results[e] for e in (ANN, DOT, EVE, FAY, GUS, CY))
    assert [(r.round, r.table, r.game_points, r.place, r.won) for r in ann.values()] == [
        (1, 1, 4, 1, True),
        (2, 1, -2, 3, False),
        (3, 2, 3, 1, True),
    ]
    # Equal totals share the place and the win: two firsts, then a third.
    assert [(dot[1].place, dot[1].shared_win, dot[1].match_points)] == [(1, True, 1)]
    assert (eve[1].place, fay[1].place) == (1, 3)
    assert list(fay) == [1, 2]  # nothing after the withdrawal
    missed = gus[1]
    assert (missed.bye, missed.missed, missed.game_points, missed.match_points) == (
        True,
        True,
        0,
        0,
    )
    # The ruling moves the game points, not the place at the table.
    assert (gus[3].game_points, gus[3].adjustment, gus[3].place) == (-4, -1, 3)
    assert (cy[2].bye, cy[2].missed, cy[2].game_points, cy[2].match_points) == (
        True,
        False,
        0,
        1,
    )
    assert set(ann[1].opponents) == {BEN, CY}


def test_club_night_missed_rounds_can_score():
    scoring = Scoring("game_points", ("match_points",), missed_game_points=1, missed_match_points=1)
    gus = by_name(club(scoring))["Gus"]
    assert (gus.game_points, gus.match_points) == (-4, 1)


def test_club_night_fewest_byes_counts_missed_rounds():
    # Fay and Gus are level on game points; Gus's missed round counts as a bye.
    rows = club(Scoring("game_points", ("fewest_byes",)))
    assert summary(rows, "fewest_byes")[4:6] == [("5", "Fay", -5, 0), ("6", "Gus", -5, 1)]
    assert str(rows[4].why) == "Ahead of Gus on fewer byes: 0 to 1."


SM_ENTRIES = tuple(
    EntryInfo(entry, name)
    for entry, name in zip(
        (ANN, BEN, CY, DOT, EVE, FAY, GUS),
        ("Ann", "Ben", "Cy", "Dot", "Eve", "Fay", "Gus"),
        strict=True,
    )
)
SM_TABLES = (
    table(1, 1, (ANN, 3), (BEN, -5), (CY, 2), twelve=CY),
    table(1, 2, (DOT, 4), (EVE, 4), (FAY, -3), (GUS, -5)),
    table(2, 1, (ANN, 6), (DOT, -2), (GUS, -4)),
    table(2, 2, (BEN, 1), (CY, -3), (EVE, 1), (FAY, 1)),
)
SM_CHAIN = (
    "twelve_trick_wins",
    "game_points",
    "best_round",
    "opponents",
    "table_wins",
    "fewest_byes",
)


def test_sergeant_major_table():
    scoring = Scoring("match_points", SM_CHAIN, game_tie_breaks=SERGEANT_MAJOR)
    rows = standings(SM_ENTRIES, SM_TABLES, (), (), scoring)
    assert summary(rows, *SM_CHAIN) == [
        ("1", "Cy", 2, 1, -1, 2, 7, 1, 0),
        ("2", "Ann", 2, 0, 9, 6, 4, 1, 0),
        ("3", "Eve", 2, 0, 5, 4, 6, 2, 0),
        ("4", "Dot", 1, 0, 2, 4, 5, 1, 0),
        ("5", "Fay", 1, 0, -2, 1, 8, 1, 0),
        ("6", "Ben", 1, 0, -4, 1, 9, 1, 0),
        ("7", "Gus", 0, 0, -9, -4, 7, 0, 0),
    ]
    assert [str(row.why) for row in rows[:3]] == [
        "Ahead of Ann on 12-trick wins: 1 to 0.",
        "Ahead of Eve on game points: 9 to 5.",
        "Ahead of Dot on match points: 2 to 1.",
    ]
    assert str(rows[-1].why) == "Behind Ben on match points: 0 to 1."


def test_sergeant_major_twelve_trick_winner_is_first_at_the_table():
    results = round_results(SM_ENTRIES, SM_TABLES, (), (), Scoring("match_points"))
    # Cy's 12-trick hand ended the match with Ann ahead on points: Cy is first anyway.
    assert [results[e][1].place for e in (ANN, BEN, CY)] == [2, 3, 1]
    assert (results[CY][1].won, results[CY][1].match_points, results[ANN][1].won) == (
        True,
        2,
        False,
    )
    # A three-way shared win: one match point each, one first place each.
    shared = [results[e][2] for e in (BEN, EVE, FAY, CY)]
    assert [(r.place, r.won, r.match_points) for r in shared] == [
        (1, True, 1),
        (1, True, 1),
        (1, True, 1),
        (4, False, 0),
    ]


def test_rank_label():
    rows = club()
    assert [rank_label(row) for row in rows] == ["1", "2", "3", "4", "5=", "5=", "7"]
