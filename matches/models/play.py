"""A match at a table: its seats, its hands (the facts), what is derived from them, the
audit trail.

Hands are facts; what is derived from them (the match's ``state``, each seat's result,
each hand's scores and facts) is stored here only by ``services.play``, in the write's
transaction, and always equals a replay of the hands (``manage.py rebuild_states``
checks it).
"""

import secrets
from functools import cached_property

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from .. import rules
from ..rules.stored import state_from_json
from .audit import Audit
from .players import NAME_MAX, Player

# The largest id a match can have (a 64-bit key): a longer number in an address finds
# nothing rather than overflowing the database's integer.
ID_MAX = 2**63 - 1


def the_one(rows: models.QuerySet):
    """The row of a lookup by a unique key, or None: without the ordering ``first()``
    adds to choose among several rows (the model's ``Meta.ordering`` or the key), which
    a unique key makes pointless. The reads every request starts with go through here
    (``Match.by_id``, ``Tournament.by_id``, ``access.find_table``, ...)."""
    return next(iter(rows.order_by()[:1]), None)


def new_share_token() -> str:
    return secrets.token_urlsafe(16)


# What the policy (``access``) and the cache key of a match's kept answers
# (``selectors.cache_key``) read of the row: a read served from that cache needs no more,
# not the JSON of the state, the options and the setup, decoded for nothing on every poll
# of a scoreboard.
ACCESS_COLUMNS = ("owner", "tournament", "share_token", "scorer_token", "revision")


class Match(models.Model):
    """One match at one table: the game, its options; the players sit in its ``seats``."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="matches"
    )
    game = models.CharField(_("game"), max_length=32)
    variant = models.CharField(_("variant"), max_length=32)
    # The full resolved options (preset defaults plus the table's choices), so that a later
    # change of a preset's defaults never changes a match already played.
    options = models.JSONField(_("options"), default=dict)
    first_dealer = models.PositiveSmallIntegerField(_("first dealer"))
    setup = models.JSONField(default=dict, blank=True)  # e.g. the Woburn bid
    share_token = models.CharField(max_length=32, unique=True, default=new_share_token)
    # The scorer link (``/k/<token>/``, issue 20 item 4): whoever holds it records,
    # corrects and undoes this match alone, without an account; none until the owner
    # makes one, and a new one retires the old.
    scorer_token = models.CharField(max_length=32, unique=True, null=True, blank=True)
    # The table ended the match early (an open-ended session): a fact, like the hands.
    stopped = models.BooleanField(default=False)
    # Put away by its owner or an organiser: off the home list and ``GET /api/matches``
    # (unless asked for), still readable, audited and restorable (issue 20, item 3).
    archived = models.BooleanField(_("archived"), default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    # Derived, in the same transaction as the hands (as are the seats' totals), so that
    # the home page lists matches without reading each one's state.
    finished = models.BooleanField(default=False)
    # Derived with ``finished``: when the match finished (its last hand or its stop),
    # kept while a correction leaves it finished, cleared when it is reopened. The club
    # rating applies the matches in this order (``services.ratings``).
    finished_at = models.DateTimeField(null=True, blank=True)
    # Derived: the match as the next hand is played on it, without the hands (totals,
    # the coming hand, the game's running figures, the ending and winners), as
    # ``rules.stored`` writes it. A write reads it, plays one hand with the rules and
    # stores the result under the next revision, so no write replays the match.
    state = models.JSONField(default=dict, blank=True)
    # Bumped by every write: what is derived from the match (its replayed state, the
    # rendered table, the JSON) is cached under this number and never goes stale.
    revision = models.PositiveIntegerField(default=0)
    # A table's match in a tournament round (``models.tournaments.Table.match``): each of
    # its writes bumps the tournament's revision too.
    tournament = models.ForeignKey(
        "matches.Tournament",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="matches",
    )

    class Meta:
        ordering = ["-updated_at"]
        verbose_name = _("match")
        verbose_name_plural = _("matches")

    def __str__(self):
        return " · ".join(self.names)

    def get_absolute_url(self):
        return reverse("play:match", args=[self.pk])

    @classmethod
    def by_id(cls, match_id: int, columns: tuple[str, ...] = ()) -> "Match | None":
        """The match with this id, or None: the read that every match page, JSON read
        and write starts with (one indexed query). ``columns``: only those (``only()``),
        for a read that asks no more of the row (``ACCESS_COLUMNS``)."""
        if not 0 < match_id <= ID_MAX:
            return None
        rows = cls.objects.filter(pk=match_id)
        return the_one(rows.only(*columns) if columns else rows)

    @classmethod
    def by_share_token(cls, token: str) -> "Match | None":
        """The match whose share link carries ``token``, or None (compare it in constant
        time before trusting it: ``access.shared_match``)."""
        return the_one(cls.objects.filter(share_token=token)) if token else None

    @classmethod
    def by_scorer_token(cls, token: str) -> "Match | None":
        """The match whose scorer link carries ``token``, or None (compare it in constant
        time before trusting it: ``access.scored_match``)."""
        return the_one(cls.objects.filter(scorer_token=token)) if token else None

    def refresh_from_db(self, *args, **kwargs):
        super().refresh_from_db(*args, **kwargs)
        self.__dict__.pop("seat_list", None)  # the seats may have changed too
        self.__dict__.pop("stored_state", None)

    @cached_property
    def ruleset(self) -> rules.Ruleset:
        """Built once per instance (so once per request): game, variant and options never
        change after the match is created, so it cannot go stale."""
        return rules.get_ruleset(self.game, self.variant, self.options)

    @cached_property
    def stored_state(self) -> rules.MatchState | None:
        """``state`` read back (``rules.stored``): the match as the next hand is played on
        it, without the hands; None when it cannot be read (``selectors.snapshot`` then
        replays the hands)."""
        try:
            return state_from_json(self.state)
        except ValueError:
            return None

    @cached_property
    def seat_list(self) -> list["Seat"]:
        """The seats, seat 0 first: loaded once per instance, or taken from
        ``prefetch_related("seats")`` when the query that found the match asked for them
        (lists do). ``services.play`` sets it on a match it creates and updates the seats in
        it when it writes, so a writer's match never reads its own seats back."""
        return list(self.seats.all())

    @property
    def names(self) -> list[str]:
        """The players' names as they were given at this table, clockwise from seat 0."""
        return [seat.name for seat in self.seat_list]

    @property
    def totals(self) -> list[int]:
        """Each seat's total, as the last write derived it."""
        return [seat.total for seat in self.seat_list]

    @property
    def winners(self) -> list[int]:
        """The seats that won (several share a win); empty until the match is over."""
        return [seat.number for seat in self.seat_list if seat.won]

    @property
    def game_name(self) -> str:
        return gettext(self.ruleset.preset.name)


class Seat(models.Model):
    """A player in a seat of a match, with what the hands gave them.

    ``name`` is the name as it was typed at the table (the register's ``Player.name`` may
    be spelt differently, or change later); the replay reads the names from here.
    ``total``, ``place`` and ``won`` are derived: ``services.play`` writes them in the same
    transaction as the hands, and a test proves they always equal a replay.

    ``place`` is always set, also while the match goes on (the table as it stands):
    the winners share place 1 (a Sergeant Major 12-trick winner is first whatever the
    totals); any other seat is 1 + the number of seats that won or have a higher total,
    so equal totals share a place and the next place is skipped ("1, 2, 2, 4").
    """

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField(_("seat"))  # 0-based, clockwise
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="seats", verbose_name=_("player")
    )
    name = models.CharField(_("name"), max_length=NAME_MAX)
    total = models.IntegerField(_("total"), default=0)
    place = models.PositiveSmallIntegerField(_("place"), default=1)
    won = models.BooleanField(_("won"), default=False)
    # Won the match in one hand, not on totals (Sergeant Major's 12 tricks): ranked first
    # at the table (the standings place it so).
    outright = models.BooleanField(default=False)

    class Meta:
        ordering = ["match", "number"]
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="one_seat_per_number"),
            # One person cannot sit at a table twice (a merge of two entries must not
            # make them).
            models.UniqueConstraint(fields=["match", "player"], name="one_seat_per_player"),
        ]

    def __str__(self):
        return f"{self.match_id} seat {self.number}: {self.name}"


class Hand(models.Model):
    """One hand as the table reported it. ``(match, number)`` is unique: no doubled hands.

    Besides the input, the facts the rules derived when it was played: who dealt, the
    targets, each seat's score, the seats that played and the game's own facts (a
    ``rules.Detail`` as ``rules.stored`` writes it). A read builds the match's hands from
    them without running the rules. ``scores`` stays a JSON list rather than a row per
    hand and seat: standings sum ``Seat.total`` (one query over seats), so nothing asks
    for single hand scores across matches; they are only ever read with their hand.
    """

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveIntegerField()
    input = models.JSONField()
    # Bumped by every correction; a correction naming an older version is refused.
    version = models.PositiveIntegerField(default=1)
    # Derived (services.play writes them with the input, and again after a correction).
    scores = models.JSONField(default=list)
    dealer = models.PositiveSmallIntegerField(default=0)
    targets = models.JSONField(null=True, blank=True)
    active = models.JSONField(default=list)
    detail = models.JSONField(default=dict)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["match", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="one_hand_per_number"),
        ]

    def __str__(self):
        return f"{self.match_id} #{self.number}"


class AuditEntry(Audit):
    """Who changed what in a match, when: every write of ``services.play`` leaves one."""

    class Action(models.TextChoices):
        CREATE = "create", _("created the match")
        RECORD = "record", _("recorded")
        CORRECT = "correct", _("corrected")
        UNDO = "undo", _("undid")
        STOP = "stop", _("ended the match")
        REOPEN = "reopen", _("reopened the match")
        SHARE = "share", _("replaced the share link")
        SCORER = "scorer", _("made a new scorer link")
        ARCHIVE = "archive", _("archived the match")
        RESTORE = "restore", _("restored the match")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="audit")
    action = models.CharField(max_length=16, choices=Action.choices)
    number = models.PositiveIntegerField(null=True, blank=True)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)

    def __str__(self):
        return f"{self.by_name} {self.action} {self.number or ''}"
