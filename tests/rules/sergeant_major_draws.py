"""Sergeant Major matches drawn for the properties (sergeant_major/rules.md §1), and what
the tables of sergeant_major/rules.md expect of them, stated without the rules code: the
helpers that ``test_rules_variant_properties`` and ``test_rules_sitter_properties`` share."""

from hypothesis import assume
from hypothesis import strategies as st

from matches.rules import RuleError, play_hand
from tests.factories import PRESET_TABLE

SUITS = ("clubs", "spades", "hearts", "diamonds")
CAP = 3  # §1.4 maximum bleed

BIDS = {  # §1.4
    8: (8, 5, 3),
    9: (9, 4, 3),
    10: (10, 4, 2),
    11: (11, 3, 2),
    12: (12, 2, 2),
    13: (13, 2, 1),
    14: (14, 1, 1),
    15: (15, 1, 0),
    16: (16, 0, 0),
}


def expected_scores(data, targets):
    if data.get("call") == "miz":  # §1.5: targets become maxima
        return tuple(t - m for m, t in zip(data["tricks"], targets, strict=True))
    return tuple(m - t for m, t in zip(data["tricks"], targets, strict=True))


@st.composite
def options(draw, variant):
    """The preset's defaults, or end conditions drawn over them (at least one kept)."""
    if draw(st.booleans()):
        return None
    tricks = PRESET_TABLE[variant][1]
    chosen = {
        "win_tricks": draw(st.none() | st.integers(tricks // 2 + 1, tricks)),
        "point_limit": draw(st.none() | st.integers(2, 12)),
        "point_band": draw(st.none() | st.integers(2, 16)),
        "hands_limit": draw(st.none() | st.integers(1, 20)),
    }
    if variant != "alternate":
        assume(any(value is not None for value in chosen.values()))
    return chosen


KINDS = ("any", "near", "pair")


@st.composite
def tricks_for(draw, variant, targets, totals, kinds=KINDS):
    """A composition of the preset's tricks into its seats: any at all, a few tricks
    moved away from the targets (close games and long matches), two seats up alike, or
    two seats brought level (the stuff of §1.3 ties)."""
    total = PRESET_TABLE[variant][1]
    seats = len(targets)
    kind = draw(st.sampled_from(kinds))
    if kind == "level":
        one, other, rest = draw(st.permutations(range(seats)))[:3]
        level = max(totals[one], totals[other]) + draw(st.integers(0, 3))
        tricks = [0] * seats
        tricks[one] = targets[one] + level - totals[one]
        tricks[other] = targets[other] + level - totals[other]
        tricks[rest] = total - tricks[one] - tricks[other]
        if min(tricks) >= 0:
            return tricks
        kind = "near"
    if kind == "any":
        cuts = sorted(draw(st.lists(st.integers(0, total), min_size=seats - 1, max_size=seats - 1)))
        return [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)]
    tricks = list(targets)
    if kind == "pair":
        # Two seats up by the same amount: equal gains, the stuff of §1.3 ties.
        giver, one, other = draw(st.permutations(range(seats)))[:3]
        moved = draw(st.integers(0, tricks[giver] // 2))
        tricks[giver] -= 2 * moved
        tricks[one] += moved
        tricks[other] += moved
        return tricks
    for _move in range(draw(st.integers(0, 4))):
        giver, taker = draw(st.integers(0, seats - 1)), draw(st.integers(0, seats - 1))
        if tricks[giver]:
            tricks[giver] -= 1
            tricks[taker] += 1
    return tricks


def point_limit_tie(ruleset, state, data):
    """The seats §1.3 leaves tied after ``data`` (totals, then the gain), if it ends there."""
    limit = ruleset.options["point_limit"]
    win = ruleset.options["win_tricks"]
    if limit is None:
        return []
    if win is not None and data.get("call") != "miz" and max(data["tricks"]) >= win:
        return []
    coming = state.next_hand
    scores = expected_scores(data, coming.targets)
    totals = [t + s for t, s in zip(state.totals, scores, strict=True)]
    over = [seat for seat, total in enumerate(totals) if total >= limit]
    if not over:
        return []
    best = max(totals[seat] for seat in over)
    tied = [seat for seat in over if totals[seat] == best]
    gain = max(scores[seat] for seat in tied)
    return [seat for seat in tied if scores[seat] == gain]


def stepwise(ruleset, before, corrected, index):
    """The way a correction is applied: the state ``before`` the corrected hand, then it
    and the rest of ``corrected`` in turn."""
    step = before
    for number, later in enumerate(corrected[index:], start=index + 1):
        step = play_hand(ruleset, step, later, where=f"hands.{number}.")
    return step


def corrected_as_replayed(fresh_replay, stepwise_correction):
    """The state of ``fresh_replay()``, checked equal to ``stepwise_correction()``'s; or,
    where the replay refuses the hands, None, checked refused by the correction alike."""
    try:
        fresh = fresh_replay()
    except RuleError as error:
        # The corrected hand (a tie needing last_trick) or a later one no longer fits.
        assert error.field.startswith("hands.")
        try:
            stepwise_correction()
        except RuleError as again:
            assert again == error
            assert again.field == error.field
        else:
            raise AssertionError("the stepwise correction accepted what a replay refused")
        return None
    assert stepwise_correction() == fresh
    return fresh
