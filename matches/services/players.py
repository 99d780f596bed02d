"""The register of players (docs/tournaments.md §1): the only writer of players, and the reads
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

import codecs
import csv
import io
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.core.validators import EmailValidator
from django.db import IntegrityError
from django.db.models import Count, Q
from django.utils.translation import gettext

from .. import text
from ..errors import FieldClash, NotFound
from ..models import Entry, Match, Player, PlayerAudit, Seat, Tournament, name_key
from ..models.players import keys as stored_keys
from ..rules import RuleError
from ..rules.base import _
from . import ratings
from .base import long_work, writing

EMAIL_MAX = Player._meta.get_field("email").max_length
MEMBER_NO_MAX = Player._meta.get_field("member_no").max_length
EDITABLE = ("name", "email", "member_no", "active")


class NoSuchPlayer(NotFound):
    """There is no player with that id (any more: merged away meanwhile)."""

    def __init__(self, player_id: Any):
        super().__init__(gettext("There is no player %(id)s.") % {"id": player_id})
        self.player_id = player_id


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
                FieldClash(
                    _("There is already a player called %(name)s."),
                    field="name",
                    name=taken.name,
                )
            )
    if cleaned.get("member_no"):
        taken = others.filter(member_no=cleaned["member_no"]).first()
        if taken is not None:
            errors.append(
                FieldClash(
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
    registered = player.casual
    if player.casual:
        player.casual = False
        changed.append("casual")
    _save(player, changed)
    if registered:  # a casual player's matches may be rated now
        ratings.players_changed(ratings.first_matches([player.pk]))
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
        return FieldClash(message, field="into", **params)


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
    played = ratings.first_matches([source.pk, target.pk])
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
    ratings.players_changed(played)  # one player where there were two, from their first
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
        raise FieldClash(
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
    PlayerAudit.objects.create(
        player=player,
        player_name=player.name,
        **PlayerAudit.naming(by),
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
    # bulk_create calls no save(): the keys are given here, as save() would write them.
    missing = {
        key: Player(name=name, casual=True, **stored_keys(name))
        for name, key in zip(names, keys, strict=True)
        if key not in found
    }
    if missing:
        Player.objects.bulk_create(missing.values(), ignore_conflicts=True)
        found = {player.name_key: player for player in Player.objects.filter(name_key__in=keys)}
    for index, key in enumerate(keys):
        if key not in found:
            # Skipped as a conflict, and gone again by the time it is read back: a merge
            # racing this table took the player the name was (PostgreSQL). A refusal,
            # never a 500, as ``hold`` refuses a player merged away meanwhile.
            raise FieldClash(
                _("%(name)s has just been merged into another player: enter the name again."),
                field=f"players.{index}",
                name=names[index],
            )
    return [found[key] for key in keys]


def hold(players: Sequence[Player], field: Callable[[int], str] = "players.{}".format) -> None:
    """Lock the rows of ``players`` for the caller's transaction, in id order (as a merge
    locks its two): a merge that deletes one of them meanwhile either waits for the
    caller, then moves what it wrote (a match's seats, an entry), or has already gone,
    and the caller is refused naming that player (409, at ``field(index)``), never
    writing against a player who is no longer there (on PostgreSQL, a foreign key that
    fails at the commit: a 500).

    FOR NO KEY UPDATE on PostgreSQL: it keeps a merge (which deletes) waiting, but not a
    new match's seats elsewhere, whose foreign keys take key-share locks on the same
    players in seat order (FOR UPDATE against those could deadlock)."""
    wanted = {player.pk for player in players}
    held = set(
        Player.objects.select_for_update(no_key=True)
        .filter(pk__in=wanted)
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    for index, player in enumerate(players):
        if player.pk not in held:
            raise FieldClash(
                _("%(name)s has just been merged into another player: enter the name again."),
                field=field(index),
                name=player.name,
            )


# -- reading ------------------------------------------------------------------------------

SHOWN = ("active", "casual", "inactive", "all")


def search(query: Any = "", show: str = "all"):
    """The register in its stable order (by name as people read it, ``Player.name_sort``,
    then id), narrowed to names containing ``query`` (ignoring case, accents, look-alike
    letters and runs of spaces: "muller" finds Müller, "Müller" finds Muller) and to
    ``show``: ``active``, ``casual`` (active or not), ``inactive`` or ``all``. With each
    player's number of seats (``seat_count``)."""
    players = Player.objects.annotate(seat_count=Count("seats"))
    wanted = search_key(query)
    if wanted:
        players = players.filter(name_search__contains=wanted)
    narrowing = {
        "active": Q(active=True),
        "casual": Q(casual=True),
        "inactive": Q(active=False),
    }
    if show in narrowing:
        players = players.filter(narrowing[show])
    return players.order_by("name_sort", "pk")


def search_key(query: Any) -> str:
    """What a search compares with the stored ``name_search``: the query cleaned as a
    name is (control characters refused, so dropped here) and folded the same way
    (``text.name_search_key``: case, look-alike letters and accents)."""
    try:
        cleaned = text.clean_text(query, field="q", max_length=10 * text.NAME_MAX, required=False)
    except RuleError:
        return ""
    return text.name_search_key(cleaned) if cleaned else ""


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


# -- the club's member list ---------------------------------------------------------------
#
# An organiser imports the club's member list from a CSV file: a header line naming the
# columns (name, and optionally e-mail and membership number; in English or German), then
# one member per line, separated by commas, semicolons or tabs (the header tells which), in
# whichever encoding the spreadsheet saved it (``decode_member_list``: UTF-8, UTF-16 or
# Windows-1252). ``member_list`` reads it, ``import_plan`` says what each row would do,
# ``import_members`` writes the new ones.
# Nothing about an existing player changes: the import adds, it never edits (a list from
# the club's office may be older than the register, and an edit is the organiser's).

IMPORT_MAX_BYTES = 256 * 1024
IMPORT_MAX_ROWS = 2000

# A column's header, folded (``_header_key``), and what it holds.
HEADERS = {
    "name": "name",
    "player": "name",
    "fullname": "name",
    "member": "name",
    "spieler": "name",
    "spielerin": "name",
    "mitglied": "name",
    "email": "email",
    "mail": "email",
    "emailaddress": "email",
    "emailadresse": "email",
    "membernumber": "member_no",
    "memberno": "member_no",
    "membernr": "member_no",
    "membershipnumber": "member_no",
    "membershipno": "member_no",
    "number": "member_no",
    "no": "member_no",
    "mitgliedsnummer": "member_no",
    "mitgliedernummer": "member_no",
    "mitgliedsnr": "member_no",
    "mitgliednr": "member_no",
    "nummer": "member_no",
    "nr": "member_no",
}
SEPARATORS = (";", ",", "\t")


def _header_key(cell: str) -> str:
    return "".join(character for character in cell.casefold() if character.isalnum())


@dataclass(frozen=True)
class MemberFile:
    """The uploaded file as text, and the encoding it was read in (``ENCODINGS``)."""

    text: str
    encoding: str


# What a spreadsheet saves a list in, as the file is read: a byte-order mark says UTF-8 or
# UTF-16 (Excel's "CSV UTF-8" and its "Unicode text", which is tab-separated UTF-16);
# without one a file that is UTF-8 is UTF-8 (a text in Windows-1252 with an umlaut never
# is); anything else is Windows-1252, the "ANSI" code page in which Excel on a German
# (or any Western European) Windows saves its plain "CSV". Latin-1 is Windows-1252 for
# every letter a name has.
ENCODINGS = ("utf-8", "utf-16", "cp1252")
BOMS = (
    (codecs.BOM_UTF8, "utf-8", "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16", "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16", "utf-16"),
)


def decode_member_list(content: bytes) -> MemberFile:
    """The uploaded file as text, in the encoding its spreadsheet saved it in (``BOMS``,
    ``ENCODINGS``). RuleError (field ``file``) when it is too big, text in none of them,
    or not text at all (a spreadsheet saved as .xlsx, not as CSV)."""
    if len(content) > IMPORT_MAX_BYTES:
        raise RuleError(
            _("The file is too big: at most %(max)s kB. Split the list into several files."),
            field="file",
            max=IMPORT_MAX_BYTES // 1024,
        )
    tried = [(encoding, codec) for bom, encoding, codec in BOMS if content.startswith(bom)]
    if not tried:  # no mark: UTF-8 if it is, else Windows-1252
        tried = [("utf-8", "utf-8"), ("cp1252", "cp1252")]
    decoded = None
    for encoding, codec in tried:
        try:
            decoded = MemberFile(content.decode(codec), encoding)
            break
        except UnicodeDecodeError:
            continue
    if decoded is None:
        raise RuleError(
            _(
                "The file is not text in UTF-8, UTF-16 or Windows-1252. Save it from the "
                "spreadsheet as “CSV UTF-8 (comma delimited)”."
            ),
            field="file",
        )
    if "\x00" in decoded.text:
        raise RuleError(
            _("This is not a CSV file. Save it from the spreadsheet as “CSV UTF-8”."),
            field="file",
        )
    return decoded


@dataclass(frozen=True)
class MemberRow:
    """One line of the member list as typed (``line``: its number in the file)."""

    line: int
    name: str
    email: str = ""
    member_no: str = ""


def member_list(content: str) -> list[MemberRow]:
    """The rows of a member list (``decode_member_list``'s text), blank lines left out.
    The separator is the one that makes the header name the columns. RuleError (field
    ``file``) when the header names no name column or there are too many rows."""
    if len(content.encode()) > IMPORT_MAX_BYTES:
        raise RuleError(
            _("The file is too big: at most %(max)s kB. Split the list into several files."),
            field="file",
            max=IMPORT_MAX_BYTES // 1024,
        )
    separator, columns = _separated(content)
    if "name" not in columns.values():
        raise RuleError(
            _(
                "The first line must name the columns: Name, and if you have them E-mail "
                "and Member number (or Name, E-Mail, Mitgliedsnummer)."
            ),
            field="file",
        )
    reader = csv.reader(io.StringIO(content.lstrip("\ufeff")), delimiter=separator)
    rows: list[MemberRow] = []
    try:
        next(reader)
        for cells in reader:
            if not any(cell.strip() for cell in cells):
                continue
            if len(rows) == IMPORT_MAX_ROWS:
                raise RuleError(
                    _("The file has more than %(max)s members. Split it into several files."),
                    field="file",
                    max=IMPORT_MAX_ROWS,
                )
            typed = {field: cells[index] for index, field in columns.items() if index < len(cells)}
            rows.append(MemberRow(reader.line_num, **typed))
    except csv.Error:
        raise RuleError(
            _("Line %(line)s of the file is not CSV (a quote left open?)."),
            field="file",
            line=reader.line_num,
        ) from None
    return rows


def separator_of(content: str) -> str:
    """The separator ``member_list`` reads the list with: the one that makes its header
    name the most columns (``SEPARATORS``' first of equals)."""
    return _separated(content)[0]


def _separated(content: str) -> tuple[str, dict[int, str]]:
    first = content.lstrip("\ufeff").splitlines()[0] if content.strip() else ""
    return max(
        ((sep, _columns(first, sep)) for sep in SEPARATORS),
        key=lambda found: len(found[1]),
    )


def _columns(header: str, separator: str) -> dict[int, str]:
    """Which column holds what, by the header split at ``separator`` (first one wins)."""
    columns: dict[int, str] = {}
    for index, cell in enumerate(next(csv.reader([header], delimiter=separator), [])):
        field = HEADERS.get(_header_key(cell))
        if field and field not in columns.values():
            columns[index] = field
    return columns


@dataclass(frozen=True)
class PlannedRow:
    """What importing one row would do: ``status`` new, existing (``player``: the one the
    register has, by name or by membership number) or refused (``reason``)."""

    row: MemberRow
    status: str
    name: str = ""
    email: str = ""
    member_no: str = ""
    player: Player | None = None
    reason: RuleError | None = None


def import_plan(rows: Sequence[MemberRow]) -> list[PlannedRow]:
    """Each row of a member list, judged against the register and the rows before it:
    refused when its name is empty or refused by ``text``, its e-mail address malformed,
    its name or membership number on an earlier row, or its membership number another
    player's; existing when the register has its name (``name_key``) or its number; new
    otherwise."""
    return _judged(_cleaned_rows(rows))


Cleaned = list[tuple[MemberRow, dict | RuleError]]


def _cleaned_rows(rows: Sequence[MemberRow]) -> Cleaned:
    """Each row cleaned by ``text`` (a dict of its fields) or refused (its RuleError):
    what needs no register, worked out before an import takes the writer queue."""
    cleaned: Cleaned = []
    for row in rows:
        try:
            cleaned.append((row, _cleaned_row(row)))
        except RuleError as error:
            cleaned.append((row, error))
    return cleaned


def _judged(cleaned: Cleaned) -> list[PlannedRow]:
    """The cleaned rows judged against the register and the rows before them (two
    queries)."""
    good = [values for _row, values in cleaned if isinstance(values, dict)]
    by_key = {
        player.name_key: player
        for player in Player.objects.filter(name_key__in=[v["key"] for v in good])
    }
    numbers = [v["member_no"] for v in good if v["member_no"]]
    by_number = {
        player.member_no: player for player in Player.objects.filter(member_no__in=numbers)
    }
    plan: list[PlannedRow] = []
    keys_seen: dict[str, int] = {}
    numbers_seen: dict[str, int] = {}
    for row, values in cleaned:
        if isinstance(values, RuleError):
            plan.append(PlannedRow(row, "refused", reason=values))
            continue
        plan.append(_planned(row, values, by_key, by_number, keys_seen, numbers_seen))
        keys_seen.setdefault(values["key"], row.line)
        if values["member_no"]:
            numbers_seen.setdefault(values["member_no"], row.line)
    return plan


def _cleaned_row(row: MemberRow) -> dict:
    name = text.clean_name(row.name, empty=_("No name on this line."))
    return {
        "name": name,
        "key": name_key(name),
        "email": clean_email(row.email),
        "member_no": clean_member_no(row.member_no),
    }


def _planned(row, values, by_key, by_number, keys_seen, numbers_seen) -> PlannedRow:
    fields = {key: values[key] for key in ("name", "email", "member_no")}
    number = values["member_no"]
    if values["key"] in keys_seen:
        reason = RuleError(
            _("%(name)s is on line %(line)s already."),
            field="name",
            name=values["name"],
            line=keys_seen[values["key"]],
        )
        return PlannedRow(row, "refused", reason=reason, **fields)
    if number and number in numbers_seen:
        reason = RuleError(
            _("Membership number %(number)s is on line %(line)s already."),
            field="member_no",
            number=number,
            line=numbers_seen[number],
        )
        return PlannedRow(row, "refused", reason=reason, **fields)
    named, numbered = by_key.get(values["key"]), by_number.get(number) if number else None
    if named is not None and numbered is not None and named.pk != numbered.pk:
        reason = FieldClash(
            _("Membership number %(number)s belongs to %(name)s already."),
            field="member_no",
            number=number,
            name=numbered.name,
        )
        return PlannedRow(row, "refused", reason=reason, **fields)
    existing = named or numbered
    if existing is not None:
        return PlannedRow(row, "existing", player=existing, **fields)
    return PlannedRow(row, "new", **fields)


def import_members(content: str, *, by) -> tuple[list[Player], list[PlannedRow]]:
    """Add the member list's new rows to the register, in one transaction, each audited
    as an organiser's addition; existing and refused rows are left alone. The list is read
    and each row cleaned before the write (up to ``IMPORT_MAX_ROWS``: no writer waits for
    that), and judged against the register again inside it (``import_plan``), whatever a
    preview said: the register may have changed since. RuleError when the list itself is
    refused, or a row became someone else's meanwhile (two imports at once): nothing is
    written then."""
    cleaned = _cleaned_rows(member_list(content))
    with writing():
        plan = _judged(cleaned)
        new = [planned for planned in plan if planned.status == "new"]
        long_work(len(new))
        added = []
        for planned in new:
            player = Player(
                casual=False,
                name=planned.name,
                email=planned.email,
                member_no=planned.member_no,
            )
            _save(player)
            after = {**facts(player), "imported": True}
            _audit(player, by, PlayerAudit.Action.CREATE, after=after)
            added.append(player)
    return added, plan


# -- the door -----------------------------------------------------------------------------


def named(names: Sequence[str]) -> dict[str, Player]:
    """The register's players for names typed at the door, by the names' ``name_key``
    (case, composition and look-alike letters folded as the register folds them); a name
    the register does not know is not in the answer."""
    keys = {name_key(name) for name in names}
    return {player.name_key: player for player in Player.objects.filter(name_key__in=keys)}


def not_entered(tournament: Tournament, query: Any = ""):
    """The register's active players that ``tournament`` has not entered (as player or
    partner), narrowed to names containing ``query`` as ``search`` narrows them."""
    entered = Entry.objects.filter(tournament=tournament)
    return (
        search(query, "active")
        .exclude(pk__in=entered.values("player"))
        .exclude(pk__in=entered.exclude(partner=None).values("partner"))
    )
