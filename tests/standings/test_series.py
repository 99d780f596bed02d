"""The series table over three club nights, computed by hand, and best-k as a property.

night 1  Ann +5  Ben +1  Cy -2  Dot -4            ranks 1 2 3 4       (N = 4)
night 2  Ben +4  Cy +4  Ann -3  Eve -5            ranks 1= 1= 3 4     (N = 4)
night 3  Cy +6  Ann 0  Dot 0  Eve 0  Ben -6       ranks 1 2= 2= 2= 5  (N = 5)

rank points (N + 1 − rank)   Ann 4 2 4   Ben 3 4 1   Cy 2 4 5   Dot 1 · 4   Eve · 1 4
all:     Cy 11, Ann 10, Ben 8, Dot 5, Eve 5
best 2:  Cy 9, Ann 8, Ben 7, Dot 5, Eve 5
game points, best 2:  Cy 4+6=10, Ann 5+0=5, Ben 1+4=5, Dot -4+0=-4, Eve -5+0=-5
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from matches.rules import RuleError
from matches.standings import EntryInfo, Scoring, TournamentStandings, series, standings

from .support import table

NAMES = {"ann": "Ann", "ben": "Ben", "cy": "Cy", "dot": "Dot", "eve": "Eve"}


def night(number, totals):
    """A one-table tournament; entry ids differ from player ids, as in the database."""
    entries = [EntryInfo((number, player), NAMES.get(player, player)) for player in totals]
    seats = [((number, player), total) for player, total in totals.items()]
    rows = standings(entries, (table(1, 1, *seats),), (), (), Scoring("game_points"))
    return TournamentStandings(number, rows, {(number, player): player for player in totals})


NIGHTS = (
    night(1, {"ann": 5, "ben": 1, "cy": -2, "dot": -4}),
    night(2, {"ben": 4, "cy": 4, "ann": -3, "eve": -5}),
    night(3, {"cy": 6, "ann": 0, "dot": 0, "eve": 0, "ben": -6}),
)


def table_of(rows):
    return [(row.rank, row.shared, row.name, row.total, row.played) for row in rows]


def test_rank_points_over_every_night():
    assert table_of(series(NIGHTS)) == [
        (1, False, "Cy", 11, 3),
        (2, False, "Ann", 10, 3),
        (3, False, "Ben", 8, 3),
        (4, True, "Dot", 5, 2),
        (4, True, "Eve", 5, 2),
    ]


def test_best_two_nights():
    rows = series(NIGHTS, best_k=2)
    assert table_of(rows) == [
        (1, False, "Cy", 9, 3),
        (2, False, "Ann", 8, 3),
        (3, False, "Ben", 7, 3),
        (4, True, "Dot", 5, 2),
        (4, True, "Eve", 5, 2),
    ]
    ann = rows[1]
    assert [(r.tournament, r.rank, r.shared, r.points) for r in ann.counted] == [
        (1, 1, False, 4),
        (3, 2, True, 4),
    ]
    assert [r.points for r in ann.results] == [4, 2, 4]


def test_best_night_alone_shares_ranks():
    assert [(row.rank, row.shared, row.name) for row in series(NIGHTS, best_k=1)] == [
        (1, False, "Cy"),
        (2, True, "Ann"),
        (2, True, "Ben"),
        (2, True, "Dot"),
        (2, True, "Eve"),
    ]


def test_game_points_best_two():
    rows = series(NIGHTS, best_k=2, score="game_points", names={"ann": "Ann B."})
    assert table_of(rows) == [
        (1, False, "Cy", 10, 3),
        (2, True, "Ann B.", 5, 3),
        (2, True, "Ben", 5, 3),
        (4, False, "Dot", -4, 2),
        (5, False, "Eve", -5, 2),
    ]


def test_series_options_are_checked():
    with pytest.raises(RuleError) as caught:
        series(NIGHTS, best_k=0)
    assert caught.value.field == "best_k"
    with pytest.raises(RuleError) as caught:
        series(NIGHTS, score="wins")
    assert caught.value.field == "score"
    unmapped = TournamentStandings(4, NIGHTS[0].rows, {})
    with pytest.raises(ValueError):
        series([unmapped])


PLAYERS = ("ann", "ben", "cy", "dot", "eve", "fay")


@st.composite
def nights(draw):
    """Up to six one-table nights of 2–6 of the players, zero-sum totals."""
    result = []
    for number in range(draw(st.integers(1, 6))):
        players = draw(st.lists(st.sampled_from(PLAYERS), min_size=2, max_size=6, unique=True))
        totals = draw(
            st.lists(st.integers(-9, 9), min_size=len(players) - 1, max_size=len(players) - 1)
        )
        result.append(night(number, dict(zip(players, [*totals, -sum(totals)], strict=True))))
    return result


@settings(max_examples=80, deadline=None)
@given(
    nights(),
    st.one_of(st.none(), st.integers(1, 7)),
    st.sampled_from(["rank_points", "game_points"]),
)
def test_best_k_counts_the_best_k(tournaments, best_k, score):
    rows = series(tournaments, best_k=best_k, score=score)
    for row in rows:
        points = sorted((result.points for result in row.results), reverse=True)
        kept = points if best_k is None else points[:best_k]
        assert row.total == sum(kept)
        assert len(row.counted) == len(kept)
        assert sorted((r.points for r in row.counted), reverse=True) == kept
        assert row.played == sum(player_in(t, row.player) for t in tournaments)
    # Ranks: non-decreasing, equal exactly when the totals are equal.
    for upper, lower in zip(rows, rows[1:], strict=False):
        assert upper.total >= lower.total
        assert (upper.rank == lower.rank) == (upper.total == lower.total)
    for row in rows:
        assert row.rank == 1 + sum(other.total > row.total for other in rows)
        assert row.shared == any(o.rank == row.rank for o in rows if o is not row)


def player_in(tournament, player):
    return player in tournament.players.values()


# -- ties listed by name (issue 32, item 4) -----------------------------------------------

TIED = ["Zahn", "Müller", "Ärger", "muller", "Arger", "Resi"]


def test_a_tie_is_listed_by_name_as_read_without_a_collation():
    """With no order given, accents and case are weighed after the letters: "Ärger" with
    "Arger", not after "Zahn" (as a plain case-folded sort put it)."""
    entries = [EntryInfo(name, name) for name in TIED]
    one_table = table(1, 1, *((name, 0) for name in TIED))
    rows = standings(entries, (one_table,), (), (), Scoring("game_points"))
    assert [row.name for row in rows] == ["Arger", "Ärger", "muller", "Müller", "Resi", "Zahn"]
    night_ = TournamentStandings(1, rows, {name: name for name in TIED})
    assert [row.name for row in series([night_])] == [row.name for row in rows]


def test_the_caller_s_order_lists_a_tie():
    # The services give the language's collation; any key will do here.
    entries = [EntryInfo(name, name) for name in TIED]
    one_table = table(1, 1, *((name, 0) for name in TIED))
    backwards = lambda name: [-ord(c) for c in name]  # noqa: E731
    rows = standings(entries, (one_table,), (), (), Scoring("game_points"), name_order=backwards)
    assert [row.name for row in rows] == sorted(TIED, key=backwards)
    night_ = TournamentStandings(1, rows, {name: name for name in TIED})
    assert [row.name for row in series([night_], name_order=backwards)] == sorted(
        TIED, key=backwards
    )
