"""A table link's reads (``models.lookups.table_by``, written SQL on a cursor) give what the ORM
gives: the table's fields converted alike, its round's status and its match's revision."""

from django.db.models import F

from matches.models import Table
from matches.views.tables import _watched
from tests.lookups_support import fields


def test_a_tables_lookups_are_the_orms(running):
    table = Table.objects.filter(round__tournament=running, match__isnull=False).first()
    orm = Table.objects.annotate(
        round_status=F("round__status"), match_revision=F("match__revision")
    ).get(pk=table.pk)

    for found in (Table.by_token(table.token), Table.of_match(table.match_id)):
        assert fields(found) == fields(orm)
        assert found.round_status == orm.round_status == "playing"
    watched = _watched(table.token)
    assert (watched.round_status, watched.match_revision) == ("playing", orm.match_revision)
    assert Table.by_token("x" * 22) is None
    assert Table.of_match(10**9) is None
    assert Table.of_match("not a number") is None
