import os
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from hypothesis import settings as hypothesis_settings

from matches.games import registry as games
from matches.middleware import FirstOrganiserMiddleware
from matches.services import board as boards
from matches.services import selectors
from matches.services import standings as standings_reads
from tests import factories
from tests.api_support import Refusing


@pytest.fixture(autouse=True)
def _fresh_cache():
    # The match table is cached per match version; a rolled-back test database can reuse
    # a match's id, so no test may see another's pages.
    from django.core.cache import cache

    def forget():
        cache.clear()
        selectors.states.clear()
        standings_reads.kept.clear()
        boards.kept.clear()
        FirstOrganiserMiddleware.someone = False

    forget()
    yield
    forget()


@pytest.fixture(autouse=True)
def _board_drawings_apart(settings, tmp_path):
    # The live boards' drawings shared between workers: each test its own, none in var/.
    settings.BOARD_DRAWINGS_DIR = tmp_path / "boards"


@pytest.fixture(autouse=True)
def _sessions_apart(settings, tmp_path_factory):
    # File sessions (the SQLite default) go to this run's temporary folder, not var/.
    if settings.SESSION_ENGINE.endswith(".file"):
        settings.SESSION_FILE_PATH = str(tmp_path_factory.getbasetemp())


@pytest.fixture
def owner(db):
    return get_user_model().objects.create_user("ann", password="pw-ann-12345")


@pytest.fixture
def boss(organiser):
    """A client of its own, logged in as the organiser (beside ``client``, which a test
    may use as a player or a visitor at the same time)."""
    from django.test import Client

    client = Client()
    client.force_login(organiser)
    return client


@pytest.fixture
def other(db):
    return get_user_model().objects.create_user("olga", password="pw-olga-12345")


@pytest.fixture
def organiser(db):
    return get_user_model().objects.create_user("otto", password="pw-otto-12345", is_staff=True)


@pytest.fixture
def make_match(owner):
    """A Sergeant Major 8-5-3 match of ``owner`` with the given hands recorded."""

    def make(hands=(), players=("Ann", "Ben", "Cy"), first_dealer=0, options=None, by=None):
        return factories.game_match(
            owner, "sergeant-major", "8-5-3", players, hands, first_dealer, options, by=by
        )

    return make


@pytest.fixture
def client_of(client):
    """A test client logged in as ``user``."""

    def login(user):
        client.force_login(user)
        return client

    return login


@pytest.fixture(autouse=True)
def _english_by_default():
    # A test that switches to German (or a request that did) must not leave it switched
    # on for the next test in the same thread.
    from django.utils import translation

    translation.activate("en")
    yield
    translation.deactivate()


# Fixtures through which a test reaches the database (pytest-django's, and the e2e
# tests' live server).
_DATABASE_FIXTURES = {"db", "transactional_db", "django_db_reset_sequences", "live_server"}


# Modules that use the database but whose outcome it cannot change: what a page or an
# answer shows and to whom, forms, documents and headers. The rows they read were written
# by the services that the other modules hold to their guarantees on both databases, and
# the order of what they show is decided in Python (the standings, the seating), not by
# an ORDER BY. Marked ``anydb``: CI's PostgreSQL pass leaves them to the SQLite pass. A
# module that sorts, searches, locks, races, migrates or stores text or JSON of its own
# stays off this list.
ANY_DATABASE = {
    "accounts/test_access.py",
    "api/test_api_docs.py",
    "api/test_api_games.py",
    "api/test_api_json_everywhere.py",
    "api/test_api_limits.py",
    "api/test_api_presets.py",
    "api/test_api_variants.py",  # every variant's rules through one write path
    "core/test_error_pages.py",
    "core/test_installable.py",
    "core/test_private_answers.py",
    "core/test_security_headers.py",
    # The server's own behaviour (slow clients, bodies, its log, the phones' address):
    # what it serves comes from the app, whichever database is behind it.
    "core/test_bodies.py",
    "core/test_serve.py",
    "core/test_server_log.py",
    "offline/test_offline_pages.py",
    "play/test_calls_and_symbols.py",
    "play/test_game_pages.py",
    "play/test_hand_preview.py",
    "play/test_reading_the_table.py",
    "play/test_sitter_pages.py",
    "play/test_skat_pages.py",  # Skat's pages, as the other games' pages above
    "play/test_small_things.py",
    "play/test_variant_pages.py",
    "play/test_where_the_eye_is.py",
    "print/test_csv_spreadsheets.py",
    "print/test_match_sheet.py",
    "print/test_print_pages.py",
    "print/test_series_pages.py",
    "print/test_skat_list.py",  # the Spielliste, as the match sheet
    "print/test_standings_columns.py",
    "ratings/test_own_player_page.py",
    "ratings/test_rating_pages.py",
    "tournaments/test_german_leftovers.py",
    "tournaments/test_pages.py",
    "tournaments/test_phone_links.py",
    "tournaments/test_policy.py",
    "tournaments/test_polish.py",
    "tournaments/test_round_figure.py",
    "tournaments/test_setup.py",
}


def pytest_collection_modifyitems(config, items):
    """Mark ``nodb`` every test that never touches the database (the pure rules, seating
    and standings, the text cleaning, the settings), and ``anydb`` the tests of
    ``ANY_DATABASE``: CI's second pass, on PostgreSQL, runs only the tests whose outcome
    the database can change (``-m "not nodb and not anydb and not e2e"``), so that half
    of the suite does not run twice."""
    tests = Path(__file__).parent
    for item in items:
        uses = set(getattr(item, "fixturenames", ()))
        if item.get_closest_marker("django_db") is None and not uses & _DATABASE_FIXTURES:
            item.add_marker(pytest.mark.nodb)
        elif Path(item.path).relative_to(tests).as_posix() in ANY_DATABASE:
            item.add_marker(pytest.mark.anydb)


@pytest.fixture
def refusing(settings):
    """``tests.api_support.Refusing`` in the middleware; a test sets its ``error``."""
    settings.MIDDLEWARE = [*settings.MIDDLEWARE, "tests.api_support.Refusing"]
    yield Refusing
    Refusing.error = RuntimeError("boom")


@pytest.fixture
def mini(settings):
    """Mini Tricks, the game defined only in tests/play/minigame/ (issue 22), installed
    for the test: tests/play/test_game_in_one_folder.py and its browser test play it. Its
    app registers it as it starts; leaving the test takes it out of the registry again,
    which the rest of the suite must not see it in."""
    settings.INSTALLED_APPS = [*settings.INSTALLED_APPS, "tests.play.minigame"]  # the one line
    try:
        yield games.get("mini-tricks")
    finally:
        games.unregister("mini-tricks")


# Hypothesis's profiles. "dev" (the default) draws new examples on every run, which is how
# a property finds what nobody thought of; "ci" (HYPOTHESIS_PROFILE=ci, set by .ci/run)
# draws the same examples on every run, so that a red CI fails again on the developer's
# machine, keeps no example database in the clone, and prints the blob that replays a
# failure. Each test's own ``@settings`` (its number of examples) applies in both.
# "ci-postgres" is "ci" with a quarter of the default examples, for CI's second pass: the
# properties that pass run again there for what PostgreSQL does otherwise than SQLite
# (ordering, locking, types), which the first examples meet as well as the hundredth, and
# the SQLite pass beside it has already searched the space with the full hundred.
hypothesis_settings.register_profile("dev", deadline=None)
hypothesis_settings.register_profile(
    "ci", deadline=None, derandomize=True, database=None, print_blob=True
)
hypothesis_settings.register_profile(
    "ci-postgres", parent=hypothesis_settings.get_profile("ci"), max_examples=25
)
hypothesis_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


def pytest_sessionfinish(session, exitstatus):
    """Close the Chromium this process launched for its browser tests, if it did."""
    import sys

    support = sys.modules.get("tests.e2e_support")
    if support is not None:
        support.close_chromium()
