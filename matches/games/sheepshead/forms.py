"""Sheepshead's hand form: what the table fills in after each hand (the rules read it:
``Sheepshead.hand_from_fields``), and back from a recorded hand to correct it."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from matches.forms.play import HandForm

from . import rules
from .rules import CARD_POINTS


class SheepsheadHandForm(HandForm):
    """One Sheepshead hand: picker, partner, the picker side's points and the flags."""

    # The choices' values for "nobody picked" and "alone", as the rules read them.
    NOBODY, ALONE = rules.NOBODY, rules.ALONE

    points = forms.IntegerField(
        label=gettext_lazy("The picker side's card points"),
        min_value=0,
        max_value=CARD_POINTS,
        required=False,
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "class": "points"}),
    )
    all_tricks = forms.BooleanField(
        label=gettext_lazy("The picker side took every trick"), required=False
    )
    no_trick = forms.BooleanField(
        label=gettext_lazy("The picker side took no trick"), required=False
    )

    def __init__(self, *args, state, ruleset, **kwargs):
        super().__init__(*args, state=state, ruleset=ruleset, **kwargs)
        self.options = ruleset.options
        active = state.next_hand.active if state.next_hand else range(ruleset.seats)
        seats = [(str(seat), state.players[seat]) for seat in active]
        self.fields["picker"] = forms.ChoiceField(
            label=_("Picker"),
            choices=[*seats, (self.NOBODY, _("Nobody picked"))],
            widget=forms.RadioSelect,
            error_messages={"required": _("Who picked?")},
        )
        self.fields["partner"] = forms.ChoiceField(
            label=_("Partner"),
            choices=[(self.ALONE, _("Alone")), *seats],
            widget=forms.RadioSelect,
            initial=self.ALONE,
            required=False,
        )
        if self.options["all_pass"] == "leaster":
            self.fields["leaster_winner"] = forms.TypedChoiceField(
                label=_("Leaster won by (when nobody picked)"),
                choices=[("", "—"), *seats],
                coerce=int,
                empty_value=None,
                required=False,
            )
        if self.options["cracking"]:
            self.fields["cracked"] = forms.BooleanField(label=_("Cracked (×2)"), required=False)
            self.fields["recracked"] = forms.BooleanField(label=_("Recracked (×4)"), required=False)
        self.order_fields(["number", "picker", "partner", "points"])

    @classmethod
    def initial_for(cls, number: int, hand=None) -> dict:
        initial = {"number": number}
        if hand:
            data = hand.input
            initial.update(data)
            initial["picker"] = cls.NOBODY if data["picker"] is None else str(data["picker"])
            partner = data.get("partner")
            initial["partner"] = cls.ALONE if partner is None else str(partner)
        return initial
