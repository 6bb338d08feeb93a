"""`coinland generate`: write interesting puzzle levels with a proved par."""

from __future__ import annotations

import argparse
import os
import re
from pathlib import Path

from game.cli.options import Choice, DataError, UsageError, int_range, path_text, seed
from game.cli.output import say
from game.coinland.generator import DIFFICULTIES, STYLES, Tightness, generate_levels, tight_levels
from game.coinland.levels import write_level
from game.hexgrid import MAX_SIZE, MIN_SIZE
from game.safeio import UnsafeInput, make_folder, read_text, show_name

MAX_COUNT = 1000  # levels one command writes at most
MAX_NODES = 10**9  # solver nodes per candidate at most


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--size", type=int_range(MIN_SIZE, MAX_SIZE), default=4,
                        help=f"board size {MIN_SIZE}..{MAX_SIZE} (default 4)")
    parser.add_argument("--count", type=int_range(1, MAX_COUNT), default=5,
                        help=f"how many levels, 1..{MAX_COUNT} (default 5)")
    parser.add_argument("--seed", type=seed, default=0,
                        help="seed, 0..2**63-1 (default 0); the same seed gives the same levels")
    parser.add_argument("--out", required=True, type=path_text, help="folder to write the level files into")
    parser.add_argument("--difficulty", type=Choice(list(DIFFICULTIES)), default="medium",
                        metavar="{" + ",".join(DIFFICULTIES) + "}",
                        help=_difficulty_help())
    parser.add_argument("--nodes", type=int_range(1, MAX_NODES), default=400_000,
                        help=f"solver nodes per candidate, 1..{MAX_NODES:,} (default 400,000); a node budget, "
                             "not seconds, keeps a seed's levels the same on any machine")
    tight = parser.add_argument_group("tight puzzles (docs/LEVELS.md, 'Generating tight puzzles')")
    tight.add_argument("--tight", action="store_true",
                       help="search for tight puzzles instead: few correct openings and walks, a large greedy gap")
    tight.add_argument("--openings", type=int_range(1, 50), default=1,
                       help="with --tight: at most this many first moves keep par, 1..50 (default 1)")
    tight.add_argument("--walks", type=int_range(1, 1000), default=10,
                       help="with --tight: at most this many decision-distinct optimal walks, 1..1000 (default 10)")
    tight.add_argument("--gap", type=int_range(0, 100), default=3,
                       help="with --tight: the greedy player falls at least this many coins short, 0..100 (default 3)")
    tight.add_argument("--lucky", type=int_range(0, 100), default=0,
                       help="with --tight: any greedy player, however it breaks ties, falls this many coins short, "
                            "0..100 (default 0)")
    tight.add_argument("--style", type=Choice(list(STYLES)), default="scatter",
                       metavar="{" + ",".join(STYLES) + "}",
                       help="with --tight: the boards the search starts from (default scatter)")


def _difficulty_help() -> str:
    """What each difficulty asks of a level, from the generator's own table."""
    parts = [f"{name}: {int(rules.densities[0] * 100)}-{int(rules.densities[1] * 100)}%% of edges gated, "
             f"greedy play at least {rules.min_greedy_gap} below par"
             for name, rules in DIFFICULTIES.items()]
    return "how hard the levels are (default medium); " + "; ".join(parts)


def run(args: argparse.Namespace) -> int:
    out = Path(args.out).expanduser().resolve()  # the folder the player named, through their links
    problem = _unwritable(out)
    if problem:
        raise UsageError(f"--out: expected a folder we can write into, got '{show_name(out)}' ({problem})")
    made = 0
    if args.tight:
        want = Tightness(args.openings, args.walks, args.gap, args.lucky)
        found = tight_levels(args.size, args.count, args.seed, want, args.nodes, style=args.style)
    else:
        found = generate_levels(args.size, args.count, args.seed, args.difficulty, args.nodes)
    for level in found:
        slug = re.sub(r"[^a-z0-9]+", "-", level.name.lower()).strip("-")
        path = out / f"{args.seed}-{made + 1:02d}-{slug}.toml"
        taken = _taken(path, level.to_toml())
        if taken:
            raise DataError(f"--out: {show_name(path)}: {taken}; it was left alone (choose another --out "
                            "or --seed)")
        try:
            write_level(level, path)
        except OSError as error:
            raise DataError(f"--out: {show_name(path)}: cannot write it ({error.strerror or error})") from None
        made += 1
        print(f"{show_name(path)}: par {level.par}, {level.coins} coins, purse {level.purse}, "
              f"{len(level.gates)} gates")
    if made < args.count:
        say("coinland generate", f"only {made} of {args.count} levels found interesting enough")
        return 1
    return 0


def _taken(path: Path, text: str) -> str:
    """Why `path` may not be (re)written with `text` ("" when it may): generate replaces only a file
    holding exactly the level it would write (the same seed run again), never a user's own file."""
    if not os.path.lexists(path):
        return ""
    try:
        if read_text(path, len(text.encode()) + 1, "level file") == text:
            return ""
    except UnsafeInput:
        pass
    return "a different file already has this name"


def _unwritable(out: Path) -> str:
    """Why levels cannot be written into `out` ("" when they can), found before any work."""
    if out.exists() and not out.is_dir():
        return "is a file, not a folder" if out.is_file() else "is a device, a pipe or a socket, not a folder"
    try:
        make_folder(out)
    except OSError as error:
        return f"cannot create the folder ({error.strerror or error})"
    if not os.access(out, os.W_OK):
        return "the folder is not writable"
    return ""
