#!/usr/bin/env python3
"""Print, per level, which moves no greedy player makes its optimal walks need (issue 37).

    .venv/bin/python scripts/idea_moves.py [PATH ...] [--cap N]

A level no greedy player solves (a lucky gap of 1 or more) has in every optimal walk a move the
greedy player never makes. There are three: a toll paid while a free coin is open (`free`:
a free coin passed up), a move made when every move loses (`stall`: not stopping), and a toll
dearer than the cheapest one open (`dear`). For each level: how many optimal walks were
enumerated (up to --cap; `+` when cut short), how many contain each of the three, and which of
them every walk contains (what the level *requires*). docs/LEVELS.md, "The ideas", says what the
figures show. PATH: level files or folders (default: the shipped levels).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import LEVELS
from game.coinland.design_search import ParOracle, legal_moves
from game.coinland.levels import Level, LevelError, level_files, read_level
from game.coinland.solver_tables import tables

KINDS = ("free", "stall", "dear")


def walk_kinds(level: Level, cap: int) -> tuple[list[frozenset[str]], bool]:
    """The set of non-greedy move kinds of each optimal walk (at most `cap` walks), and whether the
    enumeration was cut short."""
    t = tables(level.size, frozenset(level.gates))
    oracle = ParOracle(t, level.par, frozenset(level.gates))
    found: list[frozenset[str]] = []

    def follow(cur: int, coins: int, purse: int, kinds: frozenset[str]) -> None:
        if purse >= level.par:
            found.append(kinds)
            return
        moves = legal_moves(t, cur, coins, purse)
        cheapest = moves[0][1] if moves else 0
        for j, fee, bit in moves:
            if len(found) >= cap:
                return
            if oracle.reaches(j, coins ^ bit, purse - fee + 1):
                kind = "stall" if cheapest >= 2 else ("free" if cheapest == 0 else "dear") if fee > cheapest else None
                follow(j, coins ^ bit, purse - fee + 1, kinds | {kind} if kind else kinds)

    follow(t.index[level.start], t.mask_of(level.initial_state().coins), level.purse, frozenset())
    return found, len(found) >= cap


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", metavar="PATH", help="level files or folders (default: the shipped levels)")
    parser.add_argument("--cap", type=int, default=2000, help="optimal walks to enumerate per level, 1..100000")
    args = parser.parse_args(argv)
    if not 1 <= args.cap <= 100_000:
        print(f"idea_moves: --cap: expected 1..100000, got {args.cap}", file=sys.stderr)
        return 2
    try:
        files = level_files(args.paths or [LEVELS])
    except LevelError as error:
        print(f"idea_moves: {error}", file=sys.stderr)
        return 2
    print(f"{'level':24} {'walks':>6} " + " ".join(f"{kind:>6}" for kind in KINDS) + "  every walk")
    status = 0
    for path in files:
        level, problems = read_level(path)
        if level is None or level.par is None:
            print(f"idea_moves: {problems[0] if problems else f'{path}: no par'}", file=sys.stderr)
            status = 1
            continue
        walks, capped = walk_kinds(level, args.cap)
        every = set(KINDS).intersection(*walks) if walks else set()
        counts = " ".join(f"{sum(kind in w for w in walks):>6}" for kind in KINDS)
        needs = ", ".join(sorted(every)) or "-"
        print(f"{level.name[:24]:24} {len(walks):>5}{'+' if capped else ' '} {counts}  {needs}")
    return status


if __name__ == "__main__":
    sys.exit(main())
