"""A hand form's fields as the browser posts them (name to value, text only; an unticked
box or a disabled field is not among them), for ``Ruleset.hand_from_fields``, each game's
one hand reader: the server's hand form reads its hand with it (``HandForm.hand``), and so
does the phone while the server is out of reach (``matches.offline_play``).

Not a game: it defines no ``Ruleset``.
"""

from __future__ import annotations

from collections.abc import Mapping

from .base import RuleError, _


def whole(fields: Mapping[str, str], name: str) -> int | None:
    """The field's whole number, None when it was left empty."""
    value = fields.get(name, "").strip()
    if not value:
        return None
    try:
        return int(value)
    except ValueError:
        raise RuleError(_("Enter a whole number."), field=name) from None


def ticked(fields: Mapping[str, str], name: str) -> bool:
    return fields.get(name, "") not in ("", "false", "0", "off")
