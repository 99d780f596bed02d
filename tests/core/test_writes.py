"""Statements built before the writers' queue and run under it (``services.base.Writes``):
the rows they write are the ones the ORM writes; a guarded first statement that finds no
row stops the rest."""

import pytest
from django.db.models import F

from matches.models import AuditEntry, Hand, Match
from matches.services.base import Writes
from tests.factories import sm_hand


def row(model, pk, *leave_out):
    values = model.objects.filter(pk=pk).values().get()
    for name in ("id", "created_at", "updated_at", "at", *leave_out):
        values.pop(name, None)
    return values


def test_an_insert_writes_the_row_the_orm_writes(owner, make_match):
    match = make_match()
    built = Hand(match=match, number=1, input={"tricks": [9, 4, 3]}, scores=[1, -1, 0])
    entry = AuditEntry(match=match, by=owner, by_name="ann", action="record", after={"a": None})
    writes = Writes()
    writes.insert(built)
    writes.insert(entry)

    assert writes.run()

    ours = Hand.objects.get(match=match, number=1)
    theirs = Hand.objects.create(
        match=match, number=2, input={"tricks": [9, 4, 3]}, scores=[1, -1, 0]
    )
    assert row(Hand, ours.pk, "number") == row(Hand, theirs.pk, "number")
    assert ours.created_at == built.created_at and ours.updated_at == built.updated_at
    assert ours.recorded_by is None and ours.version == 1
    audit = AuditEntry.objects.get(match=match, action="record")
    assert (audit.by, audit.before, audit.after, audit.reason) == (owner, None, {"a": None}, "")
    assert audit.at == entry.at


def test_a_first_statement_that_finds_no_row_stops_the_rest(make_match):
    match = make_match()
    writes = Writes()
    writes.update(Match.objects.filter(pk=match.pk, revision=match.revision + 5), revision=9)
    writes.insert(Hand(match=match, number=1, input={}, scores=[0, 0, 0]))
    done = []
    writes.then(lambda: done.append(True))

    assert not writes.run()

    assert not Hand.objects.filter(match=match).exists()
    assert done == []


def test_an_update_runs_what_the_queryset_would(make_match):
    match = make_match([sm_hand([9, 4, 3])])
    writes = Writes()
    writes.update(Match.objects.filter(pk=match.pk), revision=F("revision") + 10)

    assert writes.run()

    assert Match.objects.get(pk=match.pk).revision == match.revision + 10


def test_an_insert_takes_values_not_expressions(make_match):
    match = make_match()
    with pytest.raises(TypeError, match="expressions"):
        Writes().insert(Hand(match=match, number=F("number") + 1, input={}, scores=[]))
