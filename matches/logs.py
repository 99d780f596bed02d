"""What the server's log says (docs/deployment.md, "The log").

Secrets stay out of it: table links (``/t/<token>/``), scorer links (``/k/<token>/``),
share links (``/s/<token>/``), player links (``/p/<token>/``) and board keys (``?key=``,
``?share=``) are whoever holds them, so an access log or a "Not Found" warning that
kept them would hand them to anyone who reads the log. Both gunicorn's access log and
Django's console log pass through ``redact``.

A 500 in it is a fault of the server, once, with its traceback: a refusal or a redirect
to the login page is one line (``OneLineRefusals``), and a client that left before its
answer was complete is one line that says so, not a 500 (``Answer``).
"""

from __future__ import annotations

import logging
import re
from contextvars import ContextVar
from dataclasses import dataclass

from gunicorn import glogging

_IN_PATH = re.compile(r"(/[tskp]/|/accounts/invite/)[^/?#\s\"]+")
_IN_QUERY = re.compile(r"((?:^|[?&;])(?:key|share)=)[^&#;\s\"]*")
HIDDEN = "…"


def redact(text: str) -> str:
    """``text`` with every link token and board key replaced by an ellipsis."""
    return _IN_QUERY.sub(r"\g<1>" + HIDDEN, _IN_PATH.sub(r"\g<1>" + HIDDEN, text))


class RedactSecrets(logging.Filter):
    """Django's log records (``Not Found: /t/<token>/``), redacted as they are written."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        cleaned = redact(message)
        if cleaned != message:
            record.msg, record.args = cleaned, ()
        return True


class OneLineRefusals(logging.Filter):
    """A refusal is an everyday answer — a player's phone on an organiser's page (403), an
    anonymous visitor sent to the login page (302) or an API call without credentials
    (401), an expired session — not a fault: Django logs it with the ``PermissionDenied``
    traceback, a dozen lines of our own code for every refused request. The line that
    says what was refused, where, is enough. Whatever was answered below 500 is the
    client's business; only a 500 keeps its traceback."""

    def filter(self, record: logging.LogRecord) -> bool:
        status = getattr(record, "status_code", None)
        if isinstance(status, int) and status < 500 and record.exc_info:
            record.exc_info, record.exc_text = None, None
        return True


NO_BODY = frozenset({204, 304})  # RFC 9110: these answers (and HEAD's, and 1xx) carry none


@dataclass
class Answer:
    """What the app handed the server for one request (``scorekeeper.asgi`` notes it),
    so that the access log can tell an answer the client left before it was complete
    from one the server gave. gunicorn writes nothing more once the client is gone and
    logs such a request as the status it started with — or, when not even the status
    line went out, as "500 0"."""

    method: str
    status: int | None = None  # the status the app answered with
    body: int = 0  # the bytes of body the app handed over
    cancelled: bool = False  # the server gave up on the app (its client long gone)

    def incomplete(self, status, sent: int | None) -> bool:
        """Whether the server wrote less than this answer: ``status`` and ``sent`` are
        what gunicorn logs (the status it wrote, the bytes of body it wrote)."""
        if self.cancelled:
            return True
        if self.status is None:
            return False  # the app never answered: the server's own 500 stands
        if int(str(status).split(None, 1)[0]) != self.status:
            return True  # the status line never went out
        carries_body = not (self.method == "HEAD" or self.status < 200 or self.status in NO_BODY)
        return carries_body and (sent or 0) < self.body


# The request being answered: set by the app in the task that serves the request, which
# is the task that writes its access log line.
ANSWER: ContextVar[Answer | None] = ContextVar("answer", default=None)
LEFT = "client left before the answer was complete"
CANCELLED = "answer cancelled before it was complete: its client had left (or the server stopped)"


class GunicornLogger(glogging.Logger):
    """gunicorn's logger with its access log redacted, in which a request whose client
    left before its answer was complete is one line that says so, not a 500."""

    def access(self, resp, req, environ, request_time):
        answer = ANSWER.get()
        if answer is None or not answer.incomplete(resp.status, getattr(resp, "sent", None)):
            return super().access(resp, req, environ, request_time)
        if not self.access_log_enabled:
            return None
        atoms = self.atoms(resp, req, environ, request_time)
        what = CANCELLED if answer.cancelled else LEFT
        line = '%s - - %s "%s" %s (%s bytes of body sent)'
        self.access_log.info(line, atoms["h"], atoms["t"], atoms["r"], what, atoms["b"])
        return None

    def atoms(self, resp, req, environ, request_time):
        atoms = super().atoms(resp, req, environ, request_time)
        # Every atom, the environment's and the headers' included: the request line, the
        # path, the query and the referrer all carry them.
        return {
            name: redact(value) if isinstance(value, str) else value
            for name, value in atoms.items()
        }
