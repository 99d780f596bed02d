"""The statements a record runs on a cursor (``matches.models.statements``) write the rows
that ``save()`` and ``update()`` write, on SQLite and on PostgreSQL, and name every
column of their model."""

from datetime import timedelta

import pytest
from django.db import connection
from django.db.models import Value
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from matches.models import AuditEntry, Hand, Match
from matches.models.statements import Insert, Update, _insert_sql, _returns
from tests.factories import sm_hand

pytestmark = pytest.mark.django_db

# Differ between any two rows, however they were written.
OWN = {"id", "number", "created_at", "updated_at", "at"}


def _row(model, pk):
    return {
        key: value
        for key, value in model.objects.filter(pk=pk).values().get().items()
        if key not in OWN
    }


def _hand(match, number, user):
    return Hand(
        match=match,
        number=number,
        input={"tricks": [9, 4, 3], "trump": "hearts", "note": "Café ö ✓"},
        recorded_by=user,
        dealer=2,
        targets=[8, 5, 3],
        scores=[1, -1, 0],
        active=[0, 1, 2],
        detail={"sitter": None, "calls": ["spades"]},
    )


def test_a_hand_inserted_is_the_hand_saved(owner, make_match):
    match = make_match()
    saved, inserted = _hand(match, 1, owner), _hand(match, 2, owner)
    saved.save(force_insert=True)
    before = timezone.now()
    statement = Insert(inserted)
    statement.run()

    assert inserted.pk is not None and not inserted._state.adding
    assert _row(Hand, inserted.pk) == _row(Hand, saved.pk)
    stored = Hand.objects.get(pk=inserted.pk)
    assert stored.number == 2
    assert stored.input["note"] == "Café ö ✓"
    # auto_now and auto_now_add are filled as save() fills them, when the row is made.
    assert before - timedelta(seconds=5) < stored.created_at <= timezone.now()
    assert (stored.created_at, stored.updated_at) == (inserted.created_at, inserted.updated_at)


def test_an_audit_entry_inserted_is_the_entry_saved(owner, make_match):
    match = make_match()

    def entry():
        return AuditEntry(
            match=match,
            **AuditEntry.naming(owner),
            action=AuditEntry.Action.RECORD,
            number=3,
            after={"tricks": [9, 4, 3]},
        )

    saved, inserted = entry(), entry()
    saved.save(force_insert=True)
    Insert(inserted).run()
    assert _row(AuditEntry, inserted.pk) == _row(AuditEntry, saved.pk)
    assert _row(AuditEntry, inserted.pk)["before"] is None


def test_an_update_writes_what_the_orm_writes(owner, make_match):
    one, two = make_match(), make_match()
    now = timezone.now()
    values = {"state": {"format": 1, "totals": [1, -1, 0]}, "finished": True, "updated_at": now}
    Match.objects.filter(pk=one.pk).update(revision=7, **values)
    assert Update(Match, two.pk, {"revision": 7, **values}, {}).run()
    mine, orms = (Match.objects.values(*values, "revision").get(pk=m.pk) for m in (two, one))
    assert mine == orms
    assert mine["updated_at"] == now


def test_a_guarded_update_writes_only_over_the_revision_it_names(make_match):
    match = make_match()
    revision = Match.objects.get(pk=match.pk).revision

    assert not Update(Match, match.pk, {"revision": revision + 5}, {"revision": revision + 1}).run()
    assert Match.objects.get(pk=match.pk).revision == revision
    assert Update(Match, match.pk, {"revision": revision + 1}, {"revision": revision}).run()
    assert Match.objects.get(pk=match.pk).revision == revision + 1


@pytest.mark.parametrize("model", [Hand, AuditEntry])
def test_an_insert_names_every_column_but_the_key(model):
    sql = _insert_sql(model, connection.vendor, _returns(connection))
    columns = {
        field.column for field in model._meta.local_concrete_fields if not field.generated
    } - {model._meta.pk.column}
    assert all(connection.ops.quote_name(column) in sql for column in columns)
    assert sql.count("%s") == len(columns)


def test_an_expression_is_left_to_save(owner, make_match):
    hand = _hand(make_match(), 1, owner)
    hand.dealer = Value(1)
    with pytest.raises(TypeError, match="save"):
        Insert(hand)


def test_a_record_writes_through_the_statements(owner, make_match):
    """The record's path runs these statements (the ORM's own would qualify the returned
    key with its table), and the ORM reads back the hand and its entry."""
    from matches.services import play

    match = make_match()
    with CaptureQueriesContext(connection) as queries:
        play.record_hand(match, 1, sm_hand([9, 4, 3]), by=owner)
    quote = connection.ops.quote_name
    for model in (Hand, AuditEntry):
        inserts = [
            query["sql"]
            for query in queries.captured_queries
            if query["sql"].startswith(f"INSERT INTO {quote(model._meta.db_table)}")
        ]
        assert len(inserts) == 1, queries.captured_queries
        assert inserts[0].endswith(f"RETURNING {quote(model._meta.pk.column)}"), inserts
    hand = Hand.objects.get(match=match, number=1)
    assert hand.input == sm_hand([9, 4, 3]) and hand.recorded_by == owner
    assert hand.version == 1 and hand.scores == [1, -1, 0]
    entry = AuditEntry.objects.get(match=match, number=1)
    assert (entry.action, entry.by, entry.after) == ("record", owner, hand.input)
    assert Match.objects.get(pk=match.pk).revision == match.revision


def test_without_returning_the_key_comes_from_the_cursor(owner, make_match, monkeypatch):
    """SQLite before 3.35 (and any backend without ``RETURNING``): the row's key as the
    cursor gives it."""
    if connection.vendor != "sqlite":
        assert _returns(connection)  # PostgreSQL always returns it: the cursor's is SQLite's
        return
    match = make_match()
    monkeypatch.setattr(connection.features, "can_return_columns_from_insert", False)
    inserted = _hand(match, 1, owner)
    statement = Insert(inserted)
    assert "RETURNING" not in statement.sql
    statement.run()
    assert Hand.objects.get(pk=inserted.pk).number == 1
