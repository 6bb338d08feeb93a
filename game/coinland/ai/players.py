"""The four computer players, from a baseline to a real search (`greedy.py`: the sparring partner).

* `random`: uniform over the legal actions; the baseline every other player must crush.
* `easy`: purposeful but short-sighted, so a new player can beat it: takes the cheapest
  coin (sometimes any coin), draws gates right next to the Hoarder (sometimes anywhere),
  and declares the end only half the time it should.
* `normal`: a two-ply alpha-beta search at a fixed depth over every biting gate (the
  evaluation of `evaluation.py`), capped at 1000 nodes on boards above the default size;
  about 6 ms a move on the default board. Fixed depth: the same move on any machine.
* `hard`: iterative-deepening alpha-beta on the same evaluation within its time budget.
  In a Classic endgame (12 coins left or fewer) it first spends half its budget trying to
  prove the game to its end (`endgame.py`) and plays the proven move when that succeeds, so
  more time proves the game from earlier on; once the Gatekeeper has no edge left to gate,
  the Hoarder faces a fixed board and plays the puzzle solver's proved best walk.

Every player returns a rules Action that is legal in the state it was given.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TypeVar

from game.coinland.actions import Action, Gate, Move
from game.coinland.ai.candidates import gate_options, options
from game.coinland.ai.duel_endgame import DuelEndgame, provable
from game.coinland.ai.endgame import Endgame, OutOfBudget, ProofBudget, best_action
from game.coinland.ai.evaluation import MOBILITY, Mobility, mobility_value, value_for
from game.coinland.ai.gaps import one_per_gap
from game.coinland.ai.position import END, GATE, Pos, edge_bits, fee_of
from game.coinland.ai.search import Searcher, Settings
from game.coinland.rules import hoarder_moves, legal_actions
from game.coinland.state import GATEKEEPER, HOARDER, Mode, State

STRENGTHS = ("random", "easy", "normal", "hard")
DEFAULT_BUDGET = {"random": 0.0, "easy": 0.0, "normal": 0.1, "hard": 1.0}


def random_move(state: State, rng: random.Random) -> Action:
    return rng.choice(legal_actions(state))


def easy_move(state: State, rng: random.Random) -> Action:
    """Greedy with slips: the cheapest coin, a gate in front of the Hoarder."""
    player = state.to_move
    if state.mode is Mode.CLASSIC and player == GATEKEEPER:
        return _easy_gate(state, HOARDER, rng, 0.7)
    moves = hoarder_moves(state)
    if state.mode is Mode.DUEL and (not moves or rng.random() < 0.25):
        return _easy_gate(state, 1 - player, rng, 1.0)
    if not moves:
        return rng.choice(legal_actions(state))
    if rng.random() < 0.2:
        move = rng.choice(moves)
    else:
        best = max(m.gain for m in moves)
        move = rng.choice([m for m in moves if m.gain == best])
    if state.mode is Mode.CLASSIC:
        give_up = move.gain <= 0 and rng.random() < 0.5
        return Move(move.target, end=give_up)
    return Move(move.target)


def _easy_gate(state: State, victim: int, rng: random.Random, aim: float) -> Action:
    """A gate on an edge touching the victim's Hoarder with probability `aim`, else anything legal."""
    pos = Pos.from_state(state)
    cell = pos.hoarder(victim)
    free = pos.free_edges()
    here = pos.geo.cells[cell] if cell >= 0 else None
    near = [e for e in edge_bits(free) if here in pos.geo.edges[e]]
    if near and rng.random() < aim:
        return Gate(pos.geo.edges[rng.choice(near)])
    return rng.choice(legal_actions(state))


# Classic hard proves the game from 12 coins left when its budget allows (`endgame.py`): from
# seeded games (scripts/bench_endgame.py) 11 coins took a median 11,000 nodes, 12 coins 38,000
# and up to 940,000, and 14 coins millions.
ENDGAME_COINS = 12
# normal and hard choose at random among the root actions within MARGIN (in the evaluation's
# coins) of the best, with the game's seeded generator, in a game's first VARIETY_PLIES actions:
# enough that no two games open alike, and late enough choices stay the best (docs/AI.md, "Variety").
MARGIN = 0.05
VARIETY_PLIES = 12
NORMAL = Settings(max_depth=2, gate_limit=40, duel_gate_limit=8, root_gate_limit=40, waits=True, duel_proofs=True,
                  margin=MARGIN)
# normal's Duel proofs stop at this many nodes (a few milliseconds; most endgames with at most 6
# free edges a move can still cross take fewer: scripts/bench_duel_endgame.py)
NORMAL_PROOF_NODES = 3000
# hard's Classic weights are fitted by least squares to what the Hoarder still gained in 1200
# seeded normal self-play games (32,605 positions with the Gatekeeper to move, compared within
# one count of coins left): 0.47 a free ray and 2.0 an open pair per coin left, against
# normal's 0.1 and 0.2. At 41,000 nodes a move they beat the hand-set weights (0.1 and 0.4)
# 61-27-12 in 100 matches from seeded openings, by 1.1 coins a match (scripts/compare_classic_weights.py).
# In Duel hard keeps its table from move to move and searches late moves a ply shallower first:
# at 7000 nodes a move that took it from 189-9-2 to 194-4-2 in 200 games against greedy.
# hard's Classic Hoarder searches three plies ahead whatever her budget (the exact proofs are not capped):
# with the hand-set weights, from 36 tournament openings at 140,000 nodes a move she hoarded a
# mean 24.8 against normal's gates capped at three plies, 24.4 at five, 23.8 at seven and 24.0
# uncapped (12,000 nodes, uncapped: 24.7); against hard's own gates at 41,000 nodes, 23.7
# capped and 23.5 uncapped.
# One ply (22.7) is too few. Deeper, the search sees the Gatekeeper close line
# after line and prefers the moves that lose least to that, not those that leave most to take.
HARD = Settings(mobility=Mobility(ray=0.47, pairs=2.0), duel_reduce_after=3, keep_table=True,
                endgame_coins=ENDGAME_COINS, gap_gates=True, hoarder_depth=3, waits=True, duel_proofs=True,
                margin=MARGIN)
# normal's nodes a move on boards above the default: size 6 Classic 8.5 ms a move, worst 14 ms
# (bench_ai). The cap was 400 while the search overshot every limit to its next multiple of
# 128 after a horizon; counted exactly, 400 took normal to 3.9 ms and well below its old play.
NORMAL_LARGE_BOARD_NODES = 1000


def varied(state: State, rng: random.Random) -> random.Random | None:
    """The generator to vary the choice with: the game's own in its first VARIETY_PLIES actions
    (a Classic match's second game counts from its own start), else None (the best, always)."""
    return rng if state.ply < VARIETY_PLIES else None


def normal_move(state: State, rng: random.Random) -> Action:
    """A two-ply search (every biting gate in Classic), at a fixed depth: no clock, the same move anywhere."""
    pos = Pos.from_state(state)
    if not pos.duel and pos.to_move == HOARDER and not pos.free_edges():
        return _solved_move(state, pos, 0.05)
    settings = NORMAL if not pos.duel else replace(NORMAL, root_gate_limit=16)
    # On boards larger than the default the gates outgrow a full two plies: a node cap, and no
    # sweep of every quiet gate at the root, keep normal near its time there (size 6: 129 ms a
    # move uncapped) and it still replays exactly.
    large = len(pos.geo.cells) > 37
    codes = options(pos, settings.root_gate_limit, settings.root_gate_limit, False, settings.waits) if large \
        else HardPlayer(settings).root_codes(pos)
    if len(codes) == 1:
        return pos.action(codes[0])
    if pos.duel and settings.duel_proofs and provable(pos):
        # a small Duel endgame proved within a fixed number of nodes: the same move on any machine
        code, _ = _proven_duel_action(settings, pos, codes, None, NORMAL_PROOF_NODES, NORMAL_PROOF_NODES)
        if code is not None:
            return pos.action(code)
    cap = NORMAL_LARGE_BOARD_NODES if large else None
    result = Searcher(settings, None, cap).run(pos, codes, varied(state, rng))
    return pos.action(result.code if result.code is not None else codes[0])


@dataclass
class HardPlayer:
    """Alpha-beta within a budget; `node_limit` makes it machine-independent (and reproducible)."""

    settings: Settings
    node_limit: int | None = None

    def choose(self, state: State, rng: random.Random, budget: float) -> Action:
        started = time.perf_counter()
        pos = Pos.from_state(state)
        if not pos.duel and pos.to_move == HOARDER and not pos.free_edges():
            return _solved_move(state, pos, budget)
        codes = self.root_codes(pos)
        if len(codes) == 1:
            return pos.action(codes[0])
        node_limit = self.node_limit
        # A node limit decides alone: a clock beside it would make the move depend on the machine.
        deadline = started + max(0.01, budget * 0.92 - 0.01) if node_limit is None else None
        if not pos.duel and pos.coins.bit_count() <= self.settings.endgame_coins:
            code, spent = self._prove(pos, codes, started, deadline)
            if code is not None:
                return pos.action(code)
            node_limit = max(1, node_limit - spent) if node_limit is not None else None
        if pos.duel and self.settings.duel_proofs and provable(pos):
            code, spent = self._prove_duel(pos, codes, started, deadline)
            if code is not None:
                return pos.action(code)
            node_limit = max(1, node_limit - spent) if node_limit is not None else None
        searcher = Searcher(self._search_settings(pos), deadline, node_limit)
        if self.settings.keep_table and pos.duel:
            searcher.table = _kept_table(self.settings, pos, self.node_limit)
        result = searcher.run(pos, codes, varied(state, rng))
        return pos.action(result.code if result.code is not None else codes[0])

    def _search_settings(self, pos: Pos) -> Settings:
        """The settings for a search from `pos`: the Classic Hoarder's depth capped when set."""
        cap = self.settings.hoarder_depth
        if cap and not pos.duel and pos.to_move == HOARDER:
            return replace(self.settings, max_depth=min(cap, self.settings.max_depth))
        return self.settings

    def _prove(self, pos: Pos, codes: list[int], started: float, deadline: float | None) -> tuple[int | None, int]:
        """A Classic endgame proof with half the budget: the proven action (None if it ran out), nodes spent."""
        proof_deadline = started + (deadline - started) / 2 if deadline is not None else None
        proof_nodes = self.node_limit // 2 if self.node_limit is not None else None
        return _proven_action(self.settings, pos, codes, proof_deadline, proof_nodes, self.node_limit)

    def _prove_duel(self, pos: Pos, codes: list[int], started: float, deadline: float | None) -> tuple[int | None, int]:
        """A Duel endgame proof with half the budget: the proven action (None if it ran out), nodes spent."""
        proof_deadline = started + (deadline - started) / 2 if deadline is not None else None
        proof_nodes = self.node_limit // 2 if self.node_limit is not None else None
        return _proven_duel_action(self.settings, pos, codes, proof_deadline, proof_nodes, self.node_limit)

    def root_codes(self, pos: Pos) -> list[int]:
        """Wider than inner nodes: the biting gates, plus the gates that evaluate best right away."""
        limit, by_gap = self.settings.root_gate_limit, self.settings.gap_gates
        codes = options(pos, limit, limit, by_gap, self.settings.waits)
        gating = pos.to_move == GATEKEEPER or pos.duel
        if not gating or not pos.free_edges():
            return codes
        me = pos.to_move
        weights = self.settings.weights, self.settings.mobility
        quiet = sorted(edge_bits(pos.free_edges()), key=lambda e: -value_for(pos.apply(GATE + e), me, *weights))
        if by_gap and not pos.duel:
            quiet = one_per_gap(pos, quiet) or quiet[:1]
        victim = 1 - me if pos.duel else HOARDER
        tactical = gate_options(pos, victim, limit, by_gap)
        return list(dict.fromkeys(codes + tactical + [GATE + e for e in quiet[:6]]))


KEPT_LIMIT = 100_000  # entries a kept table may carry into the next move (about 80 MB); more start afresh
# The last Duel root searched with a kept table, and that table, per settings: see `_kept_table`.
_KEPT: dict[str, tuple[Pos, dict]] = {}


def _can_follow(root: Pos, pos: Pos) -> bool:
    """Whether `pos` can come later in the game `root` is from: same board, no coin back, no gate gone."""
    return (root.geo is pos.geo and root.may_pass == pos.may_pass and not pos.coins & ~root.coins
            and root.gates[0] & ~pos.gates[0] == 0 and root.gates[1] & ~pos.gates[1] == 0)


def _kept_table(settings: Settings, pos: Pos, node_limit: int | None = None) -> dict:
    """The transposition table of the previous search when `pos` can follow its root, else a new one.

    Most of what the last search learnt two plies deeper is about the positions this one
    meets first, so keeping it buys depth. A position that cannot follow the last root (a
    coin back on the board, a gate gone, another board) starts a new game and a new table,
    so a game replays the same however many games came before it in the process. Players of
    different node budgets (a tournament's hard@N against hard@M) keep tables of their own, or
    each would search with what the other learnt.
    """
    key = f"{settings!r}/{node_limit}"
    kept = _KEPT.get(key)
    if kept is not None:
        root, table = kept
        if len(table) <= KEPT_LIMIT and _can_follow(root, pos):
            _KEPT[key] = (pos, table)
            return table
    table: dict = {}
    _KEPT[key] = (pos, table)
    return table


Proof = TypeVar("Proof", bound=ProofBudget)
ENDGAME_KEPT_LIMIT = 400_000  # proven bounds a kept endgame table may carry into the next move (about 100 MB)
# The last Classic root a proof was tried from, and the solver with its table, per settings and budget.
_ENDGAMES: dict[str, tuple[Pos, Endgame]] = {}


def _kept_solver(kept: dict[str, tuple[Pos, Proof]], make: Callable[[], Proof], key: str, pos: Pos,
                 proof_nodes: int | None, deadline: float | None) -> Proof:
    """The solver kept for `key` when `pos` can follow its last root and its table is not too
    big, else a fresh one (`make()`); kept again from `pos`, its budget and clock set."""
    previous = kept.get(key)
    solver = None
    if previous is not None:
        root, old = previous
        if len(old.bounds) <= ENDGAME_KEPT_LIMIT and _can_follow(root, pos):
            solver = old
    if solver is None:
        solver = make()
    kept[key] = (pos, solver)
    solver.node_limit, solver.deadline = proof_nodes, deadline
    solver.reset_clock()
    return solver


def _proven_action(settings: Settings, pos: Pos, preferred: list[int], deadline: float | None,
                   proof_nodes: int | None, node_limit: int | None) -> tuple[int | None, int]:
    """An action that keeps the Classic game's proven value, or None when the proof ran out of
    budget; and the nodes spent.

    The solver's table of proven bounds is kept from move to move of one game: a proof cut
    short still leaves bounds that hold, so the next move's proof starts ahead. As with the
    Duel table, a position that cannot follow the last root starts afresh, so a game replays
    the same whatever came before it in the process.
    """
    solver = _kept_solver(_ENDGAMES, Endgame, f"{settings!r}/{node_limit}", pos, proof_nodes, deadline)
    guess = round(mobility_value(pos, settings.mobility or MOBILITY))
    try:
        code, _ = best_action(pos, solver, preferred, guess)
    except OutOfBudget:
        return None, solver.nodes
    return code, solver.nodes


# The last Duel root a proof was tried from, and the solver with its table, per settings and budget.
_DUEL_ENDGAMES: dict[str, tuple[Pos, DuelEndgame]] = {}


def _proven_duel_action(settings: Settings, pos: Pos, preferred: list[int], deadline: float | None,
                        proof_nodes: int | None, node_limit: int | None) -> tuple[int | None, int]:
    """An action that keeps the Duel's proven final lead, or None when the proof ran out; and the
    nodes spent. The solver's table is kept from move to move of one game, as in Classic."""
    solver = _kept_solver(_DUEL_ENDGAMES, DuelEndgame, f"{settings!r}/{node_limit}", pos, proof_nodes, deadline)
    try:
        code, _ = solver.best(pos, preferred)
    except OutOfBudget:
        return None, solver.nodes
    return code, solver.nodes


def _solved_move(state: State, pos: Pos, budget: float) -> Action:
    """With every edge gated the Classic Hoarder faces a puzzle: play its best walk."""
    from game.coinland.solver import puzzle_from, solve

    result = solve(puzzle_from(state, HOARDER), time_limit=max(0.02, budget * 0.8))
    if result.moves:
        return Move(result.moves[0], end=len(result.moves) == 1)
    # Stopping is best, but she must move: the cheapest coin, then the end.
    cheapest = min(pos.moves(HOARDER), key=fee_of)
    return pos.action(cheapest | END)
