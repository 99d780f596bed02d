"""American Sheepshead, its registry entry: the deal and who sits out, the history's
picker columns. Its hand form (picker, partner, points) is in ``forms``, its API hand
body in ``schema``, its templates and script in ``templates/`` and ``static/``; the rules
are in ``rules``."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext, pgettext_lazy

from matches.games.base import Game, yes_no
from matches.presenters import HandFact
from matches.rules import Hand, MatchState, NextHand

from .forms import SheepsheadHandForm
from .rules import CARD_POINTS, MULTIPLIERS, Sheepshead
from .schema import SheepsheadHand


class SheepsheadGame(Game):
    ruleset_class = Sheepshead
    name = gettext_lazy("Sheepshead")
    hand_form = SheepsheadHandForm
    hand_body = SheepsheadHand
    # Card points, "Augen" in German as on the hand form (not the game's "Punkte").
    paper_columns = (
        gettext_lazy("Picker"),
        gettext_lazy("Partner"),
        pgettext_lazy("card points", "Points"),
    )
    previewed = True
    history_columns = 4
    option_labels = {
        "all_pass": gettext_lazy("When nobody picks"),
        "double_on_bump": gettext_lazy("A losing picker side pays double"),
        "cracking": gettext_lazy("Cracking and recracking (×2, ×4)"),
        "dealer_sits_out": gettext_lazy("The dealer sits out each hand"),
    }
    option_choices = {
        "redeal": gettext_lazy("Redeal, nothing scored"),
        "leaster": gettext_lazy("Play a leaster"),
        "doubler": gettext_lazy("Doubler: the next hand counts double"),
    }
    # Either side of each boundary of the multiplier (rules.md §2.4), and all the card
    # points, each one tap away: 30, 31, 60, 61, 90, 91, 120.
    quick_points = (
        *sorted(points for least, _m in MULTIPLIERS for points in (least - 1, least)),
        CARD_POINTS,
    )

    def rules_card(self, ruleset) -> list[str]:
        return sheepshead_card(ruleset)

    def offered_options(self, ruleset) -> list[str]:
        # rules.md §2.6: the dealer sits out only with six at the table.
        offered = super().offered_options(ruleset)
        return [name for name in offered if name != "dealer_sits_out" or ruleset.seats == 6]

    def hand_facts(self, ruleset, players, data) -> list[HandFact]:
        def name(seat):
            return players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else "—"

        picker = data.get("picker")
        facts = [
            HandFact("picker", _("nobody picked") if picker is None else name(picker), _("Picker"))
        ]
        if picker is not None:
            partner = data.get("partner")
            facts.append(
                HandFact("partner", _("alone") if partner is None else name(partner), _("Partner"))
            )
        if data.get("points") is not None:
            facts.append(HandFact("points", str(data["points"]), pgettext("card points", "Points")))
        for key, label in (
            ("all_tricks", _("The picker side took every trick")),
            ("no_trick", _("The picker side took no trick")),
            ("cracked", _("Cracked (×2)")),
            ("recracked", _("Recracked (×4)")),
        ):
            if key in data:
                facts.append(HandFact(key, yes_no(data[key]), label, shown=bool(data[key])))
        if data.get("leaster_winner") is not None:
            facts.append(
                HandFact("leaster_winner", name(data["leaster_winner"]), _("Leaster won by"))
            )
        return facts

    def deal_words(self, coming: NextHand, words) -> list[str]:
        """Who deals (and sits out), who picks first and leads, a doubler's factor."""
        if coming.dealer in coming.active:
            steps = [_("%(dealer)s deals.") % words]
        else:
            steps = [_("%(dealer)s deals and sits out this hand.") % words]
        steps.append(_("%(eldest)s is first to pick or pass, and leads.") % words)
        if coming.detail.doublers:
            steps.append(
                _("Doubler: this hand counts ×%(factor)s.") % {"factor": 2**coming.detail.doublers}
            )
        return steps

    def row_details(self, ruleset, state: MatchState, hand: Hand) -> dict[str, Any]:
        names = state.players
        data = hand.input
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
            "multiplier": hand.detail.multiplier,
            "flags": ", ".join(flags),
        }


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
        _("Each opponent pays the multiplier, the partner receives it, the picker gets the rest."),
        {
            "redeal": _("When nobody picks, the cards are redealt and nothing is scored."),
            "leaster": _(
                "When nobody picks, a leaster is played: its winner gets 1 from every other player."
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
        lines.append(_("After %(n)s hands the highest total wins.") % {"n": options["hands_limit"]})
    else:
        lines.append(_("Open-ended: play until you stop the match; the highest total wins."))
    return lines
