"""Until the first organiser exists, every page leads to the form that creates one; htmx
partials are told apart from full pages in the Vary header; every answer carries the
Content-Security-Policy and the Permissions-Policy; answers to a link or a key are kept by
no cache."""

from django.conf import settings
from django.contrib.auth import get_user_model
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.cache import patch_cache_control, patch_vary_headers

# Paths that must work before anyone can log in: the set-up form itself, static files,
# the language switch, the health check and the API (which answers 401 in JSON).
OPEN_PREFIXES = ("/setup/", "/static/", "/i18n/", "/ping/", "/api/")


class FirstOrganiserMiddleware:
    # Once an account exists this process stops asking: the table links' phones and the
    # projector are anonymous and poll all evening. (Deleting every account afterwards
    # brings the set-up form back at the next start.)
    someone = False

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        # Only anonymous visitors can be on a site with no users, so logged-in requests
        # never pay for the check.
        if (
            not request.path.startswith(OPEN_PREFIXES)
            and not request.user.is_authenticated
            and not self.anyone()
        ):
            return redirect(reverse("accounts:first_organiser"))
        return self.get_response(request)

    @classmethod
    def anyone(cls) -> bool:
        if not cls.someone:
            cls.someone = get_user_model().objects.exists()
        return cls.someone


def vary_on_htmx(get_response):
    """The same address answers htmx with a partial and a browser with the page: say so,
    so that no cache (the browser's own, on Back) hands one out for the other."""

    def middleware(request):
        response = get_response(request)
        patch_vary_headers(response, ("HX-Request",))
        return response

    return middleware


def security_headers(get_response):
    """The policies of ``settings`` on every answer, pages, API and static files alike
    (this middleware sits outside WhiteNoise), unless a view set its own."""

    def middleware(request):
        response = get_response(request)
        if settings.DEBUG and response.status_code in (404, 500):
            return response  # Django's debug pages style and script themselves inline
        response.headers.setdefault("Content-Security-Policy", settings.CONTENT_SECURITY_POLICY)
        response.headers.setdefault("Permissions-Policy", settings.PERMISSIONS_POLICY)
        return response

    return middleware


# Query parameters and the header that carry a secret (a board key, a share token, a
# table's or an API token).
KEYS = ("key", "share")
# Pages that show a tournament's results as they stand: no link, but a copy kept by a proxy
# would go on showing a table that has since been confirmed or corrected.
RESULTS = frozenset({"tournaments:results", "tournaments:result_table"})
# Pages that carry every table's link of a round (the QR codes, the printed table cards),
# or players' own links (a player's large code, the player slips): a copy kept anywhere
# would hand out their keys.
LINKS = frozenset(
    {
        "tournaments:table_links",
        "tournaments:print_tables",
        "play:match_links",
        "tournaments:entry_link",
        "tournaments:print_players",
    }
)
# Pages behind an account that carry a link's token or a key (issue 31, item 8): the
# match page and the answers that redraw its table (the share link), the owner's share
# page, the tournament's and the round's pages (the board key, each table's link), the
# account page (a new API key, shown once) and the club's accounts (an invite link). A
# browser that kept one on disk would hand the key to the next user of the computer.
ACCOUNT_PAGES = frozenset(
    {
        "play:match",
        "play:hand_record",
        "play:hand_correct",
        "play:hand_undo",
        "play:match_stop",
        "play:match_share",
        "tournaments:detail",
        "tournaments:check_in",  # the row it redraws carries the player's link
        "tournaments:print_cards",  # an organiser's cards carry the players' links
        "tournaments:round",
        "accounts:account",
        "accounts:token_create",
        "accounts:users",
    }
)
# Every answer of the API to an account's session is the account's too (a match's share
# link, a tournament's table links); one to an API key is private by its header.
API_PREFIX = "/api/"


def private_answers(get_response):
    """``Cache-Control: private, no-store`` on every answer to a link (``/t/<token>/``,
    ``/s/<token>/``: a path with a token in it), to a key (``?key=``, ``?share=``,
    ``Authorization``), on the results pages, on the pages of a round's table links, on
    the pages behind an account that carry a token (``ACCOUNT_PAGES``) and on the API's
    answers to an account's session, unless the view said otherwise (the
    board: ``private, no-cache`` with its ETag, revalidated on every reload). A shared
    cache (the club's proxy, a hotel's) would otherwise keep a table's page past its
    confirmation, or hand a keyed answer to whoever asks next without the key."""

    def middleware(request):
        response = get_response(request)
        if "Cache-Control" not in response and _private(request):
            patch_cache_control(response, private=True, no_store=True)
        return response

    return middleware


def _private(request) -> bool:
    if "HTTP_AUTHORIZATION" in request.META or any(name in request.GET for name in KEYS):
        return True
    resolved = request.resolver_match
    if resolved is not None and (
        "token" in resolved.kwargs or resolved.view_name in RESULTS | LINKS | ACCOUNT_PAGES
    ):
        return True
    return request.path_info.startswith(API_PREFIX) and _session(request)


def _session(request) -> bool:
    """Whether an account's session asked (no cookie: no session read at all)."""
    return settings.SESSION_COOKIE_NAME in request.COOKIES and request.user.is_authenticated
