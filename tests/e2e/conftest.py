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


@pytest.fixture
def quick_polls(settings):
    """The board, the tables' phones and the players' pages ask every second
    (``POLL_SECONDS``), for a test that waits on their polls: at the hall's 5 s such a test
    spent most of its time waiting."""
    settings.POLL_SECONDS = 1
    return settings.POLL_SECONDS
