#!/usr/bin/env python3
"""Search for hard size-5 puzzle boards that every greedy player fails, whatever its tie-break.

    .venv/bin/python scripts/expert_search.py LEVEL [--seed S] [--steps N] [--target D]
        [--taken N] [--gates N] [--walks N] [--out FILE]

A seeded climb from `LEVEL` (a shipped board or a sketch), one or two random changes a step (a
gate added or taken away, a coin taken or put back, a move of the start cell). A candidate is
kept when its score is not lower than the current one's; the score, in order:

1. the proved lucky gap (game/coinland/lucky.py), up to 3: the campaign's promise from Medium on;
2. below it, minus the greedy lines that still reach the next target (lucky_climb.lucky_lines);
3. at the gap: the difficulty figure (design.py) up to `--target`, minus a penalty for more
   decision-distinct optimal walks than `--walks` (a loose board) and for every coin beyond
   what par needs (busywork: a long sweep of free coins decides nothing).

Boards with more than 2 first moves keeping par, a par the solver cannot prove, or more gates
than `--gates` are refused. Deterministic for a seed. It prints each improvement, then the
yield (the best board's measures) and the CPU time; `--out` writes the best board as a level
file for a person to name and judge.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.coinland.board_climb import NODE_LIMIT, Mutation, Point, Slack, climb, start_position
from game.coinland.board_templates import BoardError, bands_board, hoard_board, read_board, rooms_board
from game.coinland.design import reference_steps
from game.coinland.design_search import ParOracle, WalkCounter, greedy_walk, legal_moves
from game.coinland.levels import Level, write_level
from game.coinland.lucky import openings_keeping_par, proved_lucky_gap
from game.coinland.lucky_climb import lucky_lines
from game.coinland.solver import solve

WANT = 3
PROOF = 50_000  # the campaign's own proof budget: a board must be proved within it


def cheap_measures(level: Level, par: int) -> tuple[float, int]:
    """(difficulty figure, plain greedy gap) without the costly walk counts."""
    t, cur, coins, purse = start_position(level)
    oracle = ParOracle(t, par, frozenset(level.gates))
    steps = reference_steps(oracle, cur, coins, purse)
    bits = sum(step.bits for step in steps)
    gap = par - greedy_walk(t, cur, coins, purse)[0]
    return round(bits + 0.5 * gap + 0.1 * level.coins, 2), gap


def walk_count(level: Level, par: int, cap: int = 200) -> int:
    """Decision-distinct optimal walks, up to `cap` (what 60,000 positions found, when that ran out)."""
    t, cur, coins, purse = start_position(level)
    return WalkCounter(ParOracle(t, par, frozenset(level.gates)), cap, 60_000).count(cur, coins, purse).value


def score(level: Level, args) -> tuple | None:
    if len(level.gates) > args.gates:
        return None
    result = solve(level, node_limit=NODE_LIMIT)
    if not result.optimal or result.score <= level.purse + 5:
        return None
    par = result.score
    if openings_keeping_par(level, par) > 2:
        return None
    gap = proved_lucky_gap(level, par, WANT, args.proof)
    if gap < WANT:
        return (gap, -lucky_lines(level, par - gap, budget=args.lines), 0.0), par, None
    diff, _ = cheap_measures(level, par)
    walks = walk_count(level, par)
    free = free_moves(level, result.moves)
    value = min(diff, args.target) - args.walks_weight * max(0, walks - args.walks)
    value -= args.free_weight * max(0, free - args.free)
    return (gap, 0, round(value, 3)), par, (diff, walks, free)


def free_moves(level: Level, walk: list) -> int:
    """How many moves of `walk` cross no gate: a long run of them is a sweep that may decide nothing."""
    t, cur, coins, purse = start_position(level)
    free = 0
    for cell in walk:
        j, fee, bit = next(m for m in legal_moves(t, cur, coins, purse) if m[0] == t.index[cell])
        free += fee == 0
        cur, coins, purse = j, coins ^ bit, purse - fee + 1
    return free


def climb_from(level: Level, rng: random.Random, args, started: float) -> tuple:
    """One climb of `args.steps` from `level` (module text): the best board seen, with its
    score and measures; each better one is printed, and with `--out` written once at the gap."""
    mutate = Mutation(gate=0.7, coin=0.97, start=1.0, single=0.6, max_empty=args.taken)

    def scored(other: Level, _floor: tuple | None) -> Point | None:
        found = score(other, args)
        return None if found is None else Point(other, found, found[0])

    found = score(level, args)
    best = [Point(level, found, found[0] if found else (-1, -math.inf, 0.0))]

    def moved(step: int, point: Point) -> None:
        if point.key > best[0].key:
            s, par, measures = point.judged
            print(f"  step {step}: {s} par {par} {measures or ''} coins {point.level.coins} "
                  f"gates {len(point.level.gates)} {time.process_time() - started:.0f}s", flush=True)
            best[0] = point
            if args.out and s[0] >= WANT:
                write_level(replace(point.level, par=par), args.out)

    # now and then a board a little lower is kept, to leave a local best
    climb(best[0], rng, args.steps, scored, mutate, Slack(by=(0, 2.0, 0.5)), moved=moved)
    return best[0].key, best[0].level, best[0].judged


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("level", type=Path, nargs="?", help="climb from this board (default: random rooms)")
    parser.add_argument("--restarts", type=int, default=1)
    parser.add_argument("--sketch", choices=("rooms", "hoard", "bands"), default="rooms")
    parser.add_argument("--seed", default="0")
    parser.add_argument("--steps", type=int, default=600)
    parser.add_argument("--target", type=float, default=45.0)
    parser.add_argument("--taken", type=int, default=16, help="most empty cells")
    parser.add_argument("--gates", type=int, default=100)
    parser.add_argument("--walks", type=int, default=40)
    parser.add_argument("--free", type=int, default=30, help="free moves in the best walk before a penalty")
    parser.add_argument("--free-weight", type=float, default=0.3)
    parser.add_argument("--walks-weight", type=float, default=0.05)
    parser.add_argument("--lines", type=int, default=800)
    parser.add_argument("--proof", type=int, default=8000, help="proof budget in the climb (CI: cheap proofs)")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    try:
        given = read_board(args.level, "LEVEL") if args.level else None
    except BoardError as error:
        print(f"expert_search: {error}", file=sys.stderr)
        return 2
    started = time.process_time()
    rng = random.Random(args.seed)
    overall = None
    for restart in range(args.restarts):
        sketch = {"hoard": hoard_board, "bands": bands_board}.get(args.sketch, rooms_board)
        level = given if given is not None else sketch(rng)
        level = replace(level, par=None)
        print(f"restart {restart}", flush=True)
        got = climb_from(level, rng, args, started)
        if overall is None or got[0] > overall[0]:
            overall = got
    best_seen = overall
    s, best, found = best_seen
    print(f"yield: score {s} par {found[1] if found else '?'} measures {found[2] if found else '?'} "
          f"coins {best.coins} gates {len(best.gates)}; {time.process_time() - started:.1f} s CPU")
    if args.out and found:
        write_level(replace(best, par=found[1]), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
