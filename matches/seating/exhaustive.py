"""Every seating of one round, when there are few enough to try them all (issue 19).

A round's seating, up to table order among tables of one size and seat order within a
table, is a partition of the seated entries into tables of the given sizes. With N
entries there are N! / (Π kᵢ! · Π mⱼ!) of them (kᵢ the table sizes, mⱼ how many tables
share a size): 5,775 for 11 entries at 4+4+3, 15,400 for 12 at tables of three. Up to
``LIMIT`` the search below tries them all, so its answer is the optimum, not a guess.

It is a branch and bound over tables filled one after another: the cost of a seating is a
tuple compared in order, each term a sum or a maximum over its tables, so that a partial
seating costs no more in any term than any seating completing it; a branch whose partial
cost is already no better than the best found is not followed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from math import factorial

LIMIT = 50_000  # seatings tried at most: few enough to try every one while the page waits

Cost = tuple[int, ...]


def count(sizes: Sequence[int]) -> int:
    """How many distinct seatings there are of sum(sizes) entries at tables of ``sizes``."""
    total = factorial(sum(sizes))
    for size in sizes:
        total //= factorial(size)
    for size in set(sizes):
        total //= factorial(sizes.count(size))
    return total


def best(
    players: Sequence[int],
    sizes: Sequence[int],
    table_cost: Callable[[int, tuple[int, ...]], Cost],
    combine: Sequence[str],
    *,
    beat: Cost | None = None,
    floor: Cost | None = None,
) -> tuple[Cost, list[tuple[int, ...]]] | None:
    """The cheapest seating of ``players`` at tables of ``sizes`` (tables in the order of
    ``sizes``), as (cost, tables); ``None`` if none costs less than ``beat``.

    ``table_cost(t, members)``: the cost terms of table number t seating ``members``;
    ``combine``: per term, ``"sum"`` or ``"max"`` (how tables add up). ``floor``: a cost
    no seating can go below; reaching it ends the search. Among seatings of equal cost the
    first found wins: the order of ``players`` decides (the caller shuffles it with its
    seeded random for a draw among equals).
    """
    order = sorted(range(len(sizes)), key=lambda t: -sizes[t])  # big tables first
    first_of_run = [i == 0 or sizes[order[i - 1]] != sizes[order[i]] for i in range(len(order))]
    terms = len(combine)
    maxed = [kind == "max" for kind in combine]
    found: list = [beat, None]
    chosen: list[tuple[int, ...]] = [()] * len(sizes)

    def add(cost: Cost, more: Cost) -> Cost:
        return tuple(max(cost[i], more[i]) if maxed[i] else cost[i] + more[i] for i in range(terms))

    def search(i: int, left: tuple[int, ...], cost: Cost, least: int) -> bool:
        """Fill table order[i] on from the entries ``left`` (positions in ``players``);
        ``least``: the smallest first member it may have (equal tables in order). True
        once ``floor`` is reached."""
        if found[0] is not None and cost >= found[0]:
            return False
        if i == len(order):
            found[0], found[1] = cost, list(chosen)
            return floor is not None and cost <= floor
        t = order[i]
        size = sizes[t]
        # Equal tables take their entries in order of their lowest: a table's first
        # member is its lowest, above the one before it in the run, so that every
        # seating is made once; in the last run the lowest entry left heads the table.
        last_run = all(sizes[u] == size for u in order[i:])
        same_next = i + 1 < len(order) and not first_of_run[i + 1]
        for start, head in enumerate(left):
            if head < least:
                continue
            for mates in combinations(left[start + 1 :], size - 1):
                members = (head, *mates)
                chosen[t] = members
                more = table_cost(t, tuple(players[p] for p in members))
                remaining = tuple(p for p in left if p not in members)
                if search(i + 1, remaining, add(cost, more), head + 1 if same_next else -1):
                    return True
            if last_run:
                break
        return False

    search(0, tuple(range(len(players))), (0,) * terms, -1)
    if found[1] is None:
        return None
    return found[0], [tuple(players[p] for p in table) for table in found[1]]
