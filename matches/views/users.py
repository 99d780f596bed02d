"""The club's accounts, for its organisers (issue 20, item 4): add a scorer by name and
password or by a one-time invite link (with its QR code), make an account an organiser or
take that away; and the invite's own page, where its holder chooses a password."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth import get_user_model, login
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from .. import links, text
from ..errors import Invalid, Refused, explain
from ..forms.fields import TypedText
from ..rules import RuleError
from ..services import users as services
from .common import leave, organiser_required, template_for


class UserForm(forms.Form):
    name = TypedText(label=gettext_lazy("User name"), max_length=150)
    password = forms.CharField(
        label=gettext_lazy("Password"), widget=forms.PasswordInput, required=False
    )


class PasswordForm(forms.Form):
    password = forms.CharField(label=gettext_lazy("Choose a password"), widget=forms.PasswordInput)


@organiser_required
@require_http_methods(["GET", "POST"])
def user_list(request):
    User = get_user_model()
    form = UserForm(request.POST if request.POST.get("do") in ("add", "invite") else None)
    invite_url = ""
    status = 200
    if request.method == "POST":
        do = request.POST.get("do")
        try:
            if do == "add" and form.is_valid():
                user = services.add_user(form.cleaned_data["name"], form.cleaned_data["password"])
                messages.success(request, _("%(name)s can log in now.") % {"name": user.username})
                return leave(request, reverse("accounts:users"))
            elif do == "invite" and form.is_valid():
                token = services.invite(form.cleaned_data["name"])
                invite_url = links.origin(request) + reverse("accounts:invite", args=[token])
            elif do == "organiser":
                chosen = text.typed_whole(request.POST.get("user", ""))
                user = User.objects.filter(pk=chosen).first() if chosen else None
                if user is None or request.POST.get("organiser") not in ("0", "1"):
                    raise Invalid(_("Choose an account and what it becomes."))
                services.set_organiser(user, request.POST["organiser"] == "1")
                messages.success(request, _("Saved."))
                return leave(request, reverse("accounts:users"))
            elif do not in ("add", "invite"):
                raise Invalid(_("Choose what to do."))
            else:
                status = 422
        except Refused as refused:
            messages.warning(request, refused.message)
            status = refused.status
        except RuleError as error:  # the name, as the services clean it
            messages.warning(request, explain(error))
            status = 422
    context = {
        "users": User.objects.order_by("username"),
        "form": form,
        "invite_url": invite_url,
        "invite_qr": links.qr_svg(invite_url) if invite_url else "",
        "invite_days": services.INVITE_DAYS,
    }
    return render(request, template_for(request, "users/list.html", "body"), context, status=status)


@require_http_methods(["GET", "POST"])
def invite(request, token: str):
    """An invite's page: its holder chooses a password, and is logged in."""
    try:
        username = services.invited(token)
    except Refused as refused:
        return render(request, "users/invite.html", {"refused": refused.message}, status=404)
    form = PasswordForm(request.POST if request.method == "POST" else None)
    status = 200
    if request.method == "POST" and form.is_valid():
        try:
            user = services.accept_invite(token, form.cleaned_data["password"])
        except (Refused, RuleError) as refused:
            form.add_error(
                "password", explain(refused) if isinstance(refused, RuleError) else refused.message
            )
        else:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            messages.success(request, _("Welcome, %(name)s.") % {"name": user.username})
            return leave(request, reverse("play:home"))
    if form.errors:
        status = 422
    return render(request, "users/invite.html", {"form": form, "username": username}, status=status)
