"""Settings for the scorekeeper: one file, every deploy-time value from the environment.

Safe defaults: DEBUG is off unless ``DEBUG=1``; the secret key comes from ``SECRET_KEY`` or
from a file generated once in the data directory (never from git); SQLite in the data
directory unless ``DATABASE_URL`` names another database.

Importing this module writes nothing: the data directory and the key file are made by
``scorekeeper.datadir.prepare()``, which the entry points call before loading it.
"""

import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from scorekeeper.datadir import (
    board_drawings_dir,
    data_dir,
    database_file,
    secret_key_file,
    sessions_dir,
)

BASE_DIR = Path(__file__).resolve().parent.parent


def env_flag(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, "").split(",") if item.strip()]


DATA_DIR = data_dir()


def _secret_key() -> str:
    """The environment wins; otherwise the key that ``prepare()`` generated into DATA_DIR.

    Kept in a file so that sessions survive a restart, and outside git so that no two
    installations share it.
    """
    if os.environ.get("SECRET_KEY"):
        return os.environ["SECRET_KEY"]
    if os.environ.get("DATABASE_URL"):
        # A shared database usually means several app servers; each would generate its
        # own key and reject the others' sessions, CSRF tokens and signed links.
        raise ImproperlyConfigured(
            "DATABASE_URL is set but SECRET_KEY is not: set SECRET_KEY in the environment, "
            "the same value on every server that uses this database."
        )
    path = secret_key_file()
    try:
        key = path.read_text().strip()
    except FileNotFoundError:
        raise ImproperlyConfigured(
            f"No SECRET_KEY in the environment and no key file at {path}. Start the app "
            "through manage.py, scorekeeper.wsgi or `make run`, which create it, or set "
            "SECRET_KEY."
        ) from None
    if not key:
        raise ImproperlyConfigured(f"The key file {path} is empty: delete it and start again.")
    return key


SECRET_KEY = _secret_key()
DEBUG = env_flag("DEBUG")
HTTPS = env_flag("HTTPS")

ALLOWED_HOSTS = ["localhost", "127.0.0.1", "[::1]", *env_list("ALLOWED_HOSTS")]
# `make run` with HOST=0.0.0.0 passes the machine's LAN addresses here so phones can connect.
LAN_HOSTS = env_list("LAN_HOSTS")
ALLOWED_HOSTS += LAN_HOSTS
# The address printed links and QR codes carry (table links, the board), e.g.
# ``http://192.168.1.20:8000``. Empty: the first LAN address when the organiser's browser
# is on loopback (phones cannot reach 127.0.0.1), the browser's own address otherwise.
PUBLIC_URL = os.environ.get("PUBLIC_URL", "").strip().rstrip("/")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")
# JSON under /api/ (whose routes check CSRF themselves), the site's own page elsewhere.
CSRF_FAILURE_VIEW = "matches.views.errors.csrf_failure"

INSTALLED_APPS = [
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "ninja",
    "matches",
    # The games, one app each (matches/games/<game>/), in the order the new-match page
    # lists them: a new game is its folder and one line here.
    "matches.games.sergeant_major",
    "matches.games.sheepshead",
    "matches.games.sieben",
    "matches.games.skat",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "matches.middleware.security_headers",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "matches.middleware.FirstOrganiserMiddleware",
    "matches.middleware.vary_on_htmx",
    "matches.middleware.private_answers",
]

ROOT_URLCONF = "scorekeeper.urls"
WSGI_APPLICATION = "scorekeeper.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "OPTIONS": {
            # Django's two loaders (a game's templates are in its app, under
            # ``games/<slug>/``), cached, inside django-template-partials' loader: the set-up
            # that app makes by itself, written out.
            "loaders": [
                (
                    "template_partials.loader.Loader",
                    [
                        (
                            "django.template.loaders.cached.Loader",
                            [
                                "django.template.loaders.filesystem.Loader",
                                "django.template.loaders.app_directories.Loader",
                            ],
                        )
                    ],
                )
            ],
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
            ],
            "builtins": ["template_partials.templatetags.partials"],
        },
    }
]

# SQLite by default, tuned for several writers at once (phones at many tables):
# WAL lets readers run beside the writer, IMMEDIATE takes the write lock at BEGIN so two
# transactions never deadlock upgrading a read lock, and busy_timeout makes a writer wait
# for the lock instead of failing at once.
SQLITE_OPTIONS = {
    "transaction_mode": "IMMEDIATE",
    "timeout": 20,
    "init_command": (
        "PRAGMA journal_mode=WAL;"
        "PRAGMA synchronous=NORMAL;"
        "PRAGMA busy_timeout=20000;"
        "PRAGMA foreign_keys=ON;"
    ),
}

if os.environ.get("DATABASE_URL"):
    DATABASES = {
        "default": dj_database_url.parse(
            os.environ["DATABASE_URL"], conn_max_age=600, conn_health_checks=True
        )
    }
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": database_file(),
            "OPTIONS": SQLITE_OPTIONS,
            # Keep each thread's connection: opening one (and its PRAGMAs) on every
            # request would cost more than most requests do. (The threads are a fixed
            # pool in each worker: scorekeeper.serve.)
            "CONN_MAX_AGE": 600,
            "CONN_HEALTH_CHECKS": True,
        }
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# The first logs in and reads the session's user (prepared: matches.auth); Django's own
# still reads the sessions made before it.
AUTHENTICATION_BACKENDS = [
    "matches.auth.Accounts",
    "django.contrib.auth.backends.ModelBackend",
]

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Failed logins (matches.services.accounts): after "limit" failures within "window"
# seconds, the account (from any address) or the address (for any account) is refused for
# "lockout" seconds. Counted in the database, which every worker shares.
LOGIN_THROTTLE = {
    "account": {"limit": 5, "window": 15 * 60, "lockout": 15 * 60},
    "address": {"limit": 20, "window": 15 * 60, "lockout": 15 * 60},
}
# Behind a reverse proxy every request comes from the proxy's address: with this set, the
# throttle counts the address the proxy appended to X-Forwarded-For instead.
TRUST_X_FORWARDED_FOR = env_flag("TRUST_X_FORWARDED_FOR")

LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "play:home"
LOGOUT_REDIRECT_URL = "accounts:login"

LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("de", _("German"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
# English dates as in Britain (26/11/2026), as the site spells; German ones as in Germany.
FORMAT_MODULE_PATH = ["scorekeeper.formats"]
TIME_ZONE = os.environ.get("TIME_ZONE", "Europe/Berlin")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
# Django's two finders, and each game's own script (``games/<slug>/``, in its package).
STATICFILES_FINDERS = [
    "django.contrib.staticfiles.finders.FileSystemFinder",
    "django.contrib.staticfiles.finders.AppDirectoriesFinder",
]
# Where `collectstatic` puts them and `make run`'s server serves them from (Granian, in
# Rust: scorekeeper.serve); another folder for a test's own files.
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT") or BASE_DIR / "staticfiles")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}


def versioned_static_headers(headers, path: str, url: str) -> None:
    """WhiteNoise's ``WHITENOISE_ADD_HEADERS_FUNCTION``: Pyodide's files keep the names its
    loader asks for, in a folder named by its version (``pyodide/0.29.5/``), which is
    replaced, never changed: as immutable as a hashed name (WhiteNoise would give them a
    minute). `make run`'s server gives every static file a year (docs/offline.md)."""
    if url.startswith(f"/{STATIC_URL}pyodide/"):
        headers["Cache-Control"] = f"max-age={365 * 24 * 3600}, public, immutable"


WHITENOISE_ADD_HEADERS_FUNCTION = versioned_static_headers

MESSAGE_STORAGE = "django.contrib.messages.storage.session.SessionStorage"
# Sessions: read on every page a phone loads. On one machine (SQLite) they are files in the
# data directory, which every worker sees at once and which cost no query; with a
# DATABASE_URL (perhaps several app servers) they live in the database. Never in the cache
# below, which is each worker's own memory: a session kept there would outlive a logout
# seen by another worker.
if os.environ.get("DATABASE_URL"):
    SESSION_ENGINE = "django.contrib.sessions.backends.db"
else:
    SESSION_ENGINE = "django.contrib.sessions.backends.file"
    SESSION_FILE_PATH = sessions_dir()

# One process's memory: the derived match state, the rendered table and the match JSON
# are cached per match revision, so a stale entry is never read, only left to expire.
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "scorekeeper",
        "OPTIONS": {"MAX_ENTRIES": 5000},
    }
}

# Each live board's last drawing, in files that every worker of this machine reads, so
# that a poll finds the drawing another worker made (matches.services.board).
BOARD_DRAWINGS_DIR = board_drawings_dir()

# Security: safe everywhere, and the TLS-only settings when HTTPS=1 says TLS is in front.
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_AGE = 60 * 60 * 24 * 30  # a club season: players stay logged in on their phones
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
# Defence in depth should some text ever slip through escaping: scripts and styles only
# from the app's own files (no inline script, handler or style; htmx is told not to
# add its indicator style nor to eval), no plugins, no framing, forms post only here.
# ``data:`` images: the API docs page (Swagger UI) draws its icons so.
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
# A scorekeeper needs none of the browser's powerful features.
PERMISSIONS_POLICY = ", ".join(
    f"{feature}=()"
    for feature in (
        "accelerometer",
        "camera",
        "display-capture",
        "geolocation",
        "gyroscope",
        "magnetometer",
        "microphone",
        "payment",
        "usb",
    )
)
if HTTPS:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_flag("SECURE_SSL_REDIRECT", True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", 60 * 60 * 24 * 365))
    # Opt-in: a club laptop reached by a LAN or borrowed name must not pin HTTPS on every
    # subdomain of it, nor ask browsers to ship that name in their preload list (which is
    # hard to undo). Django's deploy check asks for both (W005, W021), so those two
    # warnings are silenced while the flags are off, and only those.
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_flag("SECURE_HSTS_INCLUDE_SUBDOMAINS")
    SECURE_HSTS_PRELOAD = env_flag("SECURE_HSTS_PRELOAD")
    SILENCED_SYSTEM_CHECKS = [
        *([] if SECURE_HSTS_INCLUDE_SUBDOMAINS else ["security.W005"]),
        *([] if SECURE_HSTS_PRELOAD else ["security.W021"]),
    ]

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    # Link tokens and board keys in paths never reach the log (matches.logs).
    "filters": {
        "secrets": {"()": "matches.logs.RedactSecrets"},
        "one_line_refusals": {"()": "matches.logs.OneLineRefusals"},
    },
    "handlers": {"console": {"class": "logging.StreamHandler", "filters": ["secrets"]}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
    # A refusal (403, a 302 to the login page, 401) is one line, without the traceback of
    # its PermissionDenied: only a 500 keeps one (matches.logs).
    "loggers": {"django.request": {"filters": ["one_line_refusals"]}},
}

# Polls of the live board within this many seconds of its last drawing share that drawing
# (services.board.Shown), instead of each drawing a board of its own while hands come in
# every few tenths of a second. Half a second: a hand is on a board that polls every 5 s
# within 5.5 s, inside "one poll interval plus one second" (issue 19).
BOARD_STALE_SECONDS = 0.5
# How often the live board, a table's phone and a player's page ask whether anything
# changed (docs/settings.md); the benches measure a hall at 5 s (docs/performance.md), and
# a championship on a small laptop may ask less often.
POLL_SECONDS = max(1, int(os.environ.get("POLL_SECONDS") or 5))

NINJA_PAGINATION_PER_PAGE = 100

# How hard `mixed` seating searches, in evaluated moves (matches.seating.planner.BUDGET when
# unset). Counted in moves, not seconds, so that a seed gives the same seating on any
# machine; lower it on a slow computer to draft sooner with possibly more repeat pairs.
SEATING_EFFORT = int(os.environ["SEATING_EFFORT"]) if os.environ.get("SEATING_EFFORT") else None
