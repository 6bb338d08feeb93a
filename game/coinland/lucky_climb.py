"""Rework a level until every greedy player falls short of par, whatever its tie-break, by a
seeded climb of small changes (a gate added or taken away, a coin taken or put back).

`lucky.lucky_rework` takes only changes that raise its score and stops at the first step
with none: on most levels every single change leaves the proved lucky gap at 0, so it ends
where it began. This climb walks the plateau too (a change that keeps the score is taken),
scores by the proved gap first and then by how far seeded random tie-breaks fall short, and
when it reaches the gap takes back every change the gap does not need, so the level keeps as
much of its board (and its idea) as it can. Deterministic for a seed (`random.Random`).

Pure: no pygame.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from game.coinland import board_climb
from game.coinland.board_climb import Point, Slack, prune, solved_par, start_position
from game.coinland.bounds import PartCache, gain_bound
from game.coinland.design_search import greedy_step
from game.coinland.levels import Level
from game.coinland.lucky import PROOF_BUDGET, openings_keeping_par, proved_lucky_gap
from game.hexgrid import board

LINES_BUDGET = 800  # positions the lucky-line count looks at: a gradient, not a proof


@dataclass(frozen=True)
class Limits:
    """What a reworked level may not become: a puzzle with more first moves keeping par than
    `openings`, a par below `min_par`, more gates than `max_gates` (gate spam), or more coins
    taken than `max_taken` (a bare board)."""

    openings: int = 2
    min_par: int = 1
    max_gates: int = 10_000
    max_taken: int = 4


@dataclass(frozen=True)
class Climbed:
    level: Level
    par: int
    gap: int  # the proved lucky gap, up to the gap wanted
    changes: tuple[str, ...]


def lucky_lines(level: Level, target: int, budget: int = PROOF_BUDGET) -> int:
    """How many greedy positions first reach `target` coins (each cell and coins left once): the
    lucky greedy lines a rework must take away, counted so a climb sees every one it removes
    (`lucky.greedy_reaches` stops at the first). `budget` + 1 when the count ran out of it."""
    t, cur, coins, purse = start_position(level)
    cache = PartCache(t)
    stack = [(cur, coins, purse)]
    seen: dict[int, int] = {}
    found: set[int] = set()
    nodes = 0
    while stack:
        cur, coins, purse = stack.pop()
        key = coins << 8 | cur
        if seen.get(key, -1) >= purse:
            continue
        seen[key] = purse
        if purse >= target:
            found.add(key)
            continue
        nodes += 1
        if nodes > budget:
            return budget + 1
        if purse + gain_bound(t, cur, coins, target - purse, cache=cache) < target:
            continue
        stack.extend((j, coins ^ bit, purse - fee + 1) for j, fee, bit in greedy_step(t, cur, coins, purse))
    return len(found)


def _score(level: Level, want: int, limits: Limits, original: Level,
           floor: tuple | None = None) -> Point | None:
    """The board scored (proved gap, minus the lucky lines left), its par the Point's `judged`;
    None when `level` breaks `limits` or scores below `floor` (the openings, the costly check,
    are counted only for a level that would be kept)."""
    if len(level.gates) > limits.max_gates or len(level.empty - original.empty) > limits.max_taken:
        return None
    par = solved_par(level, 0)
    if par is None or par < limits.min_par:
        return None
    gap = proved_lucky_gap(level, par, want)
    score = (gap, -float(lucky_lines(level, par - gap, budget=LINES_BUDGET)) if gap < want else 0.0)
    if floor is not None and score < floor:
        return None
    if openings_keeping_par(level, par) > limits.openings:
        return None
    return Point(level, par, score)


def _mutate(level: Level, rng: random.Random, limits: Limits, original: Level, walked: list) -> Level:
    """One or two random changes, never past `limits` (a gate or a coin taken once the limit is
    reached becomes a gate taken away or a coin put back). Half the gates added go on an edge
    the solver's walk crosses (`walked`): a toll on the best walk is what can make one of its
    moves one no greedy player makes."""
    hexes = board(level.size)
    for _ in range(1 if rng.random() < 0.7 else 2):
        if rng.random() < 0.8:
            add = rng.random() < 0.5 and len(level.gates) < limits.max_gates
            pool = [e for e in hexes.edges if e not in level.gates] if add else sorted(level.gates)
            if add and rng.random() < 0.5:
                pool = [e for e in walked if e not in level.gates] or pool
            if pool:
                level = replace(level, gates=level.gates ^ {rng.choice(pool)})
            continue
        taken = sorted(level.empty - original.empty)
        if len(taken) >= limits.max_taken or (taken and rng.random() < 0.3):
            level = replace(level, empty=level.empty - {rng.choice(taken)})
        else:
            cell = rng.choice([c for c in hexes.cells if c != level.start and c not in level.empty])
            level = replace(level, empty=level.empty | {cell})
    return level


def changes_between(old: Level, new: Level) -> tuple[str, ...]:
    """The changes from `old` to `new`, one line each (`+gate [[q, r], [q, r]]`, `-coin [q, r]`)."""
    edge = lambda e: str([list(c) for c in e])  # noqa: E731
    out = [f"+gate {edge(e)}" for e in sorted(new.gates - old.gates)]
    out += [f"-gate {edge(e)}" for e in sorted(old.gates - new.gates)]
    out += [f"-coin {list(c)}" for c in sorted(new.empty - old.empty)]
    out += [f"+coin {list(c)}" for c in sorted(old.empty - new.empty)]
    return tuple(out)


def polish(level: Level, original: Level, want: int, limits: Limits) -> Level:
    """`level` with every change back to `original` undone that keeps the gap at `want`."""
    def undo(now: Level) -> list:
        return ([("gate", e) for e in sorted(now.gates ^ original.gates)]
                + [("coin", c) for c in sorted(now.empty ^ original.empty)])

    def keep(_point: Point, other: Level) -> Point | None:
        return _score(other, want, limits, original, floor=(want, -1.0))

    return prune(Point(level, None, ()), undo, keep).level


def climb(level: Level, want: int, seed: str, steps: int = 1500, limits: Limits = Limits()) -> Climbed | None:
    """`level` changed until its proved lucky gap is `want` (None when `steps` candidates were
    not enough). Each step tries one random change of the current board and keeps it when the
    score (gap, then the lucky lines left) is not lower; now and then a few more lucky lines are
    taken, to leave a local best."""
    rng = random.Random(seed)
    original = level
    point = _score(level, want, limits, original) or Point(level, None, (-1, -1.0))
    point = board_climb.climb(point, rng, steps, lambda other, floor: _score(other, want, limits, original, floor),
                              lambda now, draw, walked: _mutate(now, draw, limits, original, list(walked)),
                              Slack(by=(0, 2.0)), walked=True, done=lambda p: p.key[0] >= want)
    if point.key[0] < want:
        return None
    final = polish(point.level, original, want, limits)
    par = solved_par(final, 0)
    assert par is not None
    return Climbed(final, par, proved_lucky_gap(final, par, want), changes_between(original, final))
