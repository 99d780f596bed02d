"""The list of matches (issue 20, item 5): the home page's and ``GET /api/matches``'s, one
read for both faces.

Whose: an account's own matches; an organiser's API list has every match (an organiser
reaches every match). A tournament's tables are listed under their tournament, never
here. In progress first, then finished; the latest played first within each (then the
newest id, so that the order is stable for pages). Archived matches only when asked for.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Count, Q, QuerySet

from ..models import Match
from ..text import NAME_MAX, clean_text, name_search_key

# The home list shows its search and filter once it is longer than a phone's screenful.
SCREENFUL = 10


def search_key(query: Any) -> str:
    """What a search by player name compares with the register's ``name_search``: the
    query cleaned as a name is (``text``) and folded the same way ("ann " finds Ann, and
    so does "ANN"; "Muller" finds Müller and "Müller" Muller); empty when there is
    nothing to search for. RuleError (``q``) for a query no name could contain (a
    control character, more than a name's length)."""
    cleaned = clean_text(query, field="q", max_length=NAME_MAX, required=False)
    return name_search_key(cleaned) if cleaned else ""


def matches_of(
    user, *, everyone: bool = False, query: str = "", game: str = "", archived: bool = False
) -> QuerySet[Match]:
    """The matches listed for ``user`` (``everyone``: every account's, for an organiser),
    in the list's order, with their seats; narrowed to a player whose name contains
    ``query`` (as ``search_key`` reads it; RuleError for one it refuses) and to
    ``game`` (a slug: which games there are is the faces' to check)."""
    matches = Match.objects.filter(tournament__isnull=True, table__isnull=True)
    if not everyone:
        matches = matches.filter(owner=user)
    matches = matches.filter(archived=archived)
    wanted = search_key(query)
    if wanted:
        # A subquery, not a join: a match with two Anns is listed once.
        matches = matches.filter(
            pk__in=Match.objects.filter(seats__player__name_search__contains=wanted).values("pk")
        )
    if game:
        matches = matches.filter(game=game)
    return matches.order_by("finished", "-updated_at", "-pk").prefetch_related("seats")


def how_many(user) -> tuple[int, int]:
    """How many of ``user``'s own matches the list holds, and how many are archived, in
    one query: the home page offers its search past a screenful and links the archived
    ones when there are any."""
    counts = Match.objects.filter(
        owner=user, tournament__isnull=True, table__isnull=True
    ).aggregate(
        kept=Count("pk", filter=Q(archived=False)),
        archived=Count("pk", filter=Q(archived=True)),
    )
    return counts["kept"], counts["archived"]
