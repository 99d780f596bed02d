"""What the browser test modules share as fixtures (their helpers are in
tests/e2e_support.py)."""

import pytest
from django.contrib.auth import get_user_model

from tests.e2e_support import PASSWORD, chromium


@pytest.fixture(scope="session")
def browser():
    """This test process's Chromium (tests/e2e_support.py: one per process); each test
    opens its own context in it."""
    with chromium() as shared:
        yield shared


@pytest.fixture
def ann(transactional_db):
    """A player with an account, "ann"."""
    return get_user_model().objects.create_user("ann", password=PASSWORD)
