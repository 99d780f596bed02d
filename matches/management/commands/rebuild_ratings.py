"""``manage.py rebuild_ratings [--check]``: the stored club ratings against a rebuild from
scratch over every finished match (docs/tournaments.md "The club rating")."""

from django.core.management.base import BaseCommand, CommandError

from matches.services import ratings


class Command(BaseCommand):
    help = (
        "Rebuild every game's club ratings from scratch over the finished matches and "
        "store them where the stored ones differ; name each game that differed. With "
        "--check, store nothing and exit with status 1 when any differ."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--check",
            action="store_true",
            help="only report the differences (exit status 1 when there are any)",
        )

    def handle(self, *args, check=False, **options):
        games = ratings.games()
        differences = ratings.rebuild(check=check)
        for line in differences:
            self.stdout.write(line)
        done = "differ" if check else "differed and were rebuilt"
        summary = f"{len(games)} games checked, {len(differences)} {done}."
        if check and differences:
            raise CommandError(summary)
        self.stdout.write(summary)
