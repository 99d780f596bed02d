"""The live preview (``hand_preview``): the scores the hand in the form would get, shown
under the Sheepshead and Sieben forms as they are filled in; nothing is ever written.

Every expected figure is worked out by hand from sheepshead/rules.md §2 and
sieben/rules.md §3, not from the app."""

import pytest

from matches.models import AuditEntry, Hand
from tests.factories import HTMX, sh, sheep, sieben, sv, text, totals


@pytest.mark.django_db
class TestHandPreview:
    def url(self, match):
        return f"/matches/{match.pk}/preview/"

    def test_it_answers_htmx_with_the_scores_and_writes_nothing(self, client_of, owner):
        match = sheep(owner)
        response = client_of(owner).post(self.url(match), sh(1, 1, 3, 95), **HTMX)
        assert response.status_code == 200
        page = text(response)
        assert "This hand would score:" in page
        assert "Ann −2 Ben +4 Cy −2 Dan +2 Eve −2" in page
        # Only what goes inside the preview box: no page, no form.
        body = response.content.decode()
        assert body.lstrip().startswith('<p class="preview-title">')
        assert "<form" not in body
        assert "<html" not in body
        assert not Hand.objects.exists()
        assert not AuditEntry.objects.filter(action="record").exists()
        assert totals(match) == [0, 0, 0, 0, 0]

    def test_it_previews_a_later_hand_with_its_doubler(self, client_of, owner):
        match = sheep(owner, [{"picker": None}], all_pass="doubler")
        # After a doubler, 61 alone (m +1) counts ×2: Ann +8, others −2.
        response = client_of(owner).post(self.url(match), sh(2, 0, "alone", 61), **HTMX)
        assert "Ann +8 Ben −2 Cy −2 Dan −2 Eve −2" in text(response)
        assert Hand.objects.count() == 1

    def test_a_plain_post_renders_the_page_with_the_preview(self, client_of, owner):
        match = sheep(owner)
        response = client_of(owner).post(self.url(match), sh(1, 0, "alone", 45))
        assert response.status_code == 200
        body = response.content.decode()
        assert body.lstrip().startswith("<!doctype html>")  # the whole page, for no-JS
        assert 'id="preview"' in body
        page = text(response)
        assert "This hand would score:" in page
        assert "Ann −4 Ben +1 Cy +1 Dan +1 Eve +1" in page
        assert "Record hand 1" in page
        # The form keeps what was entered.
        assert 'value="45"' in body
        assert not Hand.objects.exists()

    def test_it_previews_a_sieben_round(self, client_of, owner):
        match = sieben(owner)
        response = client_of(owner).post(self.url(match), sv(1, 0, no_trick=True), **HTMX)
        # Ann has 0 counters and took no trick: Ben wins the round for 3 points.
        assert "Round to Ben: 3 points." in text(response)
        assert not Hand.objects.exists()

    @pytest.mark.parametrize(
        ("data", "hint"),
        [
            (sh(1, 1, 3), "Enter the picker side's card points."),
            (sh(1, 1, 3, 100, all_tricks=True), "Every trick means all 120 points"),
            ({"number": 1}, "Fill in the hand to see its scores."),
            (sh(1, 1, 3, 121), "Fill in the hand to see its scores."),
        ],
    )
    def test_it_shows_a_hint_for_bad_input_and_writes_nothing(self, client_of, owner, data, hint):
        match = sheep(owner)
        client = client_of(owner)
        response = client.post(self.url(match), data, **HTMX)
        assert response.status_code == 200
        assert hint in text(response)
        assert "This hand would score:" not in text(response)
        assert response.content.lstrip().startswith(b'<p class="hint">')
        response = client.post(self.url(match), data)
        assert response.status_code == 200
        assert hint in text(response)
        assert "Record hand 1" in text(response)
        assert not Hand.objects.exists()
        assert not AuditEntry.objects.filter(action="record").exists()
        assert totals(match) == [0, 0, 0, 0, 0]

    def test_a_finished_match_previews_nothing(self, client_of, owner):
        match = sheep(owner, [{"picker": None}], hands_limit=1)
        response = client_of(owner).post(self.url(match), sh(2, 0, "alone", 61), **HTMX)
        assert "The match is over; no more hands can be recorded." in text(response)
        assert "This hand would score:" not in text(response)
        assert Hand.objects.count() == 1

    def test_it_lets_an_organiser_preview_any_match(self, client_of, owner, organiser):
        match = sheep(owner)
        response = client_of(organiser).post(self.url(match), sh(1, 1, 3, 95), **HTMX)
        assert response.status_code == 200
        assert "Ann −2 Ben +4 Cy −2 Dan +2 Eve −2" in text(response)

    def test_it_forbids_other_users(self, client_of, owner, other):
        match = sheep(owner)
        response = client_of(other).post(self.url(match), sh(1, 1, 3, 95))
        assert response.status_code == 403
        assert "Ben +4" not in text(response)

    def test_it_requires_login(self, client, owner):
        match = sheep(owner)
        assert client.post(self.url(match), sh(1, 1, 3, 95)).status_code == 302
        assert "/login" in client.post(self.url(match), sh(1, 1, 3, 95))["Location"]

    def test_it_rejects_other_methods(self, client_of, owner):
        match = sheep(owner)
        assert client_of(owner).get(self.url(match)).status_code == 405
        assert client_of(owner).put(self.url(match)).status_code == 405

    def test_it_404s_for_a_match_that_does_not_exist(self, client_of, owner):
        assert client_of(owner).post("/matches/999999/preview/", {}).status_code == 404
