"""The door (issue 19, item 6): players ticked from the register, typed names matched by the
register's key, and a question before a name the register does not know becomes a new
player. Organisers only, CSRF, the wrong method, bad input, htmx and plain."""

import html as markup
import re

import pytest
from django.test import Client

from matches.models import Entry, Player, TournamentAudit
from matches.services import players as register
from tests.factories import HTMX, text
from tests.factories import tournament as make_tournament


@pytest.fixture
def cup(organiser):
    return make_tournament(organiser)


@pytest.fixture
def club(organiser):
    return {
        name: register.create_player(name=name, by=organiser)
        for name in ("Ann", "Ben", "Cy", "Dora")
    }


def url(tournament, tail=""):
    return f"/tournaments/{tournament.pk}/{tail}"


def written():
    return (
        list(Player.objects.order_by("pk").values_list("pk", "name")),
        list(Entry.objects.order_by("pk").values_list("pk", "player_id")),
        TournamentAudit.objects.count(),
    )


def test_it_asks_before_a_typed_name_becomes_a_new_player(boss, cup, club):
    before = written()
    asked = boss.post(url(cup, "entries/"), {"names": "ann\nBenn"})
    assert asked.status_code == 200
    page = text(asked)
    assert "This name is not in the register:" in page and "Benn" in page
    assert "Add it as a new player?" in page and "Yes, add it" in page
    assert "entered as they are: Ann" in page
    assert written() == before  # nothing written before the yes

    done = boss.post(url(cup, "entries/"), {"names": "ann\nBenn", "confirm": "yes"})
    assert done.status_code == 302
    assert sorted(e.name for e in cup.entries.all()) == ["Ann", "Benn"]
    assert Entry.objects.get(player__name="Ann").player == club["Ann"]


def test_ticked_players_go_along_with_the_question(boss, cup, club):
    """A player ticked in the register and a new name typed: the question keeps the tick,
    on its yes and on its way back (it was dropped, and only the new name entered)."""
    asked = boss.post(url(cup, "entries/"), {"player": [club["Ann"].pk], "names": "Zed"})
    page = asked.content.decode()
    assert page.count(f'name="player" value="{club["Ann"].pk}"') == 2  # yes, and back
    assert "entered as they are: Ann" in text(asked)
    done = boss.post(
        url(cup, "entries/"), {"player": [club["Ann"].pk], "names": "Zed", "confirm": "yes"}
    )
    assert done.status_code == 302
    assert sorted(e.name for e in cup.entries.all()) == ["Ann", "Zed"]


def test_known_names_are_entered_without_asking(boss, cup, club):
    # Case, spaces and look-alike letters are folded by the register's own key: the
    # Cyrillic А of "Аnn" and the capitals are the register's Ann, not a new player.
    response = boss.post(url(cup, "entries/"), {"names": "\u0410NN\n  ben \nCY"})
    assert response.status_code == 302
    assert {e.player_id for e in cup.entries.all()} == {p.pk for p in club.values()} - {
        club["Dora"].pk
    }
    assert Player.objects.count() == 4


def test_go_back_keeps_what_was_typed(boss, cup, club):
    asked = boss.post(url(cup, "entries/"), {"names": "Benn\nCy"})
    assert 'name="names" hidden>Benn\nCy</textarea>' in asked.content.decode()
    back = boss.get(url(cup), {"names": "Benn\nCy"})
    assert '<textarea name="names" id="names" rows="4">Benn\nCy</textarea>' in (
        back.content.decode()
    )
    assert not cup.entries.exists()


def test_the_register_lists_the_players_not_entered_to_tick(boss, cup, club, organiser):
    from matches.services import registration

    registration.register_players(cup, organiser, [club["Cy"].pk])
    page = boss.get(url(cup)).content.decode()
    for name in ("Ann", "Ben", "Dora"):
        assert f'value="{club[name].pk}"> <span class="name">{name}</span>' in page, name
    assert f'name="player" value="{club["Cy"].pk}"' not in page
    assert "Add the ticked players" in page

    response = boss.post(url(cup, "entries/"), {"player": [club["Ann"].pk, club["Dora"].pk]})
    assert response.status_code == 302
    assert sorted(e.name for e in cup.entries.all()) == ["Ann", "Cy", "Dora"]
    assert Player.objects.count() == 4


def test_search_as_you_type_keeps_the_ticked_players(boss, cup, club):
    found = boss.get(url(cup), {"find": "an", "player": [club["Dora"].pk]}, **HTMX)
    assert found.status_code == 200
    html = found.content.decode()
    assert "<html" not in html and 'id="candidates"' in html
    assert "Ann" in html and "Ben" not in html and "Cy" not in html
    assert f'value="{club["Dora"].pk}" checked>' in html  # ticked before this search
    # Without JavaScript the same search is a GET form and the whole page.
    plain = boss.get(url(cup), {"find": "BE"})
    assert "<html" in plain.content.decode()
    assert 'value="{}">'.format(club["Ben"].pk) in plain.content.decode()
    assert (
        '<span class="name">Ann</span>'
        not in plain.content.decode().split('id="candidates"')[1].split("</div>")[0]
    )
    nobody = text(boss.get(url(cup), {"find": "zz"}, **HTMX))
    assert "No player in the register who is not entered yet has “zz”" in nobody


def test_htmx_gets_the_question_as_a_partial_and_leaves_after_the_yes(boss, cup, club):
    asked = boss.post(url(cup, "entries/"), {"names": "Benn"}, **HTMX)
    assert asked.status_code == 200 and "<html" not in asked.content.decode()
    assert "Benn" in text(asked) and not cup.entries.exists()
    done = boss.post(url(cup, "entries/"), {"names": "Benn", "confirm": "yes"}, **HTMX)
    assert done["HX-Redirect"] == url(cup)
    assert cup.entries.get().name == "Benn"


@pytest.mark.parametrize(
    "data, message",
    [
        ({"player": "abc"}, "Tick players from the list."),
        ({"player": "987654"}, "No player has the id 987654."),
        ({}, "Tick players in the register or type their names."),
        ({"names": "Ann\nBe\u200bn", "confirm": "yes"}, "U+200B"),
    ],
)
def test_bad_input_says_why_and_writes_nothing(boss, cup, club, data, message):
    before = written()
    page = text(boss.post(url(cup, "entries/"), data, follow=True))
    assert message in page
    assert written() == before


def test_only_organisers_may_enter_players(cup, club, other):
    before = written()
    anonymous = Client().post(url(cup, "entries/"), {"player": club["Ann"].pk})
    assert anonymous.status_code == 302 and "/accounts/login/" in anonymous["Location"]
    player = Client()
    player.force_login(other)
    assert player.post(url(cup, "entries/"), {"names": "Zed", "confirm": "yes"}).status_code == 403
    assert player.get(url(cup), {"find": "a"}, **HTMX).status_code == 403
    assert written() == before


def test_the_door_needs_the_csrf_token_and_a_post(boss, organiser, cup, club):
    careful = Client(enforce_csrf_checks=True)
    careful.force_login(organiser)
    before = written()
    refused = careful.post(url(cup, "entries/"), {"player": club["Ann"].pk, "names": "Zed"})
    assert refused.status_code == 403
    for method in ("get", "put", "delete"):
        assert getattr(boss, method)(url(cup, "entries/")).status_code == 405
    assert written() == before


def test_the_api_still_adds_a_new_name_at_once(organiser, cup):
    # matches/api/API.md: POST /api/tournaments/{id}/entries with names enters them; a new name is
    # added to the register (its callers send what they mean): no question there.
    from matches.services import registration

    registration.register_players(cup, organiser, ["Zed"])
    assert Player.objects.get().name == "Zed"


# -- a name typed twice (issue 32, item 5) ------------------------------------------------


def field_of(response) -> str:
    """What the "By name" field holds on the page that came back."""
    html = response.content.decode()
    found = re.search(r'<textarea name="names" id="names"[^>]*>(.*?)</textarea>', html, re.S)
    return markup.unescape(found[1])


TYPED = "Zed\nBen\n\nzed\nYves"


def test_a_name_typed_twice_keeps_the_list_and_names_both_lines(boss, cup, club):
    before = written()
    refused = boss.post(url(cup, "entries/"), {"names": TYPED})
    assert refused.status_code == 422
    page = text(refused)
    # Line 4 as the organiser counts (the blank line too); nothing asked, nothing written.
    assert "Line 4, zed, is the same player as Zed on line 1" in page
    assert "Remove one of the two lines." in page and "every line is still here" in page
    assert "New players?" not in page
    assert field_of(refused) == TYPED
    assert written() == before
    # One line taken out, the rest goes on as usual: the question, then the yes.
    fixed = "Zed\nBen\n\nYves"
    assert "New players?" in text(boss.post(url(cup, "entries/"), {"names": fixed}))
    done = boss.post(url(cup, "entries/"), {"names": fixed, "confirm": "yes"})
    assert done.status_code == 302
    assert sorted(e.name for e in cup.entries.all()) == ["Ben", "Yves", "Zed"]


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("Anna\nAnna", "Line 2 repeats line 1: Anna. Remove one of the two lines."),
        ("Tim\nTirn", "Line 2, Tirn, is the same player as Tim on line 1"),
        ("Ann\nCy\n  ann ", "Line 3, ann, is the same player as Ann on line 1"),
    ],
)
def test_every_kind_of_repeat_is_named(boss, cup, club, typed, message):
    before = written()
    refused = boss.post(url(cup, "entries/"), {"names": typed})
    assert refused.status_code == 422 and message in text(refused)
    assert field_of(refused) == typed
    assert written() == before


def test_the_yes_of_the_question_keeps_the_list_too(boss, cup, club):
    # What the "New players?" page's yes sent when the list had a repeat: it was refused
    # and the whole list was gone. Now the page comes back with it.
    before = written()
    refused = boss.post(url(cup, "entries/"), {"names": "Zed\nZed\nYves", "confirm": "yes"})
    assert refused.status_code == 422
    assert "Line 2 repeats line 1: Zed." in text(refused)
    assert field_of(refused) == "Zed\nZed\nYves"
    assert written() == before


def test_a_refusal_after_the_yes_names_the_line_and_keeps_the_list(boss, cup, club, organiser):
    from matches.services import registration

    registration.register_players(cup, organiser, [club["Ann"].pk])
    before = written()
    refused = boss.post(url(cup, "entries/"), {"names": "Zed\nann", "confirm": "yes"})
    assert refused.status_code == 422
    assert "Line 2: Ann is entered already." in text(refused)
    assert field_of(refused) == "Zed\nann"
    assert written() == before  # Zed is not added to the register either


def test_a_bad_line_keeps_the_list(boss, cup, club):
    refused = boss.post(url(cup, "entries/"), {"names": "Ann\nBe\u200bn"})
    assert refused.status_code == 422
    assert "Line 2: A name cannot contain the invisible or control character U+200B." in (
        text(refused)
    )
    assert field_of(refused) == "Ann\nBe\u200bn"


def test_a_typed_name_ticked_too_is_named(boss, cup, club):
    data = {"player": [club["Ann"].pk], "names": "Zed\nANN"}
    refused = boss.post(url(cup, "entries/"), data)
    assert refused.status_code == 422
    assert "Line 2: Ann is ticked in the register too. Remove the line or the tick." in (
        text(refused)
    )
    html = refused.content.decode()
    assert f'value="{club["Ann"].pk}" checked>' in html  # the tick is kept as well
    assert not cup.entries.exists()


def test_teams_repeat_a_player_within_a_line_and_across_lines(boss, organiser):
    cup = make_tournament(organiser, game="sieben", variant="partners", hands_per_round=1)
    typed = "Ann & Ben\nCy & Cy\nDora & ann"
    refused = boss.post(url(cup, "entries/"), {"names": typed})
    page = text(refused)
    assert refused.status_code == 422
    assert "Line 2 names Cy twice." in page
    assert "Line 3, ann, is the same player as Ann on line 1" in page
    assert field_of(refused) == typed
    assert not cup.entries.exists()


def test_htmx_gets_the_add_section_back(boss, cup, club):
    refused = boss.post(url(cup, "entries/"), {"names": "Zed\nzed"}, **HTMX)
    html = refused.content.decode()
    assert refused.status_code == 422 and "<html" not in html and 'id="add"' in html
    assert "Line 2, zed, is the same player as Zed on line 1" in text(refused)


def test_the_repeat_is_named_in_german(organiser, cup, club):
    german = Client(HTTP_ACCEPT_LANGUAGE="de")
    german.force_login(organiser)
    page = text(german.post(url(cup, "entries/"), {"names": "Zed\n\nZed\nTim\nTirn"}))
    assert "Zeile 3 wiederholt Zeile 1: Zed. Entfernen Sie eine der beiden Zeilen." in page
    assert "Zeile 5, Tirn, ist derselbe Spieler wie Tim in Zeile 4" in page
    assert "Es wurde nichts eingetragen: Alle Zeilen stehen noch hier." in page
    refused = text(german.post(url(cup, "entries/"), {"names": "Ann\nBe\u200bn"}))
    assert "Zeile 2: " in refused
