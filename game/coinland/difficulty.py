"""How hard a puzzle is, measured: the campaign's order is checked against these numbers.

Four measures, each from the rules engine, the solver and the `easy` computer player:
- `greedy_gap`: how far the obvious walk falls below par: it takes the move that gains most
  (nearest first), pays the cheapest toll when it must, and stops at its best purse;
- `easy_share`: what the `easy` player (game.coinland.ai: greedy with slips) reaches on
  average over seeded runs, as a share of par, each run credited with its best purse along
  the way (a share, not a gap in coins, so that size-3 and size-4 boards compare fairly);
- `walk_share`: what seeded random walks reach on average (each stopping at its best purse),
  as a share of par: how forgiving the board is to a player who does not plan;
- `nodes`: the solver's search effort to prove par (how tangled the choices are).
`score` folds them into one number for ordering: the greedy gap counts most, then how far the
easy player and aimless play fall short, then (logarithmically) the proof effort. The weights
are a judgement, not a law: scripts/level_difficulty.py prints every part so the order can be
argued with.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from game.coinland.actions import Move
from game.coinland.ai.players import easy_move
from game.coinland.levels import Level
from game.coinland.rules import apply, hoarder_moves
from game.coinland.solver import solve

RANDOM_WALKS = 200
EASY_RUNS = 40


@dataclass(frozen=True)
class Measure:
    par: int
    greedy: int
    walk_share: float
    nodes: int
    easy: float = 0.0  # the easy player's mean best purse

    @property
    def easy_gap(self) -> float:
        return self.par - self.easy

    @property
    def easy_share(self) -> float:
        return self.easy / max(1, self.par)

    @property
    def greedy_gap(self) -> int:
        return self.par - self.greedy

    @property
    def score(self) -> float:
        return (2.0 * self.greedy_gap + 10.0 * (1.0 - self.easy_share) + 10.0 * (1.0 - self.walk_share)
                + math.log10(1 + self.nodes))


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


def easy_peak(level: Level, rng: random.Random) -> int:
    """The best purse along one game of the `easy` player (it never stops early: it is credited
    with its best moment, as a player who knew when to stop would be)."""
    state = level.initial_state()
    peak = state.purses[0]
    while not state.is_over:
        state, _ = apply(state, easy_move(state, rng))
        peak = max(peak, state.purses[0])
    return peak


def measure(level: Level, walks: int = RANDOM_WALKS, seed: int = 0, easy_runs: int = EASY_RUNS) -> Measure:
    result = solve(level)
    rng = random.Random(f"difficulty:{seed}:{level.name}")
    mean = sum(walk_peak(level, rng.choice) for _ in range(walks)) / walks
    easy = sum(easy_peak(level, rng) for _ in range(easy_runs)) / max(1, easy_runs)
    return Measure(result.score, walk_peak(level, greedy_choice), mean / max(1, result.score), result.nodes, easy)
