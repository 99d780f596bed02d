"""Running the migrations in a test: rows are made with the historical models of an older
migration, then the migrations run forward (and back) on the test database, SQLite or
PostgreSQL. The tests that do it ask for ``transactional_db``."""

from contextlib import contextmanager

from django.db import connection
from django.db.migrations.executor import MigrationExecutor


def migrate(targets):
    """Run the migrations to ``targets``; the historical apps as they then stand (the
    state the run ends in: the executor's loader has built the graph, and rendering the
    state again from it cost a second or two each time)."""
    return MigrationExecutor(connection).migrate(targets).apps


def latest():
    return [("matches", MigrationExecutor(connection).loader.graph.leaf_nodes("matches")[0][1])]


@contextmanager
def migrated_to(targets):
    """The database as ``targets`` left it (its historical apps); migrated to the latest
    again afterwards, however the block ends, for the tests that follow."""
    apps = migrate(targets)
    try:
        yield apps
    finally:
        _forward(latest())


def _forward(targets):
    # Back to the latest, its apps not needed: nothing to render.
    executor = MigrationExecutor(connection)
    if executor.migration_plan(targets):
        executor.migrate(targets)
