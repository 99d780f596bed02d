"""A table's phone without the server (issue 24): the WebAssembly Python it works the
rules out with, and the rules it runs there.

The phone runs the same pure rules package as the server (``matches.rules``) in Pyodide,
a CPython compiled to WebAssembly. Pyodide comes from the npm registry as a tarball,
pinned and checked against the registry's sha512 (``fetch_pyodide``), and only the files
a browser loads are kept, in a folder that git ignores and the static files serve: the
phone never fetches anything from the internet. The rules travel to the phone as a zip
(``rules_zip``) that Pyodide unpacks and imports.
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import sys
import tarfile
import threading
import urllib.request
import zipfile
from functools import cache
from pathlib import Path

# Pyodide 0.29 is CPython 3.13: our rules need 3.11 or later (dataclasses, ``X | None``).
PYODIDE_VERSION = "0.29.5"
PYODIDE_TARBALL = f"https://registry.npmjs.org/pyodide/-/pyodide-{PYODIDE_VERSION}.tgz"
# The registry's ``dist.integrity`` of that tarball (``npm view pyodide@0.29.5 dist``).
PYODIDE_INTEGRITY = (
    "sha512-"
    "TkYrUv9m8QmfImADKRmpwZulL48E0uUaBSO+dvRQKyAJc0qh9gu7jn8btyHPh3NZm1r2IH2YrJhIr7Q2B9urAw=="
)
# What a browser loads: the loader, the interpreter (JavaScript glue and WebAssembly), the
# standard library and the package list the loader reads at start.
PYODIDE_LOADED = (
    "pyodide.js",
    "pyodide.asm.js",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# And the loader's source map, which the loader names: collectstatic's manifest refuses a
# script that points at a missing file.
PYODIDE_FILES = (*PYODIDE_LOADED, "pyodide.js.map")
STATIC_DIR = Path(__file__).resolve().parent.parent / "static"
# Under the project's own static folder (STATICFILES_DIRS), ignored by git.
PYODIDE_DIR = STATIC_DIR / "pyodide" / PYODIDE_VERSION
PYODIDE_STATIC = f"pyodide/{PYODIDE_VERSION}/"


class FetchError(Exception):
    pass


def pyodide_present() -> bool:
    return all((PYODIDE_DIR / name).is_file() for name in PYODIDE_FILES)


def fetch_pyodide(opener=urllib.request.urlopen, timeout: float = 120) -> Path:
    """Download the pinned tarball, check it, and unpack the browser's files alone."""
    try:
        with opener(PYODIDE_TARBALL, timeout=timeout) as answer:
            tarball = answer.read()
    except OSError as error:
        raise FetchError(f"could not download {PYODIDE_TARBALL}: {error}") from None
    check_integrity(tarball, PYODIDE_INTEGRITY)
    unpack(tarball, PYODIDE_DIR)
    return PYODIDE_DIR


def check_integrity(data: bytes, integrity: str) -> None:
    algorithm, _, expected = integrity.partition("-")
    if algorithm != "sha512":
        raise FetchError(f"unexpected integrity algorithm {algorithm}")
    found = base64.b64encode(hashlib.sha512(data).digest()).decode()
    if found != expected:
        raise FetchError(f"the tarball's sha512 is {found}, the registry said {expected}")


def unpack(tarball: bytes, target: Path) -> None:
    """The wanted files of ``package/`` only, by name: nothing else of the archive (no
    path from it) reaches the disk."""
    target.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(tarball), mode="r:gz") as archive:
        for name in PYODIDE_FILES:
            member = archive.getmember(f"package/{name}")
            source = archive.extractfile(member)
            if source is None:
                raise FetchError(f"package/{name} is not a file")
            partial = target / f".{name}.part"
            partial.write_bytes(source.read())
            partial.replace(target / name)


# -- the rules for the phone --------------------------------------------------------------

PACKAGE = Path(__file__).resolve().parent
ROOT = PACKAGE.parent
# What every game's rules build on (with the table sizes they speak of, ``rules/sizes.py``)
# and the glue that answers the page; each installed game adds its own ``rules`` module.
SHARED = ("matches/__init__.py", "matches/rules", "matches/offline_play.py")
# The list the phone registers the games' rulesets from (``offline_play.install``).
INSTALLED = "matches/games/installed.json"


def rules_sources() -> list[tuple[str, Path]]:
    """(name in the zip, file) for every module the phone needs, in a stable order: the
    shared rules and, from the games' registry, each installed game's ``rules`` module
    with the packages above it (an app's ``__init__`` imports nothing, so that the phone
    imports its rules without Django)."""
    found: dict[str, Path] = {}
    for shared in SHARED:
        path = ROOT / shared
        for file in sorted(path.glob("*.py")) if path.is_dir() else [path]:
            found[file.relative_to(ROOT).as_posix()] = file
    for module in _rules_modules():
        # Under its import name: a game's app may live outside the project.
        path = Path(sys.modules[module].__file__)
        if path.name == "__init__.py":  # the game's rules are a package: all of it
            for file in sorted(path.parent.glob("*.py")):
                found[f"{module.replace('.', '/')}/{file.name}"] = file
        else:
            found[f"{module.replace('.', '/')}.py"] = path
        for package in _packages_above(module):
            found[f"{package.replace('.', '/')}/__init__.py"] = Path(sys.modules[package].__file__)
    return sorted(found.items())


def _rules_modules() -> list[str]:
    from .rules import GAMES

    return [ruleset.__module__ for ruleset in GAMES.values()]


def _packages_above(module: str) -> list[str]:
    parts = module.split(".")
    return [".".join(parts[:end]) for end in range(1, len(parts))]


def installed() -> list[list[str]]:
    """The games the phone offers, in the registry's order: [slug, module, class]."""
    from .rules import GAMES

    return [[slug, ruleset.__module__, ruleset.__qualname__] for slug, ruleset in GAMES.items()]


def installed_key() -> str:
    """What the offline scripts drawn once per process depend on: the installed games (a
    test installs one of its own for a while)."""
    return json.dumps(installed())


def rules_zip() -> tuple[bytes, str]:
    """The zip and its version (a hash of its sources): rebuilt when a source changes."""
    sources = rules_sources()
    stamp = tuple((name, path.stat().st_mtime_ns, path.stat().st_size) for name, path in sources)
    return _rules_zip(stamp, json.dumps(installed()))


@cache
def _rules_zip(stamp, games: str) -> tuple[bytes, str]:
    digest = hashlib.sha256()
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, path in rules_sources():
            data = path.read_bytes()
            digest.update(name.encode() + b"\0" + data)
            archive.writestr(_entry(name), data)
        digest.update(INSTALLED.encode() + b"\0" + games.encode())
        archive.writestr(_entry(INSTALLED), games)
    return buffer.getvalue(), digest.hexdigest()[:16]


def _entry(name: str) -> zipfile.ZipInfo:
    # A fixed date: the same sources make the same bytes.
    info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
    info.compress_type = zipfile.ZIP_DEFLATED
    return info


def rule_messages() -> tuple[str, ...]:
    """Every message of the rules (``_("...")`` in ``matches.rules``): the phone words a
    refusal of its own rules with the server's translation of it. Read once per process
    (the sources do not change under a running server), and by one thread at a time:
    CPython 3.11's parser is not safe to run in two threads at once ("AST constructor
    recursion depth mismatch", a 500 on the first pages a fresh worker served at once)."""
    with _reading_messages:
        return _rule_messages()


_reading_messages = threading.Lock()


@cache
def _rule_messages() -> tuple[str, ...]:
    import ast

    found = []
    for name, path in rules_sources():
        if "/rules/" not in name and not name.endswith("/rules.py"):
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "_"
                and len(node.args) == 1
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                found.append(node.args[0].value)
    return tuple(dict.fromkeys(found))
