"""The computer seats' decisions, off the frame loop.

`decide(state, kind, rng, budget)` asks `game.bitcoin.ai.choose_action` with the deciding
player's own view (the AI turns a full state into that view itself, so no computer can read
another's role card) and falls back to a uniform legal action if the AI fails, so a broken
player never ends a game. `think` runs it in a `Worker` that the table polls each frame.
"""

from __future__ import annotations

import random

from game.bitcoin import is_legal, legal_actions
from game.bitcoin.actions import Action
from game.bitcoin.state import State
from game.client.worker import Worker

#: seconds a computer may think, per strength (None: the AI's own default)
BUDGETS: dict[str, float | None] = {"random": None, "easy": None, "normal": None, "hard": 0.5}
MIN_THINK = 0.35  # seconds the "thinking" indicator shows at least, at normal animation speed


def decide(state: State, kind: str, rng: random.Random, budget: float | None = None) -> Action:
    try:
        from game.bitcoin.ai import choose_action

        action = choose_action(state, kind, rng, budget)
        if is_legal(state, action):
            return action
    except Exception:  # any failure of the AI: play on with a legal action
        pass
    return rng.choice(legal_actions(state))


def think(state: State, kind: str, rng: random.Random, budget: float | None = None) -> Worker:
    """Start deciding in a helper process (see game.client.worker); poll `worker.done`, then read `worker.result`."""
    chosen = BUDGETS.get(kind) if budget is None else budget
    return Worker(decide, state, kind, rng, chosen, name=f"satoshi-ai-{kind}")
