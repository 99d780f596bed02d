"""The home page of an organiser who runs tournaments: each tournament's tables are one
row under their tournament, not a row each among the casual matches (issue 19, item 8)."""

import re

import pytest

from matches.models import Tournament
from matches.services import closing, drafting
from tests import factories
from tests.factories import sm_hand, text
from tests.tournaments.evenings import NAMES, club, play_table


def evening(organiser, name="Club night", *, finish=False, names=NAMES):
    """A tournament whose round 1 the organiser started (one match per table, theirs),
    played to the end and closed with ``finish``."""
    tournament = club(organiser, names=names, name=name, rounds=1)
    round_ = drafting.draft_round(tournament, organiser, method="draw", seed=3)
    drafting.start_round(round_, organiser)
    if finish:
        for table in round_.tables.all():
            play_table(table, organiser)
        closing.close_round(round_, organiser)
        tournament.refresh_from_db()
        assert tournament.status == Tournament.Status.FINISHED
    return tournament


def casual(organiser, players, hands=()):
    """A match of the organiser's own, outside any tournament."""
    return factories.game_match(organiser, "sergeant-major", "8-5-3", players, hands, 0, None)


def section(body: str, heading: str) -> str:
    """The text of the section under ``heading``, '' when there is none."""
    found = re.search(rf"<h2>{heading}</h2>(.*?)</section>", body, re.S)
    return found.group(1) if found else ""


def rows(html: str) -> list[str]:
    return re.findall(r"<li>.*?</li>", html, re.S)


@pytest.mark.django_db
class TestHomeWithTournaments:
    def test_it_lists_a_running_tournament_once_and_none_of_its_tables(self, client_of, organiser):
        tournament = evening(organiser)
        body = client_of(organiser).get("/").content.decode()

        assert section(body, "In progress") == ""  # its three tables are not there
        listed = rows(section(body, "Tournaments"))
        assert len(listed) == 1
        assert f'href="/tournaments/{tournament.pk}/"' in listed[0]
        assert "running" in listed[0] and "3 tables" in listed[0]

    def test_it_keeps_a_finished_tournament_out_of_the_finished_matches(self, client_of, organiser):
        tournament = evening(organiser, finish=True)
        body = client_of(organiser).get("/").content.decode()

        assert section(body, "Finished") == ""
        listed = rows(section(body, "Tournaments"))
        assert len(listed) == 1
        assert f'href="/tournaments/{tournament.pk}/"' in listed[0]
        assert "finished" in listed[0] and "3 tables" in listed[0]

    def test_casual_matches_stay_on_their_own(self, client_of, organiser):
        evening(organiser, finish=True)
        evening(organiser, name="Second night")
        casual(organiser, ("Quinn", "Rita", "Sam"))
        body = client_of(organiser).get("/").content.decode()

        playing = rows(section(body, "In progress"))
        assert len(playing) == 1 and "Quinn" in playing[0]
        assert section(body, "Finished") == ""
        tournaments = section(body, "Tournaments")
        assert len(rows(tournaments)) == 2
        assert "Club night" in tournaments and "Second night" in tournaments
        assert "Quinn" not in tournaments

    def test_it_says_it_in_german(self, client_of, organiser):
        evening(organiser, finish=True)
        page = client_of(organiser).get("/", headers={"Accept-Language": "de"})

        assert "3 Tische" in text(page) and "beendet" in text(page)

    def test_query_count_does_not_grow_with_tournaments_and_their_tables(
        self, client_of, organiser, django_assert_max_num_queries
    ):
        client = client_of(organiser)
        evening(organiser, finish=True)
        casual(organiser, ("Ann", "Ben", "Cy"), [sm_hand([9, 4, 3])])
        with django_assert_max_num_queries(10) as few:
            client.get("/")
        for night in range(3):
            evening(organiser, name=f"Night {night}", finish=night % 2 == 0)
        casual(organiser, ("Xa", "Yb", "Zc"), [sm_hand([12, 2, 2])])
        with django_assert_max_num_queries(len(few.captured_queries)):
            body = client.get("/").content.decode()
        assert len(rows(section(body, "Tournaments"))) == 4
