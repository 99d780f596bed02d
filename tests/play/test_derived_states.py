"""The state of a match on its row (``Match.state``) and each hand's derived facts on the
hand's row: a write plays the next hand on the row's state and reads no hands; a read
builds the whole state from the rows without running the rules; the stored state always
equals a replay of the hands. The whole state is also kept per revision in this
process's memory, never for a write that was rolled back."""

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from matches.errors import Conflict
from matches.models import AuditEntry, Hand, Match
from matches.rules import RuleError, replay, stop
from matches.rules.stored import state_to_json
from matches.services import play as services
from matches.services import selectors
from tests.factories import game_match, sm_hand


@pytest.fixture
def committed(django_capture_on_commit_callbacks):
    """Run a write as if committed (the test's transaction never commits): what is kept
    after a commit is kept."""

    def run(write, *args, **kwargs):
        with django_capture_on_commit_callbacks(execute=True):
            return write(*args, **kwargs)

    return run


def fresh(match):
    """The match as another worker reads it."""
    return Match.objects.get(pk=match.pk)


def tables(captured, verb="SELECT"):
    """The tables the captured statements of ``verb`` name."""
    found = []
    for query in captured:
        words = query["sql"].replace('"', "").split()
        if words[0] == verb:
            found.append(
                words[words.index({"SELECT": "FROM", "INSERT": "INTO"}.get(verb, verb)) + 1]
            )
    return found


def replayed(match):
    """The match's state as a replay of its stored hands derives it (the hands dropped)."""
    match = fresh(match)
    state = replay(
        match.ruleset,
        match.names,
        list(match.hands.order_by("number").values_list("input", flat=True)),
        match.first_dealer,
        match.setup,
        stopped=match.stopped,
    )
    return state_to_json(state), state


def test_a_record_reads_no_hands_and_replays_nothing(owner, make_match, monkeypatch):
    match = make_match([sm_hand([9, 4, 3]), sm_hand([3, 9, 4])])
    other = fresh(match)
    selectors.states.clear()  # a worker that kept nothing of this match

    def no_replay(*args, **kwargs):
        raise AssertionError("a record replayed the match")

    monkeypatch.setattr(selectors.rules, "replay", no_replay)
    with CaptureQueriesContext(connection) as captured:
        snap = services.record_hand(other, 3, sm_hand([4, 3, 9]), by=owner)

    assert "matches_hand" not in tables(captured)
    assert "matches_seat" not in tables(captured)
    assert tables(captured, "INSERT") == ["matches_hand", "matches_auditentry"]
    assert snap.head.totals == (0, 0, 0)
    assert snap.next_number == 4


def test_a_worker_that_did_not_write_reads_the_row_and_the_hands(owner, make_match, committed):
    match = make_match([sm_hand([9, 4, 3])])
    written = committed(services.record_hand, fresh(match), 2, sm_hand([3, 9, 4]), by=owner)
    whole = written.state
    selectors.states.clear()

    other = fresh(match)
    with CaptureQueriesContext(connection) as captured:
        read = selectors.snapshot(other)
        assert read.next_number == 3
    assert len(captured) == 0
    with CaptureQueriesContext(connection) as captured:
        assert read.state == whole
        assert read.versions == (1, 1)
    assert tables(captured) == ["matches_hand"]
    assert read.state.totals == (1, 0, -1)


@pytest.mark.parametrize(
    ("game", "variant", "players", "hands"),
    [
        (
            "sergeant-major",
            "four-player",
            ("Ann", "Ben", "Cy", "Dee"),
            [
                {"tricks": [3, 3, 4, 3], "trump": "clubs"},
                {
                    "tricks": [4, 4, 3, 2],
                    "trump": "hearts",
                    "exchanges": [
                        {"from": 2, "to": 0, "cards": 2},
                        {"from": 3, "to": 1, "cards": 1},
                    ],
                },
            ],
        ),
        ("sergeant-major", "8-5-3", ("Ann", "Ben", "Cy"), [sm_hand([9, 4, 3]), sm_hand([3, 9, 4])]),
        (
            "sheepshead",
            "standard",
            ("Ann", "Ben", "Cy", "Dan", "Eve"),
            [{"picker": 0, "partner": 2, "points": 70}, {"picker": None}, {"picker": 1}],
        ),
        ("sieben", "partners", ("Ann", "Ben", "Cy", "Dee"), [{"counters": [60, 30]}] * 3),
    ],
)
def test_the_stored_state_equals_a_replay_after_every_write(owner, game, variant, players, hands):
    match = game_match(owner, game, variant, players, hands[:1])
    writes = [
        lambda m: services.record_hand(m, 2, hands[1], by=owner),
        lambda m: services.record_hand(m, 3, hands[-1], by=owner),
        lambda m: services.correct_hand(m, 1, hands[0], version=1, by=owner),
        lambda m: services.stop_match(m, by=owner),
        lambda m: services.reopen_match(m, by=owner),
        lambda m: services.undo_last_hand(m, m.hands.order_by("number").last().number, by=owner),
    ]
    for write in writes:
        try:
            write(fresh(match))
        except (RuleError, Conflict):
            continue
        stored, state = replayed(match)
        assert fresh(match).state == stored
        assert fresh(match).finished == state.finished
        rows = list(fresh(match).hands.order_by("number").values(*selectors.HAND_COLUMNS))
        selectors.states.clear()
        assert selectors.snapshot(fresh(match)).state == state
        assert [row["scores"] for row in rows] == [list(hand.scores) for hand in state.hands]


def test_a_rolled_back_write_leaves_no_state(owner, make_match, committed):
    match = make_match([sm_hand([9, 4, 3])])
    revision = fresh(match).revision
    with pytest.raises(RuntimeError):  # noqa: PT012 - the write, then the failure after it
        with transaction.atomic():
            services.record_hand(fresh(match), 2, sm_hand([3, 9, 4]), by=owner)
            raise RuntimeError

    assert fresh(match).revision == revision
    assert selectors.states.get(selectors.cache_key(fresh(match))) is None
    assert selectors.snapshot(fresh(match)).next_number == 2


def test_a_row_state_that_cannot_be_read_means_a_replay(owner, make_match, caplog):
    match = make_match([sm_hand([9, 4, 3])])
    Match.objects.filter(pk=match.pk).update(state={"format": 0})
    selectors.states.clear()

    snap = selectors.snapshot(fresh(match))

    assert snap.state.totals == (1, -1, 0)
    assert snap.versions == (1,)
    assert "no readable stored state" in caplog.text
    # The next write plays on the replay and stores a readable state again.
    services.record_hand(fresh(match), 2, sm_hand([3, 9, 4]), by=owner)
    assert fresh(match).state == replayed(match)[0]


def test_a_stopped_match_stores_its_ending(owner, make_match):
    match = make_match([sm_hand([9, 4, 3])])
    services.stop_match(fresh(match), by=owner)

    stored, state = replayed(match)
    assert fresh(match).state == stored
    assert stored["ending"]["how"] == "stopped"
    assert state == stop(state)


class TestARecordOnAStaleRead:
    """The hand is played on the state of the revision the match was read at (kept, as
    after any committed write); when another write came before the lock, the guarded
    update finds another revision and everything is decided again under the lock."""

    @pytest.fixture
    def stale(self, owner, make_match, committed):
        """A match with hand 1, read (and its state kept) before another write."""
        match = make_match()
        committed(services.record_hand, fresh(match), 1, sm_hand([9, 4, 3]), by=owner)
        stale = fresh(match)
        selectors.snapshot(stale)
        return stale

    def test_the_next_hand_after_one_recorded_meanwhile_is_recorded(self, owner, stale, committed):
        committed(services.record_hand, fresh(stale), 2, sm_hand([3, 9, 4]), by=owner)

        snap = committed(services.record_hand, stale, 3, sm_hand([5, 3, 8]), by=owner)

        assert [hand.number for hand in snap.state.hands] == [1, 2, 3]
        assert snap.state.totals == (1, 0, -1)
        assert snap.match.revision == fresh(stale).revision
        assert fresh(stale).totals == [1, 0, -1]
        assert AuditEntry.objects.filter(match=stale, action="record").count() == 3
        assert selectors.snapshot(fresh(stale)).state == snap.state

    def test_a_hand_recorded_meanwhile_is_a_conflict(self, owner, stale, committed):
        committed(services.record_hand, fresh(stale), 2, sm_hand([3, 9, 4]), by=owner)

        with pytest.raises(Conflict) as refused:
            services.record_hand(stale, 2, sm_hand([3, 8, 5]), by=owner)

        assert refused.value.message == "Hand 2 was just recorded by someone else."
        assert refused.value.snapshot.next_number == 3
        assert Hand.objects.get(match=stale, number=2).input == sm_hand([3, 9, 4])
        assert AuditEntry.objects.filter(match=stale, action="record").count() == 2

    def test_a_hand_played_on_a_revision_that_moved_on_is_played_again(
        self, owner, stale, committed
    ):
        # Hand 2 fits the kept state too, but hand 1 was corrected meanwhile: the hand
        # must score on top of the correction, and the seats follow the correction.
        committed(services.correct_hand, fresh(stale), 1, sm_hand([10, 3, 3]), version=1, by=owner)

        snap = committed(services.record_hand, stale, 2, sm_hand([3, 8, 5]), by=owner)

        assert snap.state.totals == (2, -2, 0)
        assert snap.versions == (2, 1)
        assert fresh(stale).totals == [2, -2, 0]
        assert selectors.snapshot(fresh(stale)).state == snap.state
        assert list(Hand.objects.filter(match=stale).values_list("number", "version")) == [
            (1, 2),
            (2, 1),
        ]
