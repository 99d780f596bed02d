"""The two ways to a match: its own page (the owner's, or an organiser's) and a table link
on a player's phone. Both share every form, service and template; ``MatchRoutes`` says,
for the way a request came, where the forms post, where a write returns to and whom the
audit names. (Views and templates call the one in hand ``door``.)
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
class MatchRoutes:
    """A match's pages for one way to it (``MATCH_ROUTES`` or ``TABLE_ROUTES``), the key
    in their addresses, and the actor its writes name."""

    routes: Mapping[str, str]
    key: int | str  # the match's id, or the table's token
    by: Any  # for the services and their audit: a user, or a table link's ``Actor``
    table: Any = None  # the tournament table behind a table link
    # The page around the match's table, and what it adds to it (the table link's round,
    # table and result step: ``views.tables``); ``oob``: that part again, swapped in out
    # of band after a write, so that it follows the hand.
    template: str = "match.html"
    around: Callable[[Any, MatchRoutes], dict] | None = None
    oob: Callable[[Any, MatchRoutes, Any], str] | None = None

    @classmethod
    def own(cls, match: Match, user) -> MatchRoutes:
        """The match's own page, as ``user`` (None: a spectator) opened it."""
        return cls(MATCH_ROUTES, match.pk, user)

    @property
    def name(self) -> str:
        """Tells the cached renderings of the two ways apart (a table's own links are
        in its rendering)."""
        return f"table:{self.key}" if self.table is not None else "match"

    def url(self, page: str, *args: Any) -> str:
        return reverse(self.routes[page], args=[self.key, *args])

    def page_context(self, request) -> dict:
        return self.around(request, self) if self.around else {}

    def after_write(self, request, snapshot) -> str:
        """What follows the table drawn from ``snapshot`` out of band."""
        return self.oob(request, self, snapshot) if self.oob else ""


def routes_of(context: Mapping[str, Any]) -> MatchRoutes:
    """The routes a template was rendered for (``door``): the match page's unless a view
    said else."""
    door = context.get("door")
    if door is None:
        door = MatchRoutes.own(context["match"], None)
    return door
