"""The tests' helpers live in helper modules (issue 33, item 6): no module of the suite
imports a test module (``test_*.py``), whose fixtures and builders would otherwise be
collected twice and tangle the modules. Factories are in tests/factories.py and the
``*_support.py`` modules, evenings in tests/tournaments/evenings.py, shared fixtures in a
conftest.py. Read from the source with ``ast``: every import, at the top of a module or
inside a function, absolute or relative."""

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]


def imported_test_modules(source: str, package: str) -> set[str]:
    """The test modules a module of ``package`` (dotted) imports in ``source``."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            parts = package.split(".")
            base = ".".join(parts[: len(parts) - node.level + 1]) if node.level else ""
            module = ".".join(filter(None, (base, node.module)))
            names = [module, *(f"{module}.{alias.name}" for alias in node.names)]
        else:
            continue
        for name in names:
            if name.split(".")[0] == "tests" and name.split(".")[-1].startswith("test_"):
                found.add(name)
    return found


def package_of(path: Path) -> str:
    parts = ("tests", *path.relative_to(TESTS).parent.parts)
    return ".".join(parts)


def test_it_reads_every_kind_of_import():
    source = (
        "import os\n"
        "from .support import history\n"
        "from .test_optimal import fewest\n"
        "from tests.core import test_serve\n"
        "import tests.play.test_migrations\n"
        "def later():\n"
        "    from ..rules.test_rules_sitter import x\n"
    )
    assert imported_test_modules(source, "tests.seating") == {
        "tests.seating.test_optimal",
        "tests.core.test_serve",
        "tests.play.test_migrations",
        "tests.rules.test_rules_sitter",
    }


def test_no_module_of_the_suite_imports_a_test_module():
    found = {
        f"{path.relative_to(TESTS.parent)} imports {name}"
        for path in sorted(TESTS.rglob("*.py"))
        for name in imported_test_modules(path.read_text(encoding="utf-8"), package_of(path))
    }
    assert not found, sorted(found)
