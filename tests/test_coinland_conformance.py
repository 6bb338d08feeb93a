"""Random games of every mode and size, checked at every step (after OpenSpiel's random_sim_test).

At each step: the state equals its clone and its JSON/TOML round trips; every offered
action is legal by an independent check; the applied action's events account for every
coin that moved; coins on the board plus both purses never change. COINLAND_LONG=1 plays
ten times as many games.
"""

import os
import random

import pytest

from game.coinland import (
    CoinCollected,
    FeePaid,
    GameOver,
    Gate,
    Mode,
    Move,
    Pass,
    State,
    Stop,
    apply,
    legal_actions,
    new_classic,
    new_duel,
    new_puzzle,
)
from game.hexgrid import DIRECTIONS, board, edge

GAMES = 120 * (10 if os.environ.get("COINLAND_LONG") else 1)


def independent_moves(state: State, player: int) -> set:
    """The Hoarder's legal targets, worked out here from RULES.md without the engine's code."""
    hexes = board(state.size)
    origin = state.pawns[player if state.mode is Mode.DUEL else 0]
    blocker = state.pawns[1 - player] if state.mode is Mode.DUEL else None
    found = set()
    for dq, dr in DIRECTIONS:
        fee, previous = 0, origin
        for k in range(1, 2 * state.size):
            cell = (origin[0] + dq * k, origin[1] + dr * k)
            if cell not in hexes or cell == blocker:
                break
            if edge(previous, cell) in state.gates[1 - player]:
                fee += 1
            if cell in state.coins and fee <= state.purses[player]:
                found.add(cell)
            previous = cell
    return found


def expected_actions(state: State) -> set:
    player, mode = state.to_move, state.mode
    free = {Gate(e) for e in board(state.size).edges if e not in state.gates[0] | state.gates[1]}
    if mode is Mode.PUZZLE:
        return {Move(c) for c in independent_moves(state, 0)} | {Stop()}
    if mode is Mode.CLASSIC:
        if player == 1:
            return free or {Pass()}
        return {Move(c, end) for c in independent_moves(state, 0) for end in (False, True)}
    passing = {Pass()} if free and state.may_pass else set()  # the house rule: pass instead of a gate
    return ({Move(c) for c in independent_moves(state, player)} | free | passing) or {Pass()}


def random_start(mode: Mode, size: int, rng: random.Random) -> State:
    if mode is Mode.CLASSIC:
        return new_classic(size)
    if mode is Mode.DUEL:
        return new_duel(size, first=rng.randrange(2), may_pass=rng.random() < 0.3)
    hexes = board(size)
    gates = rng.sample(hexes.edges, rng.randrange(len(hexes.edges) + 1))
    start = rng.choice(hexes.cells)
    empty = [c for c in hexes.cells if c != start and rng.random() < 0.15]
    return new_puzzle(size, start, gates, empty, purse=rng.randrange(4))


def check_step(state: State, action, after: State, events: list) -> None:
    before_total = len(state.coins) + sum(state.purses)
    assert len(after.coins) + sum(after.purses) == before_total
    collected = [e for e in events if isinstance(e, CoinCollected)]
    assert len(collected) == len(state.coins) - len(after.coins)
    assert {e.cell for e in collected} == state.coins - after.coins
    delta = [after.purses[p] - state.purses[p] for p in (0, 1)]
    for event in events:
        if isinstance(event, FeePaid):
            delta[event.payer] += event.amount
            delta[event.payee] -= event.amount
        elif isinstance(event, CoinCollected):
            delta[event.player] -= 1
    assert delta == [0, 0], "every coin that moved is told by an event"
    assert (after.ended is not None) == any(isinstance(e, GameOver) for e in events)


def check_state(state: State, rng: random.Random) -> None:
    assert state.clone() == state and hash(state.clone()) == hash(state)
    assert State.from_json(state.to_json()) == state
    if rng.random() < 0.1:
        assert State.from_toml(state.to_toml()) == state


@pytest.mark.parametrize("mode", list(Mode))
@pytest.mark.parametrize("size", [2, 3, 4, 5, 6])
def test_random_games_keep_every_invariant(mode, size):
    rng = random.Random(f"conformance:{mode}:{size}")
    # random Duels on big boards run long (every ply draws a gate): fewer games there, all of them
    # with COINLAND_LONG=1
    games = GAMES // 5 if size >= 5 else GAMES
    if mode is Mode.DUEL and size >= 4 and not os.environ.get("COINLAND_LONG"):
        games = max(8, games // 3)
    for _ in range(games):
        state = random_start(mode, size, rng)
        while True:
            check_state(state, rng)
            actions = legal_actions(state)
            if state.is_over:
                assert actions == []
                break
            assert set(actions) == expected_actions(state)
            assert len(set(actions)) == len(actions)
            action = rng.choice(actions)
            after, events = apply(state, action)
            check_step(state, action, after, events)
            assert after.ply == state.ply + 1
            state = after
