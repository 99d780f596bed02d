"""The repeat-pair figure of a seating, its lower bound and whether it is optimal
(docs/tournaments.md §3; docs/tournaments.md, "Seating").

A pair that has shared a table m times counts m − 1 repeat pairs. That is the count the
contract's bound is about: with N players at k-seat tables over r rounds each player
meets r(k − 1) others but has only N − 1 to meet, so at least
⌈N · max(0, r(k − 1) − (N − 1)) / 2⌉ meetings are repeats.

The round page's bound is sharper: it counts what the rounds played force on the next
one (the players of one old table cannot all be spread when they outnumber the tables),
and it is the exact optimum when the round has few enough seatings to try them all
(``exhaustive``).

"Proven optimal" follows ``mixed``'s order: the most times any pair has met first, then
the repeat pairs, then Σ m² over the pairs' meeting counts m. A seating is optimal when
each of the three is at a bound no seating goes below in that order (``best_by_order``):
the least most (``least_most``), the fewest repeats while no pair meets more often than
that, and the least Σ m² those repeats can make.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Sequence
from functools import lru_cache

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
    squares_before = sum(times * times for times in met.values())
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
    most_met = max(met.values(), default=0)
    earlier = sum(repeat.times - 1 for repeat in found)
    least, exact = fewest_new_repeats(sizes, seated, history, reached=len(found))
    (most, fewest, least_earlier), _exact = best_by_order(
        sizes, seated, history, reached=(most_met, len(found), earlier)
    )
    made = sum(size * (size - 1) // 2 for size in sizes)
    return Quality(
        created=len(found),
        total=before + len(found),
        most_met=most_met,
        lower_bound=before + least,
        most_bound=most,
        # No seating has fewer repeats than the least of all, whatever its most.
        ordered_bound=before + max(fewest, least),
        squares=sum(times * times for times in met.values()),
        squares_bound=squares_before + made + 2 * max(least_earlier, least),
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
    mates = _mates(history.meetings())
    everyone = list(seated)

    def again(_table: int, members: tuple[Entry, ...]) -> tuple[int]:
        return (
            sum(
                1
                for i, first in enumerate(members)
                for second in members[i + 1 :]
                if second in mates.get(first, ())
            ),
        )

    beat = None if reached is None else (reached,)
    found = exhaustive.best(everyone, sizes, again, ["sum"], beat=beat, floor=(bound,))
    if found is None:
        return reached, True
    return found[0][0], True


Order = tuple[int, int, int]


def best_by_order(
    sizes: Sequence[int],
    seated: Sequence[Entry],
    history: History,
    *,
    reached: Order | None = None,
) -> tuple[Order, bool]:
    """The best a round of tables of ``sizes`` can do by ``mixed``'s order (docs/
    tournaments.md, "Seating"): the most times any pair has met through it, then the
    repeat pairs it adds, then Σ over them of their earlier meetings (what Σ m² grows by
    beyond the round's own pairs, halved); and whether that is the exact optimum (every
    seating tried) rather than a bound, lower than or equal to every seating in that order.

    ``reached``: those three figures of a seating at hand, if one is known: then the
    answer is only whether it is the optimum. It is, at the bound or when no seating
    does better (``reached``, exact); else the bound comes back, the search ending at the
    first seating better than it (the page says no more than "not optimal").
    """
    bound = order_bound(sizes, seated, history)
    if reached is not None and reached <= bound:
        return reached, True
    if not sizes or exhaustive.count(sizes) > exhaustive.LIMIT:
        return bound, False
    met = history.meetings()
    floor = max(met.values(), default=0)
    mates = _mates(met)
    nobody: dict[Entry, int] = {}

    def cost(_table: int, members: tuple[Entry, ...]) -> Order:
        most, again, earlier = max(floor, 1), 0, 0
        for i, first in enumerate(members):
            row = mates.get(first, nobody)
            for second in members[i + 1 :]:
                times = row.get(second, 0)
                if times:
                    again += 1
                    earlier += times
                    most = max(most, times + 1)
        return most, again, earlier

    found = exhaustive.best(
        list(seated),
        sizes,
        cost,
        ["max", "sum", "sum"],
        beat=reached,
        floor=bound if reached is None else reached,
    )
    if found is None:
        return reached, True
    return (bound, False) if reached is not None else (found[0], True)


def _mates(met: Counter[Pair]) -> dict[Entry, dict[Entry, int]]:
    """Each entry's earlier tablemates with the times they met (the exhaustive search's
    look-ups, without building a pair for each)."""
    mates: dict[Entry, dict[Entry, int]] = {}
    for key, times in met.items():
        first, second = key
        mates.setdefault(first, {})[second] = times
        mates.setdefault(second, {})[first] = times
    return mates


def order_bound(sizes: Sequence[int], seated: Collection[Entry], history: History) -> Order:
    """A bound for ``best_by_order``, no seating below it in that order: the least most
    (``least_most``); the fewest repeat pairs with no pair meeting more often than that;
    and the earlier meetings of those pairs, at least one each and at least what the
    tables played force (``forced_by_rounds``: every pair they force counts once at each of
    its old tables)."""
    most = least_most(sizes, seated, history)
    fewest = new_repeats_bound(sizes, seated, history, most=most)
    return most, fewest, max(fewest, forcing(sizes, seated, history)[1])


def least_most(sizes: Sequence[int], seated: Collection[Entry], history: History) -> int:
    """The fewest times, at least, the pair that has met most will have met after a round
    of tables of ``sizes`` (over the event: pairs with an entry not seated count as they
    stand). The most so far, or one more while the round cannot keep every pair that met
    that often apart: too few pairs left to fill the tables, or an entry with too few
    others to sit with, or the pairs the tables played force (``forced_by_rounds``) cannot
    be made of pairs that met fewer times."""
    met = history.meetings()
    everyone = list(seated)
    n = len(everyone)
    most = max(met.values(), default=0)
    if any(size > 1 for size in sizes):
        most = max(most, 1)
    made = sum(size * (size - 1) // 2 for size in sizes)
    least = min(sizes, default=1) - 1
    while True:
        # The pairs that met ``most`` times or more must stay apart.
        apart, apart_of = _met_at_least(met, everyone, most)
        if (
            n * (n - 1) // 2 - apart >= made
            and all(n - 1 - apart_of[entry] >= least for entry in everyone)
            and forced_by_rounds(sizes, everyone, history, most=most) is not None
        ):
            return most
        most += 1


def _met_at_least(
    met: Counter[Pair], seated: Collection[Entry], times: int
) -> tuple[int, Counter[Entry]]:
    """Of the pairs of ``seated``, how many met at least ``times`` times, and how many of
    them each entry is in (read from the pairs that met: a big field has few of those
    beside the pairs there are)."""
    here = set(seated)
    pairs = 0
    of: Counter[Entry] = Counter()
    for key, count in met.items():
        if count >= times and key <= here:
            first, second = key
            pairs += 1
            of[first] += 1
            of[second] += 1
    return pairs, of


def new_repeats_bound(
    sizes: Sequence[int],
    seated: Collection[Entry],
    history: History,
    *,
    most: int | None = None,
) -> int:
    """The fewest repeat pairs a round of tables of ``sizes`` must add, whoever of
    ``seated`` sits where, given ``history``; with ``most``, among the seatings in which
    no pair meets more than ``most`` times over the event.

    Three bounds, the largest holds: the round makes Σ C(k, 2) pairs and only the pairs
    not met yet are fresh; each player meets at least (smallest table − 1) others, of
    whom only those they have not met yet are new to them; and ``forced_by_rounds``.
    """
    if not sizes:
        return 0
    everyone = list(seated)
    n = len(everyone)
    met_pairs, met_of = _met_at_least(history.meetings(), everyone, 1)
    fresh = n * (n - 1) // 2 - met_pairs
    made = sum(size * (size - 1) // 2 for size in sizes)
    least = min(sizes) - 1
    per_player = sum(max(0, least - (n - 1 - met_of[entry])) for entry in everyone)
    forced = forced_by_rounds(sizes, everyone, history, most=most)
    if forced is None:  # no seating keeps to ``most``: the bound of any seating
        forced = forced_by_rounds(sizes, everyone, history)
    return max(0, made - fresh, -(-per_player // 2), forced)


def forced_by_rounds(
    sizes: Sequence[int],
    seated: Collection[Entry],
    history: History,
    *,
    most: int | None = None,
) -> int | None:
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

    ``most``: only pairs that met fewer than ``most`` times may sit together again (no
    pair meets more than ``most`` times): the sum is made up of those alone, and ``None``
    when they cannot make it up (no seating keeps to ``most``). After rounds 1 and 2 of
    23 at 5 + 6 + 6 + 6 each round forces 7: the 7 pairs met twice make up the 14, but
    without a pair meeting a third time it takes 14 pairs.
    """
    here = set(seated)
    most_forced, total = forcing(sizes, here, history)
    if most is None and total <= most_forced:
        return most_forced
    met = history.meetings()
    times = sorted(
        (count for key, count in met.items() if key <= here and (most is None or count < most)),
        reverse=True,
    )
    covered = pairs = 0
    for count in times:
        if covered >= total:
            break
        covered += count
        pairs += 1
    if covered < total and most is not None:
        return None
    return max(most_forced, pairs)


def forcing(sizes: Sequence[int], here: Collection[Entry], history: History) -> tuple[int, int]:
    """What the tables played force on a round of ``sizes`` (``forced_by_rounds``): the
    most one round played forces, and the sum over every round played."""
    here = set(here)
    sizes = tuple(sizes)
    most = total = 0
    for played in history.rounds:
        forced = sum(
            least_together(sum(1 for entry in table if entry in here), sizes)
            for table in played.tables
        )
        most = max(most, forced)
        total += forced
    return most, total


def least_together(group: int, sizes: Sequence[int]) -> int:
    """The fewest pairs of ``group`` players who share a table, at tables of ``sizes``:
    each player in turn to the table with fewest of them and room left (evenly spread is
    the least, the cost of a table growing with each one more). Kept per group and sizes:
    the bounds ask it for every table played, of a few sizes."""
    return _least_together(group, tuple(sizes))


@lru_cache(maxsize=4096)
def _least_together(group: int, sizes: tuple[int, ...]) -> int:
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
