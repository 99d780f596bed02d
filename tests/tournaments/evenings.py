"""Small club nights the tournament tests share: nine players checked in, a table played
through the services, a table handed in and confirmed. Helpers, not tests: test modules
import these, never one another."""

from matches.models import Match, Round, Table
from matches.services import closing, drafting, play, registration, table_results
from tests.factories import tournament as make_tournament

# A tournament's set-up as the API takes it (POST /api/tournaments): Sergeant Major,
# two rounds of three hands.
CREATE = {
    "name": "Club night",
    "date": "2026-12-01",
    "game": "sergeant-major",
    "variant": "8-5-3",
    "rounds": 2,
    "hands_per_round": 3,
}

NAMES = ["Ann", "Ben", "Cy", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy"]
# Three hands at a table of three (hands_per_round=3); nobody reaches 12 tricks. By
# offset from the dealer: 8, 5, 3 are the targets.
ON_TARGET = {0: 8, 1: 5, 2: 3}


def club(organiser, names=NAMES, **changes):
    tournament = make_tournament(organiser, hands_per_round=3, **changes)
    for entry in registration.register_players(tournament, organiser, list(names)):
        registration.check_in(entry, organiser)
    return tournament


def seated(round_):
    return {
        table.number: list(table.seats.values_list("entry_id", flat=True))
        for table in round_.tables.all()
    }


def play_table(table: Table, by, gains=(1, -1, 0)):
    """Three hands: each hand the dealer's seat gains ``gains[0]``, eldest ``gains[1]``,
    the third ``gains[2]`` (tricks over or under the target)."""
    match = Match.objects.get(pk=table.match_id)
    for number in range(1, 4):
        dealer = (match.first_dealer + number - 1) % 3
        tricks = [0, 0, 0]
        for offset, target in ON_TARGET.items():
            tricks[(dealer + offset) % 3] = target + gains[offset]
        play.record_hand(match, number, {"tricks": tricks, "trump": "hearts"}, by=by)
    return Match.objects.get(pk=match.pk)


def started(organiser, **changes) -> Table:
    """Table 1 of a started first round of ``club``."""
    tournament = club(organiser, **changes)
    round_ = drafting.draft_round(tournament, organiser, method="draw", seed=3)
    drafting.start_round(round_, organiser)
    return Table.objects.select_related("match", "round").get(round=round_, number=1)


def handed_in(organiser, **changes) -> Table:
    """``started``'s table played to its end and handed in by its first player."""
    table = started(organiser, **changes)
    play_table(table, organiser)
    first = table.seats.order_by("number").first().entry
    table_results.submit_result(Table.objects.get(pk=table.pk), first.pk)
    return Table.objects.select_related("match", "round").get(pk=table.pk)


def confirm(table: Table) -> None:
    """The table's second player confirms what the first handed in."""
    second = table.seats.order_by("number")[1].entry
    table_results.confirm_result(Table.objects.get(pk=table.pk), second.pk)


def close(table: Table, organiser) -> None:
    round_ = Round.objects.get(pk=table.round_id)
    closing.close_round(round_, organiser, end_unfinished=True, reason="late")
