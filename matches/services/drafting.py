"""Writes to a tournament's rounds (docs/tournaments.md §3): the next round drafted (the seating
is the pure ``matches.seating``, planned outside the write's transaction), the draft
changed (a swap, a move, each previewed first), the round started (a table's match each,
created by ``services.play``)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from django.conf import settings
from django.db import IntegrityError
from django.utils import timezone
from django.utils.translation import gettext

from .. import rules, seating, standings
from ..errors import NotNow
from ..models import Bye, Entry, Round, Table, TableSeat, Tournament
from ..rules import RuleError
from ..rules.base import _
from . import club, play
from . import players as register
from .base import writing
from .tables import table_sizes
from .tournaments import audit, bump, lock_tournament, next_round_number

# How often a draft plans again when the tournament changed while it planned (a check-in
# at the door): then it is refused, saying so.
DRAFT_TRIES = 3


SEEDINGS = ("rating",)


def draft_round(
    tournament: Tournament, by, *, method: Any, seed: int | None = None, seeding: Any = None
) -> Round:
    """Seat the next round with ``method`` (``draw``, ``standings``, ``mixed`` or
    ``swiss``): a draft the organiser may change before starting it. A draft already there
    is replaced. ``seeding="rating"``: round 1 by ``standings`` seeded by the club rating
    of the tournament's game (the unrated after the rated, drawn).

    The seating is planned outside the write's transaction (a ``mixed`` plan may take
    seconds, and on SQLite every writer of the machine would wait for it), from what the
    tournament was at one revision, and stored under that revision: a write that landed
    meanwhile (a check-in) makes it plan again on what is now, ``DRAFT_TRIES`` times at
    most."""
    seating.check_method(method)
    if seeding not in (None, "", *SEEDINGS):
        raise RuleError(_("Seed by one of: %(choices)s."), field="seed", choices="rating")
    seed = random.SystemRandom().randrange(2**62) if seed is None else seed
    for _try in range(DRAFT_TRIES):
        seen = Tournament.objects.get(pk=tournament.pk)
        number, drawn = _plan(seen, method, seed, seeding)
        with writing():
            locked = lock_tournament(tournament)
            if locked.revision != seen.revision:
                continue  # changed while it planned: plan again on what is now
            locked.rounds.filter(status=Round.Status.DRAFT).delete()
            round_ = Round.objects.create(
                tournament=locked, number=number, method=method, seed=seed
            )
            _store_seating(round_, drawn)
            bump(locked)
            facts = _seating_facts(drawn)
            if seeding:
                facts["seed"] = seeding
            audit(locked, by, "draft", after=facts)
            return round_
    raise NotNow(gettext("The players changed while the seating was planned: draft again."))


def _plan(
    tournament: Tournament, method: str, seed: int, seeding: Any = None
) -> tuple[int, seating.Seating]:
    """The next round's number and seating, planned on ``tournament`` as read (no lock
    held); refused (``NotNow``) when there is no round to draft."""
    if tournament.rounds.filter(status=Round.Status.PLAYING).exists():
        raise NotNow(gettext("A round is being played; close it before drafting the next."))
    number = next_round_number(tournament)
    if number > tournament.rounds_planned:
        raise NotNow(
            gettext("All %(rounds)s rounds have been played.")
            % {"rounds": tournament.rounds_planned}
        )
    field = [entry.pk for entry in tournament.entries.all() if entry.plays_in(number)]
    sizes = table_sizes(tournament)
    if len(field) < sizes.minimum:
        raise NotNow(
            gettext("At least %(least)s checked-in players are needed for a table.")
            % {"least": sizes.minimum}
        )
    if seeding and (method != "standings" or number != 1):
        raise RuleError(
            _("Only round 1 seated by standings can be seeded by rating."), field="seed"
        )
    if seeding:
        ranked = seating.by_rating(_entry_ratings(tournament, field))
    else:
        ranked = _standing(tournament) if number > 1 else ()
    return number, seating.seat(
        method,
        sorted(field),
        sizes,
        round=number,
        rounds=tournament.rounds_planned,
        history=history(tournament),
        standings=ranked,
        keep_apart=_apart(tournament),
        seed=seed,
        budget=settings.SEATING_EFFORT or seating.planner.BUDGET,
    )


def _entry_ratings(tournament: Tournament, field: Sequence[int]) -> dict[int, float]:
    """Each entry's club rating in the tournament's game (shown ratings only): a team's
    is its partners' mean, when both are rated."""
    rated = club.rated_players(tournament.game)
    found = {}
    for entry in tournament.entries.filter(pk__in=field):
        players = [entry.player_id] + ([entry.partner_id] if entry.partner_id else [])
        if all(player in rated for player in players):
            found[entry.pk] = sum(rated[player] for player in players) / len(players)
    return found


def history(tournament: Tournament, *, before: int | None = None) -> seating.History:
    """The rounds seated so far (started or closed), as the seating package reads them."""
    rounds: dict[int, dict[int, list[int]]] = {}
    byes: dict[int, list[int]] = {}
    seats = (
        TableSeat.objects.filter(round__tournament=tournament)
        .exclude(round__status=Round.Status.DRAFT)
        .values_list("round__number", "table__number", "entry_id")
        .order_by("round__number", "table__number", "number")
    )
    for number, table, entry in seats:
        rounds.setdefault(number, {}).setdefault(table, []).append(entry)
    for number, entry in (
        Bye.objects.filter(round__tournament=tournament)
        .exclude(round__status=Round.Status.DRAFT)
        .values_list("round__number", "entry_id")
    ):
        byes.setdefault(number, []).append(entry)
    return seating.History(
        tuple(
            seating.PlayedRound(
                number,
                tuple(tuple(entries) for _table, entries in sorted(rounds.get(number, {}).items())),
                tuple(byes.get(number, ())),
            )
            for number in sorted(set(rounds) | set(byes))
            if before is None or number < before
        )
    )


def _standing(tournament: Tournament) -> list[standings.StandingsRow]:
    from .standings import tournament_standings

    return tournament_standings(tournament).rows


def _apart(tournament: Tournament) -> list[tuple[int, int]]:
    return list(tournament.apart.values_list("first_id", "second_id"))


def _store_seating(round_: Round, drawn: seating.Seating) -> None:
    """A round's seating as rows: tables with their seats in order and first dealer, byes,
    and the repeat pairs it creates."""
    round_.tables.all().delete()
    round_.byes.all().delete()
    for table in drawn.tables:
        row = Table.objects.create(
            round=round_, number=table.number, first_dealer=table.first_dealer
        )
        TableSeat.objects.bulk_create(
            TableSeat(round=round_, table=row, number=seat, entry_id=entry)
            for seat, entry in enumerate(table.entries)
        )
    Bye.objects.bulk_create(Bye(round=round_, entry_id=entry) for entry in drawn.byes)
    round_.repeat_pairs = drawn.quality.created
    round_.save(update_fields=["repeat_pairs"])


def drafted(round_: Round) -> seating.Seating:
    """A stored round as the seating package's ``Seating``, its quality assessed against
    the rounds before it."""
    tournament = round_.tournament
    tables: dict[int, list[int]] = {}
    dealers = dict(round_.tables.values_list("number", "first_dealer"))
    for number, entry in (
        TableSeat.objects.filter(table__round=round_)
        .order_by("table__number", "number")
        .values_list("table__number", "entry_id")
    ):
        tables.setdefault(number, []).append(entry)
    sizes = table_sizes(tournament)
    rows = tuple(
        seating.Table(
            number=number,
            entries=tuple(entries),
            first_dealer=dealers[number],
            sitter=sizes.has_sitter(len(entries)),
        )
        for number, entries in sorted(tables.items())
    )
    before = history(tournament, before=round_.number)
    return seating.Seating(
        round=round_.number,
        method=round_.method,
        seed=round_.seed,
        tables=rows,
        byes=tuple(round_.byes.values_list("entry_id", flat=True)),
        quality=seating.assess(
            [(table.number, table.entries) for table in rows], before, _apart(tournament)
        ),
    )


def _seating_facts(drawn: seating.Seating) -> dict[str, Any]:
    return {
        "round": drawn.round,
        "method": drawn.method,
        "tables": {str(table.number): list(table.entries) for table in drawn.tables},
        "byes": list(drawn.byes),
        "repeat_pairs": drawn.quality.created,
    }


def swap(round_: Round, by, first: Entry, second: Entry) -> Round:
    """Swap two entries of a draft (seats at two tables, or a seat and a bye). Refused
    when it would seat a keep-apart pair together that the draft kept apart."""
    return _change(round_, by, "swap", _swapping(first, second))


def move(round_: Round, by, entry: Entry, table: int | None) -> Round:
    """Move an entry of a draft to table ``table`` (None: a bye). Refused when a table
    would then have a size the game does not allow, or a keep-apart pair the draft kept
    apart would share it."""
    return _change(round_, by, "move", _moving(round_.tournament, entry, table))


def preview_swap(round_: Round, first: Entry, second: Entry) -> seating.Seating:
    """The draft as the swap would leave it, nothing saved: its figure lists the repeat
    pairs the swap would create (§3). Refused as ``swap`` would refuse it."""
    return _changed_seating(_draft_now(round_), _swapping(first, second))


def preview_move(round_: Round, entry: Entry, table: int | None) -> seating.Seating:
    """The draft as the move would leave it, nothing saved (see ``preview_swap``)."""
    return _changed_seating(_draft_now(round_), _moving(round_.tournament, entry, table))


def _swapping(first: Entry, second: Entry):
    def change(current, before, apart, name):
        return seating.swap(
            current,
            _in(current, first),
            _in(current, second),
            history=before,
            keep_apart=apart,
            name=name,
        )

    return change


def _moving(tournament: Tournament, entry: Entry, table: int | None):
    sizes = table_sizes(tournament)

    def change(current, before, apart, name):
        return seating.move(
            current, _in(current, entry), table, sizes, history=before, keep_apart=apart, name=name
        )

    return change


def _draft_now(round_: Round) -> Round:
    round_ = Round.objects.select_related("tournament").get(pk=round_.pk)
    if round_.status != Round.Status.DRAFT:
        raise NotNow(gettext("The round has started; its seating is fixed."))
    return round_


def _changed_seating(round_: Round, change) -> seating.Seating:
    """The draft ``round_`` with ``change`` made, not saved."""
    tournament = round_.tournament
    entries = tournament.entries.select_related("player", "partner")
    names = {entry.pk: entry.name for entry in entries}
    return change(
        drafted(round_),
        history(tournament, before=round_.number),
        _apart(tournament),
        lambda pk: names.get(pk, str(pk)),
    )


def _in(current: seating.Seating, entry: Entry) -> int:
    if current.table_of(entry.pk) is None and entry.pk not in current.byes:
        raise RuleError(_("%(name)s is not in this round."), field="entry", name=entry.name)
    return entry.pk


def _change(round_: Round, by, action: str, change) -> Round:
    with writing():
        tournament = lock_tournament(round_.tournament)
        round_ = _draft(round_)
        current = drafted(round_)
        changed = _changed_seating(round_, change)
        _store_seating(round_, changed)
        bump(tournament)
        audit(tournament, by, action, before=_seating_facts(current), after=_seating_facts(changed))
    return round_


def _draft(round_: Round) -> Round:
    round_ = Round.objects.select_for_update().select_related("tournament").get(pk=round_.pk)
    if round_.status != Round.Status.DRAFT:
        raise NotNow(gettext("The round has started; its seating is fixed."))
    return round_


def start_round(round_: Round, by) -> Round:
    """Start a drafted round: each table's match is created, the seating fixed. Two
    organisers pressing "start" at once start it once (the second is told it started)."""
    try:
        with writing():
            tournament = lock_tournament(round_.tournament)
            round_ = _draft(round_)
            ruleset = rules.get_ruleset(tournament.game, tournament.variant, tournament.options)
            sizes = table_sizes(tournament)
            tables = list(
                round_.tables.prefetch_related("seats__entry__player", "seats__entry__partner")
            )
            if not tables:
                raise NotNow(gettext("The round has no tables."))
            # Every seated player's row at once, in id order, before the tables' matches
            # hold theirs table by table: two rounds starting at once with a player in
            # common (two tournaments) then lock in one order and never deadlock.
            register.hold(
                [
                    player
                    for table in tables
                    for seat in table.seats.all()
                    for player in (seat.entry.player, seat.entry.partner)
                    if player is not None
                ]
            )
            for table in tables:
                seats = list(table.seats.all())
                variant, extra = ruleset.table_variant(len(seats), sizes)
                options = {**tournament.options, **extra}
                options["hands_limit"] = ruleset.table_hands(
                    sizes, len(seats), tournament.hands_per_round
                )
                table.match = play.create_match(
                    by,
                    game=tournament.game,
                    variant=variant,
                    players=_seated_names(ruleset, [seat.entry for seat in seats]),
                    first_dealer=table.first_dealer,
                    options=_known(variant, tournament.game, options),
                ).match
                table.match.tournament = tournament
                table.match.save(update_fields=["tournament"])
                table.save(update_fields=["match"])
            round_.status = Round.Status.PLAYING
            round_.started_at = timezone.now()
            round_.save(update_fields=["status", "started_at"])
            tournament.status = Tournament.Status.RUNNING
            bump(tournament)
            tournament.save(update_fields=["status", "revision"])
            audit(tournament, by, "start", after={"round": round_.number})
    except IntegrityError:
        raise NotNow(gettext("Another round is being played.")) from None
    return round_


def _seated_names(ruleset: rules.Ruleset, entries: Sequence[Entry]) -> list[str]:
    """The match's players clockwise: the game seats the entries (teams of one or of
    partners) as its rules count seats and sides (``Ruleset.seat_order``)."""
    return ruleset.seat_order(
        [(e.player.name, e.partner.name) if e.partner_id else (e.player.name,) for e in entries]
    )


def _known(variant: str, game: str, options: dict[str, Any]) -> dict[str, Any]:
    # A table of another size plays another preset, whose options may differ.
    names = {option.name for option in rules.get_ruleset(game, variant).options_spec}
    return {key: value for key, value in options.items() if key in names}
