"""The club's register of players: one row per person, whatever they were called at a table.

Seats (``models.play.Seat``) point here, so that a person's results can be gathered across
matches (and, later, tournaments) by one query over seats.
"""

import unicodedata

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from .. import text
from .audit import Audit

NAME_MAX = text.NAME_MAX


def name_key(name: str) -> str:
    """What makes two names the same person's: whitespace collapsed as at the table,
    canonically composed (an accent typed as two code points is the same accent),
    casefolded ("ANN", "ann" and "Ann" are one player; "Straße" is "STRASSE") and reduced
    to its confusable skeleton ("Аnn" with a Cyrillic А is Ann).

    The folding is ``text.name_key``'s, so that a name cleaned by ``text.clean_name``
    (already composed and collapsed) has the same key here as there; the composing and
    collapsing are repeated for names that did not come through it.

    Stored in ``Player.name_key`` under a unique constraint, so the rule holds in the
    database on SQLite and PostgreSQL alike: neither's ``LOWER()`` knows Unicode case
    folding the same way Python does."""
    return text.name_key(unicodedata.normalize("NFC", " ".join(name.split())))


def name_order(name: str) -> tuple[bytes, str]:
    """The key that sorts names as people read them in the active language
    (``text.name_order``: letters, then accents, then case; "Marianne" before "Resi",
    "Müller" beside "Muller"), for the lists sorted in Python (the seating list, the
    score cards, the standings' ties, the series table, the CSV files). The lists the
    database sorts use the stored ``Player.name_sort``, the same order."""
    return text.name_order(name, get_language() or settings.LANGUAGE_CODE)


def keys(name: str) -> dict[str, str]:
    """A player's stored keys for ``name``: who is who (``name_key``), where the name
    sorts (``name_sort``) and what a search finds in it (``name_search``). Written by
    ``Player.save`` and by whatever inserts players without it (``bulk_create``)."""
    return {
        "name_key": name_key(name),
        "name_sort": text.name_sort_key(name),
        "name_search": text.name_search_key(name),
    }


class Player(models.Model):
    """A person in the club's register.

    ``casual``: created from a name typed at a casual match rather than registered by an
    organiser; an organiser can later merge such an entry into a registered player (the
    seats move, so every result is kept). Inactive players are still matched by name
    (they are the same person); ``active`` only hides them from the lists of who plays.
    """

    name = models.CharField(_("name"), max_length=NAME_MAX)
    # Casefolding and the skeleton lengthen a name ("ß" → "ss", "m" → "rn", an Arabic
    # ligature → the phrase it writes): at most ``KEY_PER_CHARACTER`` times.
    name_key = models.CharField(max_length=text.KEY_PER_CHARACTER * NAME_MAX, editable=False)
    # The name's place in the lists (``text.name_sort_key``: its collation key, as hex; a
    # text, as a key has no useful bound) and what a search finds in it
    # (``text.name_search_key``: the look-alike key without accents). Not unique.
    name_sort = models.TextField(editable=False)
    name_search = models.CharField(max_length=text.KEY_PER_CHARACTER * NAME_MAX, editable=False)
    email = models.EmailField(_("e-mail"), blank=True)
    member_no = models.CharField(_("membership number"), max_length=32, blank=True)
    active = models.BooleanField(_("active"), default=True)
    casual = models.BooleanField(_("casual"), default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name_sort", "pk"]
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
        for field, value in keys(self.name).items():
            setattr(self, field, value)
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and "name" in update_fields:
            kwargs["update_fields"] = {*update_fields, "name_key", "name_sort", "name_search"}
        super().save(*args, **kwargs)

    def get_absolute_url(self):
        return reverse("players:player", args=[self.pk])


class PlayerAudit(Audit):
    """Who changed the register, when, and how: every write of ``services.players`` leaves
    one (a casual player made at a table is in that match's audit instead).

    ``before`` and ``after`` hold the player's facts (``services.players.facts``); a merge
    is written on the player that remains, with both players' facts before and what moved.
    ``player_name`` keeps the name as it was then, so the entry still reads when the
    player is renamed or merged away (a merge moves the merged player's entries to the
    player that remains).
    """

    class Action(models.TextChoices):
        CREATE = "create", _("added")
        EDIT = "edit", _("edited")
        DEACTIVATE = "deactivate", _("deactivated")
        REACTIVATE = "reactivate", _("reactivated")
        MERGE = "merge", _("merged")

    player = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.SET_NULL, related_name="audit"
    )
    player_name = models.CharField(max_length=NAME_MAX)
    action = models.CharField(max_length=16, choices=Action.choices)
    reason = None  # the register asks for none
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)

    class Meta(Audit.Meta):
        verbose_name = _("register change")
        verbose_name_plural = _("register changes")

    def __str__(self):
        return f"{self.by_name} {self.action} {self.player_name}"
