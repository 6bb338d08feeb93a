"""Who is Satoshi? Odds from what is on the table, never from hidden cards.

Satoshi wins only when the price reaches the high limit, so she tends to hold Bitcoin jobs
(their price effects lift the price) and Bitcoins, and to give rather than take. Each hidden
player's suspicion grows with those signs; the odds share out the chance that Satoshi's card
is among the hidden players (in a two-player game it may be the card set aside).
"""

from __future__ import annotations

from game.bitcoin.state import HIDDEN, SATOSHI, State
from game.bitcoin.view import hidden_cards, view_for


def suspicion(state: State, player: int) -> float:
    p = state.players[player]
    bitcoin_jobs = sum(not state.data.jobs[j].is_fiat for j in p.jobs)
    mean_btc = sum(q.btc for q in state.players) / state.n
    return 1.0 + 0.8 * bitcoin_jobs + 0.5 * (p.btc > 1.5 * mean_btc + 1)


def satoshi_odds(state: State, me: int) -> dict[int, float]:
    """Probability that each other player is Satoshi, as `me` sees the table."""
    view = state if state.viewer == me else view_for(state, me)
    for i, p in enumerate(view.players):
        if i != me and p.role == SATOSHI:
            return {i: 1.0}
    if SATOSHI not in hidden_cards(view):
        return {}
    hidden = [i for i, p in enumerate(view.players) if p.role == HIDDEN]
    if not hidden:
        return {}
    in_hands = len(hidden) / (len(hidden) + (view.aside == HIDDEN))
    weights = {i: suspicion(view, i) for i in hidden}
    total = sum(weights.values())
    return {i: in_hands * w / total for i, w in weights.items()}
