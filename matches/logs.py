"""What the server's log says (docs/deployment.md, "The log").

Secrets stay out of it: table links (``/t/<token>/``), scorer links (``/k/<token>/``),
share links (``/s/<token>/``), player links (``/p/<token>/``) and board keys (``?key=``,
``?share=``) are whoever holds them, so an access log or a "Not Found" warning that
kept them would hand them to anyone who reads the log. Both Granian's access log
(``AccessLine``) and Django's console log pass through ``redact``.

A 500 in it is a fault of the server, once, with its traceback: a refusal or a redirect
to the login page is one line (``OneLineRefusals``).
"""

from __future__ import annotations

import logging
import re

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


# Granian's access log line (``scorekeeper.serve``): its own atoms (``addr``, ``time``,
# ``status``, ``dt_ms``) and ``request``, which ``AccessLine`` adds, redacted.
ACCESS_FORMAT = '%(addr)s - - [%(time)s] "%(request)s" %(status)d %(dt_ms).1f ms'


class AccessLine(logging.Filter):
    """Granian's access log record (its atoms in a mapping: ``method``, ``path``,
    ``query_string``, ``protocol``...) with the request line it lacks, ``request``
    (``GET /t/…/?key=… HTTP/1.1``), and its own path and query redacted too."""

    def filter(self, record: logging.LogRecord) -> bool:
        atoms = record.args
        if isinstance(atoms, dict) and "path" in atoms:
            query = atoms.get("query_string") or ""
            target = atoms["path"] + (f"?{query}" if query else "")
            request = f"{atoms.get('method', '-')} {target} {atoms.get('protocol', '-')}"
            record.args = atoms | {
                "request": redact(request),
                "path": redact(atoms["path"]),
                "query_string": redact(query),
            }
        return True
