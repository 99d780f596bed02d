"""Defence in depth: the Content-Security-Policy and the Permissions-Policy on every
answer, and templates that the policy lets work (no inline script, handler or style)."""

import re
from pathlib import Path

import pytest

from matches.services import accounts as services

ROOT = Path(__file__).resolve().parents[2]


def policy(response) -> dict[str, str]:
    directives = (part.strip() for part in response["Content-Security-Policy"].split(";"))
    return dict(d.split(" ", 1) for d in directives if d)


@pytest.mark.django_db
@pytest.mark.parametrize(
    "path",
    [
        "/accounts/login/",  # a page
        "/ping/",  # the trivial view
        "/api/games",  # JSON
        "/api/docs",  # Swagger UI
        "/api/nowhere",  # a JSON error
        "/no-such-page/",  # Django's 404
        "/static/js/table.js",  # WhiteNoise
    ],
)
def test_every_answer_carries_both_policies(client, owner, path):
    response = client.get(path)

    rules = policy(response)
    assert rules["script-src"] == "'self'"
    assert rules["style-src"] == "'self'"
    assert rules["object-src"] == "'none'"
    assert rules["frame-ancestors"] == "'none'"
    assert "unsafe-inline" not in response["Content-Security-Policy"]
    assert "unsafe-eval" not in response["Content-Security-Policy"]
    assert "camera=()" in response["Permissions-Policy"]
    assert "geolocation=()" in response["Permissions-Policy"]


INLINE = [
    (re.compile(r"\son[a-z]+\s*=", re.I), "an inline event handler"),
    (re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.I), "an inline script"),
    (re.compile(r"\sstyle\s*=", re.I), "an inline style"),
    (re.compile(r"<style", re.I), "a style element"),
    (re.compile(r"javascript:", re.I), "a javascript: address"),
    (re.compile(r"\shx-on", re.I), "an htmx inline handler (it needs eval)"),
]


def test_no_template_needs_what_the_policy_forbids():
    templates = sorted((ROOT / "templates").rglob("*.html"))
    assert len(templates) > 10  # the glob finds them
    found = [
        f"{path.relative_to(ROOT)}: {what}"
        for path in templates
        for pattern, what in INLINE
        if pattern.search(path.read_text())
    ]
    assert found == []


def test_htmx_is_told_to_add_no_style_and_to_eval_nothing(client, owner):
    body = client.get("/accounts/login/").content.decode()
    config = re.search(r'<meta name="htmx-config" content=\'([^\']*)\'>', body).group(1)
    assert '"includeIndicatorStyles":false' in config
    assert '"allowEval":false' in config


@pytest.mark.django_db
def test_the_account_page_keeps_its_behaviour_in_a_static_file(client_of, owner):
    services.issue_token(owner, "scoreboard")
    client = client_of(owner)
    client.post("/accounts/tokens/", {"name": "printer"})  # shows the new key once

    body = client.get("/accounts/").content.decode()

    assert 'data-confirm="Revoke this token? Scripts using it stop working."' in body
    assert "data-select-on-focus" in body
    assert '<script src="/static/js/forms.js" defer></script>' in body
    for pattern, what in INLINE:
        assert not pattern.search(body), what
