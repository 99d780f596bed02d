"""``manage.py backup [FILE]``: an online backup of the SQLite database."""

from datetime import datetime
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import connection

from matches.backup import BackupError, backup


class Command(BaseCommand):
    help = "Back up the SQLite database while the app runs (PostgreSQL: use pg_dump)."

    def add_arguments(self, parser):
        parser.add_argument(
            "file", nargs="?", help="where to write it (default: DATA_DIR/backups/<time>.sqlite3)"
        )

    def handle(self, *args, file=None, **options):
        if connection.vendor != "sqlite":
            raise CommandError(
                "The database is PostgreSQL: back it up with pg_dump "
                "(e.g. pg_dump --format=custom --file=scorekeeper.dump DBNAME)."
            )
        source = Path(connection.settings_dict["NAME"])
        stamp = datetime.now().strftime("%Y-%m-%d-%H%M%S")
        target = Path(file) if file else settings.DATA_DIR / "backups" / f"db-{stamp}.sqlite3"
        try:
            backup(source, target)
        except BackupError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(f"Backed up to {target}")
