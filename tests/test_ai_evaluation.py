"""The Classic evaluation's open pairs: counted from scratch and by taking one coin agree."""

import random

from game.coinland import apply, legal_actions, new_classic
from game.coinland.ai.evaluation import open_pairs, pair_losses
from game.coinland.ai.position import Pos
from game.coinland.state import HOARDER


def positions(size: int, games: int, seed: int):
    """Classic positions with the Hoarder to move, from random play."""
    rng = random.Random(seed)
    for _ in range(games):
        state = new_classic(size)
        while not state.is_over:
            if state.to_move == HOARDER:
                yield state
            state = apply(state, rng.choice(legal_actions(state)))[0]


def test_open_pairs_of_the_smallest_board_with_no_gate():
    pos = Pos.from_state(new_classic(2))  # 7 cells: the Hoarder in the middle, 6 coins
    # 6 coins on the ring: each long line through the centre holds 2 coins (1 pair), and
    # the 6 ring sides hold 2 coins each (6 pairs): 9 pairs with no gate drawn.
    assert open_pairs(pos.geo, pos.coins, 0) == 9


def test_taking_a_coin_removes_exactly_its_pairs():
    checked = 0
    for state in positions(4, 6, seed=3):
        pos = Pos.from_state(state)
        total, losses = pair_losses(pos.geo, pos.coins, pos.gates[1])
        assert total == open_pairs(pos.geo, pos.coins, pos.gates[1])
        for code in pos.moves(HOARDER):
            child = pos.apply(code)
            assert total - losses[code & 255] == open_pairs(child.geo, child.coins, child.gates[1])
            checked += 1
    assert checked > 100
