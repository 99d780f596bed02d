"""How a request reached a match: through the owner's (or an organiser's) match page, or
through a table link on a player's phone. The two share every form, service and template;
the door says where the forms post, where a write returns to, and whom the audit names.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from django.urls import reverse

from ..models import Match

# The pages of a match, by what they do; every door has all of them.
MATCH_ROUTES = {
    "page": "play:match",
    "record": "play:hand_record",
    "preview": "play:hand_preview",
    "correct": "play:hand_correct",
    "undo": "play:hand_undo",
}
TABLE_ROUTES = {
    "page": "tournaments:table_link",
    "record": "tournaments:table_record",
    "preview": "tournaments:table_preview",
    "correct": "tournaments:table_correct",
    "undo": "tournaments:table_undo",
}


@dataclass(frozen=True)
class Door:
    routes: Mapping[str, str]
    key: int | str  # the match's id, or the table's token
    by: Any  # for the services and their audit: a user, or a table's label
    table: Any = None  # the tournament table behind a table link
    # The page around the match's table, and what it adds to it (the table link's round,
    # table and result step: ``views.tables``); ``oob``: that part again, swapped in out
    # of band after a write, so that it follows the hand.
    template: str = "match.html"
    around: Callable[[Any, Door], dict] | None = None
    oob: Callable[[Any, Door, Any], str] | None = None

    @classmethod
    def match_page(cls, match: Match, user) -> Door:
        return cls(MATCH_ROUTES, match.pk, user)

    @property
    def name(self) -> str:
        """Tells the cached renderings of the doors apart (a table's own links are in
        its rendering)."""
        return f"table:{self.key}" if self.table is not None else "match"

    def url(self, page: str, *args: Any) -> str:
        return reverse(self.routes[page], args=[self.key, *args])

    def page_context(self, request) -> dict:
        return self.around(request, self) if self.around else {}

    def after_write(self, request, snapshot) -> str:
        """What follows the table drawn from ``snapshot`` out of band."""
        return self.oob(request, self, snapshot) if self.oob else ""


def door_of(context: Mapping[str, Any]) -> Door:
    """The door a template was rendered for: the match page's unless a view said else."""
    door = context.get("door")
    if door is None:
        door = Door.match_page(context["match"], None)
    return door
