import pytest

from matches.services import play as services
from tests.factories import HTMX, sm_hand


@pytest.mark.django_db
class TestMatchAudit:
    def url(self, match):
        return f"/matches/{match.pk}/history/"

    def test_it_lists_every_change_oldest_first(self, client_of, owner, make_match):
        match = make_match([sm_hand([9, 4, 3])])
        services.correct_hand(match, 1, sm_hand([10, 3, 3]), version=1, by=owner, reason="oops")
        body = client_of(owner).get(self.url(match)).content.decode()
        created, recorded, corrected = (
            body.index("created the match"),
            body.index("recorded"),
            body.index("corrected"),
        )
        assert created < recorded < corrected
        assert "oops" in body and "ann" in body

    def test_it_forbids_other_users(self, client_of, other, make_match):
        assert client_of(other).get(self.url(make_match())).status_code == 403

    def test_it_requires_login(self, client, make_match):
        assert client.get(self.url(make_match())).status_code == 302

    def test_it_rejects_post(self, client_of, owner, make_match):
        assert client_of(owner).post(self.url(make_match())).status_code == 405

    def test_it_answers_htmx(self, client_of, owner, make_match):
        # The audit trail has no partial: htmx gets the whole page, as a browser does.
        match = make_match([sm_hand([9, 4, 3])])
        client = client_of(owner)
        for response in (client.get(self.url(match)), client.get(self.url(match), **HTMX)):
            assert response.status_code == 200
            body = response.content.decode()
            assert body.lstrip().startswith("<!doctype html>")
            assert "<h1>Audit trail</h1>" in body
            assert body.index("created the match") < body.index("recorded")
            assert "HX-Request" in response["Vary"]
