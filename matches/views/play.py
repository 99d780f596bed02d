"""Match pages: thin views that parse, authorise, call the services and render.

An htmx request gets a named partial of the page's template; a plain request gets the
full page or a redirect, so every page works without JavaScript.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.http import Http404, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from .. import access, presenters, rules
from ..access import Access
from ..errors import Conflict, explain
from ..forms.fields import apply_rule_error
from ..forms.play import NewMatchForm, ReasonForm
from ..games import registry as games
from ..models import Match
from ..rules import RuleError
from ..services import play as services
from ..services import selectors
from .common import CSRF_PLACEHOLDER, leave, match_for_page, template_for, with_csrf
from .match_routes import MatchRoutes


def _chosen_ruleset(source) -> rules.Ruleset:
    """The game and variant picked on the new-match page: ``preset=game/variant`` from the
    chooser, or ``game`` and ``variant`` (the first game and its first preset by default)."""
    if "/" in source.get("preset", ""):
        game, variant = source["preset"].split("/", 1)
    else:
        game = source.get("game") or next(iter(games.GAMES))
        variant = source.get("variant") or next(iter(rules.GAMES.get(game, {}).presets), "")
    return rules.get_ruleset(game, variant)


@login_required
@require_http_methods(["GET", "POST"])
def match_new(request):
    """Choose the game and variant (a GET, so it works without JavaScript), then the
    players and options."""
    source = request.POST if request.method == "POST" else request.GET
    try:
        ruleset = _chosen_ruleset(source)
    except (RuleError, AttributeError):
        raise Http404 from None
    game = games.of(ruleset)
    form = NewMatchForm(
        request.POST if request.method == "POST" else None, ruleset=ruleset, game=game
    )
    if request.method == "POST" and form.is_valid():
        try:
            snapshot = services.create_match(
                request.user,
                game=ruleset.game,
                variant=ruleset.variant,
                players=form.players(),
                first_dealer=form.cleaned_data["dealer_seat"],
                options=form.options(),
                setup=form.setup(),
            )
        except RuleError as error:
            apply_rule_error(form, error, form.field_for, form.explain)
        else:
            return leave(request, snapshot.match.get_absolute_url())
    context = {
        "form": form,
        "ruleset": ruleset,
        "game_name": game.name,
        "games": [
            (
                other.name,
                [
                    (f"{slug}/{variant}", preset.name, other is game and variant == ruleset.variant)
                    for variant, preset in other.ruleset_class.presets.items()
                ],
            )
            for slug, other in games.GAMES.items()
        ],
        "rules_card": game.rules_card(ruleset),
        "seating": presenters.seating(ruleset.seats),
    }
    partial = "form" if request.method == "POST" else "body"
    status = 422 if form.errors else 200
    return render(request, template_for(request, "match_new.html", partial), context, status=status)


def _table_context(request, snapshot, door, *, form=None, read_only=False, preview=None) -> dict:
    game = games.of(snapshot.match)
    context = game.table_context(snapshot, read_only=read_only)
    context.update(preview or {})
    context["door"] = door
    state = snapshot.state
    _with_ruled_end(context, game, snapshot)
    if game.previewed:
        context["preview_url"] = door.url("preview")
        context["quick_points"] = game.quick_points
    if not read_only and not state.finished:
        ruleset = context["ruleset"]
        form_class = game.form_class()
        context["form"] = form or form_class(
            initial=form_class.initial_for(snapshot.next_number), state=state, ruleset=ruleset
        )
    return context


def _with_ruled_end(context: dict, game, snapshot) -> None:
    """A tournament's table its organiser ended (a ruling, or a round closed over it):
    who ended it and why, where the page would say the table ended it."""
    match = snapshot.match
    if not (match.tournament_id and match.stopped and snapshot.state.finished):
        return
    stop = selectors.stops([match.pk]).get(match.pk)
    if stop is not None:
        context["ended_by"] = stop
        context["ending_why"] = game.ruled_end_words(context["ruleset"], snapshot.state)


def _match_page(
    request, snapshot, door, *, form=None, status=200, read_only=False, preview=None, clash=None
):
    """The match page (htmx: its table) rendered from scratch: after a write, with form
    errors, a preview or messages to show (``clash``: a stale form's hand beside the one
    recorded, ``_both_entries``)."""
    context = _table_context(
        request, snapshot, door, form=form, read_only=read_only, preview=preview
    )
    if clash:
        context["both_entries"] = clash
    if not request.htmx:
        context.update(door.page_context(request))
    # The table partial is the match page's, whichever page it sits in.
    template = template_for(request, door.template, "table")
    if template.endswith("#table"):
        template = "match.html#table"
    response = render(request, template, context, status=status)
    if request.htmx:
        # What the page shows around the table (a table link's "we are done") follows
        # the write too, swapped in out of band.
        response.content += door.after_write(request, snapshot).encode()
        response.content += _said(request).encode()
    return response


# Where a write leaves the reader: the table's messages ("Hand 4 recorded"), with the
# seats' totals and the "Before the deal" panel just below them (issue 20, item 1).
NOW = "#now"


def _said(request) -> str:
    """The messages again, for the page's live region outside the table (match.html),
    which stays in place while htmx swaps the table: a screen reader hears a change in a
    live region, not a region that arrives with its text."""
    said = " ".join(str(message) for message in messages.get_messages(request))
    return render_to_string("partials/said.html", {"said": said, "oob": True})


# The table (seats, before the deal, the form, history, chart) is most of the page's cost
# and the same for every viewer of a match until its next write, while phones and the
# projector reload it far more often than hands are played. So it is rendered once per
# match revision, language and view (and the page around it once per viewer), and kept in
# the cache; each request's CSRF token is put in on the way out. Every write bumps
# ``Match.revision``, which retires the old entries.
TABLE_CACHE_SECONDS = 60 * 60


def cached_match_page(request, match: Match, door: MatchRoutes, *, read_only=False):
    if len(messages.get_messages(request)):
        # Messages show once, inside the table: render this one afresh.
        return _match_page(request, selectors.snapshot(match), door, read_only=read_only)
    version = f"{selectors.cache_key(match)}:{get_language()}:{int(read_only)}:{door.name}"
    token = get_token(request)
    if request.htmx:
        html = _table_html(request, match, door, version, read_only)
        return HttpResponse(_with_csrf(html, token))
    if door.link:
        # A table link's page shows the table's confirmation as it stands: the table is
        # from the cache, the page around it is not (a scorer link's page as well).
        context = {
            "match": match,
            "door": door,
            "table_html": mark_safe(_table_html(request, match, door, version, read_only)),
            "read_only": read_only,
            **door.page_context(request),
        }
        return HttpResponse(
            _with_csrf(render_to_string(door.template, context, request=request), token)
        )
    # The whole page too, per viewer (the header names them). By path, not query string:
    # nobody may grow the cache by adding "?x=1", "?x=2", ...
    key = f"page:{version}:{request.user.pk}:{request.path}"
    html = cache.get(key)
    if html is None:
        context = {
            "match": match,
            "table_html": mark_safe(_table_html(request, match, door, version, read_only)),
            "read_only": read_only,
            "csrf_token": CSRF_PLACEHOLDER,
        }
        html = render_to_string("match.html", context, request=request)
        cache.set(key, html, TABLE_CACHE_SECONDS)
    return HttpResponse(_with_csrf(html, token))


def _table_html(request, match: Match, door: MatchRoutes, version: str, read_only: bool) -> str:
    key = f"table:{version}"
    html = cache.get(key)
    if html is None:
        context = _table_context(request, selectors.snapshot(match), door, read_only=read_only)
        context["csrf_token"] = CSRF_PLACEHOLDER
        html = render_to_string("match.html#table", context, request=request)
        cache.set(key, html, TABLE_CACHE_SECONDS)
    return html


def _with_csrf(html: str, token: str) -> str:
    return with_csrf(html, token)


@login_required
@require_GET
def match_detail(request, match_id: int):
    match = match_for_page(request, match_id, Access.WRITE)
    return cached_match_page(request, match, MatchRoutes.own(match, request.user))


@require_GET
def match_shared(request, token: str):
    """Spectators follow a match through its share link, read-only, without an account."""
    try:
        match = access.shared_match(token)
    except access.NoSuchMatch:
        raise Http404 from None
    return cached_match_page(request, match, MatchRoutes.own(match, None), read_only=True)


@login_required
@require_POST
def hand_preview(request, match_id: int):
    match = match_for_page(request, match_id, Access.WRITE)
    return preview_scores(request, match, MatchRoutes.own(match, request.user))


def preview_scores(request, match: Match, door: MatchRoutes):
    """The scores the hand in the form would get; nothing is written."""
    current = selectors.snapshot(match)
    game = games.of(match)
    form = game.form_class()(request.POST, state=current.state, ruleset=match.ruleset)
    preview = {}
    if current.state.finished:
        preview["preview_error"] = _("The match is over; no more hands can be recorded.")
    elif form.is_valid():
        try:
            hand = selectors.preview_hand(match, form.hand())
        except RuleError as error:
            preview["preview_error"] = explain(error)
        else:
            preview.update(game.preview(match.ruleset, current.state, hand))
    else:
        preview["preview_error"] = game.preview_incomplete
    if request.htmx:
        return render(request, "partials/preview_body.html", {**preview, "game": game})
    return _match_page(request, current, door, form=form, preview=preview)


@login_required
@require_POST
def hand_record(request, match_id: int):
    match = match_for_page(request, match_id, Access.WRITE)
    return record(request, match, MatchRoutes.own(match, request.user))


def record(request, match: Match, door: MatchRoutes):
    current = selectors.snapshot(match)
    if current.state.finished:
        messages.warning(request, _("The match is over; no more hands can be recorded."))
        response = _hand_refused(request, current, door)
        if request.htmx:
            response["HX-Reswap"] = f"outerHTML show:{NOW}:top"
        return response
    form = games.of(match).form_class()(request.POST, state=current.state, ruleset=match.ruleset)
    if form.damaged():
        # Start afresh from the current state, saying why (htmx and plain alike).
        messages.warning(request, _damaged_message(current.next_number))
        return _match_page(request, current, door, status=422)
    # The hand number first: a form made for a hand another phone has just recorded
    # would otherwise be judged against the next hand's seats (another sitter).
    number = form.cleaned_data["number"]
    try:
        services.expect_next(current, number)
    except Conflict as conflict:
        return _stale(request, conflict, door, number)
    if form.is_valid():
        try:
            snapshot = services.record_hand(match, number, form.hand(), by=door.by)
        except Conflict as conflict:
            return _stale(request, conflict, door, number)
        except RuleError as error:
            apply_rule_error(form, error, form.field_for)
        else:
            messages.success(request, _("Hand %(number)s recorded.") % {"number": number})
            return _after_write(request, snapshot, door)
    return _match_page(request, current, door, form=form, status=422)


def _stale(request, conflict: Conflict, door: MatchRoutes, number: int):
    """409: the form was for a hand that is no longer the next one. The page as it
    stands, the reason and, when the hand was recorded meanwhile, both entries side by
    side (plain requests too: a redirect would lose the phone's own figures)."""
    messages.warning(request, conflict.message)
    both = _both_entries(request.POST, conflict.snapshot, number)
    if both is not None and not both["same"]:
        both["correct_url"] = door.url("correct", number) + "?" + _second_entry(request.POST)
    if both is None and not request.htmx:
        return redirect(door.url("page") + NOW)
    response = _match_page(request, conflict.snapshot, door, status=409, clash=both)
    if request.htmx:
        # The phone was at its form's button, below: the reason and the comparison are
        # at the top of the table, so that is what it shows.
        response["HX-Reswap"] = "outerHTML show:top"
    return response


def _hand_refused(request, current, door: MatchRoutes, *, read_only=False):
    """409, nothing written: a hand the match no longer takes (it has ended, its table is
    locked), the page as it stands with the reason in its messages (plain requests too),
    and, when the posted hand's number is recorded already, both entries side by side:
    what a phone that kept the hand offline shows (docs/offline.md)."""
    number = _posted_number(request.POST)
    both = _both_entries(request.POST, current, number)
    if both is not None and not both["same"] and not read_only:
        both["correct_url"] = door.url("correct", number) + "?" + _second_entry(request.POST)
    return _match_page(request, current, door, status=409, read_only=read_only, clash=both)


def _posted_number(posted) -> int | None:
    """The hand number a hand form posted, or None (left out, not a number)."""
    value = posted.get("number", "").strip()
    return int(value) if value.isascii() and value.isdigit() and len(value) <= 6 else None


def refused(request, match: Match, door: MatchRoutes, message: str, *, read_only: bool, hand=False):
    """409, nothing written: a write the page's door no longer takes (a table link whose
    table was confirmed or whose round was closed, ``views.tables``), with ``message``:
    the page as it stands, and for a hand (``hand``) whose number is recorded already
    both entries. htmx: the whole page is loaded again (``HX-Refresh``; what is below may
    now be read-only, whichever part of the page asked), and this answer says why for a
    phone that sends a hand it kept offline (static/js/offline.js keeps it)."""
    current = selectors.snapshot(match)
    messages.warning(request, message)
    if hand:
        response = _hand_refused(request, current, door, read_only=read_only)
    else:
        response = _match_page(request, current, door, status=409, read_only=read_only)
    if request.htmx:
        response["HX-Refresh"] = "true"
        # This answer showed (and so used) the message: again, for the page loaded next.
        messages.warning(request, message)
    return response


def _both_entries(posted, current, number: int | None) -> dict | None:
    """Hand ``number`` as recorded beside what the stale form says, field by field, as
    the hand's own form reads them; None when there is no such hand. What is compared is
    what each hand means: the stale entry as the rules keep it (``_as_kept``), so that
    what a form leaves over is no difference (a leaster's blank partner and points)."""
    if not isinstance(number, int) or not 1 <= number <= len(current.state.hands):
        return None
    match = current.match
    form_class = games.of(match).form_class()
    before = selectors.state_before(current, number)
    hand = current.state.hands[number - 1]
    recorded = form_class(
        initial=form_class.initial_for(number, hand), state=before, ruleset=match.ruleset
    )
    yours = _as_kept(form_class, posted, before, match.ruleset, number)
    rows = []
    for name, field in recorded.fields.items():
        if field.widget.is_hidden:
            continue
        theirs = _shown(field, recorded[name].value())
        mine = _shown(field, yours[name].value())
        rows.append({"label": field.label, "recorded": theirs, "yours": mine})
    rows = [row for row in rows if row["recorded"] or row["yours"]]
    for row in rows:
        row["differs"] = row["recorded"] != row["yours"]
    return {"number": number, "rows": rows, "same": not any(r["differs"] for r in rows)}


def _as_kept(form_class, posted, before, ruleset, number: int):
    """The stale form as the rules keep its hand: read by the hand's form, cleaned and
    played by the rules on the state hand ``number`` was dealt in, and shown back
    through the form as a recorded hand is (so both sides of the comparison come the
    same way). A form the rules refuse is shown as it was posted."""
    yours = form_class(posted, state=before, ruleset=ruleset)
    if not yours.is_valid():
        return yours
    try:
        kept = rules.play_hand(ruleset, before, yours.hand()).hands[-1]
    except RuleError:
        return yours
    return form_class(initial=form_class.initial_for(number, kept), state=before, ruleset=ruleset)


# The query that opens a correction form with a second phone's figures (issue 20, item 2):
# the phone's own fields as it posted them, and this mark, which also prefills the reason.
SECOND_ENTRY = "second_entry"


def _second_entry(posted) -> str:
    """The stale form's figures as a query string for the correction form (a link: one
    tap opens the form filled in, nothing is written until the table says so)."""
    figures = [
        (name, value)
        for name, values in posted.lists()
        if name not in ("csrfmiddlewaretoken", "number", "version", "reason")
        for value in values
    ]
    return urlencode([(SECOND_ENTRY, "1"), *figures])


def _with_second_entry(form, query) -> None:
    """Puts a second phone's figures (``_second_entry``) in place of the recorded hand's
    on its correction form, and a reason the table may change."""
    for name, field in form.fields.items():
        if name in form.state_fields or name == "reason":
            continue
        if getattr(field.widget, "allow_multiple_selected", False):
            form.initial[name] = query.getlist(name)
        elif name in query:
            form.initial[name] = query[name]
        elif _is_box(field):
            form.initial[name] = False  # a box left unticked is not posted
        # Else the field was not on the phone's form (a sitter's tricks, disabled): the
        # recorded hand's value stays.
    form.initial["reason"] = _("Entered on a second phone")


def _is_box(field) -> bool:
    return getattr(field.widget, "input_type", "") == "checkbox"


def _shown(field, value) -> str:
    """A field's value as its form shows it: a choice by its label, a box ticked or not."""
    if value is None or value == "" or value == []:
        return ""
    if isinstance(value, list | tuple):
        return ", ".join(_shown(field, item) for item in value)
    if isinstance(value, bool) or getattr(field.widget, "input_type", "") == "checkbox":
        return _("yes") if value and value not in ("false", "0", "off") else ""
    choices = {str(key): label for key, label in getattr(field, "choices", ()) or ()}
    return str(choices.get(str(value), value))


def _damaged_message(number: int) -> str:
    return _(
        "The form was out of date or damaged (its hidden hand number or version was "
        "missing or wrong), so nothing was saved. Here is the form for hand %(number)s as "
        "it stands now."
    ) % {"number": number}


def _after_write(request, snapshot, door: MatchRoutes, status=200):
    """htmx: the refreshed table in place, scrolled to its message. Plain: back to the
    page at its message (post/redirect/get)."""
    if request.htmx:
        response = _match_page(request, snapshot, door, status=status)
        response["HX-Reswap"] = f"outerHTML show:{NOW}:top"
        return response
    return redirect(door.url("page") + NOW)


@login_required
@require_http_methods(["GET", "POST"])
def hand_correct(request, match_id: int, number: int):
    match = match_for_page(request, match_id, Access.WRITE)
    return correct(request, match, number, MatchRoutes.own(match, request.user))


def correct(request, match: Match, number: int, door: MatchRoutes):
    current = selectors.snapshot(match)
    if not 1 <= number <= len(current.state.hands):
        raise Http404
    hand = current.state.hands[number - 1]
    before = selectors.state_before(current, number)
    form_class = games.of(match).form_class(correction=True)
    if request.method == "GET":
        form = _correction_form(form_class, current, number, before)
        if request.GET.get(SECOND_ENTRY):
            _with_second_entry(form, request.GET)
        return _correct_page(request, current, hand, form, door)
    form = form_class(request.POST, state=before, ruleset=match.ruleset)
    if form.damaged() or form.cleaned_data.get("number") != number:
        # Start afresh from the hand as it stands (as the page's GET does), saying why.
        fresh = _correction_form(form_class, current, number, before)
        notice = _damaged_message(number)
        return _correct_page(request, current, hand, fresh, door, status=422, notice=notice)
    if form.is_valid():
        try:
            services.correct_hand(
                match,
                number,
                form.hand(),
                version=form.cleaned_data["version"],
                by=door.by,
                reason=form.cleaned_data["reason"],
            )
        except Conflict as conflict:
            messages.warning(request, conflict.message)
            return leave(request, door.url("correct", number))
        except RuleError as error:
            apply_rule_error(form, error, form.field_for)
        else:
            messages.success(
                request, _("Hand %(number)s corrected; the totals follow.") % {"number": number}
            )
            return leave(request, door.url("page") + NOW)
    return _correct_page(request, current, hand, form, door, status=422)


def _correction_form(form_class, current, number: int, before):
    """The correction form of hand ``number`` as it stands, with its current version."""
    initial = form_class.initial_for(number, current.state.hands[number - 1])
    initial["version"] = current.versions[number - 1]
    return form_class(initial=initial, state=before, ruleset=current.match.ruleset)


def _correct_page(request, snapshot, hand, form, door, status=200, notice=None):
    context = {
        "door": door,
        "form_notice": notice,
        "match": snapshot.match,
        "state": snapshot.state,
        "hand": hand,
        "dealer": snapshot.state.players[hand.dealer],
        "form": form,
        "game": games.of(snapshot.match),
    }
    return render(
        request, template_for(request, "hand_correct.html", "form"), context, status=status
    )


@login_required
@require_http_methods(["GET", "POST"])
def hand_undo(request, match_id: int, number: int):
    match = match_for_page(request, match_id, Access.WRITE)
    return undo(request, match, number, MatchRoutes.own(match, request.user))


def undo(request, match: Match, number: int, door: MatchRoutes):
    current = selectors.snapshot(match)
    if not 1 <= number <= len(current.state.hands):
        raise Http404
    form = ReasonForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        try:
            services.undo_last_hand(match, number, by=door.by, reason=form.cleaned_data["reason"])
        except Conflict as conflict:
            messages.warning(request, conflict.message)
            return leave(request, door.url("page"))
        except RuleError as error:
            apply_rule_error(form, error, str)
        else:
            messages.success(request, _("Hand %(number)s was undone.") % {"number": number})
            return leave(request, door.url("page") + NOW)
    context = {
        "door": door,
        "match": match,
        "number": number,
        "is_last": number == len(current.state.hands),
        "form": form,
    }
    status = 422 if form.errors else 200
    template = template_for(request, "hand_undo.html", "confirm")
    return render(request, template, context, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def match_stop(request, match_id: int):
    """End a match now (an open-ended session, a family off to bed), or take that back."""
    match = match_for_page(request, match_id, Access.WRITE)
    form = ReasonForm(request.POST if request.method == "POST" else None)
    reopen = request.POST.get("reopen") == "1"
    if request.method == "POST" and form.is_valid():
        change = services.reopen_match if reopen else services.stop_match
        try:
            change(match, by=request.user, reason=form.cleaned_data["reason"])
        except Conflict as conflict:
            messages.warning(request, conflict.message)
            return leave(request, reverse("play:match", args=[match.pk]))
        except RuleError as error:
            apply_rule_error(form, error, str)
        else:
            messages.success(
                request,
                _("The match goes on.") if reopen else _("The match is over: well played!"),
            )
            return leave(request, reverse("play:match", args=[match.pk]))
    context = {"match": match, "form": form, "finished": match.finished}
    status = 422 if form.errors else 200
    template = template_for(request, "match_stop.html", "confirm")
    return render(request, template, context, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def match_share(request, match_id: int):
    """The match's share link, and replacing it (asked first: the old link stops working
    for everyone who has it)."""
    match = match_for_page(request, match_id, Access.WRITE)
    form = ReasonForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        try:
            match = services.replace_share_link(
                match, by=request.user, reason=form.cleaned_data["reason"]
            )
        except RuleError as error:
            apply_rule_error(form, error, str)
        else:
            messages.success(request, _("A new share link was made; the old one no longer works."))
            return leave(request, reverse("play:match_share", args=[match.pk]))
    share = reverse("play:match_shared", args=[match.share_token])
    context = {"match": match, "form": form, "share_url": request.build_absolute_uri(share)}
    status = 422 if form.errors else 200
    template = template_for(request, "match_share.html", "confirm")
    return render(request, template, context, status=status)


@login_required
@require_GET
def match_audit(request, match_id: int):
    match = match_for_page(request, match_id, Access.AUDIT)
    entries = presenters.audit_trail(games.of(match), match, match.audit.all())
    return render(request, "match_audit.html", {"match": match, "entries": entries})


@login_required
@require_GET
def match_sheet(request, match_id: int):
    """The game's own printed sheet of the match (``Game.sheet_template``: Skat's list),
    on A4 through ``static/css/sheet.css``; a game without one has no such page."""
    match = match_for_page(request, match_id, Access.WRITE)
    game = games.of(match)
    if game.sheet_template is None:
        raise Http404
    state = selectors.snapshot(match).state
    context = {
        "match": match,
        "game": game,
        "state": state,
        **game.sheet_context(match.ruleset, state),
    }
    return render(request, template_for(request, game.sheet_template, "sheet"), context)
