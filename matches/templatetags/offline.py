"""Issue 24's tags: ``{% offline_worker_url %}``, the address of the worker that runs the
rules on a table's phone (with the rules' version, so that a phone picks up new rules),
and ``{% not_yet_in tournament %}``, the tables whose results are not in yet."""

import functools

from django import template
from django.template.loader import render_to_string
from django.utils.html import json_script
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext

from .. import offline as rules_offline
from ..services import offline as services
from ..views import offline

register = template.Library()


# What the offline include draws is the same for every page in one language, and the
# link pages draw it on every view (they are not cached whole as the match page is):
# drawn once per language and process, it costs those pages nothing
# (``bench/profile_write.py --views table,scorer``). The sources of the rules do not change
# under a running server; an upgrade restarts it.


@register.simple_tag
def offline_worker_url(scope: str = "/t/") -> str:
    """The rules worker under the page's own scope (``/t/``, ``/matches/``, ``/k/``)."""
    return offline.worker_url(scope)


@register.simple_tag
def offline_words() -> SafeString:
    """The words of ``static/js/offline.js``, as the attributes of its element."""
    return _words(get_language())


@functools.cache
def _words(language: str) -> SafeString:
    return mark_safe(render_to_string("offline/words.html"))  # noqa: S308 - our template


@register.simple_tag
def not_yet_in(tournament, waiting_only=False) -> list[tuple[int, int]]:
    """The round's tables not confirmed yet, each with the hands its phone holds (only
    those whose phone holds some, with ``waiting_only``)."""
    missing = services.not_yet_in(tournament)
    return [row for row in missing if row[1]] if waiting_only else missing


@register.simple_tag
def offline_messages() -> SafeString:
    """The rules' messages in the page's language, for a refusal worked out offline, as
    the ``<script id="offline-messages">`` the page reads."""
    return _messages(get_language())


@functools.cache
def _messages(language: str) -> SafeString:
    translated = {
        message: text
        for message in rules_offline.rule_messages()
        if (text := gettext(message)) != message
    }
    return json_script(translated, "offline-messages")
