"""HTML forms: they parse what a person typed; the rules decide whether it is a valid hand."""

import random

from django import forms
from django.utils.translation import gettext_lazy as _

from . import services
from .rules import RuleError
from .rules.sergeant_major import SUITS

SUIT_LABELS = {
    "clubs": _("Clubs"),
    "spades": _("Spades"),
    "hearts": _("Hearts"),
    "diamonds": _("Diamonds"),
}
SUIT_SYMBOLS = {"clubs": "♣", "spades": "♠", "hearts": "♥", "diamonds": "♦"}


def apply_rule_error(form: forms.Form, error: RuleError, field_for) -> None:
    """Put a rule error next to the form field it is about (or at the top of the form)."""
    name = field_for(error.field or "")
    form.add_error(name if name in form.fields else None, services.explain(error))


class NewMatchForm(forms.Form):
    DRAW = "draw"

    first_dealer = forms.ChoiceField(label=_("First dealer"), widget=forms.RadioSelect)

    def __init__(self, *args, seats: int = 3, **kwargs):
        super().__init__(*args, **kwargs)
        self.seats = seats
        for seat in range(seats):
            self.fields[f"player_{seat}"] = forms.CharField(
                label=_("Seat %(seat)s") % {"seat": seat + 1},
                max_length=services.NAME_MAX,
                widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "words"}),
            )
        self.fields["first_dealer"].choices = [(self.DRAW, _("Draw for me"))] + [
            (str(seat), _("Seat %(seat)s") % {"seat": seat + 1}) for seat in range(seats)
        ]
        self.fields["first_dealer"].initial = self.DRAW
        # Keep the names first in the form, in seating order.
        self.order_fields([f"player_{seat}" for seat in range(seats)] + ["first_dealer"])

    def clean(self):
        cleaned = super().clean()
        names = [cleaned.get(f"player_{seat}") for seat in range(self.seats)]
        if all(names):
            try:
                cleaned["players"] = services.clean_players(names)
            except RuleError as error:
                apply_rule_error(self, error, lambda f: f.replace("players.", "player_"))
        dealer = cleaned.get("first_dealer")
        if dealer == self.DRAW:
            # Drawing for the deal, as the table would: any seat, equally likely.
            cleaned["dealer_seat"] = random.randrange(self.seats)
        elif dealer is not None:
            cleaned["dealer_seat"] = int(dealer)
        return cleaned


class HandForm(forms.Form):
    """One Sergeant Major hand: trumps and the tricks of every seat."""

    number = forms.IntegerField(widget=forms.HiddenInput)
    trump = forms.ChoiceField(
        label=_("Trumps"),
        choices=[(suit, SUIT_LABELS[suit]) for suit in SUITS],
        widget=forms.RadioSelect,
        error_messages={"required": _("Choose trumps.")},
    )

    def __init__(self, *args, state, ruleset, **kwargs):
        super().__init__(*args, **kwargs)
        self.seats = len(state.players)
        for seat, name in enumerate(state.players):
            self.fields[f"tricks_{seat}"] = forms.IntegerField(
                label=name,
                min_value=0,
                max_value=ruleset.tricks,
                error_messages={
                    "required": _("How many tricks did %(name)s take?") % {"name": name},
                    "invalid": _("Enter a whole number."),
                },
                widget=forms.NumberInput(attrs={"inputmode": "numeric", "class": "tricks"}),
            )
        if ruleset.options.get("point_limit") is not None:
            self.fields["last_trick"] = forms.TypedChoiceField(
                label=_("Who took a trick last? (only needed for a tie at the limit)"),
                choices=[("", "—")] + [(str(s), n) for s, n in enumerate(state.players)],
                coerce=int,
                empty_value=None,
                required=False,
            )

    def hand(self) -> dict:
        """The hand as the rules read it."""
        data = {
            "tricks": [self.cleaned_data[f"tricks_{seat}"] for seat in range(self.seats)],
            "trump": self.cleaned_data["trump"],
        }
        if self.cleaned_data.get("last_trick") is not None:
            data["last_trick"] = self.cleaned_data["last_trick"]
        return data

    @staticmethod
    def field_for(rule_field: str) -> str:
        """Map the rules' field names (``tricks.1``) onto this form's (``tricks_1``)."""
        return rule_field.replace("tricks.", "tricks_")

    def tricks_fields(self):
        return [self[f"tricks_{seat}"] for seat in range(self.seats)]

    @classmethod
    def initial_for(cls, number: int, data: dict | None = None) -> dict:
        initial = {"number": number}
        if data:
            initial["trump"] = data.get("trump")
            for seat, count in enumerate(data.get("tricks", [])):
                initial[f"tricks_{seat}"] = count
            initial["last_trick"] = data.get("last_trick")
        return initial


class CorrectionForm(HandForm):
    version = forms.IntegerField(widget=forms.HiddenInput)
    reason = forms.CharField(
        label=_("Reason (optional)"), max_length=200, required=False
    )


class UndoForm(forms.Form):
    reason = forms.CharField(label=_("Reason (optional)"), max_length=200, required=False)


class TokenForm(forms.Form):
    name = forms.CharField(
        label=_("What is it for?"), max_length=60,
        widget=forms.TextInput(attrs={"placeholder": _("e.g. club scoreboard")}),
    )
