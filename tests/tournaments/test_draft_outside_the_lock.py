"""A seating draft plans outside the write's transaction (issue 33, item 4): while a
``mixed`` plan runs, a hand recorded on another match is written at once, not after the
plan (a 27-player Sheepshead draft once held every writer for 0.9 s). The draft is stored
under the revision it planned on; a check-in that lands meanwhile makes it plan again.

Real threads, each with its own connection, on SQLite and PostgreSQL. The plan is held on
an event rather than timed: the record must finish while the plan is still held.
"""

import threading

import pytest
from django.db import connection
from django.test import Client

from matches import seating
from matches.models import Entry, Hand, Round, TableSeat
from matches.services import drafting, play, registration
from tests.api_support import bearer, key_for, send
from tests.factories import game_match, sm_hand
from tests.tournaments.evenings import NAMES, club

WAIT = 20  # seconds: a bound for a thread that never ends, not a figure under test


def in_thread(job):
    """Run ``job`` in a thread with its own database connection; its outcome (or error)."""
    outcome = {}

    def run():
        try:
            outcome["value"] = job()
        except Exception as error:  # noqa: BLE001 - handed to the test
            outcome["error"] = error
        finally:
            connection.close()

    thread = threading.Thread(target=run)
    thread.start()
    return thread, outcome


@pytest.fixture
def held_plan(monkeypatch):
    """``seating.seat`` that waits, the first time, until the test lets it go on."""
    planning, release = threading.Event(), threading.Event()
    real = seating.seat
    calls = []

    def seat(*args, **kwargs):
        calls.append(args)
        if len(calls) == 1:
            planning.set()
            assert release.wait(WAIT), "the test never let the plan go on"
        return real(*args, **kwargs)

    monkeypatch.setattr(seating, "seat", seat)
    return planning, release, calls


@pytest.mark.django_db(transaction=True)
def test_a_hand_is_recorded_while_a_draft_plans(organiser, owner, held_plan):
    planning, release, _calls = held_plan
    tournament = club(organiser)
    match = game_match(owner, "sergeant-major", "8-5-3", ("Ann", "Ben", "Cy"))
    planner, drafted = in_thread(
        lambda: drafting.draft_round(tournament, organiser, method="mixed", seed=1)
    )
    assert planning.wait(WAIT)
    recording, recorded = in_thread(
        lambda: play.record_hand(match, 1, sm_hand([8, 5, 3]), by=owner)
    )
    recording.join(WAIT)
    finished_while_held = not recording.is_alive() and not release.is_set()
    release.set()
    planner.join(WAIT)
    recording.join(WAIT)
    assert finished_while_held, recorded
    assert "error" not in recorded and Hand.objects.filter(match=match).count() == 1
    assert "error" not in drafted and Round.objects.get().status == Round.Status.DRAFT


@pytest.mark.django_db(transaction=True)
def test_a_hand_sent_to_the_api_is_answered_while_a_draft_plans(organiser, owner, held_plan):
    """The whole request, the API key's and the match's reads included: answered 201
    while the plan is still held, so however long a draft plans (issue 33 asks for an
    answer within 0.5 s), a record does not wait for it."""
    planning, release, _calls = held_plan
    tournament = club(organiser)
    match = game_match(owner, "sergeant-major", "8-5-3", ("Ann", "Ben", "Cy"))
    headers = bearer(key_for(owner))
    draft, drafted = in_thread(
        lambda: drafting.draft_round(tournament, organiser, method="mixed", seed=1)
    )
    assert planning.wait(WAIT)
    hand = {"number": 1, **sm_hand([8, 5, 3])}
    url = f"/api/matches/{match.pk}/hands"
    recording, recorded = in_thread(
        lambda: send(Client(), "post", url, hand, headers=headers).status_code
    )
    recording.join(WAIT)
    answered_while_held = not recording.is_alive() and not release.is_set()
    release.set()
    draft.join(WAIT)
    recording.join(WAIT)
    assert answered_while_held, recorded
    assert recorded == {"value": 201} and Hand.objects.filter(match=match).count() == 1
    assert "error" not in drafted


@pytest.mark.django_db(transaction=True)
def test_a_check_in_while_it_plans_is_in_the_draft(organiser, held_plan):
    planning, release, calls = held_plan
    tournament = club(organiser, names=NAMES[:8])  # 8: two tables of four with a sitter
    late = registration.register_players(tournament, organiser, ["Ivy"])[0]
    planner, drafted = in_thread(
        lambda: drafting.draft_round(tournament, organiser, method="draw", seed=1)
    )
    assert planning.wait(WAIT)
    registration.check_in(Entry.objects.get(pk=late.pk), organiser)  # lands during the plan
    release.set()
    planner.join(WAIT)
    assert "error" not in drafted, drafted
    seated = {seat.entry_id for seat in TableSeat.objects.filter(round=Round.objects.get())}
    assert late.pk in seated  # planned again on the nine
    assert len(calls) == 2 and Round.objects.count() == 1
