"""`coinland generate`: write interesting puzzle levels with a proved par."""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from game.coinland.generator import DIFFICULTIES, generate_levels
from game.coinland.levels import write_level
from game.hexgrid import MAX_SIZE, MIN_SIZE


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--size", type=int, default=4, help=f"board size {MIN_SIZE}..{MAX_SIZE} (default 4)")
    parser.add_argument("--count", type=int, default=5, help="how many levels (default 5)")
    parser.add_argument("--seed", type=int, default=0, help="seed; the same seed gives the same levels")
    parser.add_argument("--out", required=True, help="folder to write the level files into")
    parser.add_argument("--difficulty", choices=sorted(DIFFICULTIES), default="medium")
    parser.add_argument("--nodes", type=int, default=400_000,
                        help="solver nodes per candidate (a node budget keeps seeds reproducible)")


def run(args: argparse.Namespace) -> int:
    if not MIN_SIZE <= args.size <= MAX_SIZE:
        print(f"generate: --size: expected {MIN_SIZE}..{MAX_SIZE}, got {args.size}", file=sys.stderr)
        return 2
    if args.count < 1:
        print(f"generate: --count: expected 1 or more, got {args.count}", file=sys.stderr)
        return 2
    out = Path(args.out)
    if out.exists() and not out.is_dir():
        print(f"generate: --out: {out} is a file, expected a folder", file=sys.stderr)
        return 2
    made = 0
    for level in generate_levels(args.size, args.count, args.seed, args.difficulty, args.nodes):
        slug = re.sub(r"[^a-z0-9]+", "-", level.name.lower()).strip("-")
        path = out / f"{args.seed}-{made + 1:02d}-{slug}.toml"
        write_level(level, path)
        made += 1
        print(f"{path}: par {level.par}, {level.coins} coins, purse {level.purse}, {len(level.gates)} gates")
    if made < args.count:
        print(f"generate: only {made} of {args.count} levels found interesting enough", file=sys.stderr)
        return 1
    return 0
