"""`make run`: serve the app with gunicorn, and tell phones on the local network where.

With HOST=0.0.0.0 the machine's LAN addresses are printed and allowed as hosts, so a
phone on the same Wi-Fi can open ``http://<address>:<port>/``. Expired sessions are
cleared at each start (Django's file sessions are never removed otherwise). gunicorn's
settings (the ASGI app and worker, the server lock) are in ``scorekeeper.gunicorn_conf``.
"""

import argparse
import os
import socket
import sys

from scorekeeper.datadir import prepare


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
    connections.close_all()  # before gunicorn replaces this process


def describe() -> str:
    """The server and how it serves, for the benchmarks' headings."""
    from importlib.metadata import version

    return f"gunicorn {version('gunicorn')}, asyncio worker (scorekeeper.asgi_worker)"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--workers", type=int, default=3)
    args = parser.parse_args(argv)
    host = os.environ.get("HOST", "127.0.0.1")
    port = os.environ.get("PORT", "8000")
    env = dict(os.environ)
    print(f"Scorekeeper: http://{'127.0.0.1' if host in ('0.0.0.0', '::') else host}:{port}/")
    if host in ("0.0.0.0", "::"):
        lan = lan_addresses()
        env["LAN_HOSTS"] = ",".join([*lan, env.get("LAN_HOSTS", "")]).strip(",")
        for address in lan:
            print(f"  phones on this network: http://{address}:{port}/")
        if not lan:
            print("  (no local network address found)")
    sys.stdout.flush()
    # Once here rather than in each worker's first import of scorekeeper.asgi.
    prepare()
    clear_expired_sessions()
    from django.conf import settings  # loaded by now (clear_expired_sessions)

    # Django sets a worker's time zone to TIME_ZONE as it loads the settings: the master
    # logs in the same one (docs/deployment.md, "The log").
    env["TZ"] = settings.TIME_ZONE
    gunicorn = os.path.join(os.path.dirname(sys.executable), "gunicorn")
    os.execve(
        gunicorn,
        [
            gunicorn,
            "--config",
            "python:scorekeeper.gunicorn_conf",  # the app, the worker, the server lock
            "--bind",
            f"{host}:{port}",
            "--workers",
            str(args.workers),
            "--access-logfile",
            "-",
        ],
        env,
    )


if __name__ == "__main__":
    main()
