#!/usr/bin/env python3
"""Print the measured difficulty of every shipped level, pack by pack (see game/coinland/difficulty.py).

    .venv/bin/python scripts/level_difficulty.py [--walks N] [PATH ...]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import LEVELS
from game.coinland.difficulty import RANDOM_WALKS, measure
from game.coinland.levels import LevelError, load_levels


def packs(paths: list[str]) -> dict[str, list]:
    """The valid levels under `paths` (level files, pack folders or a folder of packs), by pack folder."""
    found: dict[str, list] = {}
    for path in paths:
        if not Path(path).exists():
            raise FileNotFoundError(f"{path}: no such level file or folder")
        levels, problems = load_levels(path)
        for problem in problems:
            print(problem, file=sys.stderr)
        for level in levels:
            found.setdefault(Path(level.source).parent.name, []).append(level)
    return dict(sorted(found.items()))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", metavar="PATH", default=[str(LEVELS)],
                        help="level files, pack folders or a folder of packs (default: the shipped levels)")
    parser.add_argument("--walks", type=int, default=RANDOM_WALKS, help="random walks per level")
    args = parser.parse_args(argv)
    if args.walks < 1:
        parser.error(f"--walks: expected 1 or more, got {args.walks}")
    try:
        found = packs(args.paths)
    except (FileNotFoundError, LevelError) as error:
        print(f"level_difficulty: {error}", file=sys.stderr)
        return 1
    if not found:
        print(f"level_difficulty: no valid level in {', '.join(args.paths)}", file=sys.stderr)
        return 1
    print(f"{'pack':12} {'level':28} {'size':>4} {'par':>4} {'greedy':>6} {'gap':>4} {'easy':>5} {'share':>6} "
          f"{'walks':>6} {'nodes':>7} {'score':>6}")
    for pack, levels in found.items():
        scores = []
        for level in sorted(levels, key=lambda lv: lv.source):
            m = measure(level, args.walks)
            scores.append(m.score)
            print(f"{pack:12} {level.name[:28]:28} {level.size:>4} {m.par:>4} {m.greedy:>6} {m.greedy_gap:>4} "
                  f"{m.easy:>5.1f} {m.easy_share:>6.0%} {m.walk_share:>6.0%} {m.nodes:>7} {m.score:>6.2f}")
        print(f"{pack:12} {'median score':28} {statistics.median(scores):>57.2f}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
