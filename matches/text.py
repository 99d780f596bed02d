"""One cleaning for every text a user types: names, reasons, token names, and whatever the
club pages add. Pure Python, no Django, so forms, the API and the services share it.

What it does, in order:
1. refuses anything but text;
2. turns tabs and line breaks into spaces (a name pasted from a spreadsheet), then refuses
   every other control, format or surrogate character (Unicode categories Cc, Cf, Cs):
   a NUL breaks PostgreSQL, a lone surrogate breaks every page that shows it, and a
   zero-width space makes "Ann" and "Ann\u200b" two different people who look the same;
3. normalises to NFC, so that "é" typed two ways is one letter;
4. collapses runs of spaces and trims;
5. requires a visible character (unless the text is optional and empty) and a maximum
   length.

Names are compared with ``name_key``: the cleaned text, case-folded.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from .rules.base import RuleError, _

# Tabs and line breaks are whitespace to a person: they become spaces, not errors.
SPACES = str.maketrans({"\t": " ", "\n": " ", "\r": " ", "\x0b": " ", "\x0c": " "})
REFUSED = {"Cc", "Cf", "Cs"}
NAME_MAX = 40
REASON_MAX = 200


def clean_text(
    value: Any,
    *,
    field: str,
    max_length: int,
    required: bool = True,
    empty: str = _("Enter some visible text."),
    too_long: str = _("Enter at most %(max)s characters."),
) -> str:
    """``value`` cleaned as described above, or a ``RuleError`` naming ``field``; the
    messages for an empty and a too long text can speak of what the text is."""
    if value is None:
        value = ""
    if not isinstance(value, str):
        raise RuleError(_("Enter text."), field=field)
    value = value.translate(SPACES)
    for character in value:
        if unicodedata.category(character) in REFUSED:
            raise RuleError(
                _("Remove the invisible or control character %(code)s."),
                field=field,
                code=f"U+{ord(character):04X}",
            )
    value = " ".join(unicodedata.normalize("NFC", value).split())
    if not value and not required:
        return ""
    if not any(_visible(character) for character in value):
        raise RuleError(empty, field=field)
    if len(value) > max_length:
        raise RuleError(too_long, field=field, max=max_length)
    return value


def clean_name(value: Any, *, field: str = "name", empty: str = _("Enter a name.")) -> str:
    """A person's name as it will be shown: 1–40 characters after cleaning."""
    return clean_text(
        value,
        field=field,
        max_length=NAME_MAX,
        empty=empty,
        too_long=_("A name can have at most %(max)s characters."),
    )


def clean_reason(value: Any, *, field: str = "reason") -> str:
    """An optional reason for a change (a correction, an undo): up to 200 characters."""
    return clean_text(
        value,
        field=field,
        max_length=REASON_MAX,
        required=False,
        too_long=_("A reason can have at most %(max)s characters."),
    )


def name_key(name: str) -> str:
    """What two names are compared by: "ANN", "ann" and "Ann" are one player."""
    return name.casefold()


def _visible(character: str) -> bool:
    # Letters, marks, numbers, punctuation and symbols show; separators do not.
    return unicodedata.category(character)[0] in "LMNPS"
