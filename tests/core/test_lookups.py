"""The reads every request starts with (the match by its id or a link's token, the user
of a session or an API key, a tournament, an entry; ``services.selectors.hand_rows``):
one query each through the ORM, None for nothing found, and the hands' JSON decoded as
the JSON field itself decodes it."""

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from matches.auth import Accounts
from matches.models import ApiToken, Entry, Match, Tournament
from matches.services import accounts
from matches.services.selectors import HAND_COLUMNS, hand_rows
from tests.factories import sm_hand, tournament

pytestmark = pytest.mark.django_db


def one_query(find):
    with CaptureQueriesContext(connection) as captured:
        found = find()
    assert len(captured) == 1, [query["sql"] for query in captured]
    return found


def test_a_match_by_its_id_or_a_links_token(make_match):
    match = make_match([sm_hand([9, 4, 3])])
    Match.objects.filter(pk=match.pk).update(scorer_token="k" * 22)

    assert one_query(lambda: Match.by_id(match.pk)) == match
    assert Match.by_share_token(match.share_token) == match
    assert Match.by_scorer_token("k" * 22) == match
    assert isinstance(Match.by_id(match.pk).state, dict)
    assert Match.by_id(match.pk + 1) is None
    assert Match.by_id(0) is None and Match.by_id(2**63) is None
    assert Match.by_share_token("nothing-of-that-kind") is None
    assert Match.by_scorer_token("") is None


def test_a_sessions_user(owner):
    assert one_query(lambda: Accounts().get_user(owner.pk)) == owner
    assert Accounts().get_user(owner.pk + 1) is None
    get_user_model().objects.filter(pk=owner.pk).update(is_active=False)
    assert Accounts().get_user(owner.pk) is None


def test_an_api_keys_user_with_its_tokens_use(owner):
    token, key = accounts.issue_token(owner, "scoreboard")
    found = one_query(lambda: ApiToken.user_for(key))
    assert found == owner
    assert (found.api_token_id, found.api_token_used_at) == (token.pk, None)

    used = timezone.now()
    ApiToken.objects.filter(pk=token.pk).update(last_used_at=used)
    assert ApiToken.user_for(key).api_token_used_at == used
    assert ApiToken.user_for("sk_" + "x" * 43) is None
    get_user_model().objects.filter(pk=owner.pk).update(is_active=False)
    assert ApiToken.user_for(key) is None


def test_a_tournament_by_its_id_and_an_entry_by_its_link(owner, make_match):
    made = tournament(owner)
    entry = Entry.objects.create(tournament=made, player=make_match([]).seat_list[0].player)

    assert one_query(lambda: Tournament.by_id(made.pk)) == made
    assert Tournament.by_id(made.pk + 1) is None
    assert Tournament.by_id(0) is None and Tournament.by_id(2**63) is None
    assert one_query(lambda: Entry.by_token(entry.token)) == entry
    assert Entry.by_token("x" * 27) is None and Entry.by_token("") is None


def test_a_matchs_hands_are_the_orms_in_order(make_match):
    """Every JSON column decoded as the JSON field decodes it (a null ``targets`` too),
    in the order of the hands' numbers."""
    match = make_match([sm_hand([9, 4, 3]), sm_hand([3, 9, 4]), sm_hand([4, 3, 9])])
    match.hands.filter(number=2).update(targets=None)
    orm = list(match.hands.order_by("number").values_list(*HAND_COLUMNS))

    assert one_query(lambda: hand_rows(match.pk)) == orm
    assert [row[0] for row in orm] == [1, 2, 3]
    assert orm[1][3] is None
    assert hand_rows(match.pk + 1) == []
