"""Putting a match away (issue 20, item 3): archive or restore it, delete it after a page
that names it. The owner's or an organiser's account only (``access.match_to_keep``)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from .. import access
from ..errors import Clash
from ..forms.fields import apply_rule_error
from ..forms.play import ArchiveForm, ReasonForm
from ..models import Match
from ..rules import RuleError
from ..services import keeping
from .common import leave, template_for


def _match_to_keep(request, match_id: int) -> Match:
    try:
        return access.match_to_keep(access.page_viewer(request), match_id)
    except access.NoSuchMatch:
        raise Http404 from None
    except access.NoAccess:
        raise PermissionDenied from None


def _named(match: Match) -> str:
    """The match as people know it: the game and who sat at the table."""
    return f"{match.game_name}: {match}"


@login_required
@require_http_methods(["GET", "POST"])
def match_archive(request, match_id: int):
    """Archive the match (off the home list, kept, restorable) or restore it. GET asks;
    POST ``archived=1`` or ``0`` does it."""
    match = _match_to_keep(request, match_id)
    form = ArchiveForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        archived = form.cleaned_data["archived"]
        keeping.set_archived(match, archived, by=request.user)
        if archived:
            messages.success(
                request,
                _("“%(match)s” was archived: find it under “Archived”, where it can be restored.")
                % {"match": _named(match)},
            )
            return leave(request, reverse("play:home"))
        messages.success(request, _("The match is back on the home list."))
        return leave(request, match.get_absolute_url())
    context = {"match": match, "form": form, "named": _named(match)}
    status = 422 if form.errors else 200
    template = template_for(request, "match_archive.html", "confirm")
    return render(request, template, context, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def match_delete(request, match_id: int):
    """Delete the match: GET shows what would go (naming the match), POST deletes it. A
    tournament's match is refused, with why (409)."""
    match = _match_to_keep(request, match_id)
    form = ReasonForm(request.POST if request.method == "POST" else None)
    refusal, status = None, 200
    if match.tournament_id or hasattr(match, "table"):
        refusal = _(
            "This match is a tournament's table: it stays with its tournament's rounds and "
            "standings, so it cannot be deleted."
        )
    if request.method == "POST" and refusal:
        status = 409
    elif request.method == "POST" and form.is_valid():
        named = _named(match)
        try:
            keeping.delete_match(match, by=request.user, reason=form.cleaned_data["reason"])
        except Clash as clash:
            refusal, status = clash.message, 409
        except RuleError as error:
            apply_rule_error(form, error, str)
        else:
            messages.success(
                request,
                _("“%(match)s” was deleted; your account page keeps a record of it.")
                % {"match": named},
            )
            return leave(request, reverse("play:home"))
    context = {
        "match": match,
        "form": form,
        "named": _named(match),
        "hands": match.hands.count(),
        "refusal": refusal,
    }
    if form.errors:
        status = 422
    template = template_for(request, "match_delete.html", "confirm")
    return render(request, template, context, status=status)
