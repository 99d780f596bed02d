"""Sieben's hand form: what the table fills in after each hand (the rules read it:
``Sieben.hand_from_fields``), and back from a recorded hand to correct it."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from matches.forms.play import HandForm

from .rules import COUNTERS


class SiebenHandForm(HandForm):
    """One Sieben round: the counters in tens (with two sides, one side's; the other has
    the rest of 90) and whether the loser took no trick."""

    no_trick = forms.BooleanField(
        label=gettext_lazy("The losing side took no trick"), required=False
    )

    def __init__(self, *args, state, ruleset, **kwargs):
        super().__init__(*args, state=state, ruleset=ruleset, **kwargs)
        self.sides = ruleset.sides
        self.counters = COUNTERS  # the page works out the other side's rest
        names = side_names(ruleset, state.players)
        self.side_names = names
        # Two sides: the second side's counters are the rest of the 90.
        for side in range(1 if self.sides == 2 else self.sides):
            self.fields[f"counters_{side}"] = forms.IntegerField(
                label=names[side],
                min_value=0,
                max_value=COUNTERS,
                required=False,
                widget=forms.NumberInput(
                    attrs={"inputmode": "numeric", "step": 10, "class": "counters"}
                ),
            )
        if ruleset.options["four_of_a_kind"]:
            self.fields["four_of_a_kind"] = forms.TypedChoiceField(
                label=_("Four of a kind shown at the deal by"),
                choices=[("", _("Nobody")), *[(str(i), n) for i, n in enumerate(names)]],
                coerce=int,
                empty_value=None,
                required=False,
            )

    def counter_fields(self):
        return [self[name] for name in self.fields if name.startswith("counters_")]

    @staticmethod
    def field_for(rule_field: str) -> str:
        return rule_field.replace("counters.", "counters_")

    @classmethod
    def initial_for(cls, number: int, hand=None) -> dict:
        initial = {"number": number}
        if hand:
            data = hand.input
            for side, value in enumerate(data.get("counters") or []):
                initial[f"counters_{side}"] = value
            initial["no_trick"] = data.get("no_trick")
            initial["four_of_a_kind"] = data.get("four_of_a_kind")
        return initial


def side_names(ruleset, players) -> list[str]:
    """Partners are a side: "Ann & Cy"; otherwise each player is one."""
    if ruleset.sides == len(players):
        return list(players)
    return [
        " & ".join(players[seat] for seat in range(len(players)) if seat % ruleset.sides == side)
        for side in range(ruleset.sides)
    ]
