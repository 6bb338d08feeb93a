"""What a Classic or Duel position is worth, in coins, for the review: exact where it can be, an
estimate with its noise where it cannot.

Values are from one fixed side, so a graph reads the same all game long: in Classic the
Hoarder's final purse in the game being played, in Duel the final lead of player 0 (seat 0).

* **Exact**: a finished game is worth its result; a fixed Classic board (every edge gated) the
  puzzle solver's proved best (`classic_exact`); a Classic endgame from `PROOF_COINS` coins
  left and a Duel endgame once few gates still matter are proved by the endgame solvers the
  `hard` player uses (`game.coinland.ai.endgame`, `game.coinland.ai.duel_endgame`).
* **Estimated**: any other position is played out to the end by the greedy player for both sides
  (`play_out`), once per seed. Seeds are shared between the positions a review compares, so
  their *difference* is measured with much less noise than either value (common random numbers).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.coinland.actions import Action, Move, Pass
from game.coinland.ai import make_agent
from game.coinland.ai.duel_endgame import DuelEndgame, provable
from game.coinland.ai.endgame import Endgame, OutOfBudget, best_action
from game.coinland.ai.position import Pos
from game.coinland.ai.waits import action_code
from game.coinland.rules import apply, hoarder_moves
from game.coinland.state import HOARDER, Mode, State

SOLVE_SECONDS = 1.0
PROOF_COINS = 11  # Classic coins left from which a proof is tried (11 coins: 11,000 nodes median, 33,000 worst)
PROOF_NODES = 300_000  # per proof, so a review never stalls on one (about 3 to 6 s at worst)
PLAYOUT_AGENT = "greedy"  # plays both sides of every play-out


@dataclass(frozen=True)
class Proof:
    """A position proved to its end: the best action's text, and the values before and after the played one."""

    best: str
    before: float
    after: float


def final(state: State) -> float:
    """A finished game's value from the fixed side."""
    a, b = state.purses
    return float(a) if state.mode is Mode.CLASSIC else float(a - b)


def fixed_board(state: State) -> bool:
    """A Classic board with no edge left to gate: the Hoarder faces a puzzle."""
    return state.mode is Mode.CLASSIC and not state.is_over and len(state.all_gates) == len(state.board.edges)


def classic_exact(state: State, seconds: float = SOLVE_SECONDS) -> tuple[float, bool]:
    """The Hoarder's final purse on a fixed Classic board, with best play; (value, proved).

    She must move at least once before she may declare the end, so when stopping at once
    would be the puzzle's best, the value is the best over her forced first moves.
    """
    from game.coinland.solver import puzzle_from, solve

    if state.is_over:
        return float(state.purses[HOARDER]), True
    result = solve(puzzle_from(state, HOARDER), time_limit=seconds)
    if result.moves or state.to_move != HOARDER:
        if state.to_move != HOARDER and not result.moves:
            return classic_exact(apply(state, Pass())[0], seconds)
        return float(result.score), result.optimal
    best, proved = None, True
    for move in hoarder_moves(state):
        value, sure = classic_exact(apply(state, Move(move.target))[0], seconds)
        if best is None or value > best:
            best = value
        proved = proved and sure
    return (float(state.purses[HOARDER]) if best is None else best), proved


def exact_choice(state: State, seconds: float = SOLVE_SECONDS) -> str:
    """The best action's text on a fixed Classic board."""
    from game.coinland.solver import puzzle_from, solve

    if state.to_move != HOARDER:
        return "pass"
    result = solve(puzzle_from(state, HOARDER), time_limit=seconds)
    if result.moves:
        return Move(result.moves[0], end=len(result.moves) == 1).text
    moves = hoarder_moves(state)
    if not moves:
        return "pass"
    return Move(min(moves, key=lambda m: m.fee).target, end=True).text


def play_out(state: State, seed: int, seconds: float = SOLVE_SECONDS) -> float:
    """The end one greedy-against-greedy game reaches from `state`, from the fixed side."""
    agent, rng = make_agent(PLAYOUT_AGENT), random.Random(seed)
    while not state.is_over:
        if fixed_board(state):
            return classic_exact(state, seconds)[0]
        state = apply(state, agent.choose(state, rng))[0]
    return final(state)


def proof(state: State, action: Action, nodes: int = PROOF_NODES) -> Proof | None:
    """The position before `action` proved to its end, for either mode; None when it is too big."""
    if state.is_over:
        return None
    pos = Pos.from_state(state)
    try:
        if state.mode is Mode.CLASSIC:
            if len(state.coins) > PROOF_COINS:
                return None
            solver = Endgame(node_limit=nodes)
            best, before = best_action(pos, solver, [])
            after = solver.value(pos.apply(action_code(pos, action)))
            return Proof(pos.action(best).text, float(before), float(after))
        if not provable(pos):
            return None
        duel = DuelEndgame(node_limit=nodes)
        best, lead = duel.best(pos)
        after_pos = pos.apply(action_code(pos, action))
        after_lead = -duel.value(after_pos)  # the child's value is from the other player's side
    except OutOfBudget:
        return None
    sign = 1.0 if state.to_move == 0 else -1.0  # the mover's lead, turned to player 0's
    return Proof(pos.action(best).text, sign * lead, sign * after_lead)
