"""The round page's figure (issue 23, items 2 and 3; docs/tournaments.md §3): the repeat pairs,
the bound, the most any pair has met and "optimal" when the figure is at the bound, in
English and German, on the whole page and under htmx; only to organisers."""

from django.test import override_settings

from matches.services import closing, drafting
from tests.factories import HTMX, text
from tests.print.evening import EFFORT
from tests.tournaments.evenings import club

ELEVEN = ["Ann", "Ben", "Cy", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kim"]


def forced_round(organiser):
    """Eleven at 4 + 4 + 3: round 1 ended as it stood, round 2 drafted by `mixed`. Each old
    table of four spreads over three tables at best, one pair meeting again at each: two
    repeat pairs are forced, and the seating makes no more."""
    tournament = club(organiser, names=ELEVEN)
    first = drafting.draft_round(tournament, organiser, method="draw", seed=2)
    drafting.start_round(first, organiser)
    closing.close_round(first, organiser, end_unfinished=True, reason="time")
    second = drafting.draft_round(tournament, organiser, method="mixed", seed=2)
    assert second.repeat_pairs == 2
    return tournament, second


def test_the_round_page_shows_the_figure_its_bound_and_the_most_met(boss, organiser):
    tournament, second = forced_round(organiser)
    url = f"/tournaments/{tournament.pk}/rounds/{second.number}/"
    for headers in ({}, HTMX):
        page = text(boss.get(url, **headers))
        assert "This round: 2 pairs meet again." in page
        assert "So far 2 repeat pairs (at least 2 unavoidable). Proven optimal." in page
        assert "The most any pair has met: 2 times." in page
        german = text(boss.get(url, HTTP_ACCEPT_LANGUAGE="de", **headers))
        assert "Bisher 2 wiederholte Paare (mindestens 2 unvermeidlich)." in german
        assert "Nachweislich optimal." in german
        assert "Am häufigsten hat sich ein Paar 2-mal getroffen." in german
    # Under htmx only the tables' part of the page comes back.
    assert "<html" not in boss.get(url, **HTMX).content.decode()


def test_optimal_with_more_repeats_than_the_least_says_why(boss, organiser):
    # Six at two tables of three, round 3 of 3 (issue 31, item 10): 5 repeat pairs are the
    # least, but only with one pair meeting in every round; `mixed` takes 6 with no pair
    # meeting more than twice, and the page calls that optimal and says why.
    tournament = club(organiser, names=ELEVEN[:6])
    for number, method in enumerate(("draw", "mixed", "mixed"), 1):
        drafted = drafting.draft_round(tournament, organiser, method=method, seed=number)
        if number < 3:
            drafting.start_round(drafted, organiser)
            closing.close_round(drafted, organiser, end_unfinished=True, reason="time")
    url = f"/tournaments/{tournament.pk}/rounds/3/"
    for headers in ({}, HTMX):
        page = text(boss.get(url, **headers))
        assert "So far 6 repeat pairs (at least 5 unavoidable). Proven optimal." in page
        assert "No seating has fewer without a pair meeting more often." in page
        assert "The most any pair has met: 2 times." in page
        german = text(boss.get(url, HTTP_ACCEPT_LANGUAGE="de", **headers))
        assert "Keine Sitzordnung hat weniger, ohne dass sich ein Paar öfter trifft." in german
    # Where the least is reached, the page does not say it.
    _tournament, second = forced_round(organiser)
    page = text(boss.get(f"/tournaments/{second.tournament_id}/rounds/2/"))
    assert "Proven optimal." in page
    assert "without a pair meeting more often" not in page


def test_round_one_says_no_pair_has_met_more_than_once(boss, organiser):
    tournament = club(organiser)
    first = drafting.draft_round(tournament, organiser, method="draw", seed=2)
    page = text(boss.get(f"/tournaments/{tournament.pk}/rounds/{first.number}/"))
    assert "So far 0 repeat pairs (at least 0 unavoidable). Proven optimal." in page
    assert "No pair has met more than once." in page


@override_settings(SEATING_EFFORT=EFFORT)  # who sees the page; the figure is tested above
def test_only_organisers_see_the_round_page(client, owner, organiser):
    tournament, second = forced_round(organiser)
    url = f"/tournaments/{tournament.pk}/rounds/{second.number}/"
    anonymous = client.get(url)
    assert anonymous.status_code in (302, 403)
    assert "unavoidable" not in anonymous.content.decode()
    client.force_login(owner)  # a player with an account, no organiser
    for headers in ({}, HTMX):
        refused = client.get(url, **headers)
        assert refused.status_code in (302, 403)
        assert "unavoidable" not in refused.content.decode()
