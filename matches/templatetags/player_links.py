"""A player's link as the organiser's pages show it: the QR code beside the name on the
check-in list (``{% player_qr entry %}``), which the player scans from the organiser's
phone; the name opens it large."""

from django import template
from django.utils.safestring import SafeString

from .. import links

register = template.Library()


@register.simple_tag(takes_context=True)
def player_qr(context, entry) -> SafeString:
    url = links.player_url(context["request"], entry.token)
    return links.qr_svg(url)
