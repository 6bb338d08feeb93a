"""Design measures of a puzzle level: how hard it is, and why, in numbers a designer can argue with.

For each level (docs/LEVELS.md explains each one to designers, with examples):

* `par`: the best score, proved by the solver (game/coinland/solver.py);
* `greedy`: what the greedy player reaches: it always takes a move of the best net gain (a
  free coin before a one-toll coin), the nearest such coin first, and of equally near ones
  the greatest [q, r]; it stops when every move loses. `gap` = par - greedy;
* `lucky`: the best any greedy player reaches, however it breaks ties (exhaustive within a
  budget, else over seeded random tie-breaks); `lucky_gap` = par - lucky is what no walk of
  best-immediate-gain moves can reach, so a level with a lucky gap demands a move that
  looks wrong;
* `openings`: how many first moves keep par, out of how many are legal;
* `walks`: how many decision-distinct optimal walks there are (design_search.py: walks that
  differ only in the order coins were swept inside one open region count once), capped;
  `orders` counts every optimal walk, move by move, with the same cap;
* `only_one`: the moves of the reference walk (at every step the first move, in the rules'
  order, that keeps par) where exactly one of two or more legal moves keeps par;
* `bits`: the information the player must supply along the reference walk, the sum over its
  steps of log2(legal moves / moves that keep par): 0 for a walk where anything goes, one
  bit for each even choice, more for a needle in a haystack;
* `difficulty`: bits, plus half the greedy gap (the trap that catches a player who does not
  plan), plus a tenth of the coins (the sheer length of the walk). See `Design.difficulty`.

Pure: no pygame. `measure_design` is deterministic (seeded by the level's content).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from game.coinland.design_search import (
    Count,
    ParOracle,
    WalkCounter,
    greedy_best,
    greedy_walk,
    legal_moves,
)
from game.coinland.level_key import level_key
from game.coinland.levels import Level
from game.coinland.solver_tables import Tables, tables

WALK_CAP = 1000  # decision-distinct optimal walks counted before "1000+"
WALK_BUDGET = 200_000  # positions a count may look at
GREEDY_BUDGET = 100_000  # positions the exhaustive greedy search may look at
GREEDY_SAMPLES = 200  # seeded random tie-breaks when it cannot finish

GAP_WEIGHT = 0.5
COIN_WEIGHT = 0.1


@dataclass(frozen=True)
class Design:
    """The design measures of one level (module text)."""

    size: int
    coins: int
    purse: int
    par: int
    greedy: int  # the greedy player's score (ties: nearest coin, then greatest [q, r])
    lucky: int  # the best greedy score over every way of breaking ties
    lucky_exact: bool  # every tie-break was tried (else a sample of them)
    openings: int  # legal first moves
    keep: int  # first moves that keep par
    walks: Count  # decision-distinct optimal walks
    orders: Count  # optimal walks counting every order of moves
    steps: tuple[Step, ...]  # the reference walk

    @property
    def gap(self) -> int:
        return self.par - self.greedy

    @property
    def lucky_gap(self) -> int:
        return self.par - self.lucky

    @property
    def only_one(self) -> tuple[int, ...]:
        """Move numbers (from 1) of the reference walk where one move alone keeps par."""
        return tuple(i + 1 for i, step in enumerate(self.steps) if step.keep == 1 and step.legal >= 2)

    @property
    def detours(self) -> int:
        """Steps of the reference walk where no move of the best immediate gain keeps par."""
        return sum(step.detour for step in self.steps)

    @property
    def bits(self) -> float:
        return sum(step.bits for step in self.steps)

    @property
    def difficulty(self) -> float:
        """Bits to find, plus half the greedy gap, plus a tenth of the coins.

        The bits say how much must be chosen right; the gap says how badly the natural walk
        misleads (a coin of gap is worth half a bit: a trap is felt, not only computed); the
        coins say how long the player must keep the plan in mind.
        """
        return round(self.bits + GAP_WEIGHT * self.gap + COIN_WEIGHT * self.coins, 2)


def _start(level: Level) -> tuple[Tables, int, int, int]:
    t = tables(level.size, frozenset(level.gates))
    coins = t.mask_of(c for c in level.initial_state().coins)
    return t, t.index[level.start], coins, level.purse


def walk_score(level: Level, walk: list) -> int:
    """The purse after a walk of destination cells (ValueError when a move is not legal)."""
    t, cur, coins, purse = _start(level)
    for cell in walk:
        j = t.index[cell]
        move = next((m for m in legal_moves(t, cur, coins, purse) if m[0] == j), None)
        if move is None:
            raise ValueError(f"{level.name}: the walk cannot move to {list(cell)}")
        cur, coins, purse = j, coins ^ move[2], purse - move[1] + 1
    return purse


def greedy_scores(level: Level, par: int | None = None, budget: int = GREEDY_BUDGET,
                  samples: int = GREEDY_SAMPLES) -> tuple[int, int, bool]:
    """(the greedy player's score, the best over every tie-break, whether every tie-break was
    tried). With `par`, the search for the best stops once a greedy walk reaches it."""
    t, cur, coins, purse = _start(level)
    plain = greedy_walk(t, cur, coins, purse)[0]
    best = greedy_best(t, cur, coins, purse, budget, par)
    if best is not None:
        return plain, best, True
    rng = random.Random(f"greedy:{level_key(level)}")
    sampled = max(greedy_walk(t, cur, coins, purse, rng)[0] for _ in range(samples))
    return plain, max(plain, sampled), False


@dataclass(frozen=True)
class Step:
    """One step of the reference walk: how many moves were legal, and how many kept par, among
    all of them and among the obvious ones (those of the best net gain, the greedy player's;
    none when every move loses, where the greedy player stops)."""

    legal: int
    keep: int
    obvious: int
    obvious_keep: int

    @property
    def detour(self) -> bool:
        """No obvious move keeps par: the player must pass up the best immediate gain."""
        return self.obvious_keep == 0

    @property
    def bits(self) -> float:
        """What the player must know to choose right here: among the obvious moves when one of
        them keeps par, else among all legal moves plus one bit for setting the obvious aside."""
        if not self.keep:
            return 0.0
        if self.obvious_keep:
            return math.log2(self.obvious / self.obvious_keep)
        return 1.0 + math.log2(self.legal / self.keep)


def reference_steps(oracle: ParOracle, cur: int, coins: int, purse: int) -> tuple[Step, ...]:
    """Walk from the start taking, each time, the first legal move that keeps par (the cheapest
    first, then the rules' order), until par is held; how each step's choice looked."""
    t = oracle.t
    steps = []
    while purse < oracle.par:
        moves = legal_moves(t, cur, coins, purse)
        keeping = [(j, fee, bit) for j, fee, bit in moves if oracle.reaches(j, coins ^ bit, purse - fee + 1)]
        cheapest = moves[0][1] if moves else 0
        # the obvious moves are the greedy player's: the best net gain, none when every move loses
        obvious = sum(fee == cheapest for _, fee, _ in moves) if cheapest <= 1 else 0
        obvious_keep = sum(fee == cheapest for _, fee, _ in keeping) if obvious else 0
        steps.append(Step(len(moves), len(keeping), obvious, obvious_keep))
        if not keeping:  # only when `par` is not the level's optimum
            break
        j, fee, bit = keeping[0]
        cur, coins, purse = j, coins ^ bit, purse - fee + 1
    return tuple(steps)


def measure_design(level: Level, par: int | None = None, cap: int = WALK_CAP, budget: int = WALK_BUDGET,
                   greedy_budget: int = GREEDY_BUDGET, samples: int = GREEDY_SAMPLES) -> Design:
    """Every design measure of `level` (module text). `par` defaults to the solver's proved optimum.

    The budgets bound only the searches behind `walks`, `orders` and `lucky`: smaller ones give
    bounds (a count marked capped, a lucky figure from samples) where the search is cut short,
    and leave every other measure, the difficulty among them, exactly as it is."""
    if par is None:
        from game.coinland.solver import solve

        result = solve(level)
        if not result.optimal:
            raise ValueError(f"{level.name}: the solver could not prove par")
        par = result.score
    t, cur, coins, purse = _start(level)
    oracle = ParOracle(t, par, frozenset(level.gates))
    if not oracle.reaches(cur, coins, purse):
        raise ValueError(f"{level.name}: no walk reaches par {par}")
    greedy, lucky, exact = greedy_scores(level, par, greedy_budget, samples)
    moves = legal_moves(t, cur, coins, purse)
    keep = sum(oracle.reaches(j, coins ^ bit, purse - fee + 1) for j, fee, bit in moves) if purse < par else 0
    walks = WalkCounter(oracle, cap, budget).count(cur, coins, purse)
    orders = WalkCounter(oracle, cap, budget).count(cur, coins, purse, raw=True)
    return Design(level.size, level.coins, level.purse, par, greedy, lucky, exact, len(moves), keep,
                  walks, orders, reference_steps(oracle, cur, coins, purse))
