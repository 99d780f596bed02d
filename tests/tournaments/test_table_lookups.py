"""A table's one finder (``access.find_table``): by its link's token or by its match, in
one query, with its round's status (or its round, tournament and match), and for a table
page's poll its match's revision; None for no such table."""

from django.db import connection
from django.db.models import F
from django.test.utils import CaptureQueriesContext

from matches.access import find_table
from matches.models import Table
from matches.views.tables import _watched, shown_revision


def test_a_table_by_its_link_or_its_match(running):
    table = Table.objects.filter(round__tournament=running, match__isnull=False).first()
    orm = Table.objects.annotate(
        round_status=F("round__status"), match_revision=F("match__revision")
    ).get(pk=table.pk)

    with CaptureQueriesContext(connection) as captured:
        found = [
            find_table(table.token),
            find_table(match_id=table.match_id),
            find_table(table.token, whole=True),
            _watched(table.token),
        ]
        whole = found[2]
        assert (whole.round.tournament, whole.match.pk) == (running, table.match_id)
    assert len(captured) == 4, [query["sql"] for query in captured]
    assert all(each == orm for each in found)
    assert found[0].round_status == found[1].round_status == "playing"
    assert found[0].open and found[1].open and whole.open
    watched = found[3]
    assert shown_revision(watched, watched.match_revision) == shown_revision(
        orm, orm.match_revision
    )

    assert find_table("x" * 22) is None
    assert find_table("not a token!") is None
    assert find_table(match_id=10**9) is None
    assert find_table() is None


def test_a_table_without_a_match_is_no_links(running):
    table = Table.objects.filter(round__tournament=running).first()
    match_id = table.match_id
    Table.objects.filter(pk=table.pk).update(match=None)
    assert find_table(table.token) is None
    assert find_table(match_id=match_id) is None
