"""Helpers shared by the API tests: JSON requests, credentials, and "nothing was written"."""

import json

from django.test import Client

from matches.models import AuditEntry, Hand, Match, Player, Seat
from matches.services import accounts as services


def send(client, method, url, data=None, *, raw=None, headers=None):
    """``method`` ``url`` with ``data`` as a JSON body (or ``raw`` bytes as they are)."""
    body = raw if raw is not None else (json.dumps(data) if data is not None else "")
    if method.lower() == "get":
        return client.get(url, headers=headers or {})
    return getattr(client, method.lower())(
        url, data=body, content_type="application/json", headers=headers or {}
    )


def create_match(client, headers, game, variant, players, first_dealer=0, **extra):
    """``POST /api/matches`` for a match of ``game`` ``variant`` (``extra``: its options)."""
    body = {"game": game, "variant": variant, "players": players, "first_dealer": first_dealer}
    return send(client, "post", "/api/matches", {**body, **extra}, headers=headers)


def bearer(key):
    return {"Authorization": f"Bearer {key}"}


def writes():
    """What a failed request must leave as it was."""
    return (
        Match.objects.count(),
        Hand.objects.count(),
        AuditEntry.objects.count(),
        list(Hand.objects.order_by("pk").values_list("pk", "version", "input")),
        list(Player.objects.order_by("pk").values_list("pk", "name")),
        list(Seat.objects.order_by("pk").values_list("pk", "total", "place", "won")),
    )


def assert_error(response, status, code):
    assert response.status_code == status, response.content
    assert response["Content-Type"].startswith("application/json")
    body = response.json()
    assert body["error"] == code
    assert isinstance(body["message"], str) and body["message"]
    return body


def match_url(match, tail=""):
    return f"/api/matches/{match.pk}{tail}"


def login(user, **options):
    """A client with ``user``'s session."""
    client = Client(**options)
    client.force_login(user)
    return client


class Refusing:
    """A middleware that refuses every request with ``error``: Django answers it (the
    ``refusing`` fixture of tests/conftest.py puts it in and sets the error)."""

    error: Exception = RuntimeError("boom")

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        raise self.error


def key_for(user):
    """A fresh API key of ``user``."""
    return services.issue_token(user, "scoreboard")[1]
