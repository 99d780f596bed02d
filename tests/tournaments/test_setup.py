"""Setting a tournament up: its settings checked, players entered and checked in,
withdrawals — each refusal writes nothing."""

import datetime

import pytest

from matches.errors import NotNow
from matches.models import Entry, Player, Tournament, TournamentAudit
from matches.rules import RuleError
from matches.services import registration
from matches.services import tournaments as services
from tests.factories import tournament as make_tournament

DAY = datetime.date(2026, 12, 1)


def settings(**changes):
    return {
        "name": "Club night",
        "date": DAY,
        "game": "sergeant-major",
        "variant": "8-5-3",
        "rounds": 3,
        "hands_per_round": 9,
        **changes,
    }


def test_create_fills_the_game_defaults(organiser):
    tournament = services.create_tournament(organiser, **settings())
    assert (tournament.score, tournament.tie_breaks, tournament.table_size) == (
        "match_points",
        ["game_points", "best_round", "head_to_head"],  # docs/tournaments.md §5
        3,
    )
    assert tournament.status == Tournament.Status.REGISTRATION
    assert tournament.options["win_tricks"] == 12
    assert TournamentAudit.objects.get(tournament=tournament).action == "create"


def test_sheepshead_scores_game_points_by_default(organiser):
    tournament = services.create_tournament(
        organiser, **settings(game="sheepshead", variant="standard", hands_per_round=20)
    )
    assert (tournament.score, tournament.table_size) == ("game_points", 5)
    assert tournament.tie_breaks == ["table_wins", "best_round", "head_to_head"]


def test_the_default_chain_follows_the_score_chosen(organiser):
    tournament = services.create_tournament(organiser, **settings(score="game_points"))
    assert tournament.tie_breaks == ["table_wins", "best_round", "head_to_head"]


def test_an_empty_chain_chosen_is_kept(organiser):
    tournament = services.create_tournament(organiser, **settings(tie_breaks=[]))
    assert tournament.tie_breaks == []


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"name": "  "}, "name"),
        ({"name": "Night\x00"}, "name"),
        ({"game": "bridge"}, "game"),
        ({"variant": "7-7-2"}, "variant"),
        ({"rounds": 0}, "rounds"),
        ({"rounds": True}, "rounds"),
        ({"hands_per_round": 10}, "hands_per_round"),  # not a multiple of 3
        ({"tie_breaks": ["game_points", "game_points"]}, "tie_breaks"),
        ({"tie_breaks": ["luck"]}, "tie_breaks"),
        ({"tie_breaks": ["match_points"]}, "tie_breaks"),  # the score itself
        ({"score": "goals"}, "score"),
        ({"table_size": 5}, "table_size"),  # Sergeant Major seats three
        ({"remainder": "coin"}, "remainder"),
        ({"date": "2026-12-01"}, "date"),
    ],
)
def test_bad_settings_are_refused_and_nothing_is_written(organiser, changes, field):
    with pytest.raises(RuleError) as refused:
        services.create_tournament(organiser, **settings(**changes))
    assert refused.value.field == field
    assert not Tournament.objects.exists()


def test_players_by_id_and_by_name(organiser):
    tournament = make_tournament(organiser)
    ann = Player.objects.create(name="Ann")
    entries = registration.register_players(tournament, organiser, [ann.pk, "ben", "Cy"])
    assert [entry.name for entry in entries] == ["Ann", "ben", "Cy"]
    # "BEN" is the player "ben" made a moment ago: already entered.
    with pytest.raises(RuleError) as refused:
        registration.register_players(tournament, organiser, ["Dan", "BEN"])
    assert refused.value.field == "players.1"
    assert tournament.entries.count() == 3
    assert not Player.objects.filter(name="Dan").exists()


@pytest.mark.parametrize(
    "players", [[], ["Ann", "ann"], [999999], ["Ann", True], ["\ud800"], "Ann"]
)
def test_bad_players_are_refused(organiser, players):
    tournament = make_tournament(organiser)
    with pytest.raises(RuleError):
        registration.register_players(tournament, organiser, players)
    assert not tournament.entries.exists()


def test_check_in_and_back(organiser):
    tournament = make_tournament(organiser)
    (entry,) = registration.register_players(tournament, organiser, ["Ann"])
    assert registration.check_in(entry, organiser).checked_in
    assert not registration.check_in(entry, organiser, checked_in=False).checked_in
    actions = list(tournament.audit.values_list("action", flat=True))
    assert actions == ["create", "register", "check-in", "check-out"]


def test_withdraw_refuses_a_round_under_way(organiser):
    tournament = make_tournament(organiser)
    (entry,) = registration.register_players(tournament, organiser, ["Ann"])
    with pytest.raises(RuleError):
        registration.withdraw(entry, organiser, from_round=0)
    entry = registration.withdraw(entry, organiser, from_round=2, reason="train home")
    assert Entry.objects.get(pk=entry.pk).withdrawn_from == 2
    assert tournament.audit.last().reason == "train home"


def test_edit_until_the_first_round(organiser):
    tournament = make_tournament(organiser)
    services.update_tournament(tournament, organiser, **settings(name="Winter night", rounds=4))
    tournament.refresh_from_db()
    assert (tournament.name, tournament.rounds_planned) == ("Winter night", 4)


def test_a_finished_tournament_takes_no_entries(organiser):
    tournament = make_tournament(organiser)
    Tournament.objects.filter(pk=tournament.pk).update(status="finished")
    with pytest.raises(NotNow):
        registration.register_players(tournament, organiser, ["Ann"])


def test_a_merge_moves_entries_and_the_players_page_lists_tournaments(organiser, client):
    from matches.services import players

    tournament = make_tournament(organiser, name="Winter cup")
    (entry,) = registration.register_players(tournament, organiser, ["Annie"])
    ann = Player.objects.create(name="Ann")
    players.merge_players(entry.player, ann, by=organiser)
    assert Entry.objects.get(pk=entry.pk).player == ann
    client.force_login(organiser)
    assert "Winter cup" in client.get(f"/players/{ann.pk}/").content.decode()
    # Both entered one tournament: the merge is refused, nothing moves.
    (ben,) = registration.register_players(tournament, organiser, ["Ben"])
    with pytest.raises(RuleError) as refused:
        players.merge_players(ben.player, ann, by=organiser)
    assert "Winter cup" in str(refused.value)
    assert Entry.objects.get(pk=ben.pk).player.name == "Ben"
