"""Django's own error answers (``handler400`` … ``handler500``, ``CSRF_FAILURE_VIEW``):
JSON in the API's shape under /api/, Django's pages everywhere else.

Inside the API every route answers its errors itself (``api.base``); these are for what
Django answers before a route is reached or around it — a Host it does not serve, a
middleware that refuses or fails, a CSRF refusal by the middleware — so that not even
those give a client of the API an HTML page.
"""

from django.views import csrf, defaults

from ..api.base import CSRF_MESSAGE, is_api_request, status_error


def bad_request(request, exception, **kwargs):
    if is_api_request(request):
        return status_error(request, 400)
    return defaults.bad_request(request, exception, **kwargs)


def permission_denied(request, exception, **kwargs):
    if is_api_request(request):
        return status_error(request, 403)
    return defaults.permission_denied(request, exception, **kwargs)


def page_not_found(request, exception, **kwargs):
    if is_api_request(request):
        return status_error(request, 404)
    return defaults.page_not_found(request, exception, **kwargs)


def server_error(request, **kwargs):
    if is_api_request(request):
        return status_error(request, 500)
    return defaults.server_error(request, **kwargs)


def csrf_failure(request, reason="", **kwargs):
    if is_api_request(request):
        return status_error(request, 403, str(CSRF_MESSAGE))
    return csrf.csrf_failure(request, reason, **kwargs)
