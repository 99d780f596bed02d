"""A series: a club season of tournaments of one game, ranked by their results
(docs/tournaments.md §6).

The table itself is computed, never stored (``services.series`` reads each tournament's
standings, ``matches.standings.series`` ranks them); only what an organiser decides lives
here: the name, the game, how many results count and in which score, which tournaments
belong. Written only by ``services.series``.
"""

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from .audit import Audit
from .tournaments import NAME_MAX, Tournament


class Series(models.Model):
    class Score(models.TextChoices):
        # A tournament of N entries gives N + 1 − rank points; or its game points.
        RANK_POINTS = "rank_points", _("rank points (N + 1 − rank)")
        GAME_POINTS = "game_points", _("game points")

    name = models.CharField(_("name"), max_length=NAME_MAX)
    game = models.CharField(_("game"), max_length=32)
    # How many of a player's best results count; null: every one.
    best_k = models.PositiveSmallIntegerField(_("results that count"), null=True, blank=True)
    score = models.CharField(
        _("series score"), max_length=16, choices=Score.choices, default=Score.RANK_POINTS
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("series")
        verbose_name_plural = _("series")

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        return reverse("series:detail", args=[self.pk])


class SeriesTournament(models.Model):
    """A tournament counted in a series; a tournament belongs to at most one."""

    series = models.ForeignKey(Series, on_delete=models.CASCADE, related_name="members")
    tournament = models.OneToOneField(
        Tournament, on_delete=models.CASCADE, related_name="series_member"
    )
    added_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament__date", "tournament__pk"]

    def __str__(self):
        return f"{self.series_id}: {self.tournament_id}"


class SeriesAudit(Audit):
    """Who created a series and who added or removed which tournament, when."""

    series = models.ForeignKey(Series, on_delete=models.CASCADE, related_name="audit")
    reason = None  # a series asks for none
    after = models.JSONField(null=True, blank=True)

    def __str__(self):
        return f"{self.by_name} {self.action}"
