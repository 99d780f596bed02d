"""Rounds: drafted, changed, started, played at the tables, closed; standings follow."""

import pytest

from matches.errors import NotNow
from matches.models import Bye, Match, Round, Table, TableSeat, Tournament
from matches.rules import RuleError
from matches.services import closing, drafting, play, registration, table_results
from matches.services import standings as reads
from matches.services import tournaments as services
from tests.factories import tournament as make_tournament
from tests.tournaments.evenings import NAMES, club, play_table, seated


def test_draw_seats_every_checked_in_entry_once(organiser):
    tournament = club(organiser)
    round_ = drafting.draft_round(tournament, organiser, method="draw", seed=7)
    tables = seated(round_)
    assert sorted(len(t) for t in tables.values()) == [3, 3, 3]
    everyone = sorted(e for t in tables.values() for e in t)
    assert everyone == sorted(tournament.entries.values_list("pk", flat=True))
    assert round_.status == Round.Status.DRAFT and round_.repeat_pairs == 0
    # The same seed gives the same seating.
    again = drafting.draft_round(tournament, organiser, method="draw", seed=7)
    assert seated(again) == tables


def test_a_remainder_gets_a_bye_without_sitters(organiser):
    tournament = club(organiser, names=[*NAMES, "Jo"], remainder="byes")
    round_ = drafting.draft_round(tournament, organiser, method="draw", seed=1)
    assert Bye.objects.filter(round=round_).count() == 1


def test_too_few_players_are_refused(organiser):
    tournament = club(organiser, names=["Ann", "Ben"])
    with pytest.raises(NotNow):
        drafting.draft_round(tournament, organiser, method="draw")
    assert not tournament.rounds.exists()


def test_unknown_method_is_refused(organiser):
    tournament = club(organiser)
    with pytest.raises(RuleError) as refused:
        drafting.draft_round(tournament, organiser, method="hat")
    assert refused.value.field == "method"


def test_swap_and_move_change_the_draft(organiser):
    tournament = club(organiser, names=[*NAMES, "Jo"], remainder="byes")
    round_ = drafting.draft_round(tournament, organiser, method="draw", seed=3)
    tables = seated(round_)
    first, second = tables[1][0], tables[2][0]
    entries = {entry.pk: entry for entry in tournament.entries.select_related("player")}
    drafting.swap(round_, organiser, entries[first], entries[second])
    after = seated(round_)
    assert first in after[2] and second in after[1]
    # Moving someone from a table of three leaves two: refused, nothing changes.
    with pytest.raises(RuleError):
        drafting.move(round_, organiser, entries[first], None)
    assert seated(round_) == after
    # The player on a bye swaps with a seated one, who takes the bye.
    (bye,) = round_.byes.values_list("entry_id", flat=True)
    drafting.swap(round_, organiser, entries[bye], entries[first])
    assert list(round_.byes.values_list("entry_id", flat=True)) == [first]


def test_a_round_played_through(organiser):
    tournament = club(organiser)
    round_ = drafting.draft_round(tournament, organiser, method="draw", seed=11)
    drafting.start_round(round_, organiser)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING
    tables = list(Table.objects.filter(round=round_).order_by("number"))
    for table in tables:
        match = Match.objects.get(pk=table.match_id)
        assert match.tournament_id == tournament.pk
        assert match.options["hands_limit"] == 3
        names = [seat.entry.player.name for seat in table.seats.order_by("number")]
        assert match.names == names
        assert match.first_dealer == table.first_dealer
    # No second round while this one plays; closing waits for every table.
    with pytest.raises(NotNow):
        drafting.draft_round(tournament, organiser, method="mixed")
    with pytest.raises(NotNow):
        closing.close_round(round_, organiser)
    revision = Tournament.objects.get(pk=tournament.pk).revision
    for table in tables:
        assert play_table(table, organiser).finished
    # Every hand at a table moved the tournament's revision on (the board follows).
    assert Tournament.objects.get(pk=tournament.pk).revision == revision + 9
    closing.close_round(round_, organiser)
    round_.refresh_from_db()
    assert round_.status == Round.Status.CLOSED
    assert all(t.confirmed_at for t in Table.objects.filter(round=round_))

    read = reads.tournament_standings(tournament)
    assert read.after_round == 1
    # Each seat dealt once, was eldest once and third once: +1 − 1 + 0 = 0 for all,
    # so every table is a three-way shared win, 1 match point each.
    assert {row.score for row in read.rows} == {1}
    assert all(row.rank == 1 and row.shared for row in read.rows)

    # Round 2, mixed: nobody meets anyone again (9 players at tables of 3).
    second = drafting.draft_round(tournament, organiser, method="mixed", seed=5)
    assert second.number == 2 and second.repeat_pairs == 0
    before = [set(t) for t in seated(round_).values()]
    for table in seated(second).values():
        assert all(len(set(table) & group) <= 1 for group in before)


def test_standings_follow_the_tables(organiser):
    tournament = club(organiser)
    round_ = drafting.draft_round(tournament, organiser, method="draw", seed=2)
    drafting.start_round(round_, organiser)
    totals = {}
    for table in Table.objects.filter(round=round_):
        match = play_table(table, organiser, gains=(2, -1, -1))
        for seat in match.seat_list:
            entry = TableSeat.objects.get(table=table, number=seat.number).entry_id
            totals[entry] = (seat.total, seat.won)
    closing.close_round(round_, organiser)
    read = reads.tournament_standings(tournament)
    assert len(read.rows) == 9
    for row in read.rows:
        total, won = totals[row.entry]
        assert row.game_points == total
        # Everyone gains 2 − 1 − 1 = 0 over the three hands: all share each table.
        assert row.score == (1 if won else 0)


def test_end_an_unfinished_table_with_a_reason(organiser):
    tournament = club(organiser)
    round_ = drafting.draft_round(tournament, organiser, method="draw", seed=4)
    drafting.start_round(round_, organiser)
    table = Table.objects.filter(round=round_).first()
    with pytest.raises(RuleError):
        table_results.end_table(table, organiser, reason="  ")
    table_results.end_table(table, organiser, reason="time is up")
    assert Match.objects.get(pk=table.match_id).finished
    with pytest.raises(NotNow):
        closing.close_round(round_, organiser)  # the two other tables still play
    closing.close_round(round_, organiser, end_unfinished=True, reason="last bus")
    assert Round.objects.get(pk=round_.pk).status == Round.Status.CLOSED
    assert tournament.audit.filter(action="close", reason="last bus").exists()


def test_starting_twice_starts_once(organiser):
    tournament = club(organiser)
    round_ = drafting.draft_round(tournament, organiser, method="draw", seed=4)
    drafting.start_round(round_, organiser)
    with pytest.raises(NotNow):
        drafting.start_round(round_, organiser)
    assert Match.objects.filter(tournament=tournament).count() == 3


def test_the_set_up_is_fixed_once_a_round_is_drafted(organiser):
    tournament = club(organiser)
    drafting.draft_round(tournament, organiser, method="draw", seed=4)
    with pytest.raises(NotNow):
        services.update_tournament(
            tournament,
            organiser,
            name="Other",
            date=tournament.date,
            game="sergeant-major",
            variant="8-5-3",
            rounds=3,
            hands_per_round=3,
        )


def test_adjustment_moves_game_points(organiser):
    tournament = club(organiser, score="game_points")
    round_ = drafting.draft_round(tournament, organiser, method="draw", seed=9)
    drafting.start_round(round_, organiser)
    for table in Table.objects.filter(round=round_):
        play_table(table, organiser)
    closing.close_round(round_, organiser)
    entry = tournament.entries.first()
    with pytest.raises(RuleError):
        table_results.adjust(entry, organiser, round=1, points=0, reason="nothing")
    table_results.adjust(entry, organiser, round=1, points=-2, reason="slow play")
    row = next(r for r in reads.tournament_standings(tournament).rows if r.entry == entry.pk)
    assert row.game_points == -2
    assert row.adjustments[0].reason == "slow play"


def test_four_seat_tables_with_a_sitter(organiser):
    # docs/tournaments.md §2: 10 → 3+3+4, 11 → 3+4+4; a table of four plays 9 × 4/3 = 12 hands.
    for names, sizes in ((NAMES + ["Jo"], [3, 3, 4]), (NAMES + ["Jo", "Kim"], [3, 4, 4])):
        tournament = club(organiser, names=names)
        tournament.hands_per_round = 9
        tournament.save()
        round_ = drafting.draft_round(tournament, organiser, method="draw", seed=1)
        assert sorted(len(t) for t in seated(round_).values()) == sizes
        assert not round_.byes.exists()
        drafting.start_round(round_, organiser)
        for table in Table.objects.filter(round=round_).select_related("match"):
            seats = table.seats.count()
            assert table.match.options["sitter"] is (seats == 4)
            assert table.match.options["hands_limit"] == (12 if seats == 4 else 9)


def test_sieben_partnerships(organiser):
    """Four teams of two: two tables of two teams, partners opposite each other; a team
    wins its table and the standings count each team once."""
    tournament = make_tournament(
        organiser, game="sieben", variant="partners", hands_per_round=1, rounds=2
    )
    teams = [["Ann", "Ben"], ["Cy", "Dan"], ["Eve", "Fay"], ["Gus", "Hal"]]
    with pytest.raises(RuleError):
        registration.register_players(tournament, organiser, ["Ann"])  # not a team
    entries = registration.register_players(tournament, organiser, teams)
    assert [entry.name for entry in entries] == ["Ann & Ben", "Cy & Dan", "Eve & Fay", "Gus & Hal"]
    with pytest.raises(RuleError):
        registration.register_players(tournament, organiser, [["Ben", "Zoe"]])  # Ben is entered
    for entry in entries:
        registration.check_in(entry, organiser)
    round_ = drafting.draft_round(tournament, organiser, method="draw", seed=3)
    drafting.start_round(round_, organiser)
    winners = set()
    for table in Table.objects.filter(round=round_).select_related("match"):
        first, second = [seat.entry for seat in table.seats.order_by("number")]
        match = table.match
        # Partners opposite: side 0 is seats 0 and 2.
        assert match.names == [
            first.player.name,
            second.player.name,
            first.partner.name,
            second.partner.name,
        ]
        assert match.options["hands_limit"] is None  # a game to 12 points
        # Side 0 takes every counter without giving a trick, four times: 3 points each.
        for number in range(1, 5):
            play.record_hand(match, number, {"counters": [90, 0], "no_trick": True}, by=organiser)
        assert Match.objects.get(pk=match.pk).finished
        winners.add(first.pk)
    closing.close_round(round_, organiser)
    rows = reads.tournament_standings(tournament).rows
    assert len(rows) == 4
    assert {row.entry for row in rows if row.score == 2} == winners


def test_the_seating_effort_setting_reaches_the_plan(organiser, monkeypatch, settings):
    # SEATING_EFFORT (docs/settings.md) bounds how hard `mixed` searches; unset, the
    # planner's own budget.
    from matches import seating
    from matches.seating import planner

    budgets = []
    real = seating.seat

    def seat(*args, **kwargs):
        budgets.append(kwargs["budget"])
        return real(*args, **kwargs)

    monkeypatch.setattr(seating, "seat", seat)
    tournament = club(organiser)
    drafting.draft_round(tournament, organiser, method="draw", seed=1)
    settings.SEATING_EFFORT = 5_000
    drafting.draft_round(tournament, organiser, method="mixed", seed=1)
    assert budgets == [planner.BUDGET, 5_000]
