"""The match's state on its row (migrations 0013 and 0014) and ``manage.py
rebuild_match_states``: a database of the release before them, with matches of every
game as that release stored them, migrates to states that equal a replay; the command
finds no difference there, and names and mends one made behind the app's back."""

import pytest
from django.core.management import CommandError, call_command

from matches import rules
from matches.services.selectors import seat_results
from tests.migrations_support import latest, migrate, migrated_to

BEFORE = [("matches", "0012_player_name_skeleton")]

# A match of every game as a table plays it: (game, variant, players, first dealer, setup,
# hands); the last is stopped by the table.
MATCHES = [
    ("sergeant-major", "8-5-3", 3, 0, {}, [{"tricks": [9, 4, 3], "trump": "hearts"}] * 3),
    (
        "sergeant-major",
        "four-player",
        4,
        0,
        {},
        [
            {"tricks": [3, 3, 4, 3], "trump": "clubs"},
            {
                "tricks": [4, 4, 3, 2],
                "trump": "hearts",
                "exchanges": [{"from": 2, "to": 0, "cards": 2}, {"from": 3, "to": 1, "cards": 1}],
            },
        ],
    ),
    ("sergeant-major", "woburn", 3, 2, {"bid": 10}, [{"tricks": [10, 3, 3], "trump": "spades"}]),
    ("sergeant-major", "alternate", 3, 0, {}, [{"tricks": [8, 5, 3], "call": "miz"}]),
    (
        "sheepshead",
        "standard",
        5,
        0,
        {},
        [{"picker": 0, "partner": 2, "points": 70}, {"picker": None}, {"picker": 1, "points": 40}],
    ),
    ("sieben", "two-player", 2, 0, {}, [{"counters": [60, 30]}, {"counters": [20, 70]}]),
    ("sieben", "partners", 4, 3, {}, [{"counters": [90, 0], "no_trick": True}] * 2),
    (
        "skat",
        "isko-four",
        4,
        0,
        {},
        [
            {"declarer": 2, "game": "hearts", "matadors": {"with": True, "n": 2}, "won": False},
            {"passed": True},
        ],
    ),
    ("sieben", "three-player", 3, 1, {}, [{"counters": [30, 30, 30]}]),
]
NAMES = ("Ann", "Ben", "Cy", "Dee", "Eve")


@pytest.fixture
def before(transactional_db):
    with migrated_to(BEFORE) as apps:
        yield apps


def old_match(apps, owner, game, variant, seats, first_dealer, setup, hands, stopped=False):
    """A match stored as the release before 0013 stored it: the hands with their scores,
    the seats with their results, ``finished``."""
    ruleset = rules.get_ruleset(game, variant)
    names = NAMES[:seats]
    state = rules.replay(ruleset, names, hands, first_dealer, setup, stopped=stopped)
    Match = apps.get_model("matches", "Match")
    match = Match.objects.create(
        owner_id=owner.pk,
        game=game,
        variant=variant,
        options=ruleset.options,
        first_dealer=first_dealer,
        setup=setup,
        stopped=stopped,
        finished=state.finished,
        revision=len(hands) + 1,
    )
    Player = apps.get_model("matches", "Player")
    results = seat_results(state, ruleset.outright(state))
    for number, (name, result) in enumerate(zip(names, results, strict=True)):
        player, _ = Player.objects.get_or_create(name_key=name.lower(), defaults={"name": name})
        apps.get_model("matches", "Seat").objects.create(
            match=match,
            number=number,
            player=player,
            name=name,
            total=result.total,
            place=result.place,
            won=result.won,
            outright=result.outright,
        )
    for hand in state.hands:
        apps.get_model("matches", "Hand").objects.create(
            match=match, number=hand.number, input=dict(hand.input), scores=list(hand.scores)
        )
    return match


def run(*args):
    from io import StringIO

    out = StringIO()
    call_command("rebuild_match_states", *args, stdout=out)
    return out.getvalue()


def test_matches_of_every_game_migrate_to_states_that_equal_a_replay(before):
    owner = before.get_model("auth", "User").objects.create(username="ann")
    made = [old_match(before, owner, *match) for match in MATCHES]
    made.append(old_match(before, owner, *MATCHES[4], stopped=True))

    migrate(latest())

    assert run("--check") == f"{len(made)} matches checked, 0 differ.\n"
    from matches.models import Match

    assert all(match.state["format"] for match in Match.objects.all())
    assert {match.game for match in Match.objects.all()} == set(rules.GAMES)


@pytest.mark.django_db
def test_a_difference_is_named_by_check_and_mended_without_it(owner, make_match):
    from matches.models import Hand, Match, Seat
    from tests.factories import sm_hand

    match = make_match([sm_hand([9, 4, 3]), sm_hand([3, 9, 4])])
    Match.objects.filter(pk=match.pk).update(state={**match.state, "totals": [5, 5, 5]})
    Hand.objects.filter(match=match, number=2).update(scores=[0, 0, 0], dealer=2)
    Seat.objects.filter(match=match, number=1).update(total=7)
    revision = Match.objects.get(pk=match.pk).revision

    with pytest.raises(CommandError, match="1 matches checked, 1 differ"):
        run("--check")
    assert Match.objects.get(pk=match.pk).revision == revision  # --check writes nothing

    said = run()
    assert f"match {match.pk}: state; hand 2: dealer, scores; seat 1: total\n" in said
    assert said.endswith("1 matches checked, 1 differed and were rebuilt.\n")
    assert Match.objects.get(pk=match.pk).revision == revision + 1  # retires cached views
    assert run("--check") == "1 matches checked, 0 differ.\n"
