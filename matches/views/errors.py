"""Django's own error answers (``handler400`` … ``handler500``, ``CSRF_FAILURE_VIEW``):
JSON in the API's shape under /api/, the site's own pages everywhere else.

Inside the API every route answers its errors itself (``api.base``); these are for what
Django answers before a route is reached or around it — a Host it does not serve, a
middleware that refuses or fails, a CSRF refusal by the middleware — so that not even
those give a client of the API an HTML page.

The pages (404, 403, the CSRF refusal, 500) speak the reader's language and each says
what to do next: a table link that is not known (an earlier round's, a mistyped one) is
told to ask the organiser for this round's table card, since a player at a table has no
account and no home page to go to; everyone else gets the way home.
"""

import re

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import HttpResponseForbidden, HttpResponseServerError
from django.shortcuts import render
from django.template import loader
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from ..api.base import CSRF_MESSAGE, is_api_request, status_error
from ..errors import NotLoggedIn

# A table link's pages all live under its address: /t/<token>/…
TABLE_LINK = re.compile(r"^/t/(?P<token>[^/]+)/")

# The crash page when even the template could not be drawn: no template, no translation.
BARE_500 = (
    "<!doctype html><html lang=en><title>Server error</title>"
    "<h1>Server error (500)</h1><p>Please try again in a moment.</p></html>"
)


STALE_MESSAGE = _(
    "Nothing was saved: the page had expired. It has been loaded again; send it again."
)


def _way_on(request) -> dict:
    """What the page offers next: on a table link's address, that table's page (the
    link itself, for a form that went stale) and the table card advice; else home."""
    found = TABLE_LINK.match(request.path)
    return {"table_link": bool(found), "table_page": found.group(0) if found else ""}


def _page(request, template: str, status: int, **extra):
    return render(request, template, {**_way_on(request), **extra}, status=status)


def bad_request(request, exception, **kwargs):
    if is_api_request(request):
        return status_error(request, 400)
    return _page(request, "400.html", 400)


def permission_denied(request, exception, **kwargs):
    if is_api_request(request):
        return status_error(request, 403)
    if isinstance(exception, NotLoggedIn):
        # Nobody is asking (``access``): the login page, which comes back here after.
        return redirect_to_login(request.get_full_path())
    return _page(request, "403.html", 403)


def page_not_found(request, exception, **kwargs):
    if is_api_request(request):
        return status_error(request, 404)
    return _page(request, "404.html", 404)


def server_error(request, **kwargs):
    if is_api_request(request):
        return status_error(request, 500)
    return HttpResponseServerError(crash_page(request))


def crash_page(request) -> str:
    """The 500 page, drawn from what cannot fail: no database, no session, no context
    processor (the template gets no request), only the language the request asks for
    (its cookie or Accept-Language: the failure may have come before LocaleMiddleware).
    Should even that fail, a few words of plain HTML."""
    try:
        with translation.override(translation.get_language_from_request(request)):
            return loader.get_template("500.html").render(_way_on(request))
    except Exception:
        return BARE_500


def csrf_failure(request, reason="", **kwargs):
    if is_api_request(request):
        return status_error(request, 403, str(CSRF_MESSAGE))
    if request.headers.get("HX-Request") == "true":
        # htmx swaps no 403 (base.html's htmx-config), so the page would stay as it was
        # without a word: it is loaded again instead (with a fresh token) and says why.
        messages.warning(request, STALE_MESSAGE)
        response = HttpResponseForbidden()
        response["HX-Refresh"] = "true"
        return response
    # The reason is for a developer (DEBUG); a player is told what to do about it.
    return _page(request, "403_csrf.html", 403, reason=reason if settings.DEBUG else "")
