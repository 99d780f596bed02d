"""The register's players that its tests share."""

import pytest

from matches.services import players as register
from tests.factories import sm_hand
from tests.players.support import player_of


@pytest.fixture
def ann(organiser):
    return register.create_player(name="Ann", email="ann@example.org", member_no="17", by=organiser)


@pytest.fixture
def annie(make_match):
    # A casual entry of the same person, from a name typed at a table.
    match = make_match(players=("Dora", "Annie", "Ed"), hands=[sm_hand((9, 3, 4))])
    return player_of(match, 1)
