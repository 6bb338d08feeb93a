"""Exact, anytime puzzle solver: the best score the Hoarder can reach, with a proof.

A puzzle is a longest-simple-path problem with a budget: NP-hard, so the solver is a
depth-first search that must prune almost everything. What makes it fast:

* **Tables, not states** (`solver_tables.py`): cells are bit positions and every move
  from every cell is precomputed with its fee, so a node is three integers.
* **Strong bounds** (`bounds.py`): free-graph components with their entry fees, and the
  path-ends bound, which counts the places where free runs must end (dead ends, leaf
  blocks of the free graph) and how few paid hops could join them up (a matching over
  toll-one lines). On most boards the bound at the root already equals the optimum.
* **Iterative deepening on the score.** After a quick search for a good walk, the solver
  asks "is there a walk scoring at least T?" for T from the root bound down. Each question
  prunes every node whose bound falls short of T, so it is answered quickly, either with a
  walk (which is then optimal) or a proof that lowers the upper bound by one. The bound
  reported on a timeout is therefore a proved one, not just the root's.
* **Probing** (when the search works alone). Past the part `PROVE_FIRST` of a time limit the
  plain proof gives way to `_Search.probe`: proof attempts at the bound alternating with
  limited-discrepancy searches for walks below it, whose node budgets double, so dense boards
  end with good walks even when the proof cannot finish.
* **Children first.** A node looks at all its moves before following any: transpositions
  and bounds weed them out, and the survivors are tried best bound first, then free moves,
  then the target with the fewest onward free moves (Warnsdorff), so good walks come early.
* **Dominance.** Reaching the same cell with the same coins left but no more coins held
  cannot do better (every walk open to the poorer Hoarder is open to the richer one and
  ends richer), so a transposition table keeps the richest purse seen per (cell, coins).

* **A prover for the rest** (`solver_prover.py`). A proof the search has not finished in
  `PROVER_AFTER` nodes (or by the part `PROVE_FIRST` of the time limit) goes to OR-tools
  CP-SAT, for all the time left: the walk as a circuit through the live cells, the budget
  rule added lazily, the search's walk as hint and its bound as cap. Its linear relaxation
  with circuit cuts is the bound that medium and dense boards need (bench_solver, 10 s of CPU
  a board: sizes 5 and 6 went from 59/63 and 42/63 proved to 63/63 each, the slowest in
  1.3 s; sizes 7 and 8, 35 of 36), and it finds better walks than probing once it has time.
  So with the prover there is no probing, unless too little of the limit is left for CP-SAT
  (`solver_prover.MIN_SECONDS`, after `IMPORT_SECONDS` to import OR-tools, which happens on
  the first hand-over in a process): stopped that soon its walk is only its hint, so the
  search keeps the time and probes as it does alone. Without OR-tools, or with a node limit
  (whose answers must not depend on the machine), the search works alone.

It is anytime and interruptible: with a time or node limit it returns the best walk found,
`optimal=False`, and the best proved upper bound.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from game.coinland import solver_prover
from game.coinland.bounds import PartCache, child_parts, components, gain_bound
from game.coinland.levels import Level
from game.coinland.solver_tables import Tables, tables
from game.coinland.state import HOARDER, Mode, State
from game.hexgrid import Cell, Edge, board

MEMO_LIMIT = 2_000_000  # transposition entries kept before the table is cleared
CLOCK_EVERY = 256  # nodes between two looks at the clock
WARM_UP_NODES = 3_000  # nodes spent improving the first walk before the proof starts
PROVE_FIRST = 0.5  # share of a time limit given to the plain proof before probing for walks too
PROBE_NODES = 4_000  # node budget of the first probing round; it doubles every round
PROVER_AFTER = 10_000  # nodes of plain proof (after the warm-up) before CP-SAT takes over


@dataclass
class SolveResult:
    score: int
    optimal: bool
    upper_bound: int
    moves: list[Cell] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0

    def to_json_dict(self) -> dict[str, object]:
        return {
            "score": self.score,
            "optimal": self.optimal,
            "upper_bound": self.upper_bound,
            "moves": [list(c) for c in self.moves],
            "nodes": self.nodes,
            "seconds": round(self.seconds, 4),
        }


class _OutOfBudget(Exception):
    pass


class _Found(Exception):
    pass


class _Search:
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
            raise _OutOfBudget
        if self.out_of_time():
            raise _OutOfBudget
        if self.soft_expired():
            if self.target - self.best > 1:
                raise _OutOfBudget
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
        """Search below (cur, coins, purse); raises _Found when a walk reaches the target.

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
                    raise _Found
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
        except _OutOfBudget:
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
                except _Found:
                    return True
                finally:
                    self.walk.clear()
                if not self.cut:
                    return False
            return None
        except _OutOfBudget:
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
        except _OutOfBudget:
            if self.node_limit == limit or self.out_of_time():
                raise
        finally:
            self.node_limit, self.improve = limit, False
            self.walk.clear()
            self.memo.clear()

    def settle(self, cur: int, coins: int, purse: int, soft_deadline: float | None, probe: bool) -> None:
        """The plain proof: "a walk scoring `upper`?" for `upper` from the bound down (kept in `upper`).

        With `probe`, past `soft_deadline` it gives way to `probe` for the rest of the time;
        without, the soft deadline ends it (raising _OutOfBudget, for the prover to go on).
        """
        self.soft_deadline = soft_deadline
        try:
            while self.best < self.upper:
                if self.reaches(cur, coins, purse, self.upper):
                    break
                self.upper -= 1
        except _OutOfBudget:
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
        except _Found:
            return True
        finally:
            self.walk.clear()
        return False


def solve_position(
    size: int, gates: Iterable[Edge], cell: Cell, coins: Iterable[Cell], purse: int,
    time_limit: float | None = None, node_limit: int | None = None, stop: Callable[[], bool] | None = None,
    clock: Callable[[], float] = time.perf_counter, prover: bool = True,
) -> SolveResult:
    """The best walk for a Hoarder on `cell` holding `purse`, with `coins` left on the board.

    Any position will do (the start of a level, the middle of a game, a Classic endgame
    with no more gates to come). `time_limit` (seconds) and `node_limit` stop the search
    early; a node limit gives the same answer on every machine, which seeded generators need.
    `stop`, polled now and then, ends the search early too (the editor's edits). `clock`
    measures the time limit and the seconds reported: wall time by default, or
    `time.process_time` for figures that a machine shared with other work does not skew.

    With `prover` (and no `node_limit`, whose answers must not depend on the machine), a
    proof that the plain search has not finished in `PROVER_AFTER` nodes, or by the part
    `PROVE_FIRST` of the time limit, goes to `solver_prover` (CP-SAT) when OR-tools is
    installed, for the rest of the time; the search's best walk is its hint and its bound its
    cap. Without OR-tools, or with too little time left for CP-SAT to beat probing
    (`solver_prover.MIN_SECONDS`, plus the import the first time), the search goes on alone,
    probing for walks, as it does with `prover=False`.
    """
    started = clock()
    t = tables(size, frozenset(gates))
    cur = t.index[cell]
    mask = t.mask_of(c for c in coins if c != cell)
    search = _Search(t, None if time_limit is None else started + time_limit, node_limit, stop, clock)
    search.upper = purse + gain_bound(t, cur, mask)
    search.greedy(cur, mask, purse)
    soft = None if time_limit is None else started + time_limit * PROVE_FIRST
    hand_over = prover and node_limit is None and solver_prover.available()
    handed = False
    try:
        if hand_over:
            search.node_limit = search.nodes + WARM_UP_NODES + PROVER_AFTER
        try:
            if search.best < search.upper:
                search.warm_up(cur, mask, purse, WARM_UP_NODES)
            search.settle(cur, mask, purse, soft, probe=not hand_over)
        except _OutOfBudget:
            if not hand_over or search.out_of_time():
                raise
            handed = True
    except _OutOfBudget:
        pass
    if handed:
        search.node_limit = None
        proof = solver_prover.prove(t, cur, mask, purse, search.best_walk, search.proved_bound(), clock,
                                    search.deadline, stop)
        if proof is None:  # no OR-tools, or too little time for CP-SAT: the search goes on alone, probing
            with contextlib.suppress(_OutOfBudget):
                search.settle(cur, mask, purse, soft, probe=True)
        else:
            if proof.score > search.best:
                search.best, search.best_walk = proof.score, proof.walk
            search.upper = min(search.upper, proof.upper)
    upper = search.proved_bound()
    moves = [t.cells[j] for j in search.best_walk]
    return SolveResult(search.best, search.best == upper, upper, moves, search.nodes, clock() - started)


def _puzzle_state(puzzle: State | Level) -> State:
    state = puzzle.initial_state() if isinstance(puzzle, Level) else puzzle
    if state.mode is not Mode.PUZZLE:
        raise ValueError("the solver plays Puzzle positions; build one with new_puzzle or puzzle_from")
    return state


def solve(
    puzzle: State | Level, time_limit: float | None = None, node_limit: int | None = None,
    stop: Callable[[], bool] | None = None, clock: Callable[[], float] = time.perf_counter, prover: bool = True,
) -> SolveResult:
    """Solve a Puzzle position (or a level from its start): best walk, proof, bound (`solve_position`)."""
    state = _puzzle_state(puzzle)
    purse = state.purses[HOARDER]
    if state.is_over:
        return SolveResult(purse, True, purse)
    return solve_position(state.size, state.gates[1 - HOARDER], state.pawns[HOARDER], state.coins, purse,
                          time_limit, node_limit, stop, clock, prover)


def best_walk_from(state: State, time_limit: float | None = 1.0, node_limit: int | None = None) -> SolveResult:
    """The best walk from any Puzzle position (`solve` under the name a player reads for it)."""
    return solve(state, time_limit, node_limit)


def best_next_move(state: State, time_limit: float | None = 1.0) -> Cell | None:
    """The first destination of the best walk found from a Puzzle position (for Hint).

    None when stopping now is best (or no move is legal).
    """
    result = solve(state, time_limit)
    return result.moves[0] if result.moves else None


def puzzle_from(state: State, player: int = HOARDER) -> State:
    """The Puzzle a Hoarder faces if no more gates were drawn: for bots and hints in Classic."""
    from game.coinland.rules import new_puzzle

    cell = state.hoarder_of(player)
    if cell is None:
        raise ValueError(f"player {player} has no Hoarder")
    costly = state.gates[1 - player]
    empty = [c for c in board(state.size).cells if c not in state.coins and c != cell]
    return new_puzzle(state.size, cell, costly, empty, state.purses[player])
