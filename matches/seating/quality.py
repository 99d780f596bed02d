"""The repeat-pair figure of a seating and its lower bound (TOURNAMENTS.md §3).

A pair that has shared a table m times counts m − 1 repeat pairs. That is the count the
contract's bound is about: with N players at k-seat tables over r rounds each player
meets r(k − 1) others but has only N − 1 to meet, so at least
⌈N · max(0, r(k − 1) − (N − 1)) / 2⌉ meetings are repeats.

The round page's bound is sharper: it counts what the rounds played force on the next
one (the players of one old table cannot all be spread when they outnumber the tables),
and it is the exact optimum when the round has few enough seatings to try them all
(``exhaustive``): a figure equal to it is proven optimal.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Sequence

from . import exhaustive
from .model import Entry, History, Pair, Quality, RepeatPair, pair


def lower_bound(players: int, table_size: int, rounds: int) -> int:
    """The contract's bound: repeat pairs of N players at k-seat tables over r rounds."""
    excess = max(0, rounds * (table_size - 1) - (players - 1))
    return -(-players * excess // 2)


def repeats(met: Counter[Pair]) -> int:
    """Repeat pairs in a count of meetings: m − 1 for a pair that met m times."""
    return sum(times - 1 for times in met.values() if times > 1)


def assess(
    tables: Sequence[tuple[int, Sequence[Entry]]],
    history: History,
    keep_apart: Iterable[tuple[Entry, Entry]] = (),
) -> Quality:
    """The quality of one round's ``tables`` (``(number, entries)``) after ``history``."""
    met = history.meetings()
    before = repeats(met)
    found: list[RepeatPair] = []
    apart = {pair(first, second): (first, second) for first, second in keep_apart}
    broken: list[tuple[Entry, Entry]] = []
    for number, entries in tables:
        for i, first in enumerate(entries):
            for second in entries[i + 1 :]:
                key = pair(first, second)
                met[key] += 1
                if met[key] > 1:
                    found.append(RepeatPair(first, second, number, met[key]))
                if key in apart:
                    broken.append(apart[key])
    sizes = [len(entries) for _number, entries in tables]
    seated = [entry for _number, entries in tables for entry in entries]
    least, exact = fewest_new_repeats(sizes, seated, history, reached=len(found))
    return Quality(
        created=len(found),
        total=before + len(found),
        most_met=max(met.values(), default=0),
        lower_bound=before + least,
        repeats=tuple(found),
        apart_broken=tuple(broken),
        exact=exact,
    )


def fewest_new_repeats(
    sizes: Sequence[int], seated: Sequence[Entry], history: History, *, reached: int | None = None
) -> tuple[int, bool]:
    """The fewest repeat pairs a round of tables of ``sizes`` must add, and whether that is
    the exact optimum (every seating tried) rather than a bound.

    ``reached``: what a seating at hand adds, if one is known: the search only looks for
    better, and ends as soon as it finds one at the bound.
    """
    bound = new_repeats_bound(sizes, seated, history)
    if reached is not None and reached <= bound:
        return reached, True
    if not sizes or exhaustive.count(sizes) > exhaustive.LIMIT:
        return bound, False
    met = history.meetings()
    everyone = list(seated)

    def again(_table: int, members: tuple[Entry, ...]) -> tuple[int]:
        return (
            sum(
                1
                for i, first in enumerate(members)
                for second in members[i + 1 :]
                if pair(first, second) in met
            ),
        )

    beat = None if reached is None else (reached,)
    found = exhaustive.best(everyone, sizes, again, ["sum"], beat=beat, floor=(bound,))
    if found is None:
        return reached, True
    return found[0][0], True


def new_repeats_bound(sizes: Sequence[int], seated: Collection[Entry], history: History) -> int:
    """The fewest repeat pairs a round of tables of ``sizes`` must add, whoever of
    ``seated`` sits where, given ``history``.

    Three bounds, the largest holds: the round makes Σ C(k, 2) pairs and only the pairs
    not met yet are fresh; each player meets at least (smallest table − 1) others, of
    whom only those they have not met yet are new to them; and ``forced_by_rounds``.
    """
    if not sizes:
        return 0
    met = history.meetings()
    fresh_of = Counter()
    everyone = list(seated)
    fresh = 0
    for i, first in enumerate(everyone):
        for second in everyone[i + 1 :]:
            if pair(first, second) not in met:
                fresh += 1
                fresh_of[first] += 1
                fresh_of[second] += 1
    made = sum(size * (size - 1) // 2 for size in sizes)
    least = min(sizes) - 1
    per_player = sum(max(0, least - fresh_of[entry]) for entry in everyone)
    return max(0, made - fresh, -(-per_player // 2), forced_by_rounds(sizes, everyone, history))


def forced_by_rounds(sizes: Sequence[int], seated: Collection[Entry], history: History) -> int:
    """Pigeonhole over the tables played: the players of one of them have all met, so
    wherever they sit next, tablemates among them meet again. Spread as evenly as the
    tables allow, g of them at T tables put C(x, 2) pairs together at a table given x
    (``least_together``).

    The tables of one round are disjoint, so their least counts add up: the round that
    forces most is a bound (2 for 11 players at 4+4+3 after one such round). Over all
    rounds the counts add up too, but a pair that met m times is counted at each of its
    m old tables: so the new repeat pairs are at least as many as it takes of the pairs
    met most often to make up the sum. Nine who sat in rows and then in columns of a 3×3
    square, each round forcing 3 on tables of 5 + 4, must repeat 6 there.
    """
    here = set(seated)
    most = total = 0
    for played in history.rounds:
        forced = sum(
            least_together(sum(1 for entry in table if entry in here), sizes)
            for table in played.tables
        )
        most = max(most, forced)
        total += forced
    if total <= most:
        return most
    met = history.meetings()
    times = sorted((count for key, count in met.items() if key <= here), reverse=True)
    covered = pairs = 0
    for count in times:
        if covered >= total:
            break
        covered += count
        pairs += 1
    return max(most, pairs)


def least_together(group: int, sizes: Sequence[int]) -> int:
    """The fewest pairs of ``group`` players who share a table, at tables of ``sizes``:
    each player in turn to the table with fewest of them and room left (evenly spread is
    the least, the cost of a table growing with each one more)."""
    placed = [0] * len(sizes)
    together = 0
    for _player in range(group):
        room = [t for t in range(len(sizes)) if placed[t] < sizes[t]]
        if not room:
            break
        t = min(room, key=lambda t: placed[t])
        together += placed[t]
        placed[t] += 1
    return together
