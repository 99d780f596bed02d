"""HTML forms: they parse what a person typed; the rules decide whether it is a valid hand."""

import random

from django import forms
from django.utils.translation import gettext_lazy as _

from .rules import RuleError
from .rules import _ as rules_
from .rules.sergeant_major import CALLS, PLUCKING, SUITS, WOBURN_BIDS
from .services import play as services
from .services.base import explain

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


def apply_rule_error(form: forms.Form, error: RuleError, field_for) -> None:
    """Put a rule error next to the form field it is about (or at the top of the form)."""
    name = field_for(error.field or "")
    form.add_error(name if name in form.fields else None, explain(error))


OPTION_LABELS = {
    "win_tricks": _("A player wins at once with this many tricks in one hand"),
    "point_limit": _("Play until a total reaches"),
    "point_band": _("Play until a total reaches plus or minus"),
    "hands_limit": _("Stop after this many hands"),
    "kitty_first": _("The dealer takes the kitty before discarding"),
    "all_pass": _("When nobody picks"),
    "double_on_bump": _("A losing picker side pays double"),
    "cracking": _("Cracking and recracking (×2, ×4)"),
    "dealer_sits_out": _("The dealer sits out each hand"),
    "difference": _("Score the difference of counters (game to 500)"),
    "four_of_a_kind": _("Four of a kind at the deal wins the round (4 points)"),
}
OPTION_CHOICES = {
    "redeal": _("Redeal, nothing scored"),
    "leaster": _("Play a leaster"),
    "doubler": _("Doubler: the next hand counts double"),
}
# The Sieben tally is in points, not totals; the label says so there.
SIEBEN_LABELS = {"point_limit": _("Play until a side has this many points")}


class NewMatchForm(forms.Form):
    """Players clockwise, the first dealer, and the variant's options (blank: none).

    The option fields follow the ruleset's ``options_spec``, so a new game brings its
    own options without a change here."""

    DRAW = "draw"

    game = forms.CharField(widget=forms.HiddenInput, required=False)
    variant = forms.CharField(widget=forms.HiddenInput, required=False)
    first_dealer = forms.ChoiceField(label=_("First dealer"), widget=forms.RadioSelect)

    def __init__(self, *args, ruleset, **kwargs):
        super().__init__(*args, **kwargs)
        self.ruleset = ruleset
        seats = self.seats = ruleset.seats
        self.fields["game"].initial = ruleset.game
        self.fields["variant"].initial = ruleset.variant
        self.option_names = [option.name for option in ruleset.options_spec]
        labels = {**OPTION_LABELS, **(SIEBEN_LABELS if ruleset.game == "sieben" else {})}
        for option in ruleset.options_spec:
            self.fields[option.name] = option_field(option, labels[option.name])
            self.fields[option.name].initial = ruleset.options[option.name]
        if getattr(ruleset.preset, "bidding", False):
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
        """The options as the rules read them; a blank number is none.

        A post without the options section (``options_shown``) keeps the preset's
        defaults: an unticked checkbox and a missing one look the same otherwise."""
        if not self.data.get("options_shown"):
            return {}
        chosen = {}
        for option in self.ruleset.options_spec:
            value = self.cleaned_data.get(option.name)
            chosen[option.name] = bool(value) if option.kind is bool else value
        return chosen

    def setup(self) -> dict:
        bid = self.cleaned_data.get("bid")
        return {"bid": bid} if bid is not None else {}

    @staticmethod
    def field_for(rule_field: str) -> str:
        """Map the rules' field names (``players.1``, ``options.win_tricks``) onto the form."""
        return rule_field.replace("players.", "player_").replace("options.", "")

    def option_fields(self):
        return [self[name] for name in self.option_names]

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


def option_field(option, label) -> forms.Field:
    """A form field for one variant option (see rules.base.Option)."""
    if option.kind is bool:
        return forms.BooleanField(label=label, required=False)
    if option.kind is str:
        return forms.ChoiceField(
            label=label, choices=[(c, OPTION_CHOICES.get(c, c)) for c in option.choices]
        )
    return forms.IntegerField(label=label, required=not option.nullable, min_value=option.minimum)


class HandForm(forms.Form):
    """What every hand form has: the number it records (two phones, one hand)."""

    number = forms.IntegerField(widget=forms.HiddenInput)
    template = ""

    def hand(self) -> dict:
        raise NotImplementedError

    @staticmethod
    def field_for(rule_field: str) -> str:
        return rule_field

    @classmethod
    def initial_for(cls, number: int, data: dict | None = None, extra=None) -> dict:
        return {"number": number, **(data or {})}


class SergeantMajorHandForm(HandForm):
    """One Sergeant Major hand: trumps (or the call) and the tricks of every seat."""

    template = "partials/hand_form.html"

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
    def initial_for(cls, number: int, data: dict | None = None, extra=None) -> dict:
        initial = {"number": number, "plucked": (extra or {}).get("exchanges")}
        if data:
            initial["trump"] = data.get("trump")
            initial["call"] = data.get("call")
            for seat, count in enumerate(data.get("tricks", [])):
                initial[f"tricks_{seat}"] = count
            initial["last_trick"] = data.get("last_trick")
        return initial


class SheepsheadHandForm(HandForm):
    """One Sheepshead hand: picker, partner, the picker side's points and the flags."""

    template = "partials/hand_form_sheepshead.html"
    NOBODY, ALONE = "nobody", "alone"

    points = forms.IntegerField(
        label=_("The picker side's card points"), min_value=0, max_value=120, required=False,
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "class": "points"}),
    )
    all_tricks = forms.BooleanField(label=_("The picker side took every trick"), required=False)
    no_trick = forms.BooleanField(label=_("The picker side took no trick"), required=False)

    def __init__(self, *args, state, ruleset, **kwargs):
        super().__init__(*args, **kwargs)
        self.options = ruleset.options
        active = state.next_hand.extra["active"] if state.next_hand else range(ruleset.seats)
        seats = [(str(seat), state.players[seat]) for seat in active]
        self.fields["picker"] = forms.ChoiceField(
            label=_("Picker"), choices=[*seats, (self.NOBODY, _("Nobody picked"))],
            widget=forms.RadioSelect, error_messages={"required": _("Who picked?")},
        )
        self.fields["partner"] = forms.ChoiceField(
            label=_("Partner"), choices=[(self.ALONE, _("Alone")), *seats],
            widget=forms.RadioSelect, initial=self.ALONE, required=False,
        )
        if self.options["all_pass"] == "leaster":
            self.fields["leaster_winner"] = forms.TypedChoiceField(
                label=_("Leaster won by (when nobody picked)"), choices=[("", "—"), *seats],
                coerce=int, empty_value=None, required=False,
            )
        if self.options["cracking"]:
            self.fields["cracked"] = forms.BooleanField(label=_("Cracked (×2)"), required=False)
            self.fields["recracked"] = forms.BooleanField(
                label=_("Recracked (×4)"), required=False
            )
        self.order_fields(["number", "picker", "partner", "points"])

    def hand(self) -> dict:
        data = self.cleaned_data
        if data["picker"] == self.NOBODY:
            hand = {"picker": None}
            if self.options["all_pass"] == "leaster":
                hand["leaster_winner"] = data.get("leaster_winner")
            return hand
        if data.get("points") is None:
            raise RuleError(rules_("Enter the picker side's card points."), field="points")
        partner = data.get("partner") or self.ALONE
        hand = {
            "picker": int(data["picker"]),
            "partner": None if partner == self.ALONE else int(partner),
            "points": data["points"],
            "all_tricks": data["all_tricks"],
            "no_trick": data["no_trick"],
        }
        if self.options["cracking"]:
            hand.update(cracked=data["cracked"], recracked=data["recracked"])
        return hand

    @classmethod
    def initial_for(cls, number: int, data: dict | None = None, extra=None) -> dict:
        initial = {"number": number}
        if data:
            initial.update(data)
            initial["picker"] = cls.NOBODY if data["picker"] is None else str(data["picker"])
            partner = data.get("partner")
            initial["partner"] = cls.ALONE if partner is None else str(partner)
        return initial


class SiebenHandForm(HandForm):
    """One Sieben round: the counters in tens (with two sides, one side's; the other has
    the rest of 90) and whether the loser took no trick."""

    template = "partials/hand_form_sieben.html"
    no_trick = forms.BooleanField(label=_("The losing side took no trick"), required=False)

    def __init__(self, *args, state, ruleset, **kwargs):
        super().__init__(*args, **kwargs)
        self.sides = ruleset.sides
        names = side_names(ruleset, state.players)
        self.side_names = names
        # Two sides: the second side's counters are 90 minus the first's.
        for side in range(1 if self.sides == 2 else self.sides):
            self.fields[f"counters_{side}"] = forms.IntegerField(
                label=names[side], min_value=0, max_value=90, required=False,
                widget=forms.NumberInput(
                    attrs={"inputmode": "numeric", "step": 10, "class": "counters"}
                ),
            )
        if ruleset.options["four_of_a_kind"]:
            self.fields["four_of_a_kind"] = forms.TypedChoiceField(
                label=_("Four of a kind shown at the deal by"),
                choices=[("", _("Nobody")), *[(str(i), n) for i, n in enumerate(names)]],
                coerce=int, empty_value=None, required=False,
            )

    def hand(self) -> dict:
        data = self.cleaned_data
        if data.get("four_of_a_kind") is not None:
            return {"counters": None, "no_trick": False, "four_of_a_kind": data["four_of_a_kind"]}
        counters = [data.get(f"counters_{side}") for side in range(len(self.counter_fields()))]
        if any(value is None for value in counters):
            raise RuleError(rules_("Enter the counters."), field="counters")
        if self.sides == 2:
            counters.append(90 - counters[0])
        return {"counters": counters, "no_trick": data["no_trick"]}

    def counter_fields(self):
        return [self[name] for name in self.fields if name.startswith("counters_")]

    @staticmethod
    def field_for(rule_field: str) -> str:
        return rule_field.replace("counters.", "counters_")

    @classmethod
    def initial_for(cls, number: int, data: dict | None = None, extra=None) -> dict:
        initial = {"number": number}
        if data:
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


HAND_FORMS = {
    "sergeant-major": SergeantMajorHandForm,
    "sheepshead": SheepsheadHandForm,
    "sieben": SiebenHandForm,
}


class CorrectionFields(forms.Form):
    version = forms.IntegerField(widget=forms.HiddenInput)
    reason = forms.CharField(
        label=_("Reason (optional)"), max_length=200, required=False
    )


def hand_form(ruleset, *, correction: bool = False) -> type[HandForm]:
    """The hand form of the ruleset's game; with the version and reason to correct."""
    form = HAND_FORMS[ruleset.game]
    if correction:
        return type(f"Correct{form.__name__}", (CorrectionFields, form), {})
    return form


class ReasonForm(forms.Form):
    """An optional reason, for the audit trail (undo, stop, reopen)."""

    reason = forms.CharField(label=_("Reason (optional)"), max_length=200, required=False)


class TokenForm(forms.Form):
    name = forms.CharField(
        label=_("What is it for?"), max_length=60,
        widget=forms.TextInput(attrs={"placeholder": _("e.g. club scoreboard")}),
    )
