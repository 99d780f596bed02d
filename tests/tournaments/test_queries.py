"""Standings and the round page read a fixed number of queries, whatever the number of
players, rounds or hands (docs/tournaments.md §5)."""

import re

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


# A championship's hall (issue 33, item 9): 150 tables, 600 phones and 200 boards poll.
HALL = [f"Player {n}" for n in range(1, 46)]  # 15 tables of three


def playing(organiser, names):
    """Round 1 under way, one hand in at the first table."""
    from matches.services import play

    tournament = club(organiser, names=names, rounds=3)
    round_ = drafting.draft_round(tournament, organiser, method="draw", seed=1)
    drafting.start_round(round_, organiser)
    first = Table.objects.select_related("match").filter(round=round_).order_by("number")[0]
    play.record_hand(first.match, 1, {"tricks": [8, 5, 3], "trump": "hearts"}, by=organiser)
    tournament.refresh_from_db()
    return tournament, round_


def test_a_played_rounds_pages_and_polls_do_not_grow_with_its_tables(
    organiser, django_capture_on_commit_callbacks
):
    """The round page, the live board, a player's page and its unchanged poll: as many
    queries at 15 tables as at 2."""
    staff = Client()
    staff.force_login(organiser)
    phone = Client()
    phone.get("/p/no-such-link-at-all/")  # once a process: whether anyone has an account
    counts = []
    for names in (SMALL, HALL):
        tournament, round_ = playing(organiser, names)
        token = tournament.entries.order_by("pk").values_list("token", flat=True)[0]
        board = f"/tournaments/{tournament.pk}/board/?key={tournament.board_token}"
        each = [
            queries(lambda t=tournament: staff.get(f"/tournaments/{t.pk}/rounds/1/")),
            queries(lambda b=board: phone.get(b)),
            queries(lambda p=token: phone.get(f"/p/{p}/")),
        ]
        counts.append(each)
    assert counts[0] == counts[1], counts


def test_an_unchanged_player_poll_is_one_read_once_the_revision_is_mapped(
    organiser, django_capture_on_commit_callbacks, django_assert_num_queries
):
    """The round's map of a revision is worked out once per process, for every phone:
    an unchanged poll then reads the entry by its token (with its tournament) alone,
    whatever the number of tables."""
    phone = Client()
    tournament, _round = playing(organiser, HALL)
    tokens = list(tournament.entries.order_by("pk").values_list("token", flat=True))
    with django_capture_on_commit_callbacks(execute=True):  # the map kept, as after a commit
        html = phone.get(f"/p/{tokens[0]}/").content.decode()
    for token in (tokens[0], tokens[-1]):
        page = phone.get(f"/p/{token}/").content.decode() if token != tokens[0] else html
        shown = re.search(r'"X-Player-Revision": "(\d+)"', page).group(1)
        with django_assert_num_queries(1):
            answer = phone.get(f"/p/{token}/", HTTP_HX_REQUEST="true", HTTP_X_PLAYER_REVISION=shown)
        assert answer.status_code == 204
