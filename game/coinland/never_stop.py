"""Whether a greedy player that never stops can reach a score, however it breaks its ties.

The campaign's greedy player (design.py) stops when every move loses. A greedier one, the kind
an attacker measures with, never stops while a move is legal: it takes a move of the best net
gain even when every move loses, and counts as having reached a score once its purse held that
many coins at any point (it would stop there, had it seen par reached). On a level whose idea
is "go on when every move loses" that player walks the idea by reflex; on any other level a
board it solves is a weak board (issue 37).

`never_stop_reaches` answers "does some tie-break bring its purse to `target`?" with lucky.py's
bounded branch-and-bound search, `greedy_reaches`, given this player's moves: a position is dropped when the
solver's bound says no walk from it can bring the purse to `target`, or when a player as rich
or richer stood on the same cell with the same coins left (a richer player has the same best
moves, or more once the poorer one is stuck, so it does at least as well). A search that runs
out of its budget answers None: it proves nothing, and a rule built on it fails.

Pure: no pygame.
"""

from __future__ import annotations

from game.coinland.design_search import cheapest_moves
from game.coinland.levels import Level
from game.coinland.lucky import PROOF_BUDGET, greedy_reaches
from game.coinland.solver_tables import Tables


def never_stop_step(t: Tables, cur: int, coins: int, purse: int) -> list[tuple[int, int, int]]:
    """The moves a greedy player that never stops may take: those of the best net gain, losses too."""
    return cheapest_moves(t, cur, coins, purse)


def never_stop_reaches(level: Level, target: int, budget: int = PROOF_BUDGET) -> bool | None:
    """True when some never-stopping greedy player (some way of breaking ties) holds at least
    `target` coins at some point, False when none does, None when `budget` positions were not
    enough to tell."""
    return greedy_reaches(level, target, budget, step=never_stop_step)
