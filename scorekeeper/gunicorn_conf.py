"""gunicorn's settings for `make run` and `make bench`
(``gunicorn --config python:scorekeeper.gunicorn_conf scorekeeper.wsgi``).

Threads, not sync workers: a sync worker belongs to one connection from its first byte to
its last, so three phones on bad Wi-Fi sending their headers slowly stall a three-worker
server (and the worker timeout then kills them mid-request). A gthread worker waits for
requests in a poller and gives each one a thread of its pool: a slow client holds one
thread, and the others keep answering. The app keeps no per-request state outside
Django's thread-local connections; its per-process caches take a lock.

The server lock: while it runs, the server holds a shared lock on
``DATA_DIR/server.lock`` (``matches.backup``); ``manage.py restore`` needs it exclusively
and so refuses to replace the database under a running server.
"""

import os

from matches.backup import BackupError, hold_server_lock
from scorekeeper.datadir import data_dir, prepare

worker_class = "gthread"
threads = int(os.environ.get("THREADS") or 8)
# gunicorn's control socket (for ``gunicornc``) would sit at one path per user, which every
# other gunicorn of that user (a second data directory, the benchmark, the tests) would
# take over; nothing here uses it.
control_socket_disable = True
# The longest request line gunicorn takes (its maximum short of "unlimited"; the default
# is 4094). A longer one is refused by gunicorn itself with an HTML 414 before the app
# can answer, which under /api/ would break "every answer is JSON"; a search URL with a
# few dozen accented letters, each nine bytes once percent-encoded, gets near 4094.
limit_request_line = 8190
# Phones and the projector poll the live board every 5 s: a connection kept open that
# long is reused instead of opened again (the default is 2 s). Idle ones wait in the
# worker's poller, not in a thread.
keepalive = 10
# The access log without table links, share links and board keys (they are credentials).
logger_class = "matches.logs.GunicornLogger"

_server_lock = None  # the open, locked file: held by the master and every worker


def on_starting(server):
    """Take the server lock before any worker starts (SQLite only: a restore of a
    PostgreSQL database is pg_restore's business)."""
    global _server_lock
    if os.environ.get("DATABASE_URL"):
        return
    prepare()
    try:
        _server_lock = hold_server_lock(data_dir())
    except BackupError as error:
        server.log.error("%s", error)
        raise SystemExit(1) from None
