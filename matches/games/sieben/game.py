"""Sieben (Sedma), its registry entry: the loser deals and the winner leads, the tally of
points per side. Its round form (counters per side) is in ``forms``, its API hand body in
``schema``, its templates and script in ``templates/`` and ``static/``; the rules are in
``rules``."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from matches import presenters
from matches.games.base import Game, yes_no
from matches.presenters import HandFact
from matches.rules import Hand, MatchState, NextHand, base

from .forms import SiebenHandForm, side_names
from .rules import Sieben
from .schema import SiebenHand


class SiebenGame(Game):
    ruleset_class = Sieben
    name = gettext_lazy("Sieben")
    hand_form = SiebenHandForm
    hand_body = SiebenHand
    paper_columns = (gettext_lazy("Counters"),)
    deal_passes_left = False  # the loser deals, which no card can know
    previewed = True
    option_labels = {
        # The Sieben tally is in points, not totals; the label says so.
        "point_limit": gettext_lazy("Play until a side has this many points"),
        "difference": gettext_lazy("Score the difference of counters (game to 500)"),
        "four_of_a_kind": gettext_lazy("Four of a kind at the deal wins the round (4 points)"),
    }
    preview_empty = gettext_lazy("The result of this round appears here as you fill in the form.")
    preview_incomplete = gettext_lazy("Fill in the round to see its result.")
    history_columns = 3

    def rules_card(self, ruleset) -> list[str]:
        return sieben_card(ruleset)

    def leader(self, ruleset, coming: NextHand) -> int:
        return coming.detail.leader  # the winner of the last round (rules.md §3.4)

    def deal_steps(self, ruleset, state: MatchState):
        """Who deals (of the side that lost the last round) and who leads (its winner)."""
        coming = state.next_hand
        if coming is None:
            return [], [], []
        words = {
            "dealer": state.players[coming.dealer],
            "eldest": state.players[coming.detail.leader],
            "side": side_names(ruleset, state.players)[ruleset.side_of(coming.dealer)],
        }
        steps = self.deal_words(coming, words)
        if coming.detail.loser_deals and ruleset.sides != ruleset.seats:
            steps[0] = _("%(side)s lost the last round and %(dealer)s deals.") % words
        elif coming.detail.loser_deals:
            steps[0] = _("%(dealer)s lost the last round and deals.") % words
        return steps, [], []

    def seat_points(self, ruleset, state: MatchState) -> list[int]:
        return [state.detail.points[ruleset.side_of(seat)] for seat in range(state.seats)]

    def row_details(self, ruleset, state: MatchState, hand: Hand) -> dict[str, Any]:
        sides = side_names(ruleset, state.players)
        data, winner = hand.input, hand.detail.winner
        if data.get("four_of_a_kind") is not None:
            counters = _("four of a kind")
        else:
            counters = " : ".join(str(c) for c in data["counters"])
        return {
            "counters": counters,
            "winner": sides[winner] if winner is not None else _("tie, nothing scored"),
            "points": hand.detail.points,
            "no_trick": data.get("no_trick"),
        }

    def chart(self, ruleset, state: MatchState) -> presenters.ScoreChart | None:
        """The tally of points per side, which is what a Sieben table keeps: from 0 up."""
        return presenters.chart(
            state,
            running=ruleset.tallies(state),
            labels=side_names(ruleset, state.players),
            signed=False,
        )

    def list_figures(self, match) -> str | None:
        # The home list shows the points per side (the tally the table keeps), not the
        # zero-sum totals, once the match stores its state: no replay per row.
        state = getattr(match, "stored_state", None)
        if state is None or not hasattr(state.detail, "points"):
            return None
        return " : ".join(str(points) for points in state.detail.points)

    def hand_facts(self, ruleset, players, data) -> list[HandFact]:
        sides = side_names(ruleset, players)

        def side(index):
            return sides[index] if isinstance(index, int) and 0 <= index < len(sides) else "—"

        if data.get("four_of_a_kind") is not None:
            return [HandFact("four_of_a_kind", side(data["four_of_a_kind"]), _("Four of a kind"))]
        facts = [
            HandFact(f"counters.{index}", str(value), side(index), _("Counters"))
            for index, value in enumerate(data.get("counters") or ())
        ]
        if "no_trick" in data:
            facts.append(
                HandFact(
                    "no_trick",
                    yes_no(data["no_trick"]),
                    _("The losing side took no trick"),
                    shown=bool(data["no_trick"]),
                )
            )
        return facts

    def ending_words(self, ruleset, state: MatchState) -> tuple[str | None, str | None]:
        """The tally decides (rules.md §3.5), in rounds."""
        ending = state.ending
        if ending is None:
            return None, None
        words = {"number": ending.hand}
        if ending.how == base.POINT_LIMIT:
            side = ruleset.side_of(ending.winners[0])
            words.update(
                side=side_names(ruleset, state.players)[side], points=state.detail.points[side]
            )
            return _("%(side)s reached %(points)s points in round %(number)s.") % words, None
        if ending.how == base.HANDS_LIMIT:
            return (
                ngettext(
                    "After %(number)s round: the most points win.",
                    "After %(number)s rounds: the most points win.",
                    ending.hand,
                )
                % words,
                None,
            )
        if ending.how == base.STOPPED and ending.hand:
            return (
                ngettext(
                    "The table ended the match after %(number)s round: the highest total wins.",
                    "The table ended the match after %(number)s rounds: the highest total wins.",
                    ending.hand,
                )
                % words,
                None,
            )
        return super().ending_words(ruleset, state)

    def ruled_end_words(self, ruleset, state: MatchState) -> str:
        """In rounds, as the rest of Sieben's words."""
        number = state.ending.hand if state.ending else 0
        if not number:
            return super().ruled_end_words(ruleset, state)
        return ngettext(
            "After %(number)s round: the highest total wins.",
            "After %(number)s rounds: the highest total wins.",
            number,
        ) % {"number": number}

    def page_context(self, ruleset, state: MatchState) -> dict[str, Any]:
        return {"sides": side_names(ruleset, state.players)}

    def history_heads(self, ruleset, state: MatchState) -> list[str]:
        return side_names(ruleset, state.players)

    def preview(self, ruleset, state: MatchState, hand: Hand) -> dict[str, Any]:
        """The round's winner and points (the tally the table keeps)."""
        winner, points = hand.detail.winner, hand.detail.points
        if winner is None:
            return {"preview_round": _("A tie for the most counters: nothing is scored.")}
        return {
            "preview_round": ngettext(
                "Round to %(side)s: %(points)s point.",
                "Round to %(side)s: %(points)s points.",
                points,
            )
            % {"side": side_names(ruleset, state.players)[winner], "points": points}
        }


def sieben_card(ruleset) -> list[str]:
    options = ruleset.options
    if ruleset.seats == 4:
        lines = [_("Four players in two partnerships: seats 1 and 3 against seats 2 and 4.")]
    elif ruleset.seats == 3:
        lines = [_("Three players, each for themselves; the most counters wins the round.")]
    else:
        lines = [_("Two players.")]
    lines.append(
        _(
            "Counters: each ace and ten 10, the last trick 10 — 90 in all. The side with more "
            "counters wins the round."
        )
    )
    if options["difference"]:
        lines.append(_("The winner of a round scores the difference of the counters."))
    else:
        lines.append(
            _("A round scores 1 point, 2 if the losers have no counters, 3 if they took no trick.")
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
