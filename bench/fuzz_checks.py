"""Schemathesis hooks for ``bench/fuzz.py`` (loaded through ``SCHEMATHESIS_HOOKS``).

``content_type_conformance`` only looks at answers whose status the description lists;
this check holds every answer under /api/ to API.md's rule instead: JSON, in the error
shape whenever it is an error.
"""

import json

import schemathesis


@schemathesis.check
def json_everywhere(ctx, response, case):
    """Every answer is JSON; every error is ``{"error": code, "message": sentence, ...}``."""
    content_type = (response.headers.get("content-type") or [""])[0]  # lowercase keys, lists
    if not content_type.startswith("application/json"):
        raise AssertionError(f"Not JSON: {response.status_code} with {content_type!r}")
    try:
        body = json.loads(response.content)
    except ValueError as error:
        raise AssertionError(f"The body is not JSON: {error}") from None
    if response.status_code >= 400:
        shape_ok = (
            isinstance(body, dict)
            and isinstance(body.get("error"), str)
            and isinstance(body.get("message"), str)
            and body["message"]
        )
        if not shape_ok:
            raise AssertionError(f"Not the error shape of API.md: {body!r:.200}")
