"""Properties of round results and standings over random small tournaments.

A random tournament: 3–9 entries, 1–3 rounds, some late or withdrawn, each round seated
at tables of 2–4 with up to two byes, zero-sum table totals, sometimes a 12-trick win,
and a few adjustments. Expectations are stated independently of the code under test.
"""

from dataclasses import dataclass, replace

from hypothesis import given, settings
from hypothesis import strategies as st

from matches.standings import (
    TIE_BREAKS,
    Adjustment,
    Bye,
    EntryInfo,
    Scoring,
    TableResult,
    round_results,
    standings,
)

from .support import table

PROPERTY = settings(max_examples=60, deadline=None)


@dataclass(frozen=True)
class Tournament:
    entries: tuple[EntryInfo, ...]
    tables: tuple[TableResult, ...]
    byes: tuple[Bye, ...]
    adjustments: tuple[Adjustment, ...]
    rounds: int

    def before(self, number):
        """The same tournament as it stood before round ``number``."""
        return Tournament(
            self.entries,
            tuple(t for t in self.tables if t.round < number),
            tuple(b for b in self.byes if b.round < number),
            tuple(a for a in self.adjustments if a.round < number),
            number - 1,
        )

    def standings(self, scoring):
        return standings(self.entries, self.tables, self.byes, self.adjustments, scoring)


# Strategies are built once: building them inside the draw costs more than the test.
JOINED_OR_LEFT = st.sampled_from([None, None, None, 2, 3])
STATUS = st.lists(st.tuples(JOINED_OR_LEFT, JOINED_OR_LEFT), min_size=9, max_size=9)
NAMES = st.lists(st.sampled_from(["Ann", "ann", "Ben", "Cy", "Dot", "Eve"]), min_size=9, max_size=9)
SIZES = st.lists(st.integers(2, 4), min_size=4, max_size=4)
TWELVE = st.lists(st.integers(-4, 3), min_size=4, max_size=4)  # a seat index, or none
TOTALS = st.lists(st.integers(-8, 8), min_size=9, max_size=9)
ADJUSTMENTS = st.lists(
    st.tuples(
        st.integers(1, 3),
        st.integers(0, 8),
        st.integers(-3, 3),
        st.sampled_from(["slow play", "ruling"]),
    ),
    max_size=3,
)


@st.composite
def tournaments(draw, min_rounds=1, with_adjustments=True):
    count = draw(st.integers(3, 9))
    ids = list(range(10, 10 + count))
    joined, left = zip(*draw(STATUS)[:count], strict=True)
    rounds = draw(st.integers(min_rounds, 3))
    tables, byes = [], []
    for number in range(1, rounds + 1):
        active = [
            entry
            for entry, start, stop in zip(ids, joined, left, strict=True)
            if (start is None or number >= start) and (stop is None or number < stop)
        ]
        order = draw(st.permutations(active))
        sitting_out = draw(st.integers(0, min(2, len(order))))
        out, rest = list(order[:sitting_out]), list(order[sitting_out:])
        sizes, twelves, totals = draw(SIZES), draw(TWELVE), draw(TOTALS)
        seat = 0
        for size, twelve in zip(sizes, twelves, strict=True):
            size = min(size, len(rest) - seat)
            if size < 2:
                break
            seats = rest[seat : seat + size]
            figures = totals[seat : seat + size - 1]
            seat += size
            tables.append(
                table(
                    number,
                    len(tables) + 1,
                    *zip(seats, [*figures, -sum(figures)], strict=True),
                    twelve=seats[twelve] if size >= 3 and 0 <= twelve < size else None,
                )
            )
        out += rest[seat:]  # whoever no table took sits out
        byes += [Bye(number, entry) for entry in out]
    adjustments = ()
    if with_adjustments:
        adjustments = tuple(
            Adjustment(min(number, rounds), ids[index % count], points, reason)
            for number, index, points, reason in draw(ADJUSTMENTS)
        )
    # Names that differ only in case must still order the same way every time.
    names = draw(NAMES)[:count]
    entries = tuple(
        EntryInfo(entry, name, stop, start)
        for entry, name, start, stop in zip(ids, names, joined, left, strict=True)
    )
    return Tournament(entries, tuple(tables), tuple(byes), adjustments, rounds)


@st.composite
def scorings(draw, head_to_head=True):
    score = draw(st.sampled_from(["game_points", "match_points"]))
    others = [
        name for name in TIE_BREAKS if name != score and (head_to_head or name != "head_to_head")
    ]
    chain = draw(st.lists(st.sampled_from(others), unique=True, max_size=5))
    return Scoring(score, tuple(chain), bye_match_points=draw(st.integers(0, 2)))


def key(row, scoring):
    """A row's figures as one tuple that sorts best-last; no best round is the worst."""
    figures = []
    for name in (scoring.score, *scoring.tie_breaks):
        value = row.score if name == scoring.score else row.tie_break_values[name]
        figures.append((0, 0) if value is None else (1, -value if name == "fewest_byes" else value))
    return tuple(figures)


@PROPERTY
@given(tournaments(min_rounds=2), scorings())
def test_adding_a_round_never_changes_earlier_results(tournament, scoring):
    last = tournament.rounds
    earlier = tournament.before(last)
    everything = round_results(
        tournament.entries, tournament.tables, tournament.byes, tournament.adjustments, scoring
    )
    before = round_results(
        earlier.entries, earlier.tables, earlier.byes, earlier.adjustments, scoring
    )
    for entry, rounds in everything.items():
        assert {n: result for n, result in rounds.items() if n < last} == before[entry]


@PROPERTY
@given(tournaments(), scorings(head_to_head=False))
def test_the_order_is_a_total_preorder(tournament, scoring):
    rows = tournament.standings(scoring)
    assert sorted(row.entry for row in rows) == sorted(e.entry for e in tournament.entries)
    for index, row in enumerate(rows):
        # Competition ranking: 1 + how many stand strictly ahead.
        assert row.rank == 1 + sum(key(other, scoring) > key(row, scoring) for other in rows)
        assert row.shared == any(o.rank == row.rank for o in rows if o is not row)
        if index:
            above = rows[index - 1]
            assert above.rank <= row.rank
            assert key(above, scoring) >= key(row, scoring)
            assert (above.rank == row.rank) == (key(above, scoring) == key(row, scoring))


@PROPERTY
@given(tournaments(), scorings(head_to_head=True))
def test_with_head_to_head_shared_ranks_still_mean_equal_figures(tournament, scoring):
    rows = tournament.standings(scoring)
    chain = (scoring.score, *scoring.tie_breaks)
    cut = chain.index("head_to_head") if "head_to_head" in chain else len(chain)
    for index, row in enumerate(rows):
        assert row.rank == (
            index + 1 if not index or rows[index - 1].rank != row.rank else rows[index - 1].rank
        )
        if index:
            above = rows[index - 1]
            # Before head-to-head the figures are the entries' own: they decide first.
            assert key(above, scoring)[:cut] >= key(row, scoring)[:cut]
            if above.rank == row.rank:
                assert key(above, scoring) == key(row, scoring)
        # Head-to-head is shown only for entries that were tied when it came to apply.
        if "head_to_head" in scoring.tie_breaks and row.tie_break_values["head_to_head"]:
            assert any(
                key(other, scoring)[:cut] == key(row, scoring)[:cut]
                for other in rows
                if other is not row
            )


@st.composite
def shuffled(draw, tournament):
    """The same tournament with every input list, and every table's seats, reordered."""
    tables = tuple(
        TableResult(t.round, t.table, tuple(draw(st.permutations(t.seats))))
        for t in draw(st.permutations(tournament.tables))
    )
    return Tournament(
        tuple(draw(st.permutations(tournament.entries))),
        tables,
        tuple(draw(st.permutations(tournament.byes))),
        tuple(draw(st.permutations(tournament.adjustments))),
        tournament.rounds,
    )


@PROPERTY
@given(st.data(), tournaments(), scorings())
def test_input_order_does_not_matter(data, tournament, scoring):
    other = data.draw(shuffled(tournament))

    def comparable(rows):
        # Two rulings in one round keep the order they were given in (their creation
        # order in the database); compare footnotes as a set.
        return [replace(row, adjustments=sorted(row.adjustments, key=repr)) for row in rows]

    assert comparable(tournament.standings(scoring)) == comparable(other.standings(scoring))


@PROPERTY
@given(tournaments(), scorings())
def test_game_points_are_zero_sum_apart_from_rulings(tournament, scoring):
    rows = tournament.standings(scoring)
    # bye_game_points and missed_game_points are 0: every table sums to 0.
    assert sum(row.game_points for row in rows) == sum(a.points for a in tournament.adjustments)
    # Match points: 2 to a sole winner, 1 to each of several, the byes' own figure.
    expected = sum(
        2 if winners == 1 else winners
        for winners in (sum(seat.won for seat in t.seats) for t in tournament.tables)
    ) + scoring.bye_match_points * len(tournament.byes)
    assert sum(row.match_points for row in rows) == expected


@PROPERTY
@given(tournaments(), st.sampled_from(["game_points", "match_points"]))
def test_opponents_sum_to_each_score_times_its_meetings(tournament, score):
    # Buchholz counts every meeting from both sides: the column adds up to each entry's
    # score once per opponent it had.
    rows = tournament.standings(Scoring(score, ("opponents",)))
    meetings = {row.entry: 0 for row in rows}
    for t in tournament.tables:
        for seat in t.seats:
            meetings[seat.entry] += len(t.seats) - 1
    assert sum(row.tie_break_values["opponents"] for row in rows) == sum(
        row.score * meetings[row.entry] for row in rows
    )


@PROPERTY
@given(tournaments(with_adjustments=False))
def test_places_follow_totals_with_the_twelve_trick_winner_first(tournament):
    for t in tournament.tables:
        ranked = sorted(t.seats, key=lambda seat: (seat.twelve_tricks, seat.total), reverse=True)
        for seat, place in zip(t.seats, t.places(), strict=True):
            first_equal = next(
                index
                for index, other in enumerate(ranked)
                if (other.twelve_tricks, other.total) == (seat.twelve_tricks, seat.total)
            )
            assert place == first_equal + 1


@PROPERTY
@given(tournaments(), scorings())
def test_rows_count_what_the_rounds_hold(tournament, scoring):
    results = round_results(
        tournament.entries, tournament.tables, tournament.byes, tournament.adjustments, scoring
    )
    info = {e.entry: e for e in tournament.entries}
    for row in tournament.standings(scoring):
        rounds = results[row.entry].values()
        assert row.rounds_played == sum(r.table is not None for r in rounds)
        assert row.byes == sum(r.bye for r in rounds)
        assert row.game_points == sum(r.game_points for r in rounds)
        assert row.withdrawn_from == info[row.entry].withdrawn_from
        stop = info[row.entry].withdrawn_from
        # Nothing is played after a withdrawal; rulings may still land there.
        assert all(r.table is None and not r.bye for r in rounds if stop and r.round >= stop)
