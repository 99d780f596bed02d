"""HTML forms: they parse what a person typed; the rules decide whether it is a valid hand."""

import math
import random
from contextlib import AbstractContextManager
from typing import Protocol

from django import forms
from django.contrib.auth.forms import AuthenticationForm, PasswordChangeForm
from django.core.exceptions import ValidationError
from django.core.validators import ProhibitNullCharactersValidator
from django.utils.translation import gettext, gettext_noop, ngettext
from django.utils.translation import gettext_lazy as _

from .errors import explain
from .models import Player
from .rules import RuleError, get_ruleset
from .rules.base import Term
from .text import (
    NAME_MAX,
    NAME_TOO_LONG,
    REASON_MAX,
    REASON_TOO_LONG,
    TOKEN_NAME_MAX,
    TOKEN_NAME_TOO_LONG,
    TOO_LONG,
    clean_name,
)


def apply_rule_error(form: forms.Form, error: RuleError, field_for, words=explain) -> None:
    """Put a rule error next to the form field it is about (or at the top of the form),
    in ``words`` (the rules' sentence, unless the form words it its own way)."""
    name = field_for(error.field or "")
    form.add_error(name if name in form.fields else None, words(error))


class TypedText(forms.CharField):
    """A text a person types (a name, a reason), taken as typed: the services clean it,
    once, with ``text`` (the same cleaning and the same words as for the API), and the
    view puts their refusal next to the field. So this field neither strips nor refuses
    characters itself (Django's CharField would refuse a NUL in its own words); it says
    when a required text is missing, and holds ``max_length`` for the text as typed, as
    the API does for the text as sent (in the cleaning's words, ``too_long``), which the
    browser is told too."""

    def __init__(self, *, max_length: int | None = None, too_long: str = TOO_LONG, **kwargs):
        self.max_length_hint = max_length  # widget_attrs reads it during __init__
        self.too_long = too_long
        super().__init__(strip=False, **kwargs)
        self.validators = [
            v for v in self.validators if not isinstance(v, ProhibitNullCharactersValidator)
        ]

    def widget_attrs(self, widget):
        attrs = super().widget_attrs(widget)
        if self.max_length_hint is not None and not widget.is_hidden:
            attrs["maxlength"] = str(self.max_length_hint)
        return attrs

    def to_python(self, value):
        value = super().to_python(value)
        # Blank is blank (the "required" message), whitespace included.
        return value if value.strip() else ""

    def validate(self, value):
        super().validate(value)
        if self.max_length_hint is not None and len(value) > self.max_length_hint:
            raise ValidationError(gettext(self.too_long) % {"max": self.max_length_hint})


# The labels of the options more than one game has; a game's plugin labels its own
# (``Game.option_labels``) and may word these otherwise.
OPTION_LABELS = {
    "point_limit": _("Play until a total reaches"),
    "hands_limit": _("Stop after this many hands"),
}


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

    def option_fields(self):
        return [self[name] for name in self.option_names]

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


def option_field(option, label, choices) -> forms.Field:
    """A form field for one variant option (see rules.base.Option); ``choices`` words
    the values of a choice."""
    if option.kind is bool:
        return forms.BooleanField(label=label, required=False)
    if option.kind is str:
        return forms.ChoiceField(
            label=label, choices=[(c, choices.get(c, c)) for c in option.choices]
        )
    return forms.IntegerField(
        label=label,
        required=not option.nullable,
        min_value=option.minimum,
        max_value=option.maximum,
    )


class HandForm(forms.Form):
    """What every hand form has: the number it records (two phones, one hand)."""

    number = forms.IntegerField(widget=forms.HiddenInput, min_value=1)

    # The hidden fields that say which state the form was made for (a correction adds
    # the hand's version).
    state_fields: tuple[str, ...] = ("number",)

    def damaged(self) -> bool:
        """A hidden field that says which state the form was made for is missing or
        broken (a tampered or truncated post): nobody can fix that on the form itself,
        so the view starts the form afresh from the current state, with a message."""
        return any(name in self.errors for name in self.state_fields)

    def hand(self) -> dict:
        raise NotImplementedError

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


class TokenForm(forms.Form):
    name = TypedText(
        label=_("What is it for?"),
        max_length=TOKEN_NAME_MAX,
        too_long=TOKEN_NAME_TOO_LONG,
        widget=forms.TextInput(attrs={"placeholder": _("e.g. club scoreboard")}),
    )


# -- the register of players ----------------------------------------------------------------


class PlayerForm(forms.Form):
    """A player's name, e-mail address and membership number (and, when editing, whether
    they are active). Nothing is judged here: ``services.players`` cleans and checks every
    field through ``text``, so the page and the API refuse alike."""

    name = TypedText(
        label=_("Name"),
        max_length=NAME_MAX,
        too_long=NAME_TOO_LONG,
        required=False,
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "words"}),
    )
    email = TypedText(
        label=_("E-mail address (optional)"),
        max_length=Player._meta.get_field("email").max_length,
        too_long=gettext_noop("An e-mail address can have at most %(max)s characters."),
        required=False,
        widget=forms.EmailInput(attrs={"autocomplete": "off", "inputmode": "email"}),
    )
    member_no = TypedText(
        label=_("Membership number (optional)"),
        max_length=Player._meta.get_field("member_no").max_length,
        too_long=gettext_noop("A membership number can have at most %(max)s characters."),
        required=False,
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
    )
    active = forms.BooleanField(label=_("Active: shown on the lists of who plays"), required=False)

    def __init__(self, *args, editing: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        if not editing:
            del self.fields["active"]

    def changes(self) -> dict:
        """What was typed, by the services' field names."""
        return dict(self.cleaned_data)

    def refuse(self, error: RuleError) -> None:
        """Put each of a refusal's problems next to its field."""
        for problem in getattr(error, "errors", [error]):
            apply_rule_error(self, problem, lambda field: field)


class MergeForm(forms.Form):
    """The player to merge into, by id (picked from a search)."""

    into = forms.IntegerField(
        widget=forms.HiddenInput,
        error_messages={
            "required": _("Choose the player to merge into."),
            "invalid": _("Choose the player to merge into."),
        },
    )


class MemberListForm(forms.Form):
    """The club's member list, as a CSV file (``services.players.member_list`` reads it)."""

    file = forms.FileField(
        label=_("The member list: a CSV file"),
        error_messages={
            "required": _("Choose the member list's CSV file."),
            "empty": _("The file is empty."),
            "invalid": _("Choose the member list's CSV file."),
        },
        widget=forms.ClearableFileInput(attrs={"accept": ".csv,text/csv,text/plain"}),
    )


class MemberListConfirmForm(forms.Form):
    """The member list as previewed, sent back with the organiser's yes: read and judged
    again, not trusted (the register may have changed since, and it came from the
    browser)."""

    content = forms.CharField(
        strip=False,
        widget=forms.Textarea(attrs={"hidden": True}),
        error_messages={"required": _("The member list is missing: choose the file again.")},
    )


class LoginForm(AuthenticationForm):
    """Django's login form behind the login throttle (``throttled_check``), which the
    view hands it (``throttle``: the services' throttle for this request's address)."""

    def __init__(self, request=None, *args, throttle: "Throttle", **kwargs):
        super().__init__(request, *args, **kwargs)
        self.throttle = throttle
        self.wait = 0  # seconds, once the throttle refused

    def clean(self):
        username = self.cleaned_data.get("username")
        if username is None or not self.cleaned_data.get("password"):
            return super().clean()  # a field is missing: its own message says so
        return throttled_check(self, self.throttle, username, super().clean)


class ThrottledPasswordChangeForm(PasswordChangeForm):
    """Django's password change, whose "old password" counts against the same throttle as
    a login: a phone left logged in must not let a stranger guess the password."""

    def __init__(self, user, *args, throttle: "Throttle", **kwargs):
        super().__init__(user, *args, **kwargs)
        self.throttle = throttle
        self.wait = 0

    def clean_old_password(self):
        username = self.user.get_username()
        return throttled_check(self, self.throttle, username, super().clean_old_password)


WRONG_PASSWORD = ("invalid_login", "password_incorrect")  # Django's codes for it
BUSY_SECONDS = 5


class Throttle(Protocol):
    """The login throttle (``services.accounts.LoginThrottle``), as the view hands it."""

    def turn(self) -> AbstractContextManager[bool]: ...
    def wait(self, username: str) -> int: ...
    def failed(self, username: str) -> int: ...
    def succeeded(self, username: str) -> None: ...


def throttled_check(form, throttle: Throttle, username: str, check):
    """``check()`` (Django's own password check, raising when it is wrong) behind the
    login throttle: in the queue of password checks, refused without checking while the
    account or address is locked, the failure counted. The failure that locks already
    says how long to wait; ``form.wait`` keeps the seconds."""
    with throttle.turn() as my_turn:
        if not my_turn:
            form.wait = BUSY_SECONDS
            raise ValidationError(
                _("Many logins at once. Try again in a few seconds."), code="busy"
            )
        form.wait = throttle.wait(username)
        if form.wait:
            raise ValidationError(too_many_failures(form.wait), code="throttled")
        try:
            checked = check()
        except ValidationError as error:
            if error.code not in WRONG_PASSWORD:
                raise
            form.wait = throttle.failed(username)
            if form.wait:
                raise ValidationError(too_many_failures(form.wait), code="throttled") from None
            raise
        throttle.succeeded(username)
        return checked


def too_many_failures(wait: int) -> str:
    minutes = max(1, math.ceil(wait / 60))
    return ngettext(
        "Too many failed logins. Try again in %(minutes)s minute.",
        "Too many failed logins. Try again in %(minutes)s minutes.",
        minutes,
    ) % {"minutes": minutes}


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
