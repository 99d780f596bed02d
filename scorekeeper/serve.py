"""`make run`: serve the app with Granian, and tell phones on the local network where.

With HOST=0.0.0.0 the machine's LAN addresses are printed and allowed as hosts, so a
phone on the same Wi-Fi can open ``http://<address>:<port>/``. Expired sessions are
cleared at each start (Django's file sessions are never removed otherwise).

The server is Granian in its WSGI mode (docs/deployment.md, "The server"), started here
through its public Python API (``granian.Granian``), in this process, which stays its
main process and holds the server lock that ``manage.py restore`` checks. Granian reads
each request's headers in its Rust event loop and then hands the request to Django's
WSGI handler in one of a fixed pool of threads per worker process (``THREADS``), where
the body is read as the view asks for it (requests with one take turns for all but two
threads: ``scorekeeper.bodies``); the collected static files (``STATIC_ROOT``, under
``/static/``) it serves from Rust without any Python thread. So /ping/ stays quick under
60 slowloris connections, 60 slow bodies and 60 slow readers of the 8.6 MB
``pyodide.asm.wasm`` (``bench/floods.py``).
"""

import argparse
import os
import socket
import sys
import time
from importlib.metadata import version

from scorekeeper.datadir import prepare

# View threads per worker process: as many as the server had before (8).
THREADS = int(os.environ.get("THREADS") or 8)
# Phones and the projector poll the live board every 5 s: a connection kept open that
# long is reused instead of opened again. Granian (hyper) gives a connection this long
# for the headers of each request, its first included, and closes one that sends none
# (or a header line now and then) in that time: a slowloris holds a socket for 10 s.
HEADERS_SECONDS = int(os.environ.get("HEADERS_SECONDS") or 10)
# A year (WhiteNoise gave the hashed names ten years; ``{% static %}`` links only those). The
# unhashed names stay the same only within a versioned folder (Pyodide's
# ``pyodide/<version>/``, which its loader asks for by name).
STATIC_SECONDS = 365 * 24 * 3600


def lan_addresses() -> list[str]:
    """The machine's IPv4 addresses other than loopback, without sending any traffic;
    first the one of the interface that reaches the network (the table links use the
    first: on a laptop with Docker's 172.17.0.1 or a VPN's 10.x beside its Wi-Fi's
    192.168.x, only the Wi-Fi's is the one phones can open)."""
    addresses: set[str] = set()
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            addresses.add(info[4][0])
    except OSError:
        pass
    # A UDP "connect" picks the outgoing interface without sending a packet.
    outgoing = ""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        outgoing = probe.getsockname()[0]
    except OSError:
        pass
    finally:
        probe.close()
    others = sorted(a for a in addresses if a != outgoing and not a.startswith("127."))
    return ([outgoing] if outgoing and not outgoing.startswith("127.") else []) + others


def clear_expired_sessions() -> None:
    """``manage.py clearsessions``: the session files (or rows) of visitors whose login
    has run out, which nothing else removes."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
    import django
    from django.core.management import call_command
    from django.db import connections

    django.setup()
    call_command("clearsessions")
    connections.close_all()  # before the workers start (forked, they would share it)


def describe() -> str:
    """The server and how it serves, for the benchmarks' headings."""
    return (
        f"Granian {version('granian')} (WSGI, {THREADS} view threads a worker, /static/ from Rust)"
    )


def logging_config() -> dict:
    """Granian's log (``logging.config.dictConfig``): its own lines on stderr, with the
    time and the process; the access log on stdout, each line
    redacted and in the club's time zone (``matches.logs.AccessLine``)."""
    stamp = "%Y-%m-%d %H:%M:%S %z"
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {"access": {"()": "matches.logs.AccessLine"}},
        "formatters": {
            "generic": {"format": "[%(asctime)s] [%(process)d] [%(levelname)s] %(message)s"}
            | {"datefmt": stamp},
            "access": {"format": "%(message)s"},
        },
        "handlers": {
            "console": {
                "class": "logging.StreamHandler",
                "formatter": "generic",
                "stream": "ext://sys.stderr",
            },
            "access": {
                "class": "logging.StreamHandler",
                "formatter": "access",
                "stream": "ext://sys.stdout",
            },
        },
        "loggers": {
            "_granian": {"handlers": ["console"], "level": "INFO", "propagate": False},
            "granian.access": {
                "handlers": ["access"],
                "filters": ["access"],
                "level": "INFO",
                "propagate": False,
            },
        },
    }


def server(host: str, port: int, workers: int):
    """Granian as `make run` starts it (not yet serving)."""
    from django.conf import settings
    from granian import Granian
    from granian.constants import HTTPModes, Interfaces
    from granian.http import HTTP1Settings

    from matches.logs import ACCESS_FORMAT

    return Granian(
        "scorekeeper.wsgi:application",
        address=host,
        port=port,
        interface=Interfaces.WSGI,
        workers=workers,
        blocking_threads=THREADS,
        # Kept, with their database connections (CONN_MAX_AGE), however quiet the club.
        blocking_threads_idle_timeout=600,
        http=HTTPModes.http1,
        websockets=False,
        http1_settings=HTTP1Settings(header_read_timeout=HEADERS_SECONDS * 1000),
        log_dictconfig=logging_config(),
        log_access=True,
        log_access_format=ACCESS_FORMAT,
        static_path_route=["/" + settings.STATIC_URL.strip("/")],
        static_path_mount=[settings.STATIC_ROOT],
        static_path_expires=STATIC_SECONDS,
    )


def hold_server_lock():
    """The server lock (``matches.backup``), for this process's lifetime: while it
    runs, ``manage.py restore`` refuses to replace the database. SQLite only: a
    restore of a PostgreSQL database is pg_restore's business. Exits when a restore
    is running."""
    from matches.backup import BackupError
    from matches.backup import hold_server_lock as hold
    from scorekeeper.datadir import data_dir

    if os.environ.get("DATABASE_URL"):
        return None
    try:
        return hold(data_dir())
    except BackupError as error:
        print(error, file=sys.stderr)
        raise SystemExit(1) from None


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workers", type=int, default=3)
    args = parser.parse_args(argv)
    host = os.environ.get("HOST", "127.0.0.1")
    port = os.environ.get("PORT", "8000")
    print(f"Scorekeeper: http://{'127.0.0.1' if host in ('0.0.0.0', '::') else host}:{port}/")
    if host in ("0.0.0.0", "::"):
        lan = lan_addresses()
        os.environ["LAN_HOSTS"] = ",".join([*lan, os.environ.get("LAN_HOSTS", "")]).strip(",")
        for address in lan:
            print(f"  phones on this network: http://{address}:{port}/")
        if not lan:
            print("  (no local network address found)")
    sys.stdout.flush()
    prepare()  # the data directory and the key file, once before the workers start
    lock = hold_server_lock()  # before any worker starts; released as this process ends
    clear_expired_sessions()
    from django.conf import settings  # loaded by now (clear_expired_sessions)

    # Django sets a process's time zone to TIME_ZONE as it loads the settings; the
    # workers' too, through the environment they start with (docs/deployment.md, "The
    # log"): every line of the log in one zone.
    os.environ["TZ"] = settings.TIME_ZONE
    if hasattr(time, "tzset"):
        time.tzset()
    try:
        server(host, int(port), args.workers).serve()
    finally:
        if lock is not None:
            lock.close()


if __name__ == "__main__":
    main()
