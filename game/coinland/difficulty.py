"""How hard a puzzle is, measured: the campaign's order is checked against these numbers.

Three measures, each from the rules engine and the solver only:
- `greedy_gap`: how far the obvious walk falls below par: it takes the move that gains most
  (nearest first), pays the cheapest toll when it must, and stops at its best purse;
- `walk_share`: what seeded random walks reach on average (each stopping at its best purse),
  as a share of par: how forgiving the board is to a player who does not plan;
- `nodes`: the solver's search effort to prove par (how tangled the choices are).
`score` folds them into one number for ordering: the greedy gap counts most, then how far
aimless play falls short, then (logarithmically) the proof effort.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from game.coinland.actions import Move
from game.coinland.levels import Level
from game.coinland.rules import apply, hoarder_moves
from game.coinland.solver import solve

RANDOM_WALKS = 200


@dataclass(frozen=True)
class Measure:
    par: int
    greedy: int
    walk_share: float
    nodes: int

    @property
    def greedy_gap(self) -> int:
        return self.par - self.greedy

    @property
    def score(self) -> float:
        return 2.0 * self.greedy_gap + 10.0 * (1.0 - self.walk_share) + math.log10(1 + self.nodes)


def walk_peak(level: Level, choose) -> int:
    """The best purse along a walk whose moves `choose(moves)` picks, until no move is legal."""
    state = level.initial_state()
    peak = state.purses[0]
    while not state.is_over:
        moves = hoarder_moves(state)
        if not moves:
            break
        state, _ = apply(state, Move(choose(moves).target))
        peak = max(peak, state.purses[0])
    return peak


def greedy_choice(moves):
    return max(moves, key=lambda m: (m.gain, -len(m.path), m.target))


def measure(level: Level, walks: int = RANDOM_WALKS, seed: int = 0) -> Measure:
    result = solve(level)
    rng = random.Random(f"difficulty:{seed}:{level.name}")
    mean = sum(walk_peak(level, rng.choice) for _ in range(walks)) / walks
    return Measure(result.score, walk_peak(level, greedy_choice), mean / max(1, result.score), result.nodes)
