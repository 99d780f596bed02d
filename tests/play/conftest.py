"""Fixtures the play tests share."""

import pytest

from matches.models import Table
from matches.services import drafting
from tests.tournaments.evenings import club


@pytest.fixture
def sitter_table(organiser):
    """A round of four checked-in players: one table of four with a sitter."""
    tournament = club(organiser, names=("Ann", "Ben", "Cy", "Dee"))
    round_ = drafting.draft_round(tournament, organiser, method="draw", seed=3)
    drafting.start_round(round_, organiser)
    table = Table.objects.select_related("match").get(round=round_)
    assert table.seats.count() == 4
    return table
