#!/usr/bin/env python3
"""Print the design measures and difficulty figure of every level, pack by pack (game/coinland/design.py).

    .venv/bin/python scripts/level_difficulty.py [PATH ...] [--cap N] [--budget N]

PATH: level files, pack folders or a folder of packs (default: the shipped levels). Each pack
ends with its median difficulty and how many pairs of its levels are out of difficulty order.
What the columns mean: docs/LEVELS.md, "Design measures".
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import LEVELS
from game.coinland.curation import Row, inversions, text_table
from game.coinland.design import WALK_BUDGET, WALK_CAP, measure_design
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
    parser.add_argument("--cap", type=int, default=WALK_CAP, help=f"count optimal walks up to N (default {WALK_CAP})")
    parser.add_argument("--budget", type=int, default=WALK_BUDGET,
                        help=f"positions a walk count may look at (default {WALK_BUDGET})")
    args = parser.parse_args(argv)
    for option in ("cap", "budget"):
        if getattr(args, option) < 1:
            parser.error(f"--{option}: expected 1 or more, got {getattr(args, option)}")
    try:
        found = packs(args.paths)
    except (FileNotFoundError, LevelError) as error:
        print(f"level_difficulty: {error}", file=sys.stderr)
        return 1
    if not found:
        print(f"level_difficulty: no valid level in {', '.join(args.paths)}", file=sys.stderr)
        return 1
    for pack, levels in found.items():
        rows = [Row(pack, number, level, measure_design(level, level.par, args.cap, args.budget))
                for number, level in enumerate(sorted(levels, key=lambda lv: lv.source), 1)]
        figures = [row.design.difficulty for row in rows]
        print(text_table(rows))
        print(f"{pack}: median difficulty {statistics.median(figures):.2f}, "
              f"{inversions(figures)} pair(s) out of order\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
