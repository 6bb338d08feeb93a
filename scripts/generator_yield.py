#!/usr/bin/env python3
"""Measure the tight-puzzle generator: how many tight levels per try, and CPU seconds per level.

    .venv/bin/python scripts/generator_yield.py [--sizes 3,4] [--seeds 3] [--count 2] [--style scatter]
        [--openings 1] [--walks 10] [--gap 3] [--lucky 0]

Runs `game.coinland.generator.tight_levels` (what `coinland generate --tight` runs) for each size
and seed, and prints one line per run and a total per size: levels found of those asked,
tries (boards drawn), boards judged, CPU seconds, and CPU seconds per level found. Seeded: the
same options find the same levels on any machine; only the seconds change.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.coinland.generator import STYLES, Tightness, tight_levels


def sizes(text: str) -> list[int]:
    try:
        values = [int(part) for part in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected sizes like 3,4, got {text!r}") from None
    if not values or any(not 2 <= v <= 8 for v in values):
        raise argparse.ArgumentTypeError(f"expected sizes from 2 to 8, got {text!r}")
    return values


def positive(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of 1 or more, got {text!r}")
    return int(text)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=sizes, default=[3, 4], help="board sizes, e.g. 3,4 (default)")
    parser.add_argument("--seeds", type=positive, default=3, help="seeds 0..N-1 per size (default 3)")
    parser.add_argument("--count", type=positive, default=2, help="levels asked per seed (default 2)")
    parser.add_argument("--style", choices=STYLES, default="scatter", help="starting boards (default scatter)")
    parser.add_argument("--openings", type=positive, default=1, help="at most this many openings keep par (1)")
    parser.add_argument("--walks", type=positive, default=10, help="at most this many decision-distinct walks (10)")
    parser.add_argument("--gap", type=int, default=3, help="greedy falls at least this far short (3)")
    parser.add_argument("--lucky", type=int, default=0, help="any greedy player falls this far short (0)")
    args = parser.parse_args(argv)
    want = Tightness(args.openings, args.walks, args.gap, args.lucky)
    print(f"{'size':>4} {'seed':>4} {'found':>7} {'tries':>5} {'judged':>6} {'cpu s':>7} {'s/level':>8}")
    for size in args.sizes:
        totals = [0, 0, 0, 0.0]
        for seed in range(args.seeds):
            stats: dict[str, int] = {}
            started = time.process_time()
            found = len(list(tight_levels(size, args.count, seed, want, style=args.style, stats=stats)))
            cpu = time.process_time() - started
            per = f"{cpu / found:8.1f}" if found else f"{'-':>8}"
            print(f"{size:>4} {seed:>4} {found:>3}/{args.count:<3} {stats.get('tries', 0):>5} "
                  f"{stats.get('judged', 0):>6} {cpu:>7.1f} {per}", flush=True)
            totals = [totals[0] + found, totals[1] + stats.get("tries", 0), totals[2] + stats.get("judged", 0),
                      totals[3] + cpu]
        found, tries, judged, cpu = totals
        per = f"{cpu / found:.1f} s of CPU per level" if found else "no level found"
        print(f"size {size}: {found} of {args.count * args.seeds} levels in {tries} tries "
              f"({found / max(1, tries):.0%} of tries), {judged} boards judged, {cpu:.1f} s of CPU, {per}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
