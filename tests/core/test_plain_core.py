"""The plain core (issue 33; docs/development.md "Layers"): no circle among the models'
modules, and no SQL written by hand but what the ORM cannot say. The layers themselves are
import-linter's contracts (pyproject.toml, ``make check``); these two it cannot say."""

from __future__ import annotations

from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parents[2]


def test_the_models_modules_import_each_other_one_way():
    """No circle among ``matches/models/*.py``, not even through an import inside a
    function (the cursor lookups once imported the models that imported them). grimp is
    import-linter's own reading of the imports."""
    graph = grimp.build_graph("matches")
    models = sorted(graph.find_children("matches.models"))
    assert len(models) > 5
    circles = [
        (one, other)
        for one in models
        for other in models
        if one < other
        and graph.chain_exists(importer=one, imported=other)
        and graph.chain_exists(importer=other, imported=one)
    ]
    assert not circles, circles


# Where SQL may still be written by hand: what the ORM cannot say. The migrations are not
# read at all.
HAND_WRITTEN_SQL = {
    "matches.backup": "SQLite's own backup, integrity check and journal mode",
    "matches.services.accounts": "PostgreSQL's LOCK TABLE around the first organiser",
}
SQL_CALLS = ("cursor(", ".execute(", ".executescript(", ".raw(", "RawSQL", ".extra(")


def test_no_sql_is_written_by_hand_but_what_the_orm_cannot_say():
    found = set()
    for root in (ROOT / "matches", ROOT / "scorekeeper"):
        for path in sorted(root.rglob("*.py")):
            if "migrations" in path.parts:
                continue
            text = path.read_text(encoding="utf-8")
            if any(call in text for call in SQL_CALLS):
                found.add(".".join(path.relative_to(ROOT).with_suffix("").parts))
    assert found == set(HAND_WRITTEN_SQL)
