"""The addresses a phone scans: table links and player links as full URLs, and their QR
codes as inline SVG (segno; no external service, no JavaScript).

A QR code must carry an address the phone can reach. An organiser who opens the app on
the laptop itself sees ``127.0.0.1``, which on a phone is the phone; when the server also
listens on the local network (``make run HOST=0.0.0.0`` passes its addresses as
``LAN_HOSTS``) the link uses the first of those instead, with the same port.
``PUBLIC_URL`` overrides both (a name, a reverse proxy).
"""

from __future__ import annotations

import functools
import ipaddress

import segno
from django.conf import settings
from django.http import HttpRequest
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe


def _loopback(host: str) -> bool:
    name = host.strip("[]")
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def origin(request: HttpRequest) -> str:
    """``scheme://host[:port]`` a phone on the club's network can open."""
    if settings.PUBLIC_URL:
        return settings.PUBLIC_URL
    host, _colon, port = request.get_host().rpartition(":")
    if not host or "]" in port:  # no port given (or an IPv6 address without one)
        host, port = request.get_host(), ""
    if _loopback(host) and settings.LAN_HOSTS:
        host = settings.LAN_HOSTS[0]
    return f"{request.scheme}://{host}{':' + port if port else ''}"


def phones_reach(request: HttpRequest) -> bool:
    """Whether the links built for this request leave the laptop: False when their host
    is a loopback one (no ``PUBLIC_URL``, no ``LAN_HOSTS``, the browser on 127.0.0.1), so
    that the pages showing them can say so in large words."""
    host = origin(request).split("://", 1)[-1]
    if host.startswith("["):
        host = host[: host.index("]") + 1]
    else:
        host = host.split(":", 1)[0]
    return not _loopback(host.split("/", 1)[0])


def loopback_origin(request: HttpRequest) -> str:
    """The links' origin when phones cannot reach it (the pages then warn), else ""."""
    return "" if phones_reach(request) else origin(request)


def table_url(request: HttpRequest, token: str) -> str:
    """The full address of a table link (``/t/<token>/``), for its QR code."""
    return origin(request) + reverse("tournaments:table_link", args=[token])


def player_url(request: HttpRequest, token: str) -> str:
    """The full address of a player link (``/p/<token>/``), for its QR code."""
    return origin(request) + reverse("tournaments:player_link", args=[token])


def qr_svg(url: str, *, scale: int = 4, title: str = "") -> SafeString:
    """The QR code of ``url`` as an inline ``<svg>``, sized by the page's CSS.

    Error correction M survives a crease or a coffee ring on a table card; the quiet
    zone (border 4) is what phone scanners expect.
    """
    return mark_safe(_svg(url, scale, title))  # segno escapes the title; the rest is its own


@functools.lru_cache(maxsize=512)
def _svg(url: str, scale: int, title: str) -> str:
    # A round's forty codes are drawn once per process, however often the pages that
    # show them are printed or reloaded.
    qr = segno.make(url, error="m", micro=False)
    return qr.svg_inline(
        scale=scale, border=4, title=title or None, svgclass="qr", lineclass=None, omitsize=True
    )
