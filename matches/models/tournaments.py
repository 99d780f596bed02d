"""A club tournament (docs/tournaments.md): its entries, rounds, tables and rulings.

A table in a round plays one ordinary ``Match``; its seats point to the same players as
the entries, so standings are read from the matches' seats in one query. Written only by
the tournament writers (``services.tournaments`` and those beside it); the seating and the
standings themselves are pure (``matches.seating``, ``matches.standings``).
"""

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from ..rules import get_ruleset
from .audit import Actor, Audit
from .play import ID_MAX, Match, the_one
from .players import Player

NAME_MAX = 80


def new_link_token() -> str:
    """A table, board or player link's secret: 160 random bits, URL-safe (at least 128
    are asked for, and a table's token is also a bearer token for the table's match)."""
    return secrets.token_urlsafe(20)


class Tournament(models.Model):
    class Status(models.TextChoices):
        REGISTRATION = "registration", _("registration")
        RUNNING = "running", _("running")
        FINISHED = "finished", _("finished")

    class Remainder(models.TextChoices):
        # Players over a split of standard tables: bigger tables where the game has a
        # seat that sits out each hand (Sergeant Major's sitter, Sheepshead's dealer), or
        # byes.
        SITTERS = "sitters", _("bigger tables with a seat sitting out")
        BYES = "byes", _("byes")

    name = models.CharField(_("name"), max_length=NAME_MAX)
    date = models.DateField(_("date"))
    game = models.CharField(_("game"), max_length=32)
    variant = models.CharField(_("variant"), max_length=32)
    # The resolved options every table's match starts from; ``hands_limit`` is set per
    # table from ``hands_per_round`` and the table's size.
    options = models.JSONField(_("options"), default=dict)
    rounds_planned = models.PositiveSmallIntegerField(_("rounds"))
    hands_per_round = models.PositiveSmallIntegerField(_("hands per round"))
    table_size = models.PositiveSmallIntegerField(_("table size"))
    remainder = models.CharField(
        _("remainder"), max_length=16, choices=Remainder.choices, default=Remainder.SITTERS
    )
    score = models.CharField(_("standings score"), max_length=16)
    tie_breaks = models.JSONField(_("tie-breaks"), default=list)
    bye_game_points = models.IntegerField(_("game points for a bye"), default=0)
    bye_match_points = models.IntegerField(_("match points for a bye"), default=1)
    public = models.BooleanField(_("public"), default=False)
    # Each player's link checks that player in, until the next round is drafted
    # (docs/tournaments.md, "Player links").
    self_check_in = models.BooleanField(_("self check-in"), default=False)
    status = models.CharField(
        _("status"), max_length=16, choices=Status.choices, default=Status.REGISTRATION
    )
    board_token = models.CharField(max_length=32, unique=True, default=new_link_token)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # Bumped by every write to the tournament (and by every hand at one of its tables):
    # the live board and the standings are cached under it.
    revision = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["-date", "-pk"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        return reverse("tournaments:detail", args=[self.pk])

    @classmethod
    def by_id(cls, tournament_id: int) -> "Tournament | None":
        """The tournament with this id, or None: the read that every tournament page, board
        poll and API read starts with (as ``Match.by_id``)."""
        if not 0 < tournament_id <= ID_MAX:
            return None
        return the_one(cls.objects.filter(pk=tournament_id))

    @property
    def game_name(self) -> str:
        """The game and variant as the rules name them, in the reader's language."""
        return gettext(get_ruleset(self.game, self.variant).preset.name)


class Entry(models.Model):
    """A player in a tournament (or, for Sieben partnerships, a team of two).

    ``withdrawn_from``: the first round the entry no longer plays. ``joined_at``: the
    first round it plays (1 unless it came late).
    """

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="entries")
    partner = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.PROTECT, related_name="partner_entries"
    )
    checked_in = models.BooleanField(_("checked in"), default=False)
    # Checked in through the player's own link, not at the door (the check-in page says so).
    self_checked_in = models.BooleanField(default=False)
    # The player link's secret (``/p/<token>/``): made with the entry, replaced by the
    # organiser (the old one then reaches nothing).
    token = models.CharField(max_length=32, unique=True, default=new_link_token)
    withdrawn_from = models.PositiveSmallIntegerField(null=True, blank=True)
    joined_at = models.PositiveSmallIntegerField(default=1)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "pk"]
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "player"], name="one_entry_per_player"),
        ]

    def __str__(self):
        return self.name

    @property
    def name(self) -> str:
        if self.partner_id:
            return f"{self.player.name} & {self.partner.name}"
        return self.player.name

    @property
    def players(self) -> list[Player]:
        return [player for player in (self.player, self.partner) if player is not None]

    @property
    def player_ids(self) -> list[int]:
        return [pk for pk in (self.player_id, self.partner_id) if pk]

    @classmethod
    def by_token(cls, token: str) -> "Entry | None":
        """The entry whose player link carries ``token``, or None (one indexed read).
        Compare the token in constant time before trusting it."""
        if not token or len(token) > 64:
            return None
        return the_one(cls.objects.filter(token=token))

    def plays_in(self, number: int) -> bool:
        """Whether the entry is in the field of round ``number`` (checked in, joined, not
        yet withdrawn)."""
        return (
            self.checked_in
            and self.joined_at <= number
            and (self.withdrawn_from is None or number < self.withdrawn_from)
        )


class KeepApart(models.Model):
    """Two entries the organiser keeps at different tables (family, partners in life)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="apart")
    first = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="+")
    second = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="+")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["first", "second"], name="one_keep_apart_per_pair"),
            models.CheckConstraint(condition=~Q(first=models.F("second")), name="apart_two"),
        ]

    def __str__(self):
        return f"{self.first_id} ≠ {self.second_id}"


# The seating methods of docs/tournaments.md §3 as a page says them: the codes stay what the
# API and the form post ("draw", "mixed"), the words follow the language.
METHOD_NAMES = {
    "draw": pgettext_lazy("seating method", "draw"),
    "standings": pgettext_lazy("seating method", "standings"),
    "mixed": pgettext_lazy("seating method", "mixed"),
    "swiss": pgettext_lazy("seating method", "Swiss"),
}


def method_name(method: str) -> str:
    """A seating method in the reader's language (an unknown code as it is)."""
    return str(METHOD_NAMES.get(method, method))


class Round(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("draft")
        PLAYING = "playing", _("playing")
        CLOSED = "closed", _("closed")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(_("round"))
    method = models.CharField(_("seating method"), max_length=16)
    seed = models.BigIntegerField(default=0)  # the draw can be reproduced from it
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.DRAFT)
    repeat_pairs = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="one_round_per_number"),
            # Only one round plays at a time; the database says so too, so two organisers
            # pressing "start" at once start it once.
            models.UniqueConstraint(
                fields=["tournament"],
                condition=Q(status="playing"),
                name="one_round_playing",
            ),
        ]

    def __str__(self):
        return f"{self.tournament} · {self.number}"

    @property
    def method_name(self) -> str:
        return method_name(self.method)


class Table(models.Model):
    """A table of a round: its seats (``TableSeat``), its match once the round starts,
    its secret link, and how far its result has got (submitted, confirmed)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField(_("table"))
    token = models.CharField(max_length=32, unique=True, default=new_link_token)
    match = models.OneToOneField(
        Match, null=True, blank=True, on_delete=models.PROTECT, related_name="table"
    )
    first_dealer = models.PositiveSmallIntegerField(default=0)
    submitted_by = models.ForeignKey(
        Entry, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    confirmed_by = models.ForeignKey(
        Entry, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # Set when the table is locked: by a second player, or by an organiser closing the
    # round (then ``confirmed_by`` stays empty and the audit names the organiser).
    confirmed_at = models.DateTimeField(null=True, blank=True)
    end_reason = models.CharField(max_length=200, blank=True)
    # Hands the table's phone holds that the server has not seen yet (issue 24), as the
    # phone last said, and when: the round page and the board show them, the standings
    # name the table as not yet in, and closing the round asks first.
    waiting_hands = models.PositiveSmallIntegerField(default=0)
    waiting_reported_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="one_table_per_number"),
        ]

    def __str__(self):
        return f"{self.round} · {self.number}"

    @property
    def confirmed(self) -> bool:
        return self.confirmed_at is not None

    @property
    def actor(self) -> Actor:
        """Whom the audit names for a write through this table's link."""
        return Actor.table(self.number, self.pk)

    @property
    def open(self) -> bool:
        """Its table link still writes: the round is being played and the result is not
        confirmed (needs ``round``, or its status as ``round_status``: the link's reads
        take it with the table, ``access.find_table``)."""
        status = self.__dict__.get("round_status") or self.round.status
        return status == Round.Status.PLAYING and self.confirmed_at is None

    @property
    def closed_message(self) -> str:
        """Why the table's link no longer writes: its round is over (closing confirms
        every table, so that comes first), or its result is confirmed (needs ``round``
        or ``round_status``)."""
        status = self.__dict__.get("round_status") or self.round.status
        if status == Round.Status.PLAYING and self.confirmed_at is not None:
            return gettext(
                "This table's result is confirmed; only the organiser can change it now."
            )
        return gettext("This round is over; only the organiser can change its results now.")


class TableSeat(models.Model):
    """An entry at a table, in seat order (seat 0 first). ``round`` is repeated so that
    the database itself refuses an entry at two tables of one round."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="+")
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField()
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="table_seats")

    class Meta:
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="one_table_seat_per_number"),
            models.UniqueConstraint(fields=["round", "entry"], name="one_table_per_round"),
        ]

    def __str__(self):
        return f"{self.table} seat {self.number}"


class Bye(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="byes")
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="byes")

    class Meta:
        ordering = ["round", "entry"]
        constraints = [
            models.UniqueConstraint(fields=["round", "entry"], name="one_bye_per_round"),
        ]

    def __str__(self):
        return f"{self.round}: bye {self.entry_id}"


class Adjustment(models.Model):
    """A penalty or ruling: game points ± for an entry in a round, with the reason."""

    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="adjustments")
    round = models.PositiveSmallIntegerField()
    points = models.IntegerField()
    reason = models.CharField(max_length=200)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["round", "pk"]

    def __str__(self):
        return f"{self.entry_id} round {self.round}: {self.points:+d}"


class TournamentAudit(Audit):
    """Who changed what in a tournament, when: every write of the tournament writers
    (``services.tournaments``, ``registration``, ``drafting``, ``table_results``, ``closing``)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="audit")
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)

    def __str__(self):
        return f"{self.by_name} {self.action}"
