"""The Classic endgame solver proves the same values as a plain minimax over every rules action."""

import math
import random
from dataclasses import replace

import pytest

from game.coinland import apply, legal_actions, new_classic
from game.coinland.ai import make_agent
from game.coinland.ai.endgame import Endgame, OutOfBudget, best_action
from game.coinland.ai.evaluation import Mobility
from game.coinland.ai.gaps import open_gaps
from game.coinland.ai.players import HARD, HardPlayer
from game.coinland.ai.position import Pos
from game.coinland.state import GATEKEEPER, HOARDER, State
from game.hexgrid import board, edge

_BOUNDS: dict[State, tuple[float, float]] = {}  # state -> (lowest, highest) its value can be


def minimax(state: State) -> int:
    """The Hoarder's final purse with both sides playing every legal action of the rules engine.

    Alpha-beta over the same tree: a branch is cut only once it cannot change the value above it,
    so the value is the full minimax's (the same rules-engine moves; about 3x fewer apply calls).
    What a search learnt of a state, exact or a bound, is kept for the next one."""
    return int(_alpha_beta(state, -math.inf, math.inf))


def _alpha_beta(state: State, alpha: float, beta: float) -> float:
    if state.is_over:
        return state.purses[HOARDER]
    low, high = _BOUNDS.get(state, (-math.inf, math.inf))
    if low >= beta or low == high:
        return low
    if high <= alpha:
        return high
    alpha, beta = max(alpha, low), min(beta, high)
    hoarder = state.to_move == HOARDER
    value, window = (-math.inf, alpha) if hoarder else (math.inf, beta)
    for action in legal_actions(state):
        after = apply(state, action)[0]
        if hoarder:
            value = max(value, _alpha_beta(after, window, beta))
            window = max(window, value)
            if value >= beta:
                break
        else:
            value = min(value, _alpha_beta(after, alpha, window))
            window = min(window, value)
            if value <= alpha:
                break
    if value <= alpha:  # failed low: the true value is at most this
        _BOUNDS[state] = (low, value)
    elif value >= beta:  # failed high: at least this
        _BOUNDS[state] = (value, high)
    else:
        _BOUNDS[state] = (value, value)
    return value


def endgame(size: int, coins: int, free_edges: int, seed: int) -> State:
    """A Classic position with `coins` coins and `free_edges` edges left ungated, the Gatekeeper to move."""
    rng = random.Random(seed)
    cells = list(board(size).cells)
    start = rng.choice(cells)
    others = [c for c in cells if c != start]
    edges = sorted({edge(a, b) for a in cells for b in cells if b in board(size).neighbours(a)})
    gated = rng.sample(edges, len(edges) - free_edges)
    state = new_classic(size)
    return replace(state, coins=frozenset(rng.sample(others, coins)), pawns=(start,),
                   gates=(frozenset(), frozenset(gated)), purses=(rng.randrange(0, 4), 0), to_move=GATEKEEPER)


@pytest.mark.parametrize("seed", range(24))
def test_proven_values_match_a_minimax_over_every_rules_action(seed):
    size, coins, free = (2, 5, 8) if seed % 2 else (3, 5, 9)
    state = endgame(size, coins, free, seed)
    assert Endgame().value(Pos.from_state(state)) == minimax(state)


@pytest.mark.parametrize("seed", range(8))
def test_the_chosen_action_keeps_the_proven_value_for_either_side(seed):
    state = endgame(2, 5, 8, 100 + seed)
    for _ in range(2):  # the Gatekeeper's gate, then the Hoarder's move
        if state.is_over:
            break
        pos = Pos.from_state(state)
        code, value = best_action(pos, Endgame(), [])
        assert value == minimax(state)
        state = apply(state, pos.action(code))[0]
        assert minimax(state) == value


def test_the_edges_between_two_neighbouring_occupied_cells_are_one_gap_and_edges_past_the_last_none():
    # the q axis of the size-4 board: the Hoarder at (-3, 0), one coin at (1, 0), nothing else
    state = replace(new_classic(4), coins=frozenset({(1, 0)}), pawns=((-3, 0),))
    pos = Pos.from_state(state)
    between = sum(1 << pos.geo.edge_index[edge((q, 0), (q + 1, 0))] for q in range(-3, 1))  # four edges
    assert open_gaps(pos) == [between]  # one gap; (1,0)-(2,0) beyond the coin is never crossed again
    gated = replace(state, gates=(frozenset(), frozenset({edge((-1, 0), (0, 0))})))
    assert open_gaps(Pos.from_state(gated)) == [between & ~(1 << pos.geo.edge_index[edge((-1, 0), (0, 0))])]


def test_a_proof_out_of_budget_says_so():
    state = endgame(3, 9, 30, 7)
    with pytest.raises(OutOfBudget):
        Endgame(node_limit=300).value(Pos.from_state(state))


def test_hard_plays_the_proven_move_where_its_search_gives_a_coin_away():
    """From a tournament game (size 4, 12 coins left): hard's search, with the hand-set Classic
    weights it had then, gated where the Hoarder then reaches 25 coins; the proof shows 24 can
    be held. (With the fitted weights its search finds the right gate here too.)"""
    ring = [((-2, -1), (-2, 0)), ((-2, 0), (-1, -1)), ((-1, -1), (-1, 0)), ((-1, 0), (0, -1)), ((-1, 0), (0, 0)),
            ((-1, 1), (0, 0)), ((-1, 1), (0, 1)), ((0, -1), (1, -2)), ((0, -1), (1, -1)), ((0, 1), (1, 0)),
            ((1, -3), (2, -3)), ((1, -2), (1, -1)), ((1, -2), (2, -2)), ((1, -1), (1, 0)), ((1, -1), (2, -1)),
            ((1, 0), (1, 1)), ((1, 1), (2, 0)), ((2, -3), (2, -2)), ((2, -2), (2, -1)), ((2, -1), (2, 0)),
            ((2, -1), (3, -1)), ((2, 0), (3, 0)), ((2, 1), (3, 0)), ((3, -2), (3, -1))]
    coins = [(-2, -1), (-1, -2), (-1, -1), (0, -3), (0, -1), (0, 2), (1, -3), (1, -2), (1, 2), (2, -3), (2, -2),
             (3, 0)]
    state = replace(new_classic(4), coins=frozenset(coins), pawns=((1, -1),), purses=(21, 3),
                    gates=(frozenset(), frozenset(edge(a, b) for a, b in ring)), to_move=GATEKEEPER)
    pos = Pos.from_state(state)
    assert Endgame().value(pos) == 24
    hand_set = replace(HARD, endgame_coins=0, mobility=Mobility(pairs=0.4))
    searched = HardPlayer(hand_set, 12_000).choose(state, random.Random(1), 1.0)
    assert Endgame().value(pos.apply(pos.code(searched))) == 25
    proved = make_agent("hard", node_limit=300_000).choose(state, random.Random(1))
    assert Endgame().value(pos.apply(pos.code(proved))) == 24
    fitted = HardPlayer(replace(HARD, endgame_coins=0), 12_000).choose(state, random.Random(1), 1.0)
    assert Endgame().value(pos.apply(pos.code(fitted))) == 24  # hard's own weights, no proof


def classic_endgame_actions(seed: int) -> list[str]:
    """hard against itself at a node budget from a 10-coin position: every action to the end."""
    agent, rng = make_agent("hard", node_limit=4000), random.Random(seed)
    state, log = endgame(4, 10, 40, seed), []
    while not state.is_over:
        action = agent.choose(state, rng)
        log.append(action.text)
        state, _ = apply(state, action)
    return log


def test_a_classic_endgame_replays_the_same_whatever_was_proved_before_it():
    fresh = classic_endgame_actions(3)
    classic_endgame_actions(4)  # another game in between leaves its own proven bounds behind
    assert classic_endgame_actions(3) == fresh
