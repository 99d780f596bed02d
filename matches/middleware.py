"""Until the first organiser exists, every page leads to the form that creates one; htmx
partials are told apart from full pages in the Vary header; every answer carries the
Content-Security-Policy and the Permissions-Policy."""

from django.conf import settings
from django.contrib.auth import get_user_model
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.cache import patch_vary_headers

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
