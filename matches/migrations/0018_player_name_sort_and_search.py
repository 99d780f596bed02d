"""The register lists names as people read them and finds them without their accents
(issue 32): each player gets the name's collation key (``text.name_sort_key``, the order
of the lists, instead of the look-alike key that sorted "Marianne" as "rnarianne") and its
search key (``text.name_search_key``: the look-alike key without accents, so that
"Muller" finds "Müller"). Both are computed here for the players already in the register.
The keys are written out here, not imported, so that this migration keeps doing what it
did when the app changes.
"""

import unicodedata

import icu
from django.db import migrations, models

BATCH = 500


def skeleton_key(name, checker):
    folded = unicodedata.normalize("NFKC", " ".join(unicodedata.normalize("NFKC", name).split()))
    folded = unicodedata.normalize("NFKC", folded.casefold())
    return unicodedata.normalize("NFC", checker.getSkeleton(0, folded).casefold())


def search_key(name, checker):
    decomposed = unicodedata.normalize("NFD", skeleton_key(name, checker))
    bare = "".join(character for character in decomposed if not unicodedata.combining(character))
    return unicodedata.normalize("NFC", bare)


def fill_keys(apps, schema_editor):
    db = schema_editor.connection.alias
    Player = apps.get_model("matches", "Player")
    checker = icu.SpoofChecker()
    collator = icu.Collator.createInstance(icu.Locale.getRoot())
    players = list(Player.objects.using(db).order_by("pk").only("pk", "name"))
    for player in players:
        player.name_sort = collator.getSortKey(player.name).rstrip(b"\x00").hex()
        player.name_search = search_key(player.name, checker)
    Player.objects.using(db).bulk_update(players, ["name_sort", "name_search"], batch_size=BATCH)


class Migration(migrations.Migration):
    dependencies = [
        ("matches", "0017_match_scorer_link"),
    ]

    operations = [
        migrations.AddField(
            model_name="player",
            name="name_sort",
            field=models.TextField(default="", editable=False),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="player",
            name="name_search",
            field=models.CharField(default="", editable=False, max_length=800),
            preserve_default=False,
        ),
        migrations.RunPython(fill_keys, migrations.RunPython.noop),
        migrations.AlterModelOptions(
            name="player",
            options={
                "ordering": ["name_sort", "pk"],
                "verbose_name": "player",
                "verbose_name_plural": "players",
            },
        ),
    ]
