#!/usr/bin/env python3
"""How far greedy players that break ties in other ways fall short of par, level by level.

    .venv/bin/python scripts/greedy_tiebreaks.py [PATH ...] [--samples N] [--seed S]

The campaign's greedy gap (docs/LEVELS.md, "Design measures") belongs to one tie-break: the
nearest coin, then the greatest cell [q, r]. Someone measuring with their own greedy player may
break ties otherwise, so this prints the gap (par - score) under four fixed tie-breaks (ours;
nearest then the lowest cell; the farthest coin; the first move in the rules' order) and under
`--samples` seeded random tie-breaks (how often they reach par, their mean gap and the smallest),
then counts per tie-break the levels after the Tutorial where the greedy player reaches par or
falls at most two coins short, and the levels from Medium on that every tie-break tried leaves at
least three coins short. The lucky gap (the best over every tie-break) is `coinland levels`'s column.

`--never-stop` measures a greedier player instead: one that never stops while a move is legal (the
best net gain even when every move loses) and is credited with the most coins it ever held (it
would stop there, had it seen that par was reached). Besides the fixed tie-breaks it prints the
best such player over every tie-break ("any"), found by an exhaustive memoised search; where
that search is cut short (size-5 boards), the bounded proof of game/coinland/never_stop.py says
whether some tie-break reaches par ("<=0") or none does (">=1").

PATH: level files, pack folders or a folder of packs (default: the shipped levels).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import LEVELS
from game.cli.options import int_range, seed
from game.coinland.design_search import greedy_step
from game.coinland.levels import LevelError, level_files, read_level
from game.coinland.never_stop import never_stop_reaches, never_stop_step
from game.coinland.solver_tables import Tables, tables
from game.hexgrid import distance

Move = tuple[int, int, int]
Pick = Callable[[Tables, int, list[Move]], Move]


def _near(t: Tables, cur: int, move: Move) -> int:
    return distance(t.cells[cur], t.cells[move[0]])


#: the fixed tie-breaks, by name; each picks one of the greedy player's equally good moves
TIES: dict[str, Pick] = {
    "ours": lambda t, cur, ties: min(ties, key=lambda m: (_near(t, cur, m), -m[0])),
    "near-low": lambda t, cur, ties: min(ties, key=lambda m: (_near(t, cur, m), m[0])),
    "far": lambda t, cur, ties: max(ties, key=lambda m: (_near(t, cur, m), -m[0])),
    "rules": lambda t, cur, ties: ties[0],
}


def greedy_score(level, pick: Pick, never_stop: bool = False) -> int:
    """The purse a greedy player ends with when `pick` breaks its ties (one that never stops:
    the most it held on the way)."""
    t = tables(level.size, frozenset(level.gates))
    cur, coins, purse = t.index[level.start], t.mask_of(level.initial_state().coins), level.purse
    step, peak = never_stop_step if never_stop else greedy_step, purse
    while ties := step(t, cur, coins, purse):
        j, fee, bit = pick(t, cur, ties)
        cur, coins, purse = j, coins ^ bit, purse - fee + 1
        peak = max(peak, purse)
    return peak if never_stop else purse


def never_stop_best(level, budget: int = 2_000_000) -> int | None:
    """The most coins any never-stopping greedy player holds at some point, over every way of
    breaking its ties (None past `budget` positions). A player's peak is the largest purse on
    its line, so the best over every line is the largest purse of any position some line
    reaches: one pass over the reachable positions (explicit stack, no recursion limit). Its
    moves are forced but for ties, so those positions are few."""
    t = tables(level.size, frozenset(level.gates))
    start = (t.index[level.start], t.mask_of(level.initial_state().coins), level.purse)
    seen = {start}
    stack = [start]
    best = level.purse
    while stack:
        cur, coins, purse = stack.pop()
        best = max(best, purse)
        for j, fee, bit in never_stop_step(t, cur, coins, purse):
            position = (j, coins ^ bit, purse - fee + 1)
            if position not in seen:
                if len(seen) >= budget:
                    return None
                seen.add(position)
                stack.append(position)
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", metavar="PATH", help="level files or folders (default: the shipped levels)")
    parser.add_argument("--samples", type=int_range(0, 100_000), default=200,
                        help="random tie-breaks per level (default 200)")
    parser.add_argument("--seed", type=seed, default=1, help="seed of the random tie-breaks (default 1)")
    parser.add_argument("--never-stop", action="store_true",
                        help="measure greedy players that never stop, credited with their peak")
    args = parser.parse_args(argv)
    try:
        files = level_files(args.paths or [str(LEVELS)])
    except LevelError as error:
        print(f"greedy_tiebreaks: PATH: {error}", file=sys.stderr)
        return 2
    levels = []
    for path in files:
        level, problems = read_level(path)
        if level is None or level.par is None:
            print(problems[0] if problems else f"{path}: par: expected a par to compare with", file=sys.stderr)
            return 1
        levels.append((path, level))
    if args.never_stop:
        return never_stop_report(levels)
    names = list(TIES)
    print(f"{'level':34} {'par':>4} " + " ".join(f"{n:>8}" for n in names) + "  random: at par, mean gap, worst")
    totals = {name: [0, 0] for name in names}  # levels after the Tutorial at par, within two coins
    later = [0, 0]  # levels from Medium on, and those 3 or more short under every tie-break tried
    for path, level in levels:
        gaps = {name: level.par - greedy_score(level, pick) for name, pick in TIES.items()}
        rng = random.Random(f"{args.seed}:{path.name}")
        def at_random(t: Tables, cur: int, ties: list[Move], rng: random.Random = rng) -> Move:
            return rng.choice(ties)

        randoms = [level.par - greedy_score(level, at_random) for _ in range(args.samples)]
        at_par = sum(gap <= 0 for gap in randoms) / len(randoms) if randoms else 0.0
        mean = sum(randoms) / len(randoms) if randoms else 0.0
        worst = min(randoms, default=min(gaps.values()))
        label = f"{path.parent.name[:12]}/{level.name}"  # the level's name in full (60 characters at most)
        print(f"{label:34} {level.par:>4} " + " ".join(f"{gaps[n]:>8}" for n in names)
              + f"  {at_par:6.0%} {mean:5.1f} {worst:>5}")
        if path.parent.name not in ("1-tutorial", "2-easy"):
            later[0] += 1
            later[1] += min(worst, *gaps.values()) >= 3
        if path.parent.name != "1-tutorial":
            for name in names:
                totals[name][0] += gaps[name] <= 0
                totals[name][1] += gaps[name] <= 2
    for name, (at_par_count, near) in totals.items():
        print(f"{name}: reaches par on {at_par_count}, at most two coins short on {near} levels after the Tutorial")
    print(f"from Medium on: {later[1]} of {later[0]} levels at least 3 coins short under all four tie-breaks "
          f"and every random one")
    return 0


def never_stop_report(levels: list) -> int:
    """Per level the gap left by never-stopping greedy players (module text), then the levels
    after the Tutorial where one of them reaches par."""
    names = list(TIES)
    print(f"{'level':34} {'par':>4} " + " ".join(f"{n:>8}" for n in names) + "       any")
    at_par = []
    for path, level in levels:
        gaps = [level.par - greedy_score(level, pick, never_stop=True) for pick in TIES.values()]
        best = never_stop_best(level)
        gaps.append(None if best is None else level.par - best)
        # where the exhaustive search is cut short, the bounded proof still says whether par is reached
        reached = never_stop_reaches(level, level.par) if best is None else None
        any_gap = {True: "<=0", False: ">=1"}.get(reached, "?") if best is None else str(gaps[-1])
        label = f"{path.parent.name[:12]}/{level.name}"
        print(f"{label:34} {level.par:>4} " + " ".join(f"{'?' if g is None else g:>8}" for g in gaps[:-1])
              + f" {any_gap:>9}" + ("  (search cut short: the bounded proof)" if best is None else ""))
        if path.parent.name != "1-tutorial" and (reached or any(g is not None and g <= 0 for g in gaps)):
            at_par.append(level.name)
    print(f"never-stopping greedy players reach par on {len(at_par)} levels after the Tutorial"
          + (f": {', '.join(at_par)}" if at_par else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
