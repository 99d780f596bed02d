"""Accounts: API tokens for scripts (users are Django's own)."""

import hashlib

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from .audit import Audit
from .play import the_one


def hash_token(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


# What an API call reads of the key's user: who it is (the audit names them), whether they
# may act and how far (``access``). The user's other columns (the password's hash, the
# name and address, the dates) stay unread: building the statement and the instance of
# every column of two tables was a good part of what a hand recorded by a key cost
# (bench/profile_write.py). Any other column is still there when asked for (one query).
TOKEN_USER_COLUMNS = (
    "user__username",
    "user__is_active",
    "user__is_staff",
    "user__is_superuser",
)


class ApiToken(models.Model):
    """A bearer token for scripts. Only its hash is stored; the key is shown once."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens"
    )
    name = models.CharField(_("name"), max_length=60)
    key_hash = models.CharField(max_length=64, unique=True)
    prefix = models.CharField(max_length=8)  # lets the user tell tokens apart
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self):
        return f"{self.name} ({self.prefix}…)"

    @classmethod
    def user_for(cls, key: str):
        """The user whose live token ``key`` is (the user still active), or None, in one
        query (the token joined to its user): every API call made with a key starts here.
        The token's id and when it was last used are on the user as ``api_token_id`` and
        ``api_token_used_at``."""
        found = cls.objects.select_related("user").only("last_used_at", *TOKEN_USER_COLUMNS)
        token = the_one(found.filter(key_hash=hash_token(key)))
        if token is None or not token.user.is_active:
            return None
        user = token.user
        user.api_token_id, user.api_token_used_at = token.pk, token.last_used_at
        return user


class LoginFailures(models.Model):
    """Failed logins counted for one account or one address, for the login throttle
    (``services.accounts``). Kept in the database, not in the cache: the cache is each
    worker's own memory, and every worker must see the same count.

    ``key`` is a keyed hash of "account:<name>" or "address:<ip>": neither the names
    people mistyped (sometimes a password) nor their addresses are stored readably."""

    key = models.CharField(max_length=64, unique=True)
    failures = models.PositiveIntegerField(default=0)
    since = models.DateTimeField()  # the first failure counted in this window
    locked_until = models.DateTimeField(null=True, blank=True)

    def __str__(self):
        return f"{self.failures} since {self.since:%Y-%m-%d %H:%M}"


class AccountAudit(Audit):
    """An account's own log: what was done to its matches that the match's own trail
    cannot keep. A deleted match takes its seats, hands and audit trail with it, so its
    deletion is written here, under its owner (whoever deleted it: ``by``), with what the
    match was (``about``: game, variant, players, hands, totals, winners, when it was
    made) — a record that outlives the match (issue 20, item 3)."""

    class Action(models.TextChoices):
        DELETE = "delete", _("deleted the match")

    account = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="account_audit"
    )
    action = models.CharField(max_length=16, choices=Action.choices)
    # The match's id when it existed (no key: the row is gone).
    match_id = models.PositiveBigIntegerField(null=True, blank=True)
    about = models.JSONField(default=dict, blank=True)

    class Meta(Audit.Meta):
        ordering = ["-at", "-pk"]
        indexes = [models.Index(fields=["account", "-at"], name="account_audit_latest")]

    def __str__(self):
        return f"{self.by_name} {self.action} {self.match_id}"
