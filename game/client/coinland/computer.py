"""The computer's move, off the frame loop.

`choose(state, strength, rng, budget)` asks `game.coinland.ai.choose_action`, imported
lazily (and again on each call until it loads), and falls back to a random legal action
while that module is missing or broken, so the client never depends on it being there.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable

from game.client.worker import Worker
from game.coinland.actions import Action, Move
from game.coinland.rules import is_legal, legal_actions
from game.coinland.state import State

#: seconds the computer may think, per strength (the AI's own defaults when None)
BUDGETS: dict[str, float | None] = {"random": None, "easy": None, "normal": None, "hard": 0.8}
MIN_THINK = 0.35  # seconds the "thinking" indicator shows at least, so a reply never feels like a glitch


def ai_chooser() -> Callable[..., Action] | None:
    try:
        module = importlib.import_module("game.coinland.ai")
    except Exception:  # any failure to import means "not available yet"
        return None
    return getattr(module, "choose_action", None)


def random_action(state: State, rng: random.Random) -> Action:
    """The fallback player: any legal action, but never declaring a Classic game over."""
    actions = legal_actions(state)
    calm = [a for a in actions if not (isinstance(a, Move) and a.end)]
    return rng.choice(calm or actions)


def choose(state: State, strength: str, rng: random.Random, budget: float | None = None) -> Action:
    chooser = ai_chooser()
    if chooser is not None:
        try:
            action = chooser(state, strength, rng, budget)
            if is_legal(state, action):
                return action
        except Exception:  # a broken AI must not end the game; play on randomly
            pass
    return random_action(state, rng)


def think(state: State, strength: str, rng: random.Random) -> Worker:
    """Start choosing in a helper process (see game.client.worker); poll `worker.done`, then read `worker.result`.

    `choose` is module level and the state and generator are picklable, so the search never
    shares the interpreter lock with the frame loop."""
    return Worker(choose, state, strength, rng, BUDGETS.get(strength), name=f"coinland-ai-{strength}")
