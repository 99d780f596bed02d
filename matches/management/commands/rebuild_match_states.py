"""``manage.py rebuild_match_states [--check]``: every match's stored derivations (its
state, each hand's derived facts, each seat's result) against a replay of its hands."""

from django.core.management.base import BaseCommand, CommandError

from matches.models import Match
from matches.rules import RuleError
from matches.services import play as services


class Command(BaseCommand):
    help = (
        "Replay every match from its hands and store what the replay derives where the "
        "stored state, hand facts or seat results differ; name each difference. With "
        "--check, store nothing and exit with status 1 when any differ."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--check",
            action="store_true",
            help="only report the differences (exit status 1 when there are any)",
        )

    def handle(self, *args, check=False, **options):
        checked = differing = 0
        for match in Match.objects.order_by("pk").iterator(chunk_size=200):
            checked += 1
            try:
                differences = services.rebuild_state(match, check=check)
            except RuleError as error:
                differences = [f"its hands no longer fit the rules ({error})"]
            if differences:
                differing += 1
                self.stdout.write(f"match {match.pk}: {'; '.join(differences)}")
        done = "differ" if check else "differed and were rebuilt"
        summary = f"{checked} matches checked, {differing} {done}."
        if check and differing:
            raise CommandError(summary)
        self.stdout.write(summary)
