"""`coinland solve LEVEL --json`: the best walk of a puzzle, with its proof status."""

from __future__ import annotations

import argparse
import json

from game.cli.options import DataError, UsageError, expected, int_range, number_range, path_text, seconds, seed
from game.coinland.levels import MAX_PURSE, LevelError, load_level
from game.hexgrid import MAX_SIZE, MIN_SIZE

DEFAULT_TIME_LIMIT = 60.0  # large random boards may take far longer to prove; 'none' waits
RANDOM_DEFAULTS = {"size": 4, "density": 0.3, "seed": 0, "purse": 0}  # the --random board's options


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("level", nargs="?", metavar="LEVEL", type=path_text, help="a level file")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--time-limit", type=seconds(allow_none=True), default=DEFAULT_TIME_LIMIT, metavar="S",
                        help=f"stop after S seconds with the best walk found, above 0 and at most 86400 "
                             f"(default {DEFAULT_TIME_LIMIT:g}; 'none': until proved)")
    parser.add_argument("--random", action="store_true",
                        help="solve a generated board instead of a file (then no LEVEL)")
    # None: not given, so giving one without --random is refused rather than silently ignored
    parser.add_argument("--size", type=int_range(MIN_SIZE, MAX_SIZE), default=None,
                        help=f"board size for --random, {MIN_SIZE}..{MAX_SIZE} (default {RANDOM_DEFAULTS['size']})")
    parser.add_argument("--density", type=number_range(0.0, 1.0), default=None,
                        help=f"share of edges gated for --random, 0..1 (default {RANDOM_DEFAULTS['density']})")
    parser.add_argument("--seed", type=seed, default=None, help="seed for --random, 0..2**63-1 (default 0)")
    parser.add_argument("--purse", type=int_range(0, MAX_PURSE), default=None,
                        help=f"starting purse for --random, 0..{MAX_PURSE} (default 0)")


def run(args: argparse.Namespace) -> int:
    from game.coinland.solver import solve

    level = _random_level(args) if args.random else _file_level(args)
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
    given = [f"--{name}" for name in RANDOM_DEFAULTS if getattr(args, name) is not None]
    if given:
        raise UsageError(f"{given[0]}: expected only with --random, got it with "
                         f"{'LEVEL ' + repr(args.level) if args.level else 'no --random'}")
    if not args.level:
        raise UsageError("LEVEL: expected a level file (or --random), got none")
    try:
        return load_level(args.level)
    except LevelError as error:
        raise DataError(str(error)) from None


def _random_level(args: argparse.Namespace):
    from game.coinland.generator import random_level

    if args.level:
        raise expected("--random", "no LEVEL (it solves a generated board)", args.level)
    options = {name: RANDOM_DEFAULTS[name] if getattr(args, name) is None else getattr(args, name)
               for name in RANDOM_DEFAULTS}
    return random_level(options["size"], options["density"], options["seed"], purse=options["purse"])
