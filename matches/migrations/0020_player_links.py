"""Every entry gets a player link (``/p/<token>/``, issue 36): a secret of 160 random bits,
as a table's. The entries already there get theirs here, one each (a column default would
give every row the same one); the token is written out here, not imported, so that this
migration keeps doing what it did when the app changes. A tournament may let its players
check themselves in through their links (``self_check_in``, off), and an entry says
whether it did (``self_checked_in``)."""

import secrets

from django.db import migrations, models

import matches.models.tournaments


def fill_tokens(apps, schema_editor):
    Entry = apps.get_model("matches", "Entry")
    entries = list(Entry.objects.filter(token__isnull=True).only("pk"))
    for entry in entries:
        entry.token = secrets.token_urlsafe(20)
    Entry.objects.bulk_update(entries, ["token"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [
        ("matches", "0019_ratings"),
    ]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="self_check_in",
            field=models.BooleanField(default=False, verbose_name="self check-in"),
        ),
        migrations.AddField(
            model_name="entry",
            name="self_checked_in",
            field=models.BooleanField(default=False),
        ),
        migrations.AddField(
            model_name="entry",
            name="token",
            field=models.CharField(max_length=32, null=True),
        ),
        migrations.RunPython(fill_tokens, migrations.RunPython.noop, elidable=True),
        migrations.AlterField(
            model_name="entry",
            name="token",
            field=models.CharField(
                default=matches.models.tournaments.new_link_token, max_length=32, unique=True
            ),
        ),
    ]
