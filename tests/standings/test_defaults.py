"""The default tie-break chains (docs/tournaments.md §5), the columns every standings view
shows, and a tied row's sentence naming only criteria that exist.

The issue's evening, cut down: Sergeant Major tables of three, match points. Ann and Ben
win a table each; Cy, Eve, Dot and Fay win none, at +3, −4, −9 and −11 game points. On
match points alone the four are "3=", however far apart their game points.

    round 1  Ann +6  Cy +3  Dot −9     Ben +15  Eve −4  Fay −11
"""

from matches.standings import (
    DEFAULT_TIE_BREAKS,
    EntryInfo,
    Scoring,
    default_tie_breaks,
    rank_label,
    shown_criteria,
    standings,
)

from .support import table

ANN, BEN, CY, DOT, EVE, FAY = range(1, 7)
NAMES = {ANN: "Ann", BEN: "Ben", CY: "Cy", DOT: "Dot", EVE: "Eve", FAY: "Fay"}
ENTRIES = tuple(EntryInfo(entry, name) for entry, name in NAMES.items())
NIGHT = (
    table(1, 1, (ANN, 6), (CY, 3), (DOT, -9)),
    table(1, 2, (BEN, 15), (EVE, -4), (FAY, -11)),
)


def night(scoring):
    return standings(ENTRIES, NIGHT, (), (), scoring)


def test_it_has_the_contracts_default_chains():
    assert default_tie_breaks("match_points") == ("game_points", "best_round", "head_to_head")
    assert default_tie_breaks("game_points") == ("table_wins", "best_round", "head_to_head")
    assert set(DEFAULT_TIE_BREAKS) == {"match_points", "game_points"}
    # Each is a chain the checks accept for its score.
    for score, chain in DEFAULT_TIE_BREAKS.items():
        assert Scoring(score, chain).tie_breaks == chain


def test_the_default_chain_separates_the_issues_example():
    alone = night(Scoring("match_points"))
    assert [rank_label(row) for row in alone] == ["1=", "1=", "3=", "3=", "3=", "3="]
    rows = night(Scoring("match_points", default_tie_breaks("match_points")))
    assert [(rank_label(row), row.name) for row in rows] == [
        ("1", "Ben"),
        ("2", "Ann"),
        ("3", "Cy"),
        ("4", "Eve"),
        ("5", "Dot"),
        ("6", "Fay"),
    ]
    assert str(rows[2].why) == "Ahead of Eve on game points: 3 to -4."


def test_it_shows_both_scores_and_every_tie_break_in_use():
    assert shown_criteria("match_points", ()) == ("match_points", "game_points")
    assert shown_criteria("game_points", ()) == ("game_points", "match_points")
    assert shown_criteria("match_points", ("game_points", "best_round", "head_to_head")) == (
        "match_points",
        "game_points",
        "best_round",
        "head_to_head",
    )
    assert shown_criteria("game_points", ("table_wins", "match_points")) == (
        "game_points",
        "match_points",
        "table_wins",
    )


def test_a_row_gives_the_value_of_each_shown_criterion():
    rows = night(Scoring("match_points", ("best_round",)))
    cy = next(row for row in rows if row.name == "Cy")
    assert [cy.value(name) for name in shown_criteria("match_points", ("best_round",))] == [
        0,
        3,
        3,
    ]


def test_a_tie_without_tie_breaks_is_level_on_the_score_alone():
    rows = night(Scoring("match_points"))
    why = {row.name: str(row.why) for row in rows}
    assert why["Cy"] == "Level with Dot on match points; no tie-break is set."
    assert all("every tie-break" not in sentence for sentence in why.values())


def test_a_tie_after_the_chain_names_each_criterion_compared():
    # Two seats level on everything: the same totals at two tables of one round.
    tables = (
        table(1, 1, (ANN, 5), (CY, -5)),
        table(1, 2, (BEN, 5), (DOT, -5)),
    )
    rows = standings(
        ENTRIES[:4], tables, (), (), Scoring("match_points", ("game_points", "best_round"))
    )
    assert str(rows[0].why) == (
        "Level with Ben on every criterion: match points, game points, best round."
    )
    german = {
        "Level with %(name)s on every criterion: %(criteria)s.": (
            "Gleichauf mit %(name)s in jeder Wertung: %(criteria)s."
        ),
        "match points": "Matchpunkte",
        "game points": "Spielpunkte",
        "best round": "beste Runde",
    }
    assert rows[0].why.text(lambda message: german.get(message, message)) == (
        "Gleichauf mit Ben in jeder Wertung: Matchpunkte, Spielpunkte, beste Runde."
    )
