"""Perfect matchings in general graphs: Edmonds' blossom search for an augmenting path.

``swiss`` pairs greedily in its order of preference and asks this module, before it fixes
each pair, whether the entries left can still all be paired without a forbidden pairing.
The answer costs one augmenting-path search: the matching found so far is kept, and
fixing a pair outside it frees two entries that one augmenting path must join again.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence


class Pairing:
    """A maximum matching of the vertices still in play, kept as pairs are fixed."""

    def __init__(self, allowed: Sequence[Sequence[int]]):
        self.allowed = [list(neighbours) for neighbours in allowed]
        n = len(self.allowed)
        self.alive = [True] * n
        self.mate = [-1] * n
        for v in range(n):  # a greedy start, then augmenting paths for the rest
            if self.mate[v] < 0:
                for w in self.allowed[v]:
                    if self.mate[w] < 0 and w != v:
                        self.mate[v], self.mate[w] = w, v
                        break
        for v in range(n):
            if self.mate[v] < 0:
                self._augment(v)

    @property
    def perfect(self) -> bool:
        return all(self.mate[v] >= 0 for v in range(len(self.mate)) if self.alive[v])

    def allows(self, v: int, w: int) -> bool:
        return w in self.allowed[v]

    def fix(self, v: int, w: int) -> bool:
        """Take v and w out as a pair if the rest can still be matched perfectly (the
        matching must be perfect now); ``False`` and nothing changed if not."""
        if not self.allows(v, w):
            return False
        if self.mate[v] == w:
            self.alive[v] = self.alive[w] = False
            return True
        saved = list(self.mate)
        v_mate, w_mate = self.mate[v], self.mate[w]
        self.alive[v] = self.alive[w] = False
        self.mate[v_mate] = self.mate[w_mate] = -1
        self.mate[v], self.mate[w] = w, v
        if self._augment(v_mate):
            return True
        self.mate = saved
        self.alive[v] = self.alive[w] = True
        return False

    def _augment(self, root: int) -> bool:
        """Edmonds: search an augmenting path from the free ``root``, shrinking odd
        cycles (blossoms) to their base; flip it if found."""
        n = len(self.mate)
        mate, alive, allowed = self.mate, self.alive, self.allowed
        base = list(range(n))
        parent = [-1] * n
        used = [False] * n
        used[root] = True
        queue = deque([root])

        def lca(a: int, b: int) -> int:
            seen = [False] * n
            while True:
                a = base[a]
                seen[a] = True
                if mate[a] < 0:
                    break
                a = parent[mate[a]]
            while True:
                b = base[b]
                if seen[b]:
                    return b
                b = parent[mate[b]]

        def mark(v: int, b: int, child: int, blossom: list[bool]) -> None:
            while base[v] != b:
                blossom[base[v]] = blossom[base[mate[v]]] = True
                parent[v] = child
                child = mate[v]
                v = parent[mate[v]]

        while queue:
            v = queue.popleft()
            for to in allowed[v]:
                if not alive[to] or base[v] == base[to] or mate[v] == to or to == v:
                    continue
                if to == root or (mate[to] >= 0 and parent[mate[to]] >= 0):
                    current = lca(v, to)
                    blossom = [False] * n
                    mark(v, current, to, blossom)
                    mark(to, current, v, blossom)
                    for i in range(n):
                        if alive[i] and blossom[base[i]]:
                            base[i] = current
                            if not used[i]:
                                used[i] = True
                                queue.append(i)
                elif parent[to] < 0:
                    parent[to] = v
                    if mate[to] < 0:
                        while to >= 0:
                            previous = parent[to]
                            following = mate[previous]
                            mate[to], mate[previous] = previous, to
                            to = following
                        return True
                    used[mate[to]] = True
                    queue.append(mate[to])
        return False
