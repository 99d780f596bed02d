"""Sergeant Major (3-5-8) and its family, its registry entry: the steps before the deal,
the history's trumps and tricks. Its hand form is in ``forms``, its API hand body in
``schema``, its templates and script in ``templates/`` and ``static/``; the rules are in
``rules``."""

from __future__ import annotations

from typing import Any

# (Not ``from django import forms``: the package's own ``forms`` module takes that name.)
from django.forms import Field, TypedChoiceField
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from matches.games.base import Game
from matches.presenters import HandFact
from matches.rules import Hand, MatchState
from matches.rules.base import signed

from .forms import SUIT_LABELS, SUIT_SYMBOLS, SergeantMajorHandForm, symbol_beside_name
from .rules import CALLS, WOBURN_BIDS, SergeantMajor
from .schema import SergeantMajorHand


class SergeantMajorGame(Game):
    ruleset_class = SergeantMajor
    name = gettext_lazy("Sergeant Major")
    hand_form = SergeantMajorHandForm
    hand_body = SergeantMajorHand
    paper_columns = (gettext_lazy("Trumps"),)
    paper_seat_column = gettext_lazy("Tricks")
    option_labels = {
        "win_tricks": gettext_lazy("A player wins at once with this many tricks in one hand"),
        "point_band": gettext_lazy("Play until a total reaches plus or minus"),
        "kitty_first": gettext_lazy("The dealer takes the kitty before discarding"),
        "sitter": gettext_lazy(
            "Four at the table: each hand the player to the dealer's right sits out (sitter)"
        ),
    }
    seat_option_hint = gettext_lazy("with a sitter")
    history_columns = 1

    def setup_fields(self, ruleset) -> dict[str, Field]:
        if not ruleset.preset.bidding:
            return {}
        return {
            "bid": TypedChoiceField(
                label=gettext_lazy("The winning bid"),
                choices=[("", gettext_lazy("No bidding: a normal first deal"))]
                + [
                    (str(bid), f"{bid} ({'-'.join(map(str, targets))})")
                    for bid, targets in WOBURN_BIDS.items()
                ],
                coerce=int,
                empty_value=None,
                required=False,
            )
        }

    def setup_bids(self, ruleset) -> list[int]:
        return sorted(WOBURN_BIDS) if ruleset.preset.bidding else []

    def first_dealer_label(self, ruleset) -> str | None:
        if ruleset.preset.bidding:
            return _("First dealer (the highest bidder)")
        return None

    def rules_card(self, ruleset) -> list[str]:
        return rules_card(ruleset)

    def deal_steps(self, ruleset, state: MatchState):
        return deal_steps(ruleset, state)

    def page_context(self, ruleset, state: MatchState) -> dict[str, Any]:
        coming = state.next_hand
        return {
            "calls_grid": calls_grid(ruleset, state),
            "no_exchange_note": no_exchange_note(ruleset, state),
            # §1.6: with two up and two down the passes are a proposal the table may change.
            "exchange_proposed": bool(coming and coming.detail.pluck_choice),
            "exchange_notes": exchange_notes(ruleset, state),
        }

    def row_details(self, ruleset, state: MatchState, hand: Hand) -> dict[str, Any]:
        trump = hand.input.get("trump") or hand.input.get("call", "")
        names = state.players
        plucked = hand.input.get("exchanges")
        return {
            "trump": SUIT_LABELS.get(trump, trump),
            "trump_slug": trump,
            "symbol": symbol_beside_name(trump),
            # In miz the targets are maxima (§1.5).
            "miz": trump == "miz",
            # §1.6: the table plucked otherwise than proposed (an override).
            "plucked": _("plucked otherwise: %(passes)s")
            % {"passes": ", ".join(pass_words(names, item) for item in plucked)}
            if plucked
            else "",
            # Per seat: tricks, target, score, and whether it played (a sitter did not).
            "cells": [
                (tricks, target, score, seat in hand.active)
                for seat, (tricks, target, score) in enumerate(
                    zip(hand.input["tricks"], hand.targets, hand.scores, strict=True)
                )
            ],
        }

    def hand_facts(self, ruleset, players, data) -> list[HandFact]:
        facts = []
        for key, label in (("trump", _("Trumps")), ("call", _("Call"))):
            if key in data:
                facts.append(HandFact(key, str(SUIT_LABELS.get(data[key], data[key])), label))
        for seat, count in enumerate(data.get("tricks") or ()):
            name = players[seat] if seat < len(players) else str(seat + 1)
            facts.append(HandFact(f"tricks.{seat}", str(count), name, _("Tricks")))
        last = data.get("last_trick")
        if isinstance(last, int) and 0 <= last < len(players):
            facts.append(HandFact("last_trick", players[last], _("Took a trick last")))
        for item in data.get("exchanges") or ():
            key = f"plucked.{item.get('from')}.{item.get('to')}"
            facts.append(
                HandFact(
                    key,
                    str(item.get("cards")),
                    pass_words(players, item, cards=False),
                    _("Plucked"),
                )
            )
        return facts


def pass_words(players, item, cards: bool = True) -> str:
    """One pass of a plucking, "Ann → Ben 1" (``cards``: with the count)."""

    def name(seat):
        return players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else "?"

    words = f"{name(item.get('from'))} → {name(item.get('to'))}"
    return f"{words} {item.get('cards')}" if cards else words


def exchange_notes(ruleset, state: MatchState) -> list[str]:
    """What goes with the passes before the deal, not a pass itself: how a seat that
    receives from two givers answers (§1.6), the Woburn cap (§1.4)."""
    coming = state.next_hand
    if coming is None:
        return []
    notes = []
    if coming.detail.answers_in_order:
        notes.append(
            _(
                "A player who receives cards from two givers answers them in order of the "
                "cards received: the higher card received gets the higher card back."
            )
        )
    if ruleset.preset.exchange == "capped" and coming.exchanges:
        notes.append(_("Maximum bleed: nobody passes or receives more than 3 cards."))
    return notes


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
        step = (
            ngettext(
                "%(giver)s was %(up)s up: passes %(cards)s card face down to %(receiver)s "
                "(%(down)s down).",
                "%(giver)s was %(up)s up: passes %(cards)s cards face down to %(receiver)s "
                "(%(down)s down).",
                exchange.cards,
            )
            % words
        )
        if returns_now:
            step += (
                " "
                + ngettext(
                    "%(receiver)s returns the highest card held in that suit.",
                    "%(receiver)s returns, for each card received, the highest card held in "
                    "its suit.",
                    exchange.cards,
                )
                % words
            )
        steps.append(step)
    return steps


def deal_steps(ruleset, state: MatchState) -> tuple[list[str], list[str], list[str]]:
    """What the table does before play, in order, around the exchange: the steps before
    it, the exchange itself, and the steps after it (rules.md §1.1–1.6 per preset)."""
    coming = state.next_hand
    if coming is None:
        return [], [], []
    dealer = {"dealer": state.players[coming.dealer], "hand": ruleset.tricks}
    procedure = ruleset.preset.procedure
    before: list[str] = []
    after: list[str] = []
    returns_now = True
    if coming.detail.bid is not None:
        before.append(
            _("%(dealer)s won the bidding with %(bid)s: this hand's targets follow the bid.")
            % {**dealer, "bid": coming.detail.bid}
        )
    before += sitter_steps(ruleset, state)
    if procedure == "four":
        before.append(_("%(dealer)s deals all 52 cards, 13 to each player; no kitty.") % dealer)
    elif procedure == "no-kitty":
        before.append(
            _("The 2♣ is taken out; %(dealer)s deals 17 cards to each player, no kitty.") % dealer
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
            _("%(dealer)s deals 16 cards to each player and 4 face down as the kitty.") % dealer
        )
    if procedure == "tallyn":
        before.append(_("%(dealer)s takes the kitty and discards 4.") % dealer)
        returns_now = False
        after.append(_("%(dealer)s names trumps.") % dealer)
        if coming.exchanges:
            after.append(
                _(
                    "Now each seat that received cards returns the highest card it holds of "
                    "each suit received."
                )
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
    return before, exchange_steps(state, returns_now=returns_now), after


def sitter_steps(ruleset, state: MatchState) -> list[str]:
    """docs/tournaments.md §2: who sits out the coming hand, and the obligations that lapse
    with it (the sitter dealt the last hand; what it was up or down is not settled)."""
    coming = state.next_hand
    out = ruleset.sits_out(coming.dealer)
    if out is None:
        return []
    name = state.players[out]
    steps = [_("%(name)s sits out this hand: is dealt no cards and scores 0.") % {"name": name}]
    last = state.hands[-1].scores if state.hands else None
    if last and last[out] and ruleset.preset.exchange != "none":
        steps.append(
            _(
                "%(name)s was %(score)s in the last hand; sitting out now, %(name)s passes "
                "and receives nothing for it."
            )
            % {"name": name, "score": signed(last[out])}
        )
    return steps


def no_exchange_note(ruleset, state: MatchState) -> str | None:
    """Why no cards change hands although someone was up or down in the last hand: with a
    sitter only the two who played both hands settle, and only one up with one down."""
    coming = state.next_hand
    if coming is None or coming.exchanges or not state.hands or not any(state.hands[-1].scores):
        return None
    if ruleset.sits_out(coming.dealer) is None or ruleset.preset.exchange == "none":
        return None
    return _(
        "No cards change hands: of the two who played the last hand and play this one, "
        "not one was up while the other was down."
    )


def rules_card(ruleset) -> list[str]:
    """The variant in plain words, for the new-match page."""
    preset = ruleset.preset
    lines = [
        _("%(seats)s players, seated clockwise; %(tricks)s tricks in each hand.")
        % {"seats": ruleset.seats, "tricks": ruleset.tricks}
    ]
    if ruleset.sitter:
        lines.append(
            _(
                "Each hand the player to the dealer's right sits out and scores 0; the deal "
                "passes to the left round all four. Only the two who played the last hand "
                "and play this one settle cards: when one was up and the other down, the "
                "fewer of the two counts pass."
            )
        )
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
            _("The match ends when a total reaches +%(n)s or −%(n)s; the highest total wins.")
            % {"n": options["point_band"]}
        )
    if options["hands_limit"] is not None:
        lines.append(_("After %(n)s hands the highest total wins.") % {"n": options["hands_limit"]})
    if ruleset.preset.calls:
        lines.append(
            _(
                "The match ends after %(n)s hands, when every call has been made; the highest "
                "total wins."
            )
            % {"n": ruleset.seats * ruleset.calls_per_seat}
        )
    return lines


def calls_grid(ruleset, state: MatchState) -> list[tuple[str, list[tuple[str, str, bool]]]]:
    """Alternate game: per player, every call with whether it is still to make."""
    if not ruleset.preset.calls or state.next_hand is None:
        return []
    left = state.next_hand.detail.calls_left
    return [
        (
            name,
            [(str(SUIT_SYMBOLS[call]), SUIT_LABELS[call], call in left[seat]) for call in CALLS],
        )
        for seat, name in enumerate(state.players)
    ]
