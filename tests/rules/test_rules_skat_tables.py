"""What a Skat tournament seats and what each table plays (docs/tournaments.md §2, §4):
the ruleset's ``table_sizes_for`` and ``table_variant``, no database."""

import pytest

from matches.games.skat.rules import Skat
from matches.rules import RuleError, replay
from matches.rules.sizes import TableSizes, table_hands

FOURS_AND_THREES = TableSizes(3, sitter=True, prefer_sitter=True)


@pytest.mark.parametrize("variant", ["isko", "isko-four"])
@pytest.mark.parametrize("table_size", [None, 3, 4])
def test_either_preset_seats_fours_first_and_threes(variant, table_size):
    # A tournament names one preset, but its tables are both; the standard size is the
    # three, which the count of games goes by (§4), and the fours come first (§2).
    assert Skat(variant).table_sizes_for(table_size) == FOURS_AND_THREES


@pytest.mark.parametrize("table_size", [2, 5, 6, True, False])
def test_other_table_sizes_are_refused(table_size):
    with pytest.raises(RuleError) as refused:
        Skat("isko").table_sizes_for(table_size)
    assert str(refused.value) == "Skat tables seat 3 or 4 players."
    assert refused.value.field == "table_size"


@pytest.mark.parametrize("variant", ["isko", "isko-four"])
def test_each_table_plays_the_preset_of_its_size(variant):
    ruleset = Skat(variant)
    sizes = ruleset.table_sizes_for(None)
    assert ruleset.table_variant(3, sizes) == ("isko", {})
    assert ruleset.table_variant(4, sizes) == ("isko-four", {})


def test_a_table_of_four_plays_its_games_with_the_dealer_sitting_out():
    # What the drafting gives a four's match: its preset and the hands limit of §4.
    ruleset = Skat("isko")
    sizes = ruleset.table_sizes_for(None)
    variant, extra = ruleset.table_variant(4, sizes)
    games = ruleset.table_hands(sizes, 4, 36)
    table = Skat(variant, {**extra, "hands_limit": games})
    assert table.seats == 4
    assert table.options["hands_limit"] == 48
    state = replay(table, ("Ann", "Ben", "Cy", "Dee"), [], 2)
    assert state.next_hand.dealer == 2
    assert state.next_hand.active == (0, 1, 3)
    # Each seat sits out the twelve games it deals, and plays 36.
    for seat in range(4):
        assert len(table.hands_sat_out(seat, 2, games)) == 12


def test_a_table_of_three_plays_every_game():
    ruleset = Skat("isko-four")
    sizes = ruleset.table_sizes_for(None)
    variant, _extra = ruleset.table_variant(3, sizes)
    table = Skat(variant, {"hands_limit": table_hands(3, sizes, 36)})
    assert table.options["hands_limit"] == 36
    assert all(table.hands_sat_out(seat, 0, 36) == () for seat in range(3))


def test_the_table_cards_say_who_sits_out_in_skats_words():
    assert Skat("isko-four").sitter_note == "Each game the dealer sits out."
