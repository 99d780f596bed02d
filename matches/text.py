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
5. requires a character that is not a space (unless the text is optional and empty) and
   a maximum length. Every character left is one that shows: a private-use or
   unassigned code point shows as a box, which no reader takes for nothing.

Names are compared with ``name_key``: the cleaned text, case-folded.

Where it runs: in the services, the only writers (``services.play`` for the names at a
table and reasons, ``services.players`` for the register, ``services.tournaments`` for
tournaments, ``services.accounts`` for token names), so that the pages, the API and
whatever comes later clean a text exactly once and refuse it with the same words. Forms
and API schemas take text as it was typed (``forms.TypedText``, ``api.schemas.RawText``)
and check only that it is text; a refusal here names its ``field`` (``players.1``,
``reason``), which each face puts next to the field or into its 422 answer.
"""

from __future__ import annotations

import functools
import unicodedata
from typing import Any

from .rules.base import RuleError, _

# Tabs and line breaks are whitespace to a person: they become spaces, not errors.
SPACES = str.maketrans({"\t": " ", "\n": " ", "\r": " ", "\x0b": " ", "\x0c": " "})
REFUSED = {"Cc", "Cf", "Cs"}
NAME_MAX = 40
REASON_MAX = 200
TOKEN_NAME_MAX = 60
# What a too long text is told; the forms measure what was typed in the same words.
TOO_LONG = _("Enter at most %(max)s characters.")
NAME_TOO_LONG = _("A name can have at most %(max)s characters.")
REASON_TOO_LONG = _("A reason can have at most %(max)s characters.")
TOKEN_NAME_TOO_LONG = _("A token's name can have at most %(max)s characters.")


def clean_text(
    value: Any,
    *,
    field: str,
    max_length: int,
    required: bool = True,
    empty: str = _("Enter some visible text."),
    too_long: str = TOO_LONG,
    refused: str = _("Remove the invisible or control character %(code)s."),
) -> str:
    """``value`` cleaned as described above, or a ``RuleError`` naming ``field``; the
    messages for a refused character, an empty and a too long text can speak of what
    the text is."""
    if value is None:
        value = ""
    if not isinstance(value, str):
        raise RuleError(_("Enter text."), field=field)
    value = value.translate(SPACES)
    for character in value:
        if unicodedata.category(character) in REFUSED:
            raise RuleError(
                refused,
                field=field,
                code=f"U+{ord(character):04X}",
            )
    value = " ".join(unicodedata.normalize("NFC", value).split())
    if not value and not required:
        return ""
    if not value:  # spaces only: nothing that shows
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
        too_long=NAME_TOO_LONG,
        refused=_("A name cannot contain the invisible or control character %(code)s."),
    )


def clean_reason(value: Any, *, field: str = "reason") -> str:
    """An optional reason for a change (a correction, an undo): up to 200 characters."""
    return clean_text(
        value,
        field=field,
        max_length=REASON_MAX,
        required=False,
        too_long=REASON_TOO_LONG,
        refused=_("A reason cannot contain the invisible or control character %(code)s."),
    )


def clean_token_name(value: Any, *, field: str = "name") -> str:
    """What an API token is for, as its owner called it: 1–60 characters."""
    return clean_text(
        value,
        field=field,
        max_length=TOKEN_NAME_MAX,
        empty=_("Say what the token is for."),
        too_long=TOKEN_NAME_TOO_LONG,
        refused=_("A token's name cannot contain the invisible or control character %(code)s."),
    )


def schema_pattern(*, required: bool) -> str:
    """What the cleaning lets through, as a JSON Schema ``pattern`` for the API's
    description: no refused character, and (``required``) at least one that is neither
    space nor refused. Only the refused characters of the Basic Multilingual Plane but
    surrogates are listed: an escape for the others (format characters of hieroglyphs,
    musical symbols, tags) is written differently in every regular-expression dialect,
    and the description says they are refused."""
    refused = _refused_class()
    if not required:
        return f"^[^{refused}]*$"
    return f"^[^{refused}]*[^{refused}\\s][^{refused}]*$"


@functools.cache
def _refused_class() -> str:
    """The refused characters of the Basic Multilingual Plane, as ranges for a class."""
    # Surrogates are left out: they are no characters, a JSON text carries one only as an
    # escape most parsers refuse, and regular-expression engines that work on characters
    # (Rust's, which validators of JSON Schema use) cannot compile a class of them.
    refused = [
        code
        for code in range(0x10000)
        if unicodedata.category(chr(code)) in REFUSED - {"Cs"}
        and chr(code) not in _SPACE_CHARACTERS
    ]
    ranges: list[list[int]] = []
    for code in refused:
        if ranges and ranges[-1][1] == code - 1:
            ranges[-1][1] = code
        else:
            ranges.append([code, code])
    return "".join(
        f"\\u{first:04x}" if first == last else f"\\u{first:04x}-\\u{last:04x}"
        for first, last in ranges
    )


_SPACE_CHARACTERS = {chr(code) for code in SPACES}


def name_key(name: str) -> str:
    """What makes two names the same person's: "ANN", "ann", "Ann" and " ann " are one
    player, and "STRASSE" is "Straße". On a cleaned name it is its case folding; the
    spaces and the composition are made the same here too, so that a name that never
    went through ``clean_name`` (an old row, a migration) compares the same way."""
    return " ".join(unicodedata.normalize("NFC", name).split()).casefold()
