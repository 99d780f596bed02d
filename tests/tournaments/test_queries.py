"""Standings and the round page read a fixed number of queries, whatever the number of
players, rounds or hands (TOURNAMENTS.md §5)."""

from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from matches.models import Table
from matches.services import closing, drafting
from matches.services import standings as reads
from tests.tournaments.evenings import club, play_table

SMALL = ["Ann", "Ben", "Cy", "Dan", "Eve", "Fay"]
LARGE = [f"Player {n}" for n in range(1, 16)]


def played(organiser, names, rounds):
    tournament = club(organiser, names=names, rounds=rounds)
    for number in range(1, rounds + 1):
        round_ = drafting.draft_round(tournament, organiser, method="mixed", seed=number)
        drafting.start_round(round_, organiser)
        for table in Table.objects.filter(round=round_):
            play_table(table, organiser)
        closing.close_round(round_, organiser)
    return tournament, round_


def queries(action) -> int:
    with CaptureQueriesContext(connection) as captured:
        action()
    return len(captured)


def test_standings_queries_do_not_grow(organiser):
    small, _ = played(organiser, SMALL, 1)
    large, _ = played(organiser, LARGE, 3)
    assert queries(lambda: reads.tournament_standings(small)) == queries(
        lambda: reads.tournament_standings(large)
    )


def test_page_queries_do_not_grow(organiser):
    client = Client()
    client.force_login(organiser)
    small, small_round = played(organiser, SMALL, 1)
    large, large_round = played(organiser, LARGE, 3)
    for tail in ("standings/", "rounds/{n}/"):
        counts = [
            queries(
                lambda t=t, r=r, x=tail: client.get(f"/tournaments/{t.pk}/" + x.format(n=r.number))
            )
            for t, r in ((small, small_round), (large, large_round))
        ]
        assert counts[0] == counts[1], (tail, counts)
