"""The repeat-pair figure of a seating and its lower bound (TOURNAMENTS.md §3).

A pair that has shared a table m times counts m − 1 repeat pairs. That is the count the
contract's bound is about: with N players at k-seat tables over r rounds each player
meets r(k − 1) others but has only N − 1 to meet, so at least
⌈N · max(0, r(k − 1) − (N − 1)) / 2⌉ meetings are repeats.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Sequence

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
    seated = [entry for _number, entries in tables for entry in entries]
    return Quality(
        created=len(found),
        total=before + len(found),
        most_met=max(met.values(), default=0),
        lower_bound=before + new_repeats_bound([len(e) for _n, e in tables], seated, history),
        repeats=tuple(found),
        apart_broken=tuple(broken),
    )


def new_repeats_bound(sizes: Sequence[int], seated: Collection[Entry], history: History) -> int:
    """The fewest repeat pairs a round of tables of ``sizes`` must add, whoever of
    ``seated`` sits where, given ``history``.

    Two bounds, the larger holds: the round makes Σ C(k, 2) pairs and only the pairs not
    met yet are fresh; and each player meets at least (smallest table − 1) others, of
    whom only those they have not met yet are new to them.
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
    return max(0, made - fresh, -(-per_player // 2))
