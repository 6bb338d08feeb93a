"""The solver against an exhaustive search on small boards, and its walks through the rules engine."""

import random
from functools import cache

import pytest

from game.coinland import Move, apply, hoarder_moves, new_puzzle
from game.coinland.solver import solve
from game.hexgrid import board


def exhaustive_best(state) -> int:
    """Every walk, by the rules engine's own moves, memoised on the position only."""

    @cache
    def best(cell, coins, purse):
        position = new_puzzle(state.size, cell, state.gates[1], [c for c in board(state.size).cells
                              if c not in coins and c != cell], purse)
        result = purse
        for move in hoarder_moves(position):
            result = max(result, best(move.target, coins - {move.target}, purse - move.fee + 1))
        return result

    return best(state.pawns[0], state.coins, state.purses[0])


def random_puzzle(rng: random.Random, size: int):
    hexes = board(size)
    gates = rng.sample(hexes.edges, rng.randrange(len(hexes.edges) + 1))
    start = rng.choice(hexes.cells)
    keep = 6 if size == 2 else rng.randrange(6, 12)
    coins = set(rng.sample([c for c in hexes.cells if c != start], min(keep, len(hexes.cells) - 1)))
    empty = [c for c in hexes.cells if c not in coins and c != start]
    return new_puzzle(size, start, gates, empty, purse=rng.randrange(4))


def replay_score(state, walk) -> int:
    for cell in walk:
        state, _ = apply(state, Move(cell))
    return state.purses[0]


@pytest.mark.parametrize("size", [2, 3])
def test_solver_equals_exhaustive_search(size):
    rng = random.Random(f"solver-brute:{size}")
    for _ in range(150 if size == 2 else 80):
        state = random_puzzle(rng, size)
        result = solve(state)
        assert result.optimal
        assert result.score == exhaustive_best(state) == result.upper_bound
        assert replay_score(state, result.moves) == result.score


def test_anytime_results_are_legal_and_bounded():
    rng = random.Random("solver-anytime")
    for _ in range(10):
        hexes = board(4)
        state = new_puzzle(4, (0, 0), rng.sample(hexes.edges, 45), purse=rng.randrange(4))
        result = solve(state, time_limit=0.01)
        assert result.upper_bound >= result.score
        assert replay_score(state, result.moves) == result.score
        if result.optimal:
            assert result.upper_bound == result.score
