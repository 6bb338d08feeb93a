"""Puzzle solver: the best score the Hoarder can reach from a position, with a proof.

This first version is an exhaustive depth-first search with a memo and a simple bound
(purse + coins left); it is exact but slow on crowded boards. It is anytime: with a time
limit it returns the best walk found, `optimal=False` and an upper bound.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from game.coinland.actions import Move
from game.coinland.levels import Level
from game.coinland.rules import apply, hoarder_moves
from game.coinland.state import Mode, State
from game.hexgrid import Cell


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


def solve(puzzle: State | Level, time_limit: float | None = None) -> SolveResult:
    """Solve a Puzzle position (or a level from its start)."""
    state = puzzle.initial_state() if isinstance(puzzle, Level) else puzzle
    if state.mode is not Mode.PUZZLE:
        raise ValueError("the solver plays Puzzle positions")
    started = time.perf_counter()
    deadline = None if time_limit is None else started + time_limit
    best: list = [state.purses[0], []]
    nodes = 0
    memo: dict[tuple[Cell, frozenset[Cell], int], int] = {}

    def search(current: State, walk: list[Cell]) -> int:
        nonlocal nodes
        nodes += 1
        if deadline is not None and nodes % 1024 == 0 and time.perf_counter() > deadline:
            raise _Timeout
        purse = current.purses[0]
        if purse > best[0]:
            best[0], best[1] = purse, list(walk)
        key = (current.pawns[0], current.coins, purse)
        if key in memo:
            return memo[key]
        result = purse
        for move in hoarder_moves(current):
            if purse + len(current.coins) <= result:
                break
            after, _ = apply(current, Move(move.target))
            walk.append(move.target)
            result = max(result, search(after, walk))
            walk.pop()
        memo[key] = result
        return result

    optimal = True
    bound = state.purses[0] + len(state.coins)
    try:
        bound = search(state, [])
    except _Timeout:
        optimal = False
    return SolveResult(best[0], optimal, bound if optimal else max(bound, best[0]), best[1],
                       nodes, time.perf_counter() - started)
