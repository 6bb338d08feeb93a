"""The solver's bounds: never below the truth, and the same whether computed afresh or reused.

The search hands each child its parent's components (`child_parts`) and keeps what it
learns about a component in a `PartCache`; both are only speed-ups, so a bound computed
that way must equal the one computed from scratch. And every bound must be a true upper
bound: checked at every position of small random puzzles against an exhaustive search
by the rules engine.
"""

import random

from game.coinland import Move, apply, hoarder_moves, new_puzzle
from game.coinland.bounds import PartCache, child_parts, components, gain_bound
from game.coinland.solver_tables import tables
from game.hexgrid import board


def random_position(rng: random.Random, size: int):
    """Tables, her cell and a coin mask: any gate density, any share of cells with a coin."""
    hexes = board(size)
    gates = frozenset(rng.sample(hexes.edges, round(rng.random() * len(hexes.edges))))
    t = tables(size, gates)
    cur = rng.randrange(len(t.cells))
    share = rng.choice((0.3, 0.7, 0.95))
    coins = sum(1 << i for i in range(len(t.cells)) if i != cur and rng.random() < share)
    return t, cur, coins


def test_child_parts_are_the_components_after_the_move():
    rng = random.Random("bounds-child-parts")
    for _ in range(60):
        t, cur, coins = random_position(rng, rng.choice((3, 4, 5, 6)))
        parts = components(t, cur, coins)
        rest = coins
        while rest:
            bit = rest & -rest
            rest ^= bit
            target = bit.bit_length() - 1
            mine = child_parts(t, parts, cur, target)
            fresh = components(t, target, coins ^ bit)
            assert mine[0] == fresh[0] and sorted(mine[1:]) == sorted(fresh[1:])


def test_cached_bounds_equal_fresh_ones_down_a_walk():
    """Down random walks, with one cache for the whole walk, at several pruning targets."""
    rng = random.Random("bounds-cache")
    for _ in range(40):
        t, cur, coins = random_position(rng, rng.choice((4, 5, 6)))
        cache = PartCache(t)
        parts = components(t, cur, coins)
        while coins:
            for need in (0, 1, coins.bit_count() // 2, coins.bit_count() - 2):
                assert gain_bound(t, cur, coins, need, parts, cache) == gain_bound(t, cur, coins, need)
            options = [j for j, _, bit in t.moves[cur] if coins & bit]
            if not options:
                break
            target = rng.choice(options)
            parts = child_parts(t, parts, cur, target)
            cur, coins = target, coins & ~(1 << target)


def best_from(state, memo) -> int:
    key = (state.pawns, state.coins, state.purses[0])
    if key not in memo:
        result = state.purses[0]
        if not state.is_over:
            for move in hoarder_moves(state):
                after, _ = apply(state, Move(move.target))
                result = max(result, best_from(after, memo))
        memo[key] = result
    return memo[key]


def test_the_bound_is_never_below_the_best_walk_at_any_position():
    """Every position reachable in small random puzzles: purse + bound >= the exhaustive best."""
    rng = random.Random("bounds-valid")
    checked = 0
    for _ in range(40):
        size = rng.choice((2, 3))
        hexes = board(size)
        gates = rng.sample(hexes.edges, rng.randrange(len(hexes.edges) + 1))
        start = rng.choice(hexes.cells)
        others = [c for c in hexes.cells if c != start]
        coins = set(rng.sample(others, min(len(others), rng.randrange(3, 11))))
        state = new_puzzle(size, start, gates, [c for c in others if c not in coins], purse=rng.randrange(4))
        t = tables(size, frozenset(state.gates[1]))
        memo: dict = {}
        seen: set = set()
        stack = [state]
        while stack:
            position = stack.pop()
            key = (position.pawns, position.coins, position.purses[0])
            if key in seen:
                continue
            seen.add(key)
            here = position.pawns[0]
            mask = t.mask_of(c for c in position.coins if c != here)
            bound = position.purses[0] + gain_bound(t, t.index[here], mask)
            assert bound >= best_from(position, memo), (state, position)
            checked += 1
            if not position.is_over:
                stack.extend(apply(position, Move(m.target))[0] for m in hoarder_moves(position))
    assert checked > 1000
