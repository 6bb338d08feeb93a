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

from game.coinland.bounds import PartCache, gain_bound
from game.coinland.design_search import greedy_step
from game.coinland.levels import Level
from game.coinland.lucky import PROOF_BUDGET, openings_keeping_par, proved_lucky_gap
from game.coinland.solver import solve
from game.coinland.solver_tables import tables
from game.hexgrid import board

NODE_LIMIT = 60_000  # the solver's positions per candidate: the campaign's boards need far fewer
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


def _par(level: Level) -> int | None:
    result = solve(level, node_limit=NODE_LIMIT)
    return result.score if result.optimal and result.score > level.purse else None


def lucky_lines(level: Level, target: int, budget: int = PROOF_BUDGET) -> int:
    """How many greedy positions first reach `target` coins (each cell and coins left once): the
    lucky greedy lines a rework must take away, counted so a climb sees every one it removes
    (`lucky.greedy_reaches` stops at the first). `budget` + 1 when the count ran out of it."""
    t = tables(level.size, frozenset(level.gates))
    cache = PartCache(t)
    stack = [(t.index[level.start], t.mask_of(level.initial_state().coins), level.purse)]
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
           floor: tuple[int, float] | None = None) -> tuple[tuple[int, float], int] | None:
    """(proved gap, minus the lucky lines left) and par, None when `level` breaks `limits` or scores below
    `floor` (the openings, the costly check, are counted only for a level that would be kept)."""
    if len(level.gates) > limits.max_gates or len(level.empty - original.empty) > limits.max_taken:
        return None
    par = _par(level)
    if par is None or par < limits.min_par:
        return None
    gap = proved_lucky_gap(level, par, want)
    score = (gap, -float(lucky_lines(level, par - gap, budget=LINES_BUDGET)) if gap < want else 0.0)
    if floor is not None and score < floor:
        return None
    if openings_keeping_par(level, par) > limits.openings:
        return None
    return score, par


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


def walked_edges(level: Level) -> list:
    """The edges the solver's best walk of `level` crosses, in a fixed order."""
    from game.coinland.generator import walk_edges

    return sorted(walk_edges(level, solve(level, node_limit=NODE_LIMIT).moves)[0])


def changes_between(old: Level, new: Level) -> tuple[str, ...]:
    """The changes from `old` to `new`, one line each (`+gate [[q, r], [q, r]]`, `-coin [q, r]`)."""
    edge = lambda e: str([list(c) for c in e])  # noqa: E731
    out = [f"+gate {edge(e)}" for e in sorted(new.gates - old.gates)]
    out += [f"-gate {edge(e)}" for e in sorted(old.gates - new.gates)]
    out += [f"-coin {list(c)}" for c in sorted(new.empty - old.empty)]
    out += [f"+coin {list(c)}" for c in sorted(old.empty - new.empty)]
    return tuple(out)


def _undo_one(level: Level, original: Level) -> list[Level]:
    """Every level one change closer to `original`."""
    back = [replace(level, gates=level.gates ^ {e}) for e in sorted(level.gates ^ original.gates)]
    back += [replace(level, empty=level.empty ^ {c}) for c in sorted(level.empty ^ original.empty)]
    return back


def polish(level: Level, original: Level, want: int, limits: Limits) -> Level:
    """`level` with every change back to `original` undone that keeps the gap at `want`."""
    improved = True
    while improved:
        improved = False
        for other in _undo_one(level, original):
            scored = _score(other, want, limits, original, floor=(want, -1.0))
            if scored is not None:
                level, improved = other, True
                break
    return level


def climb(level: Level, want: int, seed: str, steps: int = 1500, limits: Limits = Limits()) -> Climbed | None:
    """`level` changed until its proved lucky gap is `want` (None when `steps` candidates were
    not enough). Each step tries one random change of the current board and keeps it when the
    score (gap, then the random tie-breaks' mean shortfall) is not lower."""
    rng = random.Random(seed)
    original = level
    scored = _score(level, want, limits, original)
    current = (scored[0] if scored else (-1, -1.0)), level
    walked = walked_edges(level)
    for _ in range(steps):
        if current[0][0] >= want:
            break
        other = _mutate(current[1], rng, limits, original, walked)
        # now and then a few more lucky lines are taken, to leave a local best
        slack = 2.0 if rng.random() < 0.1 else 0.0
        scored = _score(other, want, limits, original, floor=(current[0][0], current[0][1] - slack))
        if scored is not None:
            current = scored[0], other
            walked = walked_edges(other)
    if current[0][0] < want:
        return None
    final = polish(current[1], original, want, limits)
    par = _par(final)
    assert par is not None
    return Climbed(final, par, proved_lucky_gap(final, par, want), changes_between(original, final))
