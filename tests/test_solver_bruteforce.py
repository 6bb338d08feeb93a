"""The solver against an exhaustive search by the rules engine alone, on small boards.

The reference below knows nothing of the solver: it tries every walk with the rules
engine's own `hoarder_moves` and `apply`, memoised on the position, so any disagreement
is the solver's fault (or a rules bug both would share, which the rules tests cover).
"""

import random

import pytest

from game.coinland import Move, apply, hoarder_moves, new_puzzle
from game.coinland.solver import solve
from game.hexgrid import board


def exhaustive_best(state) -> int:
    """The best final purse over every walk from `state`, by the rules engine only."""
    memo: dict[tuple, int] = {}

    def best(position) -> int:
        key = (position.pawns, position.coins, position.purses[0])
        if key not in memo:
            result = position.purses[0]
            # a move takes one coin and pays a fee of at least 0, so no walk ends above the purse plus
            # the coins left: a walk that reaches that is the best, and the other moves need no look
            ceiling = position.purses[0] + len(position.coins)
            if not position.is_over:
                for move in hoarder_moves(position):
                    after, _ = apply(position, Move(move.target))
                    result = max(result, best(after))
                    if result == ceiling:
                        break
            memo[key] = result
        return memo[key]

    return best(state)


def random_puzzle(rng: random.Random, size: int, most_coins: int):
    """Any start, any gates, any purse, and coinless cells so the search stays small."""
    hexes = board(size)
    gates = rng.sample(hexes.edges, rng.randrange(len(hexes.edges) + 1))
    start = rng.choice(hexes.cells)
    others = [c for c in hexes.cells if c != start]
    coins = set(rng.sample(others, rng.randrange(1, min(most_coins, len(others)) + 1)))
    empty = [c for c in others if c not in coins]
    return new_puzzle(size, start, gates, empty, purse=rng.randrange(5))


def replay_score(state, walk) -> int:
    """Play the walk through the rules engine (raising if any move is illegal)."""
    for cell in walk:
        state, _ = apply(state, Move(cell))
    return state.purses[0]


@pytest.mark.parametrize(("size", "most_coins", "boards"), [(2, 6, 200), (3, 9, 150), (3, 12, 40)])
def test_solver_equals_exhaustive_search(size, most_coins, boards):
    rng = random.Random(f"solver-brute:{size}:{most_coins}")
    for _ in range(boards):
        state = random_puzzle(rng, size, most_coins)
        result = solve(state)
        expected = exhaustive_best(state)
        assert result.optimal, state
        assert result.score == expected == result.upper_bound, state
        assert replay_score(state, result.moves) == result.score


@pytest.mark.parametrize("density", [0.2, 0.4, 0.6, 0.8])
def test_boards_from_the_centre_at_every_gate_density(density):
    """The shipped levels' shape (start in the centre, most cells with a coin) at every gate density.

    A full size-3 board (18 coins) is beyond the exhaustive reference, so six cells are coinless.
    """
    hexes = board(3)
    others = [c for c in hexes.cells if c != (0, 0)]
    for seed in range(3):
        rng = random.Random(f"solver-centre:{density}:{seed}")
        gates = rng.sample(hexes.edges, round(density * len(hexes.edges)))
        state = new_puzzle(3, (0, 0), gates, rng.sample(others, 6), purse=seed)
        result = solve(state)
        assert result.optimal
        assert result.score == exhaustive_best(state)
        assert replay_score(state, result.moves) == result.score


def test_mid_game_positions_are_solved_from_where_they_stand():
    """A position reached by play (not a fresh level) is solved from its own cell and purse."""
    rng = random.Random("solver-midgame")
    for _ in range(30):
        state = random_puzzle(rng, 3, 11)
        for _ in range(rng.randrange(4)):
            moves = hoarder_moves(state)
            if state.is_over or not moves:
                break
            state, _ = apply(state, Move(rng.choice(moves).target))
        result = solve(state)
        assert result.score == exhaustive_best(state)
        assert replay_score(state, result.moves) == result.score
