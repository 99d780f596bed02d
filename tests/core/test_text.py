"""The one cleaning of user text (names, reasons, token names)."""

import re
import unicodedata

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from matches.rules import RuleError
from matches.text import (
    KEY_PER_CHARACTER,
    clean_name,
    clean_reason,
    clean_text,
    name_key,
    schema_pattern,
    typed_whole,
)


@pytest.mark.parametrize(
    "raw",
    [
        "Ann\x00",  # NUL: PostgreSQL refuses it
        "Ann\ud800",  # a lone surrogate: no encoding can write it
        "Ann\u200b",  # zero-width space: looks like "Ann"
        "\u202eAnn",  # right-to-left override
        "Ann\x1b[31m",  # an escape sequence
        "Ann\ufeff",  # byte order mark
        # Letters and marks that show as nothing (default-ignorable, or drawn blank):
        "\u3164",  # HANGUL FILLER alone: a name nobody sees
        "Ann\u3164",  # ... after Ann: a second Ann
        "Ann\uffa0",  # HALFWIDTH HANGUL FILLER
        "\u115f",  # HANGUL CHOSEONG FILLER
        "A\u034fnn",  # COMBINING GRAPHEME JOINER
        "Ann\ufe0f",  # a variation selector
        "\u2800",  # BRAILLE PATTERN BLANK
        "Ann\U0001d159",  # MUSICAL SYMBOL NULL NOTEHEAD
        "Ann\U000e0041",  # a tag character
    ],
)
def test_it_refuses_control_format_and_surrogate_characters(raw):
    with pytest.raises(RuleError) as caught:
        clean_name(raw, field="players.0")

    assert caught.value.field == "players.0"
    assert "%(code)s" in caught.value.message
    assert caught.value.params["code"].startswith("U+")


def test_it_names_the_offending_character():
    with pytest.raises(RuleError) as caught:
        clean_name("Ann\u200b")

    assert caught.value.params == {"code": "U+200B"}


def test_it_normalises_to_nfc_and_collapses_spaces():
    decomposed = "Rene\u0301  \t Mu\u0308ller\n"

    assert clean_name(decomposed) == "Ren\u00e9 M\u00fcller"


def test_it_requires_a_visible_character():
    for raw in ("", "   ", "\u3000", None):
        with pytest.raises(RuleError) as caught:
            clean_name(raw, field="name", empty="Enter a name.")
        assert caught.value.message == "Enter a name."
    # A private-use or unassigned code point shows as a box: something, not nothing.
    assert clean_name("\ue000") == "\ue000"
    assert clean_reason("\U000f9db0") == "\U000f9db0"


def test_it_refuses_text_that_is_not_a_string():
    with pytest.raises(RuleError):
        clean_name(["Ann"])


def test_it_limits_the_length_after_cleaning():
    assert clean_name("A" * 40) == "A" * 40
    assert clean_name("  " + "A" * 40 + "  ") == "A" * 40
    with pytest.raises(RuleError) as caught:
        clean_name("A" * 41)
    assert caught.value.params == {"max": 40}


def test_a_reason_may_be_empty_but_not_hostile():
    assert clean_reason("") == ""
    assert clean_reason(None) == ""
    assert clean_reason("  miscounted  ") == "miscounted"
    with pytest.raises(RuleError):
        clean_reason("miscounted\x00")
    with pytest.raises(RuleError):
        clean_reason("x" * 201)


def test_names_compare_ignoring_case_after_cleaning():
    assert name_key(clean_name("ANN")) == name_key(clean_name(" ann "))
    assert name_key(clean_name("Stra\u00dfe")) == name_key(clean_name("STRASSE"))
    assert name_key("IAN") == name_key("ian")


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("Ann", "\u0410nn"),  # a Cyrillic capital A
        ("ann", "\u0430nn"),  # a Cyrillic small a
        ("Ben", "B\u0435n"),  # a Cyrillic e
        ("Ole", "\u039fle"),  # a Greek capital Omicron
        ("Ann", "\uff21nn"),  # a fullwidth A
        ("Tim", "Tirn"),  # r and n side by side look like m
    ],
)
def test_names_that_look_alike_are_one_name(one, other):
    assert name_key(clean_name(one)) == name_key(clean_name(other))


@pytest.mark.parametrize(
    ("one", "other"),
    [("\u0141ukasz", "Lukasz"), ("S\u00f8ren", "Soren"), ("Jos\u00e9", "Jose"), ("ian", "lan")],
)
def test_names_that_look_different_stay_two(one, other):
    assert name_key(one) != name_key(other)


def test_every_characters_key_fits_the_stored_column():
    longest = 0
    for code in range(0x110000):
        character = chr(code)
        if unicodedata.category(character) in ("Cs", "Cc") or character.isspace():
            continue
        longest = max(longest, len(name_key(character)))
    assert longest <= KEY_PER_CHARACTER


def test_any_length_limit():
    assert clean_text("token", field="name", max_length=5) == "token"
    with pytest.raises(RuleError):
        clean_text("tokens", field="name", max_length=5)


# -- the cleaning as the API's description states it (``schema_pattern``) -----------------

BMP_TEXT = st.text(st.characters(max_codepoint=0xFFFF), max_size=12)


@given(BMP_TEXT)
def test_a_text_the_description_forbids_is_refused(raw):
    # The description must never forbid what the server takes: a client that checks
    # against it would refuse a good name.
    if not re.search(schema_pattern(required=True), raw):
        with pytest.raises(RuleError):
            clean_text(raw, field="name", max_length=100)
    if not re.search(schema_pattern(required=False), raw):
        with pytest.raises(RuleError):
            clean_text(raw, field="reason", max_length=100, required=False)


@given(BMP_TEXT)
def test_a_text_the_description_allows_is_taken(raw):
    # And what it allows is taken, but for surrogates (which no JSON parser hands on, and
    # validators' engines cannot name).
    assume(not any(unicodedata.category(character) == "Cs" for character in raw))
    if re.search(schema_pattern(required=True), raw):
        assert clean_text(raw, field="name", max_length=100)
    if re.search(schema_pattern(required=False), raw):
        clean_text(raw, field="reason", max_length=100, required=False)


def test_the_description_names_each_refused_character_of_the_plane():
    pattern = re.compile(schema_pattern(required=False))
    for raw in ["\x00", "\x1b", "\x85", "\u00ad", "\u200b", "\u202e", "\ufeff", "\u3164"]:
        assert not pattern.search(f"Ann{raw}"), ascii(raw)
    for raw in ["\u034f", "\u115f", "\uffa0", "\ufe0f", "\u2800"]:
        assert not pattern.search(f"Ann{raw}"), ascii(raw)
    for raw in ["\t", "\n", "\u00a0", "é", "Straße"]:
        assert pattern.search(f"Ann{raw}"), ascii(raw)


# -- whole numbers typed (issue 31, item 7) ---------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "signed", "number"),
    [
        ("7", False, 7),
        (" 12 ", False, 12),
        ("0", False, 0),
        (str(2**63 - 1), False, 2**63 - 1),
        ("-3", True, -3),
        ("\u22125", True, -5),  # the minus sign the standings page prints
        ("+4", True, 4),
    ],
)
def test_a_typed_whole_number(typed, signed, number):
    assert typed_whole(typed, signed=signed) == number


@pytest.mark.parametrize(
    "typed",
    ["²", "①", "٣", "1" * 4301, str(2**63), "", " ", "1.5", "0x1", "-3", "+-5", "1e3", None, 3],
    ids=repr,
)
def test_what_is_no_typed_whole_number(typed):
    assert typed_whole(typed) is None
    if typed != "-3":
        assert typed_whole(typed, signed=True) is None
