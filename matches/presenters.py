"""Arrange a derived match for the page: seats as they sit, history rows, the exchange in
words, the chart's geometry. Nothing here scores; every figure comes from the replay."""

from __future__ import annotations

import math
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .forms import SUIT_LABELS, SUIT_SYMBOLS
from .rules import Hand, MatchState
from .rules.sergeant_major import CALLS


def seating(seats: int) -> list[tuple[int, float, float]]:
    """Seat numbers around an oval table, clockwise from the top (the new-match picture)."""
    spots = []
    for seat in range(seats):
        angle = -math.pi / 2 + 2 * math.pi * seat / seats
        spots.append((seat + 1, round(100 + 84 * math.cos(angle), 1),
                      round(80 + 62 * math.sin(angle) + 6, 1)))
    return spots


def role(offset: int) -> str:
    """A seat's role by its offset from the dealer."""
    return [_("dealer"), _("eldest"), _("third"), _("fourth")][offset]


@dataclass(frozen=True)
class SeatView:
    seat: int
    name: str
    total: int
    role: str | None
    target: int | None
    winner: bool
    points: int | None = None  # Sieben: the side's points toward the limit
    sits_out: bool = False


def seats(state: MatchState, ruleset=None) -> list[SeatView]:
    coming = state.next_hand
    tally = state.extra.get("points")
    active = coming.extra.get("active") if coming else None
    rows = []
    for seat, name in enumerate(state.players):
        offset = (seat - coming.dealer) % state.seats if coming else None
        # Past dealer and eldest, roles matter only where they set a target.
        if offset is not None and offset >= 2 and not coming.targets:
            offset = None
        rows.append(
            SeatView(
                seat=seat,
                name=name,
                total=state.totals[seat],
                role=role(offset) if offset is not None else None,
                target=coming.targets[seat] if coming and coming.targets else None,
                winner=seat in state.winners,
                points=tally[ruleset.side_of(seat)] if tally is not None else None,
                sits_out=active is not None and seat not in active,
            )
        )
    return rows


def exchange_steps(state: MatchState, returns_now: bool = True) -> list[str]:
    """The cards owed before the next deal, in order, in plain words.

    ``returns_now`` is False where the returns come later (Tallyn's order, 9-2-5)."""
    coming = state.next_hand
    if coming is None or not coming.exchanges:
        return []
    last = state.hands[-1].scores
    names = state.players
    steps = []
    for exchange in coming.exchanges:
        words = {
            "giver": names[exchange.giver],
            "receiver": names[exchange.receiver],
            "up": last[exchange.giver],
            "down": -last[exchange.receiver],
            "cards": exchange.cards,
        }
        step = ngettext(
            "%(giver)s was %(up)s up: passes %(cards)s card face down to %(receiver)s "
            "(%(down)s down).",
            "%(giver)s was %(up)s up: passes %(cards)s cards face down to %(receiver)s "
            "(%(down)s down).",
            exchange.cards,
        ) % words
        if returns_now:
            step += " " + ngettext(
                "%(receiver)s returns the highest card held in that suit.",
                "%(receiver)s returns, for each card received, the highest card held in "
                "its suit.",
                exchange.cards,
            ) % words
        steps.append(step)
    return steps


def deal_steps(ruleset, state: MatchState) -> tuple[list[str], list[str], list[str]]:
    """What the table does before play, in order, around the exchange: the steps before
    it, the exchange itself, and the steps after it (RULES.md §1.1–1.6 per preset)."""
    coming = state.next_hand
    if coming is None:
        return [], [], []
    dealer = {"dealer": state.players[coming.dealer], "hand": ruleset.tricks}
    procedure = ruleset.preset.procedure
    before: list[str] = []
    after: list[str] = []
    returns_now = True
    if coming.extra.get("bid") is not None:
        before.append(
            _("%(dealer)s won the bidding with %(bid)s: this hand's targets follow the bid.")
            % {**dealer, "bid": coming.extra["bid"]}
        )
    if procedure == "four":
        before.append(_("%(dealer)s deals all 52 cards, 13 to each player; no kitty.") % dealer)
    elif procedure == "no-kitty":
        before.append(
            _("The 2♣ is taken out; %(dealer)s deals 17 cards to each player, no kitty.")
            % dealer
        )
    elif procedure == "single-card":
        before.append(
            _(
                "%(dealer)s deals 17 cards to each player and lays the last card face up. "
                "Whoever holds the 2♦ may swap it for the face-up card."
            )
            % dealer
        )
    else:
        before.append(
            _("%(dealer)s deals 16 cards to each player and 4 face down as the kitty.")
            % dealer
        )
    if procedure == "tallyn":
        before.append(_("%(dealer)s takes the kitty and discards 4.") % dealer)
        returns_now = False
        after.append(_("%(dealer)s names trumps.") % dealer)
        if coming.exchanges:
            after.append(
                _("Now each seat that received cards returns the highest card it holds of "
                  "each suit received.")
            )
    elif procedure == "calls":
        after.append(
            _("%(dealer)s takes the kitty, discards 4 and makes a call.") % dealer
            if ruleset.options["kitty_first"]
            else _("%(dealer)s makes a call, discards 4 and takes the kitty.") % dealer
        )
    elif procedure in ("no-kitty", "single-card", "four"):
        after.append(_("%(dealer)s names trumps.") % dealer)
    elif ruleset.options["kitty_first"]:
        after.append(_("%(dealer)s takes the kitty, discards 4, then names trumps.") % dealer)
    else:
        after.append(_("%(dealer)s names trumps, discards 4 and takes the kitty.") % dealer)
    exchange = exchange_steps(state, returns_now=returns_now)
    if procedure == "four" and len({e.giver for e in coming.exchanges}) > 1 and any(
        sum(1 for e in coming.exchanges if e.receiver == r) > 1
        for r in {e.receiver for e in coming.exchanges}
    ):
        exchange.append(
            _(
                "A player who receives cards from two givers answers them in order of the "
                "cards received: the higher card received gets the higher card back."
            )
        )
    if ruleset.preset.exchange == "capped" and coming.exchanges:
        exchange.append(_("Maximum bleed: nobody passes or receives more than 3 cards."))
    return before, exchange, after


def other_deal_steps(ruleset, state: MatchState) -> list[str]:
    """Sheepshead and Sieben: who deals and who leads the coming hand."""
    coming = state.next_hand
    if coming is None:
        return []
    names = state.players
    words = {
        "dealer": names[coming.dealer],
        "eldest": names[(coming.dealer + 1) % len(names)],
    }
    steps = []
    if ruleset.game == "sheepshead":
        active = coming.extra["active"]
        if len(active) < len(names):
            steps.append(_("%(dealer)s deals and sits out this hand.") % words)
        else:
            steps.append(_("%(dealer)s deals.") % words)
        steps.append(_("%(eldest)s is first to pick or pass, and leads.") % words)
        doublers = coming.extra.get("doublers")
        if doublers:
            steps.append(
                _("Doubler: this hand counts ×%(factor)s.") % {"factor": 2**doublers}
            )
    else:
        winner = state.hands[-1].extra.get("winner") if state.hands else None
        if winner is not None:
            steps.append(_("%(dealer)s lost the last round and deals.") % words)
            if len(names) == 3:
                # §3.4: the winner leads; with partners and two players that is always the
                # dealer's left, with three each for themselves it need not be.
                words["eldest"] = names[winner]
        else:
            steps.append(_("%(dealer)s deals.") % words)
        steps.append(_("%(eldest)s leads.") % words)
    return steps


def rules_card(ruleset) -> list[str]:
    """The variant in plain words, for the new-match page."""
    if ruleset.game == "sheepshead":
        return sheepshead_card(ruleset)
    if ruleset.game == "sieben":
        return sieben_card(ruleset)
    preset = ruleset.preset
    lines = [
        _("%(seats)s players, seated clockwise; %(tricks)s tricks in each hand.")
        % {"seats": ruleset.seats, "tricks": ruleset.tricks}
    ]
    targets = preset.targets
    if len(targets) == 4:
        lines.append(
            _("Targets: dealer %(a)s, eldest %(b)s, the other two %(c)s each.")
            % {"a": targets[0], "b": targets[1], "c": targets[2]}
        )
    else:
        lines.append(
            _("Targets: dealer %(a)s, eldest (left of the dealer) %(b)s, third %(c)s.")
            % {"a": targets[0], "b": targets[1], "c": targets[2]}
        )
    if preset.bidding:
        lines.append(
            _(
                "First deal: players bid how many tricks they would make as dealer (at "
                "least 8); the highest bidder deals with the targets of the bid table. If "
                "everyone passes, the cards are redealt and nothing is recorded."
            )
        )
    if preset.calls:
        lines.append(
            _(
                "Instead of trumps the dealer makes a call: clubs, spades, hearts, diamonds, "
                "no trumps or miz. Everyone makes each call once as dealer. In miz, fewer "
                "tricks are better: the score is target minus tricks."
            )
        )
    exchange = {
        "forced": _(
            "Before each deal after the first, players who were up pass a card per trick "
            "to those who were down, who return their highest card of that suit."
        ),
        "capped": _(
            "Before each deal after the first, players who were up pass cards to those "
            "who were down, at most 3 cards per player (maximum bleed)."
        ),
        "plucking": _(
            "Before each deal after the first, players who were up pluck cards from those "
            "who were down; the app proposes who passes to whom and the table may change it."
        ),
        "none": _("No cards change hands between deals; the running totals decide."),
    }[preset.exchange]
    lines.append(exchange)
    lines += end_lines(ruleset)
    return lines


def sheepshead_card(ruleset) -> list[str]:
    options = ruleset.options
    lines = [
        _("%(seats)s players, seated clockwise; the deal passes to the left.")
        % {"seats": ruleset.seats},
        _(
            "Each hand: who picked, the partner (or alone), and the picker side's card "
            "points. 61 wins, 91 wins double, every trick triple; 60 or less loses, 30 or "
            "less double, no trick triple."
        ),
        _(
            "Each opponent pays the multiplier, the partner receives it, the picker gets "
            "the rest."
        ),
        {
            "redeal": _("When nobody picks, the cards are redealt and nothing is scored."),
            "leaster": _(
                "When nobody picks, a leaster is played: its winner gets 1 from every other "
                "player."
            ),
            "doubler": _(
                "When nobody picks, nothing is scored and the next scored hand counts double."
            ),
        }[options["all_pass"]],
    ]
    if options["double_on_bump"]:
        lines.append(_("A losing picker side pays double."))
    if options["cracking"]:
        lines.append(_("A hand may be cracked (×2) and recracked (×4)."))
    if options["dealer_sits_out"]:
        lines.append(_("The dealer sits out each hand and scores nothing."))
    if options["hands_limit"]:
        lines.append(
            _("After %(n)s hands the highest total wins.") % {"n": options["hands_limit"]}
        )
    else:
        lines.append(_("Open-ended: play until you stop the match; the highest total wins."))
    return lines


def sieben_card(ruleset) -> list[str]:
    options = ruleset.options
    if ruleset.seats == 4:
        lines = [_("Four players in two partnerships: seats 1 and 3 against seats 2 and 4.")]
    elif ruleset.seats == 3:
        lines = [_("Three players, each for themselves; the most counters wins the round.")]
    else:
        lines = [_("Two players.")]
    lines.append(
        _("Counters: each ace and ten 10, the last trick 10 — 90 in all. The side with more "
          "counters wins the round.")
    )
    if options["difference"]:
        lines.append(_("The winner of a round scores the difference of the counters."))
    else:
        lines.append(
            _("A round scores 1 point, 2 if the losers have no counters, 3 if they took no "
              "trick.")
        )
    if options["four_of_a_kind"]:
        lines.append(_("Four of a kind at the deal wins the round at once for 4 points."))
    lines.append(_("The loser deals the next round; the winner leads."))
    if options["point_limit"]:
        lines.append(
            _("The first side to reach %(n)s points wins.") % {"n": options["point_limit"]}
        )
    if options["hands_limit"]:
        lines.append(
            _("After %(n)s rounds the side with the most points wins.")
            % {"n": options["hands_limit"]}
        )
    return lines


def end_lines(ruleset) -> list[str]:
    """How the match ends, from its options (the first condition met ends it)."""
    options = ruleset.options
    lines = []
    if options["win_tricks"] is not None:
        lines.append(
            _("A player who takes %(n)s or more tricks in one hand wins at once.")
            % {"n": options["win_tricks"]}
        )
    if options["point_limit"] is not None:
        lines.append(
            _(
                "The match ends when a total reaches %(n)s; the highest total wins (on a "
                "tie, the bigger gain in the last hand, then whoever took a trick last)."
            )
            % {"n": options["point_limit"]}
        )
    if options["point_band"] is not None:
        lines.append(
            _(
                "The match ends when a total reaches +%(n)s or −%(n)s; the highest total "
                "wins."
            )
            % {"n": options["point_band"]}
        )
    if options["hands_limit"] is not None:
        lines.append(
            _("After %(n)s hands the highest total wins.") % {"n": options["hands_limit"]}
        )
    if ruleset.preset.calls:
        lines.append(
            _("The match ends after %(n)s hands, when every call has been made; the highest "
              "total wins.")
            % {"n": ruleset.seats * ruleset.calls_per_seat}
        )
    return lines


def calls_grid(ruleset, state: MatchState) -> list[tuple[str, list[tuple[str, str, bool]]]]:
    """Alternate game: per player, every call with whether it is still to make."""
    if not getattr(ruleset.preset, "calls", False) or state.next_hand is None:
        return []
    left = state.next_hand.extra["calls_left"]
    return [
        (
            name,
            [(SUIT_SYMBOLS[call], SUIT_LABELS[call], call in left[seat]) for call in CALLS],
        )
        for seat, name in enumerate(state.players)
    ]


@dataclass(frozen=True)
class HistoryRow:
    number: int
    version: int
    hand: Hand
    details: dict
    dealer: str
    trump: str
    trump_slug: str
    symbol: str
    cells: list[tuple[int, int, int]]  # per seat: tricks, target, score
    totals: tuple[int, ...]


def history(state: MatchState, versions, ruleset=None) -> list[HistoryRow]:
    running = state.running_totals()
    rows = []
    for hand, version, totals in zip(state.hands, versions, running[1:], strict=True):
        trump = hand.input.get("trump") or hand.input.get("call", "")
        rows.append(
            HistoryRow(
                number=hand.number,
                version=version,
                hand=hand,
                details=hand_details(ruleset, state, hand) if ruleset else {},
                dealer=state.players[hand.dealer],
                trump=SUIT_LABELS.get(trump, trump),
                trump_slug=trump,
                symbol=SUIT_SYMBOLS.get(trump, ""),
                cells=list(
                    zip(hand.input.get("tricks", []), hand.targets or (), hand.scores, strict=False)
                ),
                totals=totals,
            )
        )
    return rows


def hand_details(ruleset, state: MatchState, hand: Hand) -> dict:
    """The game's own columns of one history row, in words."""
    names = state.players
    data, extra = hand.input, hand.extra
    if ruleset.game == "sheepshead":
        if data["picker"] is None:
            winner = data.get("leaster_winner")
            return {
                "picker": _("nobody picked"),
                "partner": _("leaster won by %(name)s") % {"name": names[winner]}
                if winner is not None
                else "",
            }
        flags = [
            label
            for key, label in (
                ("all_tricks", _("every trick")),
                ("no_trick", _("no trick")),
                ("cracked", _("cracked")),
                ("recracked", _("recracked")),
            )
            if data.get(key)
        ]
        return {
            "picker": names[data["picker"]],
            "partner": _("alone") if data["partner"] is None else names[data["partner"]],
            "points": data["points"],
            "multiplier": extra.get("multiplier"),
            "flags": ", ".join(flags),
        }
    if ruleset.game == "sieben":
        sides = side_labels(ruleset, names)
        winner = extra.get("winner")
        if data.get("four_of_a_kind") is not None:
            counters = _("four of a kind")
        else:
            counters = " : ".join(str(c) for c in data["counters"])
        return {
            "counters": counters,
            "winner": sides[winner] if winner is not None else _("tie, nothing scored"),
            "points": extra.get("points", 0),
            "no_trick": data.get("no_trick"),
        }
    return {}


def preview(ruleset, state: MatchState, hand: Hand) -> dict:
    """What the hand form shows before saving: each seat's score, or for Sieben the
    round's winner and points (the tally the table keeps)."""
    if ruleset.game == "sieben":
        winner = hand.extra["winner"]
        if winner is None:
            return {"preview_round": _("A tie for the most counters: nothing is scored.")}
        return {
            "preview_round": ngettext(
                "Round to %(side)s: %(points)s point.",
                "Round to %(side)s: %(points)s points.",
                hand.extra["points"],
            )
            % {"side": side_labels(ruleset, state.players)[winner], "points": hand.extra["points"]}
        }
    return {"preview": list(zip(state.players, hand.scores, strict=True))}


def side_labels(ruleset, players) -> list[str]:
    from .forms import side_names

    return side_names(ruleset, players)


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    zero_y: float
    lines: list[tuple[int, str, str]]  # seat, name, SVG points
    top: int
    bottom: int


def chart(
    state: MatchState, width: int = 600, height: int = 180, running=None, labels=None
) -> Chart | None:
    """Running totals as SVG polylines; None before the first hand. ``running`` and
    ``labels`` draw other series: Sieben's tally of points per side, which is what its
    table keeps."""
    if running is None:
        running, labels = state.running_totals(), state.players
    if len(running) < 2:
        return None
    values = [value for totals in running for value in totals]
    top, bottom = max(max(values), 1), min(min(values), -1)
    pad = 8

    def y(value: int) -> float:
        return round(pad + (top - value) * (height - 2 * pad) / (top - bottom), 1)

    def x(index: int) -> float:
        return round(pad + index * (width - 2 * pad) / (len(running) - 1), 1)

    lines = [
        (seat, name, " ".join(f"{x(i)},{y(t[seat])}" for i, t in enumerate(running)))
        for seat, name in enumerate(labels)
    ]
    return Chart(width, height, y(0), lines, top, bottom)


def table_context(snapshot, *, read_only: bool = False) -> dict:
    """Everything the match page shows, from one snapshot."""
    state = snapshot.state
    ruleset = snapshot.match.ruleset
    game = ruleset.game
    if game == "sergeant-major":
        before, exchange, after = deal_steps(ruleset, state)
    else:
        before, exchange, after = other_deal_steps(ruleset, state), [], []
    return {
        "ruleset": ruleset,
        "deal_before": before,
        "deal_after": after,
        "calls_grid": calls_grid(ruleset, state),
        "match": snapshot.match,
        "state": state,
        "seats": seats(state, ruleset),
        "game": game,
        "sides": side_labels(ruleset, state.players) if game == "sieben" else None,
        "coming": state.next_hand,
        "targets": state.next_hand.targets if state.next_hand else None,
        "coming_dealer_name": state.players[state.next_hand.dealer] if state.next_hand else None,
        "exchange_steps": exchange,
        "history": history(state, snapshot.versions, ruleset),
        "chart": chart(
            state, running=ruleset.tallies(state), labels=side_labels(ruleset, state.players)
        )
        if game == "sieben"
        else chart(state),
        "winners": [state.players[seat] for seat in state.winners],
        "read_only": read_only,
    }
