"""`coinland solve LEVEL --json`: the best walk of a puzzle, with its proof status."""

from __future__ import annotations

import argparse
import json
import sys

from game.cli.options import int_range, number_range, path_text, seconds, seed
from game.coinland.levels import MAX_PURSE, LevelError, load_level
from game.hexgrid import MAX_SIZE, MIN_SIZE

DEFAULT_TIME_LIMIT = 60.0  # large random boards may take far longer to prove; 'none' waits


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("level", nargs="?", metavar="LEVEL", type=path_text, help="a level file")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--time-limit", type=seconds(allow_none=True), default=DEFAULT_TIME_LIMIT, metavar="S",
                        help=f"stop after S seconds with the best walk found (default {DEFAULT_TIME_LIMIT:g}; "
                             "'none': until proved)")
    parser.add_argument("--random", action="store_true", help="solve a generated board instead of a file")
    parser.add_argument("--size", type=int_range(MIN_SIZE, MAX_SIZE), default=4,
                        help=f"board size for --random, {MIN_SIZE}..{MAX_SIZE} (default 4)")
    parser.add_argument("--density", type=number_range(0.0, 1.0), default=0.3,
                        help="gate density for --random (0..1)")
    parser.add_argument("--seed", type=seed, default=0, help="seed for --random")
    parser.add_argument("--purse", type=int_range(0, MAX_PURSE), default=0,
                        help=f"starting purse for --random, 0..{MAX_PURSE}")


def run(args: argparse.Namespace) -> int:
    from game.coinland.solver import solve

    try:
        level = _random_level(args) if args.random else _file_level(args)
    except (LevelError, ValueError) as error:
        print(error, file=sys.stderr)
        return 1
    result = solve(level, time_limit=args.time_limit)
    if args.json:
        print(json.dumps(result.to_json_dict()))
    else:
        status = "optimal" if result.optimal else f"best found, bound {result.upper_bound}"
        print(f"{level.name}: score {result.score} ({status}) in {result.seconds:.3f} s, "
              f"{result.nodes} nodes")
        print("walk: " + " ".join(f"{q},{r}" for q, r in result.moves))
    return 0


def _file_level(args: argparse.Namespace):
    if not args.level:
        raise ValueError("solve: LEVEL: expected a level file (or --random)")
    return load_level(args.level)


def _random_level(args: argparse.Namespace):
    from game.coinland.generator import random_level

    if not 0.0 <= args.density <= 1.0:
        raise ValueError(f"solve: --density: expected a number from 0 to 1, got {args.density}")
    return random_level(args.size, args.density, args.seed, purse=args.purse)
