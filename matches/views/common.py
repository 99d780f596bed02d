"""What every page shares: the health check, access to a match, htmx-aware templates and
redirects."""

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_GET
from django_htmx.http import HttpResponseClientRedirect

from .. import access
from ..access import Access
from ..models import Match


@require_GET
def ping(request):
    """The trivial view: a health check, and the benchmark's baseline."""
    return HttpResponse("ok", content_type="text/plain")


def client_address(request) -> str:
    """Where a request came from: the peer's address or, behind a proxy that says so
    (``TRUST_X_FORWARDED_FOR``), the last address in X-Forwarded-For — the one the proxy
    itself appended; those before it are whatever the client claimed."""
    if settings.TRUST_X_FORWARDED_FOR:
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")[-1].strip()
        if forwarded:
            return forwarded
    return request.META.get("REMOTE_ADDR", "")


def template_for(request, name: str, partial: str) -> str:
    return f"{name}#{partial}" if request.htmx else name


def leave(request, url: str):
    """A redirect that also leaves the page under htmx (which would follow it in place)."""
    if request.htmx:
        return HttpResponseClientRedirect(url)
    return redirect(url)


def match_for_page(request, match_id: int, needed: Access) -> Match:
    """The match, if ``access`` lets the logged-in user reach ``needed`` into it: 404 when
    there is none, 403 when they may not. (Anonymous visitors never get here: the pages
    that call this are ``login_required``.)"""
    try:
        return access.find_match(access.page_viewer(request), match_id, needed)
    except access.NoSuchMatch:
        raise Http404 from None
    except access.Refused:
        raise PermissionDenied from None
