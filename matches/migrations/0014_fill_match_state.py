"""Fills what 0013 added for the matches played before it: each match's state on its row
and each hand's derived facts, from a replay of its hands (the rules are pure, so the
replay is the one the app runs). ``manage.py rebuild_states --check`` compares them with
a replay at any later time."""

from django.db import migrations

from matches import rules
from matches.rules.stored import detail_to_json, state_to_json


def fill(apps, schema_editor):
    Match = apps.get_model("matches", "Match")
    Hand = apps.get_model("matches", "Hand")
    db = schema_editor.connection.alias
    for match in Match.objects.using(db).order_by("pk").iterator(chunk_size=200):
        names = list(match.seats.order_by("number").values_list("name", flat=True))
        hands = list(match.hands.order_by("number"))
        try:
            state = rules.replay(
                rules.get_ruleset(match.game, match.variant, match.options),
                names,
                [hand.input for hand in hands],
                first_dealer=match.first_dealer,
                setup=match.setup,
                stopped=match.stopped,
            )
        except rules.RuleError:
            # Hands the rules refuse (stored by hand, say): the state stays empty, which
            # a read answers with a replay, as it did before; rebuild_states names it.
            continue
        for row, hand in zip(hands, state.hands, strict=True):
            row.dealer, row.targets = hand.dealer, hand.targets
            row.scores, row.active = list(hand.scores), list(hand.active)
            row.detail = detail_to_json(hand.detail)
        Hand.objects.using(db).bulk_update(
            hands, ["dealer", "targets", "scores", "active", "detail"], batch_size=500
        )
        Match.objects.using(db).filter(pk=match.pk).update(
            state=state_to_json(state), finished=state.finished
        )


class Migration(migrations.Migration):
    dependencies = [("matches", "0013_match_state")]

    operations = [migrations.RunPython(fill, migrations.RunPython.noop)]
