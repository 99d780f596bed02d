"""Who may see and change a match: the one policy behind the pages and the API.

A request is turned into a ``Viewer``: the accounts and the link tokens it speaks for.
``Viewer.access(match)`` says how far they reach — ``Access.NONE``, ``READ``, ``AUDIT``
or ``WRITE`` — and ``find_match`` looks a match up and applies the policy, raising
``NoSuchMatch`` or ``NoAccess`` (a 404 and a 403 of ``matches.errors``). Each face turns
those into its own answer (the pages: 404, 403 or the login page; the API: the JSON
errors of ``api.base``); neither decides anything itself.

The policy
    - An active account that owns the match, or an organiser (staff): everything — read,
      the audit trail, write (hands, ending the match, replacing the share link),
      and put it away (archive, restore, delete: ``match_to_keep``, accounts only).
      Only organisers (``is_organiser``) reach the register of players.
    - The match's share token (share link ``/s/<token>/``, ``?share=`` or
      ``Authorization: Bearer`` on the API): a spectator's reach, ``READ``: the match as
      it stands (seats, hands, totals), not its audit trail (who changed what, under
      which username, and why is the club's business, not the audience's). The owner
      can replace the link (``services.play.replace_share_link``): the old token then
      reaches nothing.
    - A table link's token (``/t/<token>/``, or ``Authorization: Bearer`` on the API):
      its table's match only — ``WRITE`` (hands, corrections, undo, and so the match's
      audit trail: the table sees what was changed at it) while the table's round is
      being played and its result not confirmed, ``READ`` after that. It reaches no other
      match and no tournament page; ending the match and its share link stay with
      accounts (``api.base.accounts_only``; the table's page offers neither).
    - A player link's token (``/p/<token>/`` on the pages, ``Authorization: Bearer`` on
      the API): the page of its entry (``entry_by_link``), and through the API the
      matches of the tables its entry sits at, with the table link's reach: ``WRITE``
      while the table is open, ``READ`` after (docs/tournaments.md, "Player links"). No
      other match, no tournament page, no other entry.
    - A board link's token (``?key=`` of a private tournament's live board): ``READ`` of
      the matches of its tournament.
    - Anyone at all: ``READ`` of the matches of a public tournament (its results are
      public).
    - Anyone else: nothing.

Tokens are compared with ``secrets.compare_digest``, so that the time an answer takes
says nothing about how much of a guessed token was right.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import IntEnum
from functools import cached_property
from typing import Any

from django.db.models import F
from django.http import HttpRequest
from django.utils.translation import gettext

from .errors import Forbidden, NotFound, NotLoggedIn
from .models import Entry, Match, Series, Table, TableSeat, Tournament
from .models.play import the_one
from .tokens import is_token

# Methods that change nothing: a session needs no CSRF check for them.
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


class Access(IntEnum):
    """How far a viewer reaches into one match; each level includes the ones below."""

    NONE = 0
    READ = 1  # follow the match: its state and history of hands
    AUDIT = 2  # also the audit trail: usernames, times, reasons
    WRITE = 3


def same_token(presented: str, expected: str) -> bool:
    """``presented`` is ``expected``, compared in constant time (no timing oracle)."""
    if not presented or not expected:
        return False
    return secrets.compare_digest(presented.encode(), expected.encode())


def account_access(user: Any, match: Match) -> Access:
    """An account's reach: its own matches, or every match for an organiser (staff).

    Anonymous and deactivated accounts reach nothing, whatever they own.
    """
    if user is None or not getattr(user, "is_authenticated", False) or not user.is_active:
        return Access.NONE
    if user.is_staff or user.pk == match.owner_id:
        return Access.WRITE
    return Access.NONE


def is_organiser(user: Any) -> bool:
    """An organiser (an active staff account): runs the club's register of players and
    its tournaments, and reaches every match."""
    return bool(
        user is not None
        and getattr(user, "is_authenticated", False)
        and user.is_active
        and user.is_staff
    )


def share_link_access(token: str, match: Match) -> Access:
    """The share link's token lets anyone follow the match, never change it."""
    return Access.READ if same_token(token, match.share_token) else Access.NONE


def table_link_access(token: str, match: Match) -> Access:
    """A table link writes its table's match while the table is open, reads it after."""
    table = table_of(match)
    if table is None or not same_token(token, table.token):
        return Access.NONE
    return Access.WRITE if table.open else Access.READ


def scorer_link_access(token: str, match: Match) -> Access:
    """A scorer link writes its match's hands (and reads it), nothing else: what only an
    account may do asks ``Viewer.accounts``, which holds no link."""
    return Access.WRITE if same_token(token, match.scorer_token or "") else Access.NONE


def player_link_access(token: str, match: Match) -> Access:
    """A player link reaches the match of a table its entry sits at, as that table's link
    does: it writes while the table is open, reads after."""
    table = table_of(match)
    if table is None or not is_token(token):
        return Access.NONE
    seated = (
        TableSeat.objects.filter(table_id=table.pk, entry__token=token)
        .values_list("entry__token", flat=True)
        .first()
    )
    if seated is None or not same_token(token, seated):
        return Access.NONE
    return Access.WRITE if table.open else Access.READ


def board_link_access(token: str, match: Match) -> Access:
    """A board link follows every table of its tournament."""
    tournament = tournament_of(match)
    if tournament is None or not same_token(token, tournament.board_token):
        return Access.NONE
    return Access.READ


def public_access(match: Match) -> Access:
    """The matches of a public tournament are its public results."""
    tournament = tournament_of(match)
    return Access.READ if tournament is not None and tournament.public else Access.NONE


def table_of(match: Match) -> Table | None:
    """The tournament table that plays ``match`` (with its round's status), if any; read
    once per match object."""
    if not match.tournament_id:
        return None
    table = getattr(match, "read_table", UNREAD)
    if table is UNREAD:
        table = match.read_table = find_table(match_id=match.pk)
    return table


# A match whose table has not been read yet (``None`` is a match without one).
UNREAD = object()


def find_table(
    token: str | None = None,
    *,
    match_id: int | None = None,
    whole: bool = False,
    watching: bool = False,
) -> Table | None:
    """The one finder of a tournament table that plays a match, by its link's ``token``
    or by its match (``match_id``), or None; one query. With its round's status
    (``round_status``, what ``Table.open`` asks); ``whole``: with its round, tournament
    and match instead (a page draws them); ``watching``: only what a table page's poll
    compares (``views.tables.shown_revision``), with its match's revision as
    ``match_revision``. Compare the token in constant time before trusting it
    (``same_token``): the lookup only finds the row."""
    if token is not None:
        if not is_token(token):  # nothing else is any table's (and no NUL reaches a query)
            return None
        tables = Table.objects.filter(token=token, match__isnull=False)
    elif match_id is not None:
        tables = Table.objects.filter(match_id=match_id)
    else:
        return None
    if whole:
        tables = tables.select_related("round__tournament", "match")
    else:
        tables = tables.annotate(round_status=F("round__status"))
    if watching:
        tables = tables.only("token", "submitted_by", "confirmed_at").annotate(
            match_revision=F("match__revision")
        )
    return the_one(tables)


def tournament_of(match: Match):
    return match.tournament if match.tournament_id else None


# What a link token can reach.
LINKS: tuple[Callable[[str, Match], Access], ...] = (
    share_link_access,
    table_link_access,
    scorer_link_access,
    board_link_access,
    player_link_access,
)


@dataclass(frozen=True)
class Viewer:
    """Everyone a request speaks for: accounts (logged in, or by API key) and link tokens.

    A token is any secret presented as a link (in the path, ``?share=``, or as a bearer
    token that is no API key); which link it is, if any, is for ``LINKS`` to find out.
    """

    users: tuple[Any, ...] = ()
    tokens: tuple[str, ...] = ()

    @property
    def is_anonymous(self) -> bool:
        """No account and no token: the pages send such a viewer to the login page."""
        return not self.users and not self.tokens

    def access(self, match: Match) -> Access:
        """The furthest any of the viewer's accounts or tokens reaches into ``match``."""
        best = Access.NONE
        for user in self.users:
            best = max(best, account_access(user, match))
        for token in self.tokens:
            for link in LINKS:
                if best == Access.WRITE:
                    return best  # nothing reaches further; spare the lookups
                best = max(best, link(token, match))
        if best == Access.NONE:
            best = public_access(match)
        return best

    def accounts(self) -> Viewer:
        """The same viewer without its link tokens: what only an account may do (a
        match's share link is handed out by its owner or an organiser, never read
        through a link, not even a table's that writes the match's hands)."""
        return Viewer(users=self.users)

    def can_read(self, match: Match) -> bool:
        return self.access(match) >= Access.READ

    def can_write(self, match: Match) -> bool:
        return self.access(match) >= Access.WRITE


def _present(values: Iterable[Any]) -> tuple[Any, ...]:
    return tuple(dict.fromkeys(value for value in values if value))


def page_viewer(request: HttpRequest, *, token: str | None = None) -> Viewer:
    """The viewer of a page: the logged-in user, and ``token`` from the page's address
    (a share link). Pages are CSRF-protected by the middleware, so the session counts
    for every method."""
    user = request.user if request.user.is_authenticated else None
    return Viewer(users=_present([user]), tokens=_present([token]))


def api_viewer(request: HttpRequest) -> Viewer:
    """The viewer of an API request.

    Accounts: ``request.auth`` when the API's authentication found one (an API key's
    user, or the session after its CSRF check); the session user as well on safe
    methods. On unsafe methods a session that the API's authentication did not accept
    has not passed the CSRF check, so it does not count.
    Tokens: ``Authorization: Bearer`` (an API key there is no link token of any match, so
    it reaches nothing as one), and ``?share=`` on safe methods only: a write through a
    link is the link's own request, authenticated by it (``api.base.BearerAuth``), so
    that it is audited as the table and judged as one under the tournament's lock. An
    account that adds a table's token as ``?share=`` to its own write would otherwise
    write (stop, reopen, replace the share link) as itself through the link.
    """
    auth = getattr(request, "auth", None)
    users = [auth if getattr(auth, "is_authenticated", False) else None]
    safe = request.method in SAFE_METHODS
    if safe and request.user.is_authenticated:
        users.append(request.user)
    share = request.GET.get("share", "").strip() if safe else ""
    return Viewer(users=_present(users), tokens=_present([share, bearer_token(request)]))


def bearer_token(request: HttpRequest) -> str | None:
    """The token of ``Authorization: Bearer <token>``, if any."""
    scheme, _space, token = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() != "bearer":
        return None
    return token.strip() or None


# -- looking a match up -------------------------------------------------------------------


class NoSuchMatch(NotFound):
    """There is no match with that id (or that share token)."""


class NoAccess(Forbidden):
    """The match exists but the viewer does not reach far enough into it."""

    def __init__(self, match: Match, needed: Access):
        super().__init__(f"{needed.name} access to match {match.pk} refused")
        self.match = match
        self.needed = needed


def check(viewer: Viewer, match: Match, needed: Access) -> Match:
    """``match`` if ``viewer`` reaches ``needed`` into it; ``NoAccess`` otherwise."""
    if viewer.access(match) < needed:
        raise NoAccess(match, needed)
    return match


def find_match(
    viewer: Viewer,
    match_id: int,
    needed: Access,
    *,
    table: Table | None = None,
    columns: tuple[str, ...] = (),
) -> Match:
    """The match ``match_id`` if ``viewer`` reaches ``needed`` into it.

    Raises ``NoSuchMatch`` when there is none, ``NoAccess`` when the viewer may not. Ids
    are sequential, so a 404 for a match one may not see would hide nothing. ``table``:
    a tournament table the request has read already (its link's); when it plays this
    match, the policy asks it rather than reading it again. ``columns``: only those of
    the row (``Match.by_id``).
    """
    match = Match.by_id(match_id, columns)
    if match is None:
        raise NoSuchMatch(match_id)
    if table is not None and table.match_id == match.pk:
        match.read_table = table
    return check(viewer, match, needed)


def match_to_keep(viewer: Viewer, match_id: int) -> Match:
    """A match to archive, restore or delete: its owner's or an organiser's account
    only, never a link (a table link writes its table's hands; a share link reads).
    ``NoSuchMatch`` or ``NoAccess`` as ``find_match``."""
    return find_match(viewer.accounts(), match_id, Access.WRITE)


def shared_match(token: str) -> Match:
    """The match whose share link carries ``token``; ``NoSuchMatch`` when none does.

    The lookup goes by the (unique, indexed) token; the comparison after it is the
    constant-time one of ``share_link_access``, so the policy stays in one place.
    """
    if not is_token(token):  # nothing else is any match's (and no NUL reaches a query)
        raise NoSuchMatch(token)
    match = Match.by_share_token(token)
    if match is None or not share_link_access(token, match):
        raise NoSuchMatch(token)
    return match


def scored_match(token: str) -> Match:
    """The match whose scorer link carries ``token``; ``NoSuchMatch`` when none does (a
    link replaced since, or never made)."""
    if not is_token(token):
        raise NoSuchMatch(token)
    match = Match.by_scorer_token(token)
    if match is None or scorer_link_access(token, match) < Access.WRITE:
        raise NoSuchMatch(token)
    return match


# -- tournaments, their rounds, tables, boards and sheets, and series ------------------------
#
# One answer per case, the same on the pages and in the API (docs/tournaments.md, "Who may
# see what"); the faces only turn the refusals into their own shapes (``matches.errors``):
#
#   nobody asking (no account, no link)   the login page / 401
#   an account or a link that may not     403
#   no such tournament or series          404, to anyone who could see one if it existed
#   a public tournament's results, or     200
#   a board by its board link
#
# What only organisers do (set-up, entries, rounds, rulings, table cards, series) is
# refused before anything is looked up: whether tournament 7 exists is then nobody
# else's question. What a public tournament shows anyone (its standings, results, board,
# seating lists and score cards) is looked up first: a tournament that does not exist is
# a 404 to everyone, as a match is (ids are sequential, so a 403 would hide nothing).


class Asker:
    """Who asks about a tournament: the request's viewer (``page_viewer`` or
    ``api_viewer``), made only when a question needs it — a public board's poll, or one
    by its board link, never reads the session."""

    def __init__(self, viewer: Callable[[], Viewer]):
        self._viewer = viewer

    @cached_property
    def viewer(self) -> Viewer:
        return self._viewer()

    @property
    def organiser(self) -> bool:
        return any(is_organiser(user) for user in self.viewer.users)

    @property
    def anonymous(self) -> bool:
        """No account and no link: asked to log in rather than refused."""
        return self.viewer.is_anonymous


def page_asker(request: HttpRequest) -> Asker:
    return Asker(lambda: page_viewer(request))


def api_asker(request: HttpRequest) -> Asker:
    return Asker(lambda: api_viewer(request))


class NoSuchTournament(NotFound):
    def __init__(self, tournament_id: Any):
        super().__init__(gettext("There is no tournament %(id)s.") % {"id": tournament_id})


class NoSuchSeries(NotFound):
    def __init__(self, series_id: Any):
        super().__init__(gettext("There is no series %(id)s.") % {"id": series_id})


def organisers_only(asker: Asker) -> None:
    """Running tournaments and series is for organisers: anyone else is asked to log in
    (nobody asking) or refused (403)."""
    if asker.organiser:
        return
    if asker.anonymous:
        raise NotLoggedIn(gettext("Log in as an organiser."))
    raise Forbidden(gettext("Only organisers run tournaments."))


def players_to_see(asker: Asker) -> None:
    """A player's page (their figures and rating) and the club's rating lists
    (docs/tournaments.md "Player pages and the club rating"): organisers see every one;
    anyone else is asked to log in (nobody asking) or refused (403)."""
    if asker.organiser:
        return
    _refuse_player_pages(asker)


def player_to_see(asker: Asker, player_id: int) -> None:
    """One player's figures: organisers see everyone's; a player link shows its own
    player their page (both players of a pair entry), and nobody else's (403)."""
    if asker.organiser:
        return
    linked = linked_players(asker.viewer)
    if player_id in linked:
        return
    if linked:
        raise Forbidden(gettext("A player link opens its own player's page only."))
    _refuse_player_pages(asker)


def linked_players(viewer: Viewer) -> set[int]:
    """The register players whose entries' player links the viewer holds."""
    players: set[int] = set()
    for token in viewer.tokens:
        entry = Entry.by_token(token) if is_token(token) else None
        if entry is not None and same_token(token, entry.token):
            players.update(entry.player_ids)
    return players


def _refuse_player_pages(asker: Asker) -> None:
    if asker.anonymous:
        raise NotLoggedIn(gettext("Log in as an organiser."))
    raise Forbidden(gettext("Only organisers see the players' pages and the club's ratings."))


def find_tournament(tournament_id: int) -> Tournament:
    """The tournament, or ``NoSuchTournament`` (404)."""
    tournament = Tournament.by_id(tournament_id)
    if tournament is None:
        raise NoSuchTournament(tournament_id)
    return tournament


def tournament_to_run(asker: Asker, tournament_id: int) -> Tournament:
    """A tournament to change, or to read what only organisers read (its table cards,
    which carry the tables' links; its audit; its CSV files)."""
    organisers_only(asker)
    return find_tournament(tournament_id)


def tournament_to_see(asker: Asker, tournament_id: int, *, board_key: str = "") -> Tournament:
    """A tournament to follow: a public one by anyone, a private one by an organiser or
    (``board_key``: its live board) by its board link."""
    tournament = find_tournament(tournament_id)
    if tournament.public:
        return tournament
    # The key before the account: a projector's poll then never reads the session.
    if board_key and same_token(board_key, tournament.board_token):
        return tournament
    if asker.organiser:
        return tournament
    if asker.anonymous:
        raise NotLoggedIn(gettext("Log in as an organiser."))
    raise Forbidden(gettext("Only organisers follow a tournament that is not public."))


def find_series(series_id: int) -> Series:
    """The series, or ``NoSuchSeries`` (404)."""
    series = Series.objects.filter(pk=series_id).first()
    if series is None:
        raise NoSuchSeries(series_id)
    return series


def entry_by_link(token: str) -> Entry:
    """The entry whose player link carries ``token`` (with its tournament and players),
    or ``NotFound``: a player link is its own key, whoever holds it; a replaced one is
    nobody's."""
    entry = None
    if is_token(token):
        found = Entry.objects.select_related("tournament", "player", "partner")
        entry = found.filter(token=token).first()
    if entry is None or not same_token(token, entry.token):
        raise NotFound(gettext("There is no player link at this address."))
    return entry


def table_by_link(token: str) -> Table:
    """The table whose link carries ``token`` (with its match and round), or
    ``NotFound``: a table link is its own key, whoever holds it."""
    table = find_table(token, whole=True)
    if table is None or not same_token(token, table.token):
        raise NotFound(gettext("There is no table at this address."))
    table.match.read_table = table  # read once: ``table_of`` asks the match for it
    return table
