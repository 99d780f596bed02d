"""Prepared lookups give what the ORM gives: every field converted alike (JSON, dates,
booleans, foreign keys), annotations as attributes, nothing when nothing matches."""

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.db.models import F
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from matches.models import ApiToken, Match
from matches.models.prepared import Prepared
from matches.services import accounts
from tests.factories import sm_hand


def fields(instance):
    return {field.attname: getattr(instance, field.attname) for field in instance._meta.fields}


def test_a_match_by_id_is_the_orms_match(make_match):
    match = make_match([sm_hand([9, 4, 3])], options={"win_tricks": 10})
    Match.objects.filter(pk=match.pk).update(stopped=True, setup={"bid": 3})

    found = Match.by_id(match.pk)

    expected = Match.objects.get(pk=match.pk)
    assert fields(found) == fields(expected)
    assert found.options["win_tricks"] == 10 and found.setup == {"bid": 3}
    assert found.stopped is True and found.updated_at.tzinfo is not None
    assert not found._state.adding and found._state.db == "default"
    assert found.names == ["Ann", "Ben", "Cy"]  # related objects load as usual


def test_a_match_by_share_token_is_the_orms_match(make_match):
    match = make_match()

    assert fields(Match.by_share_token(match.share_token)) == fields(match)
    assert Match.by_share_token("no such token") is None
    assert Match.by_share_token("") is None


@pytest.mark.parametrize("match_id", [0, -1, 2**63, 10**40])
def test_an_id_no_match_can_have_finds_nothing(db, match_id):
    with CaptureQueriesContext(connection) as captured:
        assert Match.by_id(match_id) is None
    assert len(captured) == 0


def test_the_users_of_api_keys_come_with_their_tokens(owner, other):
    _token, key = accounts.issue_token(owner, "scoreboard")
    token, other_key = accounts.issue_token(other, "board")
    used = timezone.now().replace(microsecond=123456)
    ApiToken.objects.filter(pk=token.pk).update(last_used_at=used)

    found = ApiToken.user_for(other_key)

    assert fields(found) == fields(get_user_model().objects.get(pk=other.pk))
    assert (found.api_token_id, found.api_token_used_at) == (token.pk, used)
    assert ApiToken.user_for(key).api_token_used_at is None
    assert ApiToken.user_for("sk_not-a-key") is None
    other.is_active = False
    other.save()
    assert ApiToken.user_for(other_key) is None


def test_a_lookup_runs_one_query_and_is_counted_like_any_other(make_match):
    match = make_match()
    Match.by_id(match.pk)  # compiled already

    with CaptureQueriesContext(connection) as captured:
        Match.by_id(match.pk)

    assert len(captured) == 1
    assert captured[0]["sql"].startswith('SELECT "matches_match"."id"')


def test_a_lookup_refuses_what_it_cannot_read(db):
    with pytest.raises(TypeError, match="parameters"):
        Prepared(lambda: Match.objects.filter(pk=0, revision=0)).first(1)
    with pytest.raises(TypeError, match="select_related"):
        Prepared(lambda: Match.objects.select_related("owner").filter(pk=0)).first(1)
    annotated = Prepared(lambda: Match.objects.filter(pk=0).annotate(seen=F("revision")))
    assert annotated.first(1) is None


def test_an_annotation_is_an_attribute(make_match):
    match = make_match([sm_hand([9, 4, 3])])
    seen = Prepared(lambda: Match.objects.filter(pk=0).annotate(seen=F("revision")))

    assert seen.first(match.pk).seen == Match.objects.get(pk=match.pk).revision


def test_a_table_by_its_link_or_its_match_is_the_orms_table_with_its_rounds_status(organiser):
    from matches.models import Round, Table
    from matches.services import tournaments
    from tests.tournaments.test_rounds import club

    tournament = club(organiser)
    round_ = tournaments.draft_round(tournament, organiser, method="draw", seed=3)
    drafted = Table.objects.filter(round=round_).first()
    # A drafted table plays no match yet: its link finds nothing to write to.
    assert Table.by_token(drafted.token) is None
    tournaments.start_round(round_, organiser)
    expected = Table.objects.get(pk=drafted.pk)

    by_token, of_match = Table.by_token(expected.token), Table.of_match(expected.match_id)

    assert fields(by_token) == fields(of_match) == fields(expected)
    assert by_token.round_status == of_match.round_status == Round.Status.PLAYING
    assert by_token.open and of_match.open
    assert Table.by_token("no such token") is None and Table.by_token("") is None
    assert Table.by_token("x" * 65) is None
    Round.objects.filter(pk=round_.pk).update(status=Round.Status.CLOSED)
    assert not Table.by_token(expected.token).open
