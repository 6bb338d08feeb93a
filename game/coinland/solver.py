"""Exact, anytime puzzle solver: the best score the Hoarder can reach, with a proof.

A puzzle is a longest-simple-path problem with a budget, so the search is a depth-first
branch and bound over (cell, coins left, purse), made fast by four things:

* **Tables, not states.** Cells become bit positions; for every cell the cells on its six
  lines are listed once with the gates crossed to reach them (gates never change in a
  puzzle), so a node is three integers and a move is a mask operation.
* **A component bound.** Call a move *free* when it crosses no gate (gain +1); every other
  move gains at most 0. Free moves join cells of the same component of the "free graph"
  on the live cells (coins plus the Hoarder's cell), so the walk can only gain inside a
  component, and entering any component other than her own costs a paid move first. A
  component K therefore adds at most `max(0, |K| - cheapest fee into K)`, her own adds
  `|K0|`: singletons behind gates add nothing, which is where plain bounds are weakest.
* **Dominance.** Reaching the same cell with the same coins left but no more coins held
  can never do better (any walk open to the poorer Hoarder is open to the richer one and
  ends richer), so a transposition table keeps the richest purse seen per (cell, coins).
* **Order and incumbent.** Free moves first, then cheap ones, and among equals the target
  with the fewest onward free moves (Warnsdorff), so strong walks come early; a greedy
  rollout seeds the incumbent before the search.

It is anytime: with a time limit it returns the best walk found, `optimal=False`, and the
root's bound as `upper_bound`.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from functools import cache

from game.coinland.levels import Level
from game.coinland.state import HOARDER, Mode, State
from game.hexgrid import DIRECTIONS, Cell, Edge, board, edge

MEMO_LIMIT = 3_000_000  # transposition entries kept before the table is cleared


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


class _Timeout(Exception):
    pass


class _OrTable:
    """OR of per-cell masks over any set of cells, eight cells per table lookup."""

    __slots__ = ("chunks",)

    def __init__(self, per_cell: list[int]) -> None:
        chunks = []
        for base in range(0, len(per_cell), 8):
            table = [0] * 256
            for byte in range(1, 256):
                low = (byte & -byte).bit_length() - 1
                cell = base + low
                table[byte] = table[byte & (byte - 1)] | (per_cell[cell] if cell < len(per_cell) else 0)
            chunks.append(table)
        self.chunks = chunks

    def over(self, mask: int) -> int:
        result = 0
        for table in self.chunks:
            if not mask:
                break
            byte = mask & 255
            if byte:
                result |= table[byte]
            mask >>= 8
        return result


@dataclass(frozen=True)
class _Tables:
    """Per-board, per-gate-set tables, indexed by cell number."""

    cells: tuple[Cell, ...]
    index: dict[Cell, int]
    reach: tuple[tuple[tuple[int, int, int], ...], ...]  # cell -> ((target, fee, bit), ...)
    free_adj: tuple[int, ...]  # cell -> mask of cells on its lines with no gate between
    free_or: _OrTable  # mask -> OR of free_adj over its cells
    paid_or: tuple[_OrTable, ...]  # [f - 1]: mask -> the cells that reach one of its cells for fee f


@cache
def _tables(size: int, gates: frozenset[Edge]) -> _Tables:
    hexes = board(size)
    cells = hexes.cells
    index = {c: i for i, c in enumerate(cells)}
    reach: list[tuple[tuple[int, int, int], ...]] = []
    free_adj: list[int] = []
    paid_in: dict[int, list[int]] = {}  # fee -> per target cell, the mask of sources at that fee
    for i, cell in enumerate(cells):
        row: list[tuple[int, int, int]] = []
        free = 0
        for direction in DIRECTIONS:
            fee, previous = 0, cell
            for target in hexes.ray(cell, direction):
                fee += edge(previous, target) in gates
                j = index[target]
                row.append((j, fee, 1 << j))
                if fee:
                    paid_in.setdefault(fee, [0] * len(cells))[j] |= 1 << i
                else:
                    free |= 1 << j
                previous = target
        reach.append(tuple(row))
        free_adj.append(free)
    max_fee = max(paid_in, default=0)
    paid_or = tuple(_OrTable(paid_in.get(f, [0] * len(cells))) for f in range(1, max_fee + 1))
    return _Tables(cells, index, tuple(reach), tuple(free_adj), _OrTable(free_adj), paid_or)


def _flood(start: int, allowed: int, free_or: _OrTable) -> int:
    """The component of `start` in the free graph restricted to `allowed` cells."""
    component = frontier = 1 << start
    while frontier:
        frontier = free_or.over(frontier) & allowed & ~component
        component |= frontier
    return component


def _dead_ends(t: _Tables, component: int, live: int) -> int:
    """Coins of `component` with exactly one free neighbour among the live cells."""
    free_adj = t.free_adj
    count = 0
    mask = component
    while mask:
        low = mask & -mask
        mask ^= low
        if (free_adj[low.bit_length() - 1] & live).bit_count() == 1:
            count += 1
    return count


def _gain_bound(t: _Tables, cur: int, coins: int, need: int = 0) -> int:
    """Most coins the walk can still gain from `cur` with `coins` left (see module doc).

    Free runs are vertex-disjoint paths of the free graph, and a coin with one free
    neighbour can only end a run; every run after the first starts with a paid move that
    gains nothing. So the home component loses one coin per pair of such dead ends, and
    any other one loses `ceil(ends / 2) - 1` beyond its entry fee. Dead ends are only
    counted when the plain bound does not already reach `need`.
    """
    free_or, paid_or = t.free_or, t.paid_or
    live = coins | (1 << cur)
    home = _flood(cur, live, free_or)
    parts: list[tuple[int, int]] = [((home & coins), 0)]
    rest = coins & ~home
    while rest:
        start = (rest & -rest).bit_length() - 1
        component = _flood(start, rest, free_or)
        rest &= ~component
        size = component.bit_count()
        outside = live & ~component
        for fee in range(1, min(size, len(paid_or) + 1)):
            if paid_or[fee - 1].over(component) & outside:
                parts.append((component, fee))
                break
    total = sum(c.bit_count() - fee for c, fee in parts)
    if total < need:
        return total
    for component, fee in parts:
        ends = _dead_ends(t, component, live)
        if fee == 0:
            total -= ends // 2
        elif ends > 2:
            total -= (ends + 1) // 2 - 1
    return total


class _Search:
    """One branch-and-bound run; holds the incumbent so a timeout keeps it."""

    def __init__(self, t: _Tables, deadline: float | None, node_limit: int | None = None) -> None:
        self.t = t
        self.deadline = deadline
        self.node_limit = node_limit
        self.nodes = 0
        self.best = -1
        self.best_walk: list[int] = []
        self.walk: list[int] = []
        self.memo: dict[tuple[int, int], int] = {}

    def _out_of_budget(self) -> bool:
        if self.node_limit is not None and self.nodes >= self.node_limit:
            return True
        return self.deadline is not None and time.perf_counter() > self.deadline

    def offer(self, purse: int) -> None:
        if purse > self.best:
            self.best = purse
            self.best_walk = list(self.walk)

    def moves(self, cur: int, coins: int, purse: int) -> list[tuple[int, int, int]]:
        """Legal moves, best-first: free before paid, then fewest onward free moves."""
        free_adj = self.t.free_adj
        found = [(fee, (free_adj[j] & coins).bit_count(), j, bit)
                 for j, fee, bit in self.t.reach[cur] if coins & bit and fee <= purse]
        found.sort()
        return [(j, fee, bit) for fee, _, j, bit in found]

    def run(self, cur: int, coins: int, purse: int) -> None:
        self.nodes += 1
        if not self.nodes & 1023 and self._out_of_budget():
            raise _Timeout
        self.offer(purse)
        key = (cur, coins)
        if self.memo.get(key, -1) >= purse:
            return
        if len(self.memo) > MEMO_LIMIT:
            self.memo.clear()
        self.memo[key] = purse
        if purse + _gain_bound(self.t, cur, coins, self.best + 1 - purse) <= self.best:
            return
        for j, fee, bit in self.moves(cur, coins, purse):
            self.walk.append(j)
            self.run(j, coins & ~bit, purse - fee + 1)
            self.walk.pop()

    def greedy(self, cur: int, coins: int, purse: int) -> None:
        """A quick first incumbent: always take the best-ordered move while it gains."""
        while options := self.moves(cur, coins, purse):
            j, fee, bit = options[0]
            if fee > 1:
                break
            self.walk.append(j)
            cur, coins, purse = j, coins & ~bit, purse - fee + 1
            self.offer(purse)
        self.walk.clear()


def _puzzle_state(puzzle: State | Level) -> State:
    state = puzzle.initial_state() if isinstance(puzzle, Level) else puzzle
    if state.mode is not Mode.PUZZLE:
        raise ValueError("the solver plays Puzzle positions; build one with new_puzzle")
    return state


def solve(
    puzzle: State | Level, time_limit: float | None = None, node_limit: int | None = None
) -> SolveResult:
    """Solve a Puzzle position (or a level from its start): best walk, proof, bound.

    `time_limit` (seconds) and `node_limit` stop the search early; a node limit gives the
    same answer on every machine, which seeded generators need.
    """
    started = time.perf_counter()
    state = _puzzle_state(puzzle)
    purse = state.purses[HOARDER]
    if state.is_over:
        return SolveResult(purse, True, purse, [], 0, time.perf_counter() - started)
    t = _tables(state.size, state.gates[1] | state.gates[0])
    cur = t.index[state.pawns[0]]
    coins = sum(1 << t.index[c] for c in state.coins)
    search = _Search(t, None if time_limit is None else started + time_limit, node_limit)
    search.greedy(cur, coins, purse)
    root_bound = purse + _gain_bound(t, cur, coins)
    optimal = True
    try:
        search.run(cur, coins, purse)
    except _Timeout:
        optimal = False
    bound = search.best if optimal else max(root_bound, search.best)
    moves = [t.cells[j] for j in search.best_walk]
    return SolveResult(search.best, optimal, bound, moves, search.nodes, time.perf_counter() - started)


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
    puzzle = new_puzzle(state.size, cell, costly, empty, state.purses[player])
    return puzzle
