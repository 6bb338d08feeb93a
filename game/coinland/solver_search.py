"""The solver's search: depth-first, one question at a time ("a walk scoring at least T?").

`Search` holds one board's search: the best walk so far, what earlier questions proved,
and the bounds already computed. `solver.py` drives it (warm-up, the plain proof, probing,
or handing the proof to CP-SAT); see its module doc for the whole picture. Here:

* **Children first.** A node (`expand`) looks at all its moves before following any:
  transpositions and bounds (`bounds.gain_bound`) weed them out, and the survivors are tried
  best bound first, then free moves, then the target with the fewest onward free moves
  (Warnsdorff), so good walks come early.
* **Dominance.** Reaching the same cell with the same coins left but no more coins held
  cannot do better, so a transposition table keeps the richest purse seen per (cell,
  coins); a child searched to the end without reaching the target is *refuted* for every
  poorer arrival, for every later question too.
* **The plain proof** (`settle`): `reaches` for T from the root bound down; each "no" lowers
  the proved bound by one, the first "yes" is optimal.
* **Probing** (`probe`): proof attempts at the bound alternating with limited-discrepancy
  searches (`discrepancies`) for walks below it, with node budgets that double.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from game.coinland.bounds import PartCache, child_parts, components, gain_bound
from game.coinland.solver_tables import Tables

MEMO_LIMIT = 2_000_000  # transposition entries kept before the table is cleared
CLOCK_EVERY = 256  # nodes between two looks at the clock
PROBE_NODES = 4_000  # node budget of the first probing round; it doubles every round


class OutOfBudget(Exception):
    """The node limit, the time limit or the stop request was reached."""


class Found(Exception):
    """A walk reaching the target was found (it is kept as the best)."""


class Search:
    """Depth-first search for walks scoring at least `target`; keeps the best walk seen."""

    def __init__(self, t: Tables, deadline: float | None, node_limit: int | None,
                 stop: Callable[[], bool] | None = None, clock: Callable[[], float] = time.perf_counter) -> None:
        self.t = t
        self.clock = clock  # what `deadline` is measured on
        self.deadline = deadline
        self.stop = stop
        self.node_limit = node_limit
        self.nodes = 0
        self.next_check = CLOCK_EVERY
        self.best = -1
        self.best_walk: list[int] = []
        self.walk: list[int] = []
        self.memo: dict[int, int] = {}  # dominance within one limited or improving search
        self.refuted: dict[int, tuple[int, int]] = {}  # key -> (held, most she could end with), proved
        self.bounds: dict[int, int] = {}  # key -> gain bound << 1 | exact (see `expand`)
        self.cache = PartCache(t)
        self.target = 0
        self.improve = False  # True: raise the target after each find (branch and bound)
        self.soft_deadline: float | None = None  # when the plain proof gives way to probing
        self.proved = 1 << 30  # an upper bound proved by a probe's refutation
        self.upper = 1 << 30  # the bound the plain proof has come down to (`settle`)
        self.cut = False  # a discrepancy limit left some child unexplored

    def _check_budget(self) -> None:
        self.next_check = self.nodes + CLOCK_EVERY
        if self.node_limit is not None and self.nodes >= self.node_limit:
            raise OutOfBudget
        if self.out_of_time():
            raise OutOfBudget
        if self.soft_expired():
            if self.target - self.best > 1:
                raise OutOfBudget
            self.soft_deadline = None  # one short of the bound: probing below it cannot help
        if len(self.memo) > MEMO_LIMIT:
            self.memo.clear()
        if len(self.refuted) + len(self.bounds) > MEMO_LIMIT:
            self.refuted.clear()
            self.bounds.clear()

    def offer(self, purse: int, last: int | None = None) -> None:
        if purse > self.best:
            self.best = purse
            self.best_walk = [*self.walk, last] if last is not None else list(self.walk)

    def expand(self, cur: int, coins: int, purse: int, parts: list[int], spare: int = -1) -> None:
        """Search below (cur, coins, purse); raises Found when a walk reaches the target.

        `parts` are the free-graph components of the live cells, hers first (`bounds.components`).
        `spare`, when not -1, limits the discrepancies (see `discrepancies`): the child ranked
        i-th (from 0) is followed only while i <= spare, and costs i of them.

        What a plain search (no discrepancy limit, fixed target) learns outlives it: a child
        searched to the end without reaching the target proves that, held as poorly or worse,
        no walk from there reaches it (`refuted`), and every bound computed is kept
        (`bounds`). Both are facts about the position, not about this target, so the next
        question (the next lower target, a probe) starts from them.
        """
        t = self.t
        free_adj, toll_one = t.free_adj, t.toll_one
        memo, cache, refuted, known = self.memo, self.cache, self.refuted, self.bounds
        plain = spare < 0 and not self.improve
        children = []
        for j, fee, bit in t.moves[cur]:
            if fee > purse:
                break
            if not coins & bit:
                continue
            self.nodes += 1
            held = purse - fee + 1
            if held >= self.target:
                self.offer(held, j)
                if not self.improve:
                    raise Found
                self.target = held + 1
            left = coins ^ bit
            need = self.target - held
            if need > left.bit_count():
                continue
            key = left << 8 | j
            seen = refuted.get(key)
            if seen is not None and held <= seen[0] and seen[1] - seen[0] + held < self.target:
                continue  # refuted when richer: the walks open to her now end poorer still
            if spare >= 0:  # a node seen poorer but with more discrepancies left is not covered
                seen = memo.get(key)
                if seen is not None and seen >> 10 >= held and seen & 1023 >= spare:
                    continue
                memo[key] = held << 10 | spare
            elif not plain:
                if memo.get(key, -1) >= held:
                    continue
                memo[key] = held
            kept = known.get(key)
            if kept is not None and (kept >> 1 < need or kept & 1):
                bound = kept >> 1
            else:
                bound = gain_bound(t, j, left, need, child_parts(t, parts, cur, j), cache)
                known[key] = bound << 1 | (bound >= need)  # low bit: exact, not cut short below need
            if bound < need:
                continue
            onward_free = (free_adj[j] & left).bit_count()
            onward = ((free_adj[j] | toll_one[j]) & left).bit_count()
            children.append((-held - bound, fee, onward_free, onward, j, left, held, key))
        if self.nodes >= self.next_check:
            self._check_budget()
        children.sort()
        walk = self.walk
        for rank, (score, _, _, _, j, left, held, key) in enumerate(children):
            if -score < self.target:  # the target rose since this child was weighed
                continue
            if spare >= 0 and rank > spare:
                self.cut = True
                break
            if plain:
                seen = refuted.get(key)  # searched since it was weighed, through a sibling
                if seen is not None and held <= seen[0] and seen[1] - seen[0] + held < self.target:
                    continue
            walk.append(j)
            self.expand(j, left, held, child_parts(t, parts, cur, j), spare - rank if spare >= 0 else -1)
            walk.pop()
            if plain:
                seen = refuted.get(key)
                if seen is None or held >= seen[0]:
                    refuted[key] = (held, self.target - 1)

    def greedy(self, cur: int, coins: int, purse: int) -> None:
        """A first walk: the free move with the fewest onward free moves, while there is one."""
        free_adj = self.t.free_adj
        self.offer(purse)
        while True:
            free = [((free_adj[j] & coins).bit_count(), j, bit) for j, fee, bit in self.t.moves[cur]
                    if fee == 0 and coins & bit]
            if not free:
                break
            _, j, bit = min(free)
            self.walk.append(j)
            cur, coins, purse = j, coins ^ bit, purse + 1
            self.offer(purse)
        self.walk.clear()

    def out_of_time(self) -> bool:
        """Past the deadline, or told to stop (a client whose board changed under the search)."""
        if self.stop is not None and self.stop():
            return True
        return self.deadline is not None and self.clock() > self.deadline

    def soft_expired(self) -> bool:
        return self.soft_deadline is not None and self.clock() > self.soft_deadline

    def limited(self, cur: int, coins: int, purse: int, target: int, nodes: int) -> bool | None:
        """`reaches` within `nodes` more nodes: True or False when settled, None when not."""
        limit = self.node_limit
        self.node_limit = self.nodes + nodes if limit is None else min(limit, self.nodes + nodes)
        try:
            return self.reaches(cur, coins, purse, target)
        except OutOfBudget:
            if self.node_limit == limit or self.out_of_time():
                raise
            return None
        finally:
            self.node_limit = limit

    def discrepancies(self, cur: int, coins: int, purse: int, target: int, nodes: int) -> bool | None:
        """`limited`, searching by limited discrepancies: True or False when settled, None when not.

        Like `reaches`, it asks about walks of at least one move, so `target` must exceed `purse`.

        A depth-first search that takes one wrong turn near the root spends its whole budget
        below it. Allowing first no deviation from the best-ranked child, then one, then two
        (summed over the walk), spreads the same nodes over many different walks, which finds
        good walks on large boards far sooner. An iteration that never had to skip a child
        was exhaustive, so it settles the question either way.
        """
        limit = self.node_limit
        self.node_limit = self.nodes + nodes if limit is None else min(limit, self.nodes + nodes)
        parts = components(self.t, cur, coins)
        try:
            for spare in range(1023):
                self.memo.clear()
                self.target, self.cut = target, False
                try:
                    self.expand(cur, coins, purse, parts, spare)
                except Found:
                    return True
                finally:
                    self.walk.clear()
                if not self.cut:
                    return False
            return None
        except OutOfBudget:
            if self.node_limit == limit or self.out_of_time():
                raise
            return None
        finally:
            self.node_limit = limit

    def probe(self, cur: int, coins: int, purse: int, upper: int) -> int:
        """The rest of the time: proof attempts at the bound, each followed by searches for walks below it.

        A search that targets the bound and fails to settle it in its node budget leaves
        the best walk where the warm-up left it, which on a large board may be far below
        the optimum; the same search aimed lower is pruned hard enough to find a walk fast.
        So each round asks about the bound, then about halfway between the best walk and
        the bound, then just above the best walk, these two by limited discrepancies, all
        with the round's node budget, which doubles. A lower target settled the other way
        proves a lower bound (kept in `proved`). Once the best walk is one short of the
        bound only the plain proof is left, and it runs uncut. Returns the proved bound.
        """
        budget = PROBE_NODES
        while self.best < upper:
            if upper - self.best == 1:  # nothing lies between: the plain proof, never cut short
                if not self.reaches(cur, coins, purse, upper):
                    upper = self.proved = upper - 1
                break
            found = self.limited(cur, coins, purse, upper, budget)
            if found:
                break
            if found is False:
                upper -= 1
                self.proved = upper
                continue
            target = (self.best + 1 + upper) // 2
            if self.best < target < upper:
                found = self.discrepancies(cur, coins, purse, target, budget)
                if found is False:
                    upper = self.proved = target - 1
            target = self.best + 1
            if self.best < target < upper:
                found = self.discrepancies(cur, coins, purse, target, budget)
                if found is False:
                    upper = self.proved = target - 1
            budget *= 2
        return upper

    def warm_up(self, cur: int, coins: int, purse: int, nodes: int) -> None:
        """Branch and bound for a few nodes, to start the proof from a strong walk."""
        limit, self.node_limit = self.node_limit, self.nodes + nodes
        if limit is not None:
            self.node_limit = min(self.node_limit, limit)
        self.improve, self.target = True, self.best + 1
        try:
            self.expand(cur, coins, purse, components(self.t, cur, coins))
        except OutOfBudget:
            if self.node_limit == limit or self.out_of_time():
                raise
        finally:
            self.node_limit, self.improve = limit, False
            self.walk.clear()
            self.memo.clear()

    def settle(self, cur: int, coins: int, purse: int, soft_deadline: float | None, probe: bool) -> None:
        """The plain proof: "a walk scoring `upper`?" for `upper` from the bound down (kept in `upper`).

        With `probe`, past `soft_deadline` it gives way to `probe` for the rest of the time;
        without, the soft deadline ends it (raising OutOfBudget, for the prover to go on).
        """
        self.soft_deadline = soft_deadline
        try:
            while self.best < self.upper:
                if self.reaches(cur, coins, purse, self.upper):
                    break
                self.upper -= 1
        except OutOfBudget:
            if not probe or not self.soft_expired() or self.out_of_time():
                raise
            self.soft_deadline = None
            self.upper = self.probe(cur, coins, purse, self.upper)

    def proved_bound(self) -> int:
        """The best upper bound proved so far (never below the best walk)."""
        return max(min(self.upper, self.proved), self.best)

    def reaches(self, cur: int, coins: int, purse: int, target: int) -> bool:
        """Whether some walk from here ends with `target` coins or more (keeps it as the best)."""
        self.memo.clear()
        self.target = target
        try:
            self.expand(cur, coins, purse, components(self.t, cur, coins))
        except Found:
            return True
        finally:
            self.walk.clear()
        return False
