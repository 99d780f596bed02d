"""The home page: the account's tournaments and its matches (issue 20, item 5).

The matches come as one list (``services.lists``): in progress first, the latest played
first, a page at a time (Django's ``Paginator``), each finished one with its winner. Past
a screenful the page offers a search by player name and a filter by game: a plain GET
form, so it works without JavaScript, whose values every page link keeps. Archived
matches are off the list, behind an "Archived" link (``?archived=1``).
"""

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import Count, Q
from django.shortcuts import render
from django.utils.http import urlencode
from django.views.decorators.http import require_GET

from ..errors import explain
from ..forms.play import MatchSearchForm
from ..games import registry as games
from ..models import Tournament
from ..rules import RuleError
from ..services import lists

# Matches per page: a few screenfuls on a phone, one on a laptop.
PER_PAGE = 20


@login_required
@require_GET
def home(request):
    # A tournament's tables are its organiser's matches too, a dozen an evening: they are
    # listed under their tournament (``_home_tournaments``), the casual matches alone here.
    archived = request.GET.get("archived") == "1"
    choices = [(slug, game.name) for slug, game in games.GAMES.items()]
    form = MatchSearchForm(request.GET, games=choices)
    query = game = ""
    if form.is_valid():
        query, game = form.cleaned_data["q"], form.cleaned_data["game"]
    try:
        matches = lists.matches_of(request.user, query=query, game=game, archived=archived)
    except RuleError as error:
        form.add_error("q", explain(error))
        matches = lists.matches_of(request.user, archived=archived)
    page = Paginator(matches, PER_PAGE).get_page(request.GET.get("page"))
    shown = list(page.object_list)
    for match in shown:
        match.winner_names = [seat.name for seat in match.seat_list if seat.won]
    searching = bool(query.strip() or game)
    kept_count, archived_count = lists.how_many(request.user)
    listed = archived_count if archived else kept_count
    kept = {"q": query, "game": game, "archived": "1" if archived else ""}
    context = {
        "form": form,
        "page": page,
        "playing": [m for m in shown if not m.finished],
        "finished": [m for m in shown if m.finished],
        "archived": archived,
        "archived_count": 0 if archived else archived_count,
        "searching": searching,
        "query": query,
        # The search and filter once the list is longer than a screenful (or in use).
        "offer_search": listed > lists.SCREENFUL or searching or bool(form.errors),
        "keep": urlencode({key: value for key, value in kept.items() if value}),
        "tournaments": [] if archived else _home_tournaments(request.user),
        "game_names": [game.name for game in games.GAMES.values()],
    }
    return render(request, "home.html", context, status=422 if form.errors else 200)


# How many tournaments of each kind the home page lists; the tournaments page has them all.
HOME_TOURNAMENTS = 5


def _home_tournaments(user) -> list[Tournament]:
    """The tournaments on the home page, each once, with ``tables``: how many of its
    tables' matches are this user's. An organiser's coming and running ones (the soonest
    first), then the finished ones whose tables this user kept (the latest first). Two
    queries whatever the number of tournaments and tables."""
    coming = Tournament.objects.exclude(status=Tournament.Status.FINISHED)
    if not user.is_staff:
        coming = coming.filter(matches__owner=user)  # tables kept by a former organiser
    coming = list(
        coming.annotate(tables=Count("matches", filter=Q(matches__owner=user))).order_by(
            "date", "pk"
        )[:HOME_TOURNAMENTS]
    )
    finished = (
        Tournament.objects.filter(status=Tournament.Status.FINISHED, matches__owner=user)
        .annotate(tables=Count("matches"))
        .order_by("-date", "-pk")[:HOME_TOURNAMENTS]
    )
    return [*coming, *finished]
