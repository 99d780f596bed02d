"""Player names compared by their confusable skeleton (``text.name_key``): the stored keys
are computed again, and the column is made long enough for them.

Two players already in the register whose names look alike ("Ann" and "Аnn" with a
Cyrillic А) cannot both have the new key: the one whose key does not change (else the
older) gets it, and the look-alike keeps its old key, so that nothing is lost or merged
behind the organiser's back. The register then refuses to save the look-alike under its
name ("There is already a player called Ann."): the organiser merges the two or renames
one. The key is written out here,
not imported, so that this migration keeps doing what it did when the app changes.
"""

import unicodedata

import icu
from django.db import migrations, models

BATCH = 500


def skeleton_key(name, checker):
    folded = unicodedata.normalize("NFKC", " ".join(unicodedata.normalize("NFKC", name).split()))
    folded = unicodedata.normalize("NFKC", folded.casefold())
    return unicodedata.normalize("NFC", checker.getSkeleton(0, folded).casefold())


def rekey_players(apps, schema_editor):
    db = schema_editor.connection.alias
    Player = apps.get_model("matches", "Player")
    checker = icu.SpoofChecker()
    players = list(Player.objects.using(db).order_by("pk").only("pk", "name", "name_key"))
    new = {player.pk: skeleton_key(player.name, checker) for player in players}
    # A key keeps its row where it does not change (the real "ann" keeps "ann" over an
    # older "Аnn"); otherwise the older row gets it, and a look-alike keeps its
    # old key (or, in the unlikely case that it is taken too, one made unique by its id).
    used = {player.name_key for player in players if new[player.pk] == player.name_key}
    changed, lookalikes = [], []
    for player in players:
        if new[player.pk] == player.name_key:
            continue
        if new[player.pk] in used:
            lookalikes.append(player)
            continue
        used.add(new[player.pk])
        changed.append((player, new[player.pk]))
    for player in lookalikes:
        key = player.name_key if player.name_key not in used else f"{player.name_key} #{player.pk}"
        used.add(key)
        if key != player.name_key:
            changed.append((player, key))
    # Two steps, as the unique constraint is checked row by row: first a key no row can
    # have (keys are case-folded: no capital X), then the new one.
    for player, _key in changed:
        player.name_key = f"#X{player.pk}"
    Player.objects.using(db).bulk_update([p for p, _ in changed], ["name_key"], batch_size=BATCH)
    for player, key in changed:
        player.name_key = key
    Player.objects.using(db).bulk_update([p for p, _ in changed], ["name_key"], batch_size=BATCH)


class Migration(migrations.Migration):
    dependencies = [
        ("matches", "0011_series"),
    ]

    operations = [
        migrations.AlterField(
            model_name="player",
            name="name_key",
            field=models.CharField(editable=False, max_length=800),
        ),
        migrations.RunPython(rekey_players, migrations.RunPython.noop),
    ]
