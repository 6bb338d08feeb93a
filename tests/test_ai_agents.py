"""Computer players: always legal, reproducible, and right where the right move is clear."""

import random
from dataclasses import replace

import pytest

from game.coinland import ClassicMatch, Gate, Move, apply, hoarder_moves, is_legal, new_classic, new_duel
from game.coinland.ai import AGENTS, STRENGTHS, choose_action
from game.coinland.ai.players import VARIETY_PLIES
from game.hexgrid import board, edge

BUDGET = {"random": None, "easy": None, "greedy": None, "normal": None, "hard": 0.02}


def play_game(mode: str, size: int, agents: tuple[str, str], seed: int) -> list[str]:
    rng = random.Random(seed)
    log = []
    if mode == "classic":
        match = ClassicMatch(size=size)
        while not match.is_over:
            seat = match.current_seat
            action = choose_action(match.state, agents[seat], rng, BUDGET[agents[seat]])
            assert is_legal(match.state, action)  # a Wait too, which legal_actions lists as its gate
            log.append(action.text)
            match, _ = match.apply(action)
        return log
    state = new_duel(size, first=seed % 2)
    while not state.is_over:
        agent = agents[state.to_move]
        action = choose_action(state, agent, rng, BUDGET[agent])
        assert is_legal(state, action)
        log.append(action.text)
        state, _ = apply(state, action)
    return log


@pytest.mark.parametrize("mode", ["classic", "duel"])
@pytest.mark.parametrize("size", [2, 3, 4, 5, 6])
def test_agents_only_return_legal_actions(mode, size):
    pairs = [("random", "easy"), ("easy", "normal"), ("normal", "random"), ("greedy", "normal")]
    if size <= 3:
        pairs.append(("hard", "easy"))
    for index, agents in enumerate(pairs):
        play_game(mode, size, agents, seed=size * 10 + index)


def test_same_seed_same_game():
    assert play_game("classic", 3, ("easy", "normal"), 5) == play_game("classic", 3, ("easy", "normal"), 5)
    assert play_game("duel", 3, ("random", "easy"), 6) == play_game("duel", 3, ("random", "easy"), 6)


def hoarder_to_move(gates, purse=0, size=3):
    state = new_classic(size)
    return replace(state, gates=(frozenset(), frozenset(gates)), to_move=0, purses=(purse, 0))


@pytest.mark.parametrize("strength", ["greedy", "normal", "hard"])
def test_hoarder_takes_the_free_coin_over_the_costly_one(strength):
    state = hoarder_to_move([edge((0, 0), (1, 0)), edge((0, 0), (0, 1)), edge((0, 0), (-1, 1)),
                             edge((0, 0), (-1, 0)), edge((0, 0), (0, -1))], purse=2)
    action = choose_action(state, strength, random.Random(1), 0.3)
    fee = {m.target: m.fee for m in hoarder_moves(state)}[action.to]
    assert isinstance(action, Move) and fee == 0


@pytest.mark.parametrize("strength", ["greedy", "normal", "hard"])
def test_gatekeeper_closes_the_last_free_way_out(strength):
    corner = (2, 0)
    gates = {edge(corner, (1, 0)), edge(corner, (2, -1))}
    state = replace(new_classic(3), pawns=(corner,), coins=new_classic(3).coins - {corner},
                    gates=(frozenset(), frozenset(gates)))
    action = choose_action(state, strength, random.Random(2), 0.3)
    assert action == Gate(edge(corner, (1, 1)))
    after, _ = apply(state, action)
    assert after.ended == "no_move"


@pytest.mark.parametrize("strength", ["normal", "hard"])
def test_hoarder_declares_the_end_when_only_fees_remain(strength):
    base = new_classic(3)
    far = {edge((-2, 2), (-1, 2)), edge((-2, 2), (-2, 1))}  # the Gatekeeper still has these to draw,
    empty = {(-2, 2), (-1, 2), (-2, 1)}  # but they lead nowhere: no coins there
    gates = frozenset(board(3).edges) - far
    state = replace(base, pawns=((0, 0),), gates=(frozenset(), gates), to_move=0, purses=(3, 0),
                    coins=base.coins - empty, ply=VARIETY_PLIES)  # a late position: no opening variety
    action = choose_action(state, strength, random.Random(3), 0.3)
    assert isinstance(action, Move) and action.end


def test_unknown_strength_is_refused():
    with pytest.raises(ValueError, match="expected one of"):
        choose_action(new_classic(3), "genius", random.Random(0))
    assert set(STRENGTHS) == {"random", "easy", "normal", "hard"}
    assert set(AGENTS) == set(STRENGTHS) | {"greedy"}  # the sparring partner is not on the player-facing ladder


@pytest.mark.parametrize("strength", ["normal", "hard"])
def test_gatekeeper_cuts_a_hoarder_with_coins_off_from_the_free_board(strength):
    """With coins in hand she survives the cut, but every later coin costs her: still the gate to draw."""
    corner = (2, 0)
    last_way = edge(corner, (1, 1))
    gates = {edge(corner, (1, 0)), edge(corner, (2, -1))}
    state = replace(new_classic(3), pawns=(corner,), coins=new_classic(3).coins - {corner},
                    gates=(frozenset(), frozenset(gates)), purses=(3, 0))
    free_before = [m for m in hoarder_moves(state, 0) if m.fee == 0]
    action = choose_action(state, strength, random.Random(4), 0.3)
    assert free_before and action == Gate(last_way)
    after, _ = apply(state, action)
    assert not after.is_over and all(m.fee > 0 for m in hoarder_moves(after, 0))


def test_greedy_duellist_takes_a_free_coin_rather_than_a_gate_that_changes_nothing():
    state = new_duel(3)  # both Hoarders in their corners, every other coin free to take
    action = choose_action(state, "greedy", random.Random(5))
    assert isinstance(action, Move)
    assert {m.target: m.fee for m in hoarder_moves(state)}[action.to] == 0


def test_greedy_duellist_cuts_the_opponents_only_coin_when_it_has_none_itself():
    """One look ahead: a gate that leaves the opponent nothing free beats any other gate."""
    state = new_duel(3)
    state = replace(state, coins=frozenset({(0, 2)}), purses=(1, 0), to_move=0)  # only player 1 reaches it
    action = choose_action(state, "greedy", random.Random(6))
    assert action in (Gate(edge((2, 0), (1, 1))), Gate(edge((1, 1), (0, 2))))  # either edge of the way there
    after, _ = apply(state, action)
    assert after.ended == "no_moves_left"
