"""A round's page (docs/tournaments.md §3, §4): drafting it, changing the draft (with a
preview), starting and closing it, the organiser's rulings on a table, the tables' links."""

from __future__ import annotations

from django.contrib import messages
from django.db.models import Count
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from .. import links, rules, text
from ..errors import Clash, explain
from ..models import Round, Seat, Table, Tournament
from ..rules import RuleError
from ..services import closing, drafting, selectors, table_results
from ..services import standings as standings_reads
from ..services.tables import table_sizes
from .common import cached_page, leave, organiser_required, template_for
from .tournaments import posted_entry, refused, round_of, tournament_of


@organiser_required
@require_POST
def round_draft(request, tournament_id: int):
    tournament = tournament_of(tournament_id)
    try:
        round_ = drafting.draft_round(
            tournament,
            request.user,
            method=request.POST.get("method", ""),
            seeding=request.POST.get("seed") or None,
        )
    except (RuleError, Clash) as error:
        refused(request, error)
        return leave(request, tournament.get_absolute_url())
    return leave(request, reverse("tournaments:round", args=[tournament.pk, round_.number]))


def round_context(tournament: Tournament, round_: Round) -> dict:
    tables = list(
        round_.tables.select_related(
            "match", "submitted_by__player", "confirmed_by__player"
        ).prefetch_related("seats__entry__player")
    )
    hands = {}
    if round_.status != Round.Status.DRAFT:
        hands = dict(
            Table.objects.filter(round=round_)
            .annotate(n=Count("match__hands"))
            .values_list("pk", "n")
        )
    sizes = table_sizes(tournament)
    ruleset = rules.get_ruleset(tournament.game, tournament.variant, tournament.options)
    # The tables the organiser ended: who did and why (a query only when there are any).
    stops = selectors.stops(
        table.match_id for table in tables if table.match and table.match.stopped
    )
    rows = []
    for table in tables:
        seats = list(table.seats.all())
        rows.append(
            {
                "table": table,
                "seats": seats,
                "hands": hands.get(table.pk, 0),
                "of": ruleset.table_hands(sizes, len(seats), tournament.hands_per_round),
                # A table that plays another variant than the tournament's (Sheepshead's
                # table of four plays four-handed) says which.
                "variant": _table_variant_name(ruleset, sizes, len(seats)),
                "done": bool(table.match and table.match.finished),
                # Who sits out, in the game's words (the dealer at Sheepshead).
                "sitter": _(ruleset.sitter_note) if sizes.has_sitter(len(seats)) else "",
                "dealer": seats[table.first_dealer].entry.name if seats else "",
                "stop": stops.get(table.match_id),
            }
        )
    _with_results(round_, rows)
    byes = [bye.entry for bye in round_.byes.select_related("entry__player")]
    entries = [seat.entry for row in rows for seat in row["seats"]] + byes
    names = {entry.pk: entry.name for entry in entries}
    quality = drafting.drafted(round_).quality
    return {
        "tournament": tournament,
        "round": round_,
        "rows": rows,
        "byes": byes,
        "quality": quality,
        # A keep-apart pair sharing a table, by name: the organiser needs to know who.
        "apart_broken": [(names[first], names[second]) for first, second in quality.apart_broken],
        "entries": entries,
        "all_done": rows and all(row["done"] for row in rows),
        "unconfirmed": [row["table"].number for row in rows if not row["table"].confirmed],
    }


def _table_variant_name(ruleset, sizes, size: int) -> str:
    """The preset a table of ``size`` plays, named, when it is not the tournament's."""
    if not size:
        return ""
    variant, _extra = ruleset.table_variant(size, sizes)
    if variant == ruleset.variant:
        return ""
    return _(ruleset.presets[variant].name)


def _with_results(round_: Round, rows: list[dict]) -> None:
    """A closed round's tables with their results: beside each seat its match's total and
    place (a team speaks through its first player's seat), and who won the table."""
    if round_.status != Round.Status.CLOSED:
        return
    matches = [row["table"].match_id for row in rows if row["table"].match_id]
    seats = {(seat.match_id, seat.number): seat for seat in Seat.objects.filter(match__in=matches)}
    for row in rows:
        match = row["table"].match_id
        results = [seats.get((match, seat.number)) for seat in row["seats"]]
        if not all(results):
            continue
        row["results"] = list(zip(row["seats"], results, strict=True))
        row["winners"] = [row_seat.entry.name for row_seat, seat in row["results"] if seat.won]


@organiser_required
@require_GET
def round_detail(request, tournament_id: int, number: int):
    tournament = tournament_of(tournament_id)

    def page(csrf_token):
        # Looked up only when the page is rendered: a page kept for this revision and
        # path shows a round that exists.
        context = round_context(tournament, round_of(tournament, number))
        context["phones_origin"] = phones_origin
        if csrf_token:
            context["csrf_token"] = csrf_token
        return render(request, template_for(request, "tournaments/round.html", "tables"), context)

    # Organisers keep it open all evening: rendered once per tournament revision (and
    # per address its table links would carry, which decides the warning about them).
    phones_origin = links.loopback_origin(request)
    revision = f"{standings_reads.revision_key(tournament)}:{phones_origin}"
    return cached_page(request, revision, page)


@organiser_required
@require_http_methods(["GET", "POST"])
def round_change(request, tournament_id: int, number: int):
    """Change a draft: swap two entries, or move one to a table (or to a bye); start the
    round, close it. A GET is the "Close round N?" page reloaded (its address is this
    form's): ``_close_asked_again``."""
    tournament = tournament_of(tournament_id)
    round_ = round_of(tournament, number)
    if request.method == "GET":
        return _close_asked_again(request, tournament, round_)
    action = request.POST.get("action")
    if request.POST.get("preview") and action in ("swap", "move"):
        return _change_preview(request, tournament, round_, action)
    try:
        if action == "swap":
            first = posted_entry(tournament, request.POST.get("first"))
            second = posted_entry(tournament, request.POST.get("second"))
            drafting.swap(round_, request.user, first, second)
        elif action == "move":
            entry = posted_entry(tournament, request.POST.get("entry"))
            table = request.POST.get("table", "")
            drafting.move(round_, request.user, entry, text.typed_whole(table))
        elif action == "start":
            drafting.start_round(round_, request.user)
            messages.success(request, _("Round %(number)s has started.") % {"number": number})
        elif action == "close":
            closing.close_round(
                round_,
                request.user,
                end_unfinished="end_unfinished" in request.POST,
                reason=request.POST.get("reason", ""),
                confirming=_whole_numbers(request.POST.getlist("confirming")),
                seen=text.typed_whole(request.POST.get("seen")),
            )
            messages.success(request, _("Round %(number)s is closed.") % {"number": number})
        else:
            raise RuleError(gettext_noop("Choose what to do."), field="action")
    except closing.ConfirmFirst as unconfirmed:
        return _close_asks(request, tournament, round_, unconfirmed.tables)
    except (RuleError, Clash) as error:
        refused(request, error)
    return leave(request, reverse("tournaments:round", args=[tournament.pk, number]))


def _change_preview(request, tournament: Tournament, round_: Round, action: str):
    """A swap or move shown before it is made (§3): the repeat pairs it would create, by
    name, or why it would be refused, and the button that makes it. Nothing is saved.
    Under htmx (the forms ask on each change) only the preview is sent back."""
    preview: dict = {"action": action}
    status = 200
    posted = request.POST
    if request.htmx and action == "swap" and posted.get("first") == posted.get("second"):
        # The second choice is still to be made: nothing to show yet.
        context = round_context(tournament, round_)
        return render(request, "tournaments/round.html#change_preview", context)
    try:
        if action == "swap":
            first = posted_entry(tournament, request.POST.get("first"))
            second = posted_entry(tournament, request.POST.get("second"))
            preview.update(first=first, second=second)
            changed = drafting.preview_swap(round_, first, second)
        else:
            entry = posted_entry(tournament, request.POST.get("entry"))
            table = request.POST.get("table", "")
            preview.update(entry=entry, table=text.typed_whole(table))
            changed = drafting.preview_move(round_, entry, preview["table"])
    except (RuleError, Clash) as error:
        preview["error"] = explain(error)
        status = 422
    context = round_context(tournament, round_)
    if "error" not in preview:
        names = {entry.pk: entry.name for entry in context["entries"]}
        preview["repeats"] = [
            (names[pair.first], names[pair.second], pair.table) for pair in changed.quality.repeats
        ]
        preview["quality"] = changed.quality
    context["preview"] = preview
    name = template_for(request, "tournaments/round.html", "change_preview")
    return render(request, name, context, status=status)


def _close_asks(request, tournament: Tournament, round_: Round, numbers: list[int]):
    """Before closing confirms tables in the organiser's name: which, and how far each
    got, with the same close (and its reason) to send again, or the way back."""
    # The revision before the tables are read: the yes is for what is shown here, and a
    # table corrected or taken back meanwhile moves it (the close then asks again).
    seen = Tournament.objects.values_list("revision", flat=True).get(pk=tournament.pk)
    tables = list(
        round_.tables.filter(number__in=numbers).select_related("match", "submitted_by__player")
    )
    # Asked again on a GET (a reload), the question has no post to repeat: a table still
    # playing can only have come with "end them" ticked, whose reason is typed again.
    playing = any(not table.match.finished for table in tables)
    context = {
        "tournament": tournament,
        "round": round_,
        "seen": seen,
        "tables": tables,
        "numbers": ", ".join(str(table.number) for table in tables),
        "end_unfinished": "end_unfinished" in request.POST or (request.method == "GET" and playing),
        "reason": request.POST.get("reason", ""),
    }
    template = template_for(request, "tournaments/round_close.html", "question")
    return render(request, template, context)


def _close_asked_again(request, tournament: Tournament, round_: Round):
    """The "Close round N?" page reloaded: it came from a post, and a reload asks for
    its address. The question again, as the tables now stand, while closing the round
    would ask it; otherwise back to the round's page (closed already, or nothing to ask:
    its own button closes it)."""
    asks = closing.close_asks(round_)
    if asks:
        return _close_asks(request, tournament, round_, asks)
    if round_.status == Round.Status.CLOSED:
        messages.info(request, _("Round %(number)s is closed.") % {"number": round_.number})
    return leave(request, reverse("tournaments:round", args=[tournament.pk, round_.number]))


def _whole_numbers(values: list[str]) -> list[int]:
    """The whole numbers among ``values`` (the tables ticked on a page)."""
    return [number for value in values if (number := text.typed_whole(value)) is not None]


@organiser_required
@require_POST
def table_end(request, tournament_id: int, number: int, table: int):
    """End a table that cannot finish, as it stands, with a reason."""
    return _table_ruling(request, tournament_id, number, table, table_results.end_table, "")


@organiser_required
@require_POST
def table_reopen(request, tournament_id: int, number: int, table: int):
    """Give a handed-in or confirmed table back to its players, with a reason."""
    done = gettext_noop("Table %(number)s is open again for its players.")
    return _table_ruling(request, tournament_id, number, table, table_results.unlock_table, done)


def _table_ruling(request, tournament_id, number, table_number, ruling, done: str):
    """An organiser's ruling on one table of a round (``ruling(table, by, reason=...)``),
    then back to the round's page with what came of it."""
    tournament = tournament_of(tournament_id)
    table = get_object_or_404(Table, round=round_of(tournament, number), number=table_number)
    try:
        ruling(table, request.user, reason=request.POST.get("reason", ""))
    except (RuleError, Clash) as error:
        refused(request, error)
    else:
        if done:
            messages.success(request, _(done) % {"number": table.number})
    return leave(request, reverse("tournaments:round", args=[tournament.pk, number]))


@organiser_required
@require_GET
def table_links(request, tournament_id: int, number: int):
    """Every table's link of a round as a QR code with its address: to show on the
    laptop, or to print and lay on the tables."""
    tournament = tournament_of(tournament_id)
    round_ = round_of(tournament, number)
    tables = []
    for table in round_.tables.prefetch_related("seats__entry__player"):
        url = links.table_url(request, table.token)
        tables.append({"table": table, "url": url, "qr": links.qr_svg(url)})
    context = {
        "tournament": tournament,
        "round": round_,
        "tables": tables,
        "phones_origin": links.loopback_origin(request),
    }
    return render(request, "tournaments/table_links.html", context)
