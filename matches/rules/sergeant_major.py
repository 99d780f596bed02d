"""Sergeant Major (3-5-8) — RULES.md §1.

Every preset is data: the targets by offset from the dealer, the tricks in a hand and
the default end conditions. The hand is scored as ``tricks - target`` per seat; the
cards owed before the next deal follow from the previous hand's ups and downs.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .base import (
    Exchange,
    Hand,
    MatchState,
    NextHand,
    Option,
    Preset,
    RuleError,
    Ruleset,
    _,
    add_scores,
    by_offset,
    require_int,
    require_seat,
)

SUITS = ("clubs", "spades", "hearts", "diamonds")


@dataclass(frozen=True)
class SergeantMajorPreset(Preset):
    targets: tuple[int, ...] = (8, 5, 3)  # by offset: dealer, eldest, third, ...
    tricks: int = 16


def _defaults(**changes: Any) -> dict[str, Any]:
    options = {
        "win_tricks": 12,
        "point_limit": None,
        "point_band": None,
        "hands_limit": None,
        "kitty_first": False,
    }
    options.update(changes)
    return options


PRESETS: dict[str, SergeantMajorPreset] = {
    "8-5-3": SergeantMajorPreset(
        name=_("Sergeant Major"), options=_defaults(), targets=(8, 5, 3), tricks=16
    ),
}


class SergeantMajor(Ruleset):
    """Sergeant Major in any of its presets."""

    game = "sergeant-major"
    presets = PRESETS
    options_spec = (
        Option("win_tricks", int, nullable=True, minimum=1),
        Option("point_limit", int, nullable=True, minimum=1),
        Option("point_band", int, nullable=True, minimum=1),
        Option("hands_limit", int, nullable=True, minimum=1),
        Option("kitty_first", bool),
    )

    @property
    def seats(self) -> int:
        return len(self.preset.targets)

    @property
    def tricks(self) -> int:
        """Tricks in one hand: the targets always add up to it."""
        return self.preset.tricks

    def check_options(self, options: dict[str, Any]) -> None:
        win = options["win_tricks"]
        if win is not None and win > self.tricks:
            raise RuleError(
                _("win_tricks cannot be more than the %(tricks)s tricks in a hand."),
                field="options.win_tricks",
                tricks=self.tricks,
            )
        if win is not None and 2 * win <= self.tricks:
            # Two seats could both reach it in one hand, and the rules name one winner.
            raise RuleError(
                _("win_tricks must be more than half of the %(tricks)s tricks in a hand."),
                field="options.win_tricks",
                tricks=self.tricks,
            )
        ends = ("win_tricks", "point_limit", "point_band", "hands_limit")
        if all(options[name] is None for name in ends):
            raise RuleError(
                _("Choose at least one way for the match to end."), field="options"
            )

    # -- targets and the deal ----------------------------------------------------------

    def targets(self, dealer: int) -> tuple[int, ...]:
        """Each seat's target in a hand dealt by ``dealer``."""
        return by_offset(self.preset.targets, dealer)

    def next_dealer(self, dealer: int) -> int:
        """The deal passes to the left: the player who led the first trick deals next."""
        return (dealer + 1) % self.seats

    def exchanges(self, scores: Sequence[int], dealer: int) -> tuple[Exchange, ...]:
        """The cards owed before the next deal, in the order they are passed (§1.1.6).

        ``scores`` are the previous hand's ups (+) and downs (−); ``dealer`` deals the hand
        about to be played, whose targets decide who goes first.
        """
        up = [seat for seat, score in enumerate(scores) if score > 0]
        down = [seat for seat, score in enumerate(scores) if score < 0]
        coming = self.targets(dealer)

        def first(seat: int) -> tuple[int, int]:
            # Higher coming target first; on equal targets the seat nearer the dealer's left.
            return (-coming[seat], (seat - dealer - 1) % self.seats)

        if len(up) == 1:
            giver = up[0]
            return tuple(
                Exchange(giver, receiver, -scores[receiver])
                for receiver in sorted(down, key=first)
            )
        if len(down) == 1:
            receiver = down[0]
            return tuple(
                Exchange(giver, receiver, scores[giver]) for giver in sorted(up, key=first)
            )
        return ()

    # -- a match -------------------------------------------------------------------------

    def start(
        self, players: Sequence[str], first_dealer: int, setup: Mapping[str, Any]
    ) -> MatchState:
        dealer = require_seat(first_dealer, self.seats, "first_dealer")
        return MatchState(
            players=tuple(players),
            hands=(),
            totals=(0,) * self.seats,
            next_hand=NextHand(number=1, dealer=dealer, targets=self.targets(dealer)),
        )

    def clean(self, state: MatchState, data: Mapping[str, Any]) -> dict[str, Any]:
        if not isinstance(data, Mapping):
            raise RuleError(_("A hand must be an object."))
        unknown = sorted(set(data) - {"tricks", "trump", "last_trick"})
        if unknown:
            raise RuleError(
                _("Unknown field %(name)s."), field=unknown[0], name=unknown[0]
            )
        tricks = self.clean_tricks(data.get("tricks"))
        trump = data.get("trump")
        if trump not in SUITS:
            raise RuleError(
                _("Choose trumps: clubs, spades, hearts or diamonds."), field="trump"
            )
        cleaned: dict[str, Any] = {"tricks": tricks, "trump": trump}
        if data.get("last_trick") is not None:
            seat = require_seat(data["last_trick"], self.seats, "last_trick")
            if tricks[seat] == 0:
                raise RuleError(
                    _("That seat took no trick, so it cannot have taken the last one."),
                    field="last_trick",
                )
            cleaned["last_trick"] = seat
        return cleaned

    def clean_tricks(self, tricks: Any) -> list[int]:
        if not isinstance(tricks, list | tuple):
            raise RuleError(_("Enter the tricks of every seat."), field="tricks")
        if len(tricks) != self.seats:
            raise RuleError(
                _("Enter tricks for %(seats)s seats, not %(count)s."),
                field="tricks",
                seats=self.seats,
                count=len(tricks),
            )
        for seat, value in enumerate(tricks):
            if require_int(value, f"tricks.{seat}") < 0:
                raise RuleError(_("Tricks cannot be negative."), field=f"tricks.{seat}")
        if sum(tricks) != self.tricks:
            raise RuleError(
                _("The tricks add up to %(total)s; a hand has %(tricks)s."),
                field="tricks",
                total=sum(tricks),
                tricks=self.tricks,
            )
        return list(tricks)

    def play(self, state: MatchState, data: Mapping[str, Any]) -> MatchState:
        coming = state.next_hand
        assert coming is not None, "play_hand refuses hands after the end"
        tricks = data["tricks"]
        scores = tuple(made - target for made, target in zip(tricks, coming.targets, strict=True))
        hand = Hand(
            number=coming.number,
            dealer=coming.dealer,
            input=dict(data),
            targets=coming.targets,
            scores=scores,
        )
        hands = (*state.hands, hand)
        totals = add_scores(state.totals, scores)
        winners = self.winners(hands, totals, data)
        if winners:
            return MatchState(state.players, hands, totals, None, winners)
        dealer = self.next_dealer(coming.dealer)
        targets = self.targets(dealer)
        return MatchState(
            state.players,
            hands,
            totals,
            NextHand(
                number=coming.number + 1,
                dealer=dealer,
                targets=targets,
                exchanges=self.exchanges(scores, dealer),
            ),
        )

    # -- the end -------------------------------------------------------------------------

    def winners(
        self, hands: Sequence[Hand], totals: Sequence[int], data: Mapping[str, Any]
    ) -> tuple[int, ...]:
        """The seats that have won after the last of ``hands``; empty while play goes on.

        The end conditions are checked in the order of RULES.md §1.2: a hand with
        ``win_tricks`` decides before any total is looked at.
        """
        options = self.options
        tricks = data["tricks"]
        if options["win_tricks"] is not None:
            made = [seat for seat, count in enumerate(tricks) if count >= options["win_tricks"]]
            if made:
                return (made[0],)
        if options["point_limit"] is not None:
            over = [seat for seat, total in enumerate(totals) if total >= options["point_limit"]]
            if over:
                return (self.point_limit_winner(over, hands[-1], totals, data),)
        band = options["point_band"]
        if band is not None and any(total >= band or total <= -band for total in totals):
            return highest(totals)
        if options["hands_limit"] is not None and len(hands) >= options["hands_limit"]:
            return highest(totals)
        return ()

    @staticmethod
    def point_limit_winner(
        over: Sequence[int], hand: Hand, totals: Sequence[int], data: Mapping[str, Any]
    ) -> int:
        """RULES.md §1.3: highest total, then the bigger gain in the last hand, then
        whoever took a trick last."""
        best = max(totals[seat] for seat in over)
        tied = [seat for seat in over if totals[seat] == best]
        gain = max(hand.scores[seat] for seat in tied)
        tied = [seat for seat in tied if hand.scores[seat] == gain]
        if len(tied) == 1:
            return tied[0]
        last = data.get("last_trick")
        if last not in tied:
            raise RuleError(
                _("Two seats reach the limit with equal totals: who took a trick last?"),
                field="last_trick",
            )
        return last

    def hand_fields(self) -> dict[str, str]:
        return {
            "tricks": f"list of {self.seats} ints, one per seat, adding up to {self.tricks}",
            "trump": "one of " + ", ".join(SUITS),
            "last_trick": "seat; only when a point-limit tie needs it (RULES.md §1.3)",
        }


def highest(totals: Sequence[int]) -> tuple[int, ...]:
    """The seats with the highest total; equal highest share the win."""
    best = max(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == best)
