"""A finished club night built through the services, for the printed sheets and series.

Sergeant Major 8-5-3 with sitters, three rounds of 3 hands each player (4 at a table of
four). Every hand each seat takes its target plus a gain that depends on the hand, so the
evening has winners, losers and ties, and a table of four has its sitter's 0 tricks.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db import transaction
from django.test import override_settings

from matches.models import Match, Round, Table, Tournament
from matches.services import closing, drafting, play, registration
from matches.services import tournaments as services

NAMES = [
    "Anna", "Bernd", "Carla", "Dieter", "Elke", "Frank", "Gisela", "Horst", "Ilse", "Jörg",
    "Karin",
]  # fmt: skip
TARGETS = (8, 5, 3)  # dealer, eldest, third
# Tricks over or under the target, by hand: dealer, eldest, third.
GAINS = [(2, -1, -1), (0, 0, 0), (-1, 1, 0), (1, 0, -1)]


# The evenings here are for sheets, series and standings, not for the seating's quality
# (tests/seating and tests/tournaments/test_round_figure.py hold that at the full effort):
# `mixed` searches a little, so that the module's evening is built in a second, not in 8.
EFFORT = 20_000


@override_settings(SEATING_EFFORT=EFFORT)
def night(by, names=NAMES, rounds=3, hands_per_round=3, public=False, played=None, **changes):
    """A tournament of ``names`` checked in; ``played`` rounds (all by default) drafted,
    played and closed; a round after those is left drafted when ``played`` < ``rounds``."""
    tournament = services.create_tournament(
        by,
        name=changes.pop("name", "Club night"),
        date=changes.pop("date", datetime.date(2026, 12, 1)),
        game="sergeant-major",
        variant="8-5-3",
        rounds=rounds,
        hands_per_round=hands_per_round,
        tie_breaks=changes.pop("tie_breaks", ["game_points"]),
        public=public,
        **changes,
    )
    for entry in registration.register_players(tournament, by, list(names)):
        registration.check_in(entry, by)
    played = rounds if played is None else played
    for number in range(1, played + 1):
        round_ = drafting.draft_round(
            tournament, by, method="draw" if number == 1 else "mixed", seed=number
        )
        drafting.start_round(round_, by)
        for table in Table.objects.filter(round=round_):
            play_table(table, by)
        closing.close_round(Round.objects.get(pk=round_.pk), by)
    if played < rounds:
        drafting.draft_round(tournament, by, method="mixed", seed=played + 1)
    tournament.refresh_from_db()
    return tournament


def play_table(table: Table, by) -> Match:
    match = Match.objects.get(pk=table.match_id)
    size = len(match.seat_list)
    for number in range(1, match.options["hands_limit"] + 1):
        dealer = (match.first_dealer + number - 1) % size
        tricks = [0] * size  # a sitter (the dealer's right) takes none
        for offset, target in enumerate(TARGETS):
            tricks[(dealer + offset) % size] = target + GAINS[(number - 1) % 4][offset]
        play.record_hand(match, number, {"tricks": tricks, "trump": "hearts"}, by=by)
    return Match.objects.get(pk=match.pk)


# A Sheepshead hand's picker side's card points, by hand: wins, losses, a schneider.
SHEEPSHEAD_POINTS = [61, 95, 45, 120, 20, 75, 88]


@override_settings(SEATING_EFFORT=EFFORT)
def sheepshead_night(by, names, rounds=2, hands_per_round=5, **changes):
    """A Sheepshead tournament of ``names`` (23 sit 5+6+6+6, the dealer out at a six),
    every round drafted, played through the services and closed."""
    tournament = services.create_tournament(
        by,
        name=changes.pop("name", "Schafkopf"),
        date=changes.pop("date", datetime.date(2026, 12, 1)),
        game="sheepshead",
        variant="standard",
        rounds=rounds,
        hands_per_round=hands_per_round,
        **changes,
    )
    for entry in registration.register_players(tournament, by, list(names)):
        registration.check_in(entry, by)
    for number in range(1, rounds + 1):
        round_ = drafting.draft_round(
            tournament, by, method="draw" if number == 1 else "mixed", seed=number
        )
        drafting.start_round(round_, by)
        for table in Table.objects.filter(round=round_):
            play_sheepshead_table(table, by)
        closing.close_round(Round.objects.get(pk=round_.pk), by)
    tournament.refresh_from_db()
    return tournament


def play_sheepshead_table(table: Table, by) -> Match:
    """Every hand of a Sheepshead table: the seat after the dealer picks, the next but
    one is the partner (the dealer sits out at a six), the points go round the list."""
    match = Match.objects.get(pk=table.match_id)
    size = len(match.seat_list)
    out = match.options.get("dealer_sits_out", False)
    for number in range(1, match.options["hands_limit"] + 1):
        dealer = (match.first_dealer + number - 1) % size
        active = [seat for seat in range(size) if not (out and seat == dealer)]
        start = active.index((dealer + 1) % size)
        picker, partner = active[start], active[(start + 2) % len(active)]
        points = SHEEPSHEAD_POINTS[(number - 1) % len(SHEEPSHEAD_POINTS)]
        hand = {"picker": picker, "partner": partner, "points": points, "all_tricks": points == 120}
        play.record_hand(match, number, hand, by=by)
    return Match.objects.get(pk=match.pk)


@contextmanager
def built_for_the_module(django_db_blocker, build: Callable) -> Iterator[tuple[int, Any]]:
    """For a module-scoped fixture: an organiser, and what ``build(organiser)`` makes and
    returns, made once (a club night takes seconds) inside a transaction rolled back after
    the module's last test; each test's own changes roll back to it. Yields the
    organiser's id and what ``build`` returned."""
    with django_db_blocker.unblock(), transaction.atomic():
        otto = get_user_model().objects.create_user("otto", password="pw-otto-12345", is_staff=True)
        yield otto.pk, build(otto)
        transaction.set_rollback(True)


def evening_fixtures(build: Callable):
    """A module's fixtures for one evening built once: ``built`` (the organiser's and
    ``build(organiser)``'s tournament's ids, ``built_for_the_module``), and ``organiser``
    and ``evening`` read afresh for each test. A module takes them as
    ``built, organiser, evening = evening_fixtures(night)``."""

    @pytest.fixture(scope="module")
    def built(django_db_setup, django_db_blocker):
        with built_for_the_module(django_db_blocker, lambda otto: build(otto).pk) as ids:
            yield ids

    @pytest.fixture
    def organiser(built, db):
        """The module's organiser, who ran its evening."""
        return get_user_model().objects.get(pk=built[0])

    @pytest.fixture
    def evening(built, db):
        """The module's evening."""
        return Tournament.objects.get(pk=built[1])

    return built, organiser, evening
