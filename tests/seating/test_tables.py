"""Table sizes and splitting (docs/tournaments.md §2), every example of the contract, and §4's
hands per table."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from matches.rules import table_sizes
from matches.rules.base import RuleError
from matches.seating import (
    TableSizes,
    TableSplit,
    check_hands_per_round,
    split,
    table_hands,
)

SERGEANT_MAJOR = table_sizes("sergeant-major", "8-5-3")
SHEEPSHEAD = table_sizes("sheepshead", "standard")


@pytest.mark.parametrize(
    ("players", "tables", "byes"),
    [
        (9, (3, 3, 3), 0),
        (10, (3, 3, 4), 0),
        (11, (3, 4, 4), 0),
        (8, (4, 4), 0),
        (5, (4,), 1),
    ],
)
def test_sergeant_major_examples(players, tables, byes):
    assert split(players, SERGEANT_MAJOR) == TableSplit(tables, byes)


def test_sergeant_major_two_players_refused():
    with pytest.raises(RuleError) as refused:
        split(2, SERGEANT_MAJOR)
    assert str(refused.value) == "At least 3 checked-in players are needed."
    assert refused.value.field == "entries"


@pytest.mark.parametrize(("players", "tables"), [(23, (5, 6, 6, 6)), (9, (4, 5)), (12, (6, 6))])
def test_sheepshead_examples(players, tables):
    assert split(players, SHEEPSHEAD) == TableSplit(tables, 0)


def test_sheepshead_seven_is_a_table_of_six_and_a_bye():
    # 4 + 3 would need a three-handed table, two sizes below the standard: not allowed.
    assert split(7, SHEEPSHEAD) == TableSplit((6,), 1)


def test_the_three_player_presets_have_sitters_and_the_others_do_not():
    assert SERGEANT_MAJOR == TableSizes(3, sitter=True)
    assert SERGEANT_MAJOR.sizes == (3, 4)
    assert table_sizes("sergeant-major", "9-5-2").sitter
    assert table_sizes("sergeant-major", "four-player") == TableSizes(4)
    assert SHEEPSHEAD == TableSizes(5, sitter=True, smaller=True)
    assert SHEEPSHEAD.sizes == (4, 5, 6)


def test_four_player_sergeant_major_gives_byes():
    assert split(10, table_sizes("sergeant-major", "four-player")) == TableSplit((4, 4), 2)


def test_sieben_two_player_gives_a_bye():
    assert split(7, table_sizes("sieben", "two-player")) == TableSplit((2, 2, 2), 1)


def test_sieben_partnerships_give_a_bye_to_one_team():
    teams = table_sizes("sieben", "partners")
    assert teams.teams
    assert split(5, teams) == TableSplit((2, 2), 1)
    with pytest.raises(RuleError) as refused:
        split(1, teams)
    assert str(refused.value) == "At least 2 checked-in teams are needed."


def test_remainder_byes_replaces_the_sitter_tables():
    sizes = table_sizes("sergeant-major", "8-5-3", remainder="byes")
    assert not sizes.sitter
    assert split(10, sizes) == TableSplit((3, 3, 3), 1)
    assert split(11, sizes) == TableSplit((3, 3, 3), 2)
    sheepshead = table_sizes("sheepshead", "standard", remainder="byes")
    assert split(23, sheepshead) == TableSplit((4, 4, 5, 5, 5), 0)  # the last resort before byes


def test_sheepshead_table_size_defaults_to_the_variants():
    assert table_sizes("sheepshead", "4-handed").standard == 4
    assert table_sizes("sheepshead", "7-handed").sizes == (6, 7)


def test_sheepshead_table_size_option():
    six = table_sizes("sheepshead", "standard", table_size=6)
    assert six == TableSizes(6, smaller=True)  # no "seven with a sitter" in sheepshead/rules.md
    assert split(13, six) == TableSplit((6, 6), 1)
    three = table_sizes("sheepshead", "standard", table_size=3)
    assert three.sizes == (3,)  # no two-handed Sheepshead to fall back on


@pytest.mark.parametrize(
    ("game", "variant", "options", "message", "field"),
    [
        ("bridge", "standard", {}, "Unknown game bridge.", "game"),
        ("sergeant-major", "8-5-4", {}, "Unknown variant 8-5-4.", "variant"),
        (
            "sieben",
            "three-player",
            {},
            "Sieben is played in tournaments by two players or two partnerships.",
            "variant",
        ),
        (
            "sheepshead",
            "standard",
            {"table_size": 8},
            "Sheepshead tables seat 3 to 7 players.",
            "table_size",
        ),
        (
            "sheepshead",
            "standard",
            {"table_size": True},
            "Sheepshead tables seat 3 to 7 players.",
            "table_size",
        ),
        (
            "sergeant-major",
            "8-5-3",
            {"table_size": 4},
            "This variant is played at tables of 3.",
            "table_size",
        ),
        (
            "sergeant-major",
            "8-5-3",
            {"remainder": "dummies"},
            "The remainder must be one of: sitters, byes.",
            "remainder",
        ),
    ],
)
def test_bad_set_ups_are_refused(game, variant, options, message, field):
    with pytest.raises(RuleError) as refused:
        table_sizes(game, variant, **options)
    assert str(refused.value) == message
    assert refused.value.field == field


def test_a_form_may_name_the_fixed_size():
    assert table_sizes("sergeant-major", "8-5-3", table_size=3) == SERGEANT_MAJOR
    assert table_sizes("sieben", "two-player", table_size=2).standard == 2


def test_hands_per_table():
    # §4: Sergeant Major 9 at three seats -> 12 at four; Sheepshead 20 -> 24.
    assert table_hands(3, SERGEANT_MAJOR, 9) == 9
    assert table_hands(4, SERGEANT_MAJOR, 9) == 12
    assert table_hands(6, SHEEPSHEAD, 20) == 24
    assert table_hands(5, SHEEPSHEAD, 20) == 20
    assert table_hands(4, SHEEPSHEAD, 20) == 20  # the four-handed game: everyone plays


def test_hands_per_round_is_a_multiple_of_the_table_size():
    assert check_hands_per_round(9, SERGEANT_MAJOR) == 9
    with pytest.raises(RuleError) as refused:
        check_hands_per_round(10, SERGEANT_MAJOR)
    assert str(refused.value) == (
        "Hands per round must be a multiple of 3, so that everyone deals equally."
    )
    for bad in (0, -3, "9", True, 4.5):
        with pytest.raises(RuleError) as refused:
            check_hands_per_round(bad, SERGEANT_MAJOR)
        assert refused.value.field == "hands_per_round"


RULES = st.sampled_from(
    [
        SERGEANT_MAJOR,
        SHEEPSHEAD,
        table_sizes("sergeant-major", "four-player"),
        table_sizes("sieben", "two-player"),
        table_sizes("sheepshead", "standard", table_size=3),
        table_sizes("sheepshead", "standard", table_size=7),
        table_sizes("sheepshead", "standard", remainder="byes"),
    ]
)


def _every_split(players, sizes):
    """Every way to seat ``players`` at allowed tables, as (byes, smaller, bigger)."""
    s = sizes.standard
    found = []
    for smaller in range(players + 1 if sizes.smaller else 1):
        for bigger in range(players + 1 if sizes.sitter else 1):
            for standard in range(players + 1):
                seated = smaller * (s - 1) + standard * s + bigger * (s + 1)
                if seated <= players and smaller + standard + bigger:
                    found.append((players - seated, smaller, bigger))
    return found


@settings(max_examples=150, deadline=None)
@given(players=st.integers(0, 40), sizes=RULES)
def test_split_seats_everyone_it_can_in_the_contracts_order(players, sizes):
    if players < sizes.minimum:
        with pytest.raises(RuleError):
            split(players, sizes)
        return
    result = split(players, sizes)
    assert result.seated + result.byes == players
    assert all(sizes.allows(size) for size in result.tables)
    assert list(result.tables) == sorted(result.tables)
    smaller = result.tables.count(sizes.standard - 1) if sizes.smaller else 0
    bigger = result.tables.count(sizes.standard + 1) if sizes.sitter else 0
    # Fewest byes, then fewest last-resort tables, then fewest sitter tables: found by
    # trying every split there is.
    assert (result.byes, smaller, bigger) == min(_every_split(players, sizes))
