"""Issue 24's tags: ``{% offline_worker_url %}``, the address of the worker that runs the
rules on a table's phone (with the rules' version, so that a phone picks up new rules),
and ``{% not_yet_in tournament %}``, the tables whose results are not in yet."""

from django import template
from django.utils.translation import gettext

from .. import offline as rules_offline
from ..services import offline as services
from ..views import offline

register = template.Library()


@register.simple_tag
def offline_worker_url() -> str:
    return offline.worker_url()


@register.simple_tag
def not_yet_in(tournament, waiting_only=False) -> list[tuple[int, int]]:
    """The round's tables not confirmed yet, each with the hands its phone holds (only
    those whose phone holds some, with ``waiting_only``)."""
    missing = services.not_yet_in(tournament)
    return [row for row in missing if row[1]] if waiting_only else missing


@register.simple_tag
def offline_messages() -> dict[str, str]:
    """The rules' messages in the page's language, for a refusal worked out offline."""
    return {
        message: translated
        for message in rules_offline.rule_messages()
        if (translated := gettext(message)) != message
    }
