"""The register of players (docs/tournaments.md §1), for organisers: thin views that parse,
call ``services.players`` and render.

An htmx request gets a named partial of the page's template (the search results as they
type, a form with its errors); a plain request gets the whole page or a redirect, so each
page works without JavaScript.
"""

import csv

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from .. import access
from ..errors import explain
from ..forms.players import MemberListConfirmForm, MemberListForm, MergeForm, PlayerForm
from ..games import registry as games
from ..models import Player, PlayerAudit
from ..presenters import rating_chart
from ..rules import RuleError
from ..services import club
from ..services import players as services
from .common import leave, organiser_required, template_for
from .exports import csv_choices, csv_separator

PER_PAGE = 50
SHOW_DEFAULT = "active"


def _player(player_id: int) -> Player:
    player = Player.objects.filter(pk=player_id).first()
    if player is None:
        raise Http404
    return player


def _game_name(slug: str) -> str:
    found = games.GAMES.get(slug)
    return str(found.name) if found is not None else slug


def _url(player: Player) -> str:
    return reverse("players:player", args=[player.pk])


def _shown(request) -> str:
    show = request.GET.get("show", SHOW_DEFAULT)
    return show if show in services.SHOWN else SHOW_DEFAULT


@organiser_required
@require_GET
def player_list(request):
    """The register, searched as the organiser types (htmx swaps the results in; without
    JavaScript the search is a GET form)."""
    query, show = request.GET.get("q", ""), _shown(request)
    page = Paginator(services.search(query, show), PER_PAGE).get_page(request.GET.get("page"))
    context = {
        "query": query,
        "show": show,
        "filters": _filters(),
        "page": page,
        "players": page.object_list,
        "searching": bool(services.search_key(query)),
        "rating_games": [(slug, _game_name(slug)) for slug in games.GAMES],
    }
    return render(request, template_for(request, "players/list.html", "results"), context)


def _filters() -> list[tuple[str, str]]:
    return [
        ("active", _("Active")),
        ("casual", _("Casual")),
        ("inactive", _("Inactive")),
        ("all", _("All")),
    ]


@organiser_required
@require_http_methods(["GET", "POST"])
def player_new(request):
    # ``?name=``: the list's "add this name" link, from a search that found nobody.
    initial = {"name": request.GET.get("name", "")}
    form = PlayerForm(request.POST if request.method == "POST" else None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            player = services.create_player(**form.changes(), by=request.user)
        except RuleError as error:
            form.refuse(error)
        else:
            messages.success(
                request, _("%(name)s was added to the register.") % {"name": player.name}
            )
            if "another" in request.POST:
                return leave(request, reverse("players:new"))
            return leave(request, _url(player))
    status = 422 if form.errors else 200
    template = template_for(request, "players/form.html", "form")
    return render(request, template, {"form": form, "player": None}, status=status)


def game_records(player: Player) -> list[dict]:
    """Per game the player finished a match of: the figures, the game's name and the
    rating's chart (``players/partials/records.html``)."""
    return [
        {"record": record, "label": _game_name(record.game), "chart": rating_chart(record.course)}
        for record in club.player_record(player)
    ]


@require_GET
def player_detail(request, player_id: int):
    """A player: their details, per game their figures and rating (docs/tournaments.md
    "Player pages and the club rating"), their matches (latest first), tournaments, what
    changed."""
    access.player_to_see(access.page_asker(request), player_id)
    player = _player(player_id)
    seats = Paginator(services.seats_of(player), PER_PAGE).get_page(request.GET.get("page"))
    context = {
        "player": player,
        "records": game_records(player),
        "seats": seats,
        "tournaments": services.tournaments_of(player),
        "history": [
            {"at": entry.at, "sentence": describe(entry)} for entry in services.history_of(player)
        ],
    }
    return render(request, template_for(request, "players/detail.html", "matches"), context)


@organiser_required
@require_http_methods(["GET", "POST"])
def player_edit(request, player_id: int):
    player = _player(player_id)
    if request.method == "POST":
        form = PlayerForm(request.POST, editing=True)
    else:
        initial = {field: getattr(player, field) for field in services.EDITABLE}
        form = PlayerForm(initial=initial, editing=True)
    if request.method == "POST" and form.is_valid():
        try:
            player = services.edit_player(player, form.changes(), by=request.user)
        except services.NoSuchPlayer:
            raise Http404 from None
        except RuleError as error:
            form.refuse(error)
        else:
            messages.success(request, _("%(name)s was saved.") % {"name": player.name})
            return leave(request, _url(player))
    status = 422 if form.errors else 200
    template = template_for(request, "players/form.html", "form")
    return render(request, template, {"form": form, "player": player}, status=status)


@organiser_required
@require_http_methods(["GET", "POST"])
def player_deactivate(request, player_id: int):
    """Asks first (GET), then takes the player off the lists of who plays (POST)."""
    player = _player(player_id)
    if request.method == "POST":
        return _set_active(request, player, False)
    return render(
        request,
        template_for(request, "players/deactivate.html", "confirm"),
        {"player": player, "seats": services.seats_of(player).count()},
    )


@organiser_required
@require_POST
def player_reactivate(request, player_id: int):
    return _set_active(request, _player(player_id), True)


def _set_active(request, player: Player, active: bool):
    change = services.reactivate_player if active else services.deactivate_player
    try:
        player = change(player, by=request.user)
    except services.NoSuchPlayer:
        raise Http404 from None
    except RuleError as error:
        messages.warning(request, explain(error))
    else:
        if active:
            message = _("%(name)s is active again.")
        else:
            message = _("%(name)s is inactive: off the lists, results kept.")
        messages.success(request, message % {"name": player.name})
    return leave(request, _url(player))


@organiser_required
@require_http_methods(["GET", "POST"])
def player_merge(request, player_id: int):
    """Merge this player into another: pick the other by search (GET ``q``), see what
    would move (GET ``into``), confirm (POST ``into``)."""
    source = _player(player_id)
    chosen = request.POST if request.method == "POST" else request.GET
    # Bound only once a player is chosen: the search alone has nothing to refuse.
    form = MergeForm(chosen if request.method == "POST" or "into" in chosen else None)
    target = None
    if form.is_bound and form.is_valid():
        target = Player.objects.filter(pk=form.cleaned_data["into"]).first()
        if target is None:
            form.add_error("into", _("There is no such player; choose another."))
    if request.method == "POST" and target is not None:
        try:
            merged = services.merge_players(source, target, by=request.user)
        except services.NoSuchPlayer:
            raise Http404 from None
        except RuleError as error:
            form.add_error("into", explain(error))
        else:
            messages.success(request, _merged_message(source, merged))
            return leave(request, _url(merged.player))
    if target is not None:
        plan = services.merge_plan(source, target)
        refusal = plan.refusal()
        context = {
            "player": source,
            "target": target,
            "plan": plan,
            "refusal": explain(refusal) if refusal else None,
            "form": form,
        }
        status = 422 if form.errors or refusal else 200
        template = template_for(request, "players/merge_confirm.html", "confirm")
        return render(request, template, context, status=status)
    query = request.GET.get("q", "")
    merge_url = reverse("players:merge", args=[source.pk])
    candidates = (
        [
            (candidate, f"{merge_url}?into={candidate.pk}")
            for candidate in services.search(query, "all").exclude(pk=source.pk)[:PER_PAGE]
        ]
        if services.search_key(query)
        else []
    )
    context = {"player": source, "query": query, "candidates": candidates, "form": form}
    status = 422 if form.errors else 200
    template = template_for(request, "players/merge.html", "candidates")
    return render(request, template, context, status=status)


def _merged_message(source: Player, merged: services.Merged) -> str:
    moved = ngettext(
        "%(seats)s seat in %(matches)s match moved.",
        "%(seats)s seats in %(matches)s matches moved.",
        merged.seats,
    ) % {"seats": merged.seats, "matches": len(set(merged.matches))}
    return _("%(source)s was merged into %(target)s.") % {
        "source": source.name,
        "target": merged.player.name,
    } + (" " + moved if merged.seats else "")


# -- the club's member list --------------------------------------------------------------


@organiser_required
@require_http_methods(["GET", "POST"])
def player_import(request):
    """Import the club's member list: choose the CSV file (GET), see what each row would do
    (POST ``file``: the preview, nothing written), confirm (POST ``content``).

    Between the preview and the yes the list travels in the page, as the text that was
    uploaded, and is read and judged again on the yes: nothing the browser sends back is
    trusted more than a new upload, no session grows by a file, and what is written is
    what the register allows at that moment."""
    if request.method == "POST" and "content" in request.POST:
        return _import_confirmed(request)
    posted = request.method == "POST"
    upload = MemberListForm(request.POST, request.FILES) if posted else MemberListForm()
    if posted and upload.is_valid():
        chosen = upload.cleaned_data["file"]
        try:
            read = services.decode_member_list(chosen.read(services.IMPORT_MAX_BYTES + 1))
            plan = services.import_plan(services.member_list(read.text))
        except RuleError as error:
            upload.add_error("file", explain(error))
        else:
            return _import_preview(request, read, plan)
    status = 422 if upload.errors else 200
    template = template_for(request, "players/import.html", "upload")
    return render(request, template, _upload_context(upload), status=status)


# How the preview says what the file was read as: the encoding as the spreadsheet names
# it when it saves one, and the separator.
ENCODING_NAMES = {
    "utf-8": gettext_lazy("UTF-8"),
    "utf-16": gettext_lazy("UTF-16 (Excel's “Unicode text”)"),
    "cp1252": gettext_lazy("Windows-1252 (Excel's “CSV”)"),
}
SEPARATOR_NAMES = {
    ",": gettext_lazy("commas"),
    ";": gettext_lazy("semicolons"),
    "\t": gettext_lazy("tabs"),
}


def _import_preview(request, read: services.MemberFile, plan):
    rows = [
        {
            "line": planned.row.line,
            "status": planned.status,
            "name": planned.name or planned.row.name,
            "email": planned.email if planned.status != "refused" else planned.row.email,
            "member_no": planned.member_no or planned.row.member_no,
            "player": planned.player,
            "reason": explain(planned.reason) if planned.reason else "",
        }
        for planned in plan
    ]
    counts = {status: sum(row["status"] == status for row in rows) for status in STATUSES}
    context = {
        "rows": rows,
        "counts": counts,
        "encoding": ENCODING_NAMES[read.encoding],
        "separator": SEPARATOR_NAMES[services.separator_of(read.text)],
        # The list goes back as the text it was read as: the yes needs no encoding.
        "confirm": MemberListConfirmForm(initial={"content": read.text}),
    }
    return render(request, template_for(request, "players/import.html", "preview"), context)


STATUSES = ("new", "existing", "refused")


def _import_confirmed(request):
    confirm = MemberListConfirmForm(request.POST)
    if confirm.is_valid():
        try:
            added, _plan = services.import_members(confirm.cleaned_data["content"], by=request.user)
        except RuleError as error:
            refusal = explain(error)
        else:
            messages.success(
                request,
                ngettext(
                    "%(count)s player was added to the register.",
                    "%(count)s players were added to the register.",
                    len(added),
                )
                % {"count": len(added)},
            )
            return leave(request, reverse("players:list"))
    else:
        refusal = confirm.errors["content"][0]
    template = template_for(request, "players/import.html", "upload")
    return render(request, template, _upload_context(MemberListForm(), refusal), status=422)


def _upload_context(upload: MemberListForm, refusal: str = "") -> dict:
    return {
        "upload": upload,
        "refusal": refusal,
        "rows": None,
        "max_kb": services.IMPORT_MAX_BYTES // 1024,
        "max_rows": services.IMPORT_MAX_ROWS,
    }


# -- the audit, in sentences --------------------------------------------------------------


def describe(entry: PlayerAudit) -> str:
    """One change to the register as a sentence: who did what to whom."""
    Action = PlayerAudit.Action
    params = {"by": entry.by_name or _("someone"), "name": entry.player_name}
    if entry.action == Action.MERGE:
        before, after = entry.before or {}, entry.after or {}
        seats = after.get("seats_moved", 0)
        sentence = _("%(by)s merged %(source)s into %(target)s.") % {
            **params,
            "source": before.get("source", {}).get("name", ""),
            "target": before.get("target", {}).get("name", entry.player_name),
        }
        moved = ngettext(
            "%(seats)s seat in %(matches)s match moved.",
            "%(seats)s seats in %(matches)s matches moved.",
            seats,
        ) % {"seats": seats, "matches": len(set(after.get("matches", [])))}
        return f"{sentence} {moved}" if seats else sentence
    if entry.action == Action.EDIT:
        changes = "; ".join(_changes(entry.before or {}, entry.after or {}))
        return _("%(by)s edited %(name)s: %(changes)s.") % {**params, "changes": changes}
    sentences = {
        Action.CREATE: _("%(by)s added %(name)s."),
        Action.DEACTIVATE: _("%(by)s deactivated %(name)s."),
        Action.REACTIVATE: _("%(by)s reactivated %(name)s."),
    }
    return sentences.get(entry.action, "%(by)s %(name)s") % params


def _changes(before: dict, after: dict) -> list[str]:
    labels = {
        "name": _("name"),
        "email": _("e-mail address"),
        "member_no": _("membership number"),
        "active": _("active"),
        "casual": _("casual"),
    }
    return [
        f"{label} {_shown_value(before.get(field))} → {_shown_value(after.get(field))}"
        for field, label in labels.items()
        if before.get(field) != after.get(field)
    ]


def _shown_value(value) -> str:
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    return f"“{value}”" if value else "–"


# -- the club's rating lists ---------------------------------------------------------------


def _rated_game(game: str) -> str:
    if game not in games.GAMES:
        raise Http404
    return game


def _rating_rows(request, game: str):
    return club.rating_list(game, recent=request.GET.get("recent") == "1")


@require_GET
def rating_list(request, game: str):
    """A game's club rating list: rank, name, rating (μ − 3σ) with μ and σ, rated
    matches, last played; printable on A4 (a sheet), with its CSV."""
    access.players_to_see(access.page_asker(request))
    game = _rated_game(game)
    context = {
        "game": game,
        "game_label": _game_name(game),
        "games": [(slug, _game_name(slug)) for slug in games.GAMES],
        "rows": _rating_rows(request, game),
        "recent": request.GET.get("recent") == "1",
        "shown_after": club.SHOWN_AFTER,
        "today": timezone.localdate(),
        "csv": csv_choices(request),
    }
    return render(request, template_for(request, "players/ratings.html", "sheet"), context)


@require_GET
def rating_csv(request, game: str):
    access.players_to_see(access.page_asker(request))
    game = _rated_game(game)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="ratings-{game}.csv"'
    response.write("\ufeff")  # Excel reads UTF-8 by the byte order mark
    writer = csv.writer(response, delimiter=csv_separator(request))
    writer.writerow(
        [_("rank"), _("name"), _("rating"), "mu", "sigma", _("matches"), _("last played")]
    )
    writer.writerows(
        [
            row.rank,
            row.name,
            f"{row.ordinal:.2f}",
            f"{row.mu:.3f}",
            f"{row.sigma:.3f}",
            row.matches,
            timezone.localdate(row.last_played).isoformat(),
        ]
        for row in _rating_rows(request, game)
    )
    return response
