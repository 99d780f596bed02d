"""The derived state of a match, kept per revision: in this process's memory and in a
file that every worker process reads (``selectors.shared_states``), so that a worker
that did not write the last hand need not replay the match. Never a state that does not
belong to the match as stored: another revision, another match behind a reused id, a
restored database, other rules, a rolled-back write."""

import pickle
import zlib
from dataclasses import replace

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from matches.models import AuditEntry, Hand, Match
from matches.services import base, selectors
from matches.services import play as services
from tests.factories import sm_hand


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


def replays(match):
    """How many queries taking its snapshot costs a worker with nothing in memory."""
    selectors.states.clear()
    with CaptureQueriesContext(connection) as captured:
        selectors.snapshot(match)
    return len(captured)


def test_a_worker_that_did_not_write_reads_the_state_from_the_file(owner, make_match, committed):
    match = make_match([sm_hand([9, 4, 3])])
    written = committed(services.record_hand, fresh(match), 2, sm_hand([3, 9, 4]), by=owner)
    selectors.states.clear()

    other = fresh(match)
    with CaptureQueriesContext(connection) as captured:
        read = selectors.snapshot(other)

    assert len(captured) == 0
    assert read.state == written.state
    assert read.versions == (1, 1)
    assert read.state.totals == (1, 0, -1)


def test_each_match_keeps_one_file_with_its_latest_state(owner, make_match, committed, settings):
    match = make_match()
    for number, tricks in enumerate([[9, 4, 3], [3, 8, 5], [5, 3, 8]], start=1):
        committed(services.record_hand, fresh(match), number, sm_hand(tricks), by=owner)
    selectors.states.clear()

    assert [path.name for path in settings.DERIVED_STATES_DIR.iterdir()] == [str(match.pk)]
    other = fresh(match)
    with CaptureQueriesContext(connection) as captured:
        read = selectors.snapshot(other)
    assert len(captured) == 0
    assert [hand.number for hand in read.state.hands] == [1, 2, 3]


def test_a_longer_old_state_behind_a_shorter_new_one_is_cut_off(owner, make_match, committed):
    # An undo writes a shorter state over a longer one in place.
    match = make_match()
    for number, tricks in enumerate([[9, 4, 3], [3, 9, 4]], start=1):
        committed(services.record_hand, fresh(match), number, sm_hand(tricks), by=owner)
    committed(services.undo_last_hand, fresh(match), 2, by=owner)
    selectors.states.clear()

    other = fresh(match)
    with CaptureQueriesContext(connection) as captured:
        read = selectors.snapshot(other)
    assert len(captured) == 0
    assert read.state.totals == (1, -1, 0)


def test_a_rolled_back_write_leaves_no_state(owner, make_match, settings):
    match = make_match()
    # No commit: the test's transaction is rolled back at its end, and nothing is kept.
    services.record_hand(fresh(match), 1, sm_hand([9, 4, 3]), by=owner)

    assert not (settings.DERIVED_STATES_DIR / str(match.pk)).exists()
    assert selectors.states.get(selectors.cache_key(fresh(match))) is None


def test_a_state_written_at_another_time_is_not_read(owner, make_match, committed):
    # A restored database can bring a match back to a revision it had before, with
    # other hands: the file says when its revision was written, and that differs.
    match = make_match([sm_hand([9, 4, 3])])
    committed(services.record_hand, fresh(match), 2, sm_hand([3, 9, 4]), by=owner)
    Match.objects.filter(pk=match.pk).update(updated_at=fresh(match).updated_at.replace(year=2020))
    Hand.objects.filter(match=match, number=2).update(input=sm_hand([3, 8, 5]))

    assert replays(fresh(match)) > 0
    assert selectors.snapshot(fresh(match)).state.totals == (1, -1, 0)


def test_a_state_of_other_rules_is_not_read(owner, make_match, committed, monkeypatch):
    match = make_match()
    committed(services.record_hand, fresh(match), 1, sm_hand([9, 4, 3]), by=owner)
    monkeypatch.setattr(selectors, "RULES_VERSION", "an-update")

    assert replays(fresh(match)) > 0


def broken(body):
    """What a state file can hold that is not a whole state: torn, cut off, not ours."""
    header = selectors.shared_states.HEADER
    stamp, bare, versions, pieces = pickle.loads(body)
    # A write that tore: whole pickles of the right match and revision, but the bytes are
    # not the ones the header vouches for.
    other = pickle.dumps((stamp, replace(bare, totals=(9, 9, 9)), versions, pieces))
    return {
        "empty": b"",
        "no header": b"\x01\x02",
        "cut off": header.pack(len(body) + 10, zlib.crc32(body)) + body,
        "torn": header.pack(len(other), zlib.crc32(body)) + other,
        "not a pickle": header.pack(3, zlib.crc32(b"abc")) + b"abc",
        "another value": header.pack(len(other := pickle.dumps("x")), zlib.crc32(other)) + other,
    }


@pytest.mark.parametrize(
    "kind", ["empty", "no header", "cut off", "torn", "not a pickle", "another value"]
)
def test_a_broken_file_means_a_replay(owner, make_match, committed, settings, kind):
    match = make_match()
    committed(services.record_hand, fresh(match), 1, sm_hand([9, 4, 3]), by=owner)
    path = settings.DERIVED_STATES_DIR / str(match.pk)
    whole = path.read_bytes()
    path.write_bytes(broken(whole[selectors.shared_states.HEADER.size :])[kind])

    assert replays(fresh(match)) > 0
    assert selectors.snapshot(fresh(match)).state.totals == (1, -1, 0)


def test_an_unwritable_directory_means_no_file_and_no_error(
    owner, make_match, committed, settings, tmp_path
):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    settings.DERIVED_STATES_DIR = blocker / "states"  # cannot be made: a file is in the way
    match = make_match()

    snap = committed(services.record_hand, fresh(match), 1, sm_hand([9, 4, 3]), by=owner)

    assert snap.state.totals == (1, -1, 0)
    assert Hand.objects.filter(match=match).count() == 1


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

        with pytest.raises(services.Conflict) as refused:
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


@pytest.mark.django_db(transaction=True)
def test_a_committed_write_through_the_writers_queue_leaves_the_file(owner, make_match, settings):
    # A real commit (no test transaction around it): on SQLite through the writers' queue,
    # the file is written once the queue is left.
    match = make_match()

    services.record_hand(fresh(match), 1, sm_hand([9, 4, 3]), by=owner)
    selectors.states.clear()

    assert (settings.DERIVED_STATES_DIR / str(match.pk)).exists()
    other = fresh(match)
    with CaptureQueriesContext(connection) as captured:
        read = selectors.snapshot(other)
    assert len(captured) == 0
    assert read.state.totals == (1, -1, 0)
    assert getattr(base._held, "pending", None) is None  # nothing left waiting


class TestHandsPickledOneByOne:
    """The file holds the hands one by one, each pickled once in a process
    (``selectors.Pieces``): a write pickles the hand it adds, and a worker that holds an
    earlier state of the match unpickles only the hands it does not hold."""

    @pytest.fixture
    def pickled(self, monkeypatch):
        numbers = []
        original = selectors._pickled

        def counting(hand):
            numbers.append(hand.number)
            return original(hand)

        monkeypatch.setattr(selectors, "_pickled", counting)
        return numbers

    @pytest.fixture
    def unpickled(self, monkeypatch):
        """How many pickles a read of the file unpickles (the whole file's is one)."""
        count = []
        original = pickle.loads
        monkeypatch.setattr(
            selectors.pickle, "loads", lambda data: count.append(1) or original(data)
        )
        return count

    def test_a_write_pickles_the_hand_it_adds(self, owner, make_match, committed, pickled):
        match = make_match()
        committed(services.record_hand, fresh(match), 1, sm_hand([9, 4, 3]), by=owner)
        committed(services.record_hand, fresh(match), 2, sm_hand([3, 9, 4]), by=owner)
        pickled.clear()

        committed(services.record_hand, fresh(match), 3, sm_hand([4, 3, 9]), by=owner)

        assert pickled == [3]

    def test_a_worker_that_held_an_earlier_state_unpickles_the_new_hands(
        self, owner, make_match, committed, unpickled
    ):
        match = make_match()
        committed(services.record_hand, fresh(match), 1, sm_hand([9, 4, 3]), by=owner)
        committed(services.record_hand, fresh(match), 2, sm_hand([3, 9, 4]), by=owner)
        # Another worker records hand 3: this process keeps only what it had read.
        held = selectors.pickled_hands.kept.get(match.pk)
        committed(services.record_hand, fresh(match), 3, sm_hand([4, 3, 9]), by=owner)
        selectors.states.clear()
        selectors.pickled_hands.kept.put(match.pk, held)
        unpickled.clear()

        read = selectors.snapshot(fresh(match))

        assert len(unpickled) == 2  # the file, and hand 3
        assert read.state == selectors.derive(
            fresh(match), [hand.input for hand in read.state.hands]
        )

    def test_a_correction_elsewhere_is_read_as_a_fresh_replay_would_derive_it(
        self, owner, make_match, committed
    ):
        match = make_match()
        tricks = [[9, 4, 3], [3, 9, 4], [4, 3, 9], [8, 5, 3]]
        for number, hand in enumerate(tricks, start=1):
            committed(services.record_hand, fresh(match), number, sm_hand(hand), by=owner)
        held = selectors.pickled_hands.kept.get(match.pk)
        # Hand 2 corrected by another worker: the later hands' targets move with it.
        committed(services.correct_hand, fresh(match), 2, sm_hand([5, 8, 3]), version=1, by=owner)
        selectors.states.clear()
        selectors.pickled_hands.kept.put(match.pk, held)

        read = selectors.snapshot(fresh(match))

        inputs = [sm_hand(hand) for hand in [tricks[0], [5, 8, 3], *tricks[2:]]]
        assert read.state == selectors.derive(fresh(match), inputs)
        assert read.versions == (1, 2, 1, 1)
