"""The Duel's waiting game, in numbers a board can show.

Late in a Duel every move either Hoarder has costs coins (a fee to the other player for each
of her gates crossed). Then a player would rather draw a gate than move, both do, and the one
on turn when no edge is left has to move her Hoarder and pay first. Drawing a gate on a
*harmless* edge (`game.coinland.harmless`) changes nothing but whose turn it is: that is the
`Wait` action. This module says where a Duel stands in that game:

    from game.coinland.waiting import waiting
    w = waiting(state)
    w.harmless, w.free, w.first_to_move, w.every_move_costs

The computer players count the same things in their search (`game.coinland.ai`).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.coinland.harmless import harmless_edges
from game.coinland.rules import free_edges, hoarder_moves
from game.coinland.state import Mode, State


@dataclass(frozen=True)
class Waiting:
    """Where a game stands in the waiting game (see `waiting`)."""

    harmless: int  # harmless edges left: how many Waits both players have between them
    free: int  # edges without a gate (harmless or not)
    # Duel: the player on turn once every free edge holds a gate, if from now on both only draw
    # gates (she must then move her Hoarder and pay, or pass if she can pay for nothing); None
    # outside a Duel and once the game is over
    first_to_move: int | None
    every_move_costs: bool  # Duel: neither Hoarder has a move that crosses no gate of the other's

    def describe(self) -> str:
        """One line for a log or a status bar, in player numbers."""
        edges = f"{self.harmless} harmless edge" + ("" if self.harmless == 1 else "s")
        if self.first_to_move is None:
            return f"{edges} left"
        return f"{edges} left; if both only draw gates, player {self.first_to_move} moves first"


def free_move_count(state: State, player: int) -> int:
    """How many of `player`'s legal moves cross no gate she pays for."""
    return sum(1 for move in hoarder_moves(state, player) if move.fee == 0)


def every_move_costs(state: State) -> bool:
    """Duel: neither Hoarder has a free move (one that crosses none of the other's gates).

    From here the fight is over and only who pays first is left to play for (a free move can
    come back only if the other Hoarder moves off a line she blocked).
    """
    if state.mode is not Mode.DUEL or state.is_over:
        return False
    return not free_move_count(state, 0) and not free_move_count(state, 1)


def first_to_move(state: State) -> int | None:
    """Duel: who is on turn once no edge is left, if from now on both players only draw gates.

    Every free edge is drawn before anyone has to move (a gate of one's own colour never costs
    its owner anything), so with F free edges it is the player to move when F is even and the
    other when F is odd. With no edge left now, a player who cannot pay for any move passes,
    so it is the other. None outside a Duel and once the game is over. Under the house rule
    (`state.may_pass`) a player may also pass instead of drawing, and two passes end the game.
    """
    if state.mode is not Mode.DUEL or state.is_over:
        return None
    free = len(free_edges(state))
    on_turn = state.to_move if free % 2 == 0 else 1 - state.to_move
    if free == 0 and not hoarder_moves(state, on_turn):
        return 1 - on_turn
    return on_turn


def waiting(state: State) -> Waiting:
    """Harmless edges left, free edges left, who moves first if both only wait, whether every move costs."""
    return Waiting(len(harmless_edges(state)), len(free_edges(state)), first_to_move(state),
                   every_move_costs(state))
