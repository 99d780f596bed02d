import pytest

from matches.models import Hand
from tests.conftest import HTMX, sm_hand


@pytest.mark.django_db
class TestMatchShared:
    def test_spectators_follow_without_an_account(self, client, make_match):
        match = make_match([sm_hand([9, 4, 3])])
        response = client.get(f"/s/{match.share_token}/")
        assert response.status_code == 200
        body = response.content.decode()
        assert "read-only" in body
        assert "Ann" in body and "Record hand" not in body and "Correct" not in body

    def test_a_wrong_token_is_404(self, client, make_match):
        make_match()
        assert client.get("/s/not-the-token/").status_code == 404

    def test_the_share_link_cannot_write(self, client, make_match):
        match = make_match()
        assert client.post(f"/s/{match.share_token}/", {"number": 1}).status_code == 405
        response = client.post(f"/matches/{match.pk}/hands/", {"number": 1})
        assert response.status_code == 302  # to the login page
        assert not Hand.objects.exists()

    def test_it_refreshes_itself_under_htmx(self, client, make_match):
        match = make_match([sm_hand([9, 4, 3])])
        response = client.get(f"/s/{match.share_token}/", **HTMX)
        assert response.content.lstrip().startswith(b'<div id="table"')
        assert b'hx-trigger="every 10s"' in response.content
