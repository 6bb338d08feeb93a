"""A search stops at its node limit however the count grows (Classic horizons add tens at once)."""

import random

import pytest

from game.coinland import apply, new_classic
from game.coinland.ai import make_agent
from game.coinland.ai.players import HARD
from game.coinland.ai.position import Pos
from game.coinland.ai.search import CHECK_EVERY, Searcher
from game.coinland.state import GATEKEEPER


def middle_game(size: int, plies: int) -> Pos:
    """A Classic position `plies` greedy plies in, with the Gatekeeper to move."""
    state, rng, greedy = new_classic(size), random.Random(5), make_agent("greedy")
    while plies > 0 or state.to_move != GATEKEEPER:
        state, _ = apply(state, greedy.choose(state, rng))
        plies -= 1
    return Pos.from_state(state)


@pytest.mark.parametrize("size, limit", [(4, 1500), (6, 1500), (6, 700)])
def test_a_classic_search_stops_within_one_horizon_of_its_node_limit(size, limit):
    pos = middle_game(size, 6)
    searcher = Searcher(HARD, None, limit)
    searcher.run(pos, pos.legal()[:30])
    # one horizon counts at most every Hoarder move (fewer than the board's cells) after the last look
    assert limit < searcher.nodes <= limit + CHECK_EVERY + len(pos.geo.cells)
