"""What a link token looks like, checked before anything looks one up.

Table links (``/t/<token>/``), share links (``/s/<token>/``), board keys (``?key=``) and
table or share tokens sent as ``Authorization: Bearer`` are all made by
``secrets.token_urlsafe`` (``models.play.new_share_token``: 22 characters;
``models.tournaments.new_link_token``: 27): letters, digits, ``-`` and ``_``. Anything
else is no token of ours, and is refused as "no such link" before a query is made —
a NUL in a path (``/t/%00/``) would otherwise reach PostgreSQL, which refuses the string
and turns a 404 into a 500.

The bounds leave room for longer tokens later (the columns hold 32 characters) without
letting a megabyte of path through.
"""

from __future__ import annotations

import re

PATTERN = r"[A-Za-z0-9_-]{16,64}"
_TOKEN = re.compile(PATTERN)


def is_token(value: object) -> bool:
    """``value`` has the shape of a link token (it may still be nobody's)."""
    return isinstance(value, str) and _TOKEN.fullmatch(value) is not None


class LinkTokenConverter:
    """``<token:token>`` in an address: only what ``is_token`` accepts matches, so that
    any other text is Django's 404 without a view or a query."""

    regex = PATTERN

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value
