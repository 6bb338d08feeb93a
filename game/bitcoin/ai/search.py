"""The `hard` player: tries each real choice in many possible futures and keeps the one that wins most.

Each future starts from the player's own view with the hidden role cards dealt at random
(`determinize`) and a fresh chance seed, then plays the game out with the baseline for every
seat. A choice's value is its share of wins (a shared win counts its share). The futures
also tell where the price will end, so the live winning condition comes out of the search
itself, not a rule of thumb. Forced moves and money handling are left to the normal player.
"""

from __future__ import annotations

import random
import time

from game.bitcoin import agents
from game.bitcoin.actions import END, Action, Move, Offer
from game.bitcoin.ai.policy import choose_move, free_choice, normal, plan
from game.bitcoin.rules import apply, step_actions
from game.bitcoin.state import State
from game.bitcoin.view import determinize

MAX_CANDIDATES = 5
PLAYOUT_ACTIONS = 3000  # a safety stop; games end long before (round limit)


def candidates(view: State, me: int, rng: random.Random) -> list[Action]:
    """The distinct choices worth searching: steps (one path per destination and length), plus the
    normal player's money move at the end of a turn against simply ending it."""
    phase = view.phase
    if phase == "offer":
        return []
    steps = step_actions(view)
    if phase == "end":
        money = free_choice(view, me, plan(view, me), rng)
        options = [a for a in steps if a != END] + ([money] if money is not None else [])
        return [END, *options][:MAX_CANDIDATES] if options else []
    if phase == "move":
        best: dict[tuple[int, str], Move] = {}
        for move in (a for a in steps if isinstance(a, Move)):
            best.setdefault((move.spaces, move.path[-1]), move)
        others = [a for a in steps if not isinstance(a, Move)]
        first = choose_move(view, me, plan(view, me), rng)
        ordered = [first, *[m for m in best.values() if m != first], *others]
        return list(dict.fromkeys(ordered))[:MAX_CANDIDATES]
    return steps[:MAX_CANDIDATES] if len(steps) > 1 else []


def playout(state: State, rng: random.Random) -> State:
    for _ in range(PLAYOUT_ACTIONS):
        if state.phase == "over":
            break
        action = agents.baseline(state, rng)
        if isinstance(action, Offer):  # playouts skip haggling: it rarely changes the result, costs time
            action = END if state.phase == "end" else agents.baseline(state, rng)
        state, _ = apply(state, action)
    return state


def payoff(state: State, me: int) -> float:
    result = state.outcome
    if result is None or me not in result.winners:
        return 0.0
    return 1.0 / len(result.winners)


def hard(view: State, rng: random.Random, budget: float, playouts: int | None = None) -> Action:
    """The best-scoring choice after `budget` seconds of futures, or exactly `playouts` futures per
    choice when given (the same answer on any machine: replays, tests)."""
    me = view.current_player
    assert me is not None
    options = candidates(view, me, rng)
    if len(options) < 2:
        return normal(view, rng)
    deadline = time.perf_counter() + budget - min(0.03, budget / 10)  # room for the last future to finish
    totals, counts = [0.0] * len(options), [0] * len(options)
    turn = 0
    while True:
        if playouts is not None:
            if turn >= playouts * len(options):
                break
        elif turn >= len(options) * 2 and time.perf_counter() >= deadline:
            break
        k = turn % len(options)
        world = determinize(view, rng)
        after, _ = apply(world, options[k])
        totals[k] += payoff(playout(after, rng), me)
        counts[k] += 1
        turn += 1
    return options[max(range(len(options)), key=lambda k: (totals[k] / counts[k], -k))]
