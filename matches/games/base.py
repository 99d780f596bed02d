"""What every game's Django side has: the default behaviour a game's plugin overrides.

A game's plugin (its app's ``game`` module, registered by its ``apps.py``) names its pure
``Ruleset`` class, its hand form, its API hand body, and words what the rules derived:
the rules card, the steps before the deal, the history columns, the preview. Nothing here
scores; every figure comes from the replay.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from functools import cached_property
from pathlib import Path
from typing import Any, ClassVar

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from pydantic import BaseModel

from .. import presenters
from ..forms.fields import OPTION_LABELS
from ..forms.play import CorrectionFields, HandForm
from ..presenters import HandFact
from ..rules import Hand, MatchState, NextHand, Ruleset, base
from ..rules.base import signed


def yes_no(value: Any) -> str:
    return _("yes") if value else _("no")


class Game:
    """One game's plugin. Subclasses set the class attributes and override the hooks
    whose default does not fit; views, the API and the templates ask only these."""

    ruleset_class: ClassVar[type[Ruleset]]
    name: ClassVar[str]  # the game's name, lazily translated
    hand_form: ClassVar[type[HandForm]]
    # The API's hand body (its ``schema`` module, built on ``games.bodies``): the fields
    # ``POST .../hands`` takes for this game; ``api.schemas`` adds the envelope.
    hand_body: ClassVar[type[BaseModel]]
    # The hand form shows the hand's scores before it is saved (a loud table checks the
    # figures at a glance)...
    previewed: ClassVar[bool] = False
    # ...and the figures worth one tap in its points field.
    quick_points: ClassVar[tuple[int, ...]] = ()
    # The new-match page's labels for the game's options, over ``forms.fields.OPTION_LABELS``,
    # and the words for the values of a choice.
    option_labels: ClassVar[Mapping[str, str]] = {}
    option_choices: ClassVar[Mapping[str, str]] = {}
    # The deal passes to the left round every seat (a sitter's seat too), so that a table
    # card pre-prints each hand's dealer; not where the result decides who deals next.
    deal_passes_left: ClassVar[bool] = True
    # When the seat its ruleset's ``seat_option`` adds plays, in words ("with a sitter").
    seat_option_hint: ClassVar[str] = ""
    # The paper score grid of a table card (the backup when a phone dies): the columns of
    # a hand besides its number and dealer, and what each seat writes down per hand (and
    # under it the running total, Σ): by default the hand's score, ±.
    paper_columns: ClassVar[tuple[str, ...]] = ()
    paper_seat_column: ClassVar[str] = "±"
    # A table card's paper backup may be the game's own (Skat's blank list) instead of the
    # grid above: the template drawing it (given ``card`` and ``card.paper``, from
    # ``paper_context``).
    paper_template: ClassVar[str] = "print/partials/paper_grid.html"
    # A game's own printed sheet of a match, besides the match page printed (Skat's
    # Spielliste): its template (None: the game has none), the words of the match page's
    # link to it, and ``sheet_context`` for what it shows.
    sheet_template: ClassVar[str | None] = None
    sheet_link: ClassVar[str] = ""
    # What the preview says before the form is filled in, and while it is incomplete.
    preview_empty: ClassVar[str] = gettext_lazy(
        "The scores of this hand appear here as you fill in the form."
    )
    preview_incomplete: ClassVar[str] = gettext_lazy("Fill in the hand to see its scores.")
    # How many columns of its own the game's history has (besides number and dealer, a
    # column per seat and the actions).
    history_columns: ClassVar[int] = 0

    @property
    def slug(self) -> str:
        return self.ruleset_class.game

    @cached_property
    def folder(self) -> Path:
        """The game's app: its ``templates/games/<slug>/`` and ``static/games/<slug>/``
        (found as any app's are)."""
        return Path(sys.modules[type(self).__module__].__file__).parent

    @cached_property
    def styles(self) -> list[str]:
        """The static paths of the game's own style sheets (every ``.css`` in its
        ``static/games/<slug>/``), which the pages of its matches link after the shared
        ``css/app.css``: a game's look ships in its folder."""
        static = self.folder / "static" / "games" / self.slug
        return [f"games/{self.slug}/{path.name}" for path in sorted(static.glob("*.css"))]

    @cached_property
    def scripts(self) -> list[str]:
        """The static paths of the game's own scripts (every ``.js`` in its
        ``static/games/<slug>/``), which the pages with its hand form load after the
        shared ``js/table.js``."""
        static = self.folder / "static" / "games" / self.slug
        return [f"games/{self.slug}/{path.name}" for path in sorted(static.glob("*.js"))]

    # The game's templates fill the blocks of a skeleton each (in its
    # ``templates/games/<slug>/``).
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

    def setup_bids(self, ruleset: Ruleset) -> list[int]:
        """The bids ``POST /api/matches`` takes for this preset (its ``bid``), if any."""
        return []

    def first_dealer_label(self, ruleset: Ruleset) -> str | None:
        """The first dealer's label where the set-up decides it (None: the usual one)."""
        return None

    def offered_options(self, ruleset: Ruleset) -> list[str]:
        """The options the new-match page asks for: every one, unless the game says a
        value other than the preset's cannot work at this table."""
        return [option.name for option in ruleset.options_spec]

    def option_label(self, name: str) -> str:
        """An option in the new-match page's words."""
        return {**OPTION_LABELS, **self.option_labels}.get(name, name)

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

    def history_heads(self, ruleset: Ruleset, state: MatchState) -> list[str]:
        """The history's column per seat: the players' names (Sieben's sides)."""
        return list(state.players)

    def row_details(self, ruleset: Ruleset, state: MatchState, hand: Hand) -> dict[str, Any]:
        """The game's own columns of one history row, in words."""
        return {}

    def chart(self, ruleset: Ruleset, state: MatchState) -> presenters.ScoreChart | None:
        return presenters.chart(state)

    def page_context(self, ruleset: Ruleset, state: MatchState) -> dict[str, Any]:
        """What else the game's templates show."""
        return {}

    def ending_words(self, ruleset: Ruleset, state: MatchState) -> tuple[str | None, str | None]:
        """Why the match ended, in a sentence, and how a tie at the limit was broken (for
        the history too): both from what the rules decided (``MatchState.ending``)."""
        ending = state.ending
        if ending is None:
            return None, None
        names = state.players
        words: dict[str, Any] = {"number": ending.hand}
        if ending.winners:
            words["name"] = " & ".join(names[seat] for seat in ending.winners)
            words["total"] = signed(state.totals[ending.winners[0]])
        tie = self.tie_words(state) if ending.tie_break else None
        how = ending.how
        if how == base.TRICKS:
            words.update(name=names[ending.seat], count=ending.count)
            return _("%(name)s took %(count)s tricks in hand %(number)s.") % words, None
        if how == base.POINT_LIMIT:
            words["limit"] = signed(ending.count)
            why = tie or (
                _(
                    "%(name)s reached %(total)s in hand %(number)s; the match was played to "
                    "%(limit)s."
                )
                % words
            )
            return why, tie
        if how == base.POINT_BAND:
            out = ending.seat
            words.update(out=names[out], reached=signed(state.totals[out]), band=ending.count)
            why = _(
                "%(out)s reached %(reached)s in hand %(number)s (the match ends at plus or "
                "minus %(band)s): the highest total wins."
            )
            return why % words, None
        if how == base.HANDS_LIMIT:
            return (
                ngettext(
                    "After %(number)s hand: the highest total wins.",
                    "After %(number)s hands: the highest total wins.",
                    ending.hand,
                )
                % words,
                None,
            )
        if how == base.ALL_CALLS:
            return _(
                "After %(number)s calls, every call made: the highest total wins."
            ) % words, None
        return self.stopped_words(ending.hand), None

    @staticmethod
    def stopped_words(number: int) -> str:
        if not number:
            return _("The table ended the match before the first hand.")
        return ngettext(
            "The table ended the match after %(number)s hand: the highest total wins.",
            "The table ended the match after %(number)s hands: the highest total wins.",
            number,
        ) % {"number": number}

    def ruled_end_words(self, ruleset: Ruleset, state: MatchState) -> str:
        """What ending a tournament's table by the organiser's ruling decided, said after
        who ended it and why (``partials/ended_by.html``, in place of "The table ended
        the match…"): the hands played, and that the highest total wins."""
        number = state.ending.hand if state.ending else 0
        if not number:
            return _("No hand was played.")
        return ngettext(
            "After %(number)s hand: the highest total wins.",
            "After %(number)s hands: the highest total wins.",
            number,
        ) % {"number": number}

    @staticmethod
    def tie_words(state: MatchState) -> str:
        """sergeant_major/rules.md §1.3: the tie at the limit and what broke it."""
        ending = state.ending
        names = state.players
        winner = ending.winners[0]
        words = {
            "total": signed(state.totals[winner]),
            "names": " & ".join(names[seat] for seat in ending.tied),
            "number": ending.hand,
            "name": names[winner],
            "gain": signed(state.hands[-1].scores[winner]),
        }
        if ending.tie_break == base.BY_GAIN:
            return (
                _(
                    "Tie at %(total)s between %(names)s in hand %(number)s, broken by the "
                    "bigger last hand (%(name)s %(gain)s)."
                )
                % words
            )
        return (
            _(
                "Tie at %(total)s between %(names)s in hand %(number)s, broken by the last "
                "trick (%(name)s)."
            )
            % words
        )

    # -- the audit trail -----------------------------------------------------------------

    def hand_facts(self, ruleset: Ruleset, players, data) -> list[HandFact]:
        """What the table reported about one hand (a hand's stored input), in the game's
        words and with the players' names, for the audit trail."""
        return [HandFact(str(key), str(value), str(key)) for key, value in data.items()]

    def setup_facts(self, ruleset: Ruleset, facts) -> list[str]:
        """The match as it was created (``services.play``'s record of it), in the words
        of the new-match page."""
        players = list(facts.get("players") or [])
        variant, name = _(ruleset.preset.name), str(self.name)
        lines = [
            _("Game: %(name)s") % {"name": variant if name in variant else f"{name} · {variant}"}
        ]
        if players:
            lines.append(_("Players: %(names)s") % {"names": ", ".join(players)})
            dealer = facts.get("first_dealer")
            if isinstance(dealer, int) and 0 <= dealer < len(players):
                lines.append(_("First dealer: %(name)s") % {"name": players[dealer]})
        for name, value in (facts.get("options") or {}).items():
            if value is None or value is False:
                continue
            shown = yes_no(value) if value is True else self.option_choices.get(value, value)
            lines.append(f"{self.option_label(name)}: {shown}")
        return lines

    # -- the home page -------------------------------------------------------------------

    def list_figures(self, match) -> str | None:
        """What the home list shows of ``match`` instead of each seat's total, when the
        game keeps a tally of its own (None: the totals). From what the match stores:
        the list has a row per match, and replays none."""
        return None

    def preview(self, ruleset: Ruleset, state: MatchState, hand: Hand) -> dict[str, Any]:
        """What the hand form shows before saving: each seat's score."""
        return {"preview": list(zip(state.players, hand.scores, strict=True))}

    def paper_context(self, table) -> dict[str, Any]:
        """What ``paper_template`` needs of a table card's table (a ``sheets.TableSheet``)
        besides its seats and rows."""
        return {}

    def sheet_context(self, ruleset, state: MatchState) -> dict[str, Any]:
        """What ``sheet_template`` shows of a match."""
        return {}

    def table_context(self, snapshot, *, read_only: bool = False) -> dict[str, Any]:
        """Everything the match page shows, from one snapshot."""
        state = snapshot.state
        ruleset = snapshot.match.ruleset
        before, exchange, after = self.deal_steps(ruleset, state)
        coming = state.next_hand
        why, tie = self.ending_words(ruleset, state)
        heads = self.history_heads(ruleset, state)
        return {
            "history_heads": heads,
            "history_columns": 2 + self.history_columns + len(heads) + (0 if read_only else 1),
            # A history of many columns takes more than the page's width on a wide screen.
            "history_wide": self.history_columns + len(heads) >= 7,
            "ending_why": why,
            "ending_tie": tie,
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
