"""Running the migrations in a test: rows are made with the historical models of an older
migration, then the migrations run forward (and back) on the test database, SQLite or
PostgreSQL. The tests that do it ask for ``transactional_db``."""

from contextlib import contextmanager

from django.db import connection
from django.db.migrations.executor import MigrationExecutor


def migrate(targets):
    """Run the migrations to ``targets``; the historical apps as they then stand."""
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


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
        migrate(latest())
