"""What every game's Django side has: the default behaviour a game's plugin overrides.

A game's plugin (a module beside this one, one line in ``games.GAMES``) names its pure
``Ruleset`` class, its hand form and its templates, and words what the rules derived:
the rules card, the steps before the deal, the history columns, the preview. Nothing here
scores; every figure comes from the replay.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from .. import presenters
from ..forms import CorrectionFields, HandForm
from ..rules import Hand, MatchState, NextHand, RuleError, Ruleset
from ..seating import TableSizes, table_hands


class Game:
    """One game's plugin. Subclasses set the class attributes and override the hooks
    whose default does not fit; views, the API and the templates ask only these."""

    ruleset_class: ClassVar[type[Ruleset]]
    name: ClassVar[str]  # the game's name, lazily translated
    hand_form: ClassVar[type[HandForm]]
    # The hand form shows the hand's scores before it is saved (a loud table checks the
    # figures at a glance)...
    previewed: ClassVar[bool] = False
    # ...and the figures worth one tap in its points field.
    quick_points: ClassVar[tuple[int, ...]] = ()
    # The new-match page's labels for the game's options, over ``forms.OPTION_LABELS``,
    # and the words for the values of a choice.
    option_labels: ClassVar[Mapping[str, str]] = {}
    option_choices: ClassVar[Mapping[str, str]] = {}
    # A tournament's standings score unless the organiser chooses (TOURNAMENTS.md §5).
    default_score: ClassVar[str] = "match_points"
    # When the seat its ruleset's ``seat_option`` adds plays, in words ("with a sitter").
    seat_option_hint: ClassVar[str] = ""
    # The paper score grid of a table card (the backup when a phone dies): the columns of
    # a hand besides its number and dealer, and what each seat writes down per hand (and
    # under it the running total, Σ): by default the hand's score, ±.
    paper_columns: ClassVar[tuple[str, ...]] = ()
    paper_seat_column: ClassVar[str] = "±"

    @property
    def slug(self) -> str:
        return self.ruleset_class.game

    # The game's templates fill the blocks of a skeleton each.
    @property
    def table_template(self) -> str:
        """The match page's table (``partials/table.html``)."""
        return f"games/{self.slug}/table.html"

    @property
    def hand_template(self) -> str:
        """The hand form (``partials/hand_form.html``)."""
        return f"games/{self.slug}/hand_form.html"

    @property
    def history_template(self) -> str:
        """The history table (``partials/history.html``)."""
        return f"games/{self.slug}/history.html"

    def form_class(self, *, correction: bool = False) -> type[HandForm]:
        """The hand form; with the version and reason fields to correct a hand."""
        if correction:
            name = f"Correct{self.hand_form.__name__}"
            return type(name, (CorrectionFields, self.hand_form), {})
        return self.hand_form

    # -- the new-match page --------------------------------------------------------------

    def rules_card(self, ruleset: Ruleset) -> list[str]:
        """The variant in plain words."""
        raise NotImplementedError

    def setup_fields(self, ruleset: Ruleset) -> dict[str, forms.Field]:
        """Fields of the set-up before the first hand (the rules' ``setup``), if any."""
        return {}

    def first_dealer_label(self, ruleset: Ruleset) -> str | None:
        """The first dealer's label where the set-up decides it (None: the usual one)."""
        return None

    # -- tournaments (TOURNAMENTS.md §2, §4) ---------------------------------------------

    def table_sizes_for(self, ruleset: Ruleset, table_size: int | None) -> TableSizes:
        """The table sizes a tournament of this variant seats (TOURNAMENTS.md §2): by
        default the variant's own size, nothing bigger or smaller; ``table_size`` (the
        tournament's option) may only name it."""
        if table_size is not None and table_size != ruleset.seats:
            raise RuleError(
                gettext_noop("This variant is played at tables of %(size)s."),
                field="table_size",
                size=ruleset.seats,
            )
        return TableSizes(ruleset.seats)

    def table_variant(self, ruleset: Ruleset, size: int) -> tuple[str, dict[str, Any]]:
        """The variant and the options over the tournament's that a table of ``size``
        plays (``size`` is one ``table_sizes_for`` allows)."""
        return ruleset.variant, {}

    def table_hands(self, sizes: TableSizes, size: int, hands_per_round: int) -> int | None:
        """The table's ``hands_limit`` (None: the game's own end decides a round).
        ``hands_per_round`` counts the hands each player plays (``seating.table_hands``:
        §4's 9 hands at three seats are 12 at four with a sitter)."""
        return table_hands(size, sizes, hands_per_round)

    # -- the match page ------------------------------------------------------------------

    def deal_steps(self, ruleset: Ruleset, state: MatchState) -> tuple[list[str], ...]:
        """What the table does before play, in order, around the exchange: the steps
        before it, the exchange itself, and the steps after it. By default: who deals and
        who leads (``deal_words``), and no exchange."""
        coming = state.next_hand
        if coming is None:
            return [], [], []
        words = {
            "dealer": state.players[coming.dealer],
            "eldest": state.players[self.leader(ruleset, coming)],
        }
        return self.deal_words(coming, words), [], []

    def leader(self, ruleset: Ruleset, coming: NextHand) -> int:
        """The seat that leads the coming hand: the dealer's left unless the game says."""
        return (coming.dealer + 1) % ruleset.seats

    def deal_words(self, coming: NextHand, words: Mapping[str, str]) -> list[str]:
        """Who deals and who leads, in words (``dealer`` and ``eldest`` named)."""
        return [_("%(dealer)s deals.") % words, _("%(eldest)s leads.") % words]

    def seat_points(self, ruleset: Ruleset, state: MatchState) -> list[int] | None:
        """Per seat, a tally the game keeps besides the totals (None: the totals)."""
        return None

    def row_details(self, ruleset: Ruleset, state: MatchState, hand: Hand) -> dict[str, Any]:
        """The game's own columns of one history row, in words."""
        return {}

    def chart(self, ruleset: Ruleset, state: MatchState) -> presenters.Chart | None:
        return presenters.chart(state)

    def page_context(self, ruleset: Ruleset, state: MatchState) -> dict[str, Any]:
        """What else the game's templates show."""
        return {}

    def preview(self, ruleset: Ruleset, state: MatchState, hand: Hand) -> dict[str, Any]:
        """What the hand form shows before saving: each seat's score."""
        return {"preview": list(zip(state.players, hand.scores, strict=True))}

    def table_context(self, snapshot, *, read_only: bool = False) -> dict[str, Any]:
        """Everything the match page shows, from one snapshot."""
        state = snapshot.state
        ruleset = snapshot.match.ruleset
        before, exchange, after = self.deal_steps(ruleset, state)
        coming = state.next_hand
        return {
            "ruleset": ruleset,
            "game": self,
            "deal_before": before,
            "deal_after": after,
            "exchange_steps": exchange,
            "match": snapshot.match,
            "state": state,
            "seats": presenters.seats(state, self.seat_points(ruleset, state)),
            "coming": coming,
            "targets": coming.targets if coming else None,
            "coming_dealer_name": state.players[coming.dealer] if coming else None,
            "history": presenters.history(
                state,
                snapshot.versions,
                lambda hand: self.row_details(ruleset, state, hand),
            ),
            "chart": self.chart(ruleset, state),
            "winners": [state.players[seat] for seat in state.winners],
            "read_only": read_only,
            **self.page_context(ruleset, state),
        }
