"""A property: after any sequence of the writes that affect the club rating (matches
finishing, corrected, undone, stopped, reopened, archived, restored, deleted; players
merged and registered), the stored ratings equal a rebuild from scratch."""

import pytest
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from matches.errors import Refused
from matches.models import Match, Player
from matches.rules import RuleError
from matches.services import keeping, play, ratings
from matches.services import players as register

from ..factories import game_match, sm_hand
from .support import registered

NAMES = ["Ann", "Ben", "Cy", "Dan", "Zed"]  # Zed is typed at a table: casual


@st.composite
def tricks(draw):
    a = draw(st.integers(0, 16))
    b = draw(st.integers(a, 16))
    return (a, b - a, 16 - b)


pick = st.integers(0, 50)
steps = st.lists(
    st.one_of(
        st.tuples(st.just("new"), st.permutations(NAMES), tricks(), st.booleans()),
        st.tuples(st.just("new"), st.permutations(NAMES), tricks(), st.booleans()),
        st.tuples(st.just("record"), pick, tricks(), st.none()),
        st.tuples(st.just("correct"), pick, tricks(), st.none()),
        st.tuples(st.just("undo"), pick, st.none(), st.none()),
        st.tuples(st.just("stop"), pick, st.none(), st.none()),
        st.tuples(st.just("reopen"), pick, st.none(), st.none()),
        st.tuples(st.just("archive"), pick, st.none(), st.booleans()),
        st.tuples(st.just("delete"), pick, st.none(), st.none()),
        st.tuples(st.just("merge"), pick, st.none(), st.none()),
        st.tuples(st.just("register"), st.none(), st.none(), st.none()),
    ),
    min_size=1,
    max_size=12,
)


def apply(step, owner):
    action, which, hand, flag = step
    matches = list(Match.objects.order_by("pk"))
    match = matches[which % len(matches)] if matches and isinstance(which, int) else None
    try:
        if action == "new":
            options = {"hands_limit": 1 if flag else 2}
            game_match(owner, "sergeant-major", "8-5-3", which[:3], [sm_hand(hand)], 0, options)
        elif match is None:
            return
        elif action == "record":
            play.record_hand(match, match.hands.count() + 1, sm_hand(hand), by=owner)
        elif action == "correct" and match.hands.exists():
            first = match.hands.order_by("number").first()
            play.correct_hand(match, 1, sm_hand(hand), version=first.version, by=owner)
        elif action == "undo" and match.hands.exists():
            play.undo_last_hand(match, match.hands.count(), by=owner)
        elif action == "stop":
            play.stop_match(match, by=owner)
        elif action == "reopen":
            play.reopen_match(match, by=owner)
        elif action == "archive":
            keeping.set_archived(match, flag, by=owner)
        elif action == "delete":
            keeping.delete_match(match, by=owner)
    except (Refused, RuleError):
        pass
    if action == "merge":
        players = list(Player.objects.order_by("pk"))
        source = players[which % len(players)]
        into = players[(which // len(players) + 1) % len(players)]
        try:
            register.merge_players(source, into, by=owner)
        except RuleError:
            pass
    elif action == "register":
        for casual in Player.objects.filter(casual=True):
            register.edit_player(casual, {"email": "x@example.org"}, by=owner)


@pytest.mark.django_db
@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(writes=steps)
def test_stored_ratings_always_equal_a_rebuild(owner, writes):
    with transaction.atomic():  # each example rolls back what it wrote
        registered(owner, *NAMES[:4])
        for step in writes:
            apply(step, owner)
            assert ratings.rebuild(check=True) == [], step
        transaction.set_rollback(True)
