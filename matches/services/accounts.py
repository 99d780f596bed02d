"""Writes to accounts: the first organiser, API tokens."""

import secrets
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.db import connection
from django.utils import timezone
from django.utils.translation import gettext

from ..models import ApiToken, hash_token
from .base import writing


class SetupClosed(Exception):
    """Someone created the first organiser already."""


def create_first_organiser(username: str, password: str, email: str = ""):
    """Create the first user, an organiser (staff and superuser); only while there is none."""
    User = get_user_model()
    with writing():
        if connection.vendor == "postgresql":
            # Two first visits at once must not both find the table empty.
            with connection.cursor() as cursor:
                cursor.execute(
                    f"LOCK TABLE {connection.ops.quote_name(User._meta.db_table)} "
                    "IN SHARE ROW EXCLUSIVE MODE"
                )
        if User.objects.exists():
            raise SetupClosed
        return User.objects.create_superuser(username=username, email=email, password=password)


def issue_token(user, name: str) -> tuple[ApiToken, str]:
    """A new API token for ``user``; the key is returned once and stored only as a hash."""
    key = "sk_" + secrets.token_urlsafe(32)
    token = ApiToken.objects.create(
        user=user,
        name=name.strip()[:60] or gettext("API token"),
        key_hash=hash_token(key),
        prefix=key[3:9],
    )
    return token, key


def token_user(key: str):
    """The user an API key stands for, or None. Notes when the token was last used, at
    most once a minute, so that a busy scoreboard does not write on every read."""
    token = ApiToken.find(key)
    if token is None:
        return None
    now = timezone.now()
    if token.last_used_at is None or now - token.last_used_at > timedelta(minutes=1):
        ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
    return token.user


def revoke_token(user, token_id: int) -> bool:
    """Delete one of ``user``'s tokens; False when there is no such token of theirs."""
    deleted, _ = ApiToken.objects.filter(user=user, pk=token_id).delete()
    return bool(deleted)
