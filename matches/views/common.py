"""What every page shares: the health check, htmx-aware templates and redirects."""

from django.http import HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_GET
from django_htmx.http import HttpResponseClientRedirect


@require_GET
def ping(request):
    """The trivial view: a health check, and the benchmark's baseline."""
    return HttpResponse("ok", content_type="text/plain")


def template_for(request, name: str, partial: str) -> str:
    return f"{name}#{partial}" if request.htmx else name


def leave(request, url: str):
    """A redirect that also leaves the page under htmx (which would follow it in place)."""
    if request.htmx:
        return HttpResponseClientRedirect(url)
    return redirect(url)
