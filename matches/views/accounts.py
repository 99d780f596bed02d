"""Account pages: the first organiser, logging in, the password, API tokens."""

import ipaddress

from django.contrib import messages
from django.contrib.auth import get_user_model, login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import UserCreationForm
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from ..forms.accounts import LoginForm, ThrottledPasswordChangeForm, TokenForm
from ..forms.fields import apply_rule_error
from ..rules import RuleError
from ..services import accounts as services
from .common import client_address


@require_http_methods(["GET", "POST"])
def first_organiser(request):
    """The one-time form that creates the first organiser; gone once anyone exists."""
    if get_user_model().objects.exists():
        raise Http404
    if not _on_this_computer(request):
        # ``make run`` serves the club's network: whoever reaches a fresh install first
        # would become its organiser. The first account is made at the server itself.
        return render(request, "first_organiser.html", {"from_afar": True}, status=403)
    form = UserCreationForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        try:
            user = services.create_first_organiser(
                form.cleaned_data["username"], form.cleaned_data["password1"]
            )
        except services.SetupClosed:
            raise Http404 from None
        login(request, user, backend="matches.auth.Accounts")
        messages.success(request, _("Welcome! You are the organiser of this scorekeeper."))
        return redirect("play:home")
    status = 422 if form.errors else 200
    return render(request, "first_organiser.html", {"form": form}, status=status)


def _on_this_computer(request) -> bool:
    """Whether the request comes from the machine that runs the server (a loopback
    address; behind a proxy on this machine, the address it forwards)."""
    try:
        return ipaddress.ip_address(client_address(request)).is_loopback
    except ValueError:
        return False


class _Throttled:
    """A password form behind the login throttle: 422 with the reasons when it fails,
    429 with the wait (and Retry-After) when the throttle refuses."""

    def get_form_kwargs(self):
        return {
            **super().get_form_kwargs(),
            "throttle": services.LoginThrottle(client_address(self.request)),
        }

    def form_invalid(self, form):
        response = super().form_invalid(form)
        if form.wait:
            response.status_code = 429
            response["Retry-After"] = str(form.wait)
        else:
            response.status_code = 422
        return response


class LoginView(_Throttled, auth_views.LoginView):
    """Django's login page with the throttled form."""

    authentication_form = LoginForm
    redirect_authenticated_user = True


login_view = LoginView.as_view()


class PasswordChangeView(_Throttled, auth_views.PasswordChangeView):
    """Django's password change (login required; the session stays logged in, the
    user's other sessions end) in the house's pages: 422 with the reasons, 429 when the
    old password was guessed too often, back to the account page with a message."""

    form_class = ThrottledPasswordChangeForm
    template_name = "password_change.html"
    success_url = reverse_lazy("accounts:account")

    def form_valid(self, form):
        response = super().form_valid(form)
        messages.success(
            self.request,
            _("Your password was changed. Your other devices have to log in again."),
        )
        return response


password_change = PasswordChangeView.as_view()


# How many of the latest entries of the account's log its page shows.
DELETED_SHOWN = 50


def _deleted(user) -> list:
    """The latest entries of the account's log, each with its game's name translated."""
    entries = list(user.account_audit.all()[:DELETED_SHOWN])
    for entry in entries:
        preset = entry.about.get("preset")
        entry.game_name = _(preset) if preset else entry.about.get("game", "")
    return entries


@login_required
@require_GET
def account(request):
    return render(
        request,
        "account.html",
        {
            "tokens": request.user.api_tokens.all(),
            "form": TokenForm(),
            "new_key": request.session.pop("new_token_key", None),
            # The account's own log: its matches deleted, by it or an organiser.
            "deleted": _deleted(request.user),
        },
    )


@login_required
@require_POST
def token_create(request):
    form = TokenForm(request.POST)
    if form.is_valid():
        try:
            _token, key = services.issue_token(request.user, form.cleaned_data["name"])
        except RuleError as error:
            apply_rule_error(form, error, str)
        else:
            # Shown once on the next page; only the hash is kept.
            request.session["new_token_key"] = key
            return redirect("accounts:account")
    context = {"tokens": request.user.api_tokens.all(), "form": form}
    return render(request, "account.html", context, status=422)


@login_required
@require_POST
def token_revoke(request, token_id: int):
    if not services.revoke_token(request.user, token_id):
        raise Http404
    messages.success(request, _("The token was revoked; scripts using it are locked out."))
    return redirect("accounts:account")
