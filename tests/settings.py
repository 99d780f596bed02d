"""The test suite's settings: the app's own, plus what only a test run needs.

pytest-django imports the settings while pytest starts, before any conftest hook runs,
so whatever must hold at that import is set here.
"""

import os
import secrets

# A throwaway key, so that a test run writes no key file and passes the settings' refusal
# to run on DATABASE_URL (CI's PostgreSQL pass) without a SECRET_KEY. In the environment,
# not only in the settings, so that the commands the tests start (manage.py) get it too;
# a SECRET_KEY given from outside wins.
os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(50))

from scorekeeper.datadir import prepare  # noqa: E402

prepare()  # the data directory, where the SQLite test database and the writers' lock go

from scorekeeper.settings import *  # noqa: E402, F403
from scorekeeper.settings import DATA_DIR, DATABASES  # noqa: E402

if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # A file, not :memory:, so that the concurrency tests use real locks; one per process,
    # so that two test runs side by side never share it.
    DATABASES["default"]["TEST"] = {"NAME": DATA_DIR / f"test-db-{os.getpid()}.sqlite3"}

# The live board redrawn for every change: tests see a hand on the board at once
# (tests/tournaments/test_board.py checks the coalescing with its own setting).
BOARD_STALE_SECONDS = 0

# Password hashing is slow by design; tests create many users.
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
# The manifest storage needs collectstatic; tests render templates without it, and
# WhiteNoise finds the files where they lie (as under DEBUG) instead of in STATIC_ROOT.
# Here for the whole run, not set per test: a request of the live server still in flight
# as one test's settings gave way to the next's could keep the storage of the moment
# between them (the manifest one) for the next test, whose pages then failed with
# "Missing staticfiles manifest entry".
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True
STORAGES = {
    **STORAGES,  # noqa: F405
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
