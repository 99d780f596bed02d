"""Requests with a body take turns for the view threads, so that slow bodies cannot hold
them all (docs/deployment.md, "The server").

Granian hands a request to a view's thread once its headers are in; its body is read as
the view reads it, in that thread, with no time limit. A client that announces a body
and sends it slowly (anyone can, to the login form) holds the thread until it is done.
Here at most ``THREADS - 2`` requests with a body run at once in a worker: the other two
threads are always free for requests without one (pages, the board's polls, /ping/),
which need no turn. A request with a body that finds no turn free is answered 503 with
Retry-After at once, without its body being read: waiting for a turn would hold a thread
too (with a second's wait, 60 slow bodies kept /ping/ at 5 s, bench/floods.py).
"""

from __future__ import annotations

import json
import threading

from django.utils.translation import gettext

RETRY_SECONDS = 5


def has_body(environ) -> bool:
    """Whether the request announces a body (a length, or chunks)."""
    length = environ.get("CONTENT_LENGTH") or "0"
    chunked = "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower()
    return chunked or length.strip() not in ("", "0")


def busy(environ, start_response):
    """503: the turns are all taken. Under /api/ in the API's error shape (API.md)."""
    message = gettext("The server is busy. Try again in a few seconds.")
    path = environ.get("PATH_INFO", "")
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


class BodiesTakeTurns:
    """The WSGI ``application`` with at most ``turns`` requests with a body at a time."""

    def __init__(self, application, turns: int):
        self.application = application
        self.turns = threading.BoundedSemaphore(max(1, turns))

    def __call__(self, environ, start_response):
        if not has_body(environ):
            return self.application(environ, start_response)
        if not self.turns.acquire(blocking=False):
            return busy(environ, start_response)
        try:
            # The body is read, if at all, before the view returns its response.
            return self.application(environ, start_response)
        finally:
            self.turns.release()
