"""`coinland check PATH...`: validate level files and folders, one line per problem.

A level's `par`, when present, is checked against the solver: a par the solver proves
wrong is an error; a par it cannot settle within the time limit is reported as unverified.
"""

from __future__ import annotations

import argparse

from game.cli.options import DataError, path_text, seconds
from game.cli.output import escaped, say, to_stderr
from game.coinland.levels import Level, level_files, read_level
from game.safeio import show_name

CHECK_FILES = 20_000  # level files one check walks (a command line may take its time; a screen may not)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="+", metavar="PATH", type=path_text, help="level files or folders of them")
    parser.add_argument("--time-limit", type=seconds(allow_none=True), default=20.0, metavar="S",
                        help="seconds the solver may spend checking each par, above 0 and at most 86400 "
                             "(default 20; 'none': until proved)")
    parser.add_argument("--no-par", action="store_true", help="skip checking par with the solver")
    parser.add_argument("--quiet", "-q", action="store_true", help="print only problems")


def run(args: argparse.Namespace) -> int:
    notices: list[str] = []
    files = level_files(args.paths, notices, max_files=CHECK_FILES)
    for notice in notices:
        say("coinland check", f"note: {notice}")
    if not files:
        raise DataError(f"PATH: expected level files or folders holding some, got no .toml file in "
                        f"{' '.join(show_name(p) for p in args.paths)}")
    bad = 0
    for path in files:
        level, problems = read_level(path)
        if level is not None and level.par is not None and not args.no_par:
            problems = _par_problems(level, show_name(path), args.time_limit)
        for problem in problems:
            print(escaped(str(problem)))  # a file name may hold any byte: shown escaped, never raw
        if problems:
            bad += 1
        elif not args.quiet:
            print(f"{show_name(path)}: ok")
    say("coinland check", f"{len(files)} level file(s) checked, {bad} bad")
    return 1 if bad else 0


def _par_problems(level: Level, name: str, time_limit: float) -> list[str]:
    from game.coinland.solver import solve

    result = solve(level, time_limit=time_limit)
    par = level.par
    if result.optimal and result.score != par:
        return [f"{name}: par: expected {result.score} (the proved optimum), got {par}"]
    if result.score > par:  # type: ignore[operator]
        return [f"{name}: par: a walk scores {result.score}, so par {par} is too low"]
    if result.upper_bound < par:  # type: ignore[operator]
        return [f"{name}: par: no walk can score more than {result.upper_bound}, got {par}"]
    if not result.optimal:
        limit = "no limit" if time_limit is None else f"{time_limit:g} s"
        to_stderr(f"{name}: note: par {par} not proved within {limit} "
                  f"(best {result.score}, bound {result.upper_bound})")
    return []
