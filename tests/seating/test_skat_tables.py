"""Skat's tables (docs/tournaments.md §2, §4): fours with the dealer sitting out, threes for
the rest, as many fours as the field allows; a four plays 4/3 of the games a three plays,
so that everyone plays as many; the mixed plan seats fours and threes together.

Skat is not installed yet (no app), so its sizes come from its ruleset itself, not from
``matches.rules.table_sizes``. Expected splits are written out by hand or found by
trying every count of fours and threes, never by the split code.
"""

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from matches.games.skat.rules import Skat
from matches.rules.base import RuleError
from matches.seating import (
    TableSizes,
    TableSplit,
    check_hands_per_round,
    seat,
    split,
    table_hands,
)

from .support import BUDGET, _check_seating, pair_counts, repeat_pairs, run_event, tournaments

SKAT = Skat("isko").table_sizes_for(None)


@pytest.mark.parametrize(
    ("players", "tables", "byes"),
    [
        # docs/tournaments.md §2, in the order a club reads them (the split lists threes
        # first): 23 → 4+4+4+4+4+3, 22 → 4+4+4+4+3+3, 9 → 3+3+3, 7 → 4+3, 5 → 4 and a bye.
        (23, (3, 4, 4, 4, 4, 4), 0),
        (22, (3, 3, 4, 4, 4, 4), 0),
        (9, (3, 3, 3), 0),
        (7, (3, 4), 0),
        (5, (4,), 1),
        (3, (3,), 0),
        (4, (4,), 0),
        (6, (3, 3), 0),
        (8, (4, 4), 0),
        (12, (4, 4, 4), 0),  # not 3+3+3+3: the fours first
        (16, (4, 4, 4, 4), 0),
    ],
)
def test_skat_examples(players, tables, byes):
    assert split(players, SKAT) == TableSplit(tables, byes)


def test_two_skat_players_are_refused():
    with pytest.raises(RuleError) as refused:
        split(2, SKAT)
    assert str(refused.value) == "At least 3 checked-in players are needed."
    assert refused.value.field == "entries"


def test_skat_seats_fours_with_a_sitter_and_threes():
    assert SKAT.sizes == (3, 4)
    assert SKAT.has_sitter(4)
    assert not SKAT.has_sitter(3)


def test_the_preference_turns_only_the_sitter_tables_round():
    # The same sizes without the preference are Sergeant Major's: the fewest fours.
    assert split(12, TableSizes(3, sitter=True)) == TableSplit((3, 3, 3, 3), 0)
    assert split(23, TableSizes(3, sitter=True)) == TableSplit((3, 3, 3, 3, 3, 4, 4), 0)
    # Without sitter tables (remainder: byes) it changes nothing: threes and byes.
    threes = TableSizes(3, prefer_sitter=True)
    assert split(23, threes) == TableSplit((3,) * 7, 2)


def _most_fours(players):
    """The fewest byes and, with them, the most fours: every count of fours and threes."""
    splits = [
        (players - 4 * fours - 3 * threes, -fours)
        for fours in range(players // 4 + 1)
        for threes in range((players - 4 * fours) // 3 + 1)
        if fours + threes
    ]
    byes, fours = min(splits)
    return byes, -fours


@settings(max_examples=200, deadline=None)
@given(players=st.integers(3, 400))
def test_every_field_of_three_or_more_is_seated_with_the_most_fours(players):
    result = split(players, SKAT)
    assert result.seated + result.byes == players
    assert set(result.tables) <= {3, 4}
    # Fours and threes make every number from 6 on; 3 and 4 are one table: only 5 has
    # a bye.
    assert result.byes == (1 if players == 5 else 0)
    assert (result.byes, result.tables.count(4)) == _most_fours(players)
    # The rest of the fours are threes: at most three of them (four threes are three fours).
    assert result.tables.count(3) <= 3


def test_a_four_plays_four_thirds_of_the_games():
    # §4: 36 games at a three, 48 at a four.
    assert table_hands(3, SKAT, 36) == 36
    assert table_hands(4, SKAT, 36) == 48
    assert Skat("isko").table_hands(SKAT, 4, 36) == 48
    assert Skat("isko").default_hands_per_round(SKAT) == 36


@settings(max_examples=60, deadline=None)
@given(deals=st.integers(1, 40), size=st.sampled_from((3, 4)), first_dealer=st.integers(0, 3))
def test_every_player_plays_as_many_games_at_a_three_or_a_four(deals, size, first_dealer):
    hands_per_round = 3 * deals
    games = table_hands(size, SKAT, hands_per_round)
    table = Skat("isko" if size == 3 else "isko-four", {"hands_limit": games})
    dealer = first_dealer % size
    for place in range(size):
        # Each game the dealer sits out at a four (skat/rules.md §4.6): counted by the rules.
        played = games - len(table.hands_sat_out(place, dealer, games))
        assert played == hands_per_round


def test_hands_per_round_must_be_a_multiple_of_three():
    assert check_hands_per_round(36, SKAT) == 36
    for hands in (32, 40, 48 + 1):
        with pytest.raises(RuleError) as refused:
            check_hands_per_round(hands, SKAT)
        assert str(refused.value) == (
            "Hands per round must be a multiple of 3, so that everyone deals equally."
        )


def _rounds(seatings):
    return [[table.entries for table in seating.tables] for seating in seatings]


@pytest.mark.parametrize(("players", "rounds"), [(16, 5), (22, 5), (23, 4)])
def test_the_mixed_plan_seats_fours_and_threes_without_a_repeat(players, rounds):
    # 16 at four tables of four over 5 rounds: everyone meets everyone once
    # (docs/tournaments.md §3); 22 and 23 with threes among the fours have room to spare.
    entries = list(range(players))
    seatings = run_event(entries, SKAT, rounds)
    expected = sorted(split(players, SKAT).tables)
    for seating in seatings:
        assert sorted(len(table.entries) for table in seating.tables) == expected
        assert sorted(e for table in seating.tables for e in table.entries) == entries
        assert not seating.byes
        assert [table.sitter for table in seating.tables] == [
            len(table.entries) == 4 for table in seating.tables
        ]
    assert repeat_pairs(_rounds(seatings)) == 0
    assert seatings[-1].quality.total == 0


@pytest.mark.parametrize(("players", "rounds"), [(7, 3), (11, 3)])
def test_the_mixed_plan_of_a_small_field_meets_the_bound_or_says_so(players, rounds):
    # 7 at 4 + 3 and 11 at 4 + 4 + 3 cannot avoid repeats: the plan reports the figure,
    # which is at least the bound and no pair meets every round beside the same player.
    seatings = run_event(list(range(players)), SKAT, rounds)
    played = _rounds(seatings)
    quality = seatings[-1].quality
    assert quality.total == repeat_pairs(played)
    assert quality.lower_bound <= quality.total
    assert quality.most_met == max(pair_counts(played).values()) < rounds


def test_the_fours_go_round():
    # 23 players: 20 seats at fours a round, 80 over four rounds; nobody sits at a
    # four every round while another sits at none.
    entries = list(range(23))
    seatings = run_event(entries, SKAT, 4)
    fours = Counter(e for s in seatings for t in s.tables if len(t.entries) == 4 for e in t.entries)
    assert {fours[entry] for entry in entries} <= {3, 4}


@settings(max_examples=40, deadline=None)
@given(tournaments(rules=[SKAT], most=20), st.sampled_from(["draw", "standings", "mixed"]))
def test_every_method_seats_a_skat_field_at_fours_and_threes(tournament, method):
    # The shared checks of every seating (tests/seating/test_properties.py) on Skat's
    # sizes: everyone once at a table of the split, the fours marked as sitter tables,
    # the figure counted again.
    sizes, entries, history, standings, apart, seed = tournament
    seating = seat(
        method,
        entries,
        sizes,
        round=len(history.rounds) + 1,
        rounds=5,
        history=history,
        standings=standings,
        keep_apart=apart,
        seed=seed,
        budget=BUDGET,
    )
    _check_seating(seating, sizes, entries, history, standings, apart)
