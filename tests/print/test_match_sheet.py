"""Issue 20, item 7: the head of a match's own score sheet (the match page printed) says
the game and variant, the number of hands, who won (or leads) and by how much over each
of the others. Shown only on paper (``print-only``); one A4 page for 20 hands is
Chromium's to say: tests/e2e/test_e2e_score_sheet.py.
"""

import re

import pytest

from matches.services import play as services
from tests.factories import sieben, sm_hand


def facts(response) -> str:
    page = response.content.decode()
    found = re.search(r'<div class="sheet-facts print-only">(.*?)</div>', page, re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", found.group(1))).strip() if found else ""


@pytest.mark.django_db
class TestSheetHead:
    def test_a_finished_match_names_the_winner_and_the_margins(self, client_of, owner, make_match):
        # The 8-5-3 match ends when a seat takes 12 tricks in a hand (its win_tricks).
        match = make_match([sm_hand([9, 4, 3]), sm_hand([3, 10, 3]), sm_hand([3, 1, 12])])
        assert match.finished
        said = facts(client_of(owner).get(f"/matches/{match.pk}/"))
        assert said.startswith("Sergeant Major 8-5-3 · 3 hands")
        winner = re.search(r"Winner: (\w+) with ([+−]\d+)", said)
        assert winner, said
        assert re.search(r" · \w+ [+−]?\d+, \d+ behind · \w+ [+−]?\d+, \d+ behind$", said), said

    def test_a_match_under_way_names_who_leads(self, client_of, owner, make_match):
        match = make_match([sm_hand([9, 4, 3])])
        said = facts(client_of(owner).get(f"/matches/{match.pk}/"))
        assert said == (
            "Sergeant Major 8-5-3 · 1 hand In the lead: Ann with +1"
            " · Cy 0, 1 behind · Ben −1, 2 behind"
        )

    def test_a_tie_at_the_top_is_shared(self, client_of, owner, make_match):
        match = make_match([sm_hand([8, 5, 3])])
        said = facts(client_of(owner).get(f"/matches/{match.pk}/"))
        assert "In the lead: Ann & Ben & Cy with 0" in said

    def test_a_stopped_tie_is_a_shared_win(self, client_of, owner, make_match):
        match = make_match([sm_hand([8, 5, 3])])
        services.stop_match(match, by=owner, reason="")
        said = facts(client_of(owner).get(f"/matches/{match.pk}/"))
        assert "Shared win: Ann & Ben & Cy with 0" in said

    def test_a_blank_sheet_has_nobody_ahead(self, client_of, owner, make_match):
        match = make_match()
        assert facts(client_of(owner).get(f"/matches/{match.pk}/")) == ""

    def test_in_german(self, client_of, owner, make_match):
        match = make_match([sm_hand([9, 4, 3])])
        client = client_of(owner)
        client.cookies["django_language"] = "de"
        said = facts(client.get(f"/matches/{match.pk}/"))
        assert said.startswith("Sergeant Major 8-5-3 · 1 Spiel In Führung: Ann mit +1")
        assert said.endswith("Ben −1, 2 zurück")

    def test_the_share_link_prints_it_too(self, client, owner, make_match):
        match = make_match([sm_hand([9, 4, 3])])
        assert "In the lead: Ann" in facts(client.get(f"/s/{match.share_token}/"))

    def test_a_sieben_match_before_its_first_round_has_no_head(self, client_of, owner):
        match = sieben(owner)
        page = client_of(owner).get(f"/matches/{match.pk}/")
        assert page.status_code == 200
        assert facts(page) == ""

    def test_another_player_and_a_visitor_see_no_sheet(
        self, client, client_of, other, owner, make_match
    ):
        match = make_match([sm_hand([9, 4, 3])])
        response = client.get(f"/matches/{match.pk}/")
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]
        response = client_of(other).get(f"/matches/{match.pk}/")
        assert response.status_code == 403
        assert facts(response) == ""
