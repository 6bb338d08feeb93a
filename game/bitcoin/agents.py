"""The computer players `simulate`, the tuning script and the benchmarks know, by name.

An agent is a function `(state, rng) -> Action` for the player who must decide now. The
baseline (game.bitcoin.ai.baseline) is the yardstick; the strengths are game.bitcoin.ai's
`choose_action` at a small fixed amount of work, so a simulated game replays exactly.
This module sits above the AI and imports it; nothing in the AI imports it.
"""

from __future__ import annotations

import random

from game.bitcoin.actions import Action
from game.bitcoin.ai import STRENGTHS, choose_action
from game.bitcoin.ai.baseline import Agent, baseline
from game.bitcoin.state import State


def computer(strength: str) -> Agent:
    """A computer player of game.bitcoin.ai as an agent."""

    def agent(state: State, rng: random.Random) -> Action:
        return choose_action(state, strength, rng, budget=0.05, playouts=4)

    agent.__name__ = strength
    return agent


#: the agents `python -m game simulate --agents` knows, by name
AGENTS: dict[str, Agent] = {"baseline": baseline, **{s: computer(s) for s in STRENGTHS}}

__all__ = ["AGENTS", "Agent", "baseline", "computer"]
