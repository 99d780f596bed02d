"""Sergeant Major (3-5-8) and its family — rules.md §1.

Every preset is data: the targets by offset from the dealer, the tricks in a hand, how
cards change hands before the deal, and the default end conditions. A hand is scored as
``tricks - target`` per seat (``target - tricks`` in a miz hand); the cards owed before
the next deal follow from the previous hand's ups and downs.

The three-player presets take the ``sitter`` option (docs/tournaments.md §2, a house rule):
four sit at the table, the deal passes round all four, and each hand the seat to the
dealer's right sits out with target 0 and scores 0.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from matches.rules.base import (
    ALL_CALLS,
    BY_GAIN,
    BY_LAST_TRICK,
    HANDS_LIMIT,
    POINT_BAND,
    POINT_LIMIT,
    TRICKS,
    Detail,
    Ending,
    Exchange,
    MatchState,
    NextHand,
    Option,
    Phrases,
    Preset,
    RuleError,
    Ruleset,
    _,
    by_offset,
    highest,
    require_int,
    require_seat,
    signed,
    term,
)
from matches.rules.fields import whole
from matches.rules.sizes import TableSizes
from matches.rules.tie_breaks import Figures, TieBreak, counted

SUITS = ("clubs", "spades", "hearts", "diamonds")
CALLS = (*SUITS, "no-trumps", "miz")  # the alternate game's calls, §1.5

# How cards change hands before a deal.
FORCED = "forced"  # §1.1.6: the pairing follows from the ups and downs
CAPPED = "capped"  # §1.4 Woburn: at most 3 cards per seat, priorities as given there
PLUCKING = "plucking"  # §1.6: four seats; the app proposes, the table may override
NONE = "none"  # §1.5: the alternate game passes no cards

WOBURN_BLEED = 3
# §1.4: the first hand's targets (dealer, eldest, third) by the winning bid.
WOBURN_BIDS = {
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

END_OPTIONS = ("win_tricks", "point_limit", "point_band", "hands_limit")

OPTIONS = (
    Option("win_tricks", int, nullable=True, minimum=1, ends=True),
    Option("point_limit", int, nullable=True, minimum=1, ends=True),
    Option("point_band", int, nullable=True, minimum=1, ends=True),
    Option("hands_limit", int, nullable=True, minimum=1, ends=True),
    Option("kitty_first", bool),
    Option("sitter", bool),  # docs/tournaments.md §2; three-player presets only
)


@dataclass(frozen=True)
class SergeantMajorPreset(Preset):
    targets: tuple[int, ...] = (8, 5, 3)  # by offset: dealer, eldest, third, ...
    tricks: int = 16
    exchange: str = FORCED
    calls: bool = False  # §1.5: the dealer's call (trumps, no-trumps or miz) each hand
    bidding: bool = False  # §1.4: the first hand's targets come from a bid
    # What the table does before play; the page words it (see presenters.deal_steps).
    procedure: str = "standard"
    # docs/tournaments.md §2: a fourth player may join and sit out in turn (three-player only).
    takes_sitter: bool = True


@dataclass(frozen=True)
class SergeantMajorHand(Detail):
    """Four players (§1.6): the plucking done before this hand, as proposed or as the
    table did it instead (None where no cards change hands by plucking)."""

    plucked: tuple[Exchange, ...] | None = None

    def as_json(self) -> dict[str, Any]:
        if self.plucked is None:
            return {}
        return {"exchanges": [exchange.as_dict() for exchange in self.plucked]}


@dataclass(frozen=True)
class SergeantMajorNext(Detail):
    """What the coming hand carries besides targets and exchanges."""

    bid: int | None = None  # §1.4: the first hand's targets follow this winning bid
    calls_left: tuple[tuple[str, ...], ...] | None = None  # §1.5: per seat, still to make
    # §1.6: two seats up and two down, so the table may pluck otherwise than proposed...
    pluck_choice: bool = False
    # ...and a seat that receives from two givers answers them in order of the cards.
    answers_in_order: bool = False
    # §1.3: the seats that could reach the point limit in this hand with equal totals and
    # equal gains, so that only the last trick tells them apart (the page asks for it
    # only then, and offers only them).
    may_tie: tuple[int, ...] = ()
    # §1.6: the last hand's ups (+) and downs (−), which a plucking the table did instead
    # of the proposal must settle exactly (plucking only; the API does not list it).
    owed: tuple[int, ...] | None = None

    def as_json(self) -> dict[str, Any]:
        facts: dict[str, Any] = {}
        if self.bid is not None:
            facts["bid"] = self.bid
        if self.calls_left is not None:
            facts["calls_left"] = self.calls_left
        return facts


def _defaults(sitter: bool = True, **changes: Any) -> dict[str, Any]:
    options = {
        "win_tricks": None,
        "point_limit": None,
        "point_band": None,
        "hands_limit": None,
        "kitty_first": False,
    }
    if sitter:  # only the presets that take a sitter have the option at all
        options["sitter"] = False
    options.update(changes)
    return options


PRESETS: dict[str, SergeantMajorPreset] = {
    "8-5-3": SergeantMajorPreset(name=_("Sergeant Major"), options=_defaults(win_tricks=12)),
    "8-5-3-points": SergeantMajorPreset(name=_("Points race"), options=_defaults(point_limit=10)),
    "9-5-2": SergeantMajorPreset(
        name=_("Canadian 9-5-2"),
        options=_defaults(point_limit=10, kitty_first=True),
        targets=(9, 5, 2),
    ),
    "9-2-5": SergeantMajorPreset(
        name=_("9-5-2, eldest needs 2"),
        options=_defaults(point_band=15),
        targets=(9, 2, 5),
        procedure="tallyn",
    ),
    "8-6-3": SergeantMajorPreset(
        name=_("51-card game"),
        options=_defaults(point_limit=10),
        targets=(8, 6, 3),
        tricks=17,
        procedure="no-kitty",
    ),
    "9-5-3": SergeantMajorPreset(
        name=_("Single-card kitty"),
        options=_defaults(win_tricks=13),
        targets=(9, 5, 3),
        tricks=17,
        procedure="single-card",
    ),
    "alternate": SergeantMajorPreset(
        name=_("Sergeant Major alternate (calls)"),
        options=_defaults(),
        exchange=NONE,
        calls=True,
        procedure="calls",
    ),
    "woburn": SergeantMajorPreset(
        name=_("Woburn rules"),
        options=_defaults(win_tricks=12),
        exchange=CAPPED,
        bidding=True,
    ),
    "four-player": SergeantMajorPreset(
        name=_("Four players"),
        options=_defaults(sitter=False, point_limit=10),
        targets=(5, 4, 2, 2),
        tricks=13,
        exchange=PLUCKING,
        procedure="four",
        takes_sitter=False,
    ),
}


class SergeantMajor(Ruleset):
    """Sergeant Major in any of its presets."""

    game = "sergeant-major"
    presets = PRESETS
    seat_option = "sitter"
    sitter_note = _("Each hand one seat sits out (the dealer's right).")
    # A 12-trick hand wins the match at once: the more such wins, the better.
    tie_breaks = (
        TieBreak(
            "twelve_trick_wins",
            _("12-trick wins"),
            _("Ahead of %(name)s on 12-trick wins: %(value)s to %(other_value)s."),
            _("Behind %(name)s on 12-trick wins: %(value)s to %(other_value)s."),
            counted("twelve_trick_wins"),
        ),
    )

    @property
    def options_spec(self) -> tuple[Option, ...]:  # type: ignore[override]
        """Every option, but ``sitter`` only where the preset takes one: four-player
        Sergeant Major already seats everyone (the new-match page and ``GET /api/games``
        show no sitter there)."""
        if self.preset.takes_sitter:
            return OPTIONS
        return tuple(option for option in OPTIONS if option.name != "sitter")

    def resolve_options(self, chosen: Mapping[str, Any]) -> dict[str, Any]:
        if isinstance(chosen, Mapping) and "sitter" in chosen and not self.preset.takes_sitter:
            raise RuleError(
                _("Only the three-player games have a sitter; with four players all play."),
                field="options.sitter",
            )
        return super().resolve_options(chosen)

    @property
    def exchanges_cards(self) -> bool:
        return self.preset.exchange != "none"

    @property
    def sitter(self) -> bool:
        """docs/tournaments.md §2: four at a three-player game, one sitting out each hand."""
        return bool(self.options.get("sitter"))

    @property
    def lists_active(self) -> bool:  # type: ignore[override]
        # The API contract: a table with a sitter lists each hand's active seats, as Sheepshead
        # does (matches/api/API.md).
        return self.sitter

    @property
    def seats(self) -> int:
        return len(self.preset.targets) + (1 if self.sitter else 0)

    def table_sizes_for(self, table_size: int | None) -> TableSizes:
        # Three-player presets seat four with a sitter (docs/tournaments.md §2) where the
        # rules offer the option; four players play only at four.
        sizes = super().table_sizes_for(table_size)
        return replace(sizes, sitter="sitter" in self.options)

    def table_variant(self, size: int, sizes: TableSizes) -> tuple[str, dict[str, Any]]:
        return self.variant, ({"sitter": True} if sizes.has_sitter(size) else {})

    def check_players(self, players: Sequence[str]) -> None:
        if self.sitter and len(players) != self.seats:
            raise RuleError(
                _("With a sitter the table has %(seats)s players, not %(count)s."),
                field="players",
                seats=self.seats,
                count=len(players),
            )
        super().check_players(players)

    def sits_out(self, dealer: int) -> int | None:
        """The seat that sits out a hand dealt by ``dealer``: the dealer's right, which is
        the previous dealer (None without a sitter)."""
        return (dealer - 1) % self.seats if self.sitter else None

    def active(self, dealer: int) -> tuple[int, ...]:
        out = self.sits_out(dealer)
        return tuple(seat for seat in range(self.seats) if seat != out)

    @property
    def tricks(self) -> int:
        """Tricks in one hand: the targets always add up to it."""
        return self.preset.tricks

    @property
    def calls_per_seat(self) -> int:
        return len(CALLS)

    def check_options(self, options: dict[str, Any]) -> None:
        win = options["win_tricks"]
        if win is not None and win > self.tricks:
            raise RuleError(
                _("%(name)s cannot be more than the %(tricks)s tricks in a hand."),
                field="options.win_tricks",
                name=term("win_tricks"),
                tricks=self.tricks,
            )
        if win is not None and 2 * win <= self.tricks:
            # Two seats could both reach it in one hand, and the rules name one winner.
            raise RuleError(
                _("%(name)s must be more than half of the %(tricks)s tricks in a hand."),
                field="options.win_tricks",
                name=term("win_tricks"),
                tricks=self.tricks,
            )
        # The alternate game always ends once every call is made; the others need a rule.
        if not self.preset.calls and all(options[name] is None for name in END_OPTIONS):
            raise RuleError(_("Choose at least one way for the match to end."), field="options")

    # -- targets and the deal ----------------------------------------------------------

    def targets(self, dealer: int, by_bid: Sequence[int] | None = None) -> tuple[int, ...]:
        """Each seat's target in a hand dealt by ``dealer``. With a sitter the three who
        play have the preset's targets by offset and the seat to the dealer's right 0."""
        by_seat_offset = tuple(by_bid or self.preset.targets)
        if self.sitter:
            by_seat_offset += (0,)
        return by_offset(by_seat_offset, dealer)

    def next_dealer(self, dealer: int) -> int:
        """The deal passes to the left: the player who led the first trick deals next."""
        return (dealer + 1) % self.seats

    def exchanges(self, scores: Sequence[int], dealer: int) -> tuple[Exchange, ...]:
        """The cards owed before the next deal, in the order they are passed.

        ``scores`` are the previous hand's ups (+) and downs (−); ``dealer`` deals the hand
        about to be played, whose targets decide who goes first (§1.1.6). Woburn caps the
        bleed (§1.4); four players get the proposal of the plucking guidelines (§1.6).
        """
        if self.preset.exchange == NONE:
            return ()
        if self.sitter:
            allocation = settle(scores, self.sits_out(dealer))
        else:
            allocation = propose(scores, self.seats)
        coming = self.targets(dealer)

        def first(seat: int) -> tuple[int, int]:
            # Higher coming target first; on equal targets the seat nearer the dealer's left.
            return (-coming[seat], (seat - dealer - 1) % self.seats)

        capped = self.preset.exchange == CAPPED
        givers = sorted({g for g, _r in allocation}, key=first)
        ordered = []
        for giver in givers:
            receivers = sorted((r for g, r in allocation if g == giver), key=first)
            if capped and len(receivers) > 1:
                # §1.4: one up seat owing two down seats serves the lower coming target first.
                receivers.reverse()
            ordered += [Exchange(giver, r, allocation[giver, r]) for r in receivers]
        return tuple(bleed(ordered, WOBURN_BLEED)) if capped else tuple(ordered)

    # -- a match -------------------------------------------------------------------------

    def first_deal(self, dealer: int, setup: Mapping[str, Any]) -> NextHand:
        bid_targets = None
        bid = setup.get("bid")
        if bid is not None:
            if not self.preset.bidding:
                raise RuleError(_("Only the Woburn rules bid for the first deal."), field="bid")
            # Not a bool and not a float either: 9.0 == 9 would find the row for 9 and be
            # kept as 9.0, while every other count here (tricks, options) is refused as a
            # float.
            if isinstance(bid, bool) or not isinstance(bid, int) or bid not in WOBURN_BIDS:
                raise RuleError(_("A bid is a number of tricks from 8 to 16."), field="bid")
            bid_targets = WOBURN_BIDS[bid]
        calls_left = (CALLS,) * self.seats if self.preset.calls else None
        targets = self.targets(dealer, bid_targets)
        may_tie = self.may_tie((0,) * self.seats, targets, dealer, calls_left)
        return self.deal(
            1,
            dealer,
            targets,
            detail=SergeantMajorNext(bid=bid, calls_left=calls_left, may_tie=may_tie),
        )

    def hand_keys(self) -> set[str]:
        allowed = {"tricks", "last_trick", "call" if self.preset.calls else "trump"}
        if self.preset.exchange == PLUCKING:
            allowed.add("exchanges")
        return allowed

    def clean_hand(
        self, state: MatchState, coming: NextHand, data: Mapping[str, Any]
    ) -> dict[str, Any]:
        tricks = self.clean_tricks(data.get("tricks"), state.players, self.sits_out(coming.dealer))
        cleaned: dict[str, Any] = {"tricks": tricks}
        if self.preset.calls:
            cleaned["call"] = self.clean_call(state, data.get("call"))
        elif data.get("trump") not in SUITS:
            raise RuleError(_("Choose trumps: clubs, spades, hearts or diamonds."), field="trump")
        else:
            cleaned["trump"] = data["trump"]
        if data.get("last_trick") is not None:
            seat = require_seat(data["last_trick"], self.seats, "last_trick")
            if cleaned["tricks"][seat] == 0:
                raise RuleError(
                    _("That seat took no trick, so it cannot have taken the last one."),
                    field="last_trick",
                )
            cleaned["last_trick"] = seat
        if data.get("exchanges") is not None:
            cleaned["exchanges"] = self.clean_exchanges(state, data["exchanges"])
        return cleaned

    def clean_tricks(
        self, tricks: Any, players: Sequence[str] = (), out: int | None = None
    ) -> list[int]:
        """Every seat's tricks, adding up to a hand; ``out`` (the seat that sits out, if
        any, named from ``players``) took none."""
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
        # Before the sum: a sitter's tricks would make the sum wrong too, and this says why.
        if out is not None and tricks[out] != 0:
            raise RuleError(
                _("%(name)s (seat %(seat)s) sits out this hand and takes no tricks: enter 0."),
                field=f"tricks.{out}",
                name=players[out],
                seat=out + 1,
            )
        if sum(tricks) != self.tricks:
            raise RuleError(
                _("The tricks add up to %(total)s; a hand has %(tricks)s."),
                field="tricks",
                total=sum(tricks),
                tricks=self.tricks,
            )
        return list(tricks)

    def clean_call(self, state: MatchState, call: Any) -> str:
        """§1.5: one of the six calls, each made once by every player as dealer."""
        if call not in CALLS:
            raise RuleError(
                _("Choose the call: clubs, spades, hearts, diamonds, no-trumps or miz."),
                field="call",
            )
        assert state.next_hand is not None
        if call not in state.next_hand.detail.calls_left[state.next_hand.dealer]:
            raise RuleError(
                _("%(dealer)s has called %(call)s already; each call is made once."),
                field="call",
                dealer=state.players[state.next_hand.dealer],
                call=term(call),
            )
        return call

    def clean_exchanges(self, state: MatchState, exchanges: Any) -> list[dict[str, int]]:
        """§1.6: the plucking the table did instead of the proposal; it must settle every
        up and down of the previous hand exactly."""
        field = "exchanges"
        if not isinstance(exchanges, list | tuple):
            raise RuleError(_("List the passes as from, to and cards."), field=field)
        scores = state.next_hand.detail.owed if state.next_hand.number > 1 else None
        if scores is None:
            if exchanges:
                raise RuleError(_("No cards change hands before the first hand."), field=field)
            return []
        gives = [0] * self.seats
        takes = [0] * self.seats
        pairs = set()
        cleaned = []
        for index, item in enumerate(exchanges):
            where = f"{field}.{index}"
            if not isinstance(item, Mapping) or set(item) != {"from", "to", "cards"}:
                raise RuleError(_("List the passes as from, to and cards."), field=where)
            giver = require_seat(item["from"], self.seats, f"{where}.from")
            receiver = require_seat(item["to"], self.seats, f"{where}.to")
            cards = require_int(item["cards"], f"{where}.cards")
            if scores[giver] <= 0 or scores[receiver] >= 0 or cards <= 0:
                raise RuleError(
                    _("Cards pass from a seat that was up to a seat that was down."),
                    field=where,
                )
            if (giver, receiver) in pairs:
                raise RuleError(_("Each pair of seats appears once."), field=where)
            pairs.add((giver, receiver))
            gives[giver] += cards
            takes[receiver] += cards
            cleaned.append({"from": giver, "to": receiver, "cards": cards})
        misfits = [
            (
                _("%(name)s was %(score)s but passes %(gives)s and receives %(takes)s"),
                {
                    "name": state.players[seat],
                    "score": signed(score),
                    "gives": gives[seat],
                    "takes": takes[seat],
                },
            )
            for seat, score in enumerate(scores)
            if (gives[seat], takes[seat]) != (max(score, 0), max(-score, 0))
        ]
        if misfits:
            # Every seat that does not fit, so the table mends the plucking in one go.
            raise RuleError(
                _(
                    "Each seat that was up passes exactly what it was up, each seat that was "
                    "down receives exactly what it was down: %(misfits)s."
                ),
                field=field,
                misfits=Phrases(misfits),
            )
        return cleaned

    def score_hand(
        self, state: MatchState, coming: NextHand, data: Mapping[str, Any]
    ) -> tuple[tuple[int, ...], SergeantMajorHand]:
        miz = data.get("call") == "miz"
        scores = tuple(
            (target - made) if miz else (made - target)
            for made, target in zip(data["tricks"], coming.targets, strict=True)
        )
        plucked = None
        if self.preset.exchange == PLUCKING and coming.number > 1:
            done = data.get("exchanges")
            plucked = (
                coming.exchanges
                if done is None
                else tuple(Exchange(item["from"], item["to"], item["cards"]) for item in done)
            )
        return scores, SergeantMajorHand(plucked)

    def calls_left(self, coming: NextHand, data: Mapping[str, Any]):
        """§1.5: per seat, the calls still to make once ``coming`` is played."""
        left = coming.detail.calls_left
        if left is None:
            return None
        return tuple(
            tuple(call for call in calls if seat != coming.dealer or call != data["call"])
            for seat, calls in enumerate(left)
        )

    def next_deal(self, played: MatchState, coming: NextHand) -> NextHand:
        hand = played.hands[-1]
        dealer = self.next_dealer(coming.dealer)
        exchanges = self.exchanges(hand.scores, dealer)
        plucking = self.preset.exchange == PLUCKING
        givers = {exchange.giver for exchange in exchanges}
        receivers = [exchange.receiver for exchange in exchanges]
        calls_left = self.calls_left(coming, hand.input)
        targets = self.targets(dealer)
        detail = SergeantMajorNext(
            calls_left=calls_left,
            pluck_choice=plucking
            and min(
                sum(score > 0 for score in hand.scores), sum(score < 0 for score in hand.scores)
            )
            >= 2,
            answers_in_order=plucking
            and len(givers) > 1
            and any(receivers.count(seat) > 1 for seat in receivers),
            may_tie=self.may_tie(played.totals, targets, dealer, calls_left),
            owed=hand.scores if plucking else None,
        )
        return self.deal(coming.number + 1, dealer, targets, exchanges, detail=detail)

    def may_tie(
        self,
        totals: Sequence[int],
        targets: Sequence[int],
        dealer: int,
        calls_left: Sequence[Sequence[str]] | None,
    ) -> tuple[int, ...]:
        """§1.3: the seats that could end the hand dealt by ``dealer`` tied at the point
        limit with equal gains, when only the last trick can tell them apart.

        Two seats tie so only when their totals are equal now and both gain the same ``g``
        that takes them to the limit: in a trumps hand each then takes ``target + g``
        tricks, which must fit in the hand beside each other (and stay below
        ``win_tricks``, which would decide first); in a miz hand each takes
        ``target - g``, which must not be below 0."""
        limit = self.options["point_limit"]
        if limit is None:
            return ()
        win = self.options["win_tricks"]
        active = self.active(dealer)
        miz = calls_left is not None and "miz" in calls_left[dealer]
        trumps = calls_left is None or any(call != "miz" for call in calls_left[dealer])
        tied: set[int] = set()
        for a, b in itertools.combinations(active, 2):
            if totals[a] != totals[b]:
                continue
            gain = limit - totals[a]
            ends = targets[a] + gain, targets[b] + gain
            by_trumps = trumps and sum(ends) <= self.tricks and (win is None or max(ends) < win)
            by_miz = miz and gain <= min(targets[a], targets[b])
            if by_trumps or by_miz:
                tied |= {a, b}
        return tuple(sorted(tied))

    # -- the end -------------------------------------------------------------------------

    def outright(self, state: MatchState) -> int | None:
        ending = state.ending
        return ending.seat if ending is not None and ending.how == TRICKS else None

    def figures(self, state: MatchState) -> tuple[Figures, ...]:
        """The seat whose 12-trick hand ended the match has one 12-trick win."""
        outright = self.outright(state)
        return tuple(
            {"twelve_trick_wins": 1} if seat == outright else {} for seat in range(state.seats)
        )

    def ending(self, played: MatchState, coming: NextHand) -> Ending | None:
        """Whether the match is over after the last hand, who won and why.

        The end conditions are checked in the order of rules.md §1.2: a hand with
        ``win_tricks`` decides before any total is looked at.
        """
        options = self.options
        number, totals, data = coming.number, played.totals, played.hands[-1].input
        tricks = data["tricks"]
        # In a miz hand tricks are bad: taking most of them wins nothing (docs/rules-decisions.md).
        if options["win_tricks"] is not None and data.get("call") != "miz":
            made = [seat for seat, count in enumerate(tricks) if count >= options["win_tricks"]]
            if made:
                seat = made[0]
                return Ending(TRICKS, (seat,), number, seat=seat, count=tricks[seat])
        limit = options["point_limit"]
        if limit is not None:
            over = [seat for seat, total in enumerate(totals) if total >= limit]
            if over:
                return self.point_limit_ending(over, played, coming, limit)
        band = options["point_band"]
        out = [seat for seat, total in enumerate(totals) if abs(total) >= band] if band else []
        if out:
            return Ending(POINT_BAND, highest(totals), number, seat=out[0], count=band)
        if options["hands_limit"] is not None and number >= options["hands_limit"]:
            return Ending(HANDS_LIMIT, highest(totals), number)
        if self.preset.calls and not any(self.calls_left(coming, data)):
            return Ending(ALL_CALLS, highest(totals), number)
        return None

    @staticmethod
    def point_limit_ending(
        over: Sequence[int], played: MatchState, coming: NextHand, limit: int
    ) -> Ending:
        """rules.md §1.3: highest total, then the bigger gain in the last hand, then
        whoever took a trick last."""
        hand, totals = played.hands[-1], played.totals
        number = coming.number
        best = max(totals[seat] for seat in over)
        tied = tuple(seat for seat in over if totals[seat] == best)
        if len(tied) == 1:
            return Ending(POINT_LIMIT, tied, number, count=limit)
        gain = max(hand.scores[seat] for seat in tied)
        gainers = [seat for seat in tied if hand.scores[seat] == gain]
        if len(gainers) == 1:
            return Ending(
                POINT_LIMIT, (gainers[0],), number, count=limit, tie_break=BY_GAIN, tied=tied
            )
        last = hand.input.get("last_trick")
        if last not in gainers:
            raise RuleError(
                _(
                    "%(names)s reach %(total)s with equal totals and equal gains: which of "
                    "them took a trick last?"
                ),
                field="last_trick",
                names=" & ".join(played.players[seat] for seat in gainers),
                total=signed(best),
            )
        return Ending(POINT_LIMIT, (last,), number, count=limit, tie_break=BY_LAST_TRICK, tied=tied)

    def hand_fields(self) -> dict[str, str]:
        fields = {
            "tricks": f"list of {self.seats} ints, one per seat, adding up to {self.tricks}",
        }
        if self.sitter:
            fields["tricks"] += "; 0 for the seat to the dealer's right, who sits out"
        elif self.preset.takes_sitter:
            fields["tricks"] += (
                f"; with the sitter option, {self.seats + 1} ints and 0 for the seat to the "
                "dealer's right, who sits out"
            )
        if self.preset.calls:
            fields["call"] = "one of " + ", ".join(CALLS) + "; each seat makes each call once"
        else:
            fields["trump"] = "one of " + ", ".join(SUITS)
        fields["last_trick"] = (
            "seat; only when a point-limit tie needs it (sergeant_major/rules.md §1.3)"
        )
        if self.preset.exchange == PLUCKING:
            fields["exchanges"] = (
                "optional list of {from, to, cards}: the plucking done before this hand "
                "when the table did not follow the proposal"
            )
        return fields

    def hand_from_fields(self, state: MatchState, fields: Mapping[str, str]) -> dict[str, Any]:
        """The hand from its form's fields (``SergeantMajorHandForm``): the tricks of each
        seat, trumps or the call, who took a trick last when asked (§1.3), and the
        plucking as done where the table may pluck otherwise than proposed (§1.6): only
        an allocation that differs from the proposal is an override."""
        coming = state.next_hand
        choice = "call" if self.preset.calls else "trump"
        # A seat that sits out has a disabled field, fixed at 0.
        tricks = [whole(fields, f"tricks_{seat}") for seat in range(self.seats)]
        hand: dict[str, Any] = {
            "tricks": [
                0 if count is None and coming and seat not in coming.active else count
                for seat, count in enumerate(tricks)
            ],
            choice: fields.get(choice) or None,
        }
        last_trick = whole(fields, "last_trick")
        if last_trick is not None:
            hand["last_trick"] = last_trick
        plucking = {
            tuple(int(part) for part in name.split("_")[1:]): whole(fields, name) or 0
            for name in fields
            if name.startswith("pluck_")
        }
        if plucking and coming is not None:
            proposal = {(e.giver, e.receiver): e.cards for e in coming.exchanges}
            done = {pair: cards for pair, cards in plucking.items() if cards}
            if done != proposal:
                hand["exchanges"] = [
                    {"from": giver, "to": receiver, "cards": cards}
                    for (giver, receiver), cards in done.items()
                ]
        return hand

    def describe(self) -> dict[str, Any]:
        described = super().describe()
        described.update(
            targets=list(self.preset.targets),
            tricks=self.tricks,
            exchange=self.preset.exchange,
        )
        if self.preset.bidding:
            described["bids"] = {str(bid): list(t) for bid, t in WOBURN_BIDS.items()}
        if self.preset.takes_sitter:
            # How many play with the sitter option on (docs/tournaments.md §2).
            described["players_with_sitter"] = len(self.preset.targets) + 1
        return described


# -- who passes to whom ---------------------------------------------------------------------


def allocations(scores: Sequence[int]) -> Iterator[dict[tuple[int, int], int]]:
    """Every way of passing cards that gives each up seat exactly what it is up and each
    down seat exactly what it is down (cards only from up seats to down seats)."""
    up = [seat for seat, score in enumerate(scores) if score > 0]
    down = [seat for seat, score in enumerate(scores) if score < 0]
    if not up:
        return

    def fill(givers: list[int], owed: dict[int, int]) -> Iterator[dict[tuple[int, int], int]]:
        if not givers:
            if not any(owed.values()):
                yield {}
            return
        giver, rest = givers[0], givers[1:]
        for split in splits(scores[giver], [owed[r] for r in down]):
            left = {r: owed[r] - n for r, n in zip(down, split, strict=True)}
            for tail in fill(rest, left):
                head = {(giver, r): n for r, n in zip(down, split, strict=True) if n}
                yield {**head, **tail}

    yield from fill(up, {r: -scores[r] for r in down})


def splits(total: int, limits: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """The ways to write ``total`` as a sum of parts each within its limit."""
    ranges = [range(min(total, limit) + 1) for limit in limits]
    for parts in itertools.product(*ranges):
        if sum(parts) == total:
            yield parts


def propose(scores: Sequence[int], seats: int) -> dict[tuple[int, int], int]:
    """The allocation the table is shown. Forced when one side has a single seat; with two
    up and two down seats, the plucking guidelines of §1.6: as many distinct pairs as
    possible, then as few cards as possible to the giver's left neighbour."""

    up = [seat for seat, score in enumerate(scores) if score > 0]
    down = [seat for seat, score in enumerate(scores) if score < 0]
    # Forced (always so with three seats): no need to weigh every allocation.
    if len(up) == 1:
        return {(up[0], receiver): -scores[receiver] for receiver in down}
    if len(down) == 1:
        return {(giver, down[0]): scores[giver] for giver in up}

    def preference(allocation: dict[tuple[int, int], int]) -> tuple[int, int, list]:
        to_left = sum(n for (g, r), n in allocation.items() if r == (g + 1) % seats)
        return (-len(allocation), to_left, sorted(allocation.items()))

    return min(allocations(scores), key=preference, default={})


def settle(scores: Sequence[int], out: int | None) -> dict[tuple[int, int], int]:
    """docs/tournaments.md §2, a table with a sitter: only the players of the previous hand who
    also play the coming one settle. ``out`` (the previous dealer) sits out now, so what
    it was up or down lapses; the previous sitter scored 0. Of the two who remain, one
    up and one down pass ``min(up, down)`` cards; otherwise nothing changes hands."""
    remaining = [seat for seat in range(len(scores)) if seat != out]
    up = [seat for seat in remaining if scores[seat] > 0]
    down = [seat for seat in remaining if scores[seat] < 0]
    if len(up) != 1 or len(down) != 1:
        return {}
    giver, receiver = up[0], down[0]
    return {(giver, receiver): min(scores[giver], -scores[receiver])}


def bleed(ordered: Sequence[Exchange], cap: int) -> Iterator[Exchange]:
    """§1.4 maximum bleed: in the given order, no seat passes or receives more than
    ``cap`` cards; later passes shrink or vanish."""
    given: dict[int, int] = {}
    received: dict[int, int] = {}
    for exchange in ordered:
        cards = min(
            exchange.cards,
            cap - given.get(exchange.giver, 0),
            cap - received.get(exchange.receiver, 0),
        )
        if cards > 0:
            given[exchange.giver] = given.get(exchange.giver, 0) + cards
            received[exchange.receiver] = received.get(exchange.receiver, 0) + cards
            yield Exchange(exchange.giver, exchange.receiver, cards)
