"""Sieben (Sedma) — rules.md §3.

Per round the table reports each side's counters (aces, tens and the last trick, 10
each, 90 in all) and whether the losing side took no trick. The side with more counters
wins the round and 1, 2 or 3 points; the loser deals the next round. The first side to
reach the point limit wins.

Two figures per side: the round *points* that decide the game (the tally a Sieben table
keeps), and the zero-sum *scores* every game of this app has (each round the winners
gain what the losers give up), so that totals across games mean the same thing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from matches.rules.base import (
    HANDS_LIMIT,
    POINT_LIMIT,
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
    require_int,
)
from matches.rules.fields import ticked, whole
from matches.rules.sizes import TableSizes

COUNTERS = 90
FOUR_OF_A_KIND = 4
DIFFERENCE_LIMIT = 500


@dataclass(frozen=True)
class SiebenPreset(Preset):
    players: int = 2


@dataclass(frozen=True)
class SiebenRound(Detail):
    """A played round: the side that won it (None: a three-player tie) and its points."""

    winner: int | None
    points: int

    def as_json(self) -> dict[str, Any]:
        return {"winner": self.winner, "points": self.points}


@dataclass(frozen=True)
class SiebenNext(Detail):
    """Who leads the coming round (§3.4: the winner of the last one), and whether its
    dealer deals for having lost the last round."""

    leader: int
    loser_deals: bool = False


@dataclass(frozen=True)
class SiebenTally(Detail):
    """Each side's round points toward the limit: the tally a Sieben table keeps."""

    points: tuple[int, ...]

    def as_json(self) -> dict[str, Any]:
        return {"points": self.points}


def _defaults(**changes: Any) -> dict[str, Any]:
    options = {
        "point_limit": 12,
        "hands_limit": None,
        "difference": False,
        "four_of_a_kind": False,
    }
    options.update(changes)
    return options


PRESETS = {
    "two-player": SiebenPreset(name=_("Sieben, two players"), options=_defaults(), players=2),
    "three-player": SiebenPreset(
        name=_("Sieben, three players (each for themselves)"), options=_defaults(), players=3
    ),
    "partners": SiebenPreset(
        name=_("Sieben, four players in partnerships"), options=_defaults(), players=4
    ),
}


class Sieben(Ruleset):
    """Sieben for two, three or four (two partnerships) players."""

    game = "sieben"
    presets = PRESETS
    not_an_object = _("A round must be an object.")
    no_setup = _("Sieben has no set-up before the first round.")
    options_spec = (
        Option("point_limit", int, nullable=True, minimum=1, ends=True),
        Option("hands_limit", int, nullable=True, minimum=1, ends=True),
        Option("difference", bool),
        Option("four_of_a_kind", bool),
    )

    @property
    def seats(self) -> int:
        return self.preset.players

    @property
    def sides(self) -> int:
        """Partners (seats 0 & 2 against 1 & 3) make two sides of four seats."""
        return 2 if self.seats == 4 else self.seats

    def side_of(self, seat: int) -> int:
        return seat % self.sides

    def partnership(self, seat: int) -> int:
        return self.side_of(seat)

    def table_sizes_for(self, table_size: int | None) -> TableSizes:
        if self.variant == "three-player":
            # Tournaments seat two players or two partnerships (docs/tournaments.md §2).
            raise RuleError(
                _("Sieben is played in tournaments by two players or two partnerships."),
                field="variant",
            )
        if self.variant == "partners":
            # Two partnerships at a table: an entry is a team of two.
            if table_size not in (None, 2):
                raise RuleError(
                    _("This variant is played at tables of %(size)s."),
                    field="table_size",
                    size=2,
                )
            return TableSizes(2, teams=True)
        return super().table_sizes_for(table_size)

    def table_hands(self, sizes: TableSizes, size: int, hands_per_round: int) -> int | None:
        # A round is one game to the point limit (docs/tournaments.md §4), not a hand count.
        return None

    def resolve_options(self, chosen: Mapping[str, Any]) -> dict[str, Any]:
        # §3.6: the difference game goes to 500 unless the table says otherwise.
        if (
            isinstance(chosen, Mapping)
            and chosen.get("difference") is True
            and "point_limit" not in chosen
        ):
            chosen = {**chosen, "point_limit": DIFFERENCE_LIMIT}
        return super().resolve_options(chosen)

    def check_options(self, options: dict[str, Any]) -> None:
        if options["point_limit"] is None and options["hands_limit"] is None:
            raise RuleError(_("Choose at least one way for the match to end."), field="options")

    def first_deal(self, dealer: int, setup: Mapping[str, Any]) -> NextHand:
        coming = super().first_deal(dealer, setup)
        return replace(coming, detail=SiebenNext(self.leader(dealer, None)))

    def opening_tally(self) -> SiebenTally:
        return SiebenTally((0,) * self.sides)

    def hand_keys(self) -> set[str]:
        allowed = {"counters", "no_trick"}
        if self.options["four_of_a_kind"]:
            allowed.add("four_of_a_kind")
        return allowed

    def clean_hand(
        self, state: MatchState, coming: NextHand, data: Mapping[str, Any]
    ) -> dict[str, Any]:
        no_trick = data.get("no_trick", False)
        if not isinstance(no_trick, bool):
            raise RuleError(_("no_trick must be true or false."), field="no_trick")
        if data.get("four_of_a_kind") is not None:
            side = require_int(data["four_of_a_kind"], "four_of_a_kind")
            if not 0 <= side < self.sides:
                raise RuleError(_("There is no such side."), field="four_of_a_kind")
            if data.get("counters") is not None or no_trick:
                raise RuleError(
                    _("Four of a kind wins the round at once: no counters are played."),
                    field="counters",
                )
            return {"counters": None, "no_trick": False, "four_of_a_kind": side}
        counters = self.clean_counters(data.get("counters"))
        if no_trick:
            best = max(counters)
            if counters.count(best) > 1 or any(c for c in counters if c != best):
                # The last trick alone is worth 10: a side with no trick has no counters.
                raise RuleError(
                    _("A side that took no trick has no counters; check the counters."),
                    field="no_trick",
                )
        return {"counters": counters, "no_trick": no_trick}

    def clean_counters(self, counters: Any) -> list[int]:
        if not isinstance(counters, list | tuple) or len(counters) != self.sides:
            raise RuleError(
                _("Enter the counters of each of the %(sides)s sides."),
                field="counters",
                sides=self.sides,
            )
        for side, value in enumerate(counters):
            value = require_int(value, f"counters.{side}")
            if value < 0 or value % 10:
                raise RuleError(
                    _("Counters come in tens: 0, 10, 20 … 90."), field=f"counters.{side}"
                )
        if sum(counters) != COUNTERS:
            raise RuleError(
                _("The counters add up to %(total)s; a round has 90."),
                field="counters",
                total=sum(counters),
            )
        return list(counters)

    def round_result(self, data: Mapping[str, Any]) -> tuple[int | None, int]:
        """The side that won the round (None for a three-player tie) and its points."""
        if data.get("four_of_a_kind") is not None:
            return data["four_of_a_kind"], FOUR_OF_A_KIND
        counters = data["counters"]
        best = max(counters)
        if counters.count(best) > 1:
            return None, 0  # §3.7: a tie for the most scores nothing
        winner = counters.index(best)
        others = [c for side, c in enumerate(counters) if side != winner]
        if self.options["difference"]:
            return winner, best - max(others)
        if data["no_trick"]:
            return winner, 3
        if not any(others):
            return winner, 2
        return winner, 1

    def next_dealer(self, dealer: int, winner: int | None, data: Mapping[str, Any]) -> int:
        """§3.4: the loser deals. With partners the deal passes to the left when the
        dealing side won, and to the dealer's partner when it lost."""
        if winner is None:
            return (dealer + 1) % self.seats
        if self.seats == 4:
            return (dealer + 1) % 4 if self.side_of(dealer) == winner else (dealer + 2) % 4
        losers = [seat for seat in range(self.seats) if seat != winner]
        if self.seats == 3:
            # Three players (house rule): the seat with the fewest counters deals; on a tie,
            # the first of them clockwise from the dealer's left.
            counters = data["counters"]
            if counters is not None:
                fewest = min(counters[seat] for seat in losers)
                losers = [seat for seat in losers if counters[seat] == fewest]
            losers.sort(key=lambda seat: (seat - dealer - 1) % self.seats)
        return losers[0]

    def leader(self, dealer: int, winner: int | None) -> int:
        """§3.4: the winner of the last round leads: the first of its side clockwise from
        the dealer's left. With two players and with partners that is always the seat on
        the dealer's left; with three each for themselves it need not be."""
        order = [(dealer + offset) % self.seats for offset in range(1, self.seats + 1)]
        return next(seat for seat in order if winner is None or self.side_of(seat) == winner)

    def score_hand(
        self, state: MatchState, coming: NextHand, data: Mapping[str, Any]
    ) -> tuple[tuple[int, ...], SiebenRound]:
        winner, points = self.round_result(data)
        scores = [0] * self.seats
        if winner is not None:
            losing_sides = self.sides - 1
            for seat in range(self.seats):
                won = self.side_of(seat) == winner
                scores[seat] = points * losing_sides if won else -points
        return tuple(scores), SiebenRound(winner, points)

    def tally(self, before: SiebenTally, hand: Hand) -> SiebenTally:
        points = list(before.points)
        if hand.detail.winner is not None:
            points[hand.detail.winner] += hand.detail.points
        return SiebenTally(tuple(points))

    def tallies(self, state: MatchState) -> list[tuple[int, ...]]:
        """Each side's points before the first round and after every round (for a chart)."""
        running = [self.opening_tally()]
        for hand in state.hands:
            running.append(self.tally(running[-1], hand))
        return [tally.points for tally in running]

    def ending(self, played: MatchState, coming: NextHand) -> Ending | None:
        """The seats of the side that reached the limit (only the round's winner gains,
        so only one side can), or of the leading sides once the hands are played."""
        tally = played.detail.points
        limit, hands_limit = self.options["point_limit"], self.options["hands_limit"]
        number = coming.number
        if limit is not None and max(tally) >= limit:
            how = POINT_LIMIT
        elif hands_limit is not None and number >= hands_limit:
            how = HANDS_LIMIT
        else:
            return None
        best = max(tally)
        winners = tuple(s for s in range(self.seats) if tally[self.side_of(s)] == best)
        return Ending(how, winners, number, count=limit if how == POINT_LIMIT else None)

    def next_deal(self, played: MatchState, coming: NextHand) -> NextHand:
        hand = played.hands[-1]
        winner = hand.detail.winner
        dealer = self.next_dealer(coming.dealer, winner, hand.input)
        detail = SiebenNext(self.leader(dealer, winner), loser_deals=winner is not None)
        return self.deal(coming.number + 1, dealer, detail=detail)

    def hand_fields(self) -> dict[str, str]:
        fields = {
            "counters": f"list of {self.sides} ints, one per side, tens adding up to 90",
            "no_trick": "bool: the losing side took no trick",
        }
        if self.options["four_of_a_kind"]:
            fields["four_of_a_kind"] = "side or null: that side showed four of a kind"
        return fields

    def hand_from_fields(self, state: MatchState, fields: Mapping[str, str]) -> dict[str, Any]:
        """The round from its form's fields (``SiebenHandForm``): of two sides the form
        asks one's counters, the other side has the rest of 90; four of a kind shown at
        the deal ends the round without counters."""
        shown = whole(fields, "four_of_a_kind")
        if shown is not None:
            return {"counters": None, "no_trick": False, "four_of_a_kind": shown}
        counted = 1 if self.sides == 2 else self.sides
        counters = [whole(fields, f"counters_{side}") for side in range(counted)]
        if any(value is None for value in counters):
            raise RuleError(_("Enter the counters."), field="counters")
        if self.sides == 2:
            counters.append(COUNTERS - counters[0])
        return {"counters": counters, "no_trick": ticked(fields, "no_trick")}
