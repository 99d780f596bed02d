"""The forms of a match: a new match, a hand (each game's form builds on ``HandForm``), a
correction's reason, the home list's search, archiving."""

import random

from django import forms
from django.utils.translation import gettext_lazy as _

from ..errors import explain
from ..rules import RuleError, get_ruleset
from ..rules.base import Term
from ..text import NAME_MAX, NAME_TOO_LONG, REASON_MAX, REASON_TOO_LONG, clean_name
from .fields import OPTION_LABELS, TypedText, option_field


class NewMatchForm(forms.Form):
    """Players clockwise, the first dealer, and the variant's options (blank: none).

    The option fields follow the ruleset's ``options_spec`` and the set-up fields come
    from the game's plugin, so a new game brings its own without a change here. A game
    whose ``seat_option`` seats one more player (Sergeant Major's sitter) gets that
    option beside the names and one more name field, needed only when it is ticked."""

    DRAW = "draw"

    game = forms.CharField(widget=forms.HiddenInput, required=False)
    variant = forms.CharField(widget=forms.HiddenInput, required=False)
    first_dealer = forms.ChoiceField(label=_("First dealer"), widget=forms.RadioSelect)

    def __init__(self, *args, ruleset, game, **kwargs):
        super().__init__(*args, **kwargs)
        self.ruleset = ruleset
        seats = self.seats = ruleset.seats
        self.fields["game"].initial = ruleset.game
        self.fields["variant"].initial = ruleset.variant
        spec = [option.name for option in ruleset.options_spec]
        self.seat_option = ruleset.seat_option if ruleset.seat_option in spec else None
        offered = game.offered_options(ruleset)
        self.option_names = [name for name in offered if name != self.seat_option]
        self.end_names = [o.name for o in ruleset.options_spec if o.ends and o.name in offered]
        # With the seat option on, one more player sits at the table.
        self.most_seats = seats + (1 if self.seat_option else 0)
        self.seat_hint = game.seat_option_hint
        # The first-dealer choice of that seat (the page hides it while the option is off).
        self.extra_dealer = str(seats) if self.seat_option else None
        labels = {**OPTION_LABELS, **game.option_labels}
        for option in ruleset.options_spec:
            if option.name not in offered and option.name != self.seat_option:
                continue
            self.fields[option.name] = option_field(
                option, labels[option.name], game.option_choices
            )
            self.fields[option.name].initial = ruleset.options[option.name]
        setup = game.setup_fields(ruleset)
        self.setup_names = list(setup)
        self.fields.update(setup)
        for seat in range(self.most_seats):
            extra = seat >= seats
            label = (_("Seat %(seat)s (only %(hint)s)") if extra else _("Seat %(seat)s")) % {
                "seat": seat + 1,
                "hint": self.seat_hint,
            }
            attrs = {"autocomplete": "off", "autocapitalize": "words"}
            self.fields[f"player_{seat}"] = TypedText(
                label=label,
                max_length=NAME_MAX,
                too_long=NAME_TOO_LONG,
                required=not extra,
                widget=forms.TextInput(attrs=attrs),
            )
        # Where the set-up may decide the first dealer (Woburn: the highest bidder deals),
        # there is nothing to draw for once it does: the page hides the draw while a
        # set-up field (the bid) is chosen, and ``clean`` refuses it.
        setup_decides = game.first_dealer_label(ruleset) is not None
        self.draw_hidden_with = next(iter(self.setup_names), None) if setup_decides else None
        draw = _("Draw for me (no bid)") if self.draw_hidden_with else _("Draw for me")
        self.fields["first_dealer"].choices = [(self.DRAW, draw)] + [
            (str(seat), _("Seat %(seat)s") % {"seat": seat + 1}) for seat in range(self.most_seats)
        ]
        self.fields["first_dealer"].initial = self.DRAW
        self.fields["first_dealer"].label = (
            game.first_dealer_label(ruleset) or self.fields["first_dealer"].label
        )
        # Keep the names first in the form, in seating order.
        self.order_fields([f"player_{seat}" for seat in range(self.most_seats)] + ["first_dealer"])

    def options(self) -> dict:
        """The options as the rules read them; a blank number is none.

        A post without the options section (``options_shown``) keeps the preset's
        defaults: an unticked checkbox and a missing one look the same otherwise."""
        chosen = {}
        if self.seat_option:  # shown beside the names, not among the other options
            chosen[self.seat_option] = bool(self.cleaned_data.get(self.seat_option))
        if not self.data.get("options_shown"):
            return chosen
        for option in self.ruleset.options_spec:
            if option.name not in self.option_names:
                continue
            value = self.cleaned_data.get(option.name)
            chosen[option.name] = bool(value) if option.kind is bool else value
        return chosen

    def setup(self) -> dict:
        """The set-up as the rules read it (the Woburn bid); a blank field is none."""
        chosen = {name: self.cleaned_data.get(name) for name in self.setup_names}
        return {name: value for name, value in chosen.items() if value is not None}

    @staticmethod
    def field_for(rule_field: str) -> str:
        """Map the rules' field names (``players.1``, ``options.win_tricks``) onto the form."""
        return rule_field.replace("players.", "player_").replace("options.", "")

    def explain(self, error: RuleError) -> str:
        """A rule error in this form's words: an option the rules name (``win_tricks``)
        is called by its label, as the page shows it."""
        params = {
            key: f"“{self.fields[value].label}”"
            if isinstance(value, Term) and value in self.fields
            else value
            for key, value in error.params.items()
        }
        worded = RuleError(error.message, error.field, **params)
        worded.hand = error.hand
        return explain(worded)

    def setup_fields(self):
        return [self[name] for name in self.setup_names]

    def end_fields(self):
        """The options that say how the match ends."""
        return [self[name] for name in self.option_names if name in self.end_names]

    def table_fields(self):
        """The table's own rules (a leaster, cracking, the kitty first...)."""
        return [self[name] for name in self.option_names if name not in self.end_names]

    def dealer_choices(self):
        """(choice, name) per first-dealer choice: a seat's choice with the name typed
        for it, as far as the page knows it (a form sent back; the page's script fills
        it in as the names are typed), "" for the draw or a seat still without a name."""
        names = [""] * self.most_seats
        if self.is_bound:
            names = [self._shown_name(self.data.get(f"player_{s}")) for s in range(self.most_seats)]
        return [
            (choice, "" if choice.data["value"] == self.DRAW else names[int(choice.data["value"])])
            for choice in self["first_dealer"]
        ]

    @staticmethod
    def _shown_name(typed) -> str:
        """A typed name as the match would keep it (``text.clean_name``); "" if it would
        be refused (the field says why)."""
        try:
            return clean_name(typed)
        except RuleError:
            return ""

    def seat_option_field(self):
        return self[self.seat_option] if self.seat_option else None

    def player_fields(self):
        """(field, extra) per seat: ``extra`` for the seat only the seat option adds."""
        return [(self[f"player_{seat}"], seat >= self.seats) for seat in range(self.most_seats)]

    def seats_chosen(self) -> int:
        """The players the chosen options seat (a bad option is left to the rules)."""
        if not self.seat_option or not self.cleaned_data.get(self.seat_option):
            return self.seats
        try:
            return get_ruleset(self.ruleset.game, self.ruleset.variant, self.options()).seats
        except RuleError:
            return self.most_seats

    def players(self) -> list[str]:
        """The names as typed for the seats the options chose, seat 0 first:
        ``services.create_match`` cleans them (``text.clean_name``)."""
        return [self.cleaned_data[f"player_{seat}"] for seat in range(self.seats_chosen())]

    def clean(self):
        cleaned = super().clean()
        seats = self.seats_chosen()
        words = {"hint": self.seat_hint}
        for seat in range(self.seats, self.most_seats):
            name = f"player_{seat}"
            words["seat"] = seat + 1
            if seat < seats and not cleaned.get(name) and name not in self.errors:
                self.add_error(name, _("Seat %(seat)s plays too %(hint)s: enter a name.") % words)
            elif seat >= seats and cleaned.get(name):
                self.add_error(
                    name,
                    _("Seat %(seat)s plays only %(hint)s: tick it or leave the seat empty.")
                    % words,
                )
        dealer = cleaned.get("first_dealer")
        if dealer == self.DRAW and self.draw_hidden_with and self.setup():
            self.add_error(
                "first_dealer",
                _("%(label)s: choose their seat; there is nothing to draw.")
                % {"label": self.fields["first_dealer"].label},
            )
        elif dealer == self.DRAW:
            # Drawing for the deal, as the table would: any seat, equally likely.
            cleaned["dealer_seat"] = random.randrange(seats)
        elif dealer is not None and int(dealer) >= seats:
            self.add_error(
                "first_dealer",
                _("Seat %(seat)s plays only %(hint)s.") % {**words, "seat": int(dealer) + 1},
            )
        elif dealer is not None:
            cleaned["dealer_seat"] = int(dealer)
        return cleaned


class HandForm(forms.Form):
    """What every hand form has: the number it records (two phones, one hand), the match
    as it stood before the hand (``state``) and its ruleset, and ``hand``, which reads
    the hand with the game's one reader, ``Ruleset.hand_from_fields``: the phone reads
    the same fields with it while the server is out of reach (``matches.offline_play``).
    A game's form adds its fields and says how they map onto the rules' (``field_for``)
    and back from a recorded hand (``initial_for``); it reads no hand itself."""

    number = forms.IntegerField(widget=forms.HiddenInput, min_value=1)

    # The hidden fields that say which state the form was made for (a correction adds
    # the hand's version).
    state_fields: tuple[str, ...] = ("number",)

    def damaged(self) -> bool:
        """A hidden field that says which state the form was made for is missing or
        broken (a tampered or truncated post): nobody can fix that on the form itself,
        so the view starts the form afresh from the current state, with a message."""
        return any(name in self.errors for name in self.state_fields)

    def __init__(self, *args, state, ruleset, **kwargs):
        """``state`` is the match as it stood before this hand (for a correction, before
        the corrected hand)."""
        super().__init__(*args, **kwargs)
        self.state = state
        self.ruleset = ruleset

    def hand(self) -> dict:
        """The hand as the rules read it from this form's fields as the browser posted
        them (``posted``), with ``Ruleset.hand_from_fields``: once the fields themselves
        are valid (``is_valid``: a number where a number goes, in range, each in Django's
        words beside its field), so that what the reader refuses beyond them is a
        ``RuleError`` the view puts beside the field it names (``field_for``)."""
        if not self.is_valid():
            raise ValueError("A hand is read from a valid form only.")
        return self.ruleset.hand_from_fields(self.state, self.posted())

    def posted(self) -> dict[str, str]:
        """This form's fields as the browser posts them (``rules.fields``), as the phone
        has them too: each as text by name, as its widget reads it from the post; a
        ticked box "on"; an unticked box and a disabled field (fixed by the form, so not
        posted) not among them. The hidden ones (the number, a correction's version)
        come too: the reader takes what it needs."""
        fields = {}
        for name, field in self.fields.items():
            value = None if field.disabled else self[name].data
            if value is True:
                value = "on"
            if value is not None and value is not False:
                fields[name] = str(value)
        return fields

    @staticmethod
    def field_for(rule_field: str) -> str:
        return rule_field

    @classmethod
    def initial_for(cls, number: int, hand=None) -> dict:
        """The form's initial values for hand ``number``: blank, or ``hand`` to correct."""
        return {"number": number, **(hand.input if hand else {})}


class CorrectionFields(forms.Form):
    version = forms.IntegerField(widget=forms.HiddenInput, min_value=1)
    reason = TypedText(
        label=_("Reason (optional)"),
        max_length=REASON_MAX,
        too_long=REASON_TOO_LONG,
        required=False,
    )

    # The hidden fields that say which state the form was made for.
    state_fields = ("number", "version")


class ReasonForm(forms.Form):
    """An optional reason, for the audit trail (undo, stop, reopen); the services clean
    it (``text.clean_reason``)."""

    reason = TypedText(
        label=_("Reason (optional)"),
        max_length=REASON_MAX,
        too_long=REASON_TOO_LONG,
        required=False,
    )


class MatchSearchForm(forms.Form):
    """The home list's search (a GET form, so it works without JavaScript): a player's
    name, which the list's read cleans and folds (``services.lists.search_key``), and a
    game, from ``games`` (slug, name)."""

    q = TypedText(label=_("Player"), max_length=NAME_MAX, too_long=NAME_TOO_LONG, required=False)
    game = forms.ChoiceField(label=_("Game"), required=False)

    def __init__(self, *args, games=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [("", _("All games")), *games]
        self.fields["game"].error_messages["invalid_choice"] = _(
            "There is no such game here: choose one from the list."
        )
        self.fields["q"].widget.input_type = "search"


class ArchiveForm(forms.Form):
    """Archive (1) or restore (0) a match."""

    archived = forms.TypedChoiceField(
        choices=[("1", "1"), ("0", "0")],
        coerce=lambda value: value == "1",
        error_messages={
            "required": _("Say whether to archive the match or restore it."),
            "invalid_choice": _("Say whether to archive the match or restore it."),
        },
    )
