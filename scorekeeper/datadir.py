"""The data directory: the SQLite database, the generated secret key, the session files.

The settings only read from here. ``prepare()`` is what creates things; the entry points
(``manage.py``, ``scorekeeper.wsgi``, ``make run``) call it before Django loads the
settings, so that importing the settings — in a test, a linter, a second worker — never
writes to the disk.
"""

import os
import secrets
import tempfile
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent


def data_dir() -> Path:
    """``DATA_DIR`` from the environment, or ``var/`` beside ``manage.py``."""
    return Path(os.environ.get("DATA_DIR") or BASE_DIR / "var").resolve()


def secret_key_file() -> Path:
    return data_dir() / "secret_key"


def sessions_dir() -> Path:
    return data_dir() / "sessions"


def database_file() -> Path:
    return data_dir() / "db.sqlite3"


def board_drawings_dir() -> Path:
    """The live boards' last drawings, shared by the worker processes (a cache: see
    ``matches.services.board``); made when first written to."""
    return data_dir() / "boards"


def prepare() -> None:
    """Create the data directory, the session folder and the secret key file if missing.

    Only what this configuration uses: with ``DATABASE_URL`` the sessions live in the
    database and the key must come from the environment (the settings insist), so
    nothing is created. Idempotent, and safe when several workers start at once.
    """
    if os.environ.get("DATABASE_URL"):
        return
    # 0700/0600: the database, the sessions and the key are nobody else's business (a
    # session file's name is the session key: whoever can list the folder can log in as
    # anyone). Made so, and made so again for a data directory from an older version.
    for folder in (data_dir(), sessions_dir()):
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        _private(folder, 0o700)
    # SQLite would create the database 0644 (less the umask), and gives its -wal and -shm
    # files the database's own mode: an empty file made 0600 first is a new database to it.
    database = database_file()
    _create_private(database)
    for path in (database, Path(f"{database}-wal"), Path(f"{database}-shm"), secret_key_file()):
        _private(path, 0o600)
    if not os.environ.get("SECRET_KEY"):
        _write_once(secret_key_file(), secrets.token_urlsafe(50))


def _create_private(path: Path) -> None:
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except FileExistsError:
        pass


def _private(path: Path, mode: int) -> None:
    """``chmod`` when needed (and possible: a file of another user is left as it is)."""
    try:
        if path.stat().st_mode & 0o777 != mode:
            path.chmod(mode)
    except (FileNotFoundError, PermissionError):
        pass


def _write_once(path: Path, content: str) -> None:
    """Write ``path`` unless it exists; a reader never sees it empty or half written.

    The server's workers each import the WSGI module and so each call ``prepare()``: the
    first to finish must win and the others must keep its key. The content goes to a
    private temporary file (created O_EXCL, mode 0600) that is then hard-linked into
    place, which fails if the name exists: creating the name itself O_EXCL and writing
    after would let another worker read the file in between, empty.
    """
    if path.exists():
        return
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}-")
    try:
        with os.fdopen(fd, "w") as handle:
            handle.write(content)
            handle.flush()
            os.fsync(handle.fileno())
        try:
            os.link(temporary, path)
        except FileExistsError:
            pass  # another worker was quicker: its key stands
    finally:
        os.unlink(temporary)
