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
    Ending,
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

SLUG = "mini-tricks"
TRICKS = 6
SEATS = 3


@dataclass(frozen=True)
class MiniPreset(Preset):
    players: int = SEATS


class MiniTricks(Ruleset):
    game = SLUG
    presets = {"standard": MiniPreset(name="Mini Tricks", options={"hands_limit": None})}
    no_setup = "Mini Tricks has no set-up before the first hand."
    options_spec = (Option("hands_limit", int, nullable=True, minimum=1, ends=True),)

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
