"""The share link page (``match_share``): its owner sees the link and can replace it, after
a confirmation; the old link stops working at once, and the audit trail says who did it."""

import pytest

from matches.models import AuditEntry, Match
from tests.factories import HTMX, sm_hand, text


@pytest.mark.django_db
class TestMatchShare:
    def url(self, match):
        return f"/matches/{match.pk}/share/"

    def test_the_match_page_offers_it_to_the_owner_only(self, client, client_of, owner, make_match):
        match = make_match()
        page = text(client_of(owner).get(f"/matches/{match.pk}/"))
        assert "Replace the share link" in page
        client.logout()
        spectator = client.get(f"/s/{match.share_token}/").content.decode()
        assert "Replace the share link" not in spectator and self.url(match) not in spectator

    def test_it_shows_the_link_and_asks_first(self, client_of, owner, make_match):
        match = make_match()
        client = client_of(owner)
        response = client.get(self.url(match))
        assert response.status_code == 200
        page = text(response)
        assert f"http://testserver/s/{match.share_token}/" in page
        assert "Replace the share link?" in page and "Yes, make a new link" in page
        response = client.get(self.url(match), **HTMX)
        assert response.content.lstrip().startswith(b'<form method="post"')
        assert b"<html" not in response.content
        assert Match.objects.get().share_token == match.share_token
        assert not AuditEntry.objects.filter(action="share").exists()

    def test_it_replaces_the_link_and_the_old_one_stops_working(
        self, client, client_of, owner, make_match
    ):
        match = make_match([sm_hand([9, 4, 3])])
        old = match.share_token
        # A spectator has the old link open (and so cached).
        assert client.get(f"/s/{old}/").status_code == 200
        owner_client = client_of(owner)

        response = owner_client.post(self.url(match), {"reason": "posted in the wrong chat"})

        assert response.status_code == 302
        assert response["Location"] == self.url(match)
        match.refresh_from_db()
        assert match.share_token != old and len(match.share_token) >= 22
        page = text(owner_client.get(response["Location"]))
        assert "A new share link was made; the old one no longer works." in page
        assert f"/s/{match.share_token}/" in page and old not in page
        entry = AuditEntry.objects.get(action="share")
        assert (entry.by, entry.by_name, entry.reason) == (owner, "ann", "posted in the wrong chat")
        assert old not in str(entry.before) + str(entry.after)  # no secret in the audit
        assert match.share_token not in str(entry.before) + str(entry.after)
        # The owner's match page links to the new one.
        match_page = owner_client.get(f"/matches/{match.pk}/").content.decode()
        assert f"/s/{match.share_token}/" in match_page
        owner_client.logout()
        assert client.get(f"/s/{old}/").status_code == 404
        assert client.get(f"/s/{match.share_token}/").status_code == 200
        assert client.get(f"/api/matches/{match.pk}?share={old}").status_code == 403
        assert client.get(f"/api/matches/{match.pk}?share={match.share_token}").status_code == 200

    def test_htmx_gets_a_client_redirect(self, client_of, owner, make_match):
        match = make_match()
        response = client_of(owner).post(self.url(match), **HTMX)
        assert response.status_code == 200
        assert response["HX-Redirect"] == self.url(match)
        assert AuditEntry.objects.filter(action="share").count() == 1

    def test_organisers_may_replace_it(self, client_of, organiser, make_match):
        match = make_match()
        assert client_of(organiser).post(self.url(match)).status_code == 302
        assert AuditEntry.objects.get(action="share").by == organiser

    def test_other_users_may_not(self, client_of, other, make_match):
        match = make_match()
        client = client_of(other)
        assert client.get(self.url(match)).status_code == 403
        assert client.post(self.url(match)).status_code == 403
        assert Match.objects.get().share_token == match.share_token

    def test_anonymous_and_share_link_holders_are_sent_to_log_in(self, client, make_match):
        match = make_match()
        for response in (
            client.get(self.url(match)),
            client.post(self.url(match)),
            client.post(self.url(match) + f"?share={match.share_token}"),
        ):
            assert response.status_code == 302
            assert response["Location"].startswith("/accounts/login/")
        assert Match.objects.get().share_token == match.share_token

    def test_a_missing_match_is_404_and_other_methods_405(self, client_of, owner, make_match):
        match = make_match()
        client = client_of(owner)
        assert client.get(f"/matches/{match.pk + 1}/share/").status_code == 404
        assert client.put(self.url(match)).status_code == 405
        assert client.delete(self.url(match)).status_code == 405
        assert Match.objects.get().share_token == match.share_token

    def test_an_oversized_reason_is_refused_and_nothing_changes(self, client_of, owner, make_match):
        match = make_match()
        response = client_of(owner).post(self.url(match), {"reason": "x" * 201})
        assert response.status_code == 422
        assert "A reason can have at most 200 characters." in text(response)
        assert Match.objects.get().share_token == match.share_token
        assert not AuditEntry.objects.filter(action="share").exists()

    def test_the_audit_page_names_it(self, client_of, owner, make_match):
        match = make_match()
        client = client_of(owner)
        client.post(self.url(match))
        assert "replaced the share link" in text(client.get(f"/matches/{match.pk}/history/"))
