"""Computer players for Finding Satoshi: `random`, `easy`, `normal` and `hard`.

    from game.bitcoin.ai import choose_action, STRENGTHS
    action = choose_action(view_for(state, seat), "hard", random.Random(seed), budget=0.5)

Every player decides from its own view only: `choose_action` turns a full state into the
deciding player's view before any agent sees it, so no agent can read another's role card.
`normal` plays for the live winning condition (policy.py) and ends the game only when it wins
there (endgame.py), `hard` searches possible futures near the end (search.py), `easy` mixes
normal and baseline play, `random` picks uniformly among the steps (and never stalls).
"""

from __future__ import annotations

import random

from game.bitcoin.actions import Action
from game.bitcoin.ai.policy import easy, normal, uniform
from game.bitcoin.ai.search import hard
from game.bitcoin.state import State
from game.bitcoin.view import view_for

STRENGTHS = ("random", "easy", "normal", "hard")
DEFAULT_BUDGET = 0.5


def own_view(state: State) -> State:
    """What the player who must decide now may see."""
    me = state.current_player
    if me is None:
        raise ValueError("the game is over; there is nothing to choose")
    return state if state.viewer == me else view_for(state, me)


def choose_action(state: State, strength: str, rng: random.Random, budget: float | None = None,
                  playouts: int | None = None) -> Action:
    """The action a player of `strength` takes now, decided from that player's view alone.

    `budget` is hard's thinking time in seconds; `playouts` (futures per choice) replaces it
    with a fixed amount of work, so the same seed gives the same game on any machine."""
    if strength not in STRENGTHS:
        raise ValueError(f"unknown strength {strength!r}; expected one of {', '.join(STRENGTHS)}")
    view = own_view(state)
    if strength == "random":
        return uniform(view, rng)
    if strength == "easy":
        return easy(view, rng)
    if strength == "normal":
        return normal(view, rng)
    return hard(view, rng, DEFAULT_BUDGET if budget is None else budget, playouts)


__all__ = ["DEFAULT_BUDGET", "STRENGTHS", "choose_action", "own_view"]
