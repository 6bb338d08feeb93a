"""hard keeps its Duel transposition table from move to move, and only within one game."""

import random

from game.coinland import apply, new_duel
from game.coinland.ai import make_agent
from game.coinland.ai.players import HARD, _kept_table
from game.coinland.ai.position import Pos

NODES = 600


def duel_actions(size: int, first: int, plies: int) -> list[str]:
    """hard against itself at a node budget: the actions of the first `plies` plies."""
    agent, rng = make_agent("hard", node_limit=NODES), random.Random(1)
    state, log = new_duel(size, first=first), []
    while not state.is_over and len(log) < plies:
        action = agent.choose(state, rng)
        log.append(action.text)
        state, _ = apply(state, action)
    return log


def test_a_duel_replays_the_same_whatever_was_searched_before_it():
    fresh = duel_actions(3, 0, 12)
    duel_actions(3, 1, 7)  # another game, left unfinished, searched in between
    assert duel_actions(3, 0, 12) == fresh


def test_the_table_is_kept_for_a_position_that_follows_and_dropped_for_a_new_game():
    assert HARD.keep_table
    state = new_duel(4)
    first = _kept_table(HARD, Pos.from_state(state))
    first[("marker",)] = (1, 0, 0.0, 0)
    later, _ = apply(state, make_agent("greedy").choose(state, random.Random(2)))
    assert _kept_table(HARD, Pos.from_state(later)) is first
    assert _kept_table(HARD, Pos.from_state(new_duel(4))) is not first  # the coin taken is back: a new game
    assert _kept_table(HARD, Pos.from_state(new_duel(3))) is not first  # another board


def test_players_of_different_node_budgets_keep_tables_of_their_own():
    """hard@N against hard@M in one game: neither searches with the table the other filled."""
    state = new_duel(4)
    small = _kept_table(HARD, Pos.from_state(state), 200)
    later, _ = apply(state, make_agent("greedy").choose(state, random.Random(2)))
    large = _kept_table(HARD, Pos.from_state(later), 900)
    assert large is not small
    assert _kept_table(HARD, Pos.from_state(later), 200) is small
