"""Properties of Sergeant Major 8-5-3 over random matches, no database
(sergeant_major/rules.md §1.1).

Expectations are computed here from sergeant_major/rules.md §1.1 (dealer 8, eldest 5, third 3),
independently of the rules code, so a wrong table or rotation there makes these fail.
"""

from hypothesis import given, settings
from hypothesis import strategies as st

from matches.rules import RuleError, get_ruleset, play_hand, replay

PLAYERS = ("Ann", "Ben", "Cy")
TARGETS_BY_OFFSET = (8, 5, 3)  # sergeant_major/rules.md §1.1.2
TRICKS = 16
SUITS = ("clubs", "spades", "hearts", "diamonds")

PROPERTY = settings(max_examples=150, deadline=None)


def expected_targets(dealer):
    return tuple(TARGETS_BY_OFFSET[(seat - dealer) % 3] for seat in range(3))


@st.composite
def hands(draw):
    """One valid hand: a composition of 16 tricks into three seats (zeros allowed)."""
    a, b = sorted(draw(st.tuples(st.integers(0, TRICKS), st.integers(0, TRICKS))))
    return {"tricks": [a, b - a, TRICKS - b], "trump": draw(st.sampled_from(SUITS))}


win_tricks = st.integers(9, 16)
first_dealers = st.integers(0, 2)
hand_lists = st.lists(hands(), max_size=25)


def until_won(hand_list, win):
    """The hands up to and including the first one in which a seat made ``win`` tricks."""
    for index, data in enumerate(hand_list):
        if max(data["tricks"]) >= win:
            return hand_list[: index + 1]
    return hand_list


def sm(win=12):
    return get_ruleset("sergeant-major", "8-5-3", {"win_tricks": win})


@PROPERTY
@given(first_dealers, hand_lists, win_tricks)
def test_every_hand_is_zero_sum(first_dealer, hand_list, win):
    state = replay(sm(win), PLAYERS, until_won(hand_list, win), first_dealer)
    for played in state.hands:
        assert sum(played.scores) == 0
    assert sum(state.totals) == 0


@PROPERTY
@given(first_dealers, hand_lists, win_tricks)
def test_scores_are_tricks_minus_targets_from_the_table(first_dealer, hand_list, win):
    played = until_won(hand_list, win)
    state = replay(sm(win), PLAYERS, played, first_dealer)
    assert len(state.hands) == len(played)
    for number, (result, data) in enumerate(zip(state.hands, played, strict=True), start=1):
        targets = expected_targets((first_dealer + number - 1) % 3)
        assert result.number == number
        assert result.targets == targets
        assert result.scores == tuple(t - g for t, g in zip(data["tricks"], targets, strict=True))


@PROPERTY
@given(first_dealers, hand_lists, win_tricks)
def test_the_deal_rotates_left_and_targets_cycle_3_5_8(first_dealer, hand_list, win):
    state = replay(sm(win), PLAYERS, until_won(hand_list, win), first_dealer)
    for number, played in enumerate(state.hands, start=1):
        assert played.dealer == (first_dealer + number - 1) % 3
    cycle = {3: 5, 5: 8, 8: 3}
    for before, after in zip(state.hands, state.hands[1:], strict=False):
        assert after.targets == tuple(cycle[t] for t in before.targets)
    if state.next_hand is not None:
        assert state.next_hand.number == len(state.hands) + 1
        assert state.next_hand.dealer == (first_dealer + len(state.hands)) % 3
        assert state.next_hand.targets == expected_targets(state.next_hand.dealer)


@PROPERTY
@given(first_dealers, hand_lists, win_tricks)
def test_replay_is_deterministic(first_dealer, hand_list, win):
    played = until_won(hand_list, win)
    assert replay(sm(win), PLAYERS, played, first_dealer) == replay(
        sm(win), PLAYERS, [dict(h, tricks=list(h["tricks"])) for h in played], first_dealer
    )


@PROPERTY
@given(first_dealers, hand_lists.filter(bool), hands(), st.data())
def test_a_correction_equals_a_fresh_replay(first_dealer, hand_list, replacement, data):
    ruleset = sm()
    original = until_won(hand_list, 12)
    index = data.draw(st.integers(0, len(original) - 1), label="corrected hand")
    corrected = [*original[:index], replacement, *original[index + 1 :]]
    replay(ruleset, PLAYERS, original, first_dealer)  # no state may leak into the next replay

    ends_early = max(replacement["tricks"]) >= 12 and index < len(corrected) - 1
    try:
        fresh = replay(ruleset, PLAYERS, corrected, first_dealer)
    except RuleError as error:
        # Only a correction that now wins the match can strand the hands after it.
        assert ends_early
        assert error.field == f"hands.{index + 2}"
        return
    assert not ends_early

    # The way a correction is applied: the prefix, then the corrected hand and the rest.
    stepwise = replay(ruleset, PLAYERS, original[:index], first_dealer)
    for number, later in enumerate(corrected[index:], start=index + 1):
        stepwise = play_hand(ruleset, stepwise, later, where=f"hands.{number}.")
    assert stepwise == fresh
    assert fresh.hands[:index] == replay(ruleset, PLAYERS, original[:index], first_dealer).hands
    assert fresh.hands[index].input["tricks"] == replacement["tricks"]


@PROPERTY
@given(first_dealers, hand_lists.filter(bool), win_tricks)
def test_exchanges_give_each_up_and_down_exactly(first_dealer, hand_list, win):
    ruleset = sm(win)
    state = replay(ruleset, PLAYERS, [], first_dealer)
    assert state.next_hand.exchanges == ()
    for data in until_won(hand_list, win):
        state = play_hand(ruleset, state, data)
        if state.finished:
            break
        dealer = state.hands[-1].dealer
        scores = [t - g for t, g in zip(data["tricks"], expected_targets(dealer), strict=True)]
        coming = expected_targets(state.next_hand.dealer)
        given_by = [0, 0, 0]
        received_by = [0, 0, 0]
        for exchange in state.next_hand.exchanges:
            assert scores[exchange.giver] > 0, "only an up seat passes"
            assert scores[exchange.receiver] < 0, "only a down seat receives"
            assert exchange.cards > 0
            given_by[exchange.giver] += exchange.cards
            received_by[exchange.receiver] += exchange.cards
        assert given_by == [max(score, 0) for score in scores]
        assert received_by == [max(-score, 0) for score in scores]
        # §1.1.6 order: of two givers (or two receivers) the higher coming target goes first.
        passes = state.next_hand.exchanges
        if len(passes) == 2:
            first, second = passes
            if first.giver != second.giver:
                assert coming[first.giver] > coming[second.giver]
            else:
                assert coming[first.receiver] > coming[second.receiver]


@PROPERTY
@given(first_dealers, hand_lists, win_tricks)
def test_a_match_ends_only_on_a_hand_with_win_tricks(first_dealer, hand_list, win):
    ruleset = sm(win)
    played = until_won(hand_list, win)
    state = replay(ruleset, PLAYERS, played, first_dealer)
    won = bool(played) and max(played[-1]["tricks"]) >= win
    assert state.finished == won
    assert (state.next_hand is None) == won
    if won:
        tricks = played[-1]["tricks"]
        assert state.winners == (tricks.index(max(tricks)),)
    else:
        assert state.winners == ()
    # No hand may follow the winning one.
    if won and len(hand_list) > len(played):
        try:
            replay(ruleset, PLAYERS, hand_list, first_dealer)
        except RuleError as error:
            assert error.field == f"hands.{len(played) + 1}"
        else:
            raise AssertionError("a hand after the end was accepted")


@PROPERTY
@given(first_dealers, hand_lists, win_tricks)
def test_totals_are_the_sums_of_the_scores(first_dealer, hand_list, win):
    state = replay(sm(win), PLAYERS, until_won(hand_list, win), first_dealer)
    expected = [0, 0, 0]
    running = [tuple(expected)]
    for played in state.hands:
        expected = [total + score for total, score in zip(expected, played.scores, strict=True)]
        running.append(tuple(expected))
    assert state.totals == tuple(expected)
    assert state.running_totals() == running
