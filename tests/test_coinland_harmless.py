"""Harmless edges (issue #34 item 3): no future move of either Hoarder ever crosses one.

Proved two ways on small boards, both through the rules engine's own `legal_actions` and
`apply` (not through the argument in `game.coinland.harmless`):

* the two facts the argument rests on, on *every* placement of two Hoarders and the coins on
  the size-2 board (with no gates and rich purses, where most moves are legal, and under
  random gates and purses): each legal move crosses only edges the engine calls crossable,
  and no action makes an edge crossable again;
* the claim itself, by searching every continuation to the end of the game from positions of
  the size-2 and size-3 boards: the union of all edges any move crosses, in any line of play,
  never meets the edges that were harmless at the start.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

import pytest

from game.coinland import Gate, Mode, Move, State, apply, harmless_edges, legal_actions, new_classic, new_duel
from game.coinland.harmless import crossable_edges
from game.coinland.rules import hoarder_moves
from game.hexgrid import board, path_edges


def duel_position(size: int, pawns: tuple, coins, gates=(frozenset(), frozenset()), purses=(0, 0), to_move=0):
    return replace(new_duel(size), pawns=pawns, coins=frozenset(coins), gates=gates, purses=purses,
                   to_move=to_move)


def crossable(state: State):
    return crossable_edges(state.size, state.coins, state.pawns)


def size2_placements():
    """Every two Hoarders and every set of coins on the other cells of the size-2 board (1344)."""
    cells = board(2).cells
    for a, b in itertools.permutations(cells, 2):
        rest = [c for c in cells if c not in (a, b)]
        for count in range(len(rest) + 1):
            for coins in itertools.combinations(rest, count):
                yield (a, b), coins


def random_gates(rng: random.Random, size: int, share: float):
    owned = (set(), set())
    for e in board(size).edges:
        if rng.random() < share:
            owned[rng.randrange(2)].add(e)
    return frozenset(owned[0]), frozenset(owned[1])


def check_local(state: State) -> int:
    """Each legal action: a move crosses only crossable edges; after it nothing new is crossable."""
    before = crossable(state)
    checked = 0
    for action in legal_actions(state):
        if isinstance(action, Move):
            move = next(m for m in hoarder_moves(state) if m.target == action.to)
            origin = state.hoarder_of(state.to_move)
            assert set(path_edges(origin, move.target)) <= before, (state, action)
        after, _ = apply(state, action)
        assert crossable(after) <= before, (state, action)
        checked += 1
    return checked


def test_every_size2_placement_rich_and_ungated_moves_cross_only_crossable_edges():
    checked = 0
    for pawns, coins in size2_placements():
        # player 0 to move only: the placements hold both orders of the two Hoarders, and the
        # rules treat the players alike
        state = duel_position(2, pawns, coins, purses=(9, 9))
        if state.coins:
            checked += check_local(state)
    assert checked > 5000


def test_every_size2_placement_under_random_gates_and_purses():
    rng = random.Random(34)
    checked = 0
    for pawns, coins in size2_placements():
        if not coins:
            continue
        for _ in range(1):
            gates = random_gates(rng, 2, rng.choice((0.2, 0.5, 0.8)))
            purses = (rng.randrange(4), rng.randrange(4))
            checked += check_local(duel_position(2, pawns, coins, gates, purses, rng.randrange(2)))
    assert checked > 4000


def crossed_anywhere(state: State, memo: dict) -> frozenset:
    """Every edge some move crosses in some continuation of `state` to the game's end."""
    found = memo.get(state)
    if found is not None:
        return found
    out: set = set()
    for action in legal_actions(state):
        if isinstance(action, Move):
            out.update(path_edges(state.hoarder_of(state.to_move), action.to))
        after, _ = apply(state, action)
        out |= crossed_anywhere(replace(after, ply=0), memo)
    found = memo[state] = frozenset(out)
    return found


def small_positions(size: int, count: int, free: int, max_coins: int, seed: int):
    """Seeded Duel positions with few coins and few free edges, so every continuation can be searched."""
    rng = random.Random(seed)
    cells = board(size).cells
    edges = board(size).edges
    made = 0
    while made < count:
        a, b = rng.sample(cells, 2)
        rest = [c for c in cells if c not in (a, b)]
        coins = rng.sample(rest, rng.randint(1, min(max_coins, len(rest))))
        open_edges = set(rng.sample(edges, free))
        owned = (set(), set())
        for e in edges:
            if e not in open_edges:
                owned[rng.randrange(2)].add(e)
        state = duel_position(size, (a, b), coins, (frozenset(owned[0]), frozenset(owned[1])),
                              (rng.randrange(4), rng.randrange(4)), rng.randrange(2))
        made += 1
        yield state


@pytest.mark.parametrize(("size", "count", "free", "max_coins"), [(2, 150, 2, 5), (2, 150, 3, 4), (3, 100, 3, 5)])
def test_no_continuation_ever_crosses_an_edge_harmless_at_the_start(size, count, free, max_coins):
    memo: dict = {}
    harmless_seen = 0
    for state in small_positions(size, count, free, max_coins, seed=size * 100 + free):
        harmless = harmless_edges(state)
        # every edge, gated or not, that the engine does not call crossable is never crossed
        never = set(board(size).edges) - crossable(state)
        crossed = crossed_anywhere(state, memo)
        assert not crossed & never, (state, crossed & never)
        assert harmless <= never
        harmless_seen += len(harmless)
    assert harmless_seen > count // 2  # the positions did offer harmless edges to test


def test_a_full_size2_duel_never_crosses_an_edge_once_it_is_harmless():
    """From the size-2 start, every line of play with the gates drawn in one fixed order of edges."""
    memo: dict = {}
    start = new_duel(2)
    rng = random.Random(5)
    edges = list(board(2).edges)
    rng.shuffle(edges)
    # Fix all but five edges' gates in advance (alternating owners), then search everything.
    owned = (frozenset(edges[5::2]), frozenset(edges[6::2]))
    state = replace(start, gates=owned, purses=(1, 1))
    assert crossed_anywhere(state, memo)  # some line of play does move
    assert len(memo) > 200
    for seen in list(memo):
        assert not crossed_anywhere(seen, memo) & harmless_edges(seen)


def test_harmless_edges_on_a_lone_line():
    """Size 3: a Hoarder on (-2,0), coins only on (0,0) and (1,0): only the row between them and her can be crossed."""
    state = duel_position(3, ((-2, 0), (-1, -1)), [(0, 0), (1, 0)])
    row = {((-2, 0), (-1, 0)), ((-1, 0), (0, 0)), ((0, 0), (1, 0))}
    assert crossable(state) == row
    assert len(harmless_edges(state)) == len(board(3).edges) - 3
    # the other Hoarder, on (-1,-1), shares no line with a coin; moved to (2,0) she does
    blocked = duel_position(3, ((-2, 0), (2, 0)), [(0, 0), (1, 0)])
    assert crossable(blocked) == row | {((1, 0), (2, 0))}


def test_coins_no_hoarder_can_reach_leave_their_line_harmless():
    """Two coins on one line that no chain of lines joins to either Hoarder: the edges between them are harmless."""
    # Size 3: Hoarders on (-2,0) and (-2,1); coins (2,-2) and (2,-1) on the column q=2.
    state = duel_position(3, ((-2, 0), (-2, 1)), [(2, -2), (2, -1)])
    assert not hoarder_moves(state, 0) and not hoarder_moves(state, 1)
    assert ((2, -2), (2, -1)) in harmless_edges(state)


def test_classic_harmless_edges_follow_the_single_hoarder():
    state = new_classic(2)
    assert harmless_edges(state) == frozenset()  # every edge lies between her and a coin
    state, _ = apply(state, Gate(((0, 0), (1, 0))))
    assert state.mode is Mode.CLASSIC and harmless_edges(state) == frozenset()
