"""gunicorn's asyncio worker (``asgi``), with its own refusals under /api/ in JSON.

gunicorn answers a request it cannot parse itself, before the app sees it: a header with
control bytes (400), a request line longer than ``limit_request_line`` (414), too many or
too long header lines (431); and when the app fails before it answers (500). Its answer
is plain text; under /api/ every answer is JSON in the API's error shape, so this
worker's connections write the same status with ``{"error": ..., "message": ...}`` when
the request's target is under /api/. Everything else is gunicorn's: the parser, the
limits, the event loop.
"""

from __future__ import annotations

import json
import re

from gunicorn.asgi import protocol
from gunicorn.workers import gasgi

API_TARGET = re.compile(rb"/api(?:[/?#]|$)")
# A request line too long to parse still starts with its method and target.
LINE_START = re.compile(rb"\s*[!-~]+ (\S+)")
CODES = {
    400: "bad_request",
    408: "request_timeout",
    414: "uri_too_long",
    431: "header_fields_too_large",
    500: "server_error",
}


def api_error(status: int) -> bytes:
    """The API's error body for one of gunicorn's refusals, in the server's language
    (the request's Accept-Language was not read: the request is what went wrong)."""
    from django.utils.translation import gettext

    messages = {
        408: gettext("The request did not arrive in time."),
        414: gettext("The address is too long."),
        431: gettext("The request's headers are too long."),
        500: gettext("Something went wrong on the server."),
    }
    message = messages.get(status) or gettext("The request could not be read.")
    payload = {"error": CODES.get(status, "bad_request"), "message": message}
    return json.dumps(payload).encode()


class ApiErrorsProtocol(protocol.ASGIProtocol):
    def connection_made(self, transport):
        super().connection_made(transport)
        # gunicorn gives a kept-alive connection ``keepalive`` seconds to bring its next
        # request's headers, but a new connection no limit at all: one that sends nothing,
        # or a header line now and then, would stay open for ever. The same timer from
        # the start gives the first request the same bound (gunicorn stops it once the
        # headers are in).
        if self._callback_parser is not None:
            self._arm_keepalive_timer()

    def _target(self) -> bytes | None:
        """The request's target as far as the parser got: its path once the request line
        is read, else the start of the line in its buffer."""
        parser = self._callback_parser
        target = getattr(parser, "path", None)
        if target is None:
            found = LINE_START.match(bytes(getattr(parser, "_buffer", b"")[:512]))
            target = found.group(1) if found else None
        return target

    def _send_error_response(self, status, message, extra_headers=()):
        target = self._target()
        if target is None or not API_TARGET.match(target):
            return super()._send_error_response(status, message, extra_headers)
        body = api_error(status)
        reason = protocol._REASON_PHRASES.get(status, "Bad Request")
        extra = "".join(f"{name}: {value}\r\n" for name, value in extra_headers)
        head = (
            f"HTTP/1.1 {status} {reason}\r\n"
            "Content-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\n"
            "X-Content-Type-Options: nosniff\r\n"
            f"{extra}"
            "Connection: close\r\n"
            "\r\n"
        )
        self._safe_write(head.encode("latin-1"))
        self._safe_write(body)


class ApiErrorsWorker(gasgi.ASGIWorker):
    """gunicorn's ``asgi`` worker whose connections are ``ApiErrorsProtocol``."""

    def init_process(self):
        # The worker builds its connections with the protocol class named in its module;
        # that name is rebound in this worker process only (after the fork), and before
        # the worker's event loop starts.
        gasgi.ASGIProtocol = ApiErrorsProtocol
        super().init_process()
