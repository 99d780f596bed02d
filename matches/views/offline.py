"""A table link that keeps scoring when the hall's network drops (issue 24).

- ``/t/sw.js``: the service worker of the table links (its scope is ``/t/``). It keeps
  a copy of each table page and of everything the page loaded, and the WebAssembly
  Python with the rules, so that a table page opens again without the server. The same
  at ``/matches/sw.js`` for the match pages of a logged-in keeper (``/matches/``), and
  at ``/k/sw.js`` for a match's scorer link (``/k/``).
- ``/t/rules-worker.js``: the page's worker that runs the rules in Pyodide; the only
  answer whose policy lets WebAssembly compile (``'wasm-unsafe-eval'``). The same at
  ``/matches/rules-worker.js`` and ``/k/rules-worker.js``: a worker belongs to the service
  worker whose scope holds its own address, not its page's, so that each scope serves
  its own (a match page's worker at ``/t/`` found no copy of itself offline).
- ``/t/rules-<version>.zip``: the pure rules package and its glue for the phone.
- ``/t/<token>/offline.json`` (``/matches/<id>/offline.json``,
  ``/k/<token>/offline.json``): what the phone needs
  to replay its match: the set-up and each hand's input as the server has them, with
  the match's revision.
- ``/t/<token>/waiting/``: the phone says how many hands it holds that the server has
  not seen (the round page, the board and the standings show it; closing asks first).

None of this is needed without JavaScript: the page then works online only, as before.
"""

from __future__ import annotations

import functools
import hashlib
import json
from pathlib import Path

import orjson
from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.http import Http404, HttpResponse, HttpResponseNotModified, JsonResponse
from django.templatetags.static import static
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from .. import access, offline, text
from ..access import Access
from ..services import offline as services
from ..services import selectors
from .common import match_for_page
from .tables import _table

JAVASCRIPT = "text/javascript; charset=utf-8"
# The worker's own policy: the site's, and WebAssembly may compile (Pyodide). Nothing else
# is relaxed: no eval of JavaScript, nothing from elsewhere.
WORKER_POLICY = settings.CONTENT_SECURITY_POLICY.replace(
    "script-src 'self'", "script-src 'self' 'wasm-unsafe-eval'"
)


# The two scripts the views serve, each after a line with its settings.
SCRIPTS = Path(__file__).resolve().parent.parent / "offline_js"


def _script(name: str, config: dict) -> str:
    return f"self.CONFIG = {json.dumps(config)};\n" + (SCRIPTS / name).read_text()


def pyodide_url() -> str:
    """Where the phone loads Pyodide from: this app's static files (the unhashed names,
    which the loader asks for by themselves)."""
    try:
        loader = static(offline.PYODIDE_STATIC + "pyodide.js")
    except ValueError:  # not collected (never fetched): the worker says it cannot start
        loader = settings.STATIC_URL + offline.PYODIDE_STATIC + "pyodide.js"
    return loader.rsplit("/", 1)[0] + "/"


def rules_url() -> str:
    return reverse("offline:rules_zip", args=[offline.rules_zip()[1]])


@require_GET
def service_worker(request):
    # Browsers look for a new service worker on every visit to a page it keeps, past any
    # cache: the answer is revalidated (ETag), and drawn once per process (the Python,
    # the rules and the script do not change under a running server; an upgrade
    # restarts it), so that each visit costs the server next to nothing. Per set of
    # installed games: a test installs one of its own for a while.
    scope = _scope(request)
    return _script_response(request, _service_worker_script(offline.installed_key(), scope))


# Each scope's rules worker, by the scope's address.
WORKERS = {
    "/t/": "offline:rules_worker",
    "/matches/": "offline:match_rules_worker",
    "/k/": "offline:scorer_rules_worker",
}


def _scope(request) -> str:
    """The scope a service worker or rules worker was asked for in: its address's folder."""
    return request.path.rsplit("/", 1)[0] + "/"


@functools.cache
def _service_worker_script(games: str, scope: str = "/t/") -> str:
    # Without Pyodide (``fetch_pyodide`` could not reach the registry) the worker still
    # installs: the pages then keep the hands, without the next deal.
    loaded = offline.PYODIDE_LOADED if offline.pyodide_present() else ()
    urls = [pyodide_url() + name for name in loaded]
    # Each file of which collectstatic made a gzip copy (WhiteNoise's storage, where it
    # saves more than a twentieth): the worker fetches that copy and unpacks it itself,
    # since `make run`'s server sends static files as they are (8.6 MB of WebAssembly in
    # 2.8 MB).
    collected = Path(settings.STATIC_ROOT) / offline.PYODIDE_STATIC
    packed = [pyodide_url() + name for name in loaded if (collected / f"{name}.gz").is_file()]
    urls += [rules_url()]
    # The cache is named by what it holds, the same in every scope: one copy per phone
    # of the Python and the rules, which each scope's worker finds (the activation of one
    # scope's worker carries over and drops the caches of other versions).
    version = hashlib.sha256("\n".join([*urls, _worker_url(games)]).encode()).hexdigest()[:12]
    urls.append(_worker_url(games, scope))
    config = {"version": version, "precache": urls, "packed": packed}
    return _script("sw.js", config | {"static": settings.STATIC_URL})


def _script_response(request, body: str, policy: str | None = None) -> HttpResponse:
    etag = f'"{hashlib.sha256(body.encode()).hexdigest()[:16]}"'
    if etag in request.headers.get("If-None-Match", ""):
        response = HttpResponseNotModified()
    else:
        response = HttpResponse(body, content_type=JAVASCRIPT)
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"
    if policy:
        response["Content-Security-Policy"] = policy
    return response


def worker_url(scope: str = "/t/") -> str:
    return _worker_url(offline.installed_key(), scope)


@functools.cache
def _worker_url(games: str, scope: str = "/t/") -> str:
    return reverse(WORKERS[scope]) + f"?v={offline.rules_zip()[1]}"


@require_GET
def rules_worker(request):
    return _script_response(request, _rules_worker_script(offline.installed_key()), WORKER_POLICY)


@functools.cache
def _rules_worker_script(games: str) -> str:
    return _script("rules-worker.js", {"pyodide": pyodide_url(), "rules": rules_url()})


@require_GET
def rules_zip(request, version: str):
    data, current = offline.rules_zip()
    if version != current:
        raise Http404  # an old page asks for old rules: it reloads the worker's address
    response = HttpResponse(data, content_type="application/zip")
    response["Cache-Control"] = "public, max-age=31536000, immutable"
    return response


@require_GET
def table_offline(request, token: str):
    """The match as the phone replays it: the set-up and the hands' inputs."""
    table, door = _table(token)
    match = table.match
    reach = access.table_link_access(token, match)
    if reach < Access.READ:
        raise Http404
    return _offline_json(match, reach >= Access.WRITE)


@login_required
@require_GET
def match_offline(request, match_id: int):
    """The same for a match page of its keeper (or an organiser), logged in."""
    return _offline_json(match_for_page(request, match_id, Access.WRITE), True)


@require_GET
def scorer_offline(request, token: str):
    """The same for a match's scorer link: 404 for a link replaced since (the phone then
    keeps its hands and says the server refused them)."""
    try:
        match = access.scored_match(token)
    except access.NoSuchMatch:
        raise Http404 from None
    return _offline_json(match, True)


def _offline_json(match, writes: bool) -> HttpResponse:
    # A phone fetches it on every visit and after every hand it sends: kept per match
    # revision (every write bumps it), as the API's match JSON is.
    key = f"offline-json:{int(writes)}:{selectors.cache_key(match)}"
    body = cache.get(key)
    if body is None:
        snapshot = selectors.snapshot(match)
        state = snapshot.state
        body = orjson.dumps(
            {
                "match": {
                    "id": match.pk,
                    "game": match.game,
                    "variant": match.variant,
                    "options": match.options,
                    "players": list(state.players),
                    "first_dealer": match.first_dealer,
                    "setup": match.setup,
                    "stopped": match.stopped,
                },
                "hands": [hand.input for hand in state.hands],
                "versions": list(snapshot.versions),
                "revision": match.revision,
                "next_number": state.hand_count + 1,
                "finished": state.finished,
                "writes": writes,
            }
        )
        cache.set(key, body, selectors.STATE_CACHE_SECONDS)
    return HttpResponse(body, content_type="application/json")


@require_POST
def table_waiting(request, token: str):
    """The phone's count of the hands it holds; taken while the link reads at all (a
    phone may find its round closed when it gets through, and the organiser should
    still hear of the hands it holds)."""
    table, door = _table(token)
    if access.table_link_access(token, table.match) < Access.READ:
        raise Http404
    count = text.typed_whole(request.POST.get("count", ""))
    if count is None or count > services.MOST_WAITING:
        return JsonResponse({"error": "count"}, status=400)
    services.report_waiting(table, count)
    return HttpResponse(status=204)
