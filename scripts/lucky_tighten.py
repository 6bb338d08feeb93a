#!/usr/bin/env python3
"""Propose, for levels that some greedy player solves, gates and coin removals that take the
lucky greedy lines away and leave par and one optimal walk as they were.

    .venv/bin/python scripts/lucky_tighten.py [PATH ...] [--gap N] [--easy-gap N] [--changes N] [--out DIR]

For each level (the shipped campaign by default) whose lucky gap (game/coinland/lucky.py) is
below its pack's promise (`--easy-gap` for Easy, default 1; `--gap` from Medium on, default 3;
the Tutorial is left alone), the solver's walk is kept and `lucky_tighten` climbs: each change
(a gate on an edge the walk never crosses, a coin taken from a cell it never lands on) is
printed with the proved lucky gap it reaches. With `--out`, the changed level files are
written there under their pack folder, for a person to judge: a proposal is not yet a level
(its hint must still say what the board shows).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import LEVELS
from game.coinland.levels import LevelError, level_files, read_level, write_level
from game.coinland.lucky import detour_walks, lucky_tighten, proved_lucky_gap


def promise(path: Path, easy: int, hard: int) -> int:
    pack = path.parent.name
    if pack.startswith("1-"):
        return 0
    return easy if pack.startswith("2-") else hard


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="*", type=Path, default=[LEVELS])
    parser.add_argument("--gap", type=int, default=3)
    parser.add_argument("--easy-gap", type=int, default=1)
    parser.add_argument("--changes", type=int, default=5)
    parser.add_argument("--walks", type=int, default=6)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    for path in level_files(args.paths):
        level, problems = read_level(path)
        if level is None:
            raise LevelError(str(problems[0]))
        want = promise(Path(path), args.easy_gap, args.gap)
        par = level.par
        before = proved_lucky_gap(level, par, max(want, 1))
        if before >= want:
            continue
        started = time.process_time()
        new, made, after = level, [], before
        for walk in detour_walks(level, par, args.walks):
            other, changes = lucky_tighten(level, walk, par, want, args.changes)
            gap = proved_lucky_gap(other, par, want)
            if (gap, -len(changes)) > (after, -len(made)):
                new, made, after = other, changes, gap
        print(f"{Path(path).parent.name}/{Path(path).name}: {level.name} par {par} lucky gap {before} -> {after} "
              f"(want {want}) changes {[(k, [list(c) for c in v] if k == 'gate' else list(v)) for k, v in made]} "
              f"{time.process_time() - started:.1f}s", flush=True)
        if args.out and made:
            target = args.out / Path(path).parent.name / Path(path).name
            target.parent.mkdir(parents=True, exist_ok=True)
            write_level(new, target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
