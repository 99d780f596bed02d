"""Writes to accounts: the first organiser, API tokens, the login throttle."""

import ipaddress
import math
import os
import secrets
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection
from django.db.models import Max, Q
from django.utils import timezone
from django.utils.crypto import salted_hmac

from ..backup import private
from ..models import ApiToken, LoginFailures, hash_token
from ..text import clean_token_name
from .base import writing

try:
    import fcntl
except ImportError:  # not on Windows: one password check at a time per process there
    fcntl = None


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
    """A new API token for ``user``; the key is returned once and stored only as a hash.
    ``name`` (what it is for) goes through ``text.clean_token_name``: RuleError when it
    is refused."""
    name = clean_token_name(name)
    key = "sk_" + secrets.token_urlsafe(32)
    token = ApiToken.objects.create(
        user=user,
        name=name,
        key_hash=hash_token(key),
        prefix=key[3:9],
    )
    return token, key


def token_user(key: str):
    """The user an API key stands for, or None. Notes when the token was last used, at
    most once a minute, so that a busy scoreboard does not write on every read."""
    user = ApiToken.user_for(key)
    if user is None:
        return None
    now, last = timezone.now(), user.api_token_used_at
    if last is None or now - last > timedelta(minutes=1):
        ApiToken.objects.filter(pk=user.api_token_id).update(last_used_at=now)
    return user


def revoke_token(user, token_id: int) -> bool:
    """Delete one of ``user``'s tokens; False when there is no such token of theirs."""
    deleted, _ = ApiToken.objects.filter(user=user, pk=token_id).delete()
    return bool(deleted)


# -- the login throttle -------------------------------------------------------------------
#
# Each failed login counts against the account tried (from wherever) and against the
# address it came from (whatever account): after ``limit`` failures within ``window``
# seconds that account, or that address, is refused for ``lockout`` seconds without the
# password being checked — the right one included. Refusing costs one query and no
# password hash, so a flood gets cheap answers; the account limit stops guessing one
# password from many addresses, the address limit stops trying many accounts from one.
# The price: whoever knows a username can keep it locked, a few minutes at a time.
# API keys and share links need no throttle: they are random, 256 and 128 bits.
#
# Until the limits bite, each attempt costs a password hash (by design a good part of a
# second of CPU), so a flood from many clients at once could take every core. Password
# checks therefore queue, one at a time in the whole server (``password_check``): a flood
# takes one core at most and slows logins, not the rest of the app; and with the check
# and the count inside the queue, the limits hold exactly even for parallel attempts.


@dataclass(frozen=True)
class LoginAttempt:
    """Who tries to log in, as the throttle counts them."""

    username: str
    address: str

    def keys(self) -> dict[str, str]:
        """The counters this attempt counts against, by kind ("account", "address")."""
        return {
            "account": _counter_key("account", self.username.strip().casefold()),
            "address": _counter_key("address", _address_block(self.address)),
        }


PASSWORD_QUEUE_SECONDS = 5  # how long a login waits for its turn before "try again"

_checks = threading.Lock()  # threads of one process: flock alone would not keep them apart
_checks_file: tuple[int, object] | None = None  # (pid, open file): never shared across a fork


@contextmanager
def password_check():
    """Yield True once it is this thread's turn to check a password, False when the turn
    did not come within ``PASSWORD_QUEUE_SECONDS`` (many logins at once: a flood)."""
    global _checks_file
    deadline = time.monotonic() + PASSWORD_QUEUE_SECONDS
    if not _checks.acquire(timeout=PASSWORD_QUEUE_SECONDS):
        yield False
        return
    try:
        folder = settings.DATA_DIR
        if fcntl is None or not folder.is_dir():  # a shared database and no data folder
            yield True
            return
        if _checks_file is None or _checks_file[0] != os.getpid():
            handle = open(folder / "passwords.lock", "a", opener=private)  # noqa: SIM115
            _checks_file = (os.getpid(), handle)
        handle = _checks_file[1]
        if not _flock_by(handle, deadline):
            yield False
            return
        try:
            yield True
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
    finally:
        _checks.release()


def _flock_by(handle, deadline: float) -> bool:
    # flock cannot time out by itself; a waiter polls, which costs next to nothing.
    while True:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.02)


def login_wait(attempt: LoginAttempt) -> int:
    """Seconds until ``attempt`` may be tried (0: now)."""
    now = timezone.now()
    until = LoginFailures.objects.filter(
        key__in=attempt.keys().values(), locked_until__gt=now
    ).aggregate(until=Max("locked_until"))["until"]
    return _seconds_until(until, now)


def login_failed(attempt: LoginAttempt) -> int:
    """Count a failed login; the seconds to wait now (0 unless this failure locked)."""
    now = timezone.now()
    until = None
    with writing():
        for kind, key in attempt.keys().items():
            locked = _count_failure(key, settings.LOGIN_THROTTLE[kind], now)
            if locked and (until is None or locked > until):
                until = locked
        _forget_stale(now)
    return _seconds_until(until, now)


def login_succeeded(attempt: LoginAttempt) -> None:
    """The account's failures are forgiven; the address's are not (one account of one's
    own must not reset the count of trying everybody else's)."""
    with writing():
        LoginFailures.objects.filter(key=attempt.keys()["account"]).delete()


class LoginThrottle:
    """The throttle as a login form asks it, for the logins from one address: the view
    hands it to the form, which so needs no service of its own."""

    def __init__(self, address: str):
        self.address = address

    def turn(self):
        return password_check()

    def wait(self, username: str) -> int:
        return login_wait(LoginAttempt(username, self.address))

    def failed(self, username: str) -> int:
        return login_failed(LoginAttempt(username, self.address))

    def succeeded(self, username: str) -> None:
        login_succeeded(LoginAttempt(username, self.address))


def _count_failure(key: str, policy: dict, now: datetime) -> datetime | None:
    row, _ = LoginFailures.objects.select_for_update().get_or_create(
        key=key, defaults={"since": now}
    )
    if row.since <= now - timedelta(seconds=policy["window"]):
        row.failures, row.since = 0, now  # a new window
    row.failures += 1
    if row.failures >= policy["limit"]:
        # Locked; afterwards a fresh count, so a lock does not renew itself.
        row.locked_until = now + timedelta(seconds=policy["lockout"])
        row.failures, row.since = 0, now
        row.save()
        return row.locked_until
    row.save()
    return None


def _forget_stale(now: datetime) -> None:
    longest = max(
        max(policy["window"], policy["lockout"]) for policy in settings.LOGIN_THROTTLE.values()
    )
    LoginFailures.objects.filter(
        Q(locked_until__isnull=True) | Q(locked_until__lt=now),
        since__lt=now - timedelta(seconds=longest),
    ).delete()


def _counter_key(kind: str, value: str) -> str:
    # Keyed, so that the table does not give away which names and addresses tried.
    return salted_hmac("login-throttle", f"{kind}:{value}", algorithm="sha256").hexdigest()


def _address_block(address: str) -> str:
    """An IPv4 address as it is; an IPv6 address as its /64, which one home or phone
    usually has to itself whole."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if ip.version == 4:
        return str(ip)
    if ip.ipv4_mapped is not None:  # ::ffff:10.0.0.1 is 10.0.0.1
        return str(ip.ipv4_mapped)
    return str(ipaddress.ip_network(f"{ip}/64", strict=False))


def _seconds_until(until: datetime | None, now: datetime) -> int:
    return max(0, math.ceil((until - now).total_seconds())) if until else 0
