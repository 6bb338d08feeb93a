"""Reading the table: where the Bitcoin price is heading and which winning condition is live.

Only public information is used (a view is enough): the price so far, the round, and how far
the leading pawn still has to go, since the game ends when a pawn reaches End.
"""

from __future__ import annotations

from game.bitcoin.state import State

SPACES_PER_TURN = 1.4  # how far a pawn moves in a turn on average (measured in baseline games)
START_DRIFT = 3.0  # $ a round the price rises before there is a history to read


def limits(state: State) -> tuple[int, int]:
    """The low (Fiat below) and high (everybody wins at) limits of this game's difficulty."""
    rules = state.data.rules
    offset = rules.difficulty[state.options.difficulty]
    return rules.fiat_below + offset, rules.everyone_at + offset


def rounds_left(state: State) -> float:
    track = state.data.track
    nearest = min(track.distance[p.space] for p in state.players)
    return min(nearest / SPACES_PER_TURN, state.options.max_rounds - state.round)


def expected_price(state: State) -> float:
    """Today's price plus its average rise per round so far, over the rounds still to come."""
    drift = state.bitcoin / state.round if state.round > 2 else START_DRIFT
    return state.bitcoin + drift * rounds_left(state)


def live_condition(state: State, margin: float = 0.0) -> str:
    """"everyone", "bitcoin" or "fiat": what the expected final price says will decide the game."""
    low, high = limits(state)
    price = expected_price(state) + margin
    if price >= high:
        return "everyone"
    return "bitcoin" if price >= low else "fiat"
