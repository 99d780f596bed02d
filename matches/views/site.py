"""What the site says about itself: the web app manifest a phone reads to add the app to
its home screen, and the API's contract, which the API's docs page links.

No service worker goes with the manifest: one that kept pages would show a table its
old scores (a later, deliberate offline mode is another matter).
"""

import json
from pathlib import Path

from django.http import HttpResponse
from django.templatetags.static import static
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

# The colours of app.css: the header's ink (the browser's bars take it) and the page's
# background (the splash screen while the app starts).
THEME_COLOR = "#1d2326"
BACKGROUND_COLOR = "#f6f4ef"
ICONS = [
    ("icons/icon-192.png", 192, "any"),
    ("icons/icon-512.png", 512, "any"),
    ("icons/maskable-512.png", 512, "maskable"),
]
CONTRACT = Path(__file__).resolve().parents[1] / "api" / "API.md"


@require_safe
def manifest(request):
    """The web app manifest, in the reader's language (LocaleMiddleware)."""
    body = {
        "name": _("Scorekeeper for card games"),
        "short_name": _("Scorekeeper"),
        "description": _("Keep score at the card table: hands, totals, who deals next."),
        "lang": request.LANGUAGE_CODE,
        "id": "/",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME_COLOR,
        "background_color": BACKGROUND_COLOR,
        "icons": [
            {
                "src": static(path),
                "sizes": f"{size}x{size}",
                "type": "image/png",
                "purpose": purpose,
            }
            for path, size, purpose in ICONS
        ],
    }
    response = HttpResponse(
        json.dumps(body, ensure_ascii=False, indent=1),
        content_type="application/manifest+json; charset=utf-8",
    )
    response["Vary"] = "Accept-Language, Cookie"
    return response


@require_safe
def api_contract(request):
    """matches/api/API.md, the contract the API keeps (a copy of the team's,
    tests/play/test_small_things.py checks it is the same), as text: the API's docs page
    links here."""
    return HttpResponse(CONTRACT.read_text(), content_type="text/plain; charset=utf-8")
