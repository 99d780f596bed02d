"""Two phones at one table never record a hand twice (docs/development.md, Reliability).

Several threads, each with its own database connection, send the same hand at the same
moment. Exactly one gets through; the others are told it is already recorded. Runs on
SQLite (IMMEDIATE transactions, a file database) and on PostgreSQL (row lock on the
match, DATABASE_URL=postgres://...).
"""

import gc

import pytest
from django.db import connection
from django.test import Client

from matches.errors import Conflict
from matches.models import AuditEntry, Hand, Match
from matches.services import play as services
from matches.services import selectors
from matches.services.base import LONG_WORK, long_work, writing
from tests.api_support import bearer, key_for, send
from tests.factories import sm_hand
from tests.races import THREADS, at_once


@pytest.mark.django_db(transaction=True)
def test_it_records_a_hand_once_when_services_race(owner, make_match):
    match = make_match()
    hands = [sm_hand([9, 4, 3]), sm_hand([8, 5, 3]), sm_hand([10, 3, 3]), sm_hand([7, 6, 3])]

    def record(index):
        return services.record_hand(Match.objects.get(pk=match.pk), 1, hands[index], by=owner)

    results = at_once(record)

    recorded = [r for r in results if isinstance(r, selectors.Snapshot)]
    refused = [r for r in results if isinstance(r, Conflict)]
    assert (len(recorded), len(refused)) == (1, THREADS - 1), results
    hand = Hand.objects.get(match=match)
    assert hand.number == 1
    assert hand.input == dict(recorded[0].state.hands[0].input)
    for conflict in refused:
        assert conflict.message == "Hand 1 was just recorded by someone else."
        assert [h.input for h in conflict.snapshot.state.hands] == [hand.input]
    assert AuditEntry.objects.filter(match=match, action="record").count() == 1
    match.refresh_from_db()
    assert match.totals == hand.scores


@pytest.mark.django_db(transaction=True)
def test_it_answers_409_to_every_phone_but_the_first(owner, make_match):
    match = make_match()
    key = key_for(owner)
    tricks = [[9, 4, 3], [8, 5, 3], [10, 3, 3], [7, 6, 3]]

    def post(index):
        response = send(
            Client(),
            "post",
            f"/api/matches/{match.pk}/hands",
            {"number": 1, **sm_hand(tricks[index])},
            headers=bearer(key),
        )
        return response.status_code, response.json()

    results = at_once(post)

    statuses = sorted(status for status, _body in results)
    assert statuses == [201] + [409] * (THREADS - 1), results
    winner = next(body for status, body in results if status == 201)
    stored = Hand.objects.get(match=match)
    assert winner["hands"][0]["input"] == stored.input
    for status, body in results:
        if status == 409:
            assert body["error"] == "conflict"
            assert body["state"]["hands"] == winner["hands"]
            assert body["state"]["next_hand"]["number"] == 2
    assert AuditEntry.objects.filter(match=match, action="record").count() == 1


@pytest.mark.django_db(transaction=True)
def test_it_takes_one_of_two_simultaneous_corrections(owner, make_match):
    match = make_match([sm_hand([9, 4, 3])])
    key = key_for(owner)
    tricks = [[8, 5, 3], [10, 3, 3], [7, 6, 3], [6, 6, 4]]

    def put(index):
        response = send(
            Client(),
            "put",
            f"/api/matches/{match.pk}/hands/1",
            {"version": 1, **sm_hand(tricks[index])},
            headers=bearer(key),
        )
        return response.status_code, response.json()

    results = at_once(put)

    statuses = sorted(status for status, _body in results)
    assert statuses == [200] + [409] * (THREADS - 1), results
    winner = next(body for status, body in results if status == 200)
    stored = Hand.objects.get(match=match)
    assert stored.version == 2
    assert stored.input == winner["hands"][0]["input"]
    assert AuditEntry.objects.filter(match=match, action="correct").count() == 1


@pytest.mark.django_db(transaction=True)
def test_it_records_hands_of_different_matches_side_by_side(owner, make_match):
    matches = [make_match() for _index in range(THREADS)]
    key = key_for(owner)

    def post(index):
        return send(
            Client(),
            "post",
            f"/api/matches/{matches[index].pk}/hands",
            {"number": 1, **sm_hand([9, 4, 3])},
            headers=bearer(key),
        ).status_code

    assert at_once(post) == [201] * THREADS
    assert Hand.objects.count() == THREADS


@pytest.mark.django_db(transaction=True)
def test_no_garbage_collection_while_a_writer_holds_the_queue(owner, make_match):
    """On SQLite every writer of the machine waits while one holds the queue: the holder's
    process collects no garbage in there, and does again after, a refused write too.
    PostgreSQL has no queue and leaves the collector alone."""
    match = make_match()
    seen = []
    real = services._tournament_first  # the first thing a record does in its transaction

    def first(*args, **kwargs):
        seen.append(gc.isenabled())
        return real(*args, **kwargs)

    services._tournament_first = first
    try:
        services.record_hand(match, 1, sm_hand([9, 4, 3]), by=owner)
        with pytest.raises(Exception, match="recorded"):
            services.record_hand(Match.objects.get(pk=match.pk), 1, sm_hand([9, 4, 3]), by=owner)
    finally:
        services._tournament_first = real
    assert seen == [connection.vendor != "sqlite"] * 2
    assert gc.isenabled()


@pytest.mark.django_db(transaction=True)
def test_a_write_that_works_for_long_lets_the_collector_run_again():
    """The collector waits for the short statements only (issue 33): a write that works
    through more than ``LONG_WORK`` things (a rating's replay of many matches, a member
    list) turns it on again for the rest of its hold."""
    seen = []
    with writing():
        seen.append(gc.isenabled())
        long_work(LONG_WORK)
        seen.append(gc.isenabled())
        with writing():  # a savepoint of the same hold
            long_work(LONG_WORK + 1)
            seen.append(gc.isenabled())
    short = connection.vendor != "sqlite"
    assert seen == [short, short, True]
    assert gc.isenabled()


@pytest.mark.django_db(transaction=True)
def test_a_collector_stopped_before_the_write_stays_stopped(owner, make_match):
    match = make_match()
    gc.disable()
    try:
        services.record_hand(match, 1, sm_hand([9, 4, 3]), by=owner)
        assert not gc.isenabled()
        with writing():
            long_work(LONG_WORK + 1)
            assert not gc.isenabled()
        assert not gc.isenabled()
    finally:
        gc.enable()
