"""Seats: what each player got from a match, stored by the writers next to the hands, and
always equal to a fresh replay of those hands (docs/development.md: "a test proves they never
disagree with a replay").

The expected places are worked out here from the definition in ``models.Seat`` (winners
first, then by total, equal totals sharing), not by the code under test.
"""

import pytest
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from matches.errors import Conflict
from matches.models import Hand, Match, Seat
from matches.rules import RuleError, get_ruleset, replay
from matches.services import play as services
from tests.factories import sm_hand


def stored(match):
    """(total, place, won) per seat, as the database has them."""
    return list(
        Seat.objects.filter(match=match).order_by("number").values_list("total", "place", "won")
    )


def replayed(match):
    """(total, place, won) per seat from a replay of the stored hands."""
    match = Match.objects.get(pk=match.pk)
    names = list(Seat.objects.filter(match=match).order_by("number").values_list("name", flat=True))
    inputs = list(match.hands.order_by("number").values_list("input", flat=True))
    state = replay(
        get_ruleset(match.game, match.variant, match.options),
        names,
        inputs,
        match.first_dealer,
        match.setup,
        stopped=match.stopped,
    )
    won = [seat in state.winners for seat in range(len(names))]
    rows = []
    for seat, total in enumerate(state.totals):
        mine = (won[seat], total)
        ahead = sum(1 for other in range(len(names)) if (won[other], state.totals[other]) > mine)
        rows.append((total, 1 if won[seat] else 1 + ahead, won[seat]))
    return rows, state


def assert_seats_equal_a_replay(match):
    rows, state = replayed(match)
    assert stored(match) == rows
    match = Match.objects.get(pk=match.pk)
    assert match.finished == state.finished
    assert [hand.scores for hand in match.hands.order_by("number")] == [
        list(hand.scores) for hand in state.hands
    ]


class TestSeatsFollowEveryWrite:
    def test_a_new_match_has_a_seat_per_player_at_zero(self, make_match):
        match = make_match(players=("Ann", "Ben", "Cy"), first_dealer=2)
        assert list(
            Seat.objects.filter(match=match)
            .order_by("number")
            .values_list("number", "name", "total", "place", "won")
        ) == [(0, "Ann", 0, 1, False), (1, "Ben", 0, 1, False), (2, "Cy", 0, 1, False)]
        assert str(match) == "Ann · Ben · Cy"

    def test_recording_writes_the_totals_and_places(self, owner, make_match):
        match = make_match([sm_hand([9, 4, 3])])
        assert stored(match) == [(1, 1, False), (-1, 3, False), (0, 2, False)]
        services.record_hand(match, 2, sm_hand([3, 9, 4]), by=owner)  # dealer Ben: 3, 8, 5
        assert stored(match) == [(1, 1, False), (0, 2, False), (-1, 3, False)]
        assert_seats_equal_a_replay(match)

    def test_equal_totals_share_a_place_and_the_next_is_skipped(self, owner, make_match):
        match = make_match([sm_hand([8, 6, 2])])  # 0, +1, -1
        services.record_hand(match, 2, sm_hand([4, 8, 4]), by=owner)  # dealer Ben: +1, 0, -1
        assert stored(match) == [(1, 1, False), (1, 1, False), (-2, 3, False)]
        assert_seats_equal_a_replay(match)

    def test_a_twelve_trick_winner_is_first_whatever_the_totals(self, owner, make_match):
        match = make_match([sm_hand([0, 11, 5])])  # -8, +6, +2
        services.record_hand(match, 2, sm_hand([12, 4, 0]), by=owner)  # +9, -4, -5
        match.refresh_from_db()
        assert match.finished and match.winners == [0]
        assert stored(match) == [(1, 1, True), (2, 2, False), (-3, 3, False)]
        assert_seats_equal_a_replay(match)

    def test_correcting_rewrites_the_seats(self, owner, make_match):
        match = make_match([sm_hand([9, 4, 3]), sm_hand([3, 8, 5])])  # 1, -1, 0
        services.correct_hand(match, 1, sm_hand([10, 3, 3]), version=1, by=owner)
        assert stored(match) == [(2, 1, False), (-2, 3, False), (0, 2, False)]
        assert_seats_equal_a_replay(match)
        services.correct_hand(match, 2, sm_hand([12, 2, 2]), version=1, by=owner)  # 9, -6, -3
        assert stored(match) == [(11, 1, True), (-8, 3, False), (-3, 2, False)]
        assert_seats_equal_a_replay(match)

    def test_a_refused_correction_leaves_the_seats_alone(self, owner, make_match):
        match = make_match([sm_hand([9, 4, 3]), sm_hand([3, 8, 5])])
        before = stored(match)
        with pytest.raises(Conflict):
            services.correct_hand(match, 1, sm_hand([8, 5, 3]), version=7, by=owner)
        with pytest.raises(RuleError):
            services.correct_hand(match, 1, sm_hand([8, 5, 2]), version=1, by=owner)
        assert stored(match) == before
        assert_seats_equal_a_replay(match)

    def test_undoing_takes_the_seats_back(self, owner, make_match):
        match = make_match([sm_hand([9, 4, 3])])
        services.record_hand(match, 2, sm_hand([12, 4, 0]), by=owner)
        assert stored(match)[0][2] is True
        services.undo_last_hand(match, 2, by=owner)
        assert stored(match) == [(1, 1, False), (-1, 3, False), (0, 2, False)]
        assert_seats_equal_a_replay(match)

    def test_stopping_and_reopening(self, owner, make_match):
        match = make_match([sm_hand([9, 4, 3])])
        services.stop_match(match, by=owner)
        assert stored(match) == [(1, 1, True), (-1, 3, False), (0, 2, False)]
        assert_seats_equal_a_replay(match)
        services.reopen_match(match, by=owner)
        assert stored(match) == [(1, 1, False), (-1, 3, False), (0, 2, False)]
        assert_seats_equal_a_replay(match)

    def test_a_stop_with_equal_highest_totals_shares_the_win(self, owner, make_match):
        match = make_match([sm_hand([9, 5, 2])])  # +1, 0, -1
        services.record_hand(match, 2, sm_hand([4, 8, 4]), by=owner)  # +1, 0, -1 → 2, 0, -2
        services.record_hand(match, 3, sm_hand([4, 4, 8]), by=owner)  # dealer Cy: -1, +1, 0
        services.stop_match(match, by=owner)
        assert stored(match) == [(1, 1, True), (1, 1, True), (-2, 3, False)]
        assert_seats_equal_a_replay(match)

    def test_a_writers_match_carries_its_new_seats(self, owner, make_match):
        match = make_match([sm_hand([9, 4, 3])])
        snap = services.record_hand(match, 2, sm_hand([3, 9, 4]), by=owner)
        assert snap.match.totals == [1, 0, -1] == list(snap.state.totals)


# -- the property: random Sergeant Major matches, written through the services -----------

TRICKS = 16
SUITS = ("clubs", "spades", "hearts", "diamonds")


@st.composite
def hands(draw):
    a, b = sorted(draw(st.tuples(st.integers(0, TRICKS), st.integers(0, TRICKS))))
    return {"tricks": [a, b - a, TRICKS - b], "trump": draw(st.sampled_from(SUITS))}


options = st.one_of(
    st.builds(lambda win: {"win_tricks": win}, st.integers(9, 16)),
    st.builds(lambda limit: {"win_tricks": None, "point_limit": limit}, st.integers(1, 8)),
    st.builds(
        lambda win, limit: {"win_tricks": win, "hands_limit": limit},
        st.integers(9, 16),
        st.integers(1, 6),
    ),
)

steps = st.lists(
    st.one_of(
        st.tuples(st.just("record"), hands()),
        st.tuples(st.just("record"), hands()),
        st.tuples(st.just("record"), hands()),
        st.tuples(st.just("correct"), st.tuples(st.integers(1, 8), hands())),
        st.tuples(st.just("undo"), st.none()),
        st.tuples(st.just("stop"), st.none()),
        st.tuples(st.just("reopen"), st.none()),
    ),
    max_size=10,
)


def apply(match, action, argument, by):
    """One write through the services; a refusal is an outcome too (nothing changes)."""
    hands_so_far = list(Hand.objects.filter(match=match).order_by("number"))
    try:
        if action == "record":
            services.record_hand(match, len(hands_so_far) + 1, argument, by=by)
        elif action == "correct" and hands_so_far:
            number, data = argument
            hand = hands_so_far[min(number, len(hands_so_far)) - 1]
            services.correct_hand(match, hand.number, data, version=hand.version, by=by)
        elif action == "undo" and hands_so_far:
            services.undo_last_hand(match, hands_so_far[-1].number, by=by)
        elif action == "stop":
            services.stop_match(match, by=by)
        elif action == "reopen":
            services.reopen_match(match, by=by)
    except (Conflict, RuleError):
        pass


@pytest.mark.django_db
@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(chosen=options, first_dealer=st.integers(0, 2), writes=steps)
def test_stored_seats_always_equal_a_replay(owner, chosen, first_dealer, writes):
    with transaction.atomic():  # each example rolls back what it wrote
        match = services.create_match(
            owner,
            game="sergeant-major",
            variant="8-5-3",
            players=["Ann", "Ben", "Cy"],
            first_dealer=first_dealer,
            options=chosen,
        ).match
        assert_seats_equal_a_replay(match)
        for action, argument in writes:
            apply(Match.objects.get(pk=match.pk), action, argument, owner)
            assert_seats_equal_a_replay(match)
        transaction.set_rollback(True)
