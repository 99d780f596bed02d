"""Mini Tricks, the pure rules: three players, six tricks a hand, each seat scores the
tricks it took over two (so a hand sums to zero). No Django here, as in ``matches.rules``:
defining the ruleset registers it there."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from matches.rules.base import (
    HANDS_LIMIT,
    NO_DETAIL,
    Detail,
    Ending,
    Hand,
    MatchState,
    NextHand,
    Option,
    Preset,
    RuleError,
    Ruleset,
    _,
    highest,
    require_int,
)
from matches.rules.fields import whole
from matches.rules.tie_breaks import Figures, TieBreak, counted

SLUG = "mini-tricks"
TRICKS = 6
SEATS = 3


@dataclass(frozen=True)
class MiniPreset(Preset):
    players: int = SEATS


@dataclass(frozen=True)
class MiniTally(Detail):
    """The running figures: each seat's clean sweeps (hands in which it took every trick).
    Nothing of it goes into the API's JSON (``as_json``)."""

    sweeps: tuple[int, ...] = (0,) * SEATS


class MiniTricks(Ruleset):
    game = SLUG
    presets = {"standard": MiniPreset(name="Mini Tricks", options={"hands_limit": None})}
    no_setup = "Mini Tricks has no set-up before the first hand."
    options_spec = (Option("hands_limit", int, nullable=True, minimum=1, ends=True),)
    # Its own standings tie-break, beside the shared ones (issue 34, item 3).
    tie_breaks = (
        TieBreak(
            "most_clean_sweeps",
            _("clean sweeps"),
            _("Ahead of %(name)s on clean sweeps: %(value)s to %(other_value)s."),
            _("Behind %(name)s on clean sweeps: %(value)s to %(other_value)s."),
            counted("clean_sweeps"),
        ),
    )

    @property
    def seats(self) -> int:
        return SEATS

    def hand_keys(self) -> set[str]:
        return {"taken"}

    def clean_hand(
        self, state: MatchState, coming: NextHand, data: Mapping[str, Any]
    ) -> dict[str, Any]:
        taken = data.get("taken")
        if not isinstance(taken, list) or len(taken) != SEATS:
            raise RuleError(_("Enter the tricks of every seat."), field="taken")
        taken = [require_int(value, f"taken.{seat}") for seat, value in enumerate(taken)]
        if any(value < 0 for value in taken) or sum(taken) != TRICKS:
            raise RuleError(_("The tricks must add up to %(count)s."), field="taken", count=TRICKS)
        return {"taken": taken}

    def score_hand(self, state, coming, data):
        return tuple(value - TRICKS // SEATS for value in data["taken"]), NO_DETAIL

    def opening_tally(self) -> MiniTally:
        return MiniTally()

    def tally(self, before: Detail, hand: Hand) -> Detail:
        assert isinstance(before, MiniTally)
        taken = hand.input["taken"]
        return MiniTally(
            tuple(n + (t == TRICKS) for n, t in zip(before.sweeps, taken, strict=True))
        )

    def figures(self, state: MatchState) -> tuple[Figures, ...]:
        assert isinstance(state.detail, MiniTally)
        return tuple({"clean_sweeps": sweeps} for sweeps in state.detail.sweeps)

    def ending(self, played: MatchState, coming: NextHand) -> Ending | None:
        limit = self.options["hands_limit"]
        if limit is not None and coming.number >= limit:
            return Ending(HANDS_LIMIT, highest(played.totals), coming.number)
        return None

    def next_deal(self, played: MatchState, coming: NextHand) -> NextHand:
        return self.deal(coming.number + 1, (coming.dealer + 1) % SEATS)

    def hand_from_fields(self, state: MatchState, fields: Mapping[str, str]) -> dict[str, Any]:
        """The hand from its form's fields (``MiniHandForm``), on the server and the phone."""
        return {"taken": [whole(fields, f"taken_{seat}") for seat in range(SEATS)]}

    def hand_fields(self) -> dict[str, str]:
        return {"taken": "int per seat: the tricks it took (6 in all)"}
