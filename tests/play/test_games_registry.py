"""One plugin per game: the registry, its templates, and the figures the browser reads
from the page rather than knowing them itself."""

import pytest
from django.template.loader import get_template

from matches import rules
from matches.forms.play import HandForm
from matches.games import registry as games
from matches.games.sergeant_major.rules import SergeantMajorNext
from matches.games.sheepshead.rules import CARD_POINTS
from matches.games.sieben.rules import COUNTERS
from matches.services import play as services


def test_every_ruleset_has_exactly_one_plugin():
    assert set(games.GAMES) == set(rules.GAMES)
    for slug, game in games.GAMES.items():
        assert game.slug == slug
        assert game.ruleset_class is rules.GAMES[slug]


@pytest.mark.parametrize("slug", list(games.GAMES))
def test_each_plugin_fills_the_three_skeletons(slug):
    game = games.get(slug)
    for name, skeleton in (
        (game.table_template, "partials/table.html"),
        (game.hand_template, "partials/hand_form.html"),
        (game.history_template, "partials/history.html"),
    ):
        source = get_template(name).template.source
        assert source.startswith(f'{{% extends "{skeleton}" %}}')


def test_no_game_reads_a_hand_in_its_form(mini):
    """One hand reader per game: its rules' ``hand_from_fields``, which the phone uses,
    and which every hand form calls through ``HandForm.hand``; a form defines none."""
    assert "mini-tricks" in games.GAMES
    for slug, game in games.GAMES.items():
        assert "hand" not in vars(game.hand_form), slug
        assert game.form_class(correction=True).hand is HandForm.hand, slug
        assert game.ruleset_class.hand_from_fields is not rules.Ruleset.hand_from_fields, slug


def test_it_finds_the_game_of_a_match_or_a_ruleset():
    ruleset = rules.get_ruleset("sieben", "partners")
    assert games.of(ruleset) is games.get("sieben")
    with pytest.raises(KeyError):
        games.get("bridge")


def test_the_sergeant_major_alternate_json_keeps_its_calls_left():
    ruleset = rules.get_ruleset("sergeant-major", "alternate")
    state = rules.replay(ruleset, ["Ann", "Ben", "Cy"], [{"tricks": [8, 5, 3], "call": "miz"}])
    assert isinstance(state.next_hand.detail, SergeantMajorNext)
    left = ruleset.hand_json(state.next_hand)["calls_left"]
    assert left[0] == ("clubs", "spades", "hearts", "diamonds", "no-trumps")
    assert "active" not in ruleset.hand_json(state.hands[0])


def page(client, owner, game, variant, players):
    match = services.create_match(
        owner, game=game, variant=variant, players=list(players), first_dealer=0
    ).match
    client.force_login(owner)
    return client.get(match.get_absolute_url()).content.decode()


@pytest.mark.django_db
def test_the_page_tells_the_browser_the_tricks_in_a_hand(client, owner):
    body = page(client, owner, "sergeant-major", "9-5-3", ("Ann", "Ben", "Cy"))
    assert 'data-tricks="17"' in body
    assert rules.get_ruleset("sergeant-major", "9-5-3").tricks == 17


@pytest.mark.django_db
def test_the_page_tells_the_browser_the_counters_in_a_round(client, owner):
    body = page(client, owner, "sieben", "two-player", ("Ann", "Ben"))
    assert f'data-counters="{COUNTERS}"' in body
    assert f'max="{COUNTERS}"' in body


@pytest.mark.django_db
def test_the_quick_points_follow_the_multiplier_boundaries(client, owner):
    body = page(client, owner, "sheepshead", "standard", ("Ann", "Ben", "Cy", "Dan", "Eve"))
    for points in (30, 31, 60, 61, 90, 91, CARD_POINTS):
        assert f'data-points="{points}"' in body
    assert f'max="{CARD_POINTS}"' in body


@pytest.mark.django_db
def test_the_new_match_page_asks_for_a_plugins_set_up(client, owner):
    client.force_login(owner)
    woburn = client.get("/matches/new/?preset=sergeant-major/woburn").content.decode()
    plain = client.get("/matches/new/?preset=sergeant-major/8-5-3").content.decode()
    assert "<legend>First dealer (the highest bidder)</legend>" in woburn
    assert 'name="bid"' in woburn and "No bidding: a normal first deal" in woburn
    assert "<legend>First dealer</legend>" in plain
    assert 'name="bid"' not in plain
