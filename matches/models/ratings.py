"""The club rating (docs/tournaments.md "The club rating"): derived from the finished
matches, written only by ``services.ratings`` in the transaction of the write that
changes what it is derived from, and always equal to a rebuild from scratch
(``manage.py rebuild_ratings --check``).

``Rating`` is where a player stands in a game (the rating list reads it in one query);
``RatingPoint`` is the rating after each rated match (the course over time on the
player page, and where a partial recomputation starts from).
"""

from django.db import models
from django.utils.translation import gettext_lazy as _

from .play import Match
from .players import Player


class Rating(models.Model):
    """A player's rating in a game (the ruleset's ``game``: a game family), after their
    last rated match there."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="ratings")
    game = models.CharField(_("game"), max_length=32)
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField()  # mu - 3 sigma: what the list ranks by
    matches = models.PositiveIntegerField(default=0)  # rated matches in this game
    last_played = models.DateTimeField()

    class Meta:
        verbose_name = _("rating")
        verbose_name_plural = _("ratings")
        constraints = [
            models.UniqueConstraint(fields=["player", "game"], name="one_rating_per_game"),
        ]
        indexes = [models.Index(fields=["game", "-ordinal"], name="rating_list")]

    def __str__(self):
        return f"{self.player_id} {self.game}: {self.mu:.3f} ± {self.sigma:.3f}"


class RatingPoint(models.Model):
    """A player's rating after one rated match: the match, the rank it gave them (1 is
    first), their μ and σ after it and how many rated matches in the game it makes.
    ``finished_at`` is the match's, so that the events are ordered without the match."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="rating_points")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="rating_points")
    game = models.CharField(max_length=32)
    finished_at = models.DateTimeField()
    rank = models.PositiveSmallIntegerField()
    mu = models.FloatField()
    sigma = models.FloatField()
    number = models.PositiveIntegerField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["match", "player"], name="one_point_per_seat"),
        ]
        indexes = [
            models.Index(fields=["game", "finished_at", "match"], name="rating_events"),
            models.Index(fields=["player", "game", "finished_at"], name="rating_course"),
        ]

    def __str__(self):
        return f"{self.player_id} after {self.match_id}: {self.mu:.3f} ± {self.sigma:.3f}"


class RatingGame(models.Model):
    """One row per game that has ratings: the lock that every rating write of that game
    takes last, so that two writes (on PostgreSQL) recompute one after the other."""

    game = models.CharField(max_length=32, unique=True)

    def __str__(self):
        return self.game
