import pytest

from matches.models import AuditEntry, Hand
from tests.factories import HTMX, sm_hand, text


def form(number=1, version=1, tricks=(10, 3, 3), trump="spades", reason="miscounted"):
    data = {"number": number, "version": version, "trump": trump, "reason": reason}
    data.update({f"tricks_{seat}": count for seat, count in enumerate(tricks)})
    return data


@pytest.mark.django_db
class TestHandCorrect:
    def url(self, match, number=1):
        return f"/matches/{match.pk}/hands/{number}/"

    def test_it_shows_the_hand_prefilled(self, client_of, owner, make_match):
        match = make_match([sm_hand([9, 4, 3])])
        response = client_of(owner).get(self.url(match))
        assert response.status_code == 200
        body = response.content.decode()
        assert "Correct hand 1" in body
        assert 'name="tricks_0" value="9"' in body
        assert 'value="hearts"' in body and "checked" in body

    def test_it_corrects_and_the_totals_follow(self, client_of, owner, make_match):
        match = make_match([sm_hand([9, 4, 3]), sm_hand([3, 8, 5])])
        response = client_of(owner).post(self.url(match), form())
        assert response.status_code == 302
        hand = Hand.objects.get(number=1)
        assert hand.input == {"tricks": [10, 3, 3], "trump": "spades"}
        assert hand.version == 2
        match.refresh_from_db()
        assert match.totals == [2, -2, 0]
        entry = AuditEntry.objects.get(action="correct")
        assert entry.before == {"tricks": [9, 4, 3], "trump": "hearts"}
        assert entry.after == hand.input
        assert entry.reason == "miscounted"

    def test_a_correction_to_twelve_tricks_ends_the_match_and_back_reopens(
        self, client_of, owner, make_match
    ):
        match = make_match([sm_hand([9, 4, 3])])
        client = client_of(owner)
        client.post(self.url(match), form(tricks=(12, 2, 2)))
        match.refresh_from_db()
        assert match.finished and match.winners == [0]
        client.post(self.url(match), form(version=2, tricks=(9, 4, 3)))
        match.refresh_from_db()
        assert not match.finished and match.winners == []

    def test_it_refuses_a_correction_that_ends_the_match_before_later_hands(
        self, client_of, owner, make_match
    ):
        match = make_match([sm_hand([9, 4, 3]), sm_hand([3, 8, 5])])
        response = client_of(owner).post(self.url(match), form(tricks=(12, 2, 2)))
        assert response.status_code == 422
        assert b"Hand 2 no longer fits" in response.content
        assert Hand.objects.get(number=1).version == 1

    def test_it_refuses_a_stale_version(self, client_of, owner, make_match):
        match = make_match([sm_hand([9, 4, 3])])
        client = client_of(owner)
        client.post(self.url(match), form())
        response = client.post(self.url(match), form(tricks=(8, 5, 3)), follow=True)
        assert b"changed by someone else meanwhile" in response.content
        assert Hand.objects.get().input["tricks"] == [10, 3, 3]

    def test_it_refuses_bad_input_and_writes_nothing(self, client_of, owner, make_match):
        match = make_match([sm_hand([9, 4, 3])])
        for headers in ({}, HTMX):
            response = client_of(owner).post(self.url(match), form(tricks=(1, 1, 1)), **headers)
            assert response.status_code == 422
            assert b"The tricks add up to 3; a hand has 16." in response.content
        assert Hand.objects.get().version == 1
        assert not AuditEntry.objects.filter(action="correct").exists()

    def test_it_answers_htmx(self, client_of, owner, make_match):
        match = make_match([sm_hand([9, 4, 3])])
        client = client_of(owner)
        response = client.get(self.url(match), **HTMX)
        assert response.content.lstrip().startswith(b"<form")
        response = client.post(self.url(match), form(), **HTMX)
        assert response["HX-Redirect"] == f"/matches/{match.pk}/#now"

    def test_it_404s_for_a_hand_not_recorded(self, client_of, owner, make_match):
        match = make_match([sm_hand([9, 4, 3])])
        assert client_of(owner).get(self.url(match, 2)).status_code == 404

    def test_it_forbids_other_users(self, client_of, other, make_match):
        match = make_match([sm_hand([9, 4, 3])])
        assert client_of(other).post(self.url(match), form()).status_code == 403
        assert Hand.objects.get().version == 1

    def test_it_requires_login(self, client, make_match):
        match = make_match([sm_hand([9, 4, 3])])
        assert client.post(self.url(match), form()).status_code == 302
        assert Hand.objects.get().version == 1

    def test_it_rejects_other_methods(self, client_of, owner, make_match):
        match = make_match([sm_hand([9, 4, 3])])
        assert client_of(owner).put(self.url(match)).status_code == 405


@pytest.mark.django_db
class TestDamagedCorrectionForm:
    """A tampered or truncated hidden hand number or version on the correction form: a
    clear message, and the form starts afresh from the hand as it stands now."""

    @pytest.mark.parametrize(
        "damage",
        [
            {"version": None},
            {"version": "x"},
            {"version": "0"},
            {"version": "-2"},
            {"number": None},
            {"number": "x"},
            {"number": "0"},
            {"number": "2"},  # another hand's number on hand 1's form
        ],
        ids=repr,
    )
    def test_it_says_so_and_offers_the_hand_as_it_stands(
        self, client_of, owner, make_match, damage
    ):
        match = make_match([sm_hand([9, 4, 3]), sm_hand([3, 8, 5])])
        data = form()
        for name, value in damage.items():
            if value is None:
                del data[name]
            else:
                data[name] = value
        client = client_of(owner)
        for headers in ({}, HTMX):
            response = client.post(f"/matches/{match.pk}/hands/1/", data, **headers)
            assert response.status_code == 422
            page = text(response)
            assert (
                "The form was out of date or damaged (its hidden hand number or version was "
                "missing or wrong), so nothing was saved. Here is the form for hand 1 as it "
                "stands now."
            ) in page
            assert "Correct hand 1" in page
            html = response.content.decode()
            # Afresh: hand 1 as stored (9 tricks, hearts), its number and version.
            assert '<input type="hidden" name="number" value="1"' in html
            assert '<input type="hidden" name="version" value="1"' in html
            assert 'name="tricks_0" value="9"' in html
        assert response.content.lstrip().startswith(b'<form method="post"')
        assert Hand.objects.get(number=1).input == {"tricks": [9, 4, 3], "trump": "hearts"}
        assert not AuditEntry.objects.filter(action="correct").exists()
