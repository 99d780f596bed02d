"""Writes to tournaments (docs/tournaments.md), by subject: here a tournament's set-up, and
what every tournament writer shares (its lock, a new revision, the audit entry);
``registration`` the entries and check-in, ``drafting`` the rounds' seating and their
start, ``table_results`` a table's result and the organiser's rulings, ``closing`` a
round's end.

Every change goes through these, in one transaction, checked and audited; a refused
change writes nothing. The seating itself is the pure ``matches.seating``; each table
plays an ordinary match created by ``services.play``.

Two kinds of refusal (``matches.errors``): ``RuleError`` for input that is wrong whenever
it comes (a tie-break named twice: 422 in the API), and a ``Clash`` for a request the
tournament's state does not allow at the moment (``NotNow``: drafting while a round
plays; ``FieldClash``: a player entered twice; 409).
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any

from django.db.models import F
from django.utils.translation import gettext

from .. import rules, seating, standings, text
from ..errors import NotNow
from ..models import Round, Tournament, TournamentAudit
from ..models.audit import Actor
from ..rules import RuleError
from ..rules.base import _
from .base import writing

MAX_ROUNDS = 30
MAX_HANDS_PER_ROUND = 99
POINTS_LIMIT = 10_000  # for bye points and adjustments: a typo, not a ruling, beyond it


# -- set-up -------------------------------------------------------------------------------


def settings_of(
    *,
    name: Any,
    date: Any,
    game: Any,
    variant: Any,
    options: Mapping[str, Any] | None = None,
    rounds: Any,
    hands_per_round: Any,
    table_size: Any = None,
    score: Any = None,
    tie_breaks: Any = None,
    remainder: Any = Tournament.Remainder.SITTERS,
    bye_game_points: Any = 0,
    bye_match_points: Any = 1,
    public: Any = False,
    self_check_in: Any = False,
) -> dict[str, Any]:
    """A tournament's set-up checked and completed with the game's defaults: the fields
    of ``Tournament`` as they will be stored. ``RuleError`` names the first field wrong."""
    name = text.clean_text(name, field="name", max_length=80)
    if not isinstance(date, datetime.date):
        raise RuleError(_("Enter a date."), field="date")
    ruleset = rules.get_ruleset(game, variant, dict(options or {}))
    rounds = whole(rounds, "rounds", 1, MAX_ROUNDS)
    hands_per_round = whole(hands_per_round, "hands_per_round", 1, MAX_HANDS_PER_ROUND)
    if table_size is not None:
        table_size = whole(table_size, "table_size", 2, 8)
    sizes = rules.table_sizes(ruleset.game, ruleset.variant, table_size, remainder)
    if ruleset.table_hands(sizes, sizes.standard, hands_per_round) is not None:
        # Everyone must deal equally often (§4).
        seating.check_hands_per_round(hands_per_round, sizes)
    score = ruleset.default_score if score is None else standings.check_score(score)
    # No chain given: the game's for the score, else the contract's (§5); an empty one
    # chosen stays empty. Any installed game's own tie-break is a known name, refused
    # below for a tournament of another game.
    tie_breaks = list(
        standings.default_tie_breaks(score, ruleset.default_tie_breaks)
        if tie_breaks is None
        else standings.check_tie_breaks(tie_breaks, score, rules.game_tie_breaks())
    )
    offered = standings.tie_breaks_of(ruleset.tie_breaks)
    for tie_break in tie_breaks:
        if tie_break not in offered:
            raise RuleError(
                _("The tie-break %(name)s is not one of this game's."),
                field="tie_breaks",
                name=tie_break,
            )
    if not isinstance(public, bool):
        raise RuleError(_("Say yes or no."), field="public")
    if not isinstance(self_check_in, bool):
        raise RuleError(_("Say yes or no."), field="self_check_in")
    return {
        "name": name,
        "date": date,
        "game": ruleset.game,
        "variant": ruleset.variant,
        "options": dict(ruleset.options),
        "rounds_planned": rounds,
        "hands_per_round": hands_per_round,
        "table_size": sizes.standard,
        "remainder": remainder,
        "score": score,
        "tie_breaks": tie_breaks,
        "bye_game_points": whole(bye_game_points, "bye_game_points", -POINTS_LIMIT, POINTS_LIMIT),
        "bye_match_points": whole(bye_match_points, "bye_match_points", 0, 2),
        "public": public,
        "self_check_in": self_check_in,
    }


def whole(value: Any, field: str, least: int, most: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(_("Enter a whole number."), field=field)
    if not least <= value <= most:
        raise RuleError(
            _("Enter a number from %(least)s to %(most)s."),
            field=field,
            least=least,
            most=most,
        )
    return value


@writing()
def create_tournament(by, **fields: Any) -> Tournament:
    tournament = Tournament.objects.create(created_by=Actor.of(by).user, **settings_of(**fields))
    audit(tournament, by, "create", after=_facts(tournament))
    return tournament


def update_tournament(tournament: Tournament, by, **fields: Any) -> Tournament:
    """Change the set-up: only until the first round is drafted."""
    with writing():
        tournament = lock_tournament(tournament)
        if tournament.rounds.exists():
            raise NotNow(gettext("The set-up is fixed once the first round is drafted."))
        before = _facts(tournament)
        for key, value in settings_of(**fields).items():
            setattr(tournament, key, value)
        bump(tournament)
        tournament.save()
        audit(tournament, by, "edit", before=before, after=_facts(tournament))
    return tournament


def _facts(tournament: Tournament) -> dict[str, Any]:
    # The audit names the planned rounds as ``settings_of`` takes them.
    return {
        ("rounds" if name == "rounds_planned" else name): value
        for name, value in setup(tournament).items()
    }


def setup(tournament: Tournament) -> dict[str, Any]:
    """The set-up as stored: the fields ``settings_of`` checks (the API shows them)."""
    return {
        "name": tournament.name,
        "date": tournament.date.isoformat(),
        "game": tournament.game,
        "variant": tournament.variant,
        "options": tournament.options,
        "rounds_planned": tournament.rounds_planned,
        "hands_per_round": tournament.hands_per_round,
        "table_size": tournament.table_size,
        "remainder": tournament.remainder,
        "score": tournament.score,
        "tie_breaks": tournament.tie_breaks,
        "bye_game_points": tournament.bye_game_points,
        "bye_match_points": tournament.bye_match_points,
        "public": tournament.public,
        "self_check_in": tournament.self_check_in,
    }


# -- what every tournament writer shares ------------------------------------------------


def next_round_number(tournament: Tournament) -> int:
    """The first round a player entered now can play."""
    return tournament.rounds.exclude(status=Round.Status.DRAFT).count() + 1


def required_reason(reason: Any) -> str:
    reason = text.clean_reason(reason)
    if not reason:
        raise RuleError(_("Say why."), field="reason")
    return reason


def lock_tournament(tournament: Tournament) -> Tournament:
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


def bump(tournament: Tournament) -> None:
    """A new revision: the live board and the standings cached under the old one retire."""
    Tournament.objects.filter(pk=tournament.pk).update(revision=F("revision") + 1)
    tournament.revision += 1


def audit(tournament, by, action, *, before=None, after=None, reason="") -> None:
    TournamentAudit.objects.create(
        tournament=tournament,
        **TournamentAudit.naming(by),
        action=action,
        before=before,
        after=after,
        reason=reason or "",
    )
