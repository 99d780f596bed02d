"""A game's own tie-breaks (issue 34, item 3): brought by its ruleset, beside the shared
ones, counted from its per-seat figures of each match; plain objects, no database.

Skat's ruleset class is used as it is. A Skat evening, one round,
two tables of three (game points: the Seeger-Fabian totals; games won and lost on each
seat's list):

    T1  Ann 150 (won 2, lost 0)   Ben 150 (won 3, lost 1)   Cy  -40 (won 0, lost 1)
    T2  Dot 100 (won 2, lost 1)   Eve 100 (won 2, lost 0)   Fay   0 (won 1, lost 1)

    Ben before Ann on games won (3 to 2); Eve before Dot on fewer games lost (0 to 1).
"""

import pytest

from matches.games.sergeant_major.rules import SergeantMajor
from matches.games.skat.rules import Skat
from matches.rules import RuleError, TieBreak, replay
from matches.rules.stored import state_from_json, state_to_json
from matches.rules.tie_breaks import counted
from matches.standings import (
    DEFAULT_TIE_BREAKS,
    TIE_BREAKS,
    EntryInfo,
    Scoring,
    SeatResult,
    TableResult,
    check_tie_breaks,
    default_tie_breaks,
    explain,
    rank_label,
    standings,
    tie_breaks_of,
)
from matches.standings.table import AHEAD, BEHIND, CRITERIA

ANN, BEN, CY, DOT, EVE, FAY = range(1, 7)
NAMES = {ANN: "Ann", BEN: "Ben", CY: "Cy", DOT: "Dot", EVE: "Eve", FAY: "Fay"}
ENTRIES = tuple(EntryInfo(entry, name) for entry, name in NAMES.items())


def seat(entry, total, won, lost, winner=False):
    return SeatResult(entry, total, won=winner, figures={"games_won": won, "games_lost": lost})


EVENING = (
    TableResult(
        1, 1, (seat(ANN, 150, 2, 0, True), seat(BEN, 150, 3, 1, True), seat(CY, -40, 0, 1))
    ),
    TableResult(1, 2, (seat(DOT, 100, 2, 1, True), seat(EVE, 100, 2, 0, True), seat(FAY, 0, 1, 1))),
)


def skat_night(chain=None):
    if chain is None:
        chain = default_tie_breaks("game_points", Skat.default_tie_breaks)
    scoring = Scoring("game_points", chain, game_tie_breaks=Skat.tie_breaks)
    return standings(ENTRIES, EVENING, (), (), scoring)


def test_the_shared_lists_name_no_games_tie_break():
    for names in (TIE_BREAKS, AHEAD, BEHIND, CRITERIA, *DEFAULT_TIE_BREAKS.values()):
        assert not {"twelve_trick_wins", "games_won", "fewest_games_lost"} & set(names)
    assert [tie_break.name for tie_break in SergeantMajor.tie_breaks] == ["twelve_trick_wins"]


def test_skat_brings_games_won_and_fewest_games_lost_with_its_chain():
    assert [tie_break.name for tie_break in Skat.tie_breaks] == ["games_won", "fewest_games_lost"]
    assert [tie_break.label for tie_break in Skat.tie_breaks] == [
        "games won",
        "fewest games lost",
    ]
    # After the Seeger-Fabian total: games won, fewer games lost, then the best round.
    assert default_tie_breaks("game_points", Skat.default_tie_breaks) == (
        "games_won",
        "fewest_games_lost",
        "best_round",
    )
    # A score it has no chain of its own for keeps the shared one.
    assert (
        default_tie_breaks("match_points", Skat.default_tie_breaks)
        == (DEFAULT_TIE_BREAKS["match_points"])
    )


def test_a_game_offers_the_shared_ones_and_its_own_before_fewest_byes():
    assert tie_breaks_of(Skat.tie_breaks) == (
        *TIE_BREAKS[:-1],
        "games_won",
        "fewest_games_lost",
        "fewest_byes",
    )
    assert tie_breaks_of(()) == TIE_BREAKS


def test_only_the_games_own_are_known_beside_the_shared_ones():
    with pytest.raises(RuleError) as caught:
        Scoring("game_points", ("games_won",))
    assert caught.value == RuleError(
        "Unknown tie-break %(name)s.", field="tie_breaks", name="games_won"
    )
    with pytest.raises(RuleError):
        Scoring("game_points", ("twelve_trick_wins",), game_tie_breaks=Skat.tie_breaks)
    assert check_tie_breaks(["fewest_games_lost"], "game_points", Skat.tie_breaks) == (
        "fewest_games_lost",
    )


def test_a_game_cannot_bring_a_shared_name():
    mine = TieBreak("best_round", "best round", "ahead", "behind", counted("best_round"))
    with pytest.raises(ValueError):
        tie_breaks_of((mine,))


def test_skat_standings_by_games_won_then_fewer_games_lost():
    rows = skat_night()
    assert [(rank_label(row), row.name) for row in rows] == [
        ("1", "Ben"),
        ("2", "Ann"),
        ("3", "Eve"),
        ("4", "Dot"),
        ("5", "Fay"),
        ("6", "Cy"),
    ]
    ben, ann, eve, dot = rows[:4]
    assert ben.tie_break_values == {"games_won": 3, "fewest_games_lost": 1, "best_round": 150}
    assert eve.tie_break_values == {"games_won": 2, "fewest_games_lost": 0, "best_round": 100}
    assert str(ben.why) == "Ahead of Ann on games won: 3 to 2."
    assert str(eve.why) == "Ahead of Dot on fewer games lost: 0 to 1."
    # The template stays apart for the Django side to translate, as the shared ones do.
    assert eve.why.message == Skat.tie_breaks[1].why_ahead
    assert str(explain(dot, eve, Skat.tie_breaks)) == "Behind Eve on fewer games lost: 1 to 0."
    assert str(explain(ann, ben, Skat.tie_breaks)) == "Behind Ben on games won: 2 to 3."


def test_a_tie_after_a_games_chain_names_its_words():
    # Ann and Ben level on games won: nothing else in the chain.
    tables = (TableResult(1, 1, (seat(ANN, 50, 2, 1), seat(BEN, 50, 2, 1), seat(CY, 0, 0, 0))),)
    scoring = Scoring(
        "game_points", ("games_won", "fewest_games_lost"), game_tie_breaks=Skat.tie_breaks
    )
    rows = standings(ENTRIES[:3], tables, (), (), scoring)
    assert str(rows[0].why) == (
        "Level with Ben on every criterion: game points, games won, fewest games lost."
    )


def test_skats_figures_are_its_list_and_survive_being_stored():
    ruleset = Skat("isko")
    games = [
        {"declarer": 0, "game": "clubs", "matadors": {"with": True, "n": 1}, "won": True},
        {"declarer": 1, "game": "grand", "matadors": {"with": True, "n": 1}, "won": False},
        {"declarer": 0, "game": "null", "won": True},
        {"passed": True},
    ]
    state = replay(ruleset, ("Ann", "Ben", "Cy"), games, 2)
    expected = (
        {"games_won": 2, "games_lost": 0},
        {"games_won": 0, "games_lost": 1},
        {"games_won": 0, "games_lost": 0},
    )
    assert ruleset.figures(state) == expected
    # The match's row stores its state without the hands: the figures are read from it.
    assert ruleset.figures(state_from_json(state_to_json(state))) == expected


def test_sergeant_majors_figures_are_its_12_trick_win():
    ruleset = SergeantMajor("8-5-3")
    state = replay(ruleset, ("Ann", "Ben", "Cy"), [{"tricks": [2, 12, 2], "trump": "hearts"}])
    assert state.finished
    assert ruleset.figures(state) == ({}, {"twelve_trick_wins": 1}, {})
    assert ruleset.figures(state_from_json(state_to_json(state))) == ruleset.figures(state)
    going_on = replay(ruleset, ("Ann", "Ben", "Cy"), [{"tricks": [8, 5, 3], "trump": "hearts"}])
    assert ruleset.figures(going_on) == ({}, {}, {})


def test_a_games_words_are_in_the_german_catalogue():
    from django.utils import translation

    with translation.override("de"):
        gettext = translation.gettext
        assert [gettext(tie_break.label) for tie_break in Skat.tie_breaks] == [
            "gewonnene Spiele",
            "wenigste verlorene Spiele",
        ]
        assert gettext(SergeantMajor.tie_breaks[0].label) == "Siege mit 12 Stichen"
        rows = skat_night()
        assert rows[0].why.text(gettext) == "Vor Ann nach gewonnenen Spielen: 3 zu 2."
        assert rows[2].why.text(gettext) == "Vor Dot nach weniger verlorenen Spielen: 0 zu 1."
        behind = explain(rows[3], rows[2], Skat.tie_breaks)
        assert behind.text(gettext) == "Hinter Eve nach weniger verlorenen Spielen: 1 zu 0."
