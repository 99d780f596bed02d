"""Skat's hand form: what the table fills in after each game (the rules read it:
``Skat.hand_from_fields``), and back from a recorded game to correct it.

Radio buttons and a select, so that it works without JavaScript and a plain suit game
is a few taps on a phone: the declarer (or "passed in"), the game, with or without n
matadors, won or lost. Hand, ouvert and the announcements wait behind one tap (the
template's disclosure); the bid is a picker of the bid values, 18 unless changed; the
card points are optional."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy, pgettext_lazy

from matches.forms.play import HandForm

from . import rules
from .rules import BID_VALUES, CARD_POINTS, LOWEST_BID, MOST_MATADORS

# The games in the order a Skat player names them, highest suit first, with the suit's
# sign (the players' words: Kreuz, Pik, Herz, Karo).
GAME_NAMES = {
    "clubs": pgettext_lazy("skat", "Clubs"),
    "spades": pgettext_lazy("skat", "Spades"),
    "hearts": pgettext_lazy("skat", "Hearts"),
    "diamonds": pgettext_lazy("skat", "Diamonds"),
    "grand": pgettext_lazy("skat", "Grand"),
    "null": pgettext_lazy("skat", "Null"),
}
SIGNS = {"clubs": "♣", "spades": "♠", "hearts": "♥", "diamonds": "♦"}
# The flags behind the disclosure, and the two the table reports of every suit game.
ANNOUNCED = ("hand", "ouvert", "schneider_announced", "schwarz_announced")
REACHED = ("schneider", "schwarz")


def signed_name(game: str) -> str:
    """ "♣ Clubs", "Grand", "Null": the game as announced, with its suit's sign."""
    sign = SIGNS.get(game)
    return f"{sign} {GAME_NAMES[game]}" if sign else str(GAME_NAMES[game])


def seat_role(offset: int) -> str:
    """Vorhand, Mittelhand, Hinterhand: the seats after the dealer (rules.md §4.6)."""
    return str(ROLES[offset])


ROLES = (
    pgettext_lazy("skat", "Vorhand"),
    pgettext_lazy("skat", "Mittelhand"),
    pgettext_lazy("skat", "Hinterhand"),
)


def playing_seats(state) -> list[int]:
    """The three seats that play the coming game, Vorhand first."""
    coming = state.next_hand
    seats = state.seats
    dealer = coming.dealer if coming else seats - 1
    order = [(dealer + step) % seats for step in range(1, seats + 1)]
    active = coming.active if coming else tuple(range(seats))
    return [seat for seat in order if seat in active]


class SkatHandForm(HandForm):
    """One Skat game: who declared (or passed in), the game, the matadors, the result;
    hand, ouvert, the announcements, the bid and the card points if counted."""

    PASSED = rules.PASSED

    ouvert = forms.BooleanField(label=pgettext_lazy("skat", "Ouvert"), required=False)
    schneider_announced = forms.BooleanField(
        label=gettext_lazy("Schneider announced"), required=False
    )
    schwarz_announced = forms.BooleanField(label=gettext_lazy("Schwarz announced"), required=False)
    schneider = forms.BooleanField(label=pgettext_lazy("skat", "Schneider"), required=False)
    schwarz = forms.BooleanField(label=pgettext_lazy("skat", "Schwarz"), required=False)
    bid = forms.TypedChoiceField(
        label=gettext_lazy("Bid (Reizwert)"),
        choices=[(str(value), str(value)) for value in BID_VALUES],
        coerce=int,
        initial=str(LOWEST_BID),
        # Left out (a post without the picker), the rules take 18 (rules.md §4.1).
        required=False,
        empty_value=None,
    )
    points = forms.IntegerField(
        label=gettext_lazy("The declarer's card points (optional)"),
        min_value=0,
        max_value=CARD_POINTS,
        required=False,
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "class": "points"}),
    )

    def __init__(self, *args, state, ruleset, **kwargs):
        super().__init__(*args, state=state, ruleset=ruleset, **kwargs)
        # Made here, not declared on the class, where it would read as the form's
        # ``hand()`` (the hand the rules read from the fields).
        self.fields["hand"] = forms.BooleanField(
            label=pgettext_lazy("skat", "Hand"), required=False
        )
        coming = state.next_hand
        dealer = coming.dealer if coming else None
        seats = playing_seats(state)
        self.roles = {
            seat: seat_role(offset) for offset, seat in enumerate(seats) if dealer is not None
        }
        self.fields["declarer"] = forms.ChoiceField(
            label=gettext_lazy("Declarer"),
            choices=[
                *[(str(seat), state.players[seat]) for seat in seats],
                (self.PASSED, pgettext_lazy("skat", "Passed in")),
            ],
            widget=forms.RadioSelect,
            error_messages={"required": gettext_lazy("Who declared? Or was the game passed in?")},
        )
        self.fields["game"] = forms.ChoiceField(
            label=gettext_lazy("Game"),
            choices=[(game, signed_name(game)) for game in GAME_NAMES],
            widget=forms.RadioSelect,
            required=False,
        )
        self.fields["matadors_with"] = forms.ChoiceField(
            label=gettext_lazy("Matadors (Spitzen)"),
            choices=[
                (rules.WITH, pgettext_lazy("skat", "with")),
                (rules.WITHOUT, pgettext_lazy("skat", "without")),
            ],
            widget=forms.RadioSelect,
            required=False,
        )
        most = max(MOST_MATADORS.values())
        self.fields["matadors_n"] = forms.ChoiceField(
            label=gettext_lazy("How many"),
            choices=[(str(n), str(n)) for n in range(1, most + 1)],
            widget=forms.RadioSelect,
            required=False,
        )
        self.fields["won"] = forms.ChoiceField(
            label=gettext_lazy("Result"),
            choices=[
                (rules.WON, pgettext_lazy("skat", "Won")),
                (rules.LOST, pgettext_lazy("skat", "Lost")),
            ],
            widget=forms.RadioSelect,
            required=False,
        )
        self.order_fields(
            ["number", "declarer", "game", "matadors_with", "matadors_n", "won", *REACHED]
        )

    def declarer_choices(self):
        """(radio, role) per choice: Vorhand, Mittelhand, Hinterhand beside the names."""
        return [(choice, self.roles.get(_seat(choice))) for choice in self["declarer"]]

    def announced_fields(self):
        return [self[name] for name in ANNOUNCED]

    def reached_fields(self):
        return [self[name] for name in REACHED]

    def announced_open(self) -> bool:
        """The disclosure opens when it holds something: a ticked box or an error."""
        return any(self[name].value() or self[name].errors for name in ANNOUNCED)

    @staticmethod
    def field_for(rule_field: str) -> str:
        if rule_field == "passed":
            return "declarer"
        if rule_field == "matadors.with":
            return "matadors_with"
        if rule_field.startswith("matadors"):
            return "matadors_n"
        return rule_field

    @classmethod
    def initial_for(cls, number: int, hand=None) -> dict:
        initial = {"number": number, "bid": str(LOWEST_BID)}
        if not hand:
            return initial
        data = hand.input
        if data.get("passed"):
            return {**initial, "declarer": cls.PASSED}
        initial.update({name: data.get(name) for name in (*ANNOUNCED, *REACHED, "points")})
        initial.update(
            declarer=str(data["declarer"]),
            game=data["game"],
            bid=str(data["bid"]),
            won=rules.WON if data["won"] else rules.LOST,
        )
        matadors = data.get("matadors")
        if matadors:
            initial["matadors_with"] = rules.WITH if matadors["with"] else rules.WITHOUT
            initial["matadors_n"] = str(matadors["n"])
        return initial


def _seat(choice) -> int | None:
    value = choice.data["value"]
    return int(value) if str(value).isdigit() else None
