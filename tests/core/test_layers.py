"""Imports run one way: the faces (views, the API) → the services → the models and the
pure packages. Read from the source with ``ast`` (every import, at the top of a module
or inside a function), so a shortcut that would tangle the layers fails here.

    views, api, templatetags, middleware            (the faces)
        │
        ▼
    access, forms, presenters, games' Django side  (what the faces share)
        │
        ▼
    services: writers ──▶ reads (selectors, board, standings, sheets)
        │
        ▼
    models, errors, text, tokens                    (storage and the words of a refusal)
        │
        ▼
    rules, seating, standings, ratings              (pure: no Django)
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2] / "matches"

FACES = ("matches.views", "matches.api", "matches.templatetags", "matches.middleware")
PURE = ("matches.rules", "matches.seating", "matches.standings", "matches.ratings")
# The reads among the services: they write nothing, and so import no writer.
READS = (
    "matches.services.selectors",
    "matches.services.board",
    "matches.services.standings",
    "matches.services.sheets",
    "matches.services.lists",
    "matches.services.club",
    "matches.services.player_links",
)
WRITERS = (
    "matches.services.play",
    "matches.services.tournaments",
    "matches.services.players",
    "matches.services.series",
    "matches.services.accounts",
    "matches.services.keeping",
    "matches.services.ratings",
)


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(path: Path) -> set[str]:
    """Every module ``path`` imports, as dotted names (``from . import x`` counts as the
    package and as ``package.x``, which may be a module)."""
    module = _module(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join([*base, *([node.module] if node.module else [])])
            else:
                target = node.module or ""
            found.add(target)
            found.update(f"{target}.{alias.name}" for alias in node.names)
    return found


SOURCES = {
    _module(path): imports_of(path)
    for path in sorted(ROOT.rglob("*.py"))
    if "migrations" not in path.parts
}


def _under(name: str, prefixes: tuple[str, ...] | str) -> bool:
    prefixes = (prefixes,) if isinstance(prefixes, str) else prefixes
    return any(name == prefix or name.startswith(prefix + ".") for prefix in prefixes)


def crossings(importers, imported) -> set[tuple[str, str]]:
    """(module, what it imports) for every module under ``importers`` that imports one
    under ``imported``, by the package it reaches (``matches.games``, not its classes)."""
    found = set()
    for module, names in SOURCES.items():
        if not _under(module, importers):
            continue
        for name in names:
            for prefix in (imported,) if isinstance(imported, str) else imported:
                if _under(name, prefix):
                    found.add((module, prefix))
    return found


def test_the_source_is_read():
    assert "matches.services.play" in SOURCES
    assert "matches.models" in SOURCES["matches.services.play"]


@pytest.mark.parametrize(
    ("importers", "imported", "why"),
    [
        ("matches.services", FACES, "a service knows no page and no API"),
        ("matches.services", ("matches.forms", "matches.presenters"), "nor their forms"),
        ("matches.services", "matches.games", "nor a game's forms (its Django side)"),
        ("matches.services", "matches.access", "who may is the faces' question"),
        ("matches.models", ("matches.services", *FACES), "storage serves, it asks nothing"),
        ("matches.models", ("matches.forms", "matches.games", "matches.access"), "ditto"),
        ("matches.errors", ("matches.services", "matches.models", *FACES), "a refusal's words"),
        ("matches.forms", ("matches.services", *FACES), "a form parses; the view acts"),
        ("matches.access", ("matches.services", *FACES), "the policy reads models"),
        (READS, WRITERS, "reads never import writers"),
    ],
)
def test_imports_run_one_way(importers, imported, why):
    found = crossings(importers, imported)
    assert not found, f"{why}: {sorted(found)}"


def test_the_pure_packages_import_no_django():
    for module, names in SOURCES.items():
        if _under(module, PURE):
            outside = {
                name for name in names if name.split(".")[0] == "django" or _under(name, "ninja")
            }
            reaching = {
                name for name in names if _under(name, "matches") and not _under(name, PURE)
            }
            assert not outside and not reaching, (module, outside | reaching)


def test_the_services_base_and_selectors_do_not_import_each_other():
    assert not crossings("matches.services.base", "matches.services.selectors")
    assert not crossings("matches.services.selectors", "matches.services.base")


def test_the_models_modules_import_each_other_one_way():
    """No circle among ``matches/models/*.py``, not even through an import inside a
    function (issue 33: the cursor lookups once imported the models that imported them)."""

    def module_of(name: str) -> str:  # ``matches.models.play.Match`` is of ``...play``
        return name if name in SOURCES else name.rpartition(".")[0]

    models = {
        module: {module_of(name) for name in names if _under(name, "matches.models")}
        - {"matches.models"}
        for module, names in SOURCES.items()
        if _under(module, "matches.models") and module != "matches.models"
    }

    def reached(start: str) -> set[str]:
        seen, todo = set(), [start]
        while todo:
            for name in models.get(todo.pop(), ()):
                if name not in seen:
                    seen.add(name)
                    todo.append(name)
        return seen

    assert len(models) > 5
    circles = sorted(module for module in models if module in reached(module))
    assert not circles, circles


# Where SQL may still be written by hand (issue 33): what the ORM cannot say. The
# migrations are not read at all.
HAND_WRITTEN_SQL = {
    "matches.backup": "SQLite's own backup, integrity check and journal mode",
    "matches.services.accounts": "PostgreSQL's LOCK TABLE around the first organiser",
}
SQL_CALLS = ("cursor(", ".execute(", ".executescript(", ".raw(", "RawSQL", ".extra(")


def test_no_sql_is_written_by_hand_but_what_the_orm_cannot_say():
    found = set()
    for root in (ROOT, ROOT.parent / "scorekeeper"):
        for path in sorted(root.rglob("*.py")):
            if "migrations" in path.parts:
                continue
            text = path.read_text(encoding="utf-8")
            if any(call in text for call in SQL_CALLS):
                found.add(".".join(path.relative_to(ROOT.parent).with_suffix("").parts))
    assert found == set(HAND_WRITTEN_SQL)
