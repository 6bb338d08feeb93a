"""One seeded climb for every puzzle-board search: a board changed one or two small steps at a
time, a change kept when its score is not lower than the current one.

The searches differ in what they start from (random boards, walled-room templates, a shipped
level), in how they score a board (the proved lucky gap, then what each one wants: few walks, a
difficulty band, little busywork) and in the limits a board may not cross; those are the climb's
parameters, so the loop, the mutation and the pruning of gates no target needs are written once
(scripts/lucky_search.py, vault_search.py, expert_search.py and `lucky_climb.climb` use them).

Deterministic for a seeded `random.Random`: every random draw happens in a fixed order, so the
same seed finds the same boards on any machine. Pure: no pygame.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from game.coinland.levels import Level
from game.coinland.solver import solve
from game.coinland.solver_tables import Tables, tables
from game.hexgrid import board

NODE_LIMIT = 60_000  # the solver's positions per candidate: the campaign's boards need far fewer

Edge = tuple[tuple[int, int], tuple[int, int]]


@dataclass(frozen=True)
class Point:
    """A board on the climb: its figures (`judged`, whatever the search's judge returns) and the
    score the climb compares (a tuple, higher is better)."""

    level: Level
    judged: Any
    key: tuple


# A search's judge: the board's Point, or None when it breaks a limit. The second argument is the
# lowest score the climb would keep (None: any), so a judge may stop before its costly checks.
Judge = Callable[[Level, "tuple | None"], "Point | None"]
Mutate = Callable[[Level, random.Random, Sequence[Edge]], Level]


@dataclass(frozen=True)
class Mutation:
    """One step's random change, drawn in a fixed order: one change or, one time in
    `1 - single`, two; each a gate toggled (a roll below `gate`), a coin taken or put back
    (below `coin`), the start moved onto a coin (below `start`) or the purse moved by one.
    With `walked` set, that share of the gates toggled lie on the solver's best walk (a toll
    on the best walk is what can make one of its moves one no greedy player makes). A coin is
    not taken once `max_empty` cells have none."""

    gate: float = 0.75
    coin: float = 0.93
    start: float = 0.97
    single: float = 0.7
    walked: float | None = None
    max_empty: int | None = None
    max_purse: int = 5

    def __call__(self, level: Level, rng: random.Random, walked: Sequence[Edge] = ()) -> Level:
        hexes = board(level.size)
        for _ in range(1 if rng.random() < self.single else 2):
            roll = rng.random()
            if roll < self.gate:
                on_walk = self.walked is not None and rng.random() < self.walked and walked
                level = replace(level, gates=level.gates ^ {rng.choice(walked if on_walk else hexes.edges)})
            elif roll < self.coin:
                cell = rng.choice([c for c in hexes.cells if c != level.start])
                if self.max_empty is not None and cell not in level.empty and len(level.empty) >= self.max_empty:
                    continue
                level = replace(level, empty=level.empty ^ {cell})
            elif roll < self.start:
                cell = rng.choice(sorted(level.initial_state().coins))
                level = replace(level, start=cell, empty=(level.empty - {cell}) | {level.start})
            else:
                level = replace(level, purse=max(0, min(self.max_purse, level.purse + rng.choice((-1, 1)))))
        return level


@dataclass(frozen=True)
class Slack:
    """Now and then (`chance`) the climb keeps a board scored a little lower, `by` less in each
    part of the score, to leave a local best. `early`: the chance is drawn every step before the
    board is judged; otherwise only for a board judged, and with `below` set only while the
    score's first part (the lucky gap) is below it. No `by`: never (no draw)."""

    by: tuple[float, ...] = ()
    chance: float = 0.1
    early: bool = True
    below: int | None = None

    def floor(self, rng: random.Random, key: tuple) -> tuple:
        """The lowest score kept from a board scored `key` (one draw, unless `by` is empty)."""
        if not self.by or (self.below is not None and key[0] >= self.below):
            return key
        if rng.random() >= self.chance:
            return key
        return tuple(part - (self.by[i] if i < len(self.by) else 0) for i, part in enumerate(key))


def climb(point: Point, rng: random.Random, steps: int, judge: Judge, mutate: Mutate, slack: Slack = Slack(),
          walked: bool = False, moved: Callable[[int, Point], None] | None = None,
          done: Callable[[Point], bool] | None = None) -> Point:
    """`point` changed `steps` times at most (`done` ends the climb early): each step one
    `mutate` of the current board, kept when `judge` scores it at least the current score less
    the `slack`. `walked`: the mutation is given the edges of the current board's best walk.
    `moved(step, point)` hears of every board kept."""
    edges = walked_edges(point.level) if walked else ()
    for step in range(steps):
        if done is not None and done(point):
            break
        other = mutate(point.level, rng, edges)
        floor = slack.floor(rng, point.key) if slack.early else None
        got = judge(other, floor)
        if got is None:
            continue
        if floor is None:
            floor = slack.floor(rng, point.key)
        if got.key < floor:
            continue
        point = got
        if walked:
            edges = walked_edges(point.level)
        if moved is not None:
            moved(step, point)
    return point


Change = tuple[str, Any]  # ("gate", edge) or ("coin", cell): toggled by `toggle`


def toggle(level: Level, change: Change) -> Level:
    kind, what = change
    if kind == "gate":
        return replace(level, gates=level.gates ^ {what})
    return replace(level, empty=level.empty ^ {what})


def gates_of(level: Level) -> list[Change]:
    """Every gate of `level`, each as the change that takes it away."""
    return [("gate", e) for e in sorted(level.gates)]


def prune(point: Point, changes: Callable[[Level], Iterable[Change]],
          keep: Callable[[Point, Level], Point | None], again: bool = True) -> Point:
    """`point` with every change of `changes` made that `keep` allows (gates no target needs
    taken away, changes a rework does not need undone). `again`: after each change made, the
    list is asked anew from the first; otherwise each change of the first list is tried once."""
    if not again:
        for change in list(changes(point.level)):
            point = keep(point, toggle(point.level, change)) or point
        return point
    improved = True
    while improved:
        improved = False
        for change in changes(point.level):
            got = keep(point, toggle(point.level, change))
            if got is not None:
                point, improved = got, True
                break
    return point


def walked_edges(level: Level) -> list:
    """The edges the solver's best walk of `level` crosses, in a fixed order."""
    from game.coinland.generator import walk_edges

    return sorted(walk_edges(level, solve(level, node_limit=NODE_LIMIT).moves)[0])


def solved_par(level: Level, margin: int) -> int | None:
    """Par when the solver proves it and it beats the purse by more than `margin` (a board whose
    best is a coin or two is no puzzle), else None."""
    result = solve(level, node_limit=NODE_LIMIT)
    return result.score if result.optimal and result.score > level.purse + margin else None


def start_position(level: Level) -> tuple[Tables, int, int, int]:
    """The level's move tables and its start as the searches count it: (tables, cell index,
    coin mask, purse)."""
    t = tables(level.size, frozenset(level.gates))
    return t, t.index[level.start], t.mask_of(level.initial_state().coins), level.purse
