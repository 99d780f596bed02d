"""Arrange a derived match for the page: seats as they sit, history rows, the exchange in
words, the chart's geometry. Nothing here scores; every figure comes from the replay."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .forms import SUIT_LABELS, SUIT_SYMBOLS
from .rules import MatchState
from .rules.sergeant_major import CALLS


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


def seats(state: MatchState) -> list[SeatView]:
    coming = state.next_hand
    rows = []
    for seat, name in enumerate(state.players):
        rows.append(
            SeatView(
                seat=seat,
                name=name,
                total=state.totals[seat],
                role=role((seat - coming.dealer) % state.seats) if coming else None,
                target=coming.targets[seat] if coming and coming.targets else None,
                winner=seat in state.winners,
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


def rules_card(ruleset) -> list[str]:
    """The variant in plain words, for the new-match page."""
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
    if not ruleset.preset.calls or state.next_hand is None:
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
    dealer: str
    trump: str
    trump_slug: str
    symbol: str
    cells: list[tuple[int, int, int]]  # per seat: tricks, target, score
    totals: tuple[int, ...]


def history(state: MatchState, versions) -> list[HistoryRow]:
    running = state.running_totals()
    rows = []
    for hand, version, totals in zip(state.hands, versions, running[1:], strict=True):
        trump = hand.input.get("trump") or hand.input.get("call", "")
        rows.append(
            HistoryRow(
                number=hand.number,
                version=version,
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


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    zero_y: float
    lines: list[tuple[int, str, str]]  # seat, name, SVG points
    top: int
    bottom: int


def chart(state: MatchState, width: int = 600, height: int = 180) -> Chart | None:
    """Running totals as SVG polylines; None before the first hand."""
    running = state.running_totals()
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
        for seat, name in enumerate(state.players)
    ]
    return Chart(width, height, y(0), lines, top, bottom)


def table_context(snapshot, *, read_only: bool = False) -> dict:
    """Everything the match page shows, from one snapshot."""
    state = snapshot.state
    ruleset = snapshot.match.ruleset
    before, exchange, after = deal_steps(ruleset, state)
    return {
        "ruleset": ruleset,
        "deal_before": before,
        "deal_after": after,
        "calls_grid": calls_grid(ruleset, state),
        "match": snapshot.match,
        "state": state,
        "seats": seats(state),
        "coming": state.next_hand,
        "targets": state.next_hand.targets if state.next_hand else None,
        "coming_dealer_name": state.players[state.next_hand.dealer] if state.next_hand else None,
        "exchange_steps": exchange,
        "history": history(state, snapshot.versions),
        "chart": chart(state),
        "winners": [state.players[seat] for seat in state.winners],
        "read_only": read_only,
    }
