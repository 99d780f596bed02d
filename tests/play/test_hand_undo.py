import pytest

from matches.models import AuditEntry, Hand
from tests.factories import HTMX, sm_hand


@pytest.mark.django_db
class TestHandUndo:
    def url(self, match, number):
        return f"/matches/{match.pk}/hands/{number}/undo/"

    def test_it_asks_for_confirmation(self, client_of, owner, make_match):
        match = make_match([sm_hand([9, 4, 3])])
        response = client_of(owner).get(self.url(match, 1))
        assert response.status_code == 200
        assert b"Undo hand 1?" in response.content
        assert Hand.objects.count() == 1

    def test_it_undoes_the_last_hand(self, client_of, owner, make_match):
        match = make_match([sm_hand([9, 4, 3]), sm_hand([3, 10, 3])])
        response = client_of(owner).post(self.url(match, 2), {"reason": "wrong table"})
        assert response.status_code == 302
        assert list(Hand.objects.values_list("number", flat=True)) == [1]
        match.refresh_from_db()
        assert match.totals == [1, -1, 0]
        entry = AuditEntry.objects.get(action="undo")
        assert entry.before == {"tricks": [3, 10, 3], "trump": "hearts"}
        assert entry.reason == "wrong table"

    def test_undoing_the_winning_hand_reopens_the_match(self, client_of, owner, make_match):
        match = make_match([sm_hand([12, 2, 2])])
        client_of(owner).post(self.url(match, 1))
        match.refresh_from_db()
        assert not match.finished

    def test_it_only_undoes_the_last_hand(self, client_of, owner, make_match):
        match = make_match([sm_hand([9, 4, 3]), sm_hand([3, 10, 3])])
        client = client_of(owner)
        assert b"Only the last hand can be undone" in client.get(self.url(match, 1)).content
        response = client.post(self.url(match, 1), follow=True)
        assert b"Only the last hand (hand 2) can be undone." in response.content
        assert Hand.objects.count() == 2

    def test_it_refuses_an_oversized_reason(self, client_of, owner, make_match):
        match = make_match([sm_hand([9, 4, 3])])
        response = client_of(owner).post(self.url(match, 1), {"reason": "x" * 201})
        assert response.status_code == 422
        assert Hand.objects.count() == 1

    def test_it_answers_htmx(self, client_of, owner, make_match):
        match = make_match([sm_hand([9, 4, 3])])
        client = client_of(owner)
        assert client.get(self.url(match, 1), **HTMX).content.lstrip().startswith(b"<form")
        response = client.post(self.url(match, 1), **HTMX)
        assert response["HX-Redirect"] == f"/matches/{match.pk}/#now"
        assert not Hand.objects.exists()

    def test_it_404s_for_a_hand_not_recorded(self, client_of, owner, make_match):
        match = make_match([sm_hand([9, 4, 3])])
        assert client_of(owner).post(self.url(match, 5)).status_code == 404

    def test_it_forbids_other_users(self, client_of, other, make_match):
        match = make_match([sm_hand([9, 4, 3])])
        assert client_of(other).post(self.url(match, 1)).status_code == 403
        assert Hand.objects.count() == 1

    def test_it_requires_login(self, client, make_match):
        match = make_match([sm_hand([9, 4, 3])])
        assert client.post(self.url(match, 1)).status_code == 302
        assert Hand.objects.count() == 1

    def test_it_rejects_other_methods(self, client_of, owner, make_match):
        match = make_match([sm_hand([9, 4, 3])])
        assert client_of(owner).delete(self.url(match, 1)).status_code == 405
