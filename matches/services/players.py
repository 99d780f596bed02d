"""The register of players (TOURNAMENTS.md §1): the only writer of players, and the reads
the register's pages and API share.

Organisers add, edit, deactivate and reactivate players and merge two of them; every such
write runs in one transaction (``base.writing``) with the player's row locked, and leaves
a ``PlayerAudit`` entry. Names, e-mail addresses and membership numbers go through
``text`` here, so the pages and the API refuse the same things with the same messages.
Tables add casual players as a side effect of creating a match (``find_or_create``);
that is in the match's own audit.

Merging: the merged player's seats move to the player that remains, so every result is
kept, and the merged player is deleted (a merged-away row would keep its name taken and
would have to be skipped by every list and every name lookup for ever). The seats keep the
name as typed at each table; the audit keeps both players as they were.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.core.validators import EmailValidator
from django.db import IntegrityError
from django.db.models import Count, Q

from .. import text
from ..models import Entry, Match, Player, PlayerAudit, Seat, Tournament, name_key
from ..rules import RuleError
from ..rules.base import _
from .base import Clash, writing

EMAIL_MAX = Player._meta.get_field("email").max_length
MEMBER_NO_MAX = Player._meta.get_field("member_no").max_length
EDITABLE = ("name", "email", "member_no", "active")


class NoSuchPlayer(Exception):
    """There is no player with that id (any more: merged away meanwhile)."""


class PlayerInvalid(RuleError):
    """What was typed for a player is refused; ``errors`` holds every field's problem (the
    first is the error itself, for whoever shows only one)."""

    def __init__(self, errors: Sequence[RuleError]):
        first = errors[0]
        super().__init__(first.message, first.field, **first.params)
        self.errors = list(errors)


# -- facts --------------------------------------------------------------------------------


def facts(player: Player) -> dict[str, Any]:
    """The player as the audit keeps it (and the API shows it)."""
    return {
        "id": player.pk,
        "name": player.name,
        "email": player.email,
        "member_no": player.member_no,
        "active": player.active,
        "casual": player.casual,
    }


# -- cleaning -----------------------------------------------------------------------------


def clean_email(value: Any) -> str:
    """An optional e-mail address: blank, or one that looks deliverable."""
    email = text.clean_text(
        value,
        field="email",
        max_length=EMAIL_MAX,
        required=False,
        too_long=_("An e-mail address can have at most %(max)s characters."),
    )
    if email:
        try:
            EmailValidator()(email)
        except ValidationError:
            raise RuleError(_("Enter a valid e-mail address."), field="email") from None
    return email


def clean_member_no(value: Any) -> str:
    """An optional membership number, as the club writes it (letters allowed)."""
    return text.clean_text(
        value,
        field="member_no",
        max_length=MEMBER_NO_MAX,
        required=False,
        too_long=_("A membership number can have at most %(max)s characters."),
    )


def clean_active(value: Any) -> bool:
    if not isinstance(value, bool):
        raise RuleError(_("Say whether the player is active: true or false."), field="active")
    return value


CLEANERS = {
    "name": text.clean_name,
    "email": clean_email,
    "member_no": clean_member_no,
    "active": clean_active,
}


def _cleaned(changes: Mapping[str, Any], *, keep: Player | None = None) -> dict[str, Any]:
    """``changes`` cleaned, and checked against the rest of the register (a name or a
    membership number someone else has); ``PlayerInvalid`` naming every field at fault.
    ``keep``: the player being edited, who may keep their own name and number."""
    unknown = sorted(set(changes) - set(CLEANERS))
    if unknown:
        raise PlayerInvalid(
            [RuleError(_("Unknown field %(name)s."), field=name, name=name) for name in unknown]
        )
    cleaned: dict[str, Any] = {}
    errors: list[RuleError] = []
    for field in EDITABLE:
        if field not in changes:
            continue
        try:
            cleaned[field] = CLEANERS[field](changes[field])
        except RuleError as error:
            errors.append(error)
    others = Player.objects.exclude(pk=keep.pk) if keep is not None else Player.objects.all()
    if "name" in cleaned:
        taken = others.filter(name_key=name_key(cleaned["name"])).first()
        if taken is not None:
            errors.append(
                Clash(
                    _("There is already a player called %(name)s."),
                    field="name",
                    name=taken.name,
                )
            )
    if cleaned.get("member_no"):
        taken = others.filter(member_no=cleaned["member_no"]).first()
        if taken is not None:
            errors.append(
                Clash(
                    _("Membership number %(number)s belongs to %(name)s already."),
                    field="member_no",
                    number=cleaned["member_no"],
                    name=taken.name,
                )
            )
    if errors:
        raise PlayerInvalid(errors)
    return cleaned


def _save(player: Player, fields: Sequence[str] | None = None) -> None:
    """Save, turning the unique keys' refusal into the message the check before gives: two
    organisers adding the same name at once both pass the check, and the database decides."""
    try:
        with writing():  # a savepoint: the caller's transaction stays usable
            player.save(update_fields=fields)
    except IntegrityError:
        _cleaned(
            {"name": player.name, "member_no": player.member_no},
            keep=player if player.pk else None,
        )
        raise


# -- writing ------------------------------------------------------------------------------


@writing()
def create_player(
    *, name: Any, email: Any = "", member_no: Any = "", active: Any = True, by
) -> Player:
    """Add a player to the register (an organiser's entry, not casual).

    ``PlayerInvalid`` when a field is refused: the name empty, too long or already a
    player's (case-insensitively, as tables match names), the e-mail address malformed,
    the membership number someone else's. Writes nothing then."""
    cleaned = _cleaned({"name": name, "email": email, "member_no": member_no, "active": active})
    player = Player(casual=False, **cleaned)
    _save(player)
    _audit(player, by, PlayerAudit.Action.CREATE, after=facts(player))
    return player


@writing()
def edit_player(player: Player | int, changes: Mapping[str, Any], *, by) -> Player:
    """Change some of a player's name, e-mail address, membership number and whether they
    are active (``changes`` names only those to change). An organiser's edit makes a casual
    player a registered one. Refusals as ``create_player``; nothing changed, nothing
    written."""
    player = _locked(player)
    cleaned = _cleaned(changes, keep=player)
    before = facts(player)
    changed = [field for field, value in cleaned.items() if getattr(player, field) != value]
    if not changed:
        return player
    for field in changed:
        setattr(player, field, cleaned[field])
    if player.casual:
        player.casual = False
        changed.append("casual")
    _save(player, changed)
    _audit(player, by, PlayerAudit.Action.EDIT, before=before, after=facts(player))
    return player


@writing()
def deactivate_player(player: Player | int, *, by) -> Player:
    """Take a player off the lists of who plays. Their results stay, and a table typing
    their name still finds them. RuleError when they are inactive already."""
    return _set_active(player, False, by)


@writing()
def reactivate_player(player: Player | int, *, by) -> Player:
    """Put an inactive player back on the lists. RuleError when they are active already."""
    return _set_active(player, True, by)


def _set_active(player: Player | int, active: bool, by) -> Player:
    player = _locked(player)
    if player.active == active:
        message = _("%(name)s is active already.") if active else _("%(name)s is inactive already.")
        raise RuleError(message, field="active", name=player.name)
    before = facts(player)
    player.active = active
    player.save(update_fields=["active"])
    action = PlayerAudit.Action.REACTIVATE if active else PlayerAudit.Action.DEACTIVATE
    _audit(player, by, action, before=before, after=facts(player))
    return player


@dataclass(frozen=True)
class MergePlan:
    """What merging ``source`` into ``target`` would do: ``seats`` of the source's seats in
    ``matches`` matches move; ``clashes`` are the matches where both sat (first few, oldest
    first), any of which refuses the merge."""

    source: Player
    target: Player
    seats: int
    matches: int
    clashes: list[Match]
    clash_count: int

    def refusal(self) -> RuleError | None:
        """Why the merge cannot be done, or None."""
        if self.source.pk == self.target.pk:
            return RuleError(_("A player cannot be merged with themselves."), field="into")
        if not self.clash_count:
            return None
        first = self.clashes[0]
        params = {
            "source": self.source.name,
            "target": self.target.name,
            "match": first.pk,
            "date": first.created_at.date().isoformat(),
            "names": " · ".join(first.names),
        }
        if self.clash_count == 1:
            message = _(
                "%(source)s and %(target)s both sat at match %(match)s (%(date)s: %(names)s). "
                "One person cannot hold two seats at a table, so these are two people."
            )
        else:
            message = _(
                "%(source)s and %(target)s both sat at %(count)s matches, first at match "
                "%(match)s (%(date)s: %(names)s). One person cannot hold two seats at a "
                "table, so these are two people."
            )
            params["count"] = self.clash_count
        return Clash(message, field="into", **params)


CLASHES_SHOWN = 5


def merge_plan(source: Player, target: Player) -> MergePlan:
    """What a merge of ``source`` into ``target`` would move, and what would refuse it."""
    moving = Seat.objects.filter(player=source)
    counts = moving.aggregate(seats=Count("pk"), matches=Count("match", distinct=True))
    clashing = (
        Match.objects.filter(seats__player=source)
        .filter(pk__in=Seat.objects.filter(player=target).values("match"))
        .order_by("created_at", "pk")
    )
    clash_count = clashing.count() if source.pk != target.pk else 0
    clashes = list(clashing.prefetch_related("seats")[:CLASHES_SHOWN]) if clash_count else []
    return MergePlan(source, target, counts["seats"], counts["matches"], clashes, clash_count)


@dataclass(frozen=True)
class Merged:
    """The player that remains, and what moved to them."""

    player: Player
    seats: int
    matches: list[int]


@writing()
def merge_players(source: Player | int, into: Player | int, *, by) -> Merged:
    """Merge ``source`` into ``into``: every seat of the source moves to the player that
    remains, so every result is kept; the source is deleted, and their audit entries join
    the remaining player's, under one ``merge`` entry that says who merged what, when.

    The remaining player keeps their name and whether they are active; a blank e-mail
    address or membership number is filled from the source's; they are casual only if both
    were. RuleError (field ``into``) when the two are one player or sat at the same match
    (the constraint ``one_seat_per_player``): the message names the match. Writes nothing
    then."""
    source_id = source.pk if isinstance(source, Player) else source
    target_id = into.pk if isinstance(into, Player) else into
    # Both rows locked in one order, so that two merges of the same pair cannot deadlock.
    locked = {
        player.pk: player
        for player in Player.objects.select_for_update()
        .filter(pk__in={source_id, target_id})
        .order_by("pk")
    }
    if source_id not in locked or target_id not in locked:
        raise NoSuchPlayer(source_id if source_id not in locked else target_id)
    source, target = locked[source_id], locked[target_id]
    plan = merge_plan(source, target)
    refusal = plan.refusal()
    if refusal is not None:
        raise refusal
    before = {"source": facts(source), "target": facts(target)}
    matches = list(
        Seat.objects.filter(player=source).order_by("match_id").values_list("match_id", flat=True)
    )
    moved = Seat.objects.filter(player=source).update(player=target)
    _move_references(source, target)
    PlayerAudit.objects.filter(player=source).update(player=target)
    taken = {
        field: getattr(source, field)
        for field in ("email", "member_no")
        if not getattr(target, field) and getattr(source, field)
    }
    source.delete()
    for field, value in taken.items():
        setattr(target, field, value)
    target.casual = target.casual and source.casual
    target.save(update_fields=[*taken, "casual"])
    after = {**facts(target), "seats_moved": moved, "matches": matches}
    _audit(target, by, PlayerAudit.Action.MERGE, before=before, after=after)
    return Merged(target, moved, matches)


def _move_references(source: Player, target: Player) -> None:
    """Whatever else points at a player moves with the seats: tournament entries (as
    player or as partner), refused like a shared seat when both entered the same
    tournament."""
    both = (
        Tournament.objects.filter(entries__player=source)
        .filter(entries__player=target)
        .order_by("date", "pk")
        .first()
    )
    if both is not None:
        raise Clash(
            _("Both played in %(tournament)s; a player cannot enter one tournament twice."),
            field="into",
            tournament=both.name,
        )
    Entry.objects.filter(player=source).update(player=target)
    Entry.objects.filter(partner=source).update(partner=target)


def _locked(player: Player | int) -> Player:
    pk = player.pk if isinstance(player, Player) else player
    found = Player.objects.select_for_update().filter(pk=pk).first()
    if found is None:
        raise NoSuchPlayer(pk)
    return found


def _audit(player: Player, by, action: str, *, before=None, after=None) -> None:
    user = by if getattr(by, "is_authenticated", False) else None
    PlayerAudit.objects.create(
        player=player,
        player_name=player.name,
        by=user,
        by_name=str(getattr(by, "get_username", lambda: by)() or ""),
        action=action,
        before=before,
        after=after,
    )


# -- tables -------------------------------------------------------------------------------


def find_or_create(names: Sequence[str]) -> list[Player]:
    """The register's players for the names typed at a table, in the same order.

    ``names`` are as ``play.clean_players`` left them (trimmed, distinct ignoring case). A
    name is matched case-insensitively (``models.name_key``), inactive players included;
    an unknown name becomes a new casual player, spelt as it was typed.

    Runs in the caller's transaction. Two tables adding the same new name at once both
    end with the one player: the insert skips a name someone else has just added (the
    unique key decides, on SQLite and PostgreSQL), and the players are then read back.
    """
    keys = [name_key(name) for name in names]
    found = {player.name_key: player for player in Player.objects.filter(name_key__in=keys)}
    missing = {
        key: Player(name=name, name_key=key, casual=True)
        for name, key in zip(names, keys, strict=True)
        if key not in found
    }
    if missing:
        Player.objects.bulk_create(missing.values(), ignore_conflicts=True)
        found = {player.name_key: player for player in Player.objects.filter(name_key__in=keys)}
    return [found[key] for key in keys]


# -- reading ------------------------------------------------------------------------------

SHOWN = ("active", "casual", "inactive", "all")


def search(query: Any = "", show: str = "all"):
    """The register in its stable order (by name, then id), narrowed to names containing
    ``query`` (ignoring case and runs of spaces, as tables match names) and to ``show``:
    ``active``, ``casual`` (active or not), ``inactive`` or ``all``. With each player's
    number of seats (``seat_count``)."""
    players = Player.objects.annotate(seat_count=Count("seats"))
    wanted = search_key(query)
    if wanted:
        players = players.filter(name_key__contains=wanted)
    narrowing = {
        "active": Q(active=True),
        "casual": Q(casual=True),
        "inactive": Q(active=False),
    }
    if show in narrowing:
        players = players.filter(narrowing[show])
    return players.order_by("name_key", "pk")


def search_key(query: Any) -> str:
    """What a search compares with the stored ``name_key``: the query cleaned as a name is
    (control characters refused, so dropped here) and folded the same way."""
    try:
        cleaned = text.clean_text(query, field="q", max_length=10 * text.NAME_MAX, required=False)
    except RuleError:
        return ""
    return name_key(cleaned)


def seats_of(player: Player):
    """The player's seats with their matches, latest match first."""
    return (
        Seat.objects.filter(player=player)
        .select_related("match")
        .order_by("-match__created_at", "-match_id")
    )


def tournaments_of(player: Player) -> list:
    """The tournaments the player entered, latest first."""
    return list(
        Tournament.objects.filter(Q(entries__player=player) | Q(entries__partner=player))
        .distinct()
        .order_by("-date", "-pk")
    )


def history_of(player: Player):
    """The register's audit entries about the player (merged players' included), newest
    first."""
    return player.audit.order_by("-at", "-pk")
