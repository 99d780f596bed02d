"""A table of a tournament round on the players' phones: its table link ``/t/<token>/``
(docs/tournaments.md §4, §7). No account: the token is the key. The page is the table's
match page — the same forms, services, two-phone safety and audit, through a table
``MatchRoutes`` — with the round, the table number and the seats above it and, once the match
has ended, the result handed in by one player and confirmed by another.

The link writes while its round is being played and its result is not confirmed; after
that it shows the result read-only (``access.table_link_access`` decides, for the API
too).
"""

from __future__ import annotations

import functools

from django.conf import settings
from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRefresh

from .. import access
from ..access import Access
from ..errors import Clash, TableLocked, explain
from ..models import Table
from ..rules import RuleError
from ..services import table_results
from . import play
from .common import leave
from .match_routes import TABLE_ROUTES, MatchRoutes


def _table(token: str):
    """The table of ``token`` and its door; 404 for no table (or one not started). Read
    once per request: everything after it is handed this table."""
    table = access.table_by_link(token)
    return table, table_link_routes(table)


def table_link_routes(table) -> MatchRoutes:
    """The match as its table link opens it: the link's addresses, the table as the
    audit's actor, and the page with the round, the table and the result step."""
    return MatchRoutes(
        TABLE_ROUTES,
        table.token,
        table.actor,
        table,
        template="tournaments/table_link.html",
        around=table_page_context,
        oob=status_oob,
    )


def _writable(request, token: str):
    """The table, its match and door when the link still writes; otherwise None (the
    caller answers ``_back``)."""
    table, door = _table(token)
    if access.table_link_access(token, table.match) < Access.WRITE:
        return None, door
    return table, door


def _until_locked(hand=False):
    """A write through the link, and the answer when the table was locked meanwhile:
    the first check (``_writable``) came before the write's transaction, and the write
    itself asks again under the tournament's lock (``services.play``), which rolls the
    write back. ``hand``: the write is a hand, shown beside the one recorded."""

    def wrap(write):
        @functools.wraps(write)
        def view(request, token: str, *args, **kwargs):
            try:
                return write(request, token, *args, **kwargs)
            except TableLocked as locked:
                # Read afresh: the table was read before it was locked.
                return _back(request, _table(token)[1], locked.message, hand=hand)

        return view

    return wrap


def _back(request, door: MatchRoutes, message: str = "", *, hand=False):
    """A write the link no longer takes (its result confirmed, its round closed): nothing
    is written, and the page says why. A POST answers 409, the clash refusal, with the
    page as it stands (htmx: the whole page is loaded again, as what is below may now be
    read-only; ``play.refused``), never a success: a phone sending a hand it kept offline
    keeps it (docs/offline.md). Opening a correction or an undo goes back to the page."""
    table = door.table
    message = message or table.closed_message
    if request.method == "POST":
        read_only = access.table_link_access(table.token, table.match) < Access.WRITE
        return play.refused(request, table.match, door, message, read_only=read_only, hand=hand)
    messages.warning(request, message)
    if request.htmx:
        return HttpResponseClientRefresh()
    return leave(request, door.url("page"))


def _watched(token: str) -> Table | None:
    """The poll's one read: the table's state and its match's revision, by the link's
    token."""
    return access.find_table(token, watching=True)


def shown_revision(table, match_revision: int) -> str:
    """What a table's page shows, as one word: its match's revision (every hand, every
    correction), who handed the result in, whether it is confirmed, the round's status."""
    status = table.__dict__.get("round_status") or table.round.status
    confirmed = int(table.confirmed_at is not None)
    return f"{match_revision}.{table.submitted_by_id or 0}.{confirmed}.{status}"


def _unchanged(token: str, shown: str) -> bool:
    table = _watched(token)
    if table is None or not access.same_token(token, table.token):
        return False
    return shown == shown_revision(table, table.match_revision)


@require_GET
def table_link(request, token: str):
    # The page's poll (htmx, every few seconds while the page is visible and its hand
    # form untouched) says what it shows: unchanged costs one read, and 204 keeps it.
    shown = request.headers.get("X-Table-Revision") if request.htmx else None
    if shown is not None and _unchanged(token, shown):
        return HttpResponse(status=204)
    table, door = _table(token)
    read_only = access.table_link_access(token, table.match) < Access.WRITE
    response = play.cached_match_page(request, table.match, door, read_only=read_only)
    if shown is not None and response.status_code == 200 and b"table-watch" not in response.content:
        # Changed: the table, and out of band its result step and the poll's revision.
        response.content += status_oob(request, door).encode()
    return response


@require_POST
@_until_locked(hand=True)
def table_record(request, token: str):
    table, door = _writable(request, token)
    if table is None:
        return _back(request, door, hand=True)
    return play.record(request, table.match, door)


@require_POST
def table_preview(request, token: str):
    table, door = _writable(request, token)
    if table is None:
        return _back(request, door)
    return play.preview_scores(request, table.match, door)


@require_http_methods(["GET", "POST"])
@_until_locked()
def table_correct(request, token: str, number: int):
    table, door = _writable(request, token)
    if table is None:
        return _back(request, door)
    return play.correct(request, table.match, number, door)


@require_http_methods(["GET", "POST"])
@_until_locked()
def table_undo(request, token: str, number: int):
    table, door = _writable(request, token)
    if table is None:
        return _back(request, door)
    return play.undo(request, table.match, number, door)


@require_POST
def table_result(request, token: str):
    """The result's step: ``submit`` ("we are done"), ``confirm`` (a second player), or
    ``reopen`` (take it back to fix a hand), each by a player picking their name."""
    table, door = _writable(request, token)
    if table is None:
        return _back(request, door)
    step = request.POST.get("step", "")
    error = None
    try:
        if step == "submit":
            table_results.submit_result(table, request.POST.get("entry"))
            messages.success(request, _("Handed in. Now a second player confirms."))
        elif step == "confirm":
            table_results.confirm_result(table, request.POST.get("entry"))
            messages.success(request, _("Confirmed: this table is done. Thank you!"))
        elif step == "reopen":
            table_results.reopen_result(table)
            messages.success(request, _("Taken back: correct the hand, then hand it in again."))
        else:
            error = _("Choose a step: hand in, confirm or take back.")
    except RuleError as rule_error:
        error = explain(rule_error)
    except Clash as clash:  # the table moved on meanwhile (another phone)
        error = clash.message
    if error and request.htmx:
        context = table_page_context(request, door)
        context["result_error"] = error
        return render(request, "tournaments/table_link.html#result", context, status=422)
    if error:
        messages.error(request, error)
    elif request.htmx:
        # Handing in, confirming or taking back changes what the page below may do.
        return HttpResponseClientRefresh()
    return leave(request, door.url("page") + "#result")


def table_page_context(request, door: MatchRoutes) -> dict:
    """What the table link's page shows around the match: the tournament, the round,
    the table and its players, and the result's step."""
    table = door.table
    entries = table_results.players_at(table)
    return {
        "tournament": table.round.tournament,
        "round": table.round,
        "table": table,
        "entries": entries,
        "confirmers": [entry for entry in entries if entry.pk != table.submitted_by_id],
        "finished": table.match.finished,
        # Read with the table and its match, before the page is drawn from them.
        "watch_revision": shown_revision(table, table.match.revision),
        "watch_url": door.url("page"),
        "watch_seconds": settings.POLL_SECONDS,
    }


def status_oob(request, door: MatchRoutes, shown=None) -> str:
    """The result's step, swapped in out of band after a hand is written through the link
    (a hand that ends the match brings "We are done"), and the page's poll with what the
    page now shows (``shown``: the snapshot the table was drawn from, when not the
    table's match as read with it)."""
    context = table_page_context(request, door)
    context["oob"] = True
    if shown is not None:
        context["watch_revision"] = shown_revision(door.table, shown.match.revision)
    return render_to_string(
        "tournaments/table_link.html#result", context, request=request
    ) + render_to_string("tournaments/table_link.html#watch", context, request=request)
