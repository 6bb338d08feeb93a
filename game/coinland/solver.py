"""Exact, anytime puzzle solver: the best score the Hoarder can reach, with a proof.

A puzzle is a longest-simple-path problem with a budget: NP-hard, so the solver is a
depth-first search that must prune almost everything. What makes it fast:

* **Tables, not states** (`solver_tables.py`): cells are bit positions and every move
  from every cell is precomputed with its fee, so a node is three integers.
* **Strong bounds** (`bounds.py`): free-graph components with their entry fees, and the
  path-ends bound, which counts the places where free runs must end (dead ends, leaf
  blocks of the free graph) and how few paid hops could join them up (a matching over
  toll-one lines). On most boards the bound at the root already equals the optimum.
* **Iterative deepening on the score** (the search itself is `solver_search.py`). After a
  quick search for a good walk, the solver asks "is there a walk scoring at least T?" for T
  from the root bound down. Each question prunes every node whose bound falls short of T, so
  it is answered quickly, either with a walk (which is then optimal) or a proof that lowers
  the upper bound by one. The bound reported on a timeout is therefore a proved one, not
  just the root's.
* **Probing** (when the search works alone). Past the part `PROVE_FIRST` of a time limit the
  plain proof gives way to `Search.probe`: proof attempts at the bound alternating with
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
from game.coinland.bounds import gain_bound
from game.coinland.levels import Level
from game.coinland.solver_search import OutOfBudget, Search
from game.coinland.solver_tables import tables
from game.coinland.state import HOARDER, Mode, State
from game.hexgrid import Cell, Edge, board

WARM_UP_NODES = 3_000  # nodes spent improving the first walk before the proof starts
PROVE_FIRST = 0.5  # share of a time limit given to the plain proof before probing for walks too
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
    search = Search(t, None if time_limit is None else started + time_limit, node_limit, stop, clock)
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
        except OutOfBudget:
            if not hand_over or search.out_of_time():
                raise
            handed = True
    except OutOfBudget:
        pass
    if handed:
        search.node_limit = None
        proof = solver_prover.prove(t, cur, mask, purse, search.best_walk, search.proved_bound(), clock,
                                    search.deadline, stop)
        if proof is None:  # no OR-tools, or too little time for CP-SAT: the search goes on alone, probing
            with contextlib.suppress(OutOfBudget):
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
