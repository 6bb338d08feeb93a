"""Whether *any* greedy player can reach a score, however it breaks its ties, and how to take
that chance away from a level without touching its solution.

A greedy player (design.py) takes a move of the best immediate net gain and stops when every
move loses; people who measure a level with their own greedy player break its ties in ways we
cannot know. `greedy_reaches` answers "does some tie-break reach `target`?" by a bounded
branch-and-bound search over every tie: a position is dropped when the solver's bound says
even the best walk from it cannot reach `target` (a much sharper cut than the one the exact
`greedy_best` can use, which only knows the best greedy score found so far). A search that
runs out of its budget answers None: it proves nothing, so a rule built on it fails.

`lucky_tighten` adds gates on edges one optimal walk never crosses and takes away coins it never
lands on, the change that hurts the greedy players most first: par and that walk stay as
they were (no such change can raise par, and the walk still scores it), so a level keeps its
solution and its idea and only loses the lucky greedy lines.

Pure: no pygame.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

from game.coinland.bounds import PartCache, gain_bound
from game.coinland.design_search import greedy_step, greedy_walk
from game.coinland.levels import Level
from game.coinland.solver_tables import Tables, tables

#: a greedy player's choices at a position: (target, fee, coin bit) for each move it may take
Step = Callable[[Tables, int, int, int], list[tuple[int, int, int]]]

PROOF_BUDGET = 50_000  # positions a proof may look at (the campaign's levels need far fewer)


def greedy_reaches(level: Level, target: int, budget: int = PROOF_BUDGET, step: Step = greedy_step) -> bool | None:
    """True when some greedy player (some way of breaking ties) holds at least `target` coins,
    False when none does, None when `budget` positions were not enough to tell. `step` gives the
    player's choices: the campaign's greedy player (it stops when every move loses, so its purse
    never falls and what it holds at some point it ends with) or another kind, such as
    never_stop.py's; a richer player on the same cell with the same coins left has the same best
    moves, or more, so a poorer one there is not followed."""
    t = tables(level.size, frozenset(level.gates))
    cache = PartCache(t)
    start = (t.index[level.start], t.mask_of(level.initial_state().coins), level.purse)
    seen: dict[int, int] = {}
    stack = [start]
    nodes = 0
    while stack:
        cur, coins, purse = stack.pop()
        if purse >= target:
            return True
        key = coins << 8 | cur
        if seen.get(key, -1) >= purse:  # a richer greedy player here before ends at least as rich
            continue
        seen[key] = purse
        nodes += 1
        if nodes > budget:
            return None
        if purse + gain_bound(t, cur, coins, target - purse, cache=cache) < target:
            continue
        stack.extend((j, coins ^ bit, purse - fee + 1) for j, fee, bit in step(t, cur, coins, purse))
    return False


def lucky_gap_at_least(level: Level, par: int, gap: int, budget: int = PROOF_BUDGET) -> bool | None:
    """Whether every greedy player falls at least `gap` coins short of `par` (None: not proved
    either way within `budget`)."""
    reached = greedy_reaches(level, par - gap + 1, budget)
    return None if reached is None else not reached


def proved_lucky_gap(level: Level, par: int, most: int, budget: int = PROOF_BUDGET) -> int:
    """The largest gap up to `most` that `lucky_gap_at_least` proves (0 when none is)."""
    proved = 0
    for gap in range(1, most + 1):
        if lucky_gap_at_least(level, par, gap, budget) is not True:
            break
        proved = gap
    return proved


def sampled_shortfall(level: Level, par: int, samples: int = 40, seed: str = "lucky") -> float:
    """The mean gap of seeded random tie-breaks: a smooth figure for a climb to lower the lucky
    greedy lines when the exact gap does not move."""
    t = tables(level.size, frozenset(level.gates))
    cur, coins, purse = t.index[level.start], t.mask_of(level.initial_state().coins), level.purse
    rng = random.Random(seed)
    return sum(par - greedy_walk(t, cur, coins, purse, rng)[0] for _ in range(samples)) / samples


def _score(level: Level, par: int, want: int, budget: int) -> tuple[int, float]:
    return proved_lucky_gap(level, par, want, budget), min(sampled_shortfall(level, par), want + 3.0)


def _changed(level: Level, change: tuple[str, tuple]) -> Level:
    kind, item = change
    if kind == "gate":
        return replace(level, gates=level.gates | {item})
    return replace(level, empty=level.empty | {item})


def lucky_tighten(level: Level, walk: list, par: int, want: int, max_changes: int = 4,
                  budget: int = PROOF_BUDGET, keep=None) -> tuple[Level, list[tuple[str, tuple]]]:
    """`level` changed (gates added, coins taken away, each off `walk`, an optimal walk) until
    every greedy player falls `want` coins short of par, or `max_changes` changes are made.
    Each step takes the change that raises the proved lucky gap most, then the random
    tie-breaks' mean shortfall; `keep(level)`, when given, must accept a change (a designer's
    veto: the level's idea). Returns the level and the changes made."""
    from game.coinland.generator import walk_edges
    from game.hexgrid import board

    crossed, landed = walk_edges(level, walk)
    hexes = board(level.size)
    changes = [("gate", e) for e in hexes.edges if e not in crossed and e not in level.gates]
    changes += [("coin", c) for c in hexes.cells if c not in landed and c not in level.empty and c != level.start]
    score = _score(level, par, want, budget)
    made: list[tuple[str, tuple]] = []
    while score[0] < want and len(made) < max_changes:
        best = None
        for change in changes:
            other = _changed(level, change)
            if keep is not None and not keep(other):
                continue
            found = _score(other, par, want, budget)
            # a gate is the gentler change: prefer it over taking a coin at an equal score
            rank = (found, change[0] == "gate")
            if found > score and (best is None or rank > best[0]):
                best = (rank, other, change)
        if best is None:
            break
        (score, _), level, change = best
        changes.remove(change)
        made.append(change)
    return level, made


def detour_walks(level: Level, par: int, count: int, seed: str = "detours") -> list[list]:
    """Up to `count` optimal walks (lists of cells) that make at least one move no greedy player
    makes, found by seeded random descents that prefer such moves. Only a walk with a detour
    can survive `lucky_tighten`: a walk of best-gain moves stays one whatever is added off it."""
    from game.coinland.design_search import ParOracle, legal_moves

    t = tables(level.size, frozenset(level.gates))
    oracle = ParOracle(t, par, frozenset(level.gates))
    rng = random.Random(seed)
    start = (t.index[level.start], t.mask_of(level.initial_state().coins), level.purse)
    found: list[list] = []
    for _ in range(count * 4):
        cur, coins, purse = start
        walk, detours = [], 0
        while purse < par:
            greedy = {m[0] for m in greedy_step(t, cur, coins, purse)}
            keep = [m for m in legal_moves(t, cur, coins, purse)
                    if oracle.reaches(m[0], coins ^ m[2], purse - m[1] + 1)]
            rng.shuffle(keep)
            keep.sort(key=lambda m: m[0] in greedy)  # detours first
            j, fee, bit = keep[0]
            detours += j not in greedy
            walk.append(t.cells[j])
            cur, coins, purse = j, coins ^ bit, purse - fee + 1
        if detours and walk not in found:
            found.append(walk)
        if len(found) == count:
            break
    return found


def openings_keeping_par(level: Level, par: int) -> int:
    """How many first moves keep par (design.py's `keep`)."""
    from game.coinland.design_search import ParOracle, legal_moves

    t = tables(level.size, frozenset(level.gates))
    oracle = ParOracle(t, par, frozenset(level.gates))
    cur, coins, purse = t.index[level.start], t.mask_of(level.initial_state().coins), level.purse
    return sum(oracle.reaches(j, coins ^ bit, purse - fee + 1) for j, fee, bit in legal_moves(t, cur, coins, purse))


def lucky_rework(level: Level, want: int, seed: str, openings: int | None = None, max_changes: int = 4,
                 tries: int = 80, node_limit: int = 200_000) -> tuple[Level, int, int, list[str]] | None:
    """`level` reworked by up to `max_changes` changes (a gate added or taken away, a coin taken
    or put back) until every greedy player falls `want` coins short of its new par, with at
    most `openings` first moves keeping par: for a level whose every optimal walk is a greedy
    line, which `lucky_tighten` cannot change. Seeded. Returns (level, par, proved lucky gap,
    the changes) or None when the climb found nothing better than the level."""
    from game.coinland.solver import solve
    from game.hexgrid import board

    hexes = board(level.size)
    rng = random.Random(seed)
    par = level.par if level.par is not None else solve(level, node_limit=node_limit).score
    best = (proved_lucky_gap(level, par, want), min(sampled_shortfall(level, par), want + 3.0))
    made: list[str] = []
    found = None
    while best[0] < want and len(made) < max_changes:
        step = None
        for _ in range(tries):
            if rng.random() < 0.75:
                edge = rng.choice(hexes.edges)
                other = replace(level, gates=level.gates ^ {edge})
                change = ("-gate " if edge in level.gates else "+gate ") + str([list(c) for c in edge])
            else:
                cell = rng.choice([c for c in hexes.cells if c != level.start])
                other = replace(level, empty=level.empty ^ {cell})
                change = ("+coin " if cell in level.empty else "-coin ") + str(list(cell))
            result = solve(other, node_limit=node_limit)
            if not result.optimal or result.score <= other.purse:
                continue
            new_par = result.score
            score = (proved_lucky_gap(other, new_par, want), min(sampled_shortfall(other, new_par), want + 3.0))
            if score <= best or (step is not None and score <= step[0]):
                continue
            if openings is not None and openings_keeping_par(other, new_par) > openings:
                continue
            step = (score, other, new_par, change)
        if step is None:
            break
        best, level, par, change = step
        made.append(change)
        found = (level, par, best[0], list(made))
    return found
