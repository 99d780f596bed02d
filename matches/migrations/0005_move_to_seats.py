"""Existing matches into the register and seats.

Every distinct name becomes one casual player (names matched as the register matches
them: whitespace collapsed, composed, casefolded; the spelling of the oldest match names
the player). Each match gets a seat per name with the total and win from its old JSON and
the place derived as ``models.Seat`` defines it. The app's code is not imported: a
migration must keep doing what it did when the app changes.
"""

import unicodedata

from django.db import migrations

BATCH = 500


def name_key(name):
    return unicodedata.normalize("NFC", " ".join(str(name).split())).casefold()


def places(totals, winners):
    """Winners share place 1; any other seat is 1 + the seats that won or have more."""
    return [
        1 if seat in winners
        else 1 + sum(1 for other, theirs in enumerate(totals) if other in winners or theirs > total)
        for seat, total in enumerate(totals)
    ]


def move_to_seats(apps, schema_editor):
    db = schema_editor.connection.alias
    Match = apps.get_model("matches", "Match")
    Player = apps.get_model("matches", "Player")
    Seat = apps.get_model("matches", "Seat")
    matches = list(
        Match.objects.using(db).order_by("created_at", "pk").values_list(
            "pk", "players", "totals", "winners"
        )
    )
    known = {player.name_key: player for player in Player.objects.using(db).all()}
    new = {}
    for _pk, names, _totals, _winners in matches:
        for name in names:
            key = name_key(name)
            if key not in known and key not in new:
                new[key] = Player(name=name, name_key=key, casual=True)
    Player.objects.using(db).bulk_create(new.values(), batch_size=BATCH)
    players = {player.name_key: player for player in Player.objects.using(db).all()}
    seats = []
    for pk, names, totals, winners in matches:
        totals = (list(totals or []) + [0] * len(names))[: len(names)]
        winners = set(winners or [])
        for seat, (name, total, place) in enumerate(
            zip(names, totals, places(totals, winners), strict=True)
        ):
            seats.append(
                Seat(
                    match_id=pk, number=seat, player=players[name_key(name)], name=name,
                    total=total, place=place, won=seat in winners,
                )
            )
    Seat.objects.using(db).bulk_create(seats, batch_size=BATCH)


def move_back(apps, schema_editor):
    """The seats back into the JSON (the players stay: 0004 backwards drops them)."""
    db = schema_editor.connection.alias
    Match = apps.get_model("matches", "Match")
    Seat = apps.get_model("matches", "Seat")
    by_match = {}
    for seat in Seat.objects.using(db).order_by("match_id", "number"):
        by_match.setdefault(seat.match_id, []).append(seat)
    for pk, seats in by_match.items():
        # update(), not save(): the match's updated_at must not move.
        Match.objects.using(db).filter(pk=pk).update(
            players=[seat.name for seat in seats],
            totals=[seat.total for seat in seats],
            winners=[seat.number for seat in seats if seat.won],
        )
    Seat.objects.using(db).all().delete()


class Migration(migrations.Migration):

    dependencies = [
        ('matches', '0004_player_seat'),
    ]

    operations = [
        migrations.RunPython(move_to_seats, move_back),
    ]
