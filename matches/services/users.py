"""Writes to the club's accounts by an organiser (issue 20, item 4): a scorer gets an
account without the organiser's password, by a name and password the organiser types or
by a one-time invite link that expires; an organiser makes accounts organisers or takes
that away, never leaving the club without one.

An invite is a signed token (Django's ``TimestampSigner``, the project's secret key) that
names the account to be: it expires after ``INVITE_DAYS`` and is spent once that account
exists, so it needs no table of its own.

Account names are told apart as the register tells players' names apart
(``text.name_key``): "Org", "ORG" and "оrg" with a Cyrillic о are the account "org",
refused as a second one. What is decided about the accounts together (is a name taken,
is there another organiser) is decided under ``_accounts_locked``, so that two such
writes at once take turns instead of each deciding on what the other is changing.
"""

from __future__ import annotations

import secrets

from django.contrib.auth import get_user_model, password_validation
from django.core import signing
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from ..errors import Clash, Invalid
from ..text import clean_name, name_key
from .base import writing

INVITE_DAYS = 7
_SALT = "matches.invite"


def _accounts_locked() -> None:
    """Lock every account's row, in one order (by id), for the rest of the transaction.
    On PostgreSQL a second write about the accounts waits here until the first commits,
    and its queries after the lock see what the first wrote (two organisers demoting
    each other at once, one invite accepted four times at once, two look-alike names);
    on SQLite the writer queue already lets one write at a time (``base.writing``).
    ``no_key``: the rows that point at an account (a new match, an API token) need not
    wait."""
    list(get_user_model().objects.select_for_update(no_key=True).order_by("pk").values("pk"))


def _look_alike(username: str):
    """The account whose name is ``username`` or looks like it, ignoring case, if any."""
    key = name_key(username)
    for other in get_user_model().objects.order_by("pk").values_list("username", flat=True):
        if name_key(other) == key:
            return other
    return None


def _username(name: str) -> str:
    username = clean_name(name, field="username")
    try:
        get_user_model().username_validator(username)
    except ValidationError:
        raise Invalid(
            _("A user name may hold letters, digits and @ . + - _ only, no spaces.")
        ) from None
    taken = _look_alike(username)
    if taken is not None:
        raise Clash(_("There is an account called %(name)s already.") % {"name": taken})
    return username


def _password(password: str, username: str) -> str:
    user = get_user_model()(username=username)
    try:
        password_validation.validate_password(password or "", user)
    except ValidationError as error:
        raise Invalid(" ".join(error.messages)) from None
    return password


def _account(username: str, password: str):
    """A new account, its password checked by the validators first."""
    return get_user_model().objects.create_user(username, password=_password(password, username))


def add_user(name: str, password: str):
    """A new account (no organiser) with the password the organiser typed."""
    with writing():
        _accounts_locked()
        return _account(_username(name), password)


def invite(name: str) -> str:
    """A one-time invite for an account called ``name``: the token of its link."""
    username = _username(name)
    return signing.TimestampSigner(salt=_SALT).sign_object(
        {"u": username, "n": secrets.token_urlsafe(8)}
    )


def invited(token: str) -> str:
    """The account name an invite is for; ``Invalid`` when it expired, was spent (the
    account exists) or is no invite of ours."""
    try:
        data = signing.TimestampSigner(salt=_SALT).unsign_object(
            token, max_age=INVITE_DAYS * 24 * 3600
        )
    except signing.SignatureExpired:
        raise Invalid(_("This invite has expired: ask the organiser for a new one.")) from None
    except (signing.BadSignature, ValueError, TypeError):
        raise Invalid(_("This is no invite of ours.")) from None
    username = str(data.get("u", "")) if isinstance(data, dict) else ""
    taken = _look_alike(username) if username else None
    if not username or (taken is not None and taken.casefold() == username.casefold()):
        raise Invalid(_("This invite has been used already."))
    if taken is not None:
        raise Invalid(
            _("There is an account called %(name)s already: ask the organiser for a new invite.")
            % {"name": taken}
        )
    return username


def accept_invite(token: str, password: str):
    """The invited account, made with the password its holder chose (once: the same
    invite sent again, at once or later, is refused)."""
    with writing():
        _accounts_locked()
        return _account(invited(token), password)


def set_organiser(user, organiser: bool):
    """Make ``user`` an organiser, or take that away; never the last active organiser."""
    User = get_user_model()
    with writing():
        # Every account locked, not only this one: two organisers taking it away from
        # each other at once would otherwise each count the other (write skew).
        _accounts_locked()
        user = User.objects.get(pk=user.pk)
        if not organiser and user.is_staff:
            others = User.objects.filter(is_staff=True, is_active=True).exclude(pk=user.pk)
            if not others.exists():
                raise Clash(_("The club needs an organiser: make another one first."))
        user.is_staff = organiser
        user.save(update_fields=["is_staff"])
    return user
