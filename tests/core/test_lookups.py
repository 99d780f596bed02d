"""The reads every request makes (``models.lookups``: written SQL on a cursor, each row
built by ``Model.from_db``) give what the ORM's own queries give: every field converted
alike (JSON, times, booleans), and None for nothing found or a value the field cannot
hold."""

import pytest
from django.contrib.auth import get_user_model
from django.db.models import F
from django.utils import timezone

from matches.auth import Accounts
from matches.models import ApiToken, Match, lookups
from matches.models.lookups import HAND_COLUMNS, hand_rows, one_by
from matches.services import accounts
from tests.factories import sm_hand
from tests.lookups_support import fields


@pytest.mark.django_db
def test_a_match_by_its_id_or_share_token_is_the_orms(make_match, owner):
    match = make_match([sm_hand([9, 4, 3])])
    orm = Match.objects.get(pk=match.pk)

    assert fields(Match.by_id(match.pk)) == fields(orm)
    assert fields(Match.by_share_token(orm.share_token)) == fields(orm)
    assert isinstance(Match.by_id(match.pk).state, dict)
    assert Match.by_id(match.pk + 1) is None
    assert Match.by_share_token("nothing-of-that-kind") is None


@pytest.mark.django_db
def test_a_value_the_field_cannot_hold_finds_nothing(owner):
    assert one_by(get_user_model(), "id", "not a number") is None
    assert one_by(get_user_model(), "id", str(owner.pk)) == owner
    assert Accounts().get_user(str(owner.pk)) == owner


@pytest.mark.django_db
def test_an_api_keys_user_is_the_orms_with_its_tokens_use(owner):
    token, key = accounts.issue_token(owner, "scoreboard")
    found = ApiToken.user_for(key)
    assert fields(found) == fields(get_user_model().objects.get(pk=owner.pk))
    assert (found.api_token_id, found.api_token_used_at) == (token.pk, None)

    used = timezone.now()
    ApiToken.objects.filter(pk=token.pk).update(last_used_at=used)
    orm = (
        get_user_model()
        .objects.annotate(at=F("api_tokens__last_used_at"))
        .get(api_tokens__pk=token.pk)
    )
    assert ApiToken.user_for(key).api_token_used_at == orm.at == used
    assert ApiToken.user_for("sk_" + "x" * 43) is None


@pytest.mark.django_db
def test_a_matchs_hands_are_the_orms_in_order(make_match):
    """Every JSON column decoded as the ORM decodes it (a null ``targets`` too), in the
    order of the hands' numbers."""
    match = make_match([sm_hand([9, 4, 3]), sm_hand([3, 9, 4]), sm_hand([4, 3, 9])])
    match.hands.filter(number=2).update(targets=None)
    orm = list(match.hands.order_by("number").values_list(*HAND_COLUMNS))

    assert list(hand_rows(match.pk)) == orm
    assert [row[0] for row in orm] == [1, 2, 3]
    assert orm[1][3] is None
    assert list(hand_rows(match.pk + 1)) == []


@pytest.mark.django_db
def test_columns_are_read_by_their_names_in_any_order(make_match):
    """A row's columns are matched to the fields by name, not by place: a table whose
    columns a migration added in another order than the model's fields reads alike."""
    match = make_match([sm_hand([9, 4, 3])])
    meta = Match._meta
    columns = [field.column for field in reversed(meta.concrete_fields)]
    sql = f"SELECT {', '.join(columns)}, 7 AS extra FROM {meta.db_table} WHERE id = %s"

    found = lookups._first(Match, "default", sql, [match.pk])

    assert fields(found) == fields(Match.objects.get(pk=match.pk))
    assert found.extra == 7
    assert lookups._first(Match, "default", sql, [match.pk + 1]) is None


@pytest.mark.django_db
def test_a_tournament_by_its_id_is_the_orms(owner):
    from matches.models import Tournament
    from tests.factories import tournament

    made = tournament(owner)
    assert fields(Tournament.by_id(made.pk)) == fields(Tournament.objects.get(pk=made.pk))
    assert Tournament.by_id(made.pk + 1) is None
    assert Tournament.by_id(0) is None
    assert Tournament.by_id(2**63) is None
