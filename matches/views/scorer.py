"""A match's scorer link (issue 20, item 4): ``/k/<token>/`` records, corrects and undoes
that match for whoever holds it, without an account and without the organiser's
password, and reaches nothing else (``access.scorer_link_access``). The page is the
match page through a scorer ``MatchRoutes``: the same forms, services, two-phone safety
and audit, which names the writes "scorer link".

The owner (or an organiser) hands the link out from ``/matches/<id>/scorer/``, with a QR
code and a copy button, and may replace it: the old link then stops working at once.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from .. import access, links
from ..access import Access
from ..errors import Invalid
from ..forms.fields import apply_rule_error
from ..forms.play import ReasonForm
from ..rules import RuleError
from ..services import play as services
from . import play
from .common import leave, match_for_page, template_for
from .match_routes import MatchRoutes


def _scored(token: str):
    """The match of the scorer link ``token`` and its routes; 404 for a link that is no
    match's (never made, or replaced)."""
    try:
        match = access.scored_match(token)
    except access.NoSuchMatch:
        raise Http404 from None
    return match, MatchRoutes.scorer(match)


@require_GET
def scorer_page(request, token: str):
    match, door = _scored(token)
    return play.cached_match_page(request, match, door)


@require_POST
def scorer_record(request, token: str):
    match, door = _scored(token)
    return play.record(request, match, door)


@require_POST
def scorer_preview(request, token: str):
    match, door = _scored(token)
    return play.preview_scores(request, match, door)


@require_http_methods(["GET", "POST"])
def scorer_correct(request, token: str, number: int):
    match, door = _scored(token)
    return play.correct(request, match, number, door)


@require_http_methods(["GET", "POST"])
def scorer_undo(request, token: str, number: int):
    match, door = _scored(token)
    return play.undo(request, match, number, door)


def scorer_url(request, match) -> str:
    return links.origin(request) + reverse("play:scorer", args=[match.scorer_token])


def share_url(request, match) -> str:
    return links.origin(request) + reverse("play:match_shared", args=[match.share_token])


@login_required
@require_http_methods(["GET", "POST"])
def match_links(request, match_id: int):
    """The match's two links for the table, each with its QR code and a copy button: the
    share link (follow, read-only) and the scorer link (record, correct, undo). POST
    makes the scorer link, or a new one (the old stops working). An account's page only:
    a link never hands out links."""
    match = match_for_page(request, match_id, Access.WRITE)
    form = ReasonForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        had = bool(match.scorer_token)
        try:
            match = services.new_scorer_link(
                match, by=request.user, reason=form.cleaned_data["reason"]
            )
        except Invalid as refused:
            messages.warning(request, refused.message)
        except RuleError as error:
            apply_rule_error(form, error, str)
        else:
            messages.success(
                request,
                _("A new scorer link: the old one no longer works.")
                if had
                else _("The scorer link is ready: hand it to the table."),
            )
            return leave(request, reverse("play:match_links", args=[match.pk]))
    share = share_url(request, match)
    scorer = scorer_url(request, match) if match.scorer_token else ""
    context = {
        "match": match,
        "form": form,
        "share_url": share,
        "share_qr": links.qr_svg(share, title=_("Share link (read-only)")),
        "scorer_url": scorer,
        "scorer_qr": links.qr_svg(scorer, title=_("Scorer link")) if scorer else "",
        "loopback": links.loopback_origin(request),
    }
    status = 422 if form.errors else 200
    return render(
        request, template_for(request, "match_links.html", "scorer"), context, status=status
    )
