"""Issue 20, item 8: the alternate game's used calls are plainly marked (greyed, a "used"
label, words for a screen reader; no thin strike-through), and German spells "NT" out as
its name for no trumps, never standing twice beside it."""

import re

import pytest

from matches.services import play as services

# Ann deals hands 1 and 4; Ben 2, Cy 3.
HANDS = [
    {"tricks": [8, 5, 3], "call": "no-trumps"},
    {"tricks": [3, 8, 5], "call": "clubs"},
]


def alternate(owner, hands=HANDS):
    match = services.create_match(
        owner,
        game="sergeant-major",
        variant="alternate",
        players=["Ann", "Ben", "Cy"],
        first_dealer=0,
    ).match
    for number, hand in enumerate(hands, start=1):
        services.record_hand(match, number, hand, by=owner)
    return match


def grid_row(page: str, name: str) -> str:
    grid = page[
        page.index('<table class="calls">') : page.index(
            "</table>", page.index('<table class="calls">')
        )
    ]
    return re.search(rf"<tr><th>{name}</th>(.*?)</tr>", grid, re.S).group(1)


@pytest.mark.django_db
class TestUsedCalls:
    def test_a_made_call_is_greyed_and_labelled_not_struck_through(self, client_of, owner):
        page = client_of(owner).get(f"/matches/{alternate(owner).pk}/").content.decode()
        ann = grid_row(page, "Ann")
        assert "<s>" not in page
        made = re.findall(r'<td class="made"[^>]*>(.*?)</td>', ann, re.S)
        assert len(made) == 1  # Ann called no trumps
        assert '<span class="used" aria-hidden="true">used</span>' in made[0]
        assert '<span class="visually-hidden">No trumps (made)</span>' in made[0]
        assert ann.count('<td class="open"') == 5
        assert "used" not in "".join(re.findall(r'<td class="open"[^>]*>(.*?)</td>', ann, re.S))
        ben = grid_row(page, "Ben")
        assert re.search(r'<td class="made" title="Clubs">.*?used', ben, re.S)

    def test_in_german(self, client_of, owner):
        client = client_of(owner)
        client.cookies["django_language"] = "de"
        page = client.get(f"/matches/{alternate(owner).pk}/").content.decode()
        ann = grid_row(page, "Ann")
        assert '<span class="sign long" aria-hidden="true">Ohne Trumpf</span>' in ann
        assert '<span class="used" aria-hidden="true">weg</span>' in ann
        assert "NT" not in re.sub(r"<[^>]+>", " ", page)


@pytest.mark.django_db
class TestNoTrumpsInGerman:
    def test_english_keeps_its_sign_beside_the_name(self, client_of, owner):
        page = client_of(owner).get(f"/matches/{alternate(owner).pk}/").content.decode()
        sign = '<span class="suit no-trumps" title="No trumps">NT</span>'
        assert f'{sign} <span class="suit-name">No trumps</span>' in page
        assert (
            '<span class="symbol" aria-hidden="true">NT</span><span class="label">No trumps</span>'
            in page
        )

    def test_german_spells_it_out_once(self, client_of, owner):
        client = client_of(owner)
        client.cookies["django_language"] = "de"
        page = client.get(f"/matches/{alternate(owner).pk}/").content.decode()
        # The history: no sign, the name.
        sign = '<span class="suit no-trumps" title="Ohne Trumpf"></span>'
        assert f'{sign} <span class="suit-name">Ohne Trumpf</span>' in page
        # The call's button: the name alone (no sign repeating it).
        assert (
            '<span class="symbol" aria-hidden="true"></span><span class="label">Ohne Trumpf</span>'
            in page
        )
