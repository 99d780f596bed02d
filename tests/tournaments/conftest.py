import pytest

from matches.services import drafting
from tests.tournaments.evenings import club


@pytest.fixture
def running(organiser):
    """The club night of ``test_rounds.club`` with round 1 drawn and started."""
    tournament = club(organiser)
    round_ = drafting.draft_round(tournament, organiser, method="draw", seed=3)
    drafting.start_round(round_, organiser)
    return tournament
