"""Swapping and moving entries in a drafted round (§3): the figure follows every change,
and a change that leaves a table the wrong size is refused with a clear message."""

import pytest

from matches.rules import table_sizes
from matches.rules.base import RuleError
from matches.seating import History, Seating, Table, assess, move, swap

from .support import history

SERGEANT_MAJOR = table_sizes("sergeant-major", "8-5-3")
PAST = history([("A", "B", "C"), ("D", "E", "F"), ("G", "H", "I")])  # J joined late


def drafted(*tables, byes=(), dealers=None):
    """A drafted round 2 from tables written as strings of one-letter entries."""
    dealers = dealers or [0] * len(tables)
    built = tuple(
        Table(n, tuple(t), dealers[n - 1], SERGEANT_MAJOR.has_sitter(len(t)))
        for n, t in enumerate(tables, 1)
    )
    return Seating(
        round=2,
        method="mixed",
        seed=1,
        tables=built,
        byes=tuple(byes),
        quality=assess([(t.number, t.entries) for t in built], PAST),
        plan=((("A",),),),
    )


def test_swap_exchanges_seats_and_updates_the_figure():
    seating = drafted("ADG", "BEH", "CFIJ")
    assert seating.quality.created == 0
    swapped = swap(seating, "D", "B", history=PAST)
    assert [t.entries for t in swapped.tables] == [
        ("A", "B", "G"),
        ("D", "E", "H"),
        ("C", "F", "I", "J"),
    ]
    # A and B met in round 1, D and E too: the page shows both before it is saved.
    assert swapped.quality.created == 2
    assert {(r.first, r.second, r.table) for r in swapped.quality.repeats} == {
        ("A", "B", 1),
        ("D", "E", 2),
    }
    assert swapped.plan == ()  # the plan was for the seating as drafted
    assert seating.quality.created == 0  # the draft itself is unchanged


def test_swap_with_a_bye_moves_the_bye():
    seating = drafted("ADG", "BEH", "CFI", byes="J")
    swapped = swap(seating, "J", "A", history=PAST)
    assert swapped.tables[0].entries == ("J", "D", "G")
    assert swapped.byes == ("A",)


def test_swap_within_a_table_changes_seats_only():
    seating = drafted("ADG", "BEH", "CFIJ", dealers=[1, 0, 0])
    swapped = swap(seating, "A", "G", history=PAST)
    assert swapped.tables[0].entries == ("G", "D", "A")
    assert swapped.tables[0].first_dealer == 1  # seat 1 deals: D still
    assert swapped.quality == seating.quality


def test_swap_an_entry_with_itself_is_refused():
    with pytest.raises(RuleError) as refused:
        swap(drafted("ADG", "BEH", "CFIJ"), "A", "A")
    assert str(refused.value) == "Choose two different entries to swap."


def test_an_entry_not_in_the_round_is_a_bug():
    with pytest.raises(ValueError):
        swap(drafted("ADG", "BEH", "CFIJ"), "A", "Z")
    with pytest.raises(ValueError):
        move(drafted("ADG", "BEH", "CFIJ"), "Z", 1, SERGEANT_MAJOR)


def test_move_to_another_table():
    seating = drafted("ADG", "BEH", "CFIJ")
    moved = move(seating, "J", 1, SERGEANT_MAJOR, history=PAST)
    assert [t.entries for t in moved.tables] == [
        ("A", "D", "G", "J"),
        ("B", "E", "H"),
        ("C", "F", "I"),
    ]
    assert [t.sitter for t in moved.tables] == [True, False, False]
    assert moved.quality.created == 0


def test_move_that_leaves_a_table_too_small_is_refused():
    seating = drafted("ADG", "BEH", "CFIJ")
    with pytest.raises(RuleError) as refused:
        move(seating, "A", 3, SERGEANT_MAJOR)
    assert str(refused.value) == "Table 1 would seat 2; tables here seat 3, 4."
    assert refused.value.field == "table"
    assert refused.value.params == {"table": 1, "count": 2, "sizes": "3, 4"}


def test_move_that_makes_a_table_too_big_is_refused():
    seating = drafted("ADG", "BEH", "CFIJ", byes="K")
    with pytest.raises(RuleError) as refused:
        move(seating, "K", 3, SERGEANT_MAJOR)
    assert str(refused.value) == "Table 3 would seat 5; tables here seat 3, 4."


def test_move_to_a_bye_and_back():
    seating = drafted("ADG", "BEH", "CFIJ")
    out = move(seating, "J", None, SERGEANT_MAJOR, history=PAST)
    assert out.byes == ("J",)
    assert out.tables[2].entries == ("C", "F", "I")
    assert not out.tables[2].sitter
    back = move(out, "J", 2, SERGEANT_MAJOR, history=PAST)
    assert back.byes == ()
    assert back.tables[1].entries == ("B", "E", "H", "J")


def test_move_keeps_the_first_dealer_where_it_can():
    seating = drafted("ADGK", "BEH", "CFIJ", dealers=[2, 0, 3])
    # Seat 0 leaves table 1: G (seat 2) still deals, now from seat 1.
    moved = move(seating, "A", 2, SERGEANT_MAJOR)
    assert moved.tables[0].entries == ("D", "G", "K")
    assert moved.tables[0].entries[moved.tables[0].first_dealer] == "G"
    # The dealer of table 3 (J, the last seat) leaves: the seat after theirs, C, deals.
    moved = move(seating, "J", None, SERGEANT_MAJOR)
    assert moved.tables[2].entries[moved.tables[2].first_dealer] == "C"


@pytest.mark.parametrize(
    ("entry", "table", "message"),
    [
        ("A", 7, "There is no table 7."),
        ("A", 1, "This entry sits at table 1 already."),
        ("K", None, "This entry has a bye already."),
    ],
)
def test_pointless_moves_are_refused(entry, table, message):
    seating = drafted("ADG", "BEH", "CFIJ", byes="K")
    with pytest.raises(RuleError) as refused:
        move(seating, entry, table, SERGEANT_MAJOR)
    assert str(refused.value) == message


NAMES = {"A": "Ann", "B": "Ben", "J": "Jo"}.get


def test_a_swap_that_seats_a_keep_apart_pair_together_is_refused_naming_them():
    # The draft kept them apart, so "no other seating exists" was false (issue 19).
    seating = drafted("ADG", "BEH", "CFIJ")
    with pytest.raises(RuleError) as refused:
        swap(seating, "D", "B", history=History(), keep_apart=[("A", "B")], name=NAMES)
    assert str(refused.value) == "Ann and Ben are kept apart; this swap would seat them at table 1."


def test_a_move_that_seats_a_keep_apart_pair_together_is_refused_naming_them():
    seating = drafted("ADG", "BEH", "CFIJ")
    with pytest.raises(RuleError) as refused:
        move(seating, "J", 1, SERGEANT_MAJOR, keep_apart=[("J", "A")], name=NAMES)
    assert str(refused.value) == "Jo and Ann are kept apart; this move would seat them at table 1."


def test_a_pair_no_seating_kept_apart_still_shows_after_another_change():
    seating = drafted("ABG", "DEH", "CFIJ")
    swapped = swap(seating, "D", "G", history=History(), keep_apart=[("A", "B")])
    assert swapped.quality.apart_broken == (("A", "B"),)
