"""gunicorn's settings for `make run` and `make bench`
(``gunicorn --config python:scorekeeper.gunicorn_conf``; the app is ``wsgi_app`` below).

gunicorn's asyncio worker, not its threaded one. A gthread worker hands a connection to
a thread of its pool at the request's first byte, and the thread then reads the rest with
blocking reads: 30 phones on bad Wi-Fi (or one visitor with a script) sending a header
line every few seconds held every thread, and /ping/ waited over 10 s (64 of them, in
``bench/floods.py``: no /ping/ answered at all). The asyncio worker reads every
connection in its event loop, and the app (``scorekeeper.asgi``) reads the whole body
there too; only then does Django's WSGI handler get the request, in a thread of a fixed
pool: a slow client holds a socket and a few bytes, never a thread.

Why this and not another: it keeps gunicorn's master and its several processes (two
cores for the views), its hooks (the server lock below), the access logger and `make
run`. Django's own ASGI handler starts a thread for every request, which cost several
times what /ping/ itself costs, and lost the database connection with each thread; a
fixed pool of threads keeps both as they were (``scorekeeper.asgi``). waitress reads
requests the same way but serves from one process, so a long request (a seating plan, a
board redraw) would hold the interpreter for everyone; uvicorn, hypercorn or granian
would be a new dependency to do what gunicorn 27 ships. The app keeps no per-request
state outside Django's thread-local connections; its per-process caches take a lock.

The server lock: while it runs, the server holds a shared lock on
``DATA_DIR/server.lock`` (``matches.backup``); ``manage.py restore`` needs it exclusively
and so refuses to replace the database under a running server.
"""

import os

from matches.backup import BackupError, hold_server_lock
from scorekeeper.datadir import data_dir, prepare

wsgi_app = "scorekeeper.asgi:application"
# gunicorn's ``asgi`` worker, answering its own refusals under /api/ in JSON.
worker_class = "scorekeeper.asgi_worker.ApiErrorsWorker"
# Django speaks no ASGI lifespan; without this the worker would ask at each start.
asgi_lifespan = "off"
# gunicorn's control socket (for ``gunicornc``) would sit at one path per user, which every
# other gunicorn of that user (a second data directory, the benchmark, the tests) would
# take over; nothing here uses it.
control_socket_disable = True
# The longest request line gunicorn takes (its maximum short of "unlimited"; the default
# is 4094). A longer one is refused by gunicorn itself before the app can answer (under
# /api/ in JSON: scorekeeper.asgi_worker); a search URL with a few dozen accented
# letters, each nine bytes once percent-encoded, gets near 4094.
limit_request_line = 8190
# Phones and the projector poll the live board every 5 s: a connection kept open that
# long is reused instead of opened again (the default is 2 s). Idle ones wait in the
# worker's event loop, not in a thread.
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
