"""A tournament's set-up form (docs/tournaments.md §2): the game and its options, the rounds and
hands, the score and its tie-breaks, the byes; the services check what it parses."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from .. import rules, standings, text
from ..games import registry as games
from ..models import Tournament
from ..rules import RuleError
from .fields import OPTION_LABELS, TypedText, option_field

# The shared tie-breaks of docs/tournaments.md §5 (the scores among them) in the organiser's
# words; a game's own bring theirs (``tie_break_labels``).
TIE_BREAK_LABELS = {
    "game_points": gettext_lazy("game points"),
    "match_points": gettext_lazy("match points"),
    "table_wins": gettext_lazy("table wins"),
    "best_round": gettext_lazy("best round"),
    "opponents": gettext_lazy("opponents' scores (Buchholz)"),
    "head_to_head": gettext_lazy("head to head"),
    "fewest_byes": gettext_lazy("fewest byes"),
}


def tie_break_labels(game: str | None = None) -> dict[str, Any]:
    """Every criterion a tournament of ``game`` may rank by, in the order offered, in the
    organiser's words: the shared ones and the game's own (``Ruleset.tie_breaks``, their
    labels marked in the game's rules); without ``game``, every installed game's."""
    own = rules.game_tie_breaks(game)
    labels = {tie_break.name: gettext_lazy(tie_break.label) for tie_break in own}
    return {
        name: TIE_BREAK_LABELS[name] if name in TIE_BREAK_LABELS else labels[name]
        for name in standings.tie_breaks_of(own)
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
    """The games whose tournaments choose their table size (docs/tournaments.md §2)."""
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
        places = (
            gettext_lazy("First tie-break"),
            gettext_lazy("Second tie-break"),
            gettext_lazy("Third tie-break"),
        )
        # The chosen game's: a Sheepshead night is not offered 12-trick wins.
        game, variant = self.chosen_preset().split("/", 1)
        ruleset = rules.get_ruleset(game, variant)
        labels = tie_break_labels(ruleset.game)
        choices = [("", gettext_lazy("none")), *labels.items()]
        chain = list((self.initial or {}).get("tie_breaks") or [])
        # One choice per place (``TIE_BREAK_PLACES``), not one per tie-break offered.
        for place, label in enumerate(places):
            self.fields[f"tie_break_{place}"] = forms.ChoiceField(
                label=label, choices=choices, required=False
            )
            if place < len(chain):
                self.initial[f"tie_break_{place}"] = chain[place]
        # None chosen is the contract's chain for the score (§5), which the first says.
        first = self.fields["tie_break_0"]
        first.choices = [("", gettext_lazy("the usual for the score"))] + choices[1:]
        first.help_text = _usual_chains(ruleset, labels)

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


def _usual_chains(ruleset: rules.Ruleset, labels: dict[str, Any]) -> str:
    """The chain for each score that a tournament of the game gets with none chosen."""

    def chain(score: str) -> str:
        return ", ".join(
            str(labels[name])
            for name in standings.default_tie_breaks(score, ruleset.default_tie_breaks)
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
