"""A player's own link ``/p/<token>/`` (docs/tournaments.md §9, issue 36): on the player's
phone, no account, the token is the key. Where to sit now ("Round 2 · Table 3 · Seat 2",
the others at the table, who deals first, the hands sat out, a bye), "Round 2 is being
drafted" between rounds, the player's results and place; during a round the way to the
table's page (its table link, with that link's rights and no more); self check-in where
the tournament allows it.

The page asks every few seconds (htmx, not while hidden: ``static/js/poll.js``) with
the key of what it shows (``player_links.shown_key``); unchanged is 204 for one indexed
read, so a round's start reaches every phone within one poll. Without JavaScript a
reload shows it.

And the organiser's side: an entry's player link as a large QR code to scan from the
organiser's phone or laptop, and its replacement (the old one reaches nothing at once).
"""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from .. import access, links
from ..errors import Clash, NotFound
from ..models import Entry
from ..services import player_links as reads
from ..services import registration
from .common import leave, organiser_required, template_for
from .players import game_records
from .standings_table import why_text


def _unchanged(token: str, shown: str) -> bool:
    """The poll's question in one indexed read, the entry by its token with its
    tournament, and what its page shows (``player_links.shown_key``, from the round's
    map of this revision, worked out once per process)."""
    try:
        entry = access.entry_by_link(token)
    except NotFound:
        return False
    return shown == reads.shown_key(entry, entry.tournament)


def page_context(request, entry: Entry) -> dict:
    # The key before the reads: a change between the two shows at the next poll.
    shown = reads.shown_key(entry, entry.tournament)
    seen = reads.view(entry)
    where = seen.assignment
    return {
        "entry": entry,
        "tournament": entry.tournament,
        "seen": seen,
        "where": where,
        "why": why_text(seen.row.why) if seen.row else "",
        "table_url": reverse("tournaments:table_link", args=[where.table_token])
        if where.table_token
        else "",
        "revision": shown,
        "poll": settings.POLL_SECONDS,
    }


def _gone(request):
    """No entry has this link (mistyped, or replaced by the organiser): 404, saying so in
    the player's words (the phone's poll reloads the page to show it)."""
    return render(request, "tournaments/player_link_gone.html", status=404)


@require_GET
def player_link(request, token: str):
    shown = request.headers.get("X-Player-Revision") if request.htmx else None
    if shown is not None and _unchanged(token, shown):
        return HttpResponse(status=204)
    try:
        entry = access.entry_by_link(token)
    except NotFound:
        return _gone(request)
    template = template_for(request, "tournaments/player_link.html", "live")
    return render(request, template, page_context(request, entry))


@require_POST
def player_check_in(request, token: str):
    """The player checks in through their link (the tournament's ``self_check_in``):
    that entry alone, until the next round is drafted; refused (409) with the reason."""
    try:
        entry = access.entry_by_link(token)
    except NotFound:
        return _gone(request)
    error = ""
    try:
        entry = registration.check_in_myself(entry)
    except Clash as closed:
        error = closed.message
    if request.htmx:
        context = page_context(request, access.entry_by_link(token))
        context["check_in_error"] = error
        template = "tournaments/player_link.html#live"
        return render(request, template, context, status=409 if error else 200)
    if error:
        messages.error(request, error)
    else:
        messages.success(request, _("You are checked in."))
    return leave(request, reverse("tournaments:player_link", args=[entry.token]))


@require_GET
def player_own_page(request, token: str, player_id: int):
    """The player's own player page through their link (docs/tournaments.md "Player
    pages and the club rating"): their figures and rating per game, nothing that leads
    to the organiser's pages; any other player's page is 403."""
    try:
        entry = access.entry_by_link(token)
    except NotFound:
        return _gone(request)
    asker = access.Asker(lambda: access.page_viewer(request, token=token))
    access.player_to_see(asker, player_id)
    player = entry.player if player_id == entry.player_id else entry.partner
    context = {
        "entry": entry,
        "tournament": entry.tournament,
        "player": player,
        "records": game_records(player),
        "own": True,
    }
    return render(request, "players/own.html", context)


# -- the organiser's side -----------------------------------------------------------------


@organiser_required
@require_http_methods(["GET", "POST"])
def entry_link(request, tournament_id: int, entry_id: int):
    """An entry's player link as a large QR code, for the player to scan from this
    screen; a POST replaces the link (the old one stops at once)."""
    tournament = access.find_tournament(tournament_id)
    entry = get_object_or_404(
        Entry.objects.select_related("player", "partner"), pk=entry_id, tournament=tournament
    )
    if request.method == "POST":
        registration.replace_player_link(entry, request.user)
        messages.success(
            request,
            _("%(name)s has a new player link; the old one no longer opens anything.")
            % {"name": entry.name},
        )
        return leave(request, reverse("tournaments:entry_link", args=[tournament.pk, entry.pk]))
    url = links.player_url(request, entry.token)
    context = {
        "tournament": tournament,
        "entry": entry,
        "url": url,
        "qr": links.qr_svg(url, title=url),
        "phones_origin": links.loopback_origin(request),
    }
    return render(request, "tournaments/entry_link.html", context)
