"""The live board for the projector, and a public tournament's results (docs/tournaments.md
§7). No account needed where the tournament is public; a private tournament's board
needs its board link (``?key=<board token>``) or an organiser, and its results are
organisers' only (``access``: anyone else logged in gets 403, an anonymous visitor the
login page).

The board polls itself (htmx, every few seconds while the page is visible) and presents
the revision it shows; when nothing has changed the answer is 204 (htmx keeps the page),
and a plain reload with ``If-None-Match`` gets 304. Both cost one primary-key read.
"""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path

from django.conf import settings
from django.core.cache import cache
from django.http import HttpResponse, HttpResponseNotModified
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.utils.cache import patch_cache_control
from django.utils.crypto import salted_hmac
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from .. import access, standings
from ..models import Round, Table, Tournament
from ..services import board as boards
from ..services import selectors
from . import play
from .match_routes import MatchRoutes
from .standings_table import standings_columns, standings_rows


def _visible(request, tournament_id: int, *, key: bool) -> Tournament:
    """The tournament if this request may follow it (``access``): public, an organiser,
    or (``key``) the board link's token."""
    board_key = request.GET.get("key", "") if key else ""
    return access.tournament_to_see(access.page_asker(request), tournament_id, board_key=board_key)


def standings_heading(read: boards.Board) -> str:
    """What the board's standings are: after the last closed round (the standings' own
    ``after_round``), with the round being played counted so far once a hand of it is in.
    A round that has just started has no results, whatever the rows of zeros show."""
    after = read.standings.after_round
    playing = read.standings.playing_round
    if read.standings.final:
        return _("Final standings")
    if playing and read.hands_in_play:
        if after:
            return _("Standings after round %(after)s, with round %(playing)s so far") % {
                "after": after,
                "playing": playing,
            }
        return _("Round %(number)s being played: standings so far") % {"number": playing}
    if after:
        return _("Standings after round %(number)s") % {"number": after}
    if playing:
        return _("Round %(number)s being played, no results yet") % {"number": playing}
    return _("Standings")


def _etag(tournament: Tournament, revision: str) -> str:
    # The language is part of it: the same revision reads differently in German. The
    # tournament is named by a keyed digest of its board key, which tells tournaments
    # apart (the boards drawn are kept by this tag) without a character of the key in a
    # header, where proxies and browsers' tools show and keep it.
    # The release is part of the tag: drawings kept in the data directory and a
    # projector's last board would otherwise outlive an upgrade that changed how the board
    # looks, shown until the next hand.
    number = revision.rsplit(":", 1)[-1]
    tag = salted_hmac("board-etag", tournament.board_token + release()).hexdigest()[:12]
    return f'"{tag}-{number}-{get_language()}"'


@functools.cache
def release() -> str:
    """What draws a board in this release: a digest of the templates' and stylesheets'
    names, sizes and times, the same in every worker of a server and changed by any
    upgrade or edit of them."""
    roots = [Path(settings.BASE_DIR) / "templates", Path(settings.BASE_DIR) / "static" / "css"]
    roots += sorted((Path(__file__).resolve().parent.parent / "games").glob("*/templates"))
    digest = hashlib.sha256()
    for root in roots:
        for path in sorted(root.rglob("*")):
            if path.is_file():
                found = path.stat()
                digest.update(
                    f"{path.relative_to(root)}:{found.st_size}:{found.st_mtime_ns};".encode()
                )
    return digest.hexdigest()[:16]


@require_GET
def board(request, tournament_id: int):
    tournament = _visible(request, tournament_id, key=True)
    etag = _etag(tournament, boards.revision(tournament))
    presented = request.headers.get("X-Board-Revision", "") if request.htmx else ""
    if presented == etag.strip('"'):
        return HttpResponse(status=204)  # htmx keeps what it shows
    if etag in request.headers.get("If-None-Match", ""):
        return _fresh(HttpResponseNotModified(), etag)
    partial = bool(request.htmx and not request.htmx.history_restore_request)
    key = request.GET.get("key", "") if not tournament.public else ""

    def draw() -> str:
        read = boards.board(tournament)
        context = {
            "tournament": tournament,
            "board": read,
            "rows": standings_rows(read.standings),
            "columns": standings_columns(tournament),
            "revision": etag.strip('"'),
            "poll": settings.POLL_SECONDS,
            "key": key,
            "heading": standings_heading(read),
            "seating": seating_list(read) if read.seating_shown else "",
        }
        template = "tournaments/board.html" + ("#live" if partial else "")
        return render_to_string(template, context, request=request)

    # Each kind of the board has its own drawing: the page or its live part, the words
    # of a language, the polls' address with the key or without.
    kind = f"{tournament.pk}-{get_language()}-{'live' if partial else 'page'}-{bool(key):d}"
    drawing = boards.drawings.shown(kind, etag, draw, presented=f'"{presented}"')
    if presented and presented == drawing.etag.strip('"'):
        return HttpResponse(status=204)  # the board drawn a moment ago, which it shows
    return _fresh(HttpResponse(drawing.html), drawing.etag)


def seating_list(read: boards.Board) -> str:
    """The round's "find your seat" list, A–Z: rendered once per seating and language,
    not at every revision. A championship's first minutes show it beside every hand (600
    names, a sentence each, were a third of a board's drawing at 150 tables:
    bench/profile_write.py --view board)."""
    seating = repr((read.round.pk, read.by_name)).encode()
    key = f"board-seats:{get_language()}:{hashlib.blake2b(seating, digest_size=16).hexdigest()}"
    html = cache.get(key)
    if html is None:
        html = render_to_string("tournaments/board.html#seating", {"board": read})
        cache.set(key, html, BOARD_SEATS_SECONDS)
    return mark_safe(html)  # noqa: S308 - rendered by the template, escaped there


BOARD_SEATS_SECONDS = 60 * 60


def _fresh(response: HttpResponse, etag: str) -> HttpResponse:
    """Kept by the browser but asked about every time; never by a shared cache (a private
    board's answer is only for who holds its key)."""
    response["ETag"] = etag
    patch_cache_control(response, private=True, no_cache=True)
    return response


@require_GET
def results(request, tournament_id: int):
    """A tournament's results for everyone (public tournaments): the standings, every
    round's seating and each table's match."""
    tournament = _visible(request, tournament_id, key=False)
    read = boards.board(tournament)
    rounds = []
    for round_ in tournament.rounds.exclude(status=Round.Status.DRAFT).order_by("number"):
        rounds.append({"round": round_, "tables": boards.round_progress(tournament, round_)})
    # The tables the organiser ended, with who did and why: one query for the evening.
    stops = selectors.stops(table.match for item in rounds for table in item["tables"])
    for item in rounds:
        item["tables"] = [(table, stops.get(table.match)) for table in item["tables"]]
    context = {
        "tournament": tournament,
        "board": read,
        "rows": standings_rows(read.standings),
        "columns": standings_columns(tournament),
        "rounds": rounds,
        "rank_label": standings.rank_label,
        "heading": standings_heading(read),
    }
    return render(request, "tournaments/results.html", context)


@require_GET
def result_table(request, tournament_id: int, number: int, table: int):
    """One table's match of a public tournament, read-only."""
    tournament = _visible(request, tournament_id, key=False)
    found = get_object_or_404(
        Table.objects.select_related("match", "round").exclude(round__status=Round.Status.DRAFT),
        round__tournament=tournament,
        round__number=number,
        number=table,
    )
    return play.cached_match_page(
        request, found.match, MatchRoutes.own(found.match, None), read_only=True
    )
