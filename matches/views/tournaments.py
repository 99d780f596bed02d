"""Tournament pages for organisers (TOURNAMENTS.md §7): the list, the set-up, entries and
check-in, each round's seating and progress, the standings and their CSV.

Thin views, as ``play``'s: parse, ask ``services.tournaments``, render. Only organisers
(staff) reach them; anyone else logged in gets 403, anonymous visitors the login page.
htmx requests get a named partial of the page's template; plain ones the whole page or
a redirect, so every page works without JavaScript.
"""

from __future__ import annotations

import csv
import dataclasses

from django import forms
from django.contrib import messages
from django.db.models import Count, Q
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import get_format
from django.utils.text import capfirst
from django.utils.translation import get_language, gettext_lazy, gettext_noop
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from .. import access, games, links, rules, seating, standings, text
from ..errors import Clash
from ..forms import OPTION_LABELS, TypedText, apply_rule_error, option_field
from ..models import Entry, Player, Round, Seat, Table, Tournament, TournamentAudit, name_order
from ..models.tournaments import method_name
from ..rules import RuleError
from ..services import players as register
from ..services import selectors, sheets
from ..services import standings as standings_reads
from ..services import tournaments as services
from ..services.base import explain
from ..templatetags.scoring import minus, signed
from .common import cached_page, leave, organiser_required, template_for


def _refused(request, error: Exception) -> None:
    messages.error(request, explain(error))


# -- the list and the set-up --------------------------------------------------------------


@organiser_required
@require_GET
def tournament_list(request):
    tournaments = Tournament.objects.all()
    return render(request, "tournaments/list.html", {"tournaments": tournaments})


# The tie-breaks of TOURNAMENTS.md §5 in the organiser's words.
TIE_BREAK_LABELS = {
    "game_points": gettext_lazy("game points"),
    "match_points": gettext_lazy("match points"),
    "table_wins": gettext_lazy("table wins"),
    "best_round": gettext_lazy("best round"),
    "opponents": gettext_lazy("opponents' scores (Buchholz)"),
    "head_to_head": gettext_lazy("head to head"),
    "twelve_trick_wins": gettext_lazy("12-trick wins"),
    "fewest_byes": gettext_lazy("fewest byes"),
}


def _presets() -> list[tuple[str, str]]:
    return [
        (f"{slug}/{variant}", _preset_label(game.name, _(preset.name)))
        for slug, game in games.GAMES.items()
        for variant, preset in game.ruleset_class.presets.items()
    ]


def _preset_label(game: str, variant: str) -> str:
    """The game and its variant, the game named once: "Sergeant Major" for the variant
    named as its game, "Sheepshead, five players" where the variant's name says it."""
    if variant == game or variant.startswith(f"{game}, ") or variant.startswith(f"{game} "):
        return variant
    return f"{game} · {variant}"


def _sized_tables() -> list[games.Game]:
    """The games whose tournaments choose their table size (TOURNAMENTS.md §2)."""
    return [game for game in games.GAMES.values() if game.ruleset_class.chooses_table_size]


class TournamentForm(forms.Form):
    name = TypedText(label=gettext_lazy("Name"), max_length=80)  # cleaned by the services
    # Tonight's, as a club night usually is; a date input takes the ISO form whatever
    # the page's language (the locale's own would leave it blank in German).
    date = forms.DateField(
        label=gettext_lazy("Date"),
        initial=timezone.localdate,
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
    )
    preset = forms.ChoiceField(label=gettext_lazy("Game"), choices=_presets)
    rounds = forms.IntegerField(label=gettext_lazy("Rounds"), min_value=1, max_value=30, initial=3)
    hands_per_round = forms.IntegerField(
        label=gettext_lazy("Hands each player plays per round"),
        min_value=1,
        max_value=99,
        initial=9,
        # Follows the game out of band (``_reloads_on_game``), except where the organiser
        # typed into it while the game's answer was on its way (static/js/forms.js).
        widget=forms.NumberInput(attrs={"data-kept-while-typed": ""}),
    )
    table_size = forms.TypedChoiceField(
        choices=[("", gettext_lazy("the game's own"))] + [(str(n), str(n)) for n in range(3, 8)],
        coerce=int,
        empty_value=None,
        required=False,
    )
    score = forms.ChoiceField(
        label=gettext_lazy("Standings score"),
        choices=[
            ("", gettext_lazy("the game's default")),
            ("match_points", gettext_lazy("match points (2 a win, 1 a shared win)")),
            ("game_points", gettext_lazy("game points")),
        ],
        required=False,
    )
    remainder = forms.ChoiceField(
        label=gettext_lazy("Players over full tables"),
        choices=Tournament.Remainder.choices,
        initial=Tournament.Remainder.SITTERS,
    )
    bye_game_points = forms.IntegerField(
        label=gettext_lazy("Game points for a bye"),
        initial=0,
        min_value=-10_000,
        max_value=10_000,
        required=False,
    )
    bye_match_points = forms.IntegerField(
        label=gettext_lazy("Match points for a bye"),
        initial=1,
        min_value=0,
        max_value=2,
        required=False,
    )
    public = forms.BooleanField(label=gettext_lazy("Public results and board"), required=False)
    self_check_in = forms.BooleanField(
        label=gettext_lazy("Players check themselves in with their own link"),
        help_text=gettext_lazy("Until the round is drafted; you can still check anyone in."),
        required=False,
    )

    # The tie-break chain in order: a choice per place, as many as anyone uses.
    TIE_BREAK_PLACES = 3

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._tie_break_fields()
        self._option_fields()
        # The game by the name the page gives it ("Schafkopf (amerikanisch)" in German).
        self.fields["table_size"].label = _("Table size (%(game)s)") % {
            "game": ", ".join(str(game.name) for game in _sized_tables())
        }
        self._hands_follow_game()

    def chosen_preset(self) -> str:
        """The game and variant the form is for: as posted, or as first shown."""
        preset = self.data.get("preset") or self.initial.get("preset") or ""
        return preset if preset in dict(_presets()) else _presets()[0][0]

    def _hands_follow_game(self) -> None:
        """The hands per round start from the chosen game's (§4: 9 at Sergeant Major's
        three seats, 20 at Sheepshead's five), and follow a change of game unless the
        organiser typed a figure of their own that fits the new game. ``hands_default``
        (a hidden field in the game's options) is the figure the page offered before."""
        self.hands_default = None
        shown = self.initial.pop("hands_default", None)
        game, variant = self.chosen_preset().split("/", 1)
        try:
            sizes = rules.table_sizes(game, variant, _number(self.initial.get("table_size")))
        except RuleError:  # a size another game had (the form says so on a post)
            sizes = rules.table_sizes(game, variant)
        self.hands_default = rules.get_ruleset(game, variant).default_hands_per_round(sizes)
        if self.is_bound:
            return
        typed = _number(self.initial.get("hands_per_round"))
        fits = typed is not None and typed > 0 and typed % sizes.standard == 0
        if not fits or str(typed) == str(shown):
            self.initial["hands_per_round"] = self.hands_default

    def _option_fields(self) -> None:
        # The chosen variant's options, as on the new-match page; the table's size
        # (a sitter) and its number of hands are the tournament's to decide, not options.
        game, variant = self.chosen_preset().split("/", 1)
        ruleset = rules.get_ruleset(game, variant, self.initial.get("options"))
        plugin = games.of(ruleset)
        labels = {**OPTION_LABELS, **plugin.option_labels}
        offered = plugin.offered_options(ruleset)
        self.option_names = [
            option.name
            for option in ruleset.options_spec
            if option.name in offered and option.name not in {ruleset.seat_option, "hands_limit"}
        ]
        for option in ruleset.options_spec:
            if option.name in self.option_names:
                field = option_field(option, labels[option.name], plugin.option_choices)
                field.initial = ruleset.options[option.name]
                self.fields[f"option_{option.name}"] = field

    def set_up(self) -> list[forms.BoundField]:
        """The tournament's own fields, whatever the game."""
        game_options = {"table_size", *self._game_option_names()}
        return [field for field in self if field.name not in game_options]

    def game_options(self) -> list[forms.BoundField]:
        """The chosen game's options, which a change of game redraws: Sheepshead's table
        size first, the one game that has a choice of it (blank for any other)."""
        return [self[name] for name in self._game_option_names()]

    def _game_option_names(self) -> list[str]:
        sized = self.chosen_preset().split("/")[0] in {game.slug for game in _sized_tables()}
        return ["table_size"] * sized + [f"option_{name}" for name in self.option_names]

    def options(self) -> dict:
        """The chosen options (a blank number is none). A post without the options
        section (``options_shown``: a script, an older page) keeps the preset's defaults,
        since an unticked box and a missing one look the same."""
        chosen = {}
        if not self.data.get("options_shown"):
            return chosen
        for name in self.option_names:
            value = self.cleaned_data.get(f"option_{name}")
            kind = type(self.fields[f"option_{name}"])
            chosen[name] = bool(value) if kind is forms.BooleanField else value
        return chosen

    def _tie_break_fields(self) -> None:
        labels = (
            gettext_lazy("First tie-break"),
            gettext_lazy("Second tie-break"),
            gettext_lazy("Third tie-break"),
        )
        # The chosen game's: a Sheepshead night is not offered 12-trick wins.
        game, variant = self.chosen_preset().split("/", 1)
        offered = standings.tie_breaks_of(rules.get_ruleset(game, variant).game_tie_breaks)
        choices = [("", gettext_lazy("none"))] + [
            (name, label) for name, label in TIE_BREAK_LABELS.items() if name in offered
        ]
        chain = list((self.initial or {}).get("tie_breaks") or [])
        for place, label in enumerate(labels):
            self.fields[f"tie_break_{place}"] = forms.ChoiceField(
                label=label, choices=choices, required=False
            )
            if place < len(chain):
                self.initial[f"tie_break_{place}"] = chain[place]
        # None chosen is the contract's chain for the score (§5), which the first says.
        first = self.fields["tie_break_0"]
        first.choices = [("", gettext_lazy("the usual for the score"))] + choices[1:]
        first.help_text = _usual_chains()

    FIELDS = {
        "game": "preset",
        "variant": "preset",
        "rounds": "rounds",
        "tie_breaks": "tie_break_0",
    }

    def field_for(self, name: str) -> str:
        head = name.split(".", 1)[0]
        if head == "options" and "." in name:
            return f"option_{name.split('.', 2)[1]}"
        return self.FIELDS.get(head, head)

    def settings(self) -> dict:
        data = self.cleaned_data
        game, variant = data["preset"].split("/", 1)
        return {
            "name": data["name"],
            "date": data["date"],
            "game": game,
            "variant": variant,
            "rounds": data["rounds"],
            "hands_per_round": data["hands_per_round"],
            "table_size": data["table_size"],
            "score": data["score"] or None,
            # None chosen: the usual chain for the score (the services fill it in).
            "tie_breaks": [
                data[f"tie_break_{place}"]
                for place in range(self.TIE_BREAK_PLACES)
                if data.get(f"tie_break_{place}")
            ]
            or None,
            "remainder": data["remainder"],
            "options": self.options(),
            # Blank: the contract's defaults (a bye scores 0 game points, a shared win).
            "bye_game_points": _or(data["bye_game_points"], 0),
            "bye_match_points": _or(data["bye_match_points"], 1),
            "public": data["public"],
            "self_check_in": data["self_check_in"],
        }


def _usual_chains() -> str:
    def chain(score: str) -> str:
        return ", ".join(
            str(TIE_BREAK_LABELS[name]) for name in standings.DEFAULT_TIE_BREAKS[score]
        )

    return _(
        "Left empty: after match points, %(after_match_points)s; "
        "after game points, %(after_game_points)s."
    ) % {
        "after_match_points": chain("match_points"),
        "after_game_points": chain("game_points"),
    }


def _number(value) -> int | None:
    """A whole number typed into a GET (or stored), None if it is not one."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    return text.typed_whole(str(value or ""))


def _or(value, default):
    return default if value is None else value


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


# -- one tournament: entries and check-in -------------------------------------------------


def _tournament(tournament_id: int) -> Tournament:
    # Behind ``organiser_required``: who may was asked first (``access``).
    return access.find_tournament(tournament_id)


@organiser_required
@require_GET
def tournament_detail(request, tournament_id: int):
    tournament = _tournament(tournament_id)
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
        "teams": services.table_sizes(tournament).teams,
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
    tournament = _tournament(tournament_id)
    teams = services.table_sizes(tournament).teams
    typed = request.POST.get("names", "")
    try:
        ticked = _ticked(request.POST.getlist("player"))
    except RuleError as error:
        _refused(request, error)
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
        entries = services.register_players(tournament, request.user, ticked + lines)
    except (RuleError, Clash) as error:
        if not lines:
            _refused(request, error)
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
    tournament = _tournament(tournament_id)
    entry = get_object_or_404(Entry, pk=entry_id, tournament=tournament)
    entry = services.check_in(entry, request.user, checked_in="undo" not in request.POST)
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
    tournament = _tournament(tournament_id)
    entry = get_object_or_404(Entry, pk=entry_id, tournament=tournament)
    from_round = text.typed_whole(request.POST.get("from_round", ""), signed=True)
    try:
        services.withdraw(
            entry, request.user, from_round=from_round, reason=request.POST.get("reason", "")
        )
    except (RuleError, Clash) as error:
        _refused(request, error)
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
    tournament = _tournament(tournament_id)
    try:
        first = _posted_entry(tournament, request.POST.get("first"))
        second = _posted_entry(tournament, request.POST.get("second"))
        services.keep_apart(tournament, request.user, first, second)
    except (RuleError, Clash) as error:
        _refused(request, error)
    else:
        messages.success(
            request,
            _("%(first)s and %(second)s will sit at different tables.")
            % {"first": first.name, "second": second.name},
        )
    return leave(request, tournament.get_absolute_url())


@organiser_required
@require_http_methods(["GET", "POST"])
def tournament_edit(request, tournament_id: int):
    """Change the set-up, until the first round is drafted. After that the page says so
    on the tournament's page instead of showing a form it would refuse (a form sent from
    a page opened before the draft is refused with what was typed, 422)."""
    tournament = _tournament(tournament_id)
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


# -- rounds -------------------------------------------------------------------------------


@organiser_required
@require_POST
def round_draft(request, tournament_id: int):
    tournament = _tournament(tournament_id)
    try:
        round_ = services.draft_round(
            tournament,
            request.user,
            method=request.POST.get("method", ""),
            seeding=request.POST.get("seed") or None,
        )
    except (RuleError, Clash) as error:
        _refused(request, error)
        return leave(request, tournament.get_absolute_url())
    return leave(request, reverse("tournaments:round", args=[tournament.pk, round_.number]))


def _round(tournament: Tournament, number: int) -> Round:
    return get_object_or_404(Round, tournament=tournament, number=number)


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
    sizes = services.table_sizes(tournament)
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
    quality = services.drafted(round_).quality
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
    tournament = _tournament(tournament_id)

    def page(csrf_token):
        # Looked up only when the page is rendered: a page kept for this revision and
        # path shows a round that exists.
        context = round_context(tournament, _round(tournament, number))
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
    tournament = _tournament(tournament_id)
    round_ = _round(tournament, number)
    if request.method == "GET":
        return _close_asked_again(request, tournament, round_)
    action = request.POST.get("action")
    if request.POST.get("preview") and action in ("swap", "move"):
        return _change_preview(request, tournament, round_, action)
    try:
        if action == "swap":
            first = _posted_entry(tournament, request.POST.get("first"))
            second = _posted_entry(tournament, request.POST.get("second"))
            services.swap(round_, request.user, first, second)
        elif action == "move":
            entry = _posted_entry(tournament, request.POST.get("entry"))
            table = request.POST.get("table", "")
            services.move(round_, request.user, entry, text.typed_whole(table))
        elif action == "start":
            services.start_round(round_, request.user)
            messages.success(request, _("Round %(number)s has started.") % {"number": number})
        elif action == "close":
            services.close_round(
                round_,
                request.user,
                end_unfinished="end_unfinished" in request.POST,
                reason=request.POST.get("reason", ""),
                confirming=_whole_numbers(request.POST.getlist("confirming")),
                seen=_int(request.POST.get("seen")),
            )
            messages.success(request, _("Round %(number)s is closed.") % {"number": number})
        else:
            raise RuleError(gettext_noop("Choose what to do."), field="action")
    except services.ConfirmFirst as unconfirmed:
        return _close_asks(request, tournament, round_, unconfirmed.tables)
    except (RuleError, Clash) as error:
        _refused(request, error)
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
            first = _posted_entry(tournament, request.POST.get("first"))
            second = _posted_entry(tournament, request.POST.get("second"))
            preview.update(first=first, second=second)
            changed = services.preview_swap(round_, first, second)
        else:
            entry = _posted_entry(tournament, request.POST.get("entry"))
            table = request.POST.get("table", "")
            preview.update(entry=entry, table=text.typed_whole(table))
            changed = services.preview_move(round_, entry, preview["table"])
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
    asks = services.close_asks(round_)
    if asks:
        return _close_asks(request, tournament, round_, asks)
    if round_.status == Round.Status.CLOSED:
        messages.info(request, _("Round %(number)s is closed.") % {"number": round_.number})
    return leave(request, reverse("tournaments:round", args=[tournament.pk, round_.number]))


def _posted_entry(tournament: Tournament, value) -> Entry:
    entry = tournament.entries.select_related("player").filter(pk=_int(value)).first()
    if entry is None:
        raise RuleError(gettext_noop("Choose an entry of this tournament."), field="entry")
    return entry


def _int(value) -> int | None:
    return text.typed_whole(value)


def _whole_numbers(values: list[str]) -> list[int]:
    """The whole numbers among ``values`` (the tables ticked on a page)."""
    return [number for value in values if (number := text.typed_whole(value)) is not None]


@organiser_required
@require_POST
def table_end(request, tournament_id: int, number: int, table: int):
    """End a table that cannot finish, as it stands, with a reason."""
    return _table_ruling(request, tournament_id, number, table, services.end_table, "")


@organiser_required
@require_POST
def table_reopen(request, tournament_id: int, number: int, table: int):
    """Give a handed-in or confirmed table back to its players, with a reason."""
    done = gettext_noop("Table %(number)s is open again for its players.")
    return _table_ruling(request, tournament_id, number, table, services.unlock_table, done)


def _table_ruling(request, tournament_id, number, table_number, ruling, done: str):
    """An organiser's ruling on one table of a round (``ruling(table, by, reason=...)``),
    then back to the round's page with what came of it."""
    tournament = _tournament(tournament_id)
    table = get_object_or_404(Table, round=_round(tournament, number), number=table_number)
    try:
        ruling(table, request.user, reason=request.POST.get("reason", ""))
    except (RuleError, Clash) as error:
        _refused(request, error)
    else:
        if done:
            messages.success(request, _(done) % {"number": table.number})
    return leave(request, reverse("tournaments:round", args=[tournament.pk, number]))


# -- standings ----------------------------------------------------------------------------


@organiser_required
@require_POST
def entry_adjust(request, tournament_id: int):
    """A penalty or ruling: game points ± for an entry in a round, with the reason."""
    tournament = _tournament(tournament_id)
    try:
        entry = _posted_entry(tournament, request.POST.get("entry"))
        services.adjust(
            entry,
            request.user,
            round=_int(request.POST.get("round")),
            points=_signed(request.POST.get("points")),
            reason=request.POST.get("reason", ""),
        )
    except (RuleError, Clash) as error:
        _refused(request, error)
    else:
        messages.success(request, _("The adjustment is in the standings."))
    return leave(request, reverse("tournaments:standings", args=[tournament.pk]))


def _signed(value) -> int | None:
    return text.typed_whole(value or "", signed=True)


@organiser_required
@require_GET
def standings_page(request, tournament_id: int):
    tournament = _tournament(tournament_id)

    def page(csrf_token):
        read = standings_reads.tournament_standings(tournament)
        columns = standings_columns(tournament)
        # What the page prints (the browser's Print menu): the print sheet.
        lines, notes = sheets.standings_sheet(read, [capfirst(label) for label in columns])
        context = {
            "tournament": tournament,
            "columns": columns,
            "read": read,
            "rows": _rows(read),
            # Footnotes of the printed standings too: each penalty or ruling with why.
            "footnotes": [(row.name, note) for row in read.rows for note in row.adjustments],
            "csv": csv_choices(request),
            "sheet": {"lines": lines, "footnotes": notes},
            "game_label": games.label(tournament),
        }
        if csrf_token:
            context["csrf_token"] = csrf_token
        return render(request, "tournaments/standings.html", context)

    return cached_page(request, standings_reads.revision_key(tournament), page)


def shown_criteria(tournament: Tournament) -> tuple[str, ...]:
    """The figures every standings view shows (§5): both scores, then the chain."""
    return standings.shown_criteria(tournament.score, tournament.tie_breaks)


def standings_columns(tournament: Tournament) -> list[str]:
    """The heads of those figures' columns, the score's first."""
    return [TIE_BREAK_LABELS[name] for name in shown_criteria(tournament)]


def _rows(read: standings_reads.Standings) -> list[dict]:
    shown = shown_criteria(read.tournament)
    labels = standings_columns(read.tournament)
    return [
        {
            "rank": standings.rank_label(row),
            "row": row,
            "values": [row.value(name) for name in shown],
            # Each figure with its column's head, which a phone shows beside it.
            "cells": list(zip(labels, (row.value(name) for name in shown), strict=True)),
            "why": _why(row.why),
        }
        for row in read.rows
    ]


def _why(reason: standings.Reason | None) -> str:
    """Why a row stands where it does, its figures as the page shows them (−3)."""
    if reason is None:
        return ""
    params = {
        key: minus(value) if isinstance(value, int) else value
        for key, value in reason.params.items()
    }
    return dataclasses.replace(reason, params=params).text(_)


# The separators a spreadsheet splits a CSV file at, by the name ``?sep=`` gives them,
# and as the page names them (a lone ";" in quotes is hard to read).
CSV_SEPARATORS = {"comma": ",", "semicolon": ";"}
CSV_SEPARATOR_NAMES = {"comma": gettext_lazy("commas"), "semicolon": gettext_lazy("semicolons")}


def csv_separator(request) -> str:
    """The separator ``?sep=`` asks for; otherwise the one a spreadsheet in the reader's
    language expects. Excel splits a CSV file at the system's list separator, which is a
    semicolon wherever the decimal separator is a comma (German: 1,5), a comma elsewhere;
    the page's language is the best guess we have of the spreadsheet's."""
    chosen = CSV_SEPARATORS.get(request.GET.get("sep", ""))
    if chosen:
        return chosen
    return ";" if get_format("DECIMAL_SEPARATOR", get_language()) == "," else ","


def csv_choices(request) -> dict:
    """For a page that links the CSV files: the separator they come with, and the other
    one's ``?sep=`` for a spreadsheet set up in another language."""
    separator = csv_separator(request)
    other = next(name for name, mark in CSV_SEPARATORS.items() if mark != separator)
    chosen = next(name for name, mark in CSV_SEPARATORS.items() if mark == separator)
    return {
        "names": CSV_SEPARATOR_NAMES[chosen],
        "other": other,
        "other_names": CSV_SEPARATOR_NAMES[other],
    }


def _csv(request, filename: str, header: list[str], rows) -> HttpResponse:
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    # The byte order mark tells Excel the file is UTF-8 (without it, Windows Excel reads
    # its ANSI code page: "JÃ¼rgen WeiÃŸ"); Python reads it away with "utf-8-sig".
    response.write("\ufeff")
    writer = csv.writer(response, delimiter=csv_separator(request))
    writer.writerow(header)
    writer.writerows(rows)
    return response


@organiser_required
@require_GET
def standings_csv(request, tournament_id: int):
    tournament = _tournament(tournament_id)
    read = standings_reads.tournament_standings(tournament)
    # The columns of the page (§5): the score, the other score, the rest of the chain.
    shown = shown_criteria(tournament)
    header = [
        _("rank"),
        _("name"),
        *(str(label) for label in standings_columns(tournament)),
        _("rounds played"),
    ]
    rows = [
        [
            standings.rank_label(row),
            _safe(row.name),
            *("" if row.value(name) is None else row.value(name) for name in shown),
            row.rounds_played,
        ]
        for row in read.rows
    ]
    return _csv(request, f"standings-{tournament.pk}.csv", header, rows)


@organiser_required
@require_GET
def results_csv(request, tournament_id: int):
    """Every result: one row per entry per round."""
    tournament = _tournament(tournament_id)
    read = standings_reads.tournament_standings(tournament)
    # The game points include any penalty or ruling; its column says how much of them.
    header = [
        _("round"),
        _("name"),
        _("table"),
        _("game points"),
        _("adjustment"),
        _("place"),
        _("won"),
        _("bye"),
    ]
    # By round, then by name as people read it (``name_order``), not as the cell reads.
    results = sorted(
        (
            (number, entry, result)
            for entry, rounds in read.rounds.items()
            for number, result in rounds.items()
        ),
        key=lambda item: (item[0], name_order(read.names[item[1]])),
    )
    rows = [
        [
            number,
            _safe(read.names[entry]),
            result.table or "",
            result.game_points,
            result.adjustment,
            result.place or "",
            int(result.won),
            int(result.bye),
        ]
        for number, entry, result in results
    ]
    return _csv(request, f"results-{tournament.pk}.csv", header, rows)


def _safe(name: str) -> str:
    # A spreadsheet runs a cell starting with =, +, - or @ as a formula: not a name's.
    return f"'{name}" if name[:1] in "=+-@" else name


@organiser_required
@require_GET
def table_links(request, tournament_id: int, number: int):
    """Every table's link of a round as a QR code with its address: to show on the
    laptop, or to print and lay on the tables."""
    tournament = _tournament(tournament_id)
    round_ = _round(tournament, number)
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


# -- the audit trail ----------------------------------------------------------------------

# What each write of ``services.tournaments`` did, as a sentence with its facts.
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
    tournament = _tournament(tournament_id)
    entries = [
        {"entry": entry, "what": audit_sentence(entry)}
        for entry in tournament.audit.order_by("-at", "-pk")[:500]
    ]
    context = {"tournament": tournament, "entries": entries}
    return render(request, "tournaments/audit.html", context)
