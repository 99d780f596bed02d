"""A match at a table: its hands (the facts), what is derived from them, the audit trail.

Hands are facts; what is derived from them is stored here only by ``services.play``.
"""

import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from .. import rules


def new_share_token() -> str:
    return secrets.token_urlsafe(16)


class Match(models.Model):
    """One match at one table: the game, its options, the players as they sit."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="matches"
    )
    game = models.CharField(_("game"), max_length=32)
    variant = models.CharField(_("variant"), max_length=32)
    # The full resolved options (preset defaults plus the table's choices), so that a later
    # change of a preset's defaults never changes a match already played.
    options = models.JSONField(_("options"), default=dict)
    players = models.JSONField(_("players"))  # names, clockwise from seat 0
    first_dealer = models.PositiveSmallIntegerField(_("first dealer"))
    setup = models.JSONField(default=dict, blank=True)  # e.g. the Woburn bid
    share_token = models.CharField(max_length=32, unique=True, default=new_share_token)
    # The table ended the match early (an open-ended session): a fact, like the hands.
    stopped = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    # Cached from the replay by services.py, in the same transaction as the hands,
    # so that the home page lists matches without replaying each one.
    finished = models.BooleanField(default=False)
    # Bumped by every write: what is derived from the match (its replayed state, the
    # rendered table, the JSON) is cached under this number and never goes stale.
    revision = models.PositiveIntegerField(default=0)
    totals = models.JSONField(default=list)
    winners = models.JSONField(default=list)

    class Meta:
        ordering = ["-updated_at"]
        verbose_name = _("match")
        verbose_name_plural = _("matches")

    def __str__(self):
        return " · ".join(self.players)

    def get_absolute_url(self):
        return reverse("match", args=[self.pk])

    @property
    def ruleset(self) -> rules.Ruleset:
        return rules.get_ruleset(self.game, self.variant, self.options)

    @property
    def game_name(self) -> str:
        from django.utils.translation import gettext

        return gettext(self.ruleset.preset.name)


class Hand(models.Model):
    """One hand as the table reported it. ``(match, number)`` is unique: no doubled hands."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveIntegerField()
    input = models.JSONField()
    # Bumped by every correction; a correction naming an older version is refused.
    version = models.PositiveIntegerField(default=1)
    # Derived, cached for standings queries; services.py writes it with the input.
    scores = models.JSONField(default=list)
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


class AuditEntry(models.Model):
    """Who changed what, when: every write of services.py leaves one."""

    class Action(models.TextChoices):
        CREATE = "create", _("created the match")
        RECORD = "record", _("recorded")
        CORRECT = "correct", _("corrected")
        UNDO = "undo", _("undid")
        STOP = "stop", _("ended the match")
        REOPEN = "reopen", _("reopened the match")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="audit")
    at = models.DateTimeField(auto_now_add=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    by_name = models.CharField(max_length=150)  # kept when the user is deleted
    action = models.CharField(max_length=16, choices=Action.choices)
    number = models.PositiveIntegerField(null=True, blank=True)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    reason = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["at", "pk"]

    def __str__(self):
        return f"{self.by_name} {self.action} {self.number or ''}"
