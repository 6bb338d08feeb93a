#!/usr/bin/env python3
"""Print the measured difficulty of every shipped level, pack by pack (see game/coinland/difficulty.py).

    .venv/bin/python scripts/level_difficulty.py [--walks N] [folder]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import LEVELS
from game.coinland.difficulty import RANDOM_WALKS, measure
from game.coinland.levels import load_levels


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", default=str(LEVELS))
    parser.add_argument("--walks", type=int, default=RANDOM_WALKS, help="random walks per level")
    args = parser.parse_args()
    print(f"{'pack':12} {'level':28} {'size':>4} {'par':>4} {'greedy':>6} {'gap':>4} {'easy':>5} {'share':>6} "
          f"{'walks':>6} {'nodes':>7} {'score':>6}")
    for folder in sorted(p for p in Path(args.folder).iterdir() if p.is_dir()):
        levels, problems = load_levels(folder)
        for problem in problems:
            print(problem, file=sys.stderr)
        scores = []
        for level in sorted(levels, key=lambda lv: lv.source):
            m = measure(level, args.walks)
            scores.append(m.score)
            print(f"{folder.name:12} {level.name[:28]:28} {level.size:>4} {m.par:>4} {m.greedy:>6} {m.greedy_gap:>4} "
                  f"{m.easy:>5.1f} {m.easy_share:>6.0%} {m.walk_share:>6.0%} {m.nodes:>7} {m.score:>6.2f}")
        if scores:
            print(f"{folder.name:12} {'median score':28} {statistics.median(scores):>57.2f}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
