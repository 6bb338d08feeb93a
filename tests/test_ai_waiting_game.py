"""The computer players and the Duel's waiting game (issue #34 items 3 and 4).

The Duel endgame solver agrees with a plain minimax over every rules action on small positions
(which checks its two shortcuts: harmless edges count only by parity, one gate per gap); `hard`
and `normal` take the gate that decides who pays, wait when waiting is right, move at once when
waiting would only lengthen the game, and vary their openings with the game's seeded generator.
"""

from __future__ import annotations

import random
import sys
from dataclasses import replace

import pytest
from test_coinland_harmless import small_positions

from game.coinland import Gate, Move, Wait, apply, is_legal, new_classic, new_duel, waiting
from game.coinland.ai import make_agent
from game.coinland.ai.duel_endgame import DuelEndgame, lead
from game.coinland.ai.position import Pos
from game.coinland.ai.waits import action_code
from game.hexgrid import edge


def choose(state, strength: str, seed: int = 1):
    """A node budget, not seconds: the same answer on a loaded machine."""
    return make_agent(strength, None, 20_000 if strength == "hard" else None).choose(state, random.Random(seed))


def minimax(pos: Pos, memo: dict) -> int:
    """The final lead of the player to move, over every legal action: no shortcut at all."""
    key = (*pos.key(), pos.ended)
    if key not in memo:
        memo[key] = lead(pos) if pos.terminal() else max(-minimax(pos.apply(c), memo) for c in pos.legal())
    return memo[key]


@pytest.mark.parametrize(("size", "free", "coins", "may_pass"), [(2, 4, 4, False), (3, 4, 4, False),
                                                                  (2, 4, 3, True), (3, 4, 3, True)])
def test_the_duel_endgame_solver_agrees_with_minimax_over_every_action(size, free, coins, may_pass):
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 5000))
    checked = 0
    for state in small_positions(size, 40, free, coins, seed=size * 10 + free):
        pos = Pos.from_state(replace(state, may_pass=may_pass))
        if pos.terminal():
            continue
        assert DuelEndgame().value(pos) == minimax(pos, {}), state
        checked += 1
    assert checked >= 30


# Size 3: Hoarders on (-2,0) and (2,0), two coins on their row at (-1,0) and (1,0); each has walled
# the other in with one gate, so every move pays a coin; 38 of the 42 edges are harmless.
def walled(to_move: int = 0, purses=(3, 3)):
    return replace(new_duel(3), coins=frozenset({(-1, 0), (1, 0)}), purses=purses, to_move=to_move,
                   gates=(frozenset({edge((1, 0), (2, 0))}), frozenset({edge((-2, 0), (-1, 0))})))


def test_the_state_for_these_tests_is_the_waiting_game():
    w = waiting(walled())
    assert w.every_move_costs and w.harmless == 38 and w.free == 40


@pytest.mark.parametrize("strength", ["normal", "hard"])
def test_a_player_takes_the_gate_that_decides_who_pays(strength):
    """A third coin on the centre, a coin each in hand: the gate between (-1,0) and the centre is
    worth 2 coins of lead to whoever draws it (proved: +1 for player 0 with it, -1 after a move, a
    wait or the other middle gate). Waiting there gives it away."""
    state = replace(walled(purses=(1, 1)), coins=frozenset({(-1, 0), (0, 0), (1, 0)}))
    pos = Pos.from_state(state)
    solver = DuelEndgame()
    assert solver.value(pos) == 1
    assert -solver.value(pos.apply(action_code(pos, Wait()))) == -1
    assert choose(state, strength) == Gate(((-1, 0), (0, 0)))


def test_hard_waits_when_waiting_is_what_keeps_its_lead():
    """Every crossable edge gated; 38 harmless edges left (even), player 0 to move: if she waits,
    the parity holds and player 1 must move first, paying 2 coins for 1."""
    middle = (frozenset({edge((1, 0), (2, 0)), edge((-1, 0), (0, 0))}),
              frozenset({edge((-2, 0), (-1, 0)), edge((0, 0), (1, 0))}))
    state = replace(walled(), gates=middle)
    w = waiting(state)
    assert w.every_move_costs and w.free == w.harmless == 38 and w.first_to_move == 0
    action = choose(state, "hard")
    # she must move first either way (38 is even): paying now is as good as later, so hard moves at
    # once rather than make the game 38 plies longer
    assert isinstance(action, Move)
    odd = replace(state, gates=(state.gates[0] | {edge((-2, 2), (-1, 2))}, state.gates[1]))
    assert waiting(odd).first_to_move == 1
    assert choose(odd, "hard") == Wait()  # now waiting makes the other pay


def test_normal_and_hard_return_a_wait_not_a_gate_on_a_harmless_edge():
    state = replace(walled(), gates=(frozenset({edge((1, 0), (2, 0)), edge((-1, 0), (0, 0)),
                                                edge((-2, 2), (-1, 2))}),
                                     frozenset({edge((-2, 0), (-1, 0)), edge((0, 0), (1, 0))})))
    for strength in ("normal", "hard"):
        action = choose(state, strength, 2)
        assert is_legal(state, action)
        assert not (isinstance(action, Gate) and action.edge in waiting_edges(state))


def waiting_edges(state):
    from game.coinland import harmless_edges

    return harmless_edges(state)


@pytest.mark.parametrize("strength", ["normal", "hard"])
@pytest.mark.parametrize("mode", ["duel", "classic"])
def test_openings_vary_with_the_games_seed_and_replay_with_it(strength, mode):
    """Issue #34 item 4: two games against normal or hard should not open alike. Against itself, the
    first 12 actions from 8 seeds: every game opens its own way, and a seed replays its game."""

    def opening(seed: int) -> tuple[str, ...]:
        agent, rng = make_agent(strength, None, 600), random.Random(seed)
        state, played = (new_duel(4) if mode == "duel" else new_classic(4)), []
        for _ in range(12):
            action = agent.choose(state, rng)
            played.append(action.text)
            state = apply(state, action)[0]
        return tuple(played)

    openings = [opening(seed) for seed in range(8)]
    assert len(set(openings)) >= 6
    assert opening(3) == openings[3]
