"""``manage.py restore FILE``: put a backup in place of the SQLite database."""

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import connections

from matches.backup import BackupError, integrity, restore


class Command(BaseCommand):
    help = "Restore the SQLite database from a backup; the server must be stopped."

    def add_arguments(self, parser):
        parser.add_argument("file", help="the backup to restore")

    def handle(self, *args, file, **options):
        connection = connections["default"]
        if connection.vendor != "sqlite":
            raise CommandError("The database is PostgreSQL: restore it with pg_restore.")
        target = Path(connection.settings_dict["NAME"])
        connections.close_all()
        # What the database it replaces checked, said only once it is replaced: a refusal
        # (the server running, a file that is no backup) replaces nothing.
        checked = integrity(target) if target.exists() else None
        try:
            restore(Path(file), target, settings.DATA_DIR)
        except BackupError as error:
            raise CommandError(str(error)) from None
        if checked is not None:
            self.stdout.write(f"Replaced the database at {target} (it checked {checked!r}).")
        self.stdout.write(f"Restored {file} into {target}; integrity check: ok.")
