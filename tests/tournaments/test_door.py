"""The door (issue 19, item 6): players ticked from the register, typed names matched by the
register's key, and a question before a name the register does not know becomes a new
player. Organisers only, CSRF, the wrong method, bad input, htmx and plain."""

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
    from matches.services import tournaments as services

    services.register_players(cup, organiser, [club["Cy"].pk])
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
    # API.md: POST /api/tournaments/{id}/entries with names enters them; a new name is
    # added to the register (its callers send what they mean): no question there.
    from matches.services import tournaments as services

    services.register_players(cup, organiser, ["Zed"])
    assert Player.objects.get().name == "Zed"
