"""Iterative-deepening alpha-beta (negamax) over search positions, within a time budget.

The usual companions make it reach 5 to 8 plies in a second on the default board:
a transposition table (the same position is reached by gates drawn in either order),
the previous iteration's best move first, killer moves and a history table for the
rest. Each iteration that finishes gives a move; one cut short by the clock still counts
when it had already found something better than the last finished iteration's move,
which it always tries first.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from game.coinland.ai.candidates import hoarder_options, options
from game.coinland.ai.evaluation import MOBILITY, Mobility, Weights, mobility_value, pair_losses, value_for
from game.coinland.ai.gaps import class_key
from game.coinland.ai.position import GATE, Pos
from game.coinland.state import HOARDER

EXACT, LOWER, UPPER = 0, 1, 2
INFINITY = float("inf")
TT_LIMIT = 400_000
# Nodes between looks at the clock and the node limit. A Classic horizon counts each of the
# Hoarder's moves as a node at once, so the count jumps by tens: the search looks again once
# it has passed the next mark, not when it lands on a multiple (it rarely did, and a 0.1 s
# search on the size-6 board ran to 0.28 s, a 6000-node one to 14,000 nodes).
CHECK_EVERY = 32


class OutOfTime(Exception):
    pass


@dataclass
class SearchResult:
    code: int | None  # the best action found (None: no iteration finished a single move)
    value: float  # from the mover's side
    depth: int  # the deepest finished iteration
    nodes: int


@dataclass
class Settings:
    """How wide and how long to look; the strengths differ only in these."""

    max_depth: int = 12
    gate_limit: int = 40  # gates tried at inner Classic Gatekeeper nodes (as wide as normal: 10 lost to it)
    duel_gate_limit: int = 6  # gates tried at inner Duel nodes (besides every move)
    root_gate_limit: int = 24
    weights: Weights | None = None  # Duel weights; None: DUEL_WEIGHTS
    mobility: Mobility | None = None  # Classic weights; None: MOBILITY
    # Duel: after this many actions of a node, the rest are searched one ply shallower first
    # and again in full only if they look better (late-move reductions); 0: never
    duel_reduce_after: int = 0
    # Duel: keep the transposition table from one move to the next of the same game (see players.py)
    keep_table: bool = False
    # Classic: with this many coins left or fewer, first try to prove the game to its end with
    # half the budget (`endgame.py`), searching as usual only if that runs out; 0: never
    endgame_coins: int = 0
    # Classic: try one gate per gap at the Gatekeeper's nodes, not every edge of one, and key the
    # table by the gates each gap holds (`gaps.py`): the same search in fewer nodes
    gap_gates: bool = False
    # Classic: the Hoarder's search stops at this many plies, however large the budget (0: as deep
    # as it goes); the endgame proofs are exact and not capped. See HARD in players.py for why
    hoarder_depth: int = 0
    # Duel: try a Wait (a gate on a harmless edge) among the gates, and a pass under the house rule
    waits: bool = False
    # Duel: once the game is small enough (`duel_endgame.provable`), first try to prove it to its end
    # with half the budget, as the Classic endgame proofs do, and play the proven action
    duel_proofs: bool = False
    # Choose at random (with the game's seeded generator) among the root actions within this much
    # of the best value, so a player does not meet the same game twice; 0: always the best
    margin: float = 0.0


class Searcher:
    def __init__(self, settings: Settings, deadline: float | None = None, node_limit: int | None = None) -> None:
        self.settings = settings
        self.deadline = deadline
        self.node_limit = node_limit
        self.nodes = 0
        self._check_at = CHECK_EVERY
        self.table: dict[tuple[int, ...], tuple[int, int, float, int]] = {}
        self.killers: list[list[int]] = [[] for _ in range(64)]
        self.history: dict[int, int] = {}
        self.near: list[int] = []  # the last root iteration's actions within the margin of its best

    # --- budget -------------------------------------------------------------------------
    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes < self._check_at:
            return
        self._check_at = self.nodes + CHECK_EVERY
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise OutOfTime
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise OutOfTime

    # --- driver -------------------------------------------------------------------------
    def run(self, pos: Pos, root_codes: list[int], rng: random.Random | None = None) -> SearchResult:
        """Deepen until the budget runs out; `root_codes` are the actions to choose from.

        With `rng` and a `margin` in the settings, the answer is drawn from the actions every
        finished iteration found within `margin` of its best (the best itself among them): a move
        that only some depths like is not drawn, so a tie at the horizon never overrules what a
        shallower look already told apart (a Classic Hoarder who should end the game, say).
        """
        best: int | None = None
        best_value = -INFINITY
        depth_done = 0
        order = list(root_codes)
        self.near = []
        near: list[int] = []
        for depth in range(1, self.settings.max_depth + 1):
            try:
                code, value = self._root(pos, order, depth, best)
            except OutOfTime as partial:
                found = partial.args[0] if partial.args else None
                if found is not None:
                    best, best_value = found
                    near = []  # a better move found in a cut-short iteration: play it
                break
            near = self.near if depth == 1 else [c for c in near if c in self.near]
            best, best_value, depth_done = code, value, depth
            order.remove(code)
            order.insert(0, code)
            if abs(value) >= 500 or self._settled(pos, depth):
                break
        if rng is not None and self.settings.margin and best in near and len(near) > 1:
            best = rng.choice(sorted(near))
        return SearchResult(best, best_value, depth_done, self.nodes)

    def _settled(self, pos: Pos, depth: int) -> bool:
        """Stop deepening once the search already reaches every game end."""
        return depth > 2 * pos.coins.bit_count() + 2

    def _root(self, pos: Pos, order: list[int], depth: int, previous: int | None) -> tuple[int, float]:
        """The best root action at `depth` and its value; `self.near` gets those within the margin.

        Each action after the first is tested with a null window at the best so far less the
        margin: one that fails high is near the best (its value at least what the test returns),
        and one that beats the best is searched again in full. With no margin this is the usual
        principal-variation root.
        """
        alpha, best = -INFINITY, order[0]
        margin = self.settings.margin
        scored: list[tuple[int, float]] = []
        for index, code in enumerate(order):
            try:
                child = pos.apply(code)
                if index == 0:
                    value = -self._negamax(child, depth - 1, -INFINITY, -alpha, 1)
                else:
                    test = alpha - margin
                    value = -self._negamax(child, depth - 1, -test - 1e-6, -test, 1)
                    if value > alpha:
                        value = -self._negamax(child, depth - 1, -INFINITY, -alpha, 1)
            except OutOfTime:
                # The first move (last iteration's best) was searched in full before anything
                # else beat it, so a better move found so far in this iteration is trustworthy.
                raise OutOfTime((best, alpha) if index > 0 and best != previous else None) from None
            scored.append((code, value))
            if value > alpha:
                alpha, best = value, code
        self.near = [code for code, value in scored if value >= alpha - margin] if margin else [best]
        return best, alpha

    # --- the search -----------------------------------------------------------------------
    def _value(self, pos: Pos, player: int) -> float:
        return value_for(pos, player, self.settings.weights, self.settings.mobility)

    def _negamax(self, pos: Pos, depth: int, alpha: float, beta: float, ply: int) -> float:
        self._tick()
        me = pos.to_move
        if pos.ended or not pos.coins:
            return self._value(pos, me)
        if depth <= 0:
            if not pos.duel and me == HOARDER:
                return self._hoarder_horizon(pos)
            return self._value(pos, me)
        key = class_key(pos) if self.settings.gap_gates and not pos.duel else pos.key()
        entry = self.table.get(key)
        tt_move = -1
        if entry is not None:
            stored_depth, flag, stored, tt_move = entry
            if stored_depth >= depth:
                if flag == EXACT:
                    return stored
                if flag == LOWER and stored >= beta:
                    return stored
                if flag == UPPER and stored <= alpha:
                    return stored
        codes = options(pos, self.settings.gate_limit, self.settings.duel_gate_limit, self.settings.gap_gates,
                        self.settings.waits)
        if pos.duel and codes[0] >= GATE and not pos.moves(1 - me):  # neither can move: it is over
            return self._value(pos, me)
        if not codes:  # a Classic Hoarder with no move: the game is over as it stands
            return self._value(Pos(pos.geo, pos.duel, pos.coins, pos.gates, pos.pawns, pos.purses,
                                   pos.to_move, pos.passes, True), me)
        codes = self._order(codes, tt_move, ply)
        original_alpha = alpha
        best_value, best_code = -INFINITY, codes[0]
        reduce_after = self.settings.duel_reduce_after if pos.duel and depth >= 3 else 0
        for index, code in enumerate(codes):
            child = pos.apply(code)
            if reduce_after and index >= reduce_after:
                value = -self._negamax(child, depth - 2, -alpha - 1e-6, -alpha, ply + 1)
                if value > alpha:
                    value = -self._negamax(child, depth - 1, -beta, -alpha, ply + 1)
            else:
                value = -self._negamax(child, depth - 1, -beta, -alpha, ply + 1)
            if value > best_value:
                best_value, best_code = value, code
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        self._remember_cutoff(code, depth, ply)
                        break
        flag = UPPER if best_value <= original_alpha else LOWER if best_value >= beta else EXACT
        if len(self.table) > TT_LIMIT:
            self.table.clear()
        self.table[key] = (depth, flag, best_value, best_code)
        return best_value

    def _hoarder_horizon(self, pos: Pos) -> float:
        """A Classic horizon with the Hoarder to move is scored by her best move from it.

        The evaluation reads a position best with the Gatekeeper to move: what the Hoarder
        could take next is then settled by one look at each of her moves (and declaring the
        end), which is cheaper and surer than guessing it from the board.
        """
        codes = hoarder_options(pos, HOARDER, with_end=True)
        if not codes:
            return self._value(Pos(pos.geo, pos.duel, pos.coins, pos.gates, pos.pawns, pos.purses,
                                   pos.to_move, pos.passes, True), HOARDER)
        weights = self.settings.mobility or MOBILITY
        total, losses = pair_losses(pos.geo, pos.coins, pos.gates[1]) if weights.pairs else (0, [])
        best = -INFINITY
        for code in codes:
            self.nodes += 1
            child = pos.apply(code)
            pairs = total - losses[code & 255] if weights.pairs else None
            value = mobility_value(child, weights, pairs)  # her value: the Gatekeeper is to move
            if value > best:
                best = value
        return best

    def _order(self, codes: list[int], tt_move: int, ply: int) -> list[int]:
        killers = self.killers[ply] if ply < len(self.killers) else []
        history = self.history
        first = [c for c in (tt_move, *killers) if c in codes]
        if not first and not history:
            return codes
        rest = [c for c in codes if c not in first]
        # Keep the static order among moves with no history (stable sort).
        rest.sort(key=lambda c: -history.get(c, 0))
        return list(dict.fromkeys(first + rest))

    def _remember_cutoff(self, code: int, depth: int, ply: int) -> None:
        self.history[code] = self.history.get(code, 0) + depth * depth
        if ply < len(self.killers):
            killers = self.killers[ply]
            if code not in killers:
                killers.insert(0, code)
                del killers[2:]

