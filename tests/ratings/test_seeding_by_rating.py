"""Round 1 by standings seeded by the club rating (``seed: "rating"``): the rated entries
by rating, the unrated after them, drawn; on the page's draft form and in the API."""

import pytest

from matches import seating
from matches.models import TournamentAudit
from matches.rules import RuleError
from matches.seating import Standing, TableSizes
from matches.services import drafting, registration

from ..factories import tournament
from .support import FIRST_SECOND_THIRD, one_hand, registered

THREES = TableSizes(3, sitter=True)


def test_by_rating_ranks_the_rated_best_first_and_equal_ones_share():
    rows = seating.by_rating({7: 3.5, 2: 10.0, 9: 3.5})
    assert rows == [Standing(2, 1), Standing(7, 2), Standing(9, 2)]


def test_the_unrated_come_after_the_rated_in_a_drawn_order():
    ranked = seating.by_rating({5: 9.0, 6: 8.0, 4: 7.0})
    orders = set()
    for seed in range(12):
        drawn = seating.seat("standings", range(1, 10), THREES, standings=ranked, seed=seed)
        top = drawn.tables[0]
        assert set(top.entries) == {4, 5, 6}
        orders.add(tuple(e for t in drawn.tables[1:] for e in sorted(t.entries)))
    assert len(orders) > 1  # the unrated are drawn, not taken in id order


@pytest.fixture
def night(organiser):
    """Ann, Ben and Cy rated (five matches: Ann best, Cy worst), Dan, Eve and Fay not;
    all six entered and checked in."""
    registered(organiser, "Ann", "Ben", "Cy")
    for _ in range(5):
        one_hand(organiser, ["Ann", "Ben", "Cy"], FIRST_SECOND_THIRD)
    event = tournament(organiser, rounds=2, hands_per_round=3)
    door = ["Fay", "Eve", "Dan", "Cy", "Ben", "Ann"]
    for entry in registration.register_players(event, organiser, door):
        registration.check_in(entry, organiser)
    return event


def top_table(round_):
    table = round_.tables.order_by("number").first()
    return {seat.entry.player.name for seat in table.seats.select_related("entry__player")}


@pytest.mark.django_db
def test_round_one_seeded_by_rating_puts_the_rated_at_the_top_table(night, organiser):
    for seed in (1, 2, 3):
        round_ = drafting.draft_round(
            night, organiser, method="standings", seed=seed, seeding="rating"
        )
        assert top_table(round_) == {"Ann", "Ben", "Cy"}
    facts = TournamentAudit.objects.filter(action="draft").latest("pk").after
    assert facts["seed"] == "rating"


@pytest.mark.django_db
def test_seeding_by_rating_is_for_round_one_by_standings_only(night, organiser):
    with pytest.raises(RuleError, match="Only round 1 seated by standings"):
        drafting.draft_round(night, organiser, method="draw", seeding="rating")
    with pytest.raises(RuleError, match="Seed by one of"):
        drafting.draft_round(night, organiser, method="standings", seeding="elo")


@pytest.mark.django_db
def test_the_api_drafts_round_one_seeded_by_rating(night, boss):
    url = f"/api/tournaments/{night.pk}/rounds"
    answer = boss.post(url, {"method": "standings", "seed": "rating"}, "application/json")
    assert answer.status_code == 201, answer.json()
    assert top_table(night.rounds.get(number=1)) == {"Ann", "Ben", "Cy"}
    refused = boss.post(url, {"method": "mixed", "seed": "rating"}, "application/json")
    assert refused.status_code == 422
    assert "seed" in refused.json()["fields"]
    bad = boss.post(url, {"method": "standings", "seed": "elo"}, "application/json")
    assert bad.status_code == 422


@pytest.mark.django_db
def test_the_draft_form_offers_seeding_by_rating_for_round_one(night, boss):
    page = boss.get(f"/tournaments/{night.pk}/")
    assert 'name="seed" value="rating"' in page.content.decode()
    boss.post(f"/tournaments/{night.pk}/rounds/", {"method": "standings", "seed": "rating"})
    assert top_table(night.rounds.get(number=1)) == {"Ann", "Ben", "Cy"}
