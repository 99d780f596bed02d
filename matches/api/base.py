"""The JSON API (matches/api/API.md), a second face of services.py: parse, authorise, render.

Nothing here computes a score or writes to the database; ``services`` does both.

Who may do what
    Reads of a match (``GET /api/matches/{id}``): its owner, staff (organisers), or
    anyone presenting the match's share token — either as the query parameter
    ``?share=<token>`` or as ``Authorization: Bearer <token>``; a public tournament's
    table by anyone, with credentials or without (the same answer). Its audit trail
    (``/history``) and its share link (``/share``): owner and staff only; a share token
    gets 403 there, as the page sends a spectator to log in.
    Writes: a logged-in session (CSRF-protected: send ``X-CSRFToken``) or
    ``Authorization: Bearer <key>`` with a key from the account page; owner or staff
    only. A share token never writes. A table link's token as ``Bearer`` writes the
    hands (record, correct, undo) of its table's match while the table is open — not
    another match (403), not the match's end or share link, no tournament. A player
    link's token as ``Bearer`` reads ``/api/me`` (``api.player_links``) and reaches the
    match of a table its entry sits at as that table's link does; nothing else (403).
    ``GET /api/games`` and the OpenAPI description are open to all.
    The policy itself is ``matches.access`` (the same one the pages ask); ``match_for``
    only turns its answer into a status.

Status codes for access
    401 when the request carries no credentials that the endpoint accepts (anonymous, an
    unknown API key on a write, a share token on a write); 403 when it does but they do
    not reach this match (another user's match, another match's share token — on a read
    an unknown bearer token counts as one) or a session write lacks its CSRF token; 404
    when there is no such match or hand. Match ids are sequential, so hiding a match's
    existence behind a 404 would protect nothing.

Errors
    Always ``{"error": code, "message": sentence}``, plus ``"fields"`` on 422 and the
    current ``"state"`` on 409. Codes: ``bad_request`` (400), ``not_authenticated``
    (401), ``forbidden`` (403), ``not_found`` (404), ``method_not_allowed`` (405),
    ``conflict`` (409), ``unsupported_media_type`` (415), ``invalid`` (422),
    ``server_error`` (500).

JSON everywhere under /api/
    Every address under /api/ is a route of this API (``ScorekeeperAPI.urls``; unknown
    ones included), and each route answers through the API's exception handlers, so a
    wrong method, an unknown address, a body that is not JSON or a crash is answered in
    the shape above. The routes are exempt from Django's CSRF middleware, whose refusal
    is an HTML page: the API checks CSRF itself, where it matters (``SessionAuth``), and
    an unknown address is a 404 whatever the credentials. What Django answers before
    any route is reached (a bad Host, a middleware's refusal) goes through
    ``matches.views.errors``, which answers in this shape under /api/ too.

Bodies
    Read as JSON (400 unless an object), then validated by the model of ``schemas`` that
    also describes them in OpenAPI (``parse_body``): unknown keys, wrong JSON types and
    broken limits are a 422 naming the field (``players.1``), with house sentences
    (``house_message``). What makes a legal hand, match or option is then for ``rules``
    and ``services`` to judge, so a client sees the same messages as the pages.
"""

from __future__ import annotations

import functools
import json
from typing import Any, TypeVar

from django.conf import settings
from django.core.exceptions import RequestDataTooBig, SuspiciousOperation
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.urls import Resolver404, re_path, resolve
from django.utils.log import log_response
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_safe
from ninja import NinjaAPI, Swagger
from ninja.errors import AuthenticationError, HttpError, ValidationError
from ninja.security import APIKeyCookie, APIKeyQuery, HttpBearer
from pydantic import BaseModel
from pydantic import ValidationError as PydanticValidationError

from .. import access
from ..access import Access
from ..errors import NotLoggedIn, Refused, clashes, explain
from ..models import Entry, Match, Table
from ..models.audit import Actor
from ..rules import RuleError
from ..services.accounts import token_user
from ..tokens import is_token
from .schemas import BODY_DEFINITIONS, LIVE_BODIES


class ApiError(Exception):
    """An error answer: ``status`` with ``{"error": code, "message": message, ...}``."""

    def __init__(self, status: int, code: str, message: str, **extra: Any):
        super().__init__(message)
        self.status = status
        self.payload = {"error": code, "message": message, **extra}


def invalid(field: str, message: str) -> ApiError:
    return ApiError(422, "invalid", message, fields={field: [message]})


# -- who is asking ------------------------------------------------------------------------


class ShareKey(str):
    """A share token (or something presented as one): it may read one match, never write."""


class TableKey(str):
    """A table link's token presented as a bearer token: it writes the hands of its
    table's match while the table is open (``access.table_link_access``), and nothing
    else; the audit names the table (``by``). ``table`` is the table the token found, read
    once per request: the match's policy is handed it (``match_for``)."""

    by: str = ""
    table: Table | None = None


class ScorerKey(TableKey):
    """A match's scorer link token as a bearer token (issue 20, item 4): it writes that
    match's hands, as a table link writes its table's, and nothing else; the audit names
    the scorer link."""


class PlayerKey(TableKey):
    """A player link's token as a bearer token (issue 36): ``/api/me`` (``entry``), and the
    match of a table its entry sits at with that table's link's reach
    (``access.player_link_access``); the audit names the table, as for its link (``by``
    and ``table`` are the match's table's, once ``match_for`` found it). Nothing else."""

    entry: Entry | None = None


def actor(request: HttpRequest) -> Any:
    """Whom the services' audit names for this request: the account, or a table."""
    auth = request.auth
    return auth.by if isinstance(auth, TableKey) else auth


def accounts_only(request: HttpRequest) -> None:
    """Creating a match, ending one and its share link are for accounts: a table link
    enters its table's hands, nothing more (403); so does a player link, at its table."""
    if isinstance(request.auth, PlayerKey):
        raise ApiError(
            403,
            "forbidden",
            _(
                "A player link shows its player's seat and enters their table's hands; the "
                "rest is for the organiser."
            ),
        )
    if isinstance(request.auth, TableKey):
        raise ApiError(
            403, "forbidden", _("A table link enters hands; the rest is for the organiser.")
        )


class BearerAuth(HttpBearer):
    """``Authorization: Bearer <key>``: an API key, a table link's token, or (for reads) a
    match's share token."""

    def __init__(self, share: bool = False):
        self.share = share
        super().__init__()

    def authenticate(self, request: HttpRequest, token: str) -> Any:
        token = token.strip()
        if not token:
            return None
        user = token_user(token)
        if user is not None:
            return user
        # A table's token has a token's shape; anything else is looked up nowhere.
        table = access.find_table(token)
        if table is not None and access.same_token(token, table.token):
            key = TableKey(token)
            key.by = table.actor
            key.table = table
            return key
        match = Match.by_scorer_token(token) if is_token(token) else None
        if match is not None and access.same_token(token, match.scorer_token or ""):
            key = ScorerKey(token)
            key.by = Actor.scorer(token)
            return key
        entry = Entry.by_token(token) if is_token(token) else None
        if entry is not None and access.same_token(token, entry.token):
            key = PlayerKey(token)
            key.entry = entry
            return key
        return ShareKey(token) if self.share else None


class PlayerAuth(HttpBearer):
    """``Authorization: Bearer <token>`` of a player link, and nothing else: ``/api/me``
    (any other credentials are none there: 401)."""

    def authenticate(self, request: HttpRequest, token: str) -> Any:
        key = BearerAuth().authenticate(request, token)
        return key if isinstance(key, PlayerKey) else None


class SessionAuth(APIKeyCookie):
    """The browser's login. Unsafe methods must pass Django's CSRF check."""

    param_name = settings.SESSION_COOKIE_NAME

    def __call__(self, request: HttpRequest) -> Any:
        # An anonymous request is not a session request: it gets 401, not a CSRF 403.
        if not request.user.is_authenticated:
            return None
        return super().__call__(request)

    def authenticate(self, request: HttpRequest, key: str | None) -> Any:
        return request.user


class ShareQuery(APIKeyQuery):
    """``?share=<token>``: the match's share token, for reading only."""

    param_name = "share"

    def authenticate(self, request: HttpRequest, key: str | None) -> Any:
        return ShareKey(key) if key else None


class Anyone:
    """The last of a read's authentications: lets an anonymous request through, so that
    what is public (a public tournament, its tables' matches) can be read; the endpoint
    asks ``access`` what it may see, and answers 401 where that is nothing."""

    def __call__(self, request: HttpRequest) -> Any:
        return AnonymousReader()


class AnonymousReader:
    is_authenticated = False
    is_staff = False
    is_active = False


READ = [BearerAuth(share=True), SessionAuth(), ShareQuery()]
WRITE = [BearerAuth(), SessionAuth()]
# A match's state: also anonymously, for a public tournament's tables (docs/api.md). A
# bearer string that is nobody's key or link reaches no further than no credentials.
READ_PUBLIC = [*READ, Anyone()]


# Where the API lives (``scorekeeper.urls`` mounts it here): every answer under it is JSON.
API_ROOT = "/api/"


def is_api_request(request: HttpRequest) -> bool:
    return request.path_info.startswith(API_ROOT)


class ScorekeeperAPI(NinjaAPI):
    """NinjaAPI whose every URL answers in JSON, also where Ninja leaves the answer to
    Django: a wrong method, an unknown path under /api/, a body that is not JSON, an
    error outside an operation (see the module docstring)."""

    @property
    def urls(self):
        patterns, app_name, namespace = super().urls
        for pattern in patterns:
            pattern.callback = _route(pattern.callback)
        patterns.append(re_path(r"^", _route(_unknown_path, reads_body=False), name="unknown"))
        return patterns, app_name, namespace

    def get_openapi_schema(self, **kwargs):
        """The description, with the models met inside request bodies (``body_schema``)
        among its components."""
        schema = super().get_openapi_schema(**kwargs)
        for operations in schema["paths"].values():
            for operation in operations.values():
                # The bodies that depend on the games registered now (``live_body``).
                live = operation.pop("x-live-body", None)
                if live is not None:
                    operation["requestBody"] = LIVE_BODIES[live]()
        schema["components"]["schemas"].update(BODY_DEFINITIONS)
        return schema


api = ScorekeeperAPI(
    title="Scorekeeper API",
    version="1",
    # Markdown: the docs page shows the contract's name as a link to it.
    description="Matches of card games played with real cards. See [API.md](/api/contract), "
    "the contract this API keeps.",
    urls_namespace="api",
    auth=READ,
    # The docs page loads Swagger UI from ninja's own static files (no CDN); the
    # validator badge would call validator.swagger.io, so it is switched off.
    docs=Swagger(settings={"validatorUrl": None}),
    # The description and its page are read, never posted to (405, not the description).
    docs_decorator=require_safe,
)


def error_response(request: HttpRequest, status: int, payload: dict[str, Any]) -> HttpResponse:
    return api.create_response(request, payload, status=status)


HTTP_CODES = {
    400: "bad_request",
    401: "not_authenticated",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    409: "conflict",
    415: "unsupported_media_type",
    422: "invalid",
    500: "server_error",
}

# What an error says when nothing more particular is known (Django's own refusals).
STATUS_MESSAGES = {
    400: gettext_lazy("The request could not be read."),
    403: gettext_lazy("You may not do this."),
    404: gettext_lazy("There is nothing at this address."),
    500: gettext_lazy("Something went wrong on the server."),
}

CSRF_MESSAGE = gettext_lazy(
    "The CSRF check failed: send the X-CSRFToken header with a logged-in session, "
    "or use an API token."
)


def status_error(request: HttpRequest, status: int, message: str | None = None) -> HttpResponse:
    """An error answer for ``status`` with its code, and ``message`` or the usual one."""
    usual = STATUS_MESSAGES.get(status) or STATUS_MESSAGES[500 if status >= 500 else 400]
    payload = {"error": HTTP_CODES.get(status, "error"), "message": message or str(usual)}
    return error_response(request, status, payload)


def _route(view, *, reads_body: bool = True):
    """One route under /api/: exempt from Django's CSRF middleware (see the module
    docstring), its errors answered by the API's exception handlers, a wrong method as a
    JSON 405, and — on routes that read bodies — a body that is not JSON refused before
    anything reads it."""

    @functools.wraps(view)
    def route(request, *args, **kwargs):
        try:
            if reads_body:
                _check_media_type(request)
            response = view(request, *args, **kwargs)
        except Exception as exc:  # noqa: BLE001 - every error gets the API's answer
            return api.on_exception(request, exc)
        if isinstance(response, HttpResponseNotAllowed):
            response = _method_not_allowed(request, response["Allow"])
        return response

    return csrf_exempt(route)


# Methods whose body the API may read.
BODY_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def _check_media_type(request: HttpRequest) -> None:
    """415 for a body declared as anything but JSON. Checked before authentication:
    Django's CSRF check (``SessionAuth``) would parse a form or multipart body and
    consume it. A body without a Content-Type is read as JSON (scripts often omit it)."""
    if request.method not in BODY_METHODS or not request.META.get("CONTENT_TYPE"):
        return
    try:
        has_body = int(request.META.get("CONTENT_LENGTH") or 0) > 0
    except ValueError:
        has_body = True
    media_type = request.content_type or ""
    if has_body and media_type != "application/json" and not media_type.endswith("+json"):
        raise ApiError(
            415,
            "unsupported_media_type",
            _("Send the body as JSON (Content-Type: application/json), not as %(type)s.")
            % {"type": media_type or "?"},
        )


def _method_not_allowed(request: HttpRequest, allow: str) -> HttpResponse:
    allowed = ", ".join(sorted(method.strip() for method in allow.split(",")))
    response = error_response(
        request,
        405,
        {
            "error": "method_not_allowed",
            "message": _("%(method)s is not allowed here; use %(allowed)s.")
            % {"method": request.method, "allowed": allowed},
        },
    )
    response["Allow"] = allowed
    return response


def _unknown_path(request, *args, **kwargs):
    """404 for any address under /api/ that is no route; one with a trailing slash too
    many is told the right one."""
    path = request.path_info
    if path.endswith("/") and path != API_ROOT:
        try:
            known = resolve(path.rstrip("/")).url_name != "unknown"
        except Resolver404:
            known = False
        if known:
            raise ApiError(
                404,
                "not_found",
                _(
                    "There is nothing at this address; the API's addresses end without a "
                    "slash: %(path)s"
                )
                % {"path": request.path.rstrip("/")},
            )
    raise Http404


def _not_found(request, message: str | None = None) -> HttpResponse:
    return status_error(request, 404, message)


# -- errors -------------------------------------------------------------------------------


@api.exception_handler(ApiError)
def _api_error(request, exc: ApiError):
    return error_response(request, exc.status, exc.payload)


@api.exception_handler(RuleError)
def _rule_error(request, exc: RuleError):
    message = explain(exc)
    return refused(request, exc, message, {exc.field or "__all__": [message]})


def refused(request, exc: RuleError, message: str, fields: dict[str, list[str]]) -> HttpResponse:
    """A refusal by the rules or the services: 422 when the request must change, 409 when
    it clashes with what is stored (``Clash``), with every field at fault."""
    if clashes(exc):
        return error_response(
            request, 409, {"error": "conflict", "message": message, "fields": fields}
        )
    return error_response(request, 422, {"error": "invalid", "message": message, "fields": fields})


@api.exception_handler(Refused)
def _refusal(request, exc: Refused):
    """Every refusal of ``matches.errors`` by its kind: 409 a clash, 404 nothing there,
    403 not this far (a table link that no longer writes, as the link's first check
    answers it in ``match_for``), 401 nobody asking."""
    return refusal_response(request, exc)


def refusal_response(request, exc: Refused, **extra: Any) -> HttpResponse:
    payload = {"error": exc.code, "message": exc.message, **extra}
    response = error_response(request, exc.status, payload)
    if isinstance(exc, NotLoggedIn):
        response["WWW-Authenticate"] = "Bearer"
    return response


@api.exception_handler(Http404)
def _http404(request, exc):
    return _not_found(request)


@api.exception_handler(AuthenticationError)
def _not_authenticated(request, exc):
    response = error_response(
        request,
        401,
        {
            "error": "not_authenticated",
            "message": _(
                "Log in or send an API token (Authorization: Bearer <key>); "
                "to read a shared match, send its share token."
            ),
        },
    )
    response["WWW-Authenticate"] = "Bearer"
    return response


@api.exception_handler(HttpError)
def _http_error(request, exc: HttpError):
    message = str(exc)
    if exc.status_code == 403 and "CSRF" in message:
        message = str(CSRF_MESSAGE)
    return status_error(request, exc.status_code, message)


@api.exception_handler(SuspiciousOperation)
def _suspicious(request, exc):
    # As Django answers these (a bad Host, too many fields): 400, with nothing to tell.
    return status_error(request, 400)


# House sentences for pydantic's error types; ``schemas.RefusedWith`` gives a field its own.
# Untranslated here, translated per request.
MESSAGES = {
    "missing": gettext_noop("This field is required."),
    "extra_forbidden": gettext_noop("Unknown field %(name)s."),
    "int_type": gettext_noop("Enter a whole number."),
    "int_parsing": gettext_noop("Enter a whole number."),
    "int_from_float": gettext_noop("Enter a whole number."),
    "bool_type": gettext_noop("%(name)s must be true or false."),
    "bool_parsing": gettext_noop("%(name)s must be true or false."),
    "string_type": gettext_noop("%(name)s must be text."),
    # A lone surrogate in a string that is no typed text (a game, a trump): not text.
    "string_unicode": gettext_noop("%(name)s must be text."),
    "list_type": gettext_noop("%(name)s must be a list."),
    "dict_type": gettext_noop("%(name)s must be an object."),
    "model_type": gettext_noop("%(name)s must be an object."),
    "greater_than_equal": gettext_noop("%(name)s must be at least %(minimum)s."),
    "less_than_equal": gettext_noop("%(name)s must be at most %(maximum)s."),
}


def house_message(error: dict[str, Any]) -> str:
    """The sentence for one pydantic error (``loc`` starting with where: body, query, ...),
    in the request's language; pydantic's own text for a type the house has no words for.
    ``%(name)s`` is the field (an unknown key's own name), ``%(min)s``/``%(max)s`` the
    length limits, ``%(minimum)s`` and ``%(maximum)s`` the least and the greatest value."""
    kind, context = error.get("type"), dict(error.get("ctx") or {})
    where = [str(part) for part in error.get("loc", ())[1:]]
    message = context.get("house") if kind == "house" else MESSAGES.get(kind)
    if message is None:
        return str(error.get("msg", ""))
    params = {
        "name": where[-1] if kind == "extra_forbidden" and where else ".".join(where),
        "min": context.get("min_length"),
        "max": context.get("max_length"),
        "minimum": context.get("ge"),
        "maximum": context.get("le"),
        **context,
    }
    return _(message) % params


@api.exception_handler(ValidationError)
def _validation_error(request, exc: ValidationError):
    # Bodies (``parse_body``) and parameters alike, in the house shape.
    fields: dict[str, list[str]] = {}
    for error in exc.errors:
        location = [str(part) for part in error.get("loc", ())[1:]] or ["__all__"]
        fields.setdefault(".".join(location), []).append(house_message(error))
    first = next(iter(fields.values()))[0]
    return error_response(request, 422, {"error": "invalid", "message": first, "fields": fields})


@api.exception_handler(Exception)
def _server_error(request, exc):
    # Logged as Django logs a page's 500, with the traceback, and only once: Django's
    # handler sees the answer already logged (docs/deployment.md, "The log").
    response = status_error(request, 500)
    log_response(
        "Internal Server Error: %s", request.path, response=response, request=request, exception=exc
    )
    return response


# -- reading the request ------------------------------------------------------------------


def read_body(request: HttpRequest, *, required: bool = True) -> dict[str, Any]:
    """The JSON object in the body; 400 when it is not JSON or not an object."""
    try:
        raw = request.body
    except RequestDataTooBig:
        raise ApiError(400, "bad_request", _("The body is too large.")) from None
    if not raw and not required:
        return {}
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise ApiError(400, "bad_request", _("The body must be a JSON object.")) from None
    if not isinstance(data, dict):
        raise ApiError(400, "bad_request", _("The body must be a JSON object."))
    return data


Body = TypeVar("Body", bound=BaseModel)


def parse_body(request: HttpRequest, model: type[Body], *, required: bool = True) -> Body:
    """The body, read as a JSON object (400 otherwise) and validated by ``model`` — the
    model ``schemas.body_schema`` describes it with. A refusal is ninja's
    ``ValidationError`` (``loc`` starting with ``body``), answered as a 422 naming every
    field that is wrong. ``required=False``: an empty body is ``{}``."""
    data = read_body(request, required=required)
    try:
        return model.model_validate(data)
    except PydanticValidationError as error:
        raise ValidationError(
            [
                {**problem, "loc": ("body", *problem["loc"])}
                for problem in error.errors(include_url=False, include_input=False)
            ]
        ) from None


# What a refusal says, by what was asked for.
REFUSED = {
    Access.READ: gettext_lazy("You may not see this match."),
    Access.AUDIT: gettext_lazy(
        "Only the match's owner or an organiser can see its audit trail; a share link "
        "shows the match, not the audit."
    ),
    Access.WRITE: gettext_lazy("Only the match's owner or an organiser can change it."),
}


def match_for(
    request: HttpRequest, match_id: int, needed: Access, columns: tuple[str, ...] = ()
) -> Match:
    """The match, if ``access`` lets the request reach ``needed`` into it (see the module
    docstring); 404 when there is none, 403 when the credentials do not reach it. (401 is
    the authentication classes' answer, before this is asked, or, for a request that
    ``Anyone`` let through without credentials, this one's when the match is not public.)
    ``columns``: only those of the row (``Match.by_id``)."""
    found = request.auth.table if isinstance(request.auth, TableKey) else None
    viewer = access.api_viewer(request)
    try:
        match = access.find_match(viewer, match_id, needed, table=found, columns=columns)
    except access.NoSuchMatch:
        raise ApiError(
            404, "not_found", _("There is no match %(id)s.") % {"id": match_id}
        ) from None
    except access.NoAccess as refused:
        if viewer.is_anonymous:  # let through by ``Anyone``: nobody is asking
            raise AuthenticationError from None
        raise ApiError(403, "forbidden", _refusal(request, refused.match, needed)) from None
    if needed == Access.WRITE and isinstance(request.auth, PlayerKey):
        # The player's own table (nothing else lets a player link write): its writes are
        # the table's, checked again under the tournament's lock by the services.
        request.auth.table = access.table_of(match)
        request.auth.by = request.auth.table.actor
    return match


def _refusal(request: HttpRequest, match: Match, needed: Access) -> str:
    """Why the request does not reach ``needed``: a table link that no longer writes
    says why (confirmed, or its round closed), as the write itself would."""
    table = access.table_of(match)
    if (
        needed == Access.WRITE
        and isinstance(request.auth, TableKey)
        and table is not None
        and (
            access.same_token(str(request.auth), table.token)
            or access.player_link_access(str(request.auth), match) == Access.READ
        )
    ):
        return table.closed_message
    return str(REFUSED[needed])
