"""The pure rating (matches.ratings): openskill's Plackett-Luce with its defaults, the
worked example of docs/tournaments.md, ties, partners as one team, events in order."""

import pytest

from matches import ratings
from matches.ratings import Event, Seat, Standing


def event(key, *places, teams=None):
    teams = teams or list(range(len(places)))
    return Event(
        key,
        key,
        tuple(Seat(p, t, place) for p, (t, place) in enumerate(zip(teams, places, strict=True))),
    )


def test_the_worked_example_three_new_players_first_second_third():
    points = ratings.rate(event(1, 1, 2, 3), {})
    assert [round(p.mu, 3) for p in points] == [27.869, 25.717, 21.414]
    assert [round(p.sigma, 3) for p in points] == [8.205, 8.058, 8.058]
    assert [p.rank for p in points] == [1, 2, 3]
    assert [p.number for p in points] == [1, 1, 1]


def test_the_library_defaults_are_the_start():
    assert ratings.START == (25.0, 25 / 3)
    assert ratings.ordinal(25.0, 25 / 3) == pytest.approx(0.0)


def test_a_tie_for_first_gives_both_the_same():
    first, second, third = ratings.rate(event(1, 1, 1, 3), {})
    assert round(first.mu, 3) == round(second.mu, 3) == 25.717
    assert first.sigma == second.sigma
    assert third.mu < first.mu


def test_partners_are_one_team_and_share_the_change():
    # Seats 0 & 2 against 1 & 3 (Sieben's partnerships), the first pair winning.
    points = ratings.rate(event(1, 1, 2, 1, 2, teams=[0, 1, 0, 1]), {})
    by_player = {p.player: p for p in points}
    assert by_player[0].mu == by_player[2].mu > 25 > by_player[1].mu == by_player[3].mu
    # Two teams of two is a two-sided game, not a four-player ranking.
    alone = ratings.rate(event(1, 1, 2, 3, 4), {})
    assert by_player[0].mu != alone[0].mu


def test_a_player_goes_on_from_where_they_stood():
    before = {0: Standing(30.0, 5.0, 7)}
    winner, _ = ratings.rate(event(1, 1, 2), before)
    assert winner.mu > 30.0 and winner.sigma < 5.0 + 0.1
    assert winner.number == 8


def test_replay_applies_the_events_in_their_order():
    one, two = event(1, 1, 2, 3), event(2, 3, 2, 1)
    points, standing = ratings.replay([one, two])
    assert [p.key for p in points] == [1, 1, 1, 2, 2, 2]
    _, reversed_standing = ratings.replay([two, one])
    assert standing[0] != reversed_standing[0]  # the order matters
    assert standing[0].matches == 2


def test_a_table_of_one_team_is_no_event():
    assert ratings.rate(event(1, 1, 1, teams=[0, 0]), {}) == []
