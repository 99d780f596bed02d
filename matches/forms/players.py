"""The forms of the register of players: a player, a merge, the club's member list."""

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from ..models import Player
from ..rules import RuleError
from ..text import NAME_MAX, NAME_TOO_LONG
from .fields import TypedText, apply_rule_error


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
