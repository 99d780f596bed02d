"""What every page shares: the health check, access to a match, organisers' pages,
htmx-aware templates and redirects."""

import functools
import secrets

from django.conf import settings
from django.contrib import messages
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse, HttpResponsePermanentRedirect
from django.middleware.csrf import get_token
from django.shortcuts import redirect
from django.templatetags.static import static
from django.utils.translation import get_language
from django.views.decorators.http import require_GET, require_safe
from django_htmx.http import HttpResponseClientRedirect

from .. import access
from ..access import Access
from ..models import Match


@require_GET
def ping(request):
    """The trivial view: a health check, and the benchmark's baseline."""
    return HttpResponse("ok", content_type="text/plain")


@require_safe
def favicon(request):
    """Browsers ask for /favicon.ico whatever the page links: they get the SVG the pages
    link (base.html), rather than a 404 in every log."""
    return HttpResponsePermanentRedirect(static("favicon.svg"))


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
    """The page's partial for htmx, the whole page otherwise. When htmx restores a pushed
    address the browser no longer has in its history cache, it asks for the whole page."""
    if request.htmx and not request.htmx.history_restore_request:
        return f"{name}#{partial}"
    return name


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
    except access.NoAccess:
        raise PermissionDenied from None


# Pages that many read and few change (a match's table, a tournament's standings) are
# rendered once per revision and kept in the cache, with this placeholder where each
# viewer's CSRF token goes; ``with_csrf`` puts the token in on the way out. Random per
# process (the cache is too), so that no player name or address can contain it.
CSRF_PLACEHOLDER = f"csrf-{secrets.token_hex(16)}"
PAGE_CACHE_SECONDS = 60 * 60


def with_csrf(html: str, token: str) -> str:
    return html.replace(CSRF_PLACEHOLDER, token)


def cached_page(request, revision: str, render_page) -> HttpResponse:
    """The page ``render_page(csrf_token)`` renders, kept per ``revision`` (a key that
    changes with every write to what the page shows), viewer, language, path and htmx.
    A request with messages to show gets a fresh page (messages show once)."""
    if len(messages.get_messages(request)):
        return render_page(None)
    key = f"page:{revision}:{get_language()}:{request.user.pk}:{bool(request.htmx)}:{request.path}"
    html = cache.get(key)
    if html is None:
        response = render_page(CSRF_PLACEHOLDER)
        if response.status_code != 200:
            return response
        html = response.content.decode()
        cache.set(key, html, PAGE_CACHE_SECONDS)
    return HttpResponse(with_csrf(html, get_token(request)))


def organiser_required(view):
    """Organisers only (``access.organisers_only``): anonymous visitors go to the login
    page, everyone else gets 403 (``views.errors``)."""

    @functools.wraps(view)
    def wrapper(request, *args, **kwargs):
        access.organisers_only(access.page_asker(request))
        return view(request, *args, **kwargs)

    return wrapper
