"""How a rule error reads in German: the program's own words (``Term``) are translated,
what people typed (a player's name) is shown as typed.

The German catalogue has "Nobody" -> "Niemand" (the leaster's "nobody picked"), so a
player called Nobody is the test: translated, they would become Niemand.
"""

import pytest
from django.utils import translation

from matches.errors import explain
from matches.games.skat.rules import Skat
from matches.models import Match
from matches.rules import RuleError, get_ruleset, play_hand, replay
from matches.rules.base import Term, _, term
from matches.services.play import clean_players


def german(error: RuleError) -> str:
    with translation.override("de"):
        return explain(error)


def refused(call, *args, **kwargs) -> RuleError:
    with pytest.raises(RuleError) as caught:
        call(*args, **kwargs)
    return caught.value


def test_the_catalogue_translates_nobody():
    with translation.override("de"):
        assert translation.gettext("Nobody") == "Niemand"


def test_a_player_called_nobody_keeps_their_name_in_a_rule_error():
    error = refused(clean_players, ["Nobody", "Nobody", "Cy"])
    assert german(error) == "Nobody sitzt zweimal am Tisch."


def test_a_dealer_called_nobody_keeps_their_name_when_a_call_is_repeated():
    # The alternate game (§1.5): each dealer makes each call once; Nobody deals hands 1 and 4.
    rules = get_ruleset("sergeant-major", "alternate")
    hands = [
        {"tricks": [8, 5, 3], "call": "clubs"},
        {"tricks": [3, 8, 5], "call": "clubs"},
        {"tricks": [5, 3, 8], "call": "clubs"},
        {"tricks": [8, 5, 3], "call": "clubs"},
    ]
    error = refused(replay, rules, ["Nobody", "Ben", "Cy"], hands)
    text = german(error)
    assert text.startswith("Nobody hat clubs schon angesagt")
    assert "Niemand" not in text


def test_an_option_name_is_a_term_and_a_term_is_translated():
    error = refused(get_ruleset, "sergeant-major", "8-5-3", {"win_tricks": "twelve"})
    assert isinstance(error.params["name"], Term)
    assert german(error) == "win_tricks muss eine ganze Zahl sein."
    # The catalogue has no German for the option names yet; a word it has is translated.
    assert german(RuleError(_("%(name)s needs a value."), name=term("Nobody"))) == (
        "Niemand braucht einen Wert."
    )
    assert german(RuleError(_("%(name)s needs a value."), name="Nobody")) == (
        "Nobody braucht einen Wert."
    )


@pytest.mark.django_db
def test_the_new_match_page_in_german_keeps_a_player_called_nobody(client_of, owner):
    form = {"player_0": "Nobody", "player_1": "Nobody", "player_2": "Cy", "first_dealer": "0"}
    response = client_of(owner).post("/matches/new/", form, HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 422
    page = response.content.decode()
    assert "Nobody sitzt zweimal am Tisch." in page
    assert "Niemand" not in page
    assert not Match.objects.exists()


def test_skats_refusals_read_in_the_players_german():
    # skat/rules.md §4.8: its ruleset made as it is, the refusals read in German.
    ruleset = Skat("isko")
    state = replay(ruleset, ["Ann", "Ben", "Cy"], [], 2)
    overbid = {"declarer": 1, "game": "diamonds", "matadors": {"with": False, "n": 1}}
    error = refused(play_hand, ruleset, state, {**overbid, "won": True, "bid": 22})
    assert german(error) == (
        "Überreizt: Dieses Spiel ist 18 wert, weniger als der Reizwert 22. Ein überreiztes "
        "Spiel ist verloren (ISkO 5.4) — bitte als verloren eintragen; es zählt −54."
    )
    error = refused(play_hand, ruleset, state, {**overbid, "won": True, "bid": 19})
    assert german(error) == "19 ist kein Reizwert (nächstniedriger 18, nächsthöherer 20)."
    error = refused(play_hand, ruleset, state, {"passed": True, "declarer": 0})
    assert german(error) == "Ein eingepasstes Spiel hat keinen Alleinspieler und kein Ergebnis."
