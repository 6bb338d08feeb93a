"""Computer players for Hoarder & Gatekeeper: Classic (either role) and Duel.

The client, the engine protocol and the tournament all come through here:

    from game.coinland.ai import choose_action, make_agent, STRENGTHS
    action = choose_action(state, "hard", random.Random(seed), budget=1.0)
    agent = make_agent("normal"); action = agent.choose(state, rng)

An agent takes `(state, rng, budget seconds)` and returns a legal Action for the player to
move. Strengths are described in `players.py`; search positions, the evaluation and the
candidate moves live in the modules beside it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from game.coinland.actions import Action, Gate, Wait
from game.coinland.ai.greedy import greedy_move
from game.coinland.ai.players import DEFAULT_BUDGET, HARD, STRENGTHS, HardPlayer, easy_move, normal_move, random_move
from game.coinland.ai.search import Settings
from game.coinland.harmless import harmless_edges
from game.coinland.state import Mode, State

#: every agent the tournament and the engine protocol accept: the player-facing STRENGTHS,
#: plus `greedy`, the sparring partner the strengths are measured against (not on the ladder).
AGENTS = (*STRENGTHS, "greedy")

__all__ = ["AGENTS", "DEFAULT_BUDGET", "STRENGTHS", "Agent", "choose_action", "make_agent"]


@dataclass
class Agent:
    """A computer player of one strength; `choose` is all the callers need."""

    strength: str
    budget: float | None = None  # seconds; None: the strength's default
    node_limit: int | None = None  # hard only: stop after this many nodes (reproducible anywhere)
    settings: Settings = field(default_factory=lambda: HARD)

    def choose(self, state: State, rng: random.Random, budget: float | None = None) -> Action:
        """The action for the player to move in `state`; raises ValueError when there is none."""
        if state.is_over:
            raise ValueError("the game is over; there is nothing to choose")
        if state.mode is Mode.PUZZLE:
            raise ValueError("puzzles are for the solver (game.coinland.solver); agents play Classic and Duel")
        seconds = budget if budget is not None else self.budget
        seconds = DEFAULT_BUDGET.get(self.strength, 0.0) if seconds is None else seconds
        if self.strength == "random":
            return random_move(state, rng)
        if self.strength == "easy":
            return easy_move(state, rng)
        if self.strength == "greedy":
            return greedy_move(state, rng)
        if self.strength == "normal":
            return as_wait(state, normal_move(state, rng))
        return as_wait(state, HardPlayer(self.settings, self.node_limit).choose(state, rng, seconds))


def as_wait(state: State, action: Action) -> Action:
    """A gate on a harmless edge as what it is, a `Wait`: the window and the record then say the
    computer waited (the gate lands on the rules' own harmless edge, which plays the same)."""
    if isinstance(action, Gate) and action.edge in harmless_edges(state):
        return Wait()
    return action


def make_agent(strength: str, budget: float | None = None, node_limit: int | None = None) -> Agent:
    """An agent of `strength` (one of AGENTS); ValueError naming the choices otherwise."""
    if strength not in AGENTS:
        raise ValueError(f"unknown strength {strength!r}; expected one of {', '.join(AGENTS)}")
    return Agent(strength, budget, node_limit)


def choose_action(state: State, strength: str, rng: random.Random, budget: float | None = None) -> Action:
    """The action an agent of `strength` plays for the player to move in `state`."""
    return make_agent(strength).choose(state, rng, budget)
