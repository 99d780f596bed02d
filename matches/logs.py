"""Secrets stay out of the logs: table links (``/t/<token>/``), scorer links
(``/k/<token>/``), share links (``/s/<token>/``), player links (``/p/<token>/``) and
board keys (``?key=``, ``?share=``) are whoever holds them, so an access log or a "Not
Found" warning that kept them would hand them to anyone who reads the log. Both
gunicorn's access log and Django's console log pass through ``redact``.
"""

from __future__ import annotations

import logging
import re

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
    """A refusal (403) is an everyday answer — a player's phone on an organiser's page, an
    expired session — not a fault: Django logs it with the ``PermissionDenied`` traceback,
    a dozen lines of our own code for every refused request. The line that says what
    was refused, where, is enough."""

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "status_code", None) == 403 and record.exc_info:
            record.exc_info, record.exc_text = None, None
        return True


class GunicornLogger(glogging.Logger):
    """gunicorn's logger with its access log redacted."""

    def atoms(self, resp, req, environ, request_time):
        atoms = super().atoms(resp, req, environ, request_time)
        # Every atom, the environment's and the headers' included: the request line, the
        # path, the query and the referrer all carry them.
        return {
            name: redact(value) if isinstance(value, str) else value
            for name, value in atoms.items()
        }
