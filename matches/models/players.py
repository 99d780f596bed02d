"""The club's register of players: one row per person, whatever they were called at a table.

Seats (``models.play.Seat``) point here, so that a person's results can be gathered across
matches (and, later, tournaments) by one query over seats.
"""

import unicodedata

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

NAME_MAX = 40


def name_key(name: str) -> str:
    """What makes two names the same person's: whitespace collapsed as at the table,
    canonically composed (an accent typed as two code points is the same accent) and
    casefolded ("ANN", "ann" and "Ann" are one player; "Straße" is "STRASSE").

    Stored in ``Player.name_key`` under a unique constraint, so the rule holds in the
    database on SQLite and PostgreSQL alike: neither's ``LOWER()`` knows Unicode case
    folding the same way Python does."""
    return unicodedata.normalize("NFC", " ".join(name.split())).casefold()


class Player(models.Model):
    """A person in the club's register.

    ``casual``: created from a name typed at a casual match rather than registered by an
    organiser; an organiser can later merge such an entry into a registered player (the
    seats move, so every result is kept). Inactive players are still matched by name
    (they are the same person); ``active`` only hides them from the lists of who plays.
    """

    name = models.CharField(_("name"), max_length=NAME_MAX)
    # Casefolding can lengthen a name ("ß" → "ss", "ΐ" → three code points): at most 3×.
    name_key = models.CharField(max_length=3 * NAME_MAX, editable=False)
    email = models.EmailField(_("e-mail"), blank=True)
    member_no = models.CharField(_("membership number"), max_length=32, blank=True)
    active = models.BooleanField(_("active"), default=True)
    casual = models.BooleanField(_("casual"), default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name_key", "pk"]
        verbose_name = _("player")
        verbose_name_plural = _("players")
        constraints = [
            models.UniqueConstraint(fields=["name_key"], name="one_player_per_name"),
            models.UniqueConstraint(
                fields=["member_no"], condition=~Q(member_no=""), name="one_player_per_member_no"
            ),
            models.CheckConstraint(condition=~Q(name_key=""), name="player_has_a_name"),
        ]

    def __str__(self):
        return self.name

    def save(self, *args, **kwargs):
        self.name_key = name_key(self.name)
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and "name" in update_fields:
            kwargs["update_fields"] = {*update_fields, "name_key"}
        super().save(*args, **kwargs)
