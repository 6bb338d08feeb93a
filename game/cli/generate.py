"""`coinland generate`: write interesting puzzle levels with a proved par."""

from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path

from game.cli.options import int_range, path_text, seed
from game.coinland.generator import DIFFICULTIES, STYLES, Tightness, generate_levels, tight_levels
from game.coinland.levels import write_level
from game.hexgrid import MAX_SIZE, MIN_SIZE
from game.safeio import make_folder, show_name


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--size", type=int_range(MIN_SIZE, MAX_SIZE), default=4,
                        help=f"board size {MIN_SIZE}..{MAX_SIZE} (default 4)")
    parser.add_argument("--count", type=int_range(1, 1000), default=5, help="how many levels (default 5)")
    parser.add_argument("--seed", type=seed, default=0, help="seed; the same seed gives the same levels")
    parser.add_argument("--out", required=True, type=path_text, help="folder to write the level files into")
    parser.add_argument("--difficulty", choices=sorted(DIFFICULTIES), default="medium")
    parser.add_argument("--nodes", type=int_range(1, 10**9), default=400_000,
                        help="solver nodes per candidate (a node budget keeps seeds reproducible)")
    tight = parser.add_argument_group("tight puzzles (docs/LEVELS.md, 'Generating tight puzzles')")
    tight.add_argument("--tight", action="store_true",
                       help="search for tight puzzles instead: few correct openings and walks, a large greedy gap")
    tight.add_argument("--openings", type=int_range(1, 50), default=1,
                       help="with --tight: at most this many first moves keep par (default 1)")
    tight.add_argument("--walks", type=int_range(1, 1000), default=10,
                       help="with --tight: at most this many decision-distinct optimal walks (default 10)")
    tight.add_argument("--gap", type=int_range(0, 100), default=3,
                       help="with --tight: the greedy player falls at least this many coins short (default 3)")
    tight.add_argument("--lucky", type=int_range(0, 100), default=0,
                       help="with --tight: any greedy player, however it breaks ties, falls this many coins short "
                            "(default 0)")
    tight.add_argument("--style", choices=STYLES, default="scatter",
                       help="with --tight: the boards the search starts from (default scatter)")


def run(args: argparse.Namespace) -> int:
    out = Path(args.out).expanduser().resolve()  # the folder the player named, through their links
    problem = _unwritable(out)
    if problem:
        print(f"generate: --out: {show_name(out)}: {problem}", file=sys.stderr)
        return 2
    made = 0
    if args.tight:
        want = Tightness(args.openings, args.walks, args.gap, args.lucky)
        found = tight_levels(args.size, args.count, args.seed, want, args.nodes, style=args.style)
    else:
        found = generate_levels(args.size, args.count, args.seed, args.difficulty, args.nodes)
    for level in found:
        slug = re.sub(r"[^a-z0-9]+", "-", level.name.lower()).strip("-")
        path = out / f"{args.seed}-{made + 1:02d}-{slug}.toml"
        try:
            write_level(level, path)
        except OSError as error:
            print(f"generate: --out: {show_name(path)}: cannot write it ({error.strerror or error})", file=sys.stderr)
            return 1
        made += 1
        print(f"{path}: par {level.par}, {level.coins} coins, purse {level.purse}, {len(level.gates)} gates")
    if made < args.count:
        print(f"generate: only {made} of {args.count} levels found interesting enough", file=sys.stderr)
        return 1
    return 0


def _unwritable(out: Path) -> str:
    """Why levels cannot be written into `out` ("" when they can), found before any work."""
    if out.exists() and not out.is_dir():
        return "is a file, expected a folder"
    try:
        make_folder(out)
    except OSError as error:
        return f"cannot create the folder ({error.strerror or error})"
    if not os.access(out, os.W_OK):
        return "the folder is not writable"
    return ""
