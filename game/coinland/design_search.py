"""Exhaustive questions about one puzzle's optimal walks, for the design measures (design.py).

The solver answers "what is the best score?"; a puzzle designer asks more: which moves keep
par, how many really different ways reach it, how far the obvious walk falls short. These
all rest on one question asked many times, "from here, can a walk still end holding par?",
which `ParOracle` answers exactly (a depth-first search pruned by the solver's own bounds,
game/coinland/bounds.py) and remembers, so that asking it about every move of every optimal
walk stays cheap. Positions are the solver's: a cell number, a bit mask of the coins left
and the purse (game/coinland/solver_tables.py).

Vocabulary (docs/LEVELS.md says the same for players and designers):

* An **optimal walk** is a sequence of moves from the start that ends the first time the
  purse holds par. (Nothing done after that can raise the score, so it is not counted.)
* An **open region** is a component of the board's *free graph*: two cells are joined when
  a straight move between them crosses no gate (coins or not on the cells passed over).
  Gates alone define the regions; a free (toll-free) move never leaves its region.
* A **sweep** is a maximal run of consecutive free moves in a walk: it collects a set of
  coins of one open region and ends on one cell.
* Two optimal walks are the **same decision** when they make the same paid moves in the same
  order and, between them, each sweep collects the same set of coins and ends on the same
  cell (the last sweep, after which the walk is over, only needs the same set). They differ
  at most in the order coins were swept inside one open region: busywork, not a decision.

Pure: no pygame. Every search takes a budget of positions so that a loose board (thousands
of walks) costs a bounded time, and reports when the budget or the cap cut it short.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.coinland.bounds import PartCache, gain_bound
from game.coinland.solver_tables import Tables
from game.hexgrid import Edge, distance

MEMO_LIMIT = 1_000_000  # answers the oracle keeps before it starts afresh


class OutOfBudget(Exception):
    """A count or search looked at more positions than its budget allowed."""


class _TooHard(Exception):
    """One question took more nodes than the plain search is given before the solver takes over."""


class ParOracle:
    """Exactly: can a walk from (cell, coins, purse) still end holding `par` coins?

    Answers are kept per (cell, coins left) as the lowest purse known to reach par and the
    highest purse known not to: a richer Hoarder can do everything a poorer one can (she pays
    the same tolls and ends richer), so one answer settles every purse on its side.

    A question is first put to a plain depth-first search pruned by the solver's bounds, which
    settles nearly all of them in a few nodes. One it has not settled in `QUESTION_NODES`
    (a position one coin short of par that the bounds cannot refute, on a large board) goes to
    the solver (`solve_position`, with its prover), whose proved optimum answers it.
    `node_limit`, when set, caps the nodes of the plain search and turns the solver off: a
    count that must stay within a budget gives up (OutOfBudget) instead of waiting for proofs.
    """

    QUESTION_NODES = 20_000

    def __init__(self, t: Tables, par: int, gates: frozenset[Edge]) -> None:
        self.t = t
        self.par = par
        self.gates = gates  # for the solver, which builds its tables from them
        self.cache = PartCache(t)
        self.low: dict[int, int] = {}  # key -> lowest purse known to reach par
        self.high: dict[int, int] = {}  # key -> highest purse known not to
        self.nodes = 0
        self.solved = 0  # questions the solver answered
        self.node_limit: int | None = None  # raise OutOfBudget past this many nodes (None: never)
        self._question_limit: int | None = None

    def reaches(self, cur: int, coins: int, purse: int) -> bool:
        known = self._known(cur, coins, purse)
        if known is not None:
            return known
        if self._question_limit is not None:  # a question inside a search
            return self._settle(cur, coins, purse, self._search(cur, coins, purse))
        self._question_limit = self.nodes + self.QUESTION_NODES
        try:
            return self._settle(cur, coins, purse, self._search(cur, coins, purse))
        except _TooHard:
            return self._settle(cur, coins, purse, self._solve(cur, coins, purse))
        finally:
            self._question_limit = None

    def _known(self, cur: int, coins: int, purse: int) -> bool | None:
        if purse >= self.par:
            return True
        key = coins << 8 | cur
        low = self.low.get(key)
        if low is not None and purse >= low:
            return True
        high = self.high.get(key)
        if high is not None and purse <= high:
            return False
        return None

    def _settle(self, cur: int, coins: int, purse: int, found: bool) -> bool:
        if len(self.low) + len(self.high) > MEMO_LIMIT:
            self.low.clear()
            self.high.clear()
        (self.low if found else self.high)[coins << 8 | cur] = purse
        return found

    def _solve(self, cur: int, coins: int, purse: int) -> bool:
        from game.coinland.solver import solve_position

        t = self.t
        result = solve_position(t.size, self.gates, t.cells[cur], t.cells_of(coins), purse)
        self.solved += 1
        return result.score >= self.par

    def _search(self, cur: int, coins: int, purse: int) -> bool:
        need = self.par - purse
        if coins.bit_count() < need:
            return False
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise OutOfBudget
        if self.node_limit is None and self._question_limit is not None and self.nodes > self._question_limit:
            raise _TooHard
        if gain_bound(self.t, cur, coins, need, cache=self.cache) < need:
            return False
        free_adj = self.t.free_adj
        children = []
        for j, fee, bit in self.t.moves[cur]:
            if fee > purse:
                break
            if coins & bit:
                left = coins ^ bit
                children.append((fee, (free_adj[j] & left).bit_count(), j, left))
        children.sort()  # free moves first, then toward the fewest onward free moves (Warnsdorff)
        return any(self.reaches(j, left, purse - fee + 1) for fee, _, j, left in children)


def legal_moves(t: Tables, cur: int, coins: int, purse: int) -> list[tuple[int, int, int]]:
    """(target, fee, target bit) of every legal move, cheapest first (the rules' own order within a fee)."""
    return [(j, fee, bit) for j, fee, bit in t.moves[cur] if fee <= purse and coins & bit]


@dataclass
class Count:
    """A count of walks: `value` is exact unless `capped` (at least `value`)."""

    value: int
    capped: bool

    def __str__(self) -> str:
        return f"{self.value}+" if self.capped else str(self.value)


class WalkCounter:
    """Counts optimal walks up to `cap`, raw (every order) and by decision (module text).

    Both are sums over the moves that keep par (the oracle), remembered per position; each
    position looked at spends one unit of `budget`. A sum that reaches `cap`, or a search
    that runs out of budget, stops with the count found so far, marked capped.
    """

    def __init__(self, oracle: ParOracle, cap: int, budget: int) -> None:
        self.oracle = oracle
        self.t = oracle.t
        self.par = oracle.par
        self.cap = cap
        self.budget = budget
        self.spent = 0
        self._raw: dict[tuple[int, int], int] = {}
        self._paid: dict[tuple[int, int], int] = {}
        self._full: dict[tuple[int, int], int] = {}

    def _tick(self) -> None:
        self.spent += 1
        if self.spent > self.budget:
            raise OutOfBudget

    def count(self, cur: int, coins: int, purse: int, raw: bool = False) -> Count:
        """Decision-distinct (or, with `raw`, all) optimal walks from a position, within cap and budget."""
        if purse >= self.par:
            return Count(1, False)
        if not self.oracle.reaches(cur, coins, purse):
            return Count(0, False)
        self.oracle.node_limit = self.oracle.nodes + self.budget  # the oracle's searches spend the budget too
        try:
            value = (self.raw if raw else self.decisions)(cur, coins, purse)
        except OutOfBudget:
            return Count(self._partial, True)
        finally:
            self.oracle.node_limit = None
        return Count(min(value, self.cap), value >= self.cap)

    _partial = 0

    def raw(self, cur: int, coins: int, purse: int) -> int:
        """Every optimal walk from a position that keeps par, counted move by move."""
        if purse >= self.par:
            return 1
        key = (coins << 8 | cur, purse)
        known = self._raw.get(key)
        if known is not None:
            return known
        self._tick()
        total = 0
        for j, fee, bit in legal_moves(self.t, cur, coins, purse):
            left, held = coins ^ bit, purse - fee + 1
            if self.oracle.reaches(j, left, held):
                total += self.raw(j, left, held)
                if total >= self.cap:
                    break
        total = min(total, self.cap)
        self._raw[key] = total
        self._partial = max(self._partial, total)
        return total

    def decisions(self, cur: int, coins: int, purse: int) -> int:
        """Decision-distinct optimal walks from a position that keeps par: sweeps, then paid moves."""
        key = (coins << 8 | cur, purse)
        known = self._full.get(key)
        if known is not None:
            return known
        if coins.bit_count() == self.par - purse:  # every coin left must be swept, free: one decision
            return 1
        total = min(self.cap, self._sweeps(cur, coins, purse) + self._paid_moves(cur, coins, purse))
        self._full[key] = total
        self._partial = max(self._partial, total)
        return total

    def _paid_moves(self, cur: int, coins: int, purse: int) -> int:
        """Walks that begin with a paid move (after a sweep, the next move is always one)."""
        key = (coins << 8 | cur, purse)
        known = self._paid.get(key)
        if known is not None:
            return known
        self._tick()
        total = 0
        try:
            for j, fee, bit in legal_moves(self.t, cur, coins, purse):
                if fee == 0:
                    continue
                left, held = coins ^ bit, purse - fee + 1
                if self.oracle.reaches(j, left, held):
                    total += self.decisions(j, left, held)
                    if total >= self.cap:
                        break
        except OutOfBudget:
            self._partial = max(self._partial, total)
            raise
        total = min(total, self.cap)
        self._paid[key] = total
        return total

    def _sweeps(self, cur: int, coins: int, purse: int) -> int:
        """Walks that begin with a sweep, one per (coins swept, last cell) and its continuations;
        a sweep that reaches par ends the walk, so there only the coins swept tell walks apart."""
        ending: set[int] = set()  # the coins left after each sweep that reaches par
        seen = {coins << 8 | cur}
        stack = [(cur, coins, purse)]
        total = 0
        try:
            while stack:
                here, left, held = stack.pop()
                for j, fee, bit in self.t.moves[here]:
                    if fee:
                        break
                    after = left ^ bit
                    if not left & bit or after << 8 | j in seen:
                        continue
                    seen.add(after << 8 | j)
                    self._tick()
                    if held + 1 >= self.par:
                        ending.add(after)
                    elif after.bit_count() == self.par - held - 1:
                        if self.oracle.reaches(j, after, held + 1):  # no coin to spare: it all goes, free
                            ending.add(0)
                    elif self.oracle.reaches(j, after, held + 1):
                        total += self._paid_moves(j, after, held + 1)
                        if total + len(ending) >= self.cap:
                            return self.cap
                        stack.append((j, after, held + 1))
        except OutOfBudget:
            self._partial = max(self._partial, total + len(ending))
            raise
        return total + len(ending)


# --- the greedy player -----------------------------------------------------------------
def cheapest_moves(t: Tables, cur: int, coins: int, purse: int) -> list[tuple[int, int, int]]:
    """Every legal move at the fee of the cheapest legal one (the best net gain), in the rules'
    order. One pass over the row, which the tables sort by fee: the first legal move sets the
    fee and the first dearer one ends the list (the greedy searches make ~10^7 calls)."""
    best, out = -1, []
    for move in t.moves[cur]:
        fee = move[1]
        if fee > purse or (best >= 0 and fee != best):
            break
        if coins & move[2]:
            best = fee
            out.append(move)
    return out


def greedy_step(t: Tables, cur: int, coins: int, purse: int) -> list[tuple[int, int, int]]:
    """The moves a greedy player may take here: those of the best net gain, none when every move loses."""
    moves = cheapest_moves(t, cur, coins, purse)
    if moves and moves[0][1] > 1:  # the cheapest move pays 2 or more: every move loses
        return []
    return moves


def greedy_walk(t: Tables, cur: int, coins: int, purse: int, rng: random.Random | None = None) -> tuple[int, list[int]]:
    """One greedy walk: score and targets. Ties (equal gain) go to the nearest coin, then to the
    greatest cell [q, r] (the board's last in cell order); with `rng`, to a random one instead."""
    walk = []
    while True:
        ties = greedy_step(t, cur, coins, purse)
        if not ties:
            return purse, walk
        if rng is None:
            j, fee, bit = min(ties, key=lambda m: (distance(t.cells[cur], t.cells[m[0]]), -m[0]))
        else:
            j, fee, bit = rng.choice(ties)
        walk.append(j)
        cur, coins, purse = j, coins ^ bit, purse - fee + 1


def greedy_best(t: Tables, cur: int, coins: int, purse: int, budget: int, ceiling: int | None = None) -> int | None:
    """The best score any greedy player reaches, whatever way it breaks ties; None past `budget`
    positions. A branch-and-bound search over the greedy player's choices: a position is not
    followed when the solver's bound says it cannot beat the best greedy walk found (or when
    it was seen before with as many coins in hand: a richer greedy player ends at least as
    rich), and the search ends at once when a greedy walk reaches `ceiling` (par)."""
    cache = PartCache(t)
    seen: dict[int, int] = {}
    best = purse
    nodes = 0
    stack = [(cur, coins, purse)]
    while stack:
        cur, coins, purse = stack.pop()
        best = max(best, purse)
        if ceiling is not None and best >= ceiling:
            return best
        key = coins << 8 | cur
        if seen.get(key, -1) >= purse:
            continue
        seen[key] = purse
        nodes += 1
        if nodes > budget:
            return None
        if purse + gain_bound(t, cur, coins, best - purse + 1, cache=cache) <= best:
            continue
        stack.extend((j, coins ^ bit, purse - fee + 1) for j, fee, bit in greedy_step(t, cur, coins, purse))
    return best
