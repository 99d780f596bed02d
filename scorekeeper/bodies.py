"""Requests take turns to read their bodies, so that slow bodies cannot hold every view
thread (docs/deployment.md, "The server").

Granian hands a request to a view's thread once its headers are in; its body is read as
the view reads it, in that thread, with no time limit. A client that announces a body
and sends it slowly (anyone can, to the login form) holds the thread until it is done.
Here a request with a body first reads it whole, with one of ``THREADS - 2`` turns of
its worker, and lets the turn go before the view runs: an honest client's body has
arrived with its headers, so its turn lasts a moment, while slow bodies hold at most
the turns, and the other two threads stay free for requests without a body (pages, the
board's polls, /ping/), which need none. A request with a body that finds no turn free
is answered 503 with Retry-After at once, its body unread: waiting for a turn would hold
a thread too (with a second's wait, 60 slow bodies kept /ping/ at 5 s, bench/floods.py).
A body longer than Django takes in memory (``DATA_UPLOAD_MAX_MEMORY_SIZE``) keeps its
turn while the view reads it. (``meta``: a request's WSGI environ, Django's
``request.META``.)
"""

from __future__ import annotations

import io
import json
import threading

from django.conf import settings
from django.utils.translation import gettext

RETRY_SECONDS = 5


def has_body(meta) -> bool:
    """Whether the request announces a body (a length, or chunks)."""
    length = meta.get("CONTENT_LENGTH") or "0"
    chunked = "chunked" in meta.get("HTTP_TRANSFER_ENCODING", "").lower()
    return chunked or length.strip() not in ("", "0")


def busy(meta, start_response):
    """503: the turns are all taken. Under /api/ in the API's error shape (matches/api/API.md)."""
    message = gettext("The server is busy. Try again in a few seconds.")
    path = meta.get("PATH_INFO", "")
    if path == "/api" or path.startswith("/api/"):
        body = json.dumps({"error": "busy", "message": message}).encode()
        kind = "application/json"
    else:
        body, kind = message.encode(), "text/plain; charset=utf-8"
    start_response(
        "503 Service Unavailable",
        [
            ("Content-Type", kind),
            ("Content-Length", str(len(body))),
            ("Retry-After", str(RETRY_SECONDS)),
            ("X-Content-Type-Options", "nosniff"),
            ("Cache-Control", "no-store"),
        ],
    )
    return [body]


def read_body(meta) -> bytes | None:
    """The whole body the request announced (less if its client stopped sending), or
    None when it is longer than Django takes in memory, or sent in chunks."""
    if "chunked" in meta.get("HTTP_TRANSFER_ENCODING", "").lower():
        return None
    try:
        length = int(meta.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return None  # Django's to refuse
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    if limit is not None and length > limit:
        return None
    body = bytearray()
    stream = meta["wsgi.input"]
    while len(body) < length:
        chunk = stream.read(length - len(body))
        if not chunk:
            break
        body += chunk
    return bytes(body)


class BodiesTakeTurns:
    """The WSGI ``application``, with at most ``turns`` bodies being read at a time."""

    def __init__(self, application, turns: int):
        self.application = application
        self.turns = threading.BoundedSemaphore(max(1, turns))

    def __call__(self, meta, start_response):
        if not has_body(meta):
            return self.application(meta, start_response)
        if not self.turns.acquire(blocking=False):
            return busy(meta, start_response)
        try:
            body = read_body(meta)
            if body is None:  # a large body: read by the view, within its turn
                return self.application(meta, start_response)
        finally:
            self.turns.release()
        meta["wsgi.input"] = io.BytesIO(body)
        return self.application(meta, start_response)
