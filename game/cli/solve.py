"""`coinland solve LEVEL --json`: the best walk of a puzzle, with its proof status."""

from __future__ import annotations

import argparse
import json
import sys

from game.coinland.levels import LevelError, load_level


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("level", nargs="?", metavar="LEVEL", help="a level file")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--time-limit", type=float, default=None, metavar="S",
                        help="stop after S seconds with the best walk found")
    parser.add_argument("--random", action="store_true", help="solve a generated board instead of a file")
    parser.add_argument("--size", type=int, default=4, help="board size for --random (default 4)")
    parser.add_argument("--density", type=float, default=0.3, help="gate density for --random (0..1)")
    parser.add_argument("--seed", type=int, default=0, help="seed for --random")
    parser.add_argument("--purse", type=int, default=0, help="starting purse for --random")


def run(args: argparse.Namespace) -> int:
    from game.coinland.solver import solve

    if args.time_limit is not None and args.time_limit <= 0:
        print("solve: --time-limit: expected a positive number of seconds", file=sys.stderr)
        return 2
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
