"""Writes to tournaments (TOURNAMENTS.md): set-up, entries, rounds, tables, rulings.

Every change goes through here, in one transaction, checked and audited; a refused change
writes nothing. The seating itself is the pure ``matches.seating``; each table plays an
ordinary match created by ``services.play``.

Two kinds of refusal (``matches.errors``): ``RuleError`` for input that is wrong whenever
it comes (a tie-break named twice: 422 in the API), and a ``Clash`` for a request the
tournament's state does not allow at the moment (``NotNow``: drafting while a round
plays; ``FieldClash``: a player entered twice; 409).
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from django.conf import settings
from django.db import IntegrityError
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext

from .. import rules, seating, standings, text
from ..errors import Clash, FieldClash, NotNow  # noqa: F401 - Clash: what callers catch
from ..models import (
    Adjustment,
    Bye,
    Entry,
    KeepApart,
    Player,
    Round,
    Table,
    TableSeat,
    Tournament,
    TournamentAudit,
    new_link_token,
)
from ..models.audit import Actor
from ..rules import RuleError
from ..rules.base import _
from . import club, play
from . import players as register
from .base import writing
from .player_links import check_in_closed
from .tables import table_sizes

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
    rounds = _whole(rounds, "rounds", 1, MAX_ROUNDS)
    hands_per_round = _whole(hands_per_round, "hands_per_round", 1, MAX_HANDS_PER_ROUND)
    if table_size is not None:
        table_size = _whole(table_size, "table_size", 2, 8)
    sizes = rules.table_sizes(ruleset.game, ruleset.variant, table_size, remainder)
    if ruleset.table_hands(sizes, sizes.standard, hands_per_round) is not None:
        # Everyone must deal equally often (§4).
        seating.check_hands_per_round(hands_per_round, sizes)
    score = ruleset.default_score if score is None else standings.check_score(score)
    # No chain given: the contract's for the score (§5); an empty one chosen stays empty.
    tie_breaks = list(
        standings.default_tie_breaks(score)
        if tie_breaks is None
        else standings.check_tie_breaks(tie_breaks, score)
    )
    offered = standings.tie_breaks_of(ruleset.game_tie_breaks)
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
        "bye_game_points": _whole(bye_game_points, "bye_game_points", -POINTS_LIMIT, POINTS_LIMIT),
        "bye_match_points": _whole(bye_match_points, "bye_match_points", 0, 2),
        "public": public,
        "self_check_in": self_check_in,
    }


def _whole(value: Any, field: str, least: int, most: int) -> int:
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
    _audit(tournament, by, "create", after=_facts(tournament))
    return tournament


def update_tournament(tournament: Tournament, by, **fields: Any) -> Tournament:
    """Change the set-up: only until the first round is drafted."""
    with writing():
        tournament = _lock(tournament)
        if tournament.rounds.exists():
            raise NotNow(gettext("The set-up is fixed once the first round is drafted."))
        before = _facts(tournament)
        for key, value in settings_of(**fields).items():
            setattr(tournament, key, value)
        _bump(tournament)
        tournament.save()
        _audit(tournament, by, "edit", before=before, after=_facts(tournament))
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


# -- entries ------------------------------------------------------------------------------


def register_players(tournament: Tournament, by, players: Sequence[Any]) -> list[Entry]:
    """Enter players, by register id or by name (a new name is added to the register); in
    a tournament of partnerships, teams: each item a pair of ids or names.

    Before the first round they play from round 1; later they are late entries and join
    at the next round. A player entered already is refused, naming them."""
    if not isinstance(players, list | tuple) or not players:
        raise RuleError(_("Name at least one player."), field="players")
    with writing():
        tournament = _lock(tournament)
        if tournament.status == Tournament.Status.FINISHED:
            raise NotNow(gettext("The tournament is over."))
        teams = table_sizes(tournament).teams
        for index, item in enumerate(players):
            pair = isinstance(item, list | tuple)
            if teams and not (pair and len(item) == 2):
                raise RuleError(
                    _("Enter a team of two players: two names or ids."), field=f"players.{index}"
                )
            if not teams and pair:
                raise RuleError(_("Give a player's id or name."), field=f"players.{index}")
        flat = [one for item in players for one in (item if teams else [item])]
        found = _players(flat)
        _hold(found, teams)
        entered = set(tournament.entries.values_list("player_id", flat=True))
        entered |= set(tournament.entries.values_list("partner_id", flat=True))
        for index, player in enumerate(found):
            if player.pk in entered:
                raise FieldClash(
                    _("%(name)s is entered already."),
                    field=f"players.{index // 2 if teams else index}",
                    name=player.name,
                )
        joined_at = _next_round_number(tournament)
        groups = (
            [found[i : i + 2] for i in range(0, len(found), 2)] if teams else [[p] for p in found]
        )
        Entry.objects.bulk_create(
            Entry(
                tournament=tournament,
                player=group[0],
                partner=group[1] if len(group) > 1 else None,
                joined_at=joined_at,
            )
            for group in groups
        )
        # bulk_create leaves pk unset on some backends: read them back in order.
        entries = list(
            tournament.entries.filter(player__in=[group[0] for group in groups])
            .select_related("player", "partner")
            .order_by("pk")
        )
        _bump(tournament)
        _audit(
            tournament,
            by,
            "register",
            after={"entries": [entry.name for entry in entries], "joined_at": joined_at},
        )
    return entries


def _players(players: Sequence[Any]) -> list[Player]:
    ids, names = {}, {}
    for index, item in enumerate(players):
        if isinstance(item, bool) or not isinstance(item, int | str):
            raise RuleError(_("Give a player's id or name."), field=f"players.{index}")
        if isinstance(item, int):
            ids[index] = item
        else:
            names[index] = text.clean_name(item, field=f"players.{index}")
    by_id = Player.objects.in_bulk(ids.values())
    for index, pk in ids.items():
        if pk not in by_id:
            raise RuleError(_("No player has the id %(id)s."), field=f"players.{index}", id=pk)
    by_name = dict(zip(names, register.find_or_create(list(names.values())), strict=True))
    found = [by_id[ids[i]] if i in ids else by_name[i] for i in range(len(players))]
    seen: set[int] = set()
    for index, player in enumerate(found):
        if player.pk in seen:
            raise RuleError(
                _("%(name)s is named twice."), field=f"players.{index}", name=player.name
            )
        seen.add(player.pk)
    return found


def _hold(players: Sequence[Player], teams: bool = False) -> None:
    """Lock the players an entry names (``players.hold``): a merge meanwhile waits for
    the entry, then moves it, or has already gone, and the entry is refused (409)."""
    register.hold(players, field=lambda index: f"players.{index // 2 if teams else index}")


def check_in(entry: Entry, by, *, checked_in: bool = True) -> Entry:
    """Check an entry in (or take it back). A draft round is re-seated by the organiser,
    not silently: checking in changes only who the next draft seats."""
    with writing():
        tournament = _lock(entry.tournament)
        entry = Entry.objects.select_related("player", "partner").get(pk=entry.pk)
        if entry.checked_in != checked_in:
            entry.checked_in = checked_in
            # At the door: whoever checked in by their link is the organiser's now.
            entry.self_checked_in = False
            entry.save(update_fields=["checked_in", "self_checked_in"])
            _bump(tournament)
            _audit(
                tournament,
                by,
                "check-in" if checked_in else "check-out",
                after={"entry": entry.name},
            )
    return entry


class CheckInClosed(NotNow):
    """A self check-in the tournament does not take now (``check_in_closed`` says why)."""


def check_in_myself(entry: Entry) -> Entry:
    """A player checks in through their own link (the tournament's ``self_check_in``):
    that entry alone, until the next round is drafted; ``CheckInClosed`` (409) otherwise.
    Checked in already, nothing changes. The audit names the player's link."""
    with writing():
        tournament = _lock(entry.tournament)
        entry = Entry.objects.select_related("player", "partner").get(pk=entry.pk)
        if entry.checked_in:
            return entry
        closed = check_in_closed(tournament, entry)
        if closed:
            raise CheckInClosed(closed)
        entry.checked_in = entry.self_checked_in = True
        entry.save(update_fields=["checked_in", "self_checked_in"])
        _bump(tournament)
        _audit(tournament, Actor.player(), "self-check-in", after={"entry": entry.name})
    return entry


def replace_player_link(entry: Entry, by) -> Entry:
    """A new player link for ``entry`` (a phone lost, a link passed on): the old one
    reaches nothing from now on. The audit keeps no token."""
    with writing():
        tournament = _lock(entry.tournament)
        entry = Entry.objects.select_related("player", "partner").get(pk=entry.pk)
        entry.token = new_link_token()
        entry.save(update_fields=["token"])
        _bump(tournament)
        _audit(tournament, by, "player-link", after={"entry": entry.name})
    return entry


def withdraw(entry: Entry, by, *, from_round: Any, reason: str = "") -> Entry:
    """The entry plays no more from round ``from_round`` on; results so far stay.

    Only a round not yet played (nor playing) can be the first one missed."""
    with writing():
        tournament = _lock(entry.tournament)
        entry = Entry.objects.select_related("player", "partner").get(pk=entry.pk)
        played = tournament.rounds.exclude(status=Round.Status.DRAFT).count()
        from_round = _whole(from_round, "from_round", 1, MAX_ROUNDS + 1)
        if from_round <= played:
            raise FieldClash(
                _("Round %(number)s is under way or over; withdraw from round %(next)s on."),
                field="from_round",
                number=from_round,
                next=played + 1,
            )
        before = entry.withdrawn_from
        entry.withdrawn_from = from_round
        entry.save(update_fields=["withdrawn_from"])
        _bump(tournament)
        _audit(
            tournament,
            by,
            "withdraw",
            before={"entry": entry.name, "withdrawn_from": before},
            after={"entry": entry.name, "withdrawn_from": from_round},
            reason=text.clean_reason(reason),
        )
    return entry


def _next_round_number(tournament: Tournament) -> int:
    """The first round a player entered now can play."""
    return tournament.rounds.exclude(status=Round.Status.DRAFT).count() + 1


# -- rounds -------------------------------------------------------------------------------


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
            locked = _lock(tournament)
            if locked.revision != seen.revision:
                continue  # changed while it planned: plan again on what is now
            locked.rounds.filter(status=Round.Status.DRAFT).delete()
            round_ = Round.objects.create(
                tournament=locked, number=number, method=method, seed=seed
            )
            _store_seating(round_, drawn)
            _bump(locked)
            facts = _seating_facts(drawn)
            if seeding:
                facts["seed"] = seeding
            _audit(locked, by, "draft", after=facts)
            return round_
    raise NotNow(gettext("The players changed while the seating was planned: draft again."))


def _plan(
    tournament: Tournament, method: str, seed: int, seeding: Any = None
) -> tuple[int, seating.Seating]:
    """The next round's number and seating, planned on ``tournament`` as read (no lock
    held); refused (``NotNow``) when there is no round to draft."""
    if tournament.rounds.filter(status=Round.Status.PLAYING).exists():
        raise NotNow(gettext("A round is being played; close it before drafting the next."))
    number = _next_round_number(tournament)
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
        tournament = _lock(round_.tournament)
        round_ = _draft(round_)
        current = drafted(round_)
        changed = _changed_seating(round_, change)
        _store_seating(round_, changed)
        _bump(tournament)
        _audit(
            tournament, by, action, before=_seating_facts(current), after=_seating_facts(changed)
        )
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
            tournament = _lock(round_.tournament)
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
            _bump(tournament)
            tournament.save(update_fields=["status", "revision"])
            _audit(tournament, by, "start", after={"round": round_.number})
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


def end_table(table: Table, by, *, reason: str) -> Table:
    """Stop an unfinished table's match as it stands (the organiser's ruling)."""
    reason = _required_reason(reason)
    with writing():
        tournament = _lock(table.round.tournament)
        table = Table.objects.select_related("match", "round").get(pk=table.pk)
        if table.round.status != Round.Status.PLAYING:
            raise NotNow(gettext("Only a table of the round being played can be ended."))
        if table.match.finished:
            raise NotNow(gettext("This table has finished already."))
        play.stop_match(table.match, by=by, reason=reason)
        table.end_reason = reason
        table.save(update_fields=["end_reason"])
        _bump(tournament)
        _audit(tournament, by, "end-table", after={"table": table.number}, reason=reason)
    return table


# -- a table's result: submitted by one player, confirmed by another (§4) -------------------


def players_at(table: Table) -> list[Entry]:
    """The entries seated at ``table``, in seat order."""
    return [seat.entry for seat in table.seats.select_related("entry__player", "entry__partner")]


def submit_result(table: Table, entry_id: Any) -> Table:
    """ "We are done": a player of the table hands in its finished match."""
    with writing():
        tournament, table = _open_table(table)
        if not table.match.finished:
            raise NotNow(gettext("The match has not ended yet: play on."))
        if table.submitted_by_id:
            raise NotNow(gettext("The result has been handed in already."))
        entry = _seated(table, entry_id)
        table.submitted_by = entry
        table.save(update_fields=["submitted_by"])
        _bump(tournament)
        _audit(tournament, table.actor, "submit", after={"table": table.number, "by": entry.name})
    return table


def confirm_result(table: Table, entry_id: Any) -> Table:
    """A second, different player of the table (of the other side, at a partnership
    table) confirms the handed-in result; the table is locked."""
    with writing():
        tournament, table = _open_table(table)
        if not table.submitted_by_id:
            raise NotNow(gettext("Nobody has handed in the result yet."))
        entry = _seated(table, entry_id)
        if entry.pk == table.submitted_by_id:
            raise RuleError(
                _("A second player confirms: not the one who handed the result in."),
                field="entry",
            )
        table.confirmed_by = entry
        table.confirmed_at = timezone.now()
        table.save(update_fields=["confirmed_by", "confirmed_at"])
        _bump(tournament)
        _audit(tournament, table.actor, "confirm", after={"table": table.number, "by": entry.name})
    return table


def reopen_result(table: Table) -> Table:
    """Take a handed-in result back to fix a hand (before anyone confirmed it)."""
    with writing():
        tournament, table = _open_table(table)
        if table.submitted_by_id:
            table.submitted_by = None
            table.save(update_fields=["submitted_by"])
            _bump(tournament)
            _audit(tournament, table.actor, "reopen", after={"table": table.number})
    return table


def unlock_table(table: Table, by, *, reason: str) -> Table:
    """The organiser gives a handed-in or confirmed table back to its players (a dispute,
    a hand to fix at the table) while the round is being played: they correct, hand in
    and confirm again. A confirmation still on its way is refused then."""
    reason = _required_reason(reason)
    with writing():
        tournament = _lock(table.round.tournament)
        table = Table.objects.select_related("round").get(pk=table.pk)
        if table.round.status != Round.Status.PLAYING:
            raise NotNow(gettext("Only a table of the round being played can be reopened."))
        if not table.submitted_by_id and table.confirmed_at is None:
            raise NotNow(gettext("This table is open already."))
        table.submitted_by = table.confirmed_by = table.confirmed_at = None
        table.save(update_fields=["submitted_by", "confirmed_by", "confirmed_at"])
        _bump(tournament)
        _audit(tournament, by, "reopen-table", after={"table": table.number}, reason=reason)
    return table


def _open_table(table: Table) -> tuple[Tournament, Table]:
    """Under the tournament's lock: the table as stored, if its link still writes."""
    tournament = _lock(table.round.tournament)
    table = Table.objects.select_related("round", "match", "submitted_by").get(pk=table.pk)
    if table.round.status != Round.Status.PLAYING:
        raise NotNow(gettext("This round is over; the organiser corrects results now."))
    if table.confirmed_at is not None:
        raise NotNow(gettext("This table's result is confirmed; the organiser corrects it now."))
    return tournament, table


def _seated(table: Table, entry_id: Any) -> Entry:
    for entry in players_at(table):
        if str(entry.pk) == str(entry_id):
            return entry
    raise RuleError(_("Pick your name from the players of this table."), field="entry")


class ConfirmFirst(NotNow):
    """Closing would confirm tables the organiser was not shown (``tables``: their
    numbers): the pages ask first, naming them."""

    def __init__(self, tables: list[int]):
        super().__init__(
            gettext("Closing confirms tables %(tables)s in your name: confirm them first.")
            % {"tables": ", ".join(str(number) for number in tables)}
        )
        self.tables = tables


def close_round(
    round_: Round,
    by,
    *,
    end_unfinished: bool = False,
    reason: str = "",
    confirming: Collection[int] | None = None,
    seen: int | None = None,
) -> Round:
    """Close the round being played: every table must be done (or, with
    ``end_unfinished``, is ended first as it stands); every done table its players have
    not confirmed is confirmed in the organiser's name (the audit says so). ``confirming``
    (the pages): the tables the organiser agreed to confirm so; ConfirmFirst, writing
    nothing, if closing would confirm any other (the API's close needs no such step)."""
    with writing():
        tournament = _lock(round_.tournament)
        round_ = Round.objects.select_for_update().get(pk=round_.pk)
        if round_.status != Round.Status.PLAYING:
            raise NotNow(gettext("Only the round being played can be closed."))
        tables = list(round_.tables.select_related("match"))
        unfinished = [table for table in tables if not table.match.finished]
        if unfinished and not end_unfinished:
            raise NotNow(
                gettext("Tables still playing: %(tables)s. End them first, with a reason.")
                % {"tables": ", ".join(str(table.number) for table in unfinished)}
            )
        # Before the question: a missing reason would otherwise be asked for only after
        # the organiser's yes, and the round stay open. Needed only to end tables, but
        # cleaned (and refused) whenever it is given.
        reason = _required_reason(reason) if unfinished else text.clean_reason(reason)
        unasked = _asked_at_closing(tables)
        # ``seen``: the tournament's revision when the question was shown. A table taken
        # back and corrected since would otherwise be confirmed with a result the
        # organiser never saw.
        if confirming is not None and (
            not set(unasked) <= set(confirming)
            or (seen is not None and seen != tournament.revision)
        ):
            raise ConfirmFirst(unasked)
        if unfinished:
            for table in unfinished:
                play.stop_match(table.match, by=by, reason=reason)
                table.end_reason = reason
                table.save(update_fields=["end_reason"])
        now = timezone.now()
        confirmed = [table.number for table in tables if table.confirmed_at is None]
        round_.tables.filter(confirmed_at__isnull=True).update(confirmed_at=now)
        round_.status = Round.Status.CLOSED
        round_.closed_at = now
        round_.save(update_fields=["status", "closed_at"])
        if round_.number >= tournament.rounds_planned:
            tournament.status = Tournament.Status.FINISHED
        _bump(tournament)
        tournament.save(update_fields=["status", "revision"])
        _audit(
            tournament,
            by,
            "close",
            after={
                "round": round_.number,
                "ended": [table.number for table in unfinished],
                "confirmed_by_organiser": confirmed,
            },
            reason=reason if unfinished else "",
        )
    return round_


def close_asks(round_: Round) -> list[int]:
    """The tables of ``round_`` (being played) that its closing asks the organiser about
    first, by number: none when it closes without a question, or is not being played. A
    read, for the page that asks again when reloaded."""
    if round_.status != Round.Status.PLAYING:
        return []
    return _asked_at_closing(round_.tables.order_by("number"))


def _asked_at_closing(tables) -> list[int]:
    # The tables its players have not confirmed, which closing confirms in the
    # organiser's name; and a table whose phone said it holds hands the server has not
    # seen, confirmed or not: closing would leave those hands out (issue 24).
    return [t.number for t in tables if t.confirmed_at is None or t.waiting_hands]


def keep_apart(tournament: Tournament, by, first: Entry, second: Entry) -> None:
    """Two entries the seating keeps at different tables while it can (§3)."""
    if first.pk == second.pk:
        raise RuleError(_("Choose two different players."), field="second")
    with writing():
        tournament = _lock(tournament)
        low, high = sorted((first, second), key=lambda entry: entry.pk)
        _pair, made = KeepApart.objects.get_or_create(tournament=tournament, first=low, second=high)
        if made:
            _bump(tournament)
            _audit(tournament, by, "keep-apart", after={"entries": [low.name, high.name]})


# -- rulings ------------------------------------------------------------------------------


def adjust(entry: Entry, by, *, round: Any, points: Any, reason: str) -> Adjustment:
    """A penalty or ruling: ``points`` (±) of game points for ``entry`` in ``round``."""
    reason = _required_reason(reason)
    points = _whole(points, "points", -POINTS_LIMIT, POINTS_LIMIT)
    if points == 0:
        raise RuleError(_("An adjustment of 0 changes nothing."), field="points")
    with writing():
        tournament = _lock(entry.tournament)
        played = tournament.rounds.exclude(status=Round.Status.DRAFT).count()
        number = _whole(round, "round", 1, max(played, 1))
        if not played:
            raise NotNow(gettext("No round has been played yet."))
        adjustment = Adjustment.objects.create(
            entry=entry, round=number, points=points, reason=reason, by=by
        )
        _bump(tournament)
        _audit(
            tournament,
            by,
            "adjust",
            after={"entry": entry.name, "round": number, "points": points},
            reason=reason,
        )
    return adjustment


def _required_reason(reason: Any) -> str:
    reason = text.clean_reason(reason)
    if not reason:
        raise RuleError(_("Say why."), field="reason")
    return reason


# -- shared -------------------------------------------------------------------------------


def _lock(tournament: Tournament) -> Tournament:
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


def _bump(tournament: Tournament) -> None:
    """A new revision: the live board and the standings cached under the old one retire."""
    Tournament.objects.filter(pk=tournament.pk).update(revision=F("revision") + 1)
    tournament.revision += 1


def _audit(tournament, by, action, *, before=None, after=None, reason="") -> None:
    TournamentAudit.objects.create(
        tournament=tournament,
        **TournamentAudit.naming(by),
        action=action,
        before=before,
        after=after,
        reason=reason or "",
    )
