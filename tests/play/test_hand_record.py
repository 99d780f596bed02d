import pytest

from matches.models import AuditEntry, Hand
from tests.factories import HTMX, sm_hand, text


def form(number=1, tricks=(9, 4, 3), trump="hearts"):
    data = {"number": number, "trump": trump}
    data.update({f"tricks_{seat}": count for seat, count in enumerate(tricks)})
    return data


@pytest.mark.django_db
class TestHandRecord:
    def url(self, match):
        return f"/matches/{match.pk}/hands/"

    def test_it_records_the_hand_and_redirects(self, client_of, owner, make_match):
        match = make_match()
        response = client_of(owner).post(self.url(match), form())
        assert response.status_code == 302
        assert response["Location"] == f"/matches/{match.pk}/#now"
        hand = Hand.objects.get()
        assert hand.input == {"tricks": [9, 4, 3], "trump": "hearts"}
        assert hand.scores == [1, -1, 0]
        assert hand.recorded_by == owner
        match.refresh_from_db()
        assert match.totals == [1, -1, 0]
        entry = AuditEntry.objects.get(action="record")
        assert (entry.by, entry.number, entry.after) == (owner, 1, hand.input)

    def test_it_answers_htmx_with_the_refreshed_table(self, client_of, owner, make_match):
        match = make_match()
        response = client_of(owner).post(self.url(match), form(), **HTMX)
        assert response.status_code == 200
        assert response.content.lstrip().startswith(b'<div id="table"')
        assert b"Record hand 2" in response.content
        assert b"Ann was 1 up" in response.content

    @pytest.mark.parametrize(
        ("data", "message"),
        [
            (form(tricks=(9, 4, 4)), b"The tricks add up to 17; a hand has 16."),
            (form(tricks=(9, 4, -1)), b"greater than or equal to 0"),
            ({**form(), "tricks_1": "four"}, b"Enter a whole number."),
            ({**form(), "tricks_1": "4.5"}, b"Enter a whole number."),
            (form(trump="stars"), b"Select a valid choice"),
            ({k: v for k, v in form().items() if k != "trump"}, b"Choose trumps."),
            ({k: v for k, v in form().items() if k != "tricks_2"}, b"How many tricks did Cy take?"),
        ],
    )
    def test_it_refuses_bad_input_and_writes_nothing(
        self, client_of, owner, make_match, data, message
    ):
        match = make_match()
        for headers in ({}, HTMX):
            response = client_of(owner).post(self.url(match), data, **headers)
            assert response.status_code == 422
            assert message in response.content
        assert not Hand.objects.exists()
        assert not AuditEntry.objects.filter(action="record").exists()

    def test_a_second_device_gets_told_and_the_refreshed_page(self, client_of, owner, make_match):
        match = make_match([sm_hand([9, 4, 3])])
        client = client_of(owner)
        response = client.post(self.url(match), form(number=1, tricks=(10, 3, 3)), follow=True)
        assert b"Hand 1 was just recorded by someone else." in response.content
        assert b"Record hand 2" in response.content
        assert Hand.objects.get().input["tricks"] == [9, 4, 3]
        response = client.post(self.url(match), form(number=1), **HTMX)
        assert response.status_code == 409
        assert b"Hand 1 was just recorded by someone else." in response.content

    def test_it_refuses_a_hand_after_the_end(self, client_of, owner, make_match):
        match = make_match([sm_hand([12, 2, 2])])
        response = client_of(owner).post(self.url(match), form(number=2), follow=True)
        assert b"The match is over" in response.content
        assert Hand.objects.count() == 1

    def test_it_forbids_other_users(self, client_of, other, make_match):
        match = make_match()
        assert client_of(other).post(self.url(match), form()).status_code == 403
        assert not Hand.objects.exists()

    def test_organisers_may_record(self, client_of, organiser, make_match):
        match = make_match()
        assert client_of(organiser).post(self.url(match), form()).status_code == 302
        assert Hand.objects.get().recorded_by == organiser

    def test_it_requires_login(self, client, make_match):
        match = make_match()
        response = client.post(self.url(match), form())
        assert response.status_code == 302
        assert not Hand.objects.exists()

    def test_it_rejects_get(self, client_of, owner, make_match):
        match = make_match()
        assert client_of(owner).get(self.url(match)).status_code == 405


DAMAGED = (
    "The form was out of date or damaged (its hidden hand number or version was missing "
    "or wrong), so nothing was saved. Here is the form for hand 2 as it stands now."
)


@pytest.mark.django_db
class TestDamagedHandForm:
    """A tampered or truncated hidden hand number: a clear message, and the form starts
    afresh from the match as it stands (not stuck on "Record hand x")."""

    @pytest.mark.parametrize("number", ["0", "-1", "x", "", None, "2.5"], ids=repr)
    def test_it_says_so_and_offers_the_next_hand(self, client_of, owner, make_match, number):
        match = make_match([sm_hand([9, 4, 3])])
        data = form(number=2, tricks=(3, 8, 5))
        if number is None:
            del data["number"]
        else:
            data["number"] = number
        client = client_of(owner)
        for headers in ({}, HTMX):
            response = client.post(f"/matches/{match.pk}/hands/", data, **headers)
            assert response.status_code == 422
            page = text(response)
            assert DAMAGED in page
            assert "Record hand 2" in page
            assert f"Record hand {number} " not in page
            assert '<input type="hidden" name="number" value="2"' in response.content.decode()
        if number is not None:
            assert response.content.lstrip().startswith(b'<div id="table"')
        assert Hand.objects.count() == 1
        assert not AuditEntry.objects.filter(action="record", number=2).exists()
        # The page itself stays as it was: hand 2 is next.
        assert "Record hand 2" in text(client.get(f"/matches/{match.pk}/"))


@pytest.mark.django_db
def test_the_services_refuse_hand_number_zero_as_invalid_input(owner, make_match):
    from matches.rules import RuleError
    from matches.services import play as services

    match = make_match([sm_hand([9, 4, 3])])
    for number in (0, -1):
        with pytest.raises(RuleError) as refused:
            services.record_hand(match, number, sm_hand([3, 8, 5]), by=owner)
        assert refused.value.field == "number"
        assert refused.value.message == "Hand numbers start at 1."
    assert Hand.objects.count() == 1
