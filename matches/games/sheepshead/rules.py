"""American Sheepshead — rules.md §2.

Per hand the table reports the picker, the partner (or alone), the picker side's card
points and whether that side took every trick or none. The multiplier follows from the
points; every opponent pays it, the partner receives it, and the picker takes whatever
makes the hand sum to zero.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from matches.rules.base import (
    HANDS_LIMIT,
    Detail,
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
    require_seat,
    term,
)
from matches.rules.fields import ticked, whole
from matches.rules.sizes import TableSizes

CARD_POINTS = 120
# The hand form's words for "nobody picked" and "alone" (SheepsheadHandForm).
NOBODY, ALONE = "nobody", "alone"
# §2.4: the picker side's card points from which each multiplier holds (below: −2).
MULTIPLIERS = ((91, 2), (61, 1), (31, -1))
ALL_PASS = ("redeal", "leaster", "doubler")
# What cannot be reported when nobody picked, and what the table is told then.
NOT_WITHOUT_PICKER = {
    "partner": _("Nobody picked, so there is no partner."),
    "all_tricks": _("Nobody picked, so no picker side took every trick or no trick."),
    "no_trick": _("Nobody picked, so no picker side took every trick or no trick."),
    "cracked": _("Nobody picked, so the hand cannot be cracked."),
    "recracked": _("Nobody picked, so the hand cannot be cracked."),
}


@dataclass(frozen=True)
class SheepsheadPreset(Preset):
    players: int = 5


@dataclass(frozen=True)
class SheepsheadHand(Detail):
    """What a played hand was worth: the multiplier (None when nobody picked)."""

    multiplier: int | None = None

    def as_json(self) -> dict[str, Any]:
        return {} if self.multiplier is None else {"multiplier": self.multiplier}


@dataclass(frozen=True)
class SheepsheadNext(Detail):
    """§2.6: how many all-pass doublers the coming hand stacks (it counts ×2 each)."""

    doublers: int = 0

    def as_json(self) -> dict[str, Any]:
        return {"doublers": self.doublers} if self.doublers else {}


def _defaults(**changes: Any) -> dict[str, Any]:
    options = {
        "hands_limit": None,
        "all_pass": "redeal",
        "double_on_bump": False,
        "cracking": False,
        "dealer_sits_out": False,
    }
    options.update(changes)
    return options


PRESETS = {
    "standard": SheepsheadPreset(name=_("Sheepshead, five players"), options=_defaults()),
    "3-handed": SheepsheadPreset(
        name=_("Sheepshead, three players"), options=_defaults(), players=3
    ),
    "4-handed": SheepsheadPreset(
        name=_("Sheepshead, four players"), options=_defaults(), players=4
    ),
    "6-handed": SheepsheadPreset(
        name=_("Sheepshead, six players"), options=_defaults(dealer_sits_out=True), players=6
    ),
    "7-handed": SheepsheadPreset(
        name=_("Sheepshead, seven players"), options=_defaults(), players=7
    ),
}


def multiplier(points: int, all_tricks: bool, no_trick: bool) -> int:
    """§2.4: the picker side's result as a multiplier, from +3 (every trick) to −3."""
    if all_tricks:
        return 3
    if no_trick:
        return -3
    return next((m for least, m in MULTIPLIERS if points >= least), -2)


class Sheepshead(Ruleset):
    """American Sheepshead for 3 to 7 players."""

    game = "sheepshead"
    presets = PRESETS
    no_setup = _("Sheepshead has no set-up before the first hand.")
    lists_active = True
    sitter_note = _("Each hand the dealer sits out.")
    options_spec = (
        Option("hands_limit", int, nullable=True, minimum=1, ends=True),
        Option("all_pass", str, choices=ALL_PASS),
        Option("double_on_bump", bool),
        Option("cracking", bool),
        Option("dealer_sits_out", bool),
    )

    @property
    def seats(self) -> int:
        return self.preset.players

    # -- tournaments (docs/tournaments.md §2, §4) -------------------------------------------

    chooses_table_size = True  # ``TABLE_VARIANTS``: a preset per table size
    # The preset that seats each table size (§2: standard 5 by default).
    TABLE_VARIANTS = {3: "3-handed", 4: "4-handed", 5: "standard", 6: "6-handed", 7: "7-handed"}
    default_score = "game_points"
    # Wisconsin's 20 hands at five seats (§4): each seat deals four times.
    deals_per_round = 4

    def table_sizes_for(self, table_size: int | None) -> TableSizes:
        # Without the option, the variant's own size (five for the standard game).
        standard = self.seats if table_size is None else table_size
        if isinstance(standard, bool) or standard not in self.TABLE_VARIANTS:
            raise RuleError(
                _("Sheepshead tables seat %(low)s to %(high)s players."),
                field="table_size",
                low=min(self.TABLE_VARIANTS),
                high=max(self.TABLE_VARIANTS),
            )
        return TableSizes(
            standard,
            # Six with the dealer sitting out each hand is the only bigger table that
            # still plays five-handed Sheepshead (rules.md §2.6).
            sitter=standard == 5,
            smaller=standard - 1 in self.TABLE_VARIANTS,
        )

    def table_variant(self, size: int, sizes: TableSizes) -> tuple[str, dict[str, Any]]:
        # The six at a five-player tournament's table play five-handed with the dealer
        # sitting out (docs/tournaments.md "Table sizes"), whatever the tournament's
        # own options say: its variant is the five-player game, where the option is off.
        return self.TABLE_VARIANTS[size], (
            {"dealer_sits_out": True} if sizes.has_sitter(size) else {}
        )

    def check_options(self, options: dict[str, Any]) -> None:
        if options["dealer_sits_out"] and self.seats != 6:
            raise RuleError(
                _("The dealer sits out only with six at the table."),
                field="options.dealer_sits_out",
            )

    def active(self, dealer: int) -> tuple[int, ...]:
        if self.options["dealer_sits_out"]:
            return tuple(seat for seat in range(self.seats) if seat != dealer)
        return super().active(dealer)

    def first_deal(self, dealer: int, setup: Mapping[str, Any]) -> NextHand:
        return replace(super().first_deal(dealer, setup), detail=SheepsheadNext())

    def hand_keys(self) -> set[str]:
        allowed = {"picker", "partner", "points", "all_tricks", "no_trick"}
        if self.options["all_pass"] == "leaster":
            allowed.add("leaster_winner")
        if self.options["cracking"]:
            allowed |= {"cracked", "recracked"}
        return allowed

    def clean_hand(
        self, state: MatchState, coming: NextHand, data: Mapping[str, Any]
    ) -> dict[str, Any]:
        options = self.options
        active = coming.active
        picker = data.get("picker")
        if picker is None:
            return self.clean_all_pass(data, active)
        picker = self.active_seat(picker, active, "picker")
        if data.get("leaster_winner") is not None:
            raise RuleError(_("Someone picked, so there is no leaster."), field="leaster_winner")
        cleaned: dict[str, Any] = {"picker": picker, "partner": None}
        if data.get("partner") is not None:
            partner = self.active_seat(data["partner"], active, "partner")
            if partner == picker:
                raise RuleError(_("The picker cannot be their own partner."), field="partner")
            cleaned["partner"] = partner
        if data.get("points") is None:
            raise RuleError(_("Enter the picker side's card points."), field="points")
        points = require_int(data["points"], "points")
        if not 0 <= points <= CARD_POINTS:
            raise RuleError(_("Card points run from 0 to 120."), field="points")
        all_tricks = self.flag(data, "all_tricks")
        no_trick = self.flag(data, "no_trick")
        if all_tricks and points != CARD_POINTS:
            raise RuleError(
                _("Every trick means all 120 points; check the points."), field="all_tricks"
            )
        if no_trick and points != 0:
            raise RuleError(_("No trick means 0 points; check the points."), field="no_trick")
        cleaned.update(points=points, all_tricks=all_tricks, no_trick=no_trick)
        if options["cracking"]:
            cracked, recracked = self.flag(data, "cracked"), self.flag(data, "recracked")
            if recracked and not cracked:
                raise RuleError(
                    _("A hand can only be recracked after it was cracked."), field="recracked"
                )
            cleaned.update(cracked=cracked, recracked=recracked)
        return cleaned

    def clean_all_pass(self, data: Mapping[str, Any], active: Sequence[int]) -> dict[str, Any]:
        """Nobody picked: nothing else may be reported but the leaster's winner.

        Card points (other than 0), a partner or a flag with nobody picking contradict
        each other (§2.3: the points are the picker side's, and there is none): the hand
        is refused rather than recorded as a pass with the rest dropped, since either
        half may be the slip — the page's form and the API both ask this one judgement."""
        for name, message in NOT_WITHOUT_PICKER.items():
            value = data.get(name)
            if value is not None and value is not False:  # seat 0 is a partner too
                raise RuleError(message, field=name)
        if data.get("points") not in (None, 0):
            raise RuleError(_("Nobody picked, so there are no picker points."), field="points")
        cleaned: dict[str, Any] = {"picker": None}
        if self.options["all_pass"] == "leaster":
            winner = data.get("leaster_winner")
            if winner is None:
                raise RuleError(_("Who won the leaster?"), field="leaster_winner")
            cleaned["leaster_winner"] = self.active_seat(winner, active, "leaster_winner")
        return cleaned

    def active_seat(self, value: Any, active: Sequence[int], field: str) -> int:
        seat = require_seat(value, self.seats, field)
        if seat not in active:
            raise RuleError(_("The dealer sits out this hand."), field=field)
        return seat

    @staticmethod
    def flag(data: Mapping[str, Any], name: str) -> bool:
        value = data.get(name, False)
        if not isinstance(value, bool):
            raise RuleError(_("%(name)s must be true or false."), field=name, name=term(name))
        return value

    def score_hand(
        self, state: MatchState, coming: NextHand, data: Mapping[str, Any]
    ) -> tuple[tuple[int, ...], SheepsheadHand]:
        scores, m = self.score(data, coming.active, coming.detail.doublers)
        return scores, SheepsheadHand(m)

    def ending(self, played: MatchState, coming: NextHand) -> Ending | None:
        limit = self.options["hands_limit"]
        if limit is not None and coming.number >= limit:
            return Ending(HANDS_LIMIT, highest(played.totals), coming.number)
        return None

    def next_deal(self, played: MatchState, coming: NextHand) -> NextHand:
        doubled = coming.detail.doublers
        hand = played.hands[-1]
        if hand.input["picker"] is None and self.options["all_pass"] == "doubler":
            doubled += 1  # §2.6: consecutive doublers stack
        elif any(hand.scores):
            doubled = 0
        dealer = (coming.dealer + 1) % self.seats
        return self.deal(coming.number + 1, dealer, detail=SheepsheadNext(doubled))

    def score(
        self, data: Mapping[str, Any], active: Sequence[int], doubled: int
    ) -> tuple[tuple[int, ...], int | None]:
        """Per-seat scores of one hand and the multiplier applied (None when nobody
        picked). Seats that sit out score 0."""
        scores = [0] * self.seats
        picker = data["picker"]
        if picker is None:
            winner = data.get("leaster_winner")
            if winner is not None:
                for seat in active:
                    scores[seat] = len(active) - 1 if seat == winner else -1
            return tuple(scores), None
        m = multiplier(data["points"], data["all_tricks"], data["no_trick"])
        if m < 0 and self.options["double_on_bump"]:
            m *= 2
        if data.get("cracked"):
            m *= 4 if data.get("recracked") else 2
        m *= 2**doubled
        partner = data["partner"]
        for seat in active:
            if seat == partner:
                scores[seat] = m
            elif seat != picker:
                scores[seat] = -m
        scores[picker] = -sum(scores)
        return tuple(scores), m

    def hand_fields(self) -> dict[str, str]:
        fields = {
            "picker": "seat or null (nobody picked)",
            "partner": "seat or null (alone)",
            "points": "int 0-120: the picker side's card points",
            "all_tricks": "bool: the picker side took every trick (needs points 120)",
            "no_trick": "bool: the picker side took no trick (needs points 0)",
        }
        if self.options["all_pass"] == "leaster":
            fields["leaster_winner"] = "seat: when nobody picked"
        if self.options["cracking"]:
            fields["cracked"] = "bool"
            fields["recracked"] = "bool"
        return fields

    def hand_from_fields(self, state: MatchState, fields: Mapping[str, str]) -> dict[str, Any]:
        """The hand from its form's fields (``SheepsheadHandForm``), every field as given:
        what makes a legal hand (no points when nobody picked, points when someone did)
        is for ``clean_hand`` to judge, with the same words as for the API."""
        picker = fields.get("picker")
        if not picker:
            raise RuleError(_("Who picked?"), field="picker")
        partner = fields.get("partner") or ALONE
        hand: dict[str, Any] = {
            "picker": None if picker == NOBODY else whole(fields, "picker"),
            "partner": None if partner == ALONE else whole(fields, "partner"),
            "points": whole(fields, "points"),
            "all_tricks": ticked(fields, "all_tricks"),
            "no_trick": ticked(fields, "no_trick"),
        }
        if self.options["all_pass"] == "leaster":
            hand["leaster_winner"] = whole(fields, "leaster_winner")
        if self.options["cracking"]:
            hand.update(cracked=ticked(fields, "cracked"), recracked=ticked(fields, "recracked"))
        return hand
