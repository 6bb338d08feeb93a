"""Computer players for Hoarder & Gatekeeper: Classic (either role) and Duel.

Every agent takes `(state, rng, budget)` and returns a legal action; it works only through
the rules engine's public API and never mutates anything. Four strengths:

* `random`: uniform over the legal actions (the baseline).
* `easy`: purposeful but short-sighted: greedy coins with some slips, gates next to the
  Hoarder. A new player can beat it.
* `normal`: one ply of look-ahead on a positional evaluation (decides in well under 100 ms).
* `hard`: iterative-deepening alpha-beta on the same evaluation within its time budget,
  with the exact puzzle solver once the Hoarder faces a fixed board.

The evaluation rests on the *free region*: the coins a Hoarder can reach by moves that
cross no costly gate, chained. Gatekeepers shrink it, Hoarders stay in big ones, and its
size is what the puzzle solver's bound uses too.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from game.coinland.actions import Action, Gate, Move, Pass
from game.coinland.rules import apply, free_edges, hoarder_moves, legal_actions
from game.coinland.state import GATEKEEPER, HOARDER, Mode, State
from game.hexgrid import DIRECTIONS, Cell, Edge, board, edge

STRENGTHS = ("random", "easy", "normal", "hard")
DEFAULT_BUDGET = {"random": 0.0, "easy": 0.05, "normal": 0.1, "hard": 1.0}


# --- geometry tables ------------------------------------------------------------------
@cache
def _rays(size: int) -> dict[Cell, tuple[tuple[tuple[Cell, Edge], ...], ...]]:
    """For each cell, its six rays as (cell, edge crossed to enter it) pairs."""
    hexes = board(size)
    out = {}
    for cell in hexes.cells:
        rays = []
        for direction in DIRECTIONS:
            previous, steps = cell, []
            for target in hexes.ray(cell, direction):
                steps.append((target, edge(previous, target)))
                previous = target
            rays.append(tuple(steps))
        out[cell] = tuple(rays)
    return out


def free_targets(state: State, cell: Cell, player: int, live: frozenset[Cell]) -> list[Cell]:
    """Live cells reachable from `cell` in one move crossing no gate that costs `player`."""
    costly = state.gates[1 - player]
    found = []
    for ray in _rays(state.size)[cell]:
        for target, crossed in ray:
            if crossed in costly:
                break
            if target in live:
                found.append(target)
    return found


def free_region(state: State, player: int) -> int:
    """Coins in the Hoarder's free region: reachable by chains of gate-free moves."""
    origin = state.hoarder_of(player)
    if origin is None:
        return 0
    coins = state.coins
    seen = {origin}
    frontier = [origin]
    while frontier:
        cell = frontier.pop()
        for target in free_targets(state, cell, player, coins):
            if target not in seen:
                seen.add(target)
                frontier.append(target)
    return len(seen) - 1


# --- evaluation -----------------------------------------------------------------------
def hoarder_outlook(state: State, player: int) -> float:
    """Coins the Hoarder may still expect to gain: most of her free region, a little of the rest.

    A Gatekeeper draws one gate per move, so a large free region is worth only part of its
    size; free moves open right now count extra because they are safe for one more turn.
    """
    origin = state.hoarder_of(player)
    if origin is None:
        return 0.0
    region = free_region(state, player)
    now = len(free_targets(state, origin, player, state.coins))
    cheapest = min((m.fee for m in hoarder_moves(state, player)), default=None)
    if cheapest is None:
        return 0.0
    return 0.55 * region + 0.3 * min(now, 6) + (0.0 if now else -0.5 * cheapest)


def classic_value(state: State) -> float:
    """The Hoarder's expected final score (she maximises it, the Gatekeeper minimises it)."""
    purse = state.purses[HOARDER]
    if state.is_over:
        return float(purse)
    return purse + hoarder_outlook(state, HOARDER)


def duel_value(state: State, player: int) -> float:
    """Player's expected lead over the other at the end of a Duel."""
    lead = state.purses[player] - state.purses[1 - player]
    if state.is_over:
        return lead * 100.0 if lead else 0.0
    return lead + hoarder_outlook(state, player) - hoarder_outlook(state, 1 - player)


def value_for(state: State, player: int) -> float:
    """Evaluation from `player`'s side, for any mode."""
    if state.mode is Mode.DUEL:
        return duel_value(state, player)
    value = classic_value(state)
    return value if player == HOARDER else -value


# --- candidate actions ------------------------------------------------------------------
def ray_edges(state: State, player: int, depth: int = 3) -> list[Edge]:
    """Free edges near the Hoarder's lines: the gates that change her next moves."""
    origin = state.hoarder_of(player)
    if origin is None:
        return []
    taken = state.all_gates
    near: dict[Edge, int] = {}
    for ray in _rays(state.size)[origin]:
        for step, (_, crossed) in enumerate(ray[:depth]):
            if crossed not in taken:
                near.setdefault(crossed, step)
    return sorted(near, key=near.__getitem__)


def gate_candidates(state: State, victim: int, limit: int) -> list[Action]:
    """Promising gates against `victim`: on her rays first, then around her free region."""
    candidates = ray_edges(state, victim)
    if len(candidates) < limit:
        seen = set(candidates)
        origin = state.hoarder_of(victim)
        for cell in free_targets(state, origin, victim, state.coins) if origin else []:
            for neighbour in board(state.size).neighbours(cell):
                e = edge(cell, neighbour)
                if e not in seen and e not in state.all_gates:
                    seen.add(e)
                    candidates.append(e)
    if not candidates:
        candidates = free_edges(state)
    return [Gate(e) for e in candidates[:limit]]


def candidates(state: State, wide: bool) -> list[Action]:
    """The actions worth searching, best guesses first; all legal."""
    player = state.to_move
    legal = legal_actions(state)
    if state.mode is Mode.CLASSIC and player == GATEKEEPER:
        if legal == [Pass()]:
            return legal
        return gate_candidates(state, HOARDER, 40 if wide else 14)
    moves = sorted(
        (a for a in legal if isinstance(a, Move)),
        key=lambda a: (a.end, -_move_gain(state, a.to)),
    )
    if state.mode is Mode.DUEL:
        gates = gate_candidates(state, 1 - player, 16 if wide else 8) if free_edges(state) else []
        return (moves + gates) or legal
    return moves or legal


def _move_gain(state: State, target: Cell) -> int:
    for move in hoarder_moves(state):
        if move.target == target:
            return move.gain
    return -99


# --- agents -----------------------------------------------------------------------------
Agent = Callable[[State, random.Random, float], Action]


def random_agent(state: State, rng: random.Random, budget: float) -> Action:
    return rng.choice(legal_actions(state))


def easy_agent(state: State, rng: random.Random, budget: float) -> Action:
    """Greedy with slips: the cheapest coin, a gate in front of the Hoarder."""
    legal = legal_actions(state)
    player = state.to_move
    if state.mode is Mode.CLASSIC and player == GATEKEEPER:
        near = [Gate(e) for e in ray_edges(state, HOARDER, depth=1)]
        return rng.choice(near) if near and rng.random() < 0.7 else rng.choice(legal)
    moves = hoarder_moves(state)
    if state.mode is Mode.DUEL and (not moves or rng.random() < 0.25):
        near = [Gate(e) for e in ray_edges(state, 1 - player, depth=1)]
        return rng.choice(near or legal)
    if not moves:
        return rng.choice(legal)
    if rng.random() < 0.2:
        move = rng.choice(moves)
    else:
        best = max(m.gain for m in moves)
        move = rng.choice([m for m in moves if m.gain == best])
    if state.mode is Mode.CLASSIC:
        quit_now = move.gain <= 0 and all(m.gain <= 0 for m in moves) and rng.random() < 0.5
        return Move(move.target, end=quit_now)
    return Move(move.target)


def normal_agent(state: State, rng: random.Random, budget: float) -> Action:
    """One ply: the candidate whose resulting position evaluates best for the mover."""
    return _best_by(state, rng, lambda child: value_for(child, state.to_move), wide=False)


def _best_by(state: State, rng: random.Random, score: Callable[[State], float], wide: bool) -> Action:
    best_actions: list[Action] = []
    best_score = float("-inf")
    for action in candidates(state, wide):
        child, _ = apply(state, action)
        value = score(child)
        if value > best_score + 1e-9:
            best_score, best_actions = value, [action]
        elif abs(value - best_score) <= 1e-9:
            best_actions.append(action)
    return rng.choice(best_actions)


@dataclass
class _Clock:
    deadline: float
    nodes: int = 0

    def tick(self) -> None:
        self.nodes += 1
        if not self.nodes & 63 and time.perf_counter() > self.deadline:
            raise TimeoutError


def hard_agent(state: State, rng: random.Random, budget: float) -> Action:
    """Iterative-deepening alpha-beta; the exact solver once no more gates can come."""
    if state.mode is Mode.CLASSIC and state.to_move == HOARDER and not free_edges(state):
        return _solved_move(state, budget)
    clock = _Clock(time.perf_counter() + max(0.02, budget * 0.9))
    me = state.to_move
    best = normal_agent(state, rng, budget)
    depth = 2
    while depth <= 8:
        try:
            found = _root(state, me, depth, clock, rng)
        except TimeoutError:
            break
        if found is not None:
            best = found
        depth += 1
    return best


def _root(state: State, me: int, depth: int, clock: _Clock, rng: random.Random) -> Action | None:
    alpha = float("-inf")
    best: list[Action] = []
    for action in candidates(state, wide=True):
        child, _ = apply(state, action)
        value = _search(child, me, depth - 1, alpha, float("inf"), clock)
        if value > alpha + 1e-9:
            alpha, best = value, [action]
        elif abs(value - alpha) <= 1e-9:
            best.append(action)
    return rng.choice(best) if best else None


def _search(state: State, me: int, depth: int, alpha: float, beta: float, clock: _Clock) -> float:
    clock.tick()
    if depth <= 0 or state.is_over:
        return value_for(state, me)
    maximising = state.to_move == me
    value = float("-inf") if maximising else float("inf")
    for action in candidates(state, wide=False):
        child, _ = apply(state, action)
        score = _search(child, me, depth - 1, alpha, beta, clock)
        if maximising:
            value = max(value, score)
            alpha = max(alpha, value)
        else:
            value = min(value, score)
            beta = min(beta, value)
        if alpha >= beta:
            break
    return value


def _solved_move(state: State, budget: float) -> Action:
    """With every edge gated the Hoarder faces a puzzle: play its proved best walk."""
    from game.coinland.solver import puzzle_from, solve

    result = solve(puzzle_from(state, HOARDER), time_limit=max(0.05, budget * 0.9))
    moves = legal_actions(state)
    if not result.moves:
        return next(a for a in moves if isinstance(a, Move) and a.end)
    return Move(result.moves[0], end=len(result.moves) == 1)


AGENTS: dict[str, Agent] = {
    "random": random_agent,
    "easy": easy_agent,
    "normal": normal_agent,
    "hard": hard_agent,
}


def choose_action(state: State, strength: str, rng: random.Random, budget: float | None = None) -> Action:
    """The action an agent of `strength` plays in `state` (the player to move's choice)."""
    if strength not in AGENTS:
        raise ValueError(f"unknown strength {strength!r}; expected one of {', '.join(STRENGTHS)}")
    if state.is_over:
        raise ValueError("the game is over; there is nothing to choose")
    return AGENTS[strength](state, rng, DEFAULT_BUDGET[strength] if budget is None else budget)
