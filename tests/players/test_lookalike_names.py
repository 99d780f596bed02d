"""Names that show as nothing are refused, and names that look alike are one name: "Аnn"
with a Cyrillic А is the register's Ann, not a second player who looks the same
(``text.name_key``: the confusable skeleton of Unicode TS #39)."""

import importlib
import json

import pytest
from django.apps import apps
from django.db import connection

from matches.models import Player, PlayerAudit, Seat
from matches.rules import RuleError
from matches.services import players as register
from tests.api_support import assert_error, login, send, writes
from tests.factories import text

CYRILLIC_ANN = "\u0410nn"


def written():
    return (
        list(Player.objects.order_by("pk").values_list()),
        list(PlayerAudit.objects.order_by("pk").values_list("pk", "action", "player_id")),
    )


def test_the_register_refuses_a_second_ann_who_looks_like_the_first(organiser):
    register.create_player(name="Ann", by=organiser)
    before = written()

    with pytest.raises(RuleError) as excinfo:
        register.create_player(name=CYRILLIC_ANN, by=organiser)

    assert excinfo.value.field == "name"
    assert str(excinfo.value) == "There is already a player called Ann."
    assert written() == before


def test_the_api_refuses_it_too(organiser):
    register.create_player(name="Ann", by=organiser)
    before = written()

    response = send(login(organiser), "post", "/api/players", {"name": CYRILLIC_ANN})

    body = assert_error(response, 409, "conflict")
    assert body["fields"] == {"name": ["There is already a player called Ann."]}
    assert written() == before


def test_renaming_someone_into_a_look_alike_is_refused(organiser):
    register.create_player(name="Ann", by=organiser)
    ben = register.create_player(name="Ben", by=organiser)
    before = written()

    with pytest.raises(RuleError, match="There is already a player called Ann."):
        register.edit_player(ben, {"name": "\uff21nn"}, by=organiser)

    assert written() == before


def test_a_look_alike_at_a_new_match_is_the_registers_player(owner, make_match):
    first = make_match(players=("Ann", "Ben", "Cy"))
    second = make_match(players=(CYRILLIC_ANN, "Ben", "Cy"))

    ann = Seat.objects.get(match=first, number=0).player
    assert Seat.objects.get(match=second, number=0).player == ann
    assert Player.objects.filter(name_key=ann.name_key).count() == 1


def test_one_table_cannot_seat_ann_twice(owner):
    body = {
        "game": "sergeant-major",
        "variant": "8-5-3",
        "players": ["Ann", CYRILLIC_ANN, "Cy"],
        "first_dealer": 0,
    }
    before = writes()

    response = send(login(owner), "post", "/api/matches", body)

    assert_error(response, 422, "invalid")
    assert writes() == before


@pytest.mark.parametrize("name", ["\u3164", "Ann\u3164", "\u2800", "\u115f", "A\u034fnn", "\uffa0"])
def test_a_name_that_shows_as_nothing_is_refused_with_nothing_written(organiser, name):
    before = written()

    response = send(login(organiser), "post", "/api/players", raw=json.dumps({"name": name}))

    body = assert_error(response, 422, "invalid")
    message = body["fields"]["name"][0]
    assert message.startswith("A name cannot contain the invisible or control character U+")
    assert written() == before


def test_the_page_refuses_it_in_the_same_words(client_of, organiser):
    response = client_of(organiser).post("/players/new/", {"name": "Ann\u3164"})

    assert response.status_code == 422
    assert "A name cannot contain the invisible or control character U+3164." in text(response)
    assert not Player.objects.exists()


def test_the_register_search_finds_look_alikes(organiser):
    register.create_player(name="Tim", by=organiser)
    register.create_player(name="Ren\u00e9", by=organiser)
    assert [player.name for player in register.search("tim")] == ["Tim"]
    assert [player.name for player in register.search("ren\u00e9")] == ["Ren\u00e9"]
    assert [player.name for player in register.search(CYRILLIC_ANN)] == []


# -- the migration that computes the stored keys again ------------------------------------


def test_the_migration_rekeys_the_register_and_merges_nobody(organiser):
    migration = importlib.import_module("matches.migrations.0012_player_name_skeleton")
    old_keys = {
        CYRILLIC_ANN: "\u0430nn",  # older than the real Ann
        "Ann": "ann",
        "Tim": "tim",
        "Tirn": "tirn",
        "\uff22en": "\uff42en",  # a fullwidth B: no Ben yet, so it becomes "ben"
        "Zo\u00eb": "zo\u00eb",
    }
    players = {}
    for name, key in old_keys.items():
        player = Player.objects.create(name=name)
        Player.objects.filter(pk=player.pk).update(name_key=key)
        players[name] = player.pk

    class Editor:
        pass

    editor = Editor()
    editor.connection = connection
    migration.rekey_players(apps, editor)

    keys = dict(Player.objects.values_list("pk", "name_key"))
    assert keys[players["Ann"]] == "ann"
    assert keys[players[CYRILLIC_ANN]] == "\u0430nn"  # kept: the organiser merges them
    assert {keys[players["Tim"]], keys[players["Tirn"]]} == {"tim", "tirn"}
    assert keys[players["\uff22en"]] == "ben"
    assert keys[players["Zo\u00eb"]] == "zo\u00eb"
    assert Player.objects.count() == len(old_keys)
