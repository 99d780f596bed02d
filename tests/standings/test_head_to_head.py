"""Head-to-head only among tied entries who all met (issue 23, item 7; docs/tournaments.md §5).

Two-player tables, game points, tie-breaks head-to-head then best round, 6 entries:

    round 1  Ann +4  Ben -4     Cy +1  Dot -1     Eve +2  Fay -2
    round 2  Ann -4  Eve +4     Ben +4  Fay -4    Cy -1  Dot +5

    game points  Eve 6  Dot 4  Ann 0  Ben 0  Cy 0  Fay -6
    best round   Ann 4  Ben 4  Cy 1

Ann, Ben and Cy tie on 0. Ann and Ben met (Ann won by 4); Cy met neither. Head-to-head
among the three gave Ann 4, Cy 0 (no round with the others) and Ben -4, and ranked Cy
between the two who met. Chess's direct encounter counts only when every tied
participant met every other (FIDE Tie-Break Regulations, article 6): so here it is
skipped and best round decides, Ann and Ben level on 4 ahead of Cy's 1.
"""

from matches.standings import EntryInfo, Scoring, standings
from matches.standings.results import round_results
from matches.standings.table import all_met

from .support import by_name, summary, table

ANN, BEN, CY, DOT, EVE, FAY = range(1, 7)
NAMES = {ANN: "Ann", BEN: "Ben", CY: "Cy", DOT: "Dot", EVE: "Eve", FAY: "Fay"}
ENTRIES = tuple(EntryInfo(entry, name) for entry, name in NAMES.items())
CHAIN = Scoring("game_points", ("head_to_head", "best_round"))
NIGHT = (
    table(1, 1, (ANN, 4), (BEN, -4)),
    table(1, 2, (CY, 1), (DOT, -1)),
    table(1, 3, (EVE, 2), (FAY, -2)),
    table(2, 1, (ANN, -4), (EVE, 4)),
    table(2, 2, (BEN, 4), (FAY, -4)),
    table(2, 3, (CY, -1), (DOT, 5)),
)


def test_head_to_head_is_skipped_when_not_every_tied_entry_met_every_other():
    rows = standings(ENTRIES, NIGHT, (), (), CHAIN)
    assert summary(rows, "head_to_head", "best_round") == [
        ("1", "Eve", 6, None, 4),
        ("2", "Dot", 4, None, 5),
        ("3=", "Ann", 0, None, 4),
        ("3=", "Ben", 0, None, 4),
        ("5", "Cy", 0, None, 1),
        ("6", "Fay", -6, None, -2),
    ]
    why = {row.name: str(row.why) for row in rows}
    # Head-to-head is named nowhere: it compared nothing.
    assert why["Ann"] == "Level with Ben on every criterion: game points, best round."
    assert why["Cy"] == "Ahead of Fay on game points: 0 to -6."
    assert str(by_name(rows)["Ben"].why) == (
        "Level with Ann on every criterion: game points, best round."
    )


def test_head_to_head_still_decides_when_the_tied_all_met():
    # With Cy on 3 (+2 in round 2), Ann and Ben are the tied group, and they met.
    night = (*NIGHT[:5], table(2, 3, (CY, 2), (DOT, 5)))
    rows = standings(ENTRIES, night, (), (), CHAIN)
    assert summary(rows, "head_to_head")[3:5] == [("4", "Ann", 0, 4), ("5", "Ben", 0, -4)]
    assert str(rows[3].why) == "Ahead of Ben on game points against each other: 4 to -4."


def test_all_met_asks_every_two_of_the_group():
    results = round_results(ENTRIES, NIGHT, (), (), CHAIN)
    assert all_met([ANN, BEN], results)
    assert all_met([ANN, EVE, ANN], results)
    assert not all_met([ANN, BEN, CY], results)
    assert not all_met([BEN, EVE], results)
    assert all_met([DOT], results)
