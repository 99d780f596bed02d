"""``manage.py fetch_pyodide``: the WebAssembly Python a table's phone works the rules out
with offline, from the npm registry, pinned and checked (``matches.offline``)."""

from django.core.management.base import BaseCommand, CommandError

from matches import offline


class Command(BaseCommand):
    help = "Download Pyodide (pinned, sha512 checked) into static/pyodide/ unless it is there."

    def add_arguments(self, parser):
        parser.add_argument("--force", action="store_true", help="download it again")
        parser.add_argument(
            "--optional",
            action="store_true",
            help="only warn when it cannot be downloaded (the pages work without it, online)",
        )

    def handle(self, *args, force=False, optional=False, **options):
        if offline.pyodide_present() and not force:
            return
        try:
            where = offline.fetch_pyodide()
        except offline.FetchError as error:
            if not optional:
                raise CommandError(str(error)) from None
            self.stderr.write(
                f"Warning: {error}. Phones keep working online; offline they record the "
                "hands but cannot work out the next deal until `manage.py fetch_pyodide` runs."
            )
            return
        self.stdout.write(f"Pyodide {offline.PYODIDE_VERSION} in {where}")
