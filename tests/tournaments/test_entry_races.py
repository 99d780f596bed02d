"""Entering a player while an organiser merges that player into another (issue "Results
that cannot move after confirmation", item 5): on PostgreSQL the entry used to fail at
its commit on the foreign key (a 500). The entry now locks the players it names, in id
order, as the merge does; real threads, on SQLite and on PostgreSQL."""

import pytest

from matches.errors import Clash
from matches.models import Entry, Player
from matches.rules import RuleError
from matches.services import players as register
from matches.services import registration
from matches.text import name_key
from tests.factories import tournament as make_tournament
from tests.races import at_once

RACES = 8


@pytest.mark.django_db(transaction=True)
def test_an_entry_racing_a_merge_is_made_or_refused_never_broken(organiser):
    tournament = make_tournament(organiser, hands_per_round=3)
    for race in range(RACES):
        source = Player.objects.create(name=f"Ann {race}", name_key=name_key(f"Ann {race}"))
        target = Player.objects.create(name=f"Bea {race}", name_key=name_key(f"Bea {race}"))

        def job(index, source=source, target=target):
            if index == 0:
                return register.merge_players(source.pk, target.pk, by=organiser)
            return registration.register_players(tournament, organiser, [source.pk])

        merged, entered = at_once(job, count=2)

        assert isinstance(merged, register.Merged), merged
        assert not Player.objects.filter(pk=source.pk).exists()
        if isinstance(entered, list):
            # The entry came first; the merge then moved it to the player that remains.
            assert Entry.objects.get(pk=entered[0].pk).player_id == target.pk
        elif isinstance(entered, Clash):
            # The merge deleted the player between the entry's read and its lock.
            assert "has just been merged into another player" in entered.message
            assert not Entry.objects.filter(tournament=tournament, player=target).exists()
        else:
            # The merge had committed before the entry read its players at all: the id
            # names nobody now, and the entry is refused as for any unknown id.
            assert isinstance(entered, RuleError), entered
            assert entered.message == "No player has the id %(id)s."
            assert not Entry.objects.filter(tournament=tournament, player=target).exists()
