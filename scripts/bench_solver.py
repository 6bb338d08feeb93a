#!/usr/bin/env python3
"""Benchmark the puzzle solver on seeded random boards of every size the editor allows.

Sizes 4, 5 and 6 (the editor's sizes): for each gate density 0.1 .. 0.9, `--seeds` boards
(default 7, so 63 per size) with the Hoarder on the centre and purse `seed % 4`; one line per
board (proved, score, bound, nodes, seconds), then per size the share proved within the limit,
the median time and the worst. Sizes 7 and 8 (allowed in level files): the best walk found
within the limit and its gap to the proved bound, per density. The shipped levels come too
with `--levels`. Limits and times are CPU seconds of this process unless `--wall`: the
machines this runs on are often shared, and wall time there measures the neighbours.
`--no-prover` leaves out the CP-SAT prover (`game/coinland/solver_prover.py`), as when OR-tools
is not installed: the pure-Python search alone. `--warm` imports OR-tools before the first board,
as a warmed helper process of the game has (otherwise the first hand-over pays the import).

Usage:
  scripts/bench_solver.py                       # sizes 4 5 6 7 8, 10 s a board
  scripts/bench_solver.py --sizes 5 6 --quick   # two boards per density, a quick look
  scripts/bench_solver.py --sizes 6 --densities 0.6 0.8 --seeds 3 --limit 30
  scripts/bench_solver.py --sizes 5 6 --no-prover   # the pure-Python search alone
  scripts/bench_solver.py --sizes 6 --densities 0.8 0.9 --limit 1.5 --warm   # as Hint, in a warm helper
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from game import LEVELS
from game.coinland.generator import random_level
from game.coinland.levels import Level, load_levels
from game.coinland.solver import solve

DENSITIES = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9]
PROVED_SIZES = (4, 5, 6)  # what the editor makes: every board should be proved
SEEDS_PER_DENSITY = 7
LARGE_SEEDS = 2  # sizes 7 and 8: boards per density


def seeded_boards(size: int, densities: list[float], seeds: int) -> list[tuple[float, Level]]:
    return [(density, random_level(size, density, seed, purse=seed % 4))
            for density in densities for seed in range(seeds)]


def run(level: Level, limit: float, clock, prover: bool = True) -> tuple[bool, int, int, int, float]:
    wall = time.perf_counter()
    result = solve(level, time_limit=limit, clock=clock, prover=prover)
    wall = time.perf_counter() - wall
    print(f"{level.name[:28]:<28} {'yes' if result.optimal else 'NO':>6} {result.score:>5} "
          f"{result.upper_bound:>5} {result.nodes:>9} {result.seconds:>8.3f} {wall:>8.3f}", flush=True)
    return result.optimal, result.score, result.upper_bound, result.nodes, result.seconds


def summary(label: str, rows: list[tuple[bool, int, int, int, float]], limit: float) -> str:
    times = [row[4] for row in rows]
    proved = sum(row[0] for row in rows)
    return (f"{label}: proved within {limit:g} s: {proved}/{len(rows)} ({proved / len(rows):.0%}); "
            f"median {statistics.median(times):.3f} s; worst {max(times):.3f} s")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=float, default=10.0, help="seconds per board (default 10)")
    parser.add_argument("--sizes", type=int, nargs="+", default=[4, 5, 6, 7, 8], help="board sizes (4..8)")
    parser.add_argument("--densities", type=float, nargs="+", default=DENSITIES, help="gate densities")
    parser.add_argument("--seeds", type=int, default=None,
                        help=f"boards per density (default {SEEDS_PER_DENSITY}; {LARGE_SEEDS} for sizes 7 and 8)")
    parser.add_argument("--quick", action="store_true", help="two boards per density (one for sizes 7, 8)")
    parser.add_argument("--levels", action="store_true", help="the shipped levels too")
    parser.add_argument("--wall", action="store_true",
                        help="limit and time by the wall clock (default: this process's CPU time, which a "
                             "machine shared with other work does not skew)")
    parser.add_argument("--no-prover", action="store_true",
                        help="the pure-Python search alone, without the CP-SAT prover")
    parser.add_argument("--warm", action="store_true",
                        help="import OR-tools before the first board, as the game's warmed helper processes do")
    args = parser.parse_args()
    prover = not args.no_prover
    if args.warm and prover:
        from game.coinland import solver_prover

        solver_prover.warm_up()
    clock = time.perf_counter if args.wall else time.process_time
    lines = []
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    kind = ("CP-SAT, imported before the first board" if args.warm else "CP-SAT when installed") if prover else "none"
    print(f"clock: {'wall' if args.wall else 'CPU'} seconds; prover: {kind}; "
          f"load average at start {load:.1f} on {os.cpu_count()} cores")
    print(f"{'board':<28} {'proved':>6} {'score':>5} {'bound':>5} {'nodes':>9} {'seconds':>8} {'wall':>8}")
    for size in args.sizes:
        large = size not in PROVED_SIZES
        seeds = args.seeds or (1 if args.quick and large else 2 if args.quick else
                               LARGE_SEEDS if large else SEEDS_PER_DENSITY)
        rows = []
        per_density: dict[float, list[tuple[bool, int, int, int, float]]] = {}
        for density, level in seeded_boards(size, args.densities, seeds):
            row = run(level, args.limit, clock, prover)
            rows.append(row)
            per_density.setdefault(density, []).append(row)
        lines.append(summary(f"size {size}", rows, args.limit))
        if large:
            for density, found in per_density.items():
                gaps = [bound - score for _, score, bound, _, _ in found]
                lines.append(f"  size {size} density {density:g}: best walks "
                             f"{'/'.join(str(r[1]) for r in found)}, proved bounds "
                             f"{'/'.join(str(r[2]) for r in found)}, gap mean {statistics.mean(gaps):.1f} "
                             f"worst {max(gaps)}")
    if args.levels:
        levels, problems = load_levels(LEVELS)
        for problem in problems:
            print(f"skipped: {problem}")
        lines.append(summary("shipped levels", [run(level, args.limit, clock, prover) for level in levels], args.limit))
    print()
    print("\n".join(lines))
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"load average at the end {load:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
