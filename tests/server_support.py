"""Helpers for the tests that start the server as `make run` does
(``python -m scorekeeper.serve``) and talk to it over a socket on loopback."""

import os
import signal
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
HOST = "127.0.0.1"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


def environment(data_dir: Path, port: int, secret_key: str) -> dict:
    # Not this test process's database, nor the async-safety switch its browser tests set
    # (tests/e2e_support.py): the server runs as `make run` starts it.
    left_out = ("DATABASE_URL", "DJANGO_ALLOW_ASYNC_UNSAFE")
    env = {key: value for key, value in os.environ.items() if key not in left_out}
    env.update(
        DATA_DIR=str(data_dir),
        SECRET_KEY=secret_key,
        DJANGO_SETTINGS_MODULE="scorekeeper.settings",
        HOST=HOST,
        PORT=str(port),
    )
    return env


def get(port: int, path: str = "/ping/", timeout: float = 10) -> tuple[int, bytes]:
    with socket.create_connection((HOST, port), timeout=timeout) as sock:
        sock.sendall(f"GET {path} HTTP/1.1\r\nHost: {HOST}\r\nConnection: close\r\n\r\n".encode())
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    status = int(answer.split(b" ", 2)[1])
    return status, answer.split(b"\r\n\r\n", 1)[1]


def wait_until_up(server: subprocess.Popen, port: int) -> None:
    # A bound on how long a start may take, not a measurement: the test waits for the
    # server's first answer (or its exit) and fails only if neither ever comes.
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            said = server.stderr.read() if server.stderr else "(see its log)"
            pytest.fail(f"the server exited ({server.returncode}): {said}")
        try:
            if get(port, timeout=2)[0] == 200:
                return
        except OSError:
            time.sleep(0.2)
    pytest.fail("the server never answered /ping/")


@contextmanager
def serving(
    data_dir: Path,
    secret_key: str,
    workers: int = 2,
    access_log=subprocess.DEVNULL,
    errors=subprocess.PIPE,
    **env,
):
    """The server as `make run` starts it; ``env``: more of its environment. Its access
    log goes to ``access_log``, the rest of its log (Granian's, Django's) to
    ``errors``."""
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper.serve", "--workers", str(workers)],
        cwd=ROOT,
        env=environment(data_dir, port, secret_key) | env,
        stdout=access_log,  # `make run` writes its access log there
        stderr=errors,
        text=True,
    )
    try:
        wait_until_up(server, port)
        yield port
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        if server.stderr:
            server.stderr.close()
