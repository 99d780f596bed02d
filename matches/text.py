"""One cleaning for every text a user types: names, reasons, token names, and whatever the
club pages add. Pure Python, no Django, so forms, the API and the services share it.

What it does, in order:
1. refuses anything but text;
2. turns tabs and line breaks into spaces (a name pasted from a spreadsheet), then refuses
   every other control, format or surrogate character (Unicode categories Cc, Cf, Cs):
   a NUL breaks PostgreSQL, a lone surrogate breaks every page that shows it, and a
   zero-width space makes "Ann" and "Ann\u200b" two different people who look the same;
   and refuses what shows as nothing though it is a letter or a mark: Unicode's
   default-ignorable code points (the Hangul fillers U+3164, U+FFA0, U+115F, the
   combining grapheme joiner U+034F, variation selectors; from ICU's data) and the few
   characters drawn blank that Unicode does not call ignorable (``BLANK``: U+2800
   BRAILLE PATTERN BLANK, ...) — "Ann\u3164" would be a second Ann, "\u3164" a name
   nobody sees;
3. normalises to NFC, so that "é" typed two ways is one letter;
4. collapses runs of spaces and trims;
5. requires a character that is not a space (unless the text is optional and empty) and
   a maximum length. Every character left is one that shows: a private-use or
   unassigned code point shows as a box, which no reader takes for nothing.

Names are compared with ``name_key``: the cleaned text, case-folded, then reduced to its
confusable skeleton (Unicode Technical Standard #39, by ICU), so that "Аnn" with a Cyrillic
А is the Ann of the register, not a second one who looks the same.

Where it runs: in the services, the only writers (``services.play`` for the names at a
table and reasons, ``services.players`` for the register, ``services.tournaments`` and
the writers beside it for tournaments, ``services.accounts`` for token names), so that the
pages, the API and whatever comes later clean a text exactly once and refuse it with the
same words. Forms and API schemas take text as it was typed (``forms.fields.TypedText``,
``api.schemas.RawText``) and check only that it is text; a refusal here names its
``field`` (``players.1``, ``reason``), which each face puts next to the field or into its
422 answer.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from typing import Any

import icu

from .rules.base import RuleError, _

# Tabs and line breaks are whitespace to a person: they become spaces, not errors.
SPACES = str.maketrans({"\t": " ", "\n": " ", "\r": " ", "\x0b": " ", "\x0c": " "})
REFUSED = {"Cc", "Cf", "Cs"}


def _default_ignorable() -> frozenset[str]:
    """Unicode's Default_Ignorable_Code_Point, as ICU knows it: what a renderer draws as
    nothing (most are format characters, refused anyway; the rest letters and marks)."""
    found = icu.UnicodeSet("[:Default_Ignorable_Code_Point:]")
    return frozenset(
        chr(code)
        for index in range(found.getRangeCount())
        for code in range(ord(found.getRangeStart(index)), ord(found.getRangeEnd(index)) + 1)
    )


# Drawn blank, though Unicode calls them neither space nor ignorable: the braille cell with
# no dots, the musical null notehead, the Khitan filler. No property names them; the lists
# of "invisible characters" people paste into names do.
BLANK = frozenset({"\u2800", "\U0001d159", "\U00016fe4"})
INVISIBLE = _default_ignorable() | BLANK
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
        if _refused(character):
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


# A whole number typed into a form, a query or a header: ASCII digits only, within the
# database's 64-bit integers. ``str.isdigit`` is true for "²" and "①", which ``int``
# refuses, and ``int`` refuses a text of more than 4,300 digits: a check by ``isdigit``
# followed by ``int`` is a crash waiting for such a text (issue 31).
WHOLE_MAX = 2**63 - 1
_WHOLE = re.compile(r"[0-9]{1,19}")
_SIGNED = re.compile(r"[+-]?[0-9]{1,19}")


def typed_whole(value: Any, *, signed: bool = False) -> int | None:
    """The whole number ``value`` spells in ASCII digits, spaces around it allowed (and,
    when ``signed``, a sign: ``+``, ``-`` or the minus sign ``−``); None for anything
    else, a number beyond ``WHOLE_MAX`` included."""
    if not isinstance(value, str):
        return None
    value = value.strip()
    if signed:
        value = value.replace("\u2212", "-")
    if not (_SIGNED if signed else _WHOLE).fullmatch(value):
        return None
    number = int(value)
    return number if -WHOLE_MAX <= number <= WHOLE_MAX else None


def _refused(character: str) -> bool:
    return unicodedata.category(character) in REFUSED or character in INVISIBLE


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
        if _refused(chr(code))
        and unicodedata.category(chr(code)) != "Cs"
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


# One checker for the process: ICU's skeleton is a const operation on it.
_SPOOF = icu.SpoofChecker()


def name_key(name: str) -> str:
    """What makes two names the same person's: "ANN", "ann", "Ann" and " ann " are one
    player, "STRASSE" is "Straße", and "Аnn" with a Cyrillic А is Ann — two names that
    look alike are one name (the register could not tell the players apart on a page).

    The name is brought to its compatibility form and case-folded (NFKC, casefold: a
    fullwidth "Ａ", a ligature "ﬁ" or a long "ſ" is the letter it stands for), then
    reduced to its skeleton (Unicode Technical Standard #39, "Confusable Detection": each
    character replaced by the prototype of the characters that look like it, as ICU's
    SpoofChecker computes it from Unicode's confusables data), case-folded again and
    composed. The folding comes first so that
    the key stays blind to case: the skeleton of a capital I is a small l, and "IAN"
    would otherwise no longer be "ian". The spaces and the composition are made the same
    here too, so that a name that never went through ``clean_name`` (an old row, a
    migration) compares the same way. Not for display: "Tim" has the key "tirn".

    A new ICU may bring new confusables: the stored keys (``Player.name_key``) are then
    computed again by a migration, as 0012 did."""
    folded = unicodedata.normalize("NFKC", " ".join(unicodedata.normalize("NFKC", name).split()))
    folded = unicodedata.normalize("NFKC", folded.casefold())
    return unicodedata.normalize("NFC", _SPOOF.getSkeleton(0, folded).casefold())


# The longest key of a single character (U+FDFA, an Arabic ligature of a whole phrase, has
# 18): keys are stored, and their column must hold the key of any name.
KEY_PER_CHARACTER = 20


# -- names in order, and names found ------------------------------------------------------
#
# The look-alike key above says who is who; it is no order ("Tim" is "tirn", so every name
# with an "m" would sort as "rn", and "Ärger" after "Zahn"). Names are listed by Unicode's
# collation (UCA, as CLDR tailors it for a language, by ICU): letters first, then accents,
# then case, so that "Arger", "Ärger", "Marianne", "muller", "Muller", "Müller", "Resi"
# follow one another as a reader expects. English and German share CLDR's default order
# (German's dictionary order is the default; the phone book's "ü = ue" is not used): the
# stored key (``name_sort_key``) is that default order, and every language the app offers
# must order names the same way (``tests/core/test_text.py`` checks it), or the lists the
# database orders would read differently from the sheets.


@functools.cache
def _collator(language: str) -> icu.Collator:
    """ICU's collator for a language tag ("de", "en-gb"); the default order for ""."""
    locale = icu.Locale.forLanguageTag(language) if language else icu.Locale.getRoot()
    return icu.Collator.createInstance(locale)


def name_order(name: str, language: str = "") -> tuple[bytes, str]:
    """The key that sorts names as people read them in ``language`` (a language tag; the
    default order for ""): by letters, then accents, then case, then the name itself (two
    spellings ICU weighs alike, e.g. composed and decomposed, still sort the same way
    every time). For ``sorted(key=...)``; a collator's keys are read-only, so threads
    share it."""
    return (_collator(language).getSortKey(name), name)


def name_sort_key(name: str) -> str:
    """``name_order``'s key in the default order as stored (``Player.name_sort``): the
    collation key's bytes as lowercase hex, without ICU's closing zero byte. Hex digits
    compare as the bytes do under any database collation (SQLite's binary one,
    PostgreSQL's C or a language's: digits before letters, no case to weigh), so
    ``ORDER BY`` on the column is the collation's order. Keys are long (a name of 40
    Arabic ligatures has 1,700 bytes), so the column is a text with no limit.

    A new ICU may move the weights: the stored keys are then computed again by a
    migration (as 0018 filled them), or old rows sort a little apart from new ones."""
    return _collator("").getSortKey(name).rstrip(b"\x00").hex()


def name_search_key(name: str) -> str:
    """What a search compares: the look-alike key (``name_key``) with its accents taken
    off (every combining mark: "Müller" → "rnuller", "Søren" → "soren", "Łukasz" →
    "lukasz"), so that "Muller" finds "Müller" and "Müller" finds "Muller". Stored per
    player (``Player.name_search``); a query is folded the same way and found anywhere in
    it. The German transliteration ("ü" = "ue") is not made: "Mueller" finds the
    Muellers, not the Müllers (a Müller who writes himself Mueller is in the register
    as that)."""
    decomposed = unicodedata.normalize("NFD", name_key(name))
    bare = "".join(character for character in decomposed if not unicodedata.combining(character))
    return unicodedata.normalize("NFC", bare)
