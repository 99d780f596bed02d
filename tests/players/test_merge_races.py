"""Merging a player while a new match seats them (issue 31, item 7): on PostgreSQL the
match's seats failed at its commit on the foreign key of the player the merge had just
removed, or the merge on the rule that a player sits once at a match (500s). The new
match now locks the players it seats, in id order, as the merge does: it comes first
(and the merge then moves its seat, or refuses when both sit there), or it is refused
naming the seat (409), or it comes after and the name is a new player. Real threads, on
SQLite and on PostgreSQL."""

import pytest
from django.test import Client

from matches.errors import FieldClash
from matches.models import Match, Player, Seat
from matches.services import players as register
from matches.text import name_key
from tests.api_support import bearer, key_for, send
from tests.races import at_once

RACES = 10
MERGED = "%s has just been merged into another player: enter the name again."


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("both", [False, True], ids=["source seated", "both seated"])
def test_a_new_match_racing_a_merge_is_made_or_refused_never_broken(owner, organiser, both):
    key = key_for(owner)
    for race in range(RACES):
        source = Player.objects.create(name=f"Bob {race}", name_key=name_key(f"Bob {race}"))
        target = Player.objects.create(name=f"Rob {race}", name_key=name_key(f"Rob {race}"))
        names = [source.name, target.name if both else f"Ann {race}", f"Cy {race}"]
        body = {"game": "sergeant-major", "variant": "8-5-3", "players": names}

        def job(index, body=body, source=source, target=target):
            if index == 0:
                try:
                    return register.merge_players(source.pk, target.pk, by=organiser)
                except FieldClash as refused:
                    return refused
            response = send(
                Client(), "post", "/api/matches", {**body, "first_dealer": 0}, headers=bearer(key)
            )
            return response.status_code, response.json()

        merged, (status, answer) = at_once(job, count=2)

        assert status in (201, 409), answer
        if isinstance(merged, register.Merged):
            assert not Player.objects.filter(pk=source.pk).exists()
        else:
            # The match came first and seats both: two people, not one.
            assert both and status == 201 and "both sat at match" in merged.message, merged
        if status == 409:
            # The merge came between the match's read of the register and its lock.
            assert answer["fields"] == {"players.0": [MERGED % source.name]}, answer
            assert not Match.objects.filter(seats__name=source.name).exists()
            continue
        match = Match.objects.get(pk=answer["id"])
        seated = dict(Seat.objects.filter(match=match).values_list("number", "player_id"))
        if isinstance(merged, register.Merged) and seated[0] != target.pk:
            # The merge came first: the name typed is nobody's now, a new player.
            assert Player.objects.get(pk=seated[0]).name == source.name
            assert Player.objects.get(pk=seated[0]).casual
        assert len(set(seated.values())) == 3
