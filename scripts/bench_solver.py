#!/usr/bin/env python3
"""Benchmark the puzzle solver: 63 seeded size-4 boards plus the shipped levels.

Prints one line per board (proved, score, bound, nodes, seconds), then the fraction proved
within the limit and the median time. Usage: scripts/bench_solver.py [--limit 10] [--quick]
"""

from __future__ import annotations

import argparse
import statistics

from game import LEVELS
from game.coinland.generator import random_level
from game.coinland.levels import load_levels
from game.coinland.solver import solve

DENSITIES = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9]
SEEDS_PER_DENSITY = 7


def boards(quick: bool):
    seeds = 2 if quick else SEEDS_PER_DENSITY
    for density in DENSITIES:
        for seed in range(seeds):
            yield random_level(4, density, seed, purse=seed % 4)
    levels, problems = load_levels(LEVELS)
    for problem in problems:
        print(f"skipped: {problem}")
    yield from levels


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=float, default=10.0, help="seconds per board (default 10)")
    parser.add_argument("--quick", action="store_true", help="two boards per density")
    args = parser.parse_args()
    times, proved = [], 0
    print(f"{'board':<28} {'proved':>6} {'score':>5} {'bound':>5} {'nodes':>9} {'seconds':>8}")
    for level in boards(args.quick):
        result = solve(level, time_limit=args.limit)
        times.append(result.seconds)
        proved += result.optimal
        print(f"{level.name[:28]:<28} {'yes' if result.optimal else 'NO':>6} {result.score:>5} "
              f"{result.upper_bound:>5} {result.nodes:>9} {result.seconds:>8.3f}")
    print(f"proved within {args.limit:g} s: {proved}/{len(times)} ({proved / len(times):.0%}); "
          f"median {statistics.median(times):.3f} s; worst {max(times):.3f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
