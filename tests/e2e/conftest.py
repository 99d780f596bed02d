"""What the browser test modules share as fixtures (their helpers are in
tests/e2e_support.py)."""

import os

import pytest
from django.contrib.auth import get_user_model

from tests.e2e_support import PASSWORD, chromium


@pytest.fixture(scope="module")
def browser():
    """One Chromium for the module. Playwright's sync API keeps an event loop in this
    thread while the browser lives, and the tests make their rows with the ORM in between
    (nothing here runs concurrently), so Django is told that is safe for as long."""
    before = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        with chromium() as shared:
            yield shared
    finally:
        if before is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = before


@pytest.fixture
def ann(transactional_db):
    """A player with an account, "ann"."""
    return get_user_model().objects.create_user("ann", password=PASSWORD)
