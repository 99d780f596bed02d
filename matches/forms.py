"""HTML forms: they parse what a person typed; the rules decide whether it is a valid hand."""

import random

from django import forms
from django.utils.translation import gettext_lazy as _

from . import services
from .rules import RuleError
from .rules.sergeant_major import CALLS, PLUCKING, SUITS, WOBURN_BIDS

SUIT_LABELS = {
    "clubs": _("Clubs"),
    "spades": _("Spades"),
    "hearts": _("Hearts"),
    "diamonds": _("Diamonds"),
    "no-trumps": _("No trumps"),
    "miz": _("Miz"),
}
SUIT_SYMBOLS = {
    "clubs": "♣", "spades": "♠", "hearts": "♥", "diamonds": "♦", "no-trumps": "NT", "miz": "Ø",
}
END_OPTIONS = ("win_tricks", "point_limit", "point_band", "hands_limit")


def apply_rule_error(form: forms.Form, error: RuleError, field_for) -> None:
    """Put a rule error next to the form field it is about (or at the top of the form)."""
    name = field_for(error.field or "")
    form.add_error(name if name in form.fields else None, services.explain(error))


class NewMatchForm(forms.Form):
    """Players clockwise, the first dealer, and the variant's options (blank: none)."""

    DRAW = "draw"

    variant = forms.CharField(widget=forms.HiddenInput, required=False)
    first_dealer = forms.ChoiceField(label=_("First dealer"), widget=forms.RadioSelect)
    win_tricks = forms.IntegerField(
        label=_("A player wins at once with this many tricks in one hand"), required=False,
        min_value=1,
    )
    point_limit = forms.IntegerField(
        label=_("Play until a total reaches"), required=False, min_value=1
    )
    point_band = forms.IntegerField(
        label=_("Play until a total reaches plus or minus"), required=False, min_value=1
    )
    hands_limit = forms.IntegerField(
        label=_("Stop after this many hands"), required=False, min_value=1
    )
    kitty_first = forms.BooleanField(
        label=_("The dealer takes the kitty before discarding"), required=False
    )

    def __init__(self, *args, ruleset, **kwargs):
        super().__init__(*args, **kwargs)
        self.ruleset = ruleset
        seats = self.seats = ruleset.seats
        self.fields["variant"].initial = ruleset.variant
        for name in [*END_OPTIONS, "kitty_first"]:
            self.fields[name].initial = ruleset.options[name]
        if ruleset.preset.bidding:
            self.fields["bid"] = forms.TypedChoiceField(
                label=_("The winning bid"),
                choices=[("", _("No bidding: a normal first deal"))]
                + [
                    (str(bid), f"{bid} ({'-'.join(map(str, targets))})")
                    for bid, targets in WOBURN_BIDS.items()
                ],
                coerce=int,
                empty_value=None,
                required=False,
            )
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

    def options(self) -> dict:
        """The options as the rules read them; a blank end condition is none.

        A post without the options section (``options_shown``) keeps the preset's
        defaults: an unticked checkbox and a missing one look the same otherwise."""
        if not self.data.get("options_shown"):
            return {}
        chosen = {name: self.cleaned_data.get(name) for name in END_OPTIONS}
        chosen["kitty_first"] = bool(self.cleaned_data.get("kitty_first"))
        return chosen

    def setup(self) -> dict:
        bid = self.cleaned_data.get("bid")
        return {"bid": bid} if bid is not None else {}

    @staticmethod
    def field_for(rule_field: str) -> str:
        """Map the rules' field names (``players.1``, ``options.win_tricks``) onto the form."""
        return rule_field.replace("players.", "player_").replace("options.", "")

    def option_fields(self):
        return [self[name] for name in [*END_OPTIONS, "kitty_first"]]

    def clean(self):
        cleaned = super().clean()
        names = [cleaned.get(f"player_{seat}") for seat in range(self.seats)]
        if all(names):
            try:
                cleaned["players"] = services.clean_players(names)
            except RuleError as error:
                apply_rule_error(self, error, self.field_for)
        dealer = cleaned.get("first_dealer")
        if dealer == self.DRAW:
            # Drawing for the deal, as the table would: any seat, equally likely.
            cleaned["dealer_seat"] = random.randrange(self.seats)
        elif dealer is not None:
            cleaned["dealer_seat"] = int(dealer)
        return cleaned


class HandForm(forms.Form):
    """One Sergeant Major hand: trumps (or the call) and the tricks of every seat."""

    number = forms.IntegerField(widget=forms.HiddenInput)

    def __init__(self, *args, state, ruleset, **kwargs):
        """``state`` is the match as it stood before this hand (for a correction, before
        the corrected hand): it gives the seats, the calls left and the plucking owed."""
        super().__init__(*args, **kwargs)
        self.seats = len(state.players)
        self.choice = "call" if ruleset.preset.calls else "trump"
        if ruleset.preset.calls:
            dealer = state.next_hand.dealer if state.next_hand else None
            left = state.next_hand.extra.get("calls_left", []) if state.next_hand else []
            self.fields["call"] = forms.ChoiceField(
                label=_("The dealer's call"),
                choices=[
                    (call, SUIT_LABELS[call])
                    for call in CALLS
                    if dealer is None or not left or call in left[dealer]
                ],
                widget=forms.RadioSelect,
                error_messages={"required": _("Choose the call.")},
            )
        else:
            self.fields["trump"] = forms.ChoiceField(
                label=_("Trumps"),
                choices=[(suit, SUIT_LABELS[suit]) for suit in SUITS],
                widget=forms.RadioSelect,
                error_messages={"required": _("Choose trumps.")},
            )
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
        self.plucking = []
        if ruleset.preset.exchange == PLUCKING and state.hands and state.next_hand:
            proposal = [e.as_dict() for e in state.next_hand.exchanges]
            self.add_plucking(state, state.hands[-1].scores, proposal)
        if ruleset.options.get("point_limit") is not None:
            self.fields["last_trick"] = forms.TypedChoiceField(
                label=_("Of the tied players, who took a trick most recently?"),
                choices=[("", "—")] + [(str(s), n) for s, n in enumerate(state.players)],
                coerce=int,
                empty_value=None,
                required=False,
            )

    def add_plucking(self, state, scores, proposal) -> None:
        """§1.6: with two seats up and two down the table may pluck otherwise than
        proposed; one field per giver and receiver, prefilled with the proposal."""
        up = [seat for seat, score in enumerate(scores) if score > 0]
        down = [seat for seat, score in enumerate(scores) if score < 0]
        if len(up) < 2 or len(down) < 2:
            return  # forced: nothing to choose
        proposed = {(e["from"], e["to"]): e["cards"] for e in proposal}
        self.proposal = proposed
        # A correction shows what the table actually did, which may differ.
        done = self.initial.get("plucked")
        shown = {(e["from"], e["to"]): e["cards"] for e in done} if done else proposed
        for giver in up:
            for receiver in down:
                name = f"pluck_{giver}_{receiver}"
                self.fields[name] = forms.IntegerField(
                    label=_("%(giver)s to %(receiver)s")
                    % {"giver": state.players[giver], "receiver": state.players[receiver]},
                    min_value=0,
                    max_value=min(scores[giver], -scores[receiver]),
                    initial=shown.get((giver, receiver), 0),
                    widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
                )
                self.plucking.append((giver, receiver, name))

    def hand(self) -> dict:
        """The hand as the rules read it."""
        data = {
            "tricks": [self.cleaned_data[f"tricks_{seat}"] for seat in range(self.seats)],
            self.choice: self.cleaned_data[self.choice],
        }
        if self.cleaned_data.get("last_trick") is not None:
            data["last_trick"] = self.cleaned_data["last_trick"]
        done = {
            (giver, receiver): self.cleaned_data[name]
            for giver, receiver, name in self.plucking
            if self.cleaned_data.get(name)
        }
        # Only an allocation that differs from the proposal is recorded as an override.
        if self.plucking and done != self.proposal:
            data["exchanges"] = [
                {"from": giver, "to": receiver, "cards": cards}
                for (giver, receiver), cards in done.items()
            ]
        return data

    def plucking_fields(self):
        return [self[name] for _giver, _receiver, name in self.plucking]

    @staticmethod
    def field_for(rule_field: str) -> str:
        """Map the rules' field names (``tricks.1``) onto this form's (``tricks_1``)."""
        return rule_field.replace("tricks.", "tricks_")

    def tricks_fields(self):
        return [self[f"tricks_{seat}"] for seat in range(self.seats)]

    @classmethod
    def initial_for(cls, number: int, data: dict | None = None, plucked=None) -> dict:
        initial = {"number": number, "plucked": plucked}
        if data:
            initial["trump"] = data.get("trump")
            initial["call"] = data.get("call")
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
