"""Sergeant Major's hand form: what the table fills in after each hand (the rules read
it: ``SergeantMajor.hand_from_fields``), and back from a recorded hand to correct it."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from matches.forms.play import HandForm
from matches.rules.base import signed

from .rules import CALLS, SUITS

SUIT_LABELS = {
    "clubs": gettext_lazy("Clubs"),
    "spades": gettext_lazy("Spades"),
    "hearts": gettext_lazy("Hearts"),
    "diamonds": gettext_lazy("Diamonds"),
    "no-trumps": gettext_lazy("No trumps"),
    "miz": gettext_lazy("Miz"),
}
SUIT_SYMBOLS = {
    "clubs": "♣",
    "spades": "♠",
    "hearts": "♥",
    "diamonds": "♦",
    # German spells it out, as its name ("Ohne Trumpf"): a German table does not say NT.
    "no-trumps": pgettext_lazy("the short sign of no trumps, beside ♣ ♠ ♥ ♦", "NT"),
    "miz": "Ø",
}


def symbol_beside_name(suit: str) -> str:
    """A suit's sign where its name stands beside it (a trump's button, the history):
    none where the sign is the name spelled out, which would stand there twice."""
    symbol = str(SUIT_SYMBOLS.get(suit, ""))
    return "" if symbol == str(SUIT_LABELS.get(suit, "")) else symbol


class SergeantMajorHandForm(HandForm):
    """One Sergeant Major hand: trumps (or the call) and the tricks of every seat."""

    @property
    def symbols(self) -> dict[str, str]:
        """Beside each trump's name on its button."""
        return {suit: symbol_beside_name(suit) for suit in SUIT_SYMBOLS}

    def __init__(self, *args, state, ruleset, **kwargs):
        """``state`` is the match as it stood before this hand (for a correction, before
        the corrected hand): it gives the seats, the calls left and the plucking owed."""
        super().__init__(*args, state=state, ruleset=ruleset, **kwargs)
        self.seats = len(state.players)
        self.tricks_per_hand = ruleset.tricks  # the page counts down what is left to place
        # With a sitter (docs/tournaments.md §2) the seat to the dealer's right takes no tricks:
        # its field is fixed at 0 (disabled: not posted, and the rules read 0) and the
        # page says it sits out.
        coming = state.next_hand
        playing = coming.active if coming else range(self.seats)
        self.sitting_out = {seat for seat in range(self.seats) if seat not in playing}
        self.choice = "call" if ruleset.preset.calls else "trump"
        if ruleset.preset.calls:
            dealer = state.next_hand.dealer if state.next_hand else None
            left = state.next_hand.detail.calls_left if state.next_hand else None
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
            out = seat in self.sitting_out
            self.fields[f"tricks_{seat}"] = forms.IntegerField(
                label=name,
                min_value=0,
                max_value=0 if out else ruleset.tricks,
                # A disabled field keeps its initial value whatever is posted.
                disabled=out,
                initial=0 if out else None,
                error_messages={
                    "required": _("How many tricks did %(name)s take?") % {"name": name},
                    "invalid": _("Enter a whole number."),
                },
                widget=forms.NumberInput(attrs={"inputmode": "numeric", "class": "tricks"}),
            )
        self.plucking = []
        if state.next_hand and state.next_hand.detail.pluck_choice:
            proposal = [e.as_dict() for e in state.next_hand.exchanges]
            self.add_plucking(state, state.hands[-1].scores, proposal)
        # §1.3: asked only in a hand that can end in a tie at the limit that only the last
        # trick breaks, and only of the seats that can be in it (the rules say which).
        self.may_tie = state.next_hand.detail.may_tie if state.next_hand else ()
        if self.may_tie:
            words = {
                "names": " & ".join(state.players[seat] for seat in self.may_tie),
                "limit": signed(ruleset.options["point_limit"]),
            }
            self.tie_question = _("Could %(names)s tie at %(limit)s? Who took a trick last") % words
            self.fields["last_trick"] = forms.TypedChoiceField(
                label=_(
                    "If %(names)s reach %(limit)s with equal totals and equal gains in this "
                    "hand: which of them took a trick most recently?"
                )
                % words,
                choices=[("", "—")] + [(str(seat), state.players[seat]) for seat in self.may_tie],
                coerce=int,
                empty_value=None,
                required=False,
            )

    def add_plucking(self, state, scores, proposal) -> None:
        """§1.6: with two seats up and two down the table may pluck otherwise than
        proposed; one field per giver and receiver, prefilled with the proposal."""
        up = [seat for seat, score in enumerate(scores) if score > 0]
        down = [seat for seat, score in enumerate(scores) if score < 0]
        proposed = {(e["from"], e["to"]): e["cards"] for e in proposal}
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

    @property
    def miz_offered(self) -> bool:
        """The alternate game's dealer may still call miz, where targets are maxima."""
        return self.choice == "call" and any(
            value == "miz" for value, _label in self.fields["call"].choices
        )

    @property
    def miz_chosen(self) -> bool:
        return self.miz_offered and self[self.choice].value() == "miz"

    def plucking_fields(self):
        return [self[name] for _giver, _receiver, name in self.plucking]

    @staticmethod
    def field_for(rule_field: str) -> str:
        """Map the rules' field names (``tricks.1``) onto this form's (``tricks_1``)."""
        return rule_field.replace("tricks.", "tricks_")

    def tricks_fields(self):
        """(field, sits out) per seat, in seating order."""
        return [(self[f"tricks_{seat}"], seat in self.sitting_out) for seat in range(self.seats)]

    @classmethod
    def initial_for(cls, number: int, hand=None) -> dict:
        plucked = hand.detail.plucked if hand else None
        initial = {"number": number, "plucked": [e.as_dict() for e in plucked or ()]}
        data = hand.input if hand else None
        if data:
            initial["trump"] = data.get("trump")
            initial["call"] = data.get("call")
            for seat, count in enumerate(data.get("tricks", [])):
                initial[f"tricks_{seat}"] = count
            initial["last_trick"] = data.get("last_trick")
        return initial
