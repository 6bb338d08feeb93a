#!/usr/bin/env python3
"""Search new puzzle boards that no greedy player can solve, in a band of difficulty.

    .venv/bin/python scripts/lucky_search.py --size 4 --seed 1 --tries 20 --band 15,24 --out /tmp/found

Each try draws a random board (gates strewn at a random density, a few cells without a coin, a
random start and purse) and climbs from it one or two changes at a time (a gate added or taken
away, a coin taken or put back, now and then the start moved or the purse changed), keeping a
change whose score is not lower. The score, in order:

1. the proved lucky gap (game/coinland/lucky.py), up to `--gap`: what every greedy player,
   whatever its tie-break, falls short of par;
2. the greedy lines still reaching the next score, and first moves keeping par beyond
   `--openings` (each such opening counts as 20 lines): what the climb must take away;
3. once the gap is proved: decision-distinct optimal walks beyond `--walks`, then the distance
   of the difficulty figure (game/coinland/design.py) from `--band`, then fewer gates.

Every board that meets every target is written to `--out` (named by seed, try and step), with
its measures on one line of the output. A board found is a candidate, not a level: a person
still names its idea, checks it with `coinland levels --explain --draw` and writes its hint.
Seeded: the same options give the same boards on any machine; the output ends with the yield
(boards found per try) and the CPU seconds per board found.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import dataclass, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.coinland.board_climb import Mutation, Point, Slack, climb, gates_of, prune, solved_par, start_position
from game.coinland.board_templates import BoardError, random_board, read_board
from game.coinland.design import COIN_WEIGHT, GAP_WEIGHT, reference_steps
from game.coinland.design_search import ParOracle, WalkCounter, greedy_walk, legal_moves
from game.coinland.level_key import level_key
from game.coinland.levels import Level
from game.coinland.lucky import proved_lucky_gap
from game.coinland.lucky_climb import lucky_lines

WALK_CAP = 200
WALK_BUDGET = 10_000
LINES_BUDGET = 800
PROOF_BUDGET = 5_000  # a lucky-gap proof cut short counts as not proved: the climb stays sound, only slower


@dataclass(frozen=True)
class Target:
    gap: int
    openings: int
    walks: int
    low: float
    high: float
    min_coins: int = 0
    max_gates: int = 90
    detours: int = 1
    stalls: int = 99  # at most this many losses taken where every move loses (a greedy player's stop)


@dataclass(frozen=True)
class Judged:
    par: int
    gap: int  # proved lucky gap, up to the target
    greedy: int
    keep: int
    legal: int
    walks: int  # decision-distinct optimal walks (WALK_CAP when capped)
    detours: int  # moves of the reference walk that no greedy player makes
    stalls: int  # of those, losses taken where every move loses: a greedy player stops there
    difficulty: float
    score: tuple

    def ok(self, target: Target) -> bool:
        return (self.gap >= target.gap and self.detours >= target.detours and self.stalls <= target.stalls
                and self.keep <= target.openings
                and self.walks <= target.walks
                and target.low <= self.difficulty <= target.high)


def judge(level: Level, target: Target) -> Judged | None:
    if level.coins < target.min_coins or len(level.gates) > target.max_gates:
        return None
    par = solved_par(level, 2)
    if par is None:
        return None
    t, cur, coins, purse = start_position(level)
    oracle = ParOracle(t, par, frozenset(level.gates))
    moves = legal_moves(t, cur, coins, purse)
    keep = sum(oracle.reaches(j, coins ^ bit, purse - fee + 1) for j, fee, bit in moves)
    gap = proved_lucky_gap(level, par, target.gap, budget=PROOF_BUDGET)
    greedy = greedy_walk(t, cur, coins, purse)[0]
    excess = 20 * max(0, keep - target.openings)
    if gap < target.gap:
        lines = lucky_lines(level, par - gap, budget=LINES_BUDGET)
        return Judged(par, gap, greedy, keep, len(moves), WALK_CAP, 0, 0, 0.0, (gap, -float(lines + excess)))
    walks = WalkCounter(oracle, WALK_CAP, WALK_BUDGET).count(cur, coins, purse)
    count = WALK_CAP if walks.capped else walks.value
    steps = reference_steps(oracle, cur, coins, purse)
    bits = sum(step.bits for step in steps)
    detours = sum(step.detour for step in steps)
    stalls = sum(step.detour and not step.obvious for step in steps)
    difficulty = round(bits + GAP_WEIGHT * (par - greedy) + COIN_WEIGHT * level.coins, 2)
    off = max(0.0, target.low - difficulty, difficulty - target.high)
    score = (gap, -float(excess), -max(0, target.detours - detours) - max(0, stalls - target.stalls),
             -max(0, count - target.walks), -off,
             -len(level.gates))
    return Judged(par, gap, greedy, keep, len(moves), count, detours, stalls, difficulty, score)


# a gate toggled three times in four, on the solver's walk three times in ten; now and then the
# start moved onto a coin or the purse changed
mutate = Mutation(gate=0.75, coin=0.93, start=0.97, walked=0.3)


def _point(level: Level, target: Target) -> Point | None:
    got = judge(level, target)
    return None if got is None else Point(level, got, got.score)


def search(size: int, seed: int, tries: int, steps: int, target: Target, out: Path | None,
           start: Level | None = None, keep_last: bool = False) -> tuple[int, int]:
    """`tries` climbs of `steps` changes each, from random boards or from `start`; every board
    that meets `target` is printed and written to `out`, and with `keep_last` the board each climb
    ends on too (a climb aimed above its reach still ends on a board worth a look). Returns
    (boards found, boards judged)."""
    rng = random.Random(f"lucky-search:{size}:{seed}")
    found: set[str] = set()
    judged = 0
    for attempt in range(tries):
        current = None
        for _draw in range(20):  # a board without a par worth playing is drawn again
            level = start if start is not None else random_board(size, rng, f"s{seed}t{attempt}")
            current = judge(level, target)
            judged += 1
            if current is not None:
                break
        if current is None:
            continue
        best = near = None

        def moved(_step: int, point: Point) -> None:
            nonlocal best, near
            if point.judged.ok(target):
                best = (point.level, point.judged)
            elif point.judged.ok(replace(target, detours=min(1, target.detours))):
                near = (point.level, point.judged)

        def scored(other: Level, _floor: tuple | None) -> Point | None:
            nonlocal judged
            judged += 1
            return _point(other, target)

        # below the gap, now and then a few more lucky lines are taken to leave a local best
        end = climb(Point(level, current, current.score), rng, steps, scored, mutate,
                    Slack(by=(0, 2.0), early=False, below=target.gap), walked=True, moved=moved)
        current = end.judged
        if keep_last and out is not None:
            out.mkdir(parents=True, exist_ok=True)
            (out / f"s{seed}t{attempt}last.toml").write_text(
                replace(end.level, name=f"s{seed}t{attempt}last", par=current.par).to_toml())
        if best is None and near is not None:  # all but the detours wanted: worth a look
            best = near
        if best is not None:
            level, got = polish(best[0], best[1], target)
            key = level_key(level)
            if key not in found:
                found.add(key)
                name = f"s{seed}t{attempt}"
                print(f"FOUND {name} par {got.par} greedy {got.greedy} lucky>={got.gap} open {got.keep}/{got.legal} "
                      f"walks {got.walks} detours {got.detours} stalls {got.stalls} diff {got.difficulty} "
                      f"coins {level.coins} gates {len(level.gates)} purse {level.purse}", flush=True)
                if out is not None:
                    out.mkdir(parents=True, exist_ok=True)
                    (out / f"{name}.toml").write_text(replace(level, name=name, par=got.par).to_toml())
        print(f"try {attempt}: best {current.score[:3]} diff {current.difficulty} walks {current.walks}", flush=True)
    return len(found), judged


def polish(level: Level, got: Judged, target: Target) -> tuple[Level, Judged]:
    """`level` without every gate whose removal keeps par and every target: the walls left
    are the ones the puzzle needs (no gate spam)."""
    def keep(point: Point, other: Level) -> Point | None:
        again = _point(other, target)
        kept = again is not None and again.judged.par == point.judged.par and again.judged.ok(target)
        return again if kept else None

    end = prune(Point(level, got, got.score), gates_of, keep)
    return end.level, end.judged


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=4, choices=(3, 4, 5))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--tries", type=int, default=5)
    parser.add_argument("--steps", type=int, default=600, help="changes tried per board (600)")
    parser.add_argument("--gap", type=int, default=3, help="proved lucky gap wanted (3)")
    parser.add_argument("--openings", type=int, default=2, help="at most this many openings keep par (2)")
    parser.add_argument("--walks", type=int, default=40, help="at most this many decision-distinct walks (40)")
    parser.add_argument("--band", default="14.4,24", help="difficulty band low,high (14.4,24)")
    parser.add_argument("--detours", type=int, default=1, help="at least this many moves no greedy player makes (1)")
    parser.add_argument("--stalls", type=int, default=99,
                        help="at most this many losses where every move loses, the greedy player's stop (99)")
    parser.add_argument("--min-coins", type=int, default=0, help="at least this many coins (0)")
    parser.add_argument("--max-gates", type=int, default=90, help="at most this many gates (90)")
    parser.add_argument("--start", type=Path, default=None, help="climb from this level file, not random boards")
    parser.add_argument("--out", type=Path, default=None, help="folder for the boards found")
    parser.add_argument("--keep-last", action="store_true",
                        help="also write the board each climb ends on to --out, found or not")
    args = parser.parse_args(argv)
    low, high = (float(x) for x in args.band.split(","))
    target = Target(args.gap, args.openings, args.walks, low, high, args.min_coins, args.max_gates, args.detours,
                    args.stalls)
    started = time.process_time()
    start = None
    if args.start is not None:
        try:
            start = replace(read_board(args.start, "--start"), par=None)
        except BoardError as error:
            print(f"lucky_search: {error}", file=sys.stderr)
            return 2
        args.size = start.size
    count, judged = search(args.size, args.seed, args.tries, args.steps, target, args.out, start,
                           args.keep_last)
    cpu = time.process_time() - started
    per = f"{cpu / count:.1f} s of CPU per board" if count else "no board found"
    print(f"size {args.size} seed {args.seed}: {count} boards in {args.tries} tries, {judged} judged, "
          f"{cpu:.1f} s of CPU, {per}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
