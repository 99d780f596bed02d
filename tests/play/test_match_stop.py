"""Ending a match early and taking that back (``match_stop``): an open-ended session, a
family off to bed. The highest total wins, equal highest totals share the win.

Every expected figure is worked out by hand from sheepshead/rules.md §2 and
sieben/rules.md §3, not from the app."""

import pytest

from matches.models import AuditEntry, Hand
from tests.factories import HTMX, game_match, sh, sheep, text


@pytest.mark.django_db
class TestMatchStop:
    def url(self, match):
        return f"/matches/{match.pk}/stop/"

    def played(self, owner):
        # Ben with Dan on 95 (Ben +4, Dan +2, others −2), then Ann alone on 61 (Ann +4,
        # others −1): totals Ann +2, Ben +3, Cy −3, Dan +1, Eve −3.
        hands = [
            {"picker": 1, "partner": 3, "points": 95},
            {"picker": 0, "partner": None, "points": 61},
        ]
        return sheep(owner, hands)

    def assert_still_running(self, match):
        match.refresh_from_db()
        assert not match.stopped and not match.finished
        assert not AuditEntry.objects.filter(action="stop").exists()

    def test_it_asks_for_confirmation(self, client_of, owner):
        match = self.played(owner)
        client = client_of(owner)
        assert "End the match now" in text(client.get(f"/matches/{match.pk}/"))
        response = client.get(self.url(match))
        assert response.status_code == 200
        page = text(response)
        assert "End the match now?" in page and "Yes, end the match" in page
        assert b"<html" in response.content
        response = client.get(self.url(match), **HTMX)
        assert response.content.lstrip().startswith(b'<form method="post"')
        assert b"<html" not in response.content
        self.assert_still_running(match)

    def test_it_ends_the_match_and_reopens_it(self, client_of, owner):
        match = self.played(owner)
        client = client_of(owner)
        response = client.post(self.url(match), {"reason": "bed time"})
        assert response.status_code == 302
        assert response["Location"] == f"/matches/{match.pk}/"
        match.refresh_from_db()
        assert match.stopped and match.finished
        assert match.totals == [2, 3, -3, 1, -3]
        assert match.winners == [1]
        entry = AuditEntry.objects.get(action="stop")
        assert (entry.by, entry.reason) == (owner, "bed time")
        response = client.get(f"/matches/{match.pk}/")
        page = text(response)
        assert "The match is over: well played!" in page
        assert "Ben wins the match!" in page
        assert "The table ended the match after 2 hands: the highest total wins." in page
        assert "Reopen the match" in page
        assert 'id="record"' not in response.content.decode()
        # Recording is refused while stopped.
        client.post(f"/matches/{match.pk}/hands/", sh(3, 2, "alone", 70))
        assert Hand.objects.count() == 2
        # The confirm page now offers to reopen.
        assert "Reopen the match?" in text(client.get(self.url(match)))
        response = client.post(self.url(match), {"reopen": "1", "reason": "one more"})
        assert response.status_code == 302
        match.refresh_from_db()
        assert not match.stopped and not match.finished and match.winners == []
        assert AuditEntry.objects.get(action="reopen").reason == "one more"
        page = text(client.get(f"/matches/{match.pk}/"))
        assert "The match goes on." in page
        assert "Record hand 3" in page
        assert "wins the match" not in page

    def test_equal_highest_totals_share_the_win(self, client_of, owner):
        # Ann alone on 61 (+4), then Ben alone on 61 (+4): Ann and Ben +3, the rest −2.
        hands = [
            {"picker": 0, "partner": None, "points": 61},
            {"picker": 1, "partner": None, "points": 61},
        ]
        match = sheep(owner, hands)
        client = client_of(owner)
        client.post(self.url(match))
        page = text(client.get(f"/matches/{match.pk}/"))
        assert "Ann & Ben share the win!" in page

    def test_a_sieben_match_stopped_goes_to_the_side_ahead(self, client_of, owner):
        # Ann & Cy win 1 point (60 : 30), then Ben & Dan 2 (0 : 90, no trick): Ben & Dan ahead.
        hands = [
            {"counters": [60, 30], "no_trick": False},
            {"counters": [0, 90], "no_trick": True},
        ]
        match = game_match(owner, "sieben", "partners", ("Ann", "Ben", "Cy", "Dan"), hands)
        client = client_of(owner)
        client.post(self.url(match))
        page = text(client.get(f"/matches/{match.pk}/"))
        assert "Ben & Dan share the win!" in page

    def test_it_cannot_end_a_finished_match(self, client_of, owner):
        match = sheep(owner, [{"picker": None}], hands_limit=1)
        client = client_of(owner)
        assert "The match is over already." in text(client.get(self.url(match)))
        response = client.post(self.url(match), follow=True)
        assert "The match is over already." in text(response)
        assert not AuditEntry.objects.filter(action="stop").exists()
        match.refresh_from_db()
        assert not match.stopped

    def test_it_cannot_end_a_finished_match_under_htmx_either(self, client_of, owner):
        match = sheep(owner, [{"picker": None}], hands_limit=1)
        client = client_of(owner)
        response = client.post(self.url(match), **HTMX)
        assert response.status_code == 200
        assert response["HX-Redirect"] == f"/matches/{match.pk}/"
        assert "The match is over already." in text(client.get(response["HX-Redirect"]))
        assert not AuditEntry.objects.filter(action="stop").exists()

    def test_it_cannot_reopen_a_running_match(self, client_of, owner):
        match = self.played(owner)
        response = client_of(owner).post(self.url(match), {"reopen": "1"}, follow=True)
        assert "The match was not stopped, so there is nothing to reopen." in text(response)
        assert not AuditEntry.objects.filter(action="reopen").exists()

    def test_it_does_not_end_a_stopped_match_twice(self, client_of, owner):
        match = self.played(owner)
        client = client_of(owner)
        client.post(self.url(match))
        response = client.post(self.url(match), follow=True)
        assert "The match is over already." in text(response)
        assert AuditEntry.objects.filter(action="stop").count() == 1

    def test_it_refuses_an_oversized_reason_and_writes_nothing(self, client_of, owner):
        match = self.played(owner)
        client = client_of(owner)
        response = client.post(self.url(match), {"reason": "x" * 201})
        assert response.status_code == 422
        page = text(response)
        assert "A reason can have at most 200 characters." in page
        assert "End the match now?" in page
        self.assert_still_running(match)
        # Under htmx the confirm form comes back alone, with the same message.
        response = client.post(self.url(match), {"reason": "x" * 201}, **HTMX)
        assert response.status_code == 422
        assert response.content.lstrip().startswith(b'<form method="post"')
        assert "at most 200 characters" in text(response)
        self.assert_still_running(match)

    def test_it_refuses_an_oversized_reason_to_reopen(self, client_of, owner):
        match = self.played(owner)
        client = client_of(owner)
        client.post(self.url(match))
        response = client.post(self.url(match), {"reopen": "1", "reason": "x" * 201})
        assert response.status_code == 422
        page = text(response)
        assert "Reopen the match?" in page and "at most 200 characters" in page
        match.refresh_from_db()
        assert match.stopped
        assert not AuditEntry.objects.filter(action="reopen").exists()

    def test_it_answers_htmx_with_a_client_redirect(self, client_of, owner):
        match = self.played(owner)
        client = client_of(owner)
        response = client.post(self.url(match), **HTMX)
        assert response.status_code == 200
        assert response["HX-Redirect"] == f"/matches/{match.pk}/"
        assert response.content == b""
        match.refresh_from_db()
        assert match.stopped
        # A browser without htmx gets a plain redirect to the same page.
        response = client.post(self.url(match), {"reopen": "1"})
        assert response.status_code == 302
        assert response["Location"] == f"/matches/{match.pk}/"
        assert "HX-Redirect" not in response
        match.refresh_from_db()
        assert not match.stopped

    def test_it_lets_an_organiser_end_any_match(self, client_of, owner, organiser):
        match = self.played(owner)
        assert client_of(organiser).post(self.url(match)).status_code == 302
        assert AuditEntry.objects.get(action="stop").by == organiser

    def test_it_forbids_other_users(self, client_of, owner, other):
        match = self.played(owner)
        assert client_of(other).get(self.url(match)).status_code == 403
        assert client_of(other).post(self.url(match)).status_code == 403
        self.assert_still_running(match)

    def test_it_requires_login(self, client, owner):
        match = self.played(owner)
        response = client.post(self.url(match))
        assert response.status_code == 302 and "/login" in response["Location"]
        assert client.get(self.url(match)).status_code == 302
        self.assert_still_running(match)

    def test_it_rejects_other_methods(self, client_of, owner):
        match = self.played(owner)
        assert client_of(owner).put(self.url(match)).status_code == 405
        assert client_of(owner).delete(self.url(match)).status_code == 405
        self.assert_still_running(match)

    def test_it_404s_for_a_match_that_does_not_exist(self, client_of, owner):
        assert client_of(owner).post("/matches/999999/stop/").status_code == 404
