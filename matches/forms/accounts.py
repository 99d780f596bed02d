"""The forms of accounts: the login and the password change behind the login throttle,
an API token's name."""

import math
from contextlib import AbstractContextManager
from typing import Protocol

from django import forms
from django.contrib.auth.forms import AuthenticationForm, PasswordChangeForm
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from ..text import TOKEN_NAME_MAX, TOKEN_NAME_TOO_LONG
from .fields import TypedText


class TokenForm(forms.Form):
    name = TypedText(
        label=_("What is it for?"),
        max_length=TOKEN_NAME_MAX,
        too_long=TOKEN_NAME_TOO_LONG,
        widget=forms.TextInput(attrs={"placeholder": _("e.g. club scoreboard")}),
    )


class LoginForm(AuthenticationForm):
    """Django's login form behind the login throttle (``throttled_check``), which the
    view hands it (``throttle``: the services' throttle for this request's address)."""

    def __init__(self, request=None, *args, throttle: "Throttle", **kwargs):
        super().__init__(request, *args, **kwargs)
        self.throttle = throttle
        self.wait = 0  # seconds, once the throttle refused

    def clean(self):
        username = self.cleaned_data.get("username")
        if username is None or not self.cleaned_data.get("password"):
            return super().clean()  # a field is missing: its own message says so
        return throttled_check(self, self.throttle, username, super().clean)


class ThrottledPasswordChangeForm(PasswordChangeForm):
    """Django's password change, whose "old password" counts against the same throttle as
    a login: a phone left logged in must not let a stranger guess the password."""

    def __init__(self, user, *args, throttle: "Throttle", **kwargs):
        super().__init__(user, *args, **kwargs)
        self.throttle = throttle
        self.wait = 0

    def clean_old_password(self):
        username = self.user.get_username()
        return throttled_check(self, self.throttle, username, super().clean_old_password)


WRONG_PASSWORD = ("invalid_login", "password_incorrect")  # Django's codes for it


BUSY_SECONDS = 5


class Throttle(Protocol):
    """The login throttle (``services.accounts.LoginThrottle``), as the view hands it."""

    def turn(self) -> AbstractContextManager[bool]: ...
    def wait(self, username: str) -> int: ...
    def failed(self, username: str) -> int: ...
    def succeeded(self, username: str) -> None: ...


def throttled_check(form, throttle: Throttle, username: str, check):
    """``check()`` (Django's own password check, raising when it is wrong) behind the
    login throttle: in the queue of password checks, refused without checking while the
    account or address is locked, the failure counted. The failure that locks already
    says how long to wait; ``form.wait`` keeps the seconds."""
    with throttle.turn() as my_turn:
        if not my_turn:
            form.wait = BUSY_SECONDS
            raise ValidationError(
                _("Many logins at once. Try again in a few seconds."), code="busy"
            )
        form.wait = throttle.wait(username)
        if form.wait:
            raise ValidationError(too_many_failures(form.wait), code="throttled")
        try:
            checked = check()
        except ValidationError as error:
            if error.code not in WRONG_PASSWORD:
                raise
            form.wait = throttle.failed(username)
            if form.wait:
                raise ValidationError(too_many_failures(form.wait), code="throttled") from None
            raise
        throttle.succeeded(username)
        return checked


def too_many_failures(wait: int) -> str:
    minutes = max(1, math.ceil(wait / 60))
    return ngettext(
        "Too many failed logins. Try again in %(minutes)s minute.",
        "Too many failed logins. Try again in %(minutes)s minutes.",
        minutes,
    ) % {"minutes": minutes}
