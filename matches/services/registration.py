"""Writes to a tournament's entries (docs/tournaments.md §1, §7): players entered (by id or by
name, teams in a partnership game), checked in at the door or through their own link,
their player link replaced, withdrawn from a round on, kept apart from another entry.

In one transaction each, under the tournament's lock, audited (``services.tournaments``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils.translation import gettext

from .. import text
from ..errors import FieldClash, NotNow
from ..models import Entry, KeepApart, Player, Round, Tournament, new_link_token
from ..models.audit import Actor
from ..rules import RuleError
from ..rules.base import _
from . import players as register
from .base import writing
from .player_links import check_in_closed
from .tables import table_sizes
from .tournaments import MAX_ROUNDS, audit, bump, lock_tournament, next_round_number, whole


def register_players(tournament: Tournament, by, players: Sequence[Any]) -> list[Entry]:
    """Enter players, by register id or by name (a new name is added to the register); in
    a tournament of partnerships, teams: each item a pair of ids or names.

    Before the first round they play from round 1; later they are late entries and join
    at the next round. A player entered already is refused, naming them."""
    if not isinstance(players, list | tuple) or not players:
        raise RuleError(_("Name at least one player."), field="players")
    with writing():
        tournament = lock_tournament(tournament)
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
        joined_at = next_round_number(tournament)
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
        bump(tournament)
        audit(
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
        tournament = lock_tournament(entry.tournament)
        entry = Entry.objects.select_related("player", "partner").get(pk=entry.pk)
        if entry.checked_in != checked_in:
            entry.checked_in = checked_in
            # At the door: whoever checked in by their link is the organiser's now.
            entry.self_checked_in = False
            entry.save(update_fields=["checked_in", "self_checked_in"])
            bump(tournament)
            audit(
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
        tournament = lock_tournament(entry.tournament)
        entry = Entry.objects.select_related("player", "partner").get(pk=entry.pk)
        if entry.checked_in:
            return entry
        closed = check_in_closed(tournament, entry)
        if closed:
            raise CheckInClosed(closed)
        entry.checked_in = entry.self_checked_in = True
        entry.save(update_fields=["checked_in", "self_checked_in"])
        bump(tournament)
        audit(tournament, Actor.player(), "self-check-in", after={"entry": entry.name})
    return entry


def replace_player_link(entry: Entry, by) -> Entry:
    """A new player link for ``entry`` (a phone lost, a link passed on): the old one
    reaches nothing from now on. The audit keeps no token."""
    with writing():
        tournament = lock_tournament(entry.tournament)
        entry = Entry.objects.select_related("player", "partner").get(pk=entry.pk)
        entry.token = new_link_token()
        entry.save(update_fields=["token"])
        bump(tournament)
        audit(tournament, by, "player-link", after={"entry": entry.name})
    return entry


def withdraw(entry: Entry, by, *, from_round: Any, reason: str = "") -> Entry:
    """The entry plays no more from round ``from_round`` on; results so far stay.

    Only a round not yet played (nor playing) can be the first one missed."""
    with writing():
        tournament = lock_tournament(entry.tournament)
        entry = Entry.objects.select_related("player", "partner").get(pk=entry.pk)
        played = tournament.rounds.exclude(status=Round.Status.DRAFT).count()
        from_round = whole(from_round, "from_round", 1, MAX_ROUNDS + 1)
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
        bump(tournament)
        audit(
            tournament,
            by,
            "withdraw",
            before={"entry": entry.name, "withdrawn_from": before},
            after={"entry": entry.name, "withdrawn_from": from_round},
            reason=text.clean_reason(reason),
        )
    return entry


def keep_apart(tournament: Tournament, by, first: Entry, second: Entry) -> None:
    """Two entries the seating keeps at different tables while it can (§3)."""
    if first.pk == second.pk:
        raise RuleError(_("Choose two different players."), field="second")
    with writing():
        tournament = lock_tournament(tournament)
        low, high = sorted((first, second), key=lambda entry: entry.pk)
        _pair, made = KeepApart.objects.get_or_create(tournament=tournament, first=low, second=high)
        if made:
            bump(tournament)
            audit(tournament, by, "keep-apart", after={"entries": [low.name, high.name]})
