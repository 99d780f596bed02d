"""A tournament's own page (docs/tournaments.md §7): its entries, the door (the register's
players to tick, names typed one per line), check-in, withdrawals, keep-apart pairs."""

from __future__ import annotations

from django.contrib import messages
from django.db.models import Q
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from django.views.decorators.http import require_GET, require_POST

from .. import links, rules, seating, text
from ..errors import Clash, explain
from ..models import Entry, Player, Round, Tournament
from ..models.tournaments import method_name
from ..rules import RuleError
from ..services import players as register
from ..services import registration
from ..services.tables import table_sizes
from .common import leave, organiser_required, template_for
from .tournaments import posted_entry, refused, tournament_of


@organiser_required
@require_GET
def tournament_detail(request, tournament_id: int):
    tournament = tournament_of(tournament_id)
    context = _detail(request, tournament, names=request.GET.get("names", ""))
    partial = "entries" if request.htmx and "q" in request.GET else None
    if request.htmx and "find" in request.GET:
        partial = "candidates"
    name = "tournaments/detail.html"
    return render(request, f"{name}#{partial}" if partial else name, context)


def _detail(request, tournament: Tournament, *, names: str, names_errors=(), ticked=None) -> dict:
    """The tournament page's context; ``names`` in its "By name" field, with
    ``names_errors`` beside it (the names a refused post typed, kept for the next try)."""
    query = " ".join(request.GET.get("q", "").split())[:40]
    entries = _by_name(tournament.entries.select_related("player", "partner"))
    if query:
        # Folded as the register's search folds names (look-alikes, case, accents): a
        # team is found by either partner's name.
        wanted = register.search_key(query)
        entries = entries.filter(
            Q(player__name_search__contains=wanted) | Q(partner__name_search__contains=wanted)
        )
    context = {
        "tournament": tournament,
        "entries": list(entries),
        "query": query,
        "checked_in": _checked_in(tournament),
        "rounds": (rounds := list(tournament.rounds.all())),
        # The next round is seated once this one closes (the services refuse it before).
        "playing": next((r for r in rounds if r.status == Round.Status.PLAYING), None),
        "methods": [(method, method_name(method)) for method in seating.METHODS],
        "all_entries": list(_by_name(tournament.entries.select_related("player", "partner"))),
        "apart": list(tournament.apart.select_related("first__player", "second__player")),
        "next_round": tournament.rounds.exclude(status=Round.Status.DRAFT).count() + 1,
        "teams": table_sizes(tournament).teams,
        "ruleset": rules.get_ruleset(tournament.game, tournament.variant),
        "names": names[:NAMES_KEPT],
        "names_errors": list(names_errors),
        # The players' codes beside their names carry this address: said when no phone
        # could open it (as the table links say it).
        "phones_origin": links.loopback_origin(request),
        **_candidates(request, tournament, ticked),
    }
    return context


def _by_name(entries):
    """Entries in the register's name order (``Player.name_sort``: as people read the
    names, not by their look-alike key); a team by its first player, then the partner."""
    return entries.order_by("player__name_sort", "partner__name_sort", "pk")


# The door: the register's players not entered yet, to tick (the first few, or those a
# search finds; those ticked already stay on the list while the organiser searches on).
CANDIDATES_SHOWN = 30


NAMES_KEPT = 4000  # the typed names a "go back" brings back to the form


def _candidates(request, tournament: Tournament, ticked=None) -> dict:
    find = " ".join(request.GET.get("find", "").split())[:40]
    if ticked is None:
        ticked = set()
        for value in request.GET.getlist("player"):
            if (number := text.typed_whole(value)) is not None:
                ticked.add(number)
    ticked = set(ticked)
    waiting = register.not_entered(tournament)
    kept = list(waiting.filter(pk__in=ticked)) if ticked else []
    found = list(
        register.not_entered(tournament, find).exclude(pk__in=ticked)[: CANDIDATES_SHOWN + 1]
    )
    return {
        "find": find,
        "candidates": kept + found[:CANDIDATES_SHOWN],
        "ticked": ticked,
        "more_candidates": len(found) > CANDIDATES_SHOWN,
    }


@organiser_required
@require_POST
def entries_add(request, tournament_id: int):
    """New entries: players ticked in the register (``player``: ids), or names typed one
    per line. A typed name the register knows (by its ``name_key``) is that player; names
    it does not know are first shown back, and become new players only on the organiser's
    yes (``confirm``), so that a typo does not enter a second person. (The API enters a
    new name at once: its callers send what they mean.)

    Typed names are never lost: a refusal of any of them (a name typed twice, a line that
    is no name, a player entered already) shows the tournament's page again with every
    line in the field and the reason beside it, naming the line, before the question and
    after its yes alike (docs/tournaments.md)."""
    tournament = tournament_of(tournament_id)
    teams = table_sizes(tournament).teams
    typed = request.POST.get("names", "")
    try:
        ticked = _ticked(request.POST.getlist("player"))
    except RuleError as error:
        refused(request, error)
        return leave(request, tournament.get_absolute_url())
    try:
        numbers, lines = _typed_entries(typed, teams)
    except RuleError as error:
        return _names_refused(request, tournament, typed, ticked, [error])
    repeats = _repeats(numbers, lines, teams, ticked)
    if repeats:
        return _names_refused(request, tournament, typed, ticked, repeats)
    if not ticked and not lines:
        messages.error(request, _("Tick players in the register or type their names."))
        return leave(request, tournament.get_absolute_url())
    flat = [name for line in lines for name in (line if teams else [line])]
    known = register.named(flat)
    unknown = [name for name in flat if register.name_key(name) not in known]
    if unknown and request.POST.get("confirm") != "yes":
        # The players ticked in the register go along with the yes and with the way back.
        chosen = list(register.not_entered(tournament).filter(pk__in=ticked)) if ticked else []
        context = {
            "tournament": tournament,
            "names": typed,
            "unknown": unknown,
            "ticked": ticked,
            "known": chosen
            + [known[register.name_key(name)] for name in flat if name not in unknown],
        }
        template = template_for(request, "tournaments/entries_confirm.html", "confirm")
        return render(request, template, context)
    try:
        entries = registration.register_players(tournament, request.user, ticked + lines)
    except (RuleError, Clash) as error:
        if not lines:
            refused(request, error)
            return leave(request, tournament.get_absolute_url())
        # ``players.n`` counts the ticked players first, then the typed lines.
        return _names_refused(
            request, tournament, typed, ticked, [error], numbers=[None] * len(ticked) + numbers
        )
    else:
        messages.success(
            request,
            _("Entered: %(names)s.") % {"names": ", ".join(entry.name for entry in entries)},
        )
    return leave(request, tournament.get_absolute_url())


def _ticked(values: list[str]) -> list[int]:
    """The register's players ticked on the page, by id."""
    ticked = [text.typed_whole(value) for value in values]
    if None in ticked:
        raise RuleError(gettext_noop("Tick players from the list."), field="player")
    return ticked


def _typed_entries(typed: str, teams: bool) -> tuple[list[int], list]:
    """The names typed one per line, cleaned as the register cleans names; in a tournament
    of partnerships a team per line ("Ann & Ben"). With each entry's line number in the
    field (blank lines counted, as the organiser sees them). RuleError naming the line at
    fault (``line``)."""
    numbered = [(number, line) for number, line in enumerate(typed.splitlines(), 1) if line.strip()]
    entries: list = []
    for number, line in numbered:
        try:
            if not teams:
                entries.append(text.clean_name(line, field="names"))
                continue
            parts = line.split("&")
            if len(parts) != 2:
                raise RuleError(
                    gettext_noop("Enter a team of two players: two names or ids."), field="names"
                )
            entries.append([text.clean_name(part, field="names") for part in parts])
        except RuleError as error:
            error.line = number
            raise
    return [number for number, _line in numbered], entries


def _repeats(numbers: list[int], entries: list, teams: bool, ticked: list[int]) -> list:
    """A refusal (RuleError, field ``names``) for each player typed twice (the same name,
    or two names the register takes for one: "ANN" and "Ann", a look-alike) or typed and
    ticked too, naming both lines: the organiser removes one and adds the rest."""
    if not entries:
        return []
    ticked_keys = {
        player.name_key: player.name
        for player in Player.objects.filter(pk__in=ticked).only("name", "name_key")
    }
    seen: dict[str, tuple[int, str]] = {}
    repeats: list[RuleError] = []
    for number, entry in zip(numbers, entries, strict=True):
        for name in entry if teams else [entry]:
            key = register.name_key(name)
            if key in ticked_keys:
                repeats.append(
                    RuleError(
                        gettext_noop(
                            "Line %(line)s: %(name)s is ticked in the register too. "
                            "Remove the line or the tick."
                        ),
                        field="names",
                        line=number,
                        name=ticked_keys[key],
                    )
                )
            elif key in seen:
                first, spelt = seen[key]
                repeats.append(_repeat(number, name, first, spelt))
            else:
                seen[key] = (number, name)
    return repeats


def _repeat(number: int, name: str, first: int, spelt: str) -> RuleError:
    if first == number:
        message = gettext_noop("Line %(line)s names %(name)s twice.")
    elif spelt == name:
        message = gettext_noop(
            "Line %(line)s repeats line %(first)s: %(name)s. Remove one of the two lines."
        )
    else:
        message = gettext_noop(
            "Line %(line)s, %(name)s, is the same player as %(other)s on line %(first)s "
            "(the register does not tell the two names apart). Remove one of the two lines."
        )
    return RuleError(message, field="names", line=number, name=name, first=first, other=spelt)


def _names_refused(request, tournament, typed, ticked, errors, *, numbers=()):
    """The tournament's page again, 422, with the typed names still in their field and
    the refusals beside it. A service's refusal naming ``players.n`` says which line
    (``numbers``: each entry's line, None for a ticked player); one of the typed lines
    knows its own (``line``)."""
    shown = []
    for each in errors:
        sentence = explain(each)
        line = getattr(each, "line", None)
        field = getattr(each, "field", None) or ""
        if line is None and numbers and field.startswith("players."):
            index = field.removeprefix("players.")
            if index.isdigit() and int(index) < len(numbers):
                line = numbers[int(index)]
        if line is not None and "line" not in getattr(each, "params", {}):
            sentence = _("Line %(line)s: %(problem)s") % {"line": line, "problem": sentence}
        shown.append(sentence)
    context = _detail(request, tournament, names=typed, names_errors=shown, ticked=ticked)
    template = template_for(request, "tournaments/detail.html", "add")
    return render(request, template, context, status=422)


@organiser_required
@require_POST
def entry_check_in(request, tournament_id: int, entry_id: int):
    """One tap at the door: check in, or (``undo``) take it back. htmx swaps the row, and
    the page's count of those checked in out of band."""
    tournament = tournament_of(tournament_id)
    entry = get_object_or_404(Entry, pk=entry_id, tournament=tournament)
    entry = registration.check_in(entry, request.user, checked_in="undo" not in request.POST)
    if request.htmx:
        context = {
            "tournament": tournament,
            "entry": entry,
            "checked_in": _checked_in(tournament),
            "oob": True,
        }
        row = render_to_string("tournaments/detail.html#entry", context, request=request)
        counter = render_to_string("tournaments/detail.html#checked_in", context, request=request)
        return HttpResponse(row + counter)
    return leave(request, tournament.get_absolute_url())


def _checked_in(tournament: Tournament) -> int:
    return tournament.entries.filter(checked_in=True).count()


@organiser_required
@require_POST
def entry_withdraw(request, tournament_id: int, entry_id: int):
    tournament = tournament_of(tournament_id)
    entry = get_object_or_404(Entry, pk=entry_id, tournament=tournament)
    from_round = text.typed_whole(request.POST.get("from_round", ""), signed=True)
    try:
        registration.withdraw(
            entry, request.user, from_round=from_round, reason=request.POST.get("reason", "")
        )
    except (RuleError, Clash) as error:
        refused(request, error)
    else:
        messages.success(
            request,
            _("%(name)s plays no more from round %(number)s.")
            % {"name": entry.name, "number": from_round},
        )
    return leave(request, tournament.get_absolute_url())


@organiser_required
@require_POST
def entries_apart(request, tournament_id: int):
    tournament = tournament_of(tournament_id)
    try:
        first = posted_entry(tournament, request.POST.get("first"))
        second = posted_entry(tournament, request.POST.get("second"))
        registration.keep_apart(tournament, request.user, first, second)
    except (RuleError, Clash) as error:
        refused(request, error)
    else:
        messages.success(
            request,
            _("%(first)s and %(second)s will sit at different tables.")
            % {"first": first.name, "second": second.name},
        )
    return leave(request, tournament.get_absolute_url())
