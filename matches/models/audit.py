"""Who changed what, when: the one shape of every audit trail (a match's, the register's, a
tournament's, a series'), and the one way a write names who did it (``Actor``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import models
from django.utils.translation import gettext


@dataclass(frozen=True)
class Actor:
    """Who does a write, as its audit names them: an account, or a link, which has no
    account: a tournament table's, a match's scorer link, a player's own link.

    ``name`` is what the audit keeps (``by_name``): the username, or ``table:<n>``. A
    table's actor carries its table, so that the write itself decides, under the
    tournament's lock, whether the link still writes (``services.play``): a check made
    before the write's transaction could be overtaken by a confirmation or a round's
    close. Every service takes ``by`` as an account or an ``Actor`` (``Actor.of``)."""

    name: str
    user: Any = None  # the account; None for a link
    table_id: int | None = None  # the tournament table whose link writes
    scorer_token: str | None = None  # the scorer link that writes (checked under the lock)

    @classmethod
    def of(cls, by: Any) -> Actor:
        """``by`` as an actor: an actor already, an account, or (a script's) a name."""
        if isinstance(by, Actor):
            return by
        if hasattr(by, "get_username"):
            user = by if getattr(by, "is_authenticated", False) else None
            return cls(str(by.get_username() or ""), user=user)
        return cls(str(by or ""))

    @classmethod
    def table(cls, number: int, table_id: int | None = None) -> Actor:
        return cls(f"table:{number}", table_id=table_id)

    @classmethod
    def scorer(cls, token: str) -> Actor:
        """Whoever holds a match's scorer link (``/k/<token>/``): no account, one match.
        The write asks under the match's lock whether ``token`` is still its link."""
        return cls(SCORER_LINK, scorer_token=token)

    @classmethod
    def player(cls) -> Actor:
        """A player through their own link (``/p/<token>/``): no account; it checks that
        player in, nothing else (the entry is named in what the audit keeps)."""
        return cls(PLAYER_LINK)

    @property
    def who(self) -> str:
        return who(self.name)

    def __str__(self) -> str:
        return self.name


# What the audit keeps (``by_name``) for a write through a scorer link: no username has a
# colon, so it is nobody's name.
SCORER_LINK = "scorer:link"
# And for a player's own link (a self check-in).
PLAYER_LINK = "player:link"


def who(by_name: str) -> str:
    """Who made a change, in the reader's language: a username, or a table's phone."""
    if by_name == SCORER_LINK:
        return gettext("scorer link")
    if by_name == PLAYER_LINK:
        return gettext("player link")
    kind, _colon, number = by_name.partition(":")
    if kind == "table" and number.isdigit():
        return gettext("table %(number)s (phone)") % {"number": number}
    return by_name


class Audit(models.Model):
    """One change: when, by whom (the account, and its name, kept when the account is
    deleted), what, and the reason given. Each trail adds what it is about."""

    at = models.DateTimeField(auto_now_add=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    by_name = models.CharField(max_length=150)  # kept when the user is deleted
    action = models.CharField(max_length=32)
    reason = models.CharField(max_length=200, blank=True)

    class Meta:
        abstract = True
        ordering = ["at", "pk"]

    @property
    def who(self) -> str:
        return who(self.by_name)

    @staticmethod
    def naming(by: Any) -> dict[str, Any]:
        """The fields that name who did it (``by`` as ``Actor.of`` takes it)."""
        actor = Actor.of(by)
        return {"by": actor.user, "by_name": actor.name}
