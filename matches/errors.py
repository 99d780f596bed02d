"""The refusals: one hierarchy for every request the app turns down, by why.

``Refused`` is the base; its subclass says the answer, the same on the pages and in the
API:

    ``Invalid``      422  the request itself must change (a field out of its limits)
    ``Clash``        409  well formed, but it clashes with what is stored now: another
                          phone was quicker, the round has started, the name is taken
    ``NotFound``     404  there is no such thing
    ``Forbidden``    403  the request's account or link does not reach this far
    ``NotLoggedIn``  401  nobody is asking: the API asks for credentials, a page for a
                          login

``NotFound`` is Django's ``Http404`` as well, ``Forbidden`` and ``NotLoggedIn`` its
``PermissionDenied``, so that a page answers them with the site's own 404 and 403 pages
(``views.errors``, which sends ``NotLoggedIn`` to the login page instead); the API answers
every ``Refused`` in its JSON shape, in one handler (``api.base``).

``RuleError`` stays the pure rules' own error: a hand or a set-up against the rules, 422.
``FieldClash`` is a rule error's kind of refusal (a field, a message to translate) that
clashes with what is stored, so 409.

``message`` is the sentence as shown, in the language of the request that raised it.
"""

from __future__ import annotations

from typing import Any, ClassVar

from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.utils.translation import gettext

from .rules import RuleError
from .rules.base import Phrases, Term


class Refused(Exception):
    """A request turned down; ``status`` and ``code`` are its answer's."""

    status: ClassVar[int] = 400
    code: ClassVar[str] = "bad_request"

    def __init__(self, message: str = ""):
        super().__init__(message)
        self.message = message


class Invalid(Refused):
    status = 422
    code = "invalid"


class Clash(Refused):
    status = 409
    code = "conflict"


class NotFound(Refused, Http404):
    status = 404
    code = "not_found"


class Forbidden(Refused, PermissionDenied):
    status = 403
    code = "forbidden"


class NotLoggedIn(Refused, PermissionDenied):
    status = 401
    code = "not_authenticated"


# -- the particular refusals --------------------------------------------------------------


class FieldClash(RuleError, Clash):
    """A request that is well formed and within the rules, refused because of what is
    stored: a name another player has, a tournament in another series, a round already
    under way. The same request could succeed against another state, so the API answers
    409 (not 422, which says the request itself must change); the pages show it as any
    rule error, next to its field. Shaped as a ``RuleError`` (an untranslated message,
    its field and parameters), so every form that shows rule errors shows it."""


def clashes(error: RuleError) -> bool:
    """Whether ``error`` (or every one of the errors it gathers) is a clash."""
    return all(isinstance(each, Clash) for each in getattr(error, "errors", None) or [error])


class Conflict(Clash):
    """The request no longer fits the match (another device was quicker, a stale
    version, a finished match). Carries the match as it stands now (``snapshot``), so the
    caller can show it."""

    def __init__(self, message: str, snapshot: Any):
        super().__init__(message)
        self.snapshot = snapshot


class NotNow(Clash):
    """The tournament's state does not allow this now (drafting while a round plays)."""


class HandNotFound(NotFound):
    """The match has no hand ``number``."""

    def __init__(self, number: int):
        super().__init__(gettext("This match has no hand %(number)s.") % {"number": number})
        self.number = number


class TableLocked(Forbidden):
    """A write through a table link that its table no longer takes: the result was
    confirmed, or the round closed, before the write's transaction began. Decided under
    the tournament's lock, which confirming and closing take too, so a result never moves
    after its confirmation."""


# -- how a refusal reads ----------------------------------------------------------------


def explain(error: RuleError | Refused) -> str:
    """The translated sentence for a rule error, naming the hand when it is a later one;
    any other refusal's own sentence."""
    if not isinstance(error, RuleError):
        return error.message
    text = gettext(error.message)
    if error.params:
        text = text % {key: _display(value) for key, value in error.params.items()}
    hand = getattr(error, "hand", None)
    if hand is not None:
        return gettext("Hand %(number)s no longer fits: %(problem)s") % {
            "number": hand,
            "problem": text,
        }
    return text


def _display(value: Any) -> Any:
    # Only the program's own words (``Term``: an option's name, a call; ``Phrases``: whole
    # sentences) are translated; a player's name or what a client sent is shown as it is
    # ("Nobody" stays "Nobody").
    if isinstance(value, Phrases):
        return "; ".join(
            gettext(message) % {key: _display(item) for key, item in params.items()}
            for message, params in value
        )
    return gettext(value) if isinstance(value, Term) else value
