"""The walk over every route of the site that the link tests share: a token that opens one
thing (a table's link, a match's scorer link) must be refused everywhere else."""

import re

from django.urls import URLPattern, URLResolver, get_resolver

# What anyone may read, with a token or without.
OPEN_TO_ALL = {
    "/ping/",
    "/favicon.ico",
    "/accounts/login/",
    "/api/games",
    "/api/openapi.json",
    "/api/docs",
    "/api/contract",  # the API's contract, as its docs page links it
    "/manifest.webmanifest",  # what a phone reads to install the app
    "/t/sw.js",  # the table links' service worker: code, no data (issue 24)
    "/t/rules-worker.js",  # the worker that runs the rules on a phone: code too
    "/matches/rules-worker.js",  # the same worker under the match pages' scope
    "/k/rules-worker.js",  # and under the scorer links'
    "/matches/sw.js",  # the match pages' registration of the same service worker
    "/k/sw.js",  # and the scorer links'
}
REFUSED = (302, 401, 403, 404, 405)


def every_path(values, own=()):
    """Every route of the site but what anyone may read (and ``own``: what the token
    under test opens), its parameters filled in from ``values`` (1 for one it does not
    name)."""
    for pattern in _patterns(get_resolver().url_patterns):
        if "<" not in pattern and "(" in pattern or pattern.startswith("^"):
            continue  # the API's catch-all and Django's own regex routes
        path = "/" + re.sub(r"<(?:\w+:)?(\w+)>", lambda m: str(values.get(m.group(1), 1)), pattern)
        if (
            path in OPEN_TO_ALL
            or path in own
            or path.startswith(("/i18n/", "/setup/", "/api/docs"))
        ):
            continue
        yield path


def _patterns(patterns, prefix=""):
    for item in patterns:
        if isinstance(item, URLResolver):
            yield from _patterns(item.url_patterns, prefix + str(item.pattern))
        elif isinstance(item, URLPattern):
            yield prefix + str(item.pattern)


def assert_refused(client, method, path, token, refused=REFUSED):
    """``method`` ``path`` with ``token`` as a bearer token is refused (``refused``: the
    answers that count as a refusal); a redirect goes to the login page only."""
    # A JSON body under /api/, so that the credentials are what is judged.
    body = {"data": "{}", "content_type": "application/json"} if method == "post" else {}
    response = getattr(client, method)(path, **body, HTTP_AUTHORIZATION=f"Bearer {token}")
    assert response.status_code in refused, (method, path, response)
    if response.status_code == 302:
        assert "/accounts/login/" in response["Location"], (method, path)


def assert_refused_everywhere(client, token, values, *, own=(), api_refused=REFUSED) -> int:
    """Every path of ``every_path(values, own)``, by GET and POST, with ``token`` as a
    bearer token and as ``?share=``/``?key=``, is refused (``api_refused``: what counts as
    a refusal under /api/); returns how many requests were asked."""
    checked = 0
    for path in every_path(values, own):
        refused = api_refused if path.startswith("/api/") else REFUSED
        for method in ("get", "post"):
            assert_refused(client, method, f"{path}?share={token}&key={token}", token, refused)
            checked += 1
    return checked
