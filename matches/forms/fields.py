"""What the forms share: a text taken as typed (the services clean it), a variant option's
field, and a rule's refusal put next to its field."""

from django import forms
from django.core.exceptions import ValidationError
from django.core.validators import ProhibitNullCharactersValidator
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from ..errors import explain
from ..rules import RuleError
from ..text import TOO_LONG


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
