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
from ..models.audit import Actor

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

# A match's scorer link (``/k/<token>/``, issue 20 item 4): the same pages, no account.
SCORER_ROUTES = {
    "page": "play:scorer",
    "record": "play:scorer_record",
    "preview": "play:scorer_preview",
    "correct": "play:scorer_correct",
    "undo": "play:scorer_undo",
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

    @classmethod
    def scorer(cls, match: Match) -> MatchRoutes:
        """The match as its scorer link opens it: the link's addresses, the scorer link as
        the audit's actor, and a page that says what the link may do."""
        token = match.scorer_token
        return cls(SCORER_ROUTES, token, Actor.scorer(token), template="scorer.html")

    @property
    def link(self) -> bool:
        """Opened through a link, not an account: the page offers none of the owner's
        links (audit trail, share link, ending, archiving)."""
        return self.routes is not MATCH_ROUTES

    @property
    def name(self) -> str:
        """Tells the cached renderings of the ways apart (a link's own addresses are in
        its rendering)."""
        if self.table is not None:
            return f"table:{self.key}"
        return f"scorer:{self.key}" if self.routes is SCORER_ROUTES else "match"

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
