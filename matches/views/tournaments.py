"""Tournament pages for organisers (docs/tournaments.md §7): the list, the set-up and the
audit trail; what every tournament page shares (the tournament asked for, a refusal
said). The tournament's own page with its entries is ``entries``, a round's ``rounds``,
the standings ``standings``, their CSV files ``exports``; the set-up form is
``forms.tournaments``.

Thin views, as ``play``'s: parse, ask the services (``services.tournaments`` and the
writers by subject beside it), render. Only organisers (staff) reach them; anyone else
logged in gets 403, anonymous visitors the login page. htmx requests get a named partial
of the page's template; plain ones the whole page or a redirect, so every page works
without JavaScript.
"""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop
from django.views.decorators.http import require_GET, require_http_methods

from .. import access, rules, text
from ..errors import Clash, explain
from ..forms.fields import apply_rule_error
from ..forms.tournaments import TournamentForm
from ..models import Entry, Round, Tournament, TournamentAudit
from ..models.tournaments import method_name
from ..rules import RuleError
from ..services import tournaments as services
from ..templatetags.scoring import signed
from .common import leave, organiser_required, template_for

# -- what every tournament page shares -------------------------------------------------


def refused(request, error: Exception) -> None:
    messages.error(request, explain(error))


def tournament_of(tournament_id: int) -> Tournament:
    # Behind ``organiser_required``: who may was asked first (``access``).
    return access.find_tournament(tournament_id)


def round_of(tournament: Tournament, number: int) -> Round:
    return get_object_or_404(Round, tournament=tournament, number=number)


def posted_entry(tournament: Tournament, value) -> Entry:
    entry = tournament.entries.select_related("player").filter(pk=text.typed_whole(value)).first()
    if entry is None:
        raise RuleError(gettext_noop("Choose an entry of this tournament."), field="entry")
    return entry


# -- the list and the set-up --------------------------------------------------------------


@organiser_required
@require_GET
def tournament_list(request):
    tournaments = Tournament.objects.all()
    return render(request, "tournaments/list.html", {"tournaments": tournaments})


def _typed_so_far(request) -> dict:
    """A GET carrying the form's fields (the game was changed: its options are shown)
    keeps what was typed, as initial values, so nothing is judged yet."""
    kept = set(TournamentForm.base_fields) | {"hands_default"}
    return {key: value for key, value in request.GET.items() if key in kept}


def _reloads_on_game(request, form: TournamentForm) -> None:
    # Another game, other options: htmx fetches the form again with what was typed and
    # puts in its options alone (without JavaScript, a button under the choice reloads
    # the page with what was typed). Swapping the whole form would drop whatever was
    # typed while the answer was on its way: on a slow phone, the hands per round. Those
    # come too, out of band, since they follow the game (the game's own figure, unless
    # the organiser typed one that fits it); so does a change of Sheepshead's table size.
    # So do the tie-breaks, which offer the chosen game's (a choice kept where it has it).
    reload = {
        "hx-get": request.path,
        "hx-trigger": "change",
        "hx-include": "closest form",
        "hx-target": "#game-options",
        "hx-select": "#game-options",
        "hx-select-oob": "#id_hands_per_round,#id_tie_break_0,#id_tie_break_1,#id_tie_break_2",
        "hx-swap": "outerHTML",
    }
    form.fields["preset"].widget.attrs.update(reload)
    form.fields["table_size"].widget.attrs.update(reload)


@organiser_required
@require_http_methods(["GET", "POST"])
def tournament_new(request):
    form = TournamentForm(request.POST or None, initial=_typed_so_far(request))
    return _set_up(
        request, form, lambda: services.create_tournament(request.user, **form.settings())
    )


def _set_up(request, form: TournamentForm, save, tournament: Tournament | None = None):
    """The set-up form's page, new or to change ``tournament``: ``save`` stores the valid
    form and returns the tournament, whose page comes next; refused, the form again with
    the reasons (422)."""
    _reloads_on_game(request, form)
    if request.method == "POST" and form.is_valid():
        try:
            saved = save()
        except RuleError as error:
            apply_rule_error(form, error, form.field_for)
        except Clash as error:
            form.add_error(None, error.message)
        else:
            return leave(request, saved.get_absolute_url())
    return render(
        request,
        template_for(request, "tournaments/new.html", "form"),
        {"form": form, "tournament": tournament},
        status=422 if form.errors else 200,
    )


@organiser_required
@require_http_methods(["GET", "POST"])
def tournament_edit(request, tournament_id: int):
    """Change the set-up, until the first round is drafted. After that the page says so
    on the tournament's page instead of showing a form it would refuse (a form sent from
    a page opened before the draft is refused with what was typed, 422)."""
    tournament = tournament_of(tournament_id)
    if request.method == "GET" and tournament.rounds.exists():
        messages.warning(request, _("The set-up is fixed once the first round is drafted."))
        return leave(request, tournament.get_absolute_url())
    initial = {
        "name": tournament.name,
        "date": tournament.date,
        "preset": f"{tournament.game}/{tournament.variant}",
        "rounds": tournament.rounds_planned,
        "hands_per_round": tournament.hands_per_round,
        # Only a size other than the variant's own was chosen (Sheepshead's option).
        "table_size": None
        if tournament.table_size == rules.get_ruleset(tournament.game, tournament.variant).seats
        else tournament.table_size,
        "score": tournament.score,
        "tie_breaks": tournament.tie_breaks,
        "remainder": tournament.remainder,
        "public": tournament.public,
        "self_check_in": tournament.self_check_in,
        "options": tournament.options,
        "bye_game_points": tournament.bye_game_points,
        "bye_match_points": tournament.bye_match_points,
    }
    initial.update(_typed_so_far(request))
    form = TournamentForm(request.POST or None, initial=initial)
    return _set_up(
        request,
        form,
        lambda: services.update_tournament(tournament, request.user, **form.settings()),
        tournament,
    )


# -- the audit trail ----------------------------------------------------------------------

# What each write of the tournament writers (``services.tournaments`` and those beside it)
# did, as a sentence with its facts.
AUDIT_SENTENCES = {
    "create": gettext_lazy("created the tournament"),
    "edit": gettext_lazy("changed the set-up"),
    "register": gettext_lazy("registered %(entries)s"),
    "check-in": gettext_lazy("checked in %(entry)s"),
    "check-out": gettext_lazy("took back the check-in of %(entry)s"),
    "self-check-in": gettext_lazy("checked %(entry)s in through their own link"),
    "player-link": gettext_lazy("replaced the player link of %(entry)s"),
    "withdraw": gettext_lazy("withdrew %(entry)s from round %(withdrawn_from)s on"),
    "keep-apart": gettext_lazy("kept %(entries)s apart"),
    "draft": gettext_lazy("drafted round %(round)s (%(method)s, %(repeat_pairs)s repeat pairs)"),
    "swap": gettext_lazy("swapped two players in the draft of round %(round)s"),
    "move": gettext_lazy("moved a player in the draft of round %(round)s"),
    "start": gettext_lazy("started round %(round)s"),
    "end-table": gettext_lazy("ended table %(table)s as it stood"),
    "submit": gettext_lazy("handed in the result of table %(table)s, as %(by)s"),
    "confirm": gettext_lazy("confirmed the result of table %(table)s, as %(by)s"),
    "reopen": gettext_lazy("took back the result of table %(table)s"),
    "hand-change-reopen": gettext_lazy(
        "took back the result of table %(table)s by changing hand %(hand)s"
    ),
    "reopen-table": gettext_lazy("gave table %(table)s back to its players"),
    "close": gettext_lazy("closed round %(round)s"),
    "adjust": gettext_lazy("adjusted %(entry)s in round %(round)s by %(points)s game points"),
}


def audit_sentence(entry: TournamentAudit) -> str:
    if entry.action == "close":
        return _close_sentence(entry.after or {})
    facts = {**(entry.before or {}), **(entry.after or {})}
    for name, value in facts.items():
        if isinstance(value, list):
            facts[name] = ", ".join(str(item) for item in value)
        elif isinstance(value, int) and name == "points":
            facts[name] = signed(value)
        elif name == "method":
            facts[name] = method_name(value)
    sentence = AUDIT_SENTENCES.get(entry.action)
    if sentence is None:
        return entry.action
    try:
        return str(sentence) % facts
    except (KeyError, TypeError, ValueError):  # an entry from an older version
        return entry.action


def _close_sentence(facts: dict) -> str:
    """A round's closing, and what it did to tables in the organiser's name."""
    parts = [str(AUDIT_SENTENCES["close"]) % {"round": facts.get("round", "?")}]
    for number in facts.get("ended") or []:
        parts.append(_("table %(table)s ended as it stood") % {"table": number})
    for number in facts.get("confirmed_by_organiser") or []:
        parts.append(_("table %(table)s confirmed by the organiser at closing") % {"table": number})
    return "; ".join(parts)


@organiser_required
@require_GET
def tournament_audit(request, tournament_id: int):
    """Who changed what in the tournament, newest first: the organisers' and the tables'."""
    tournament = tournament_of(tournament_id)
    entries = [
        {"entry": entry, "what": audit_sentence(entry)}
        for entry in tournament.audit.order_by("-at", "-pk")[:500]
    ]
    context = {"tournament": tournament, "entries": entries}
    return render(request, "tournaments/audit.html", context)
