#!/usr/bin/env python3
"""Search size-4 Expert boards that no greedy player solves, whatever its tie-break.

    .venv/bin/python scripts/vault_search.py [--seed N] [--tries N] [--steps N]
        [--low 25] [--high 40] [--rooms 1 3] [--walks 50] [--from LEVEL] [--start LEVEL ...] [--out DIR]
    .venv/bin/python scripts/vault_search.py --strip LEVEL [--out FILE]

Climbs from the old boards fail (session 3: thousands of greedy lines one coin short of par),
so this search starts from a template that holds the promise by construction: one to three
*vaults* (the cells near a chosen centre) ringed by a *moat* of empty cells gated on both
sides, so every line into a vault crosses two gates and a greedy player (who never takes a
move that loses) never enters one. The rest of the board gets gates at random. A board is
kept when the proved lucky gap (game/coinland/lucky.py) is at least 3, our greedy player falls
at least 3 short, at most 2 first moves keep par and the decision-distinct optimal walks are
fewer than `--walks`; then a seeded climb toggles gates and coins (any of them, the moat's too,
so a vault may open into a room with one dear door) and keeps a change that stays within
those rules and brings the difficulty figure (design.py) nearer a target drawn from
[--low, --high], fewer walks and fewer gates breaking ties. Every board found is printed with
its figures and, with `--out`, written as a level file for a person to judge and name.
With `--start`, the climb goes on from the given boards instead of templates.
With `--from`, the vaults are laid over an old level's board (its start, coins and gates kept)
and the climb also counts each change from that board against a candidate, so a reworked level
stays as near its old board as the promise allows. Deterministic for a seed; prints its yield
and CPU time.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import dataclass, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.coinland.board_climb import Mutation, Point, climb, gates_of, prune, solved_par
from game.coinland.board_templates import BoardError, read_board, vault_board
from game.coinland.design import measure_design
from game.coinland.levels import Level, write_level
from game.coinland.lucky import openings_keeping_par, proved_lucky_gap


@dataclass(frozen=True)
class Found:
    level: Level
    par: int
    gap: int  # our greedy player's
    keep: int
    walks: int
    difficulty: float


def template(rng: random.Random, rooms: int, density: float, old: Level | None = None) -> Level:
    """A size-4 vault board (module text; game/coinland/board_templates.py)."""
    return vault_board(rng, rooms, density, old)


def judge(level: Level, walks_cap: int) -> Found | None:
    """The board's figures when it keeps every rule (module text), else None."""
    par = solved_par(level, 3)
    if par is None:
        return None
    if proved_lucky_gap(level, par, 3) < 3:
        return None
    keep = openings_keeping_par(level, par)
    if keep > 2 or keep == 0:
        return None
    # the lucky gap is proved above: the design measures need only our greedy player (one sample)
    design = measure_design(level, par, cap=walks_cap, budget=30_000, greedy_budget=1, samples=1)
    # greedy must be tempted for a while (five coins at least), not stopped by the first move
    if design.gap < 3 or design.walks.capped or design.greedy < level.purse + 5:
        return None
    return Found(level, par, design.gap, keep, design.walks.value, design.difficulty)


def changes(level: Level, old: Level | None) -> int:
    if old is None:
        return 0
    return len(level.gates ^ old.gates) + len(level.empty ^ old.empty)


def cost(found: Found, target: float, old: Level | None = None) -> float:
    return (abs(found.difficulty - target) + 0.05 * found.walks + 0.01 * len(found.level.gates)
            + 0.1 * changes(found.level, old) + 0.2 * max(0, len(found.level.empty) - 8))


# a gate toggled four times in five, else a coin taken or put back
mutate = Mutation(gate=0.8, coin=1.0)


def search(seed: int, tries: int, steps: int, low: float, high: float, rooms: tuple[int, int],
           walks_cap: int, out: Path | None, old: Level | None = None, starts: tuple[Level, ...] = ()) -> int:
    rng = random.Random(f"expert-search:{seed}")
    found = 0
    for attempt in range(len(starts) or tries):
        base = starts[attempt] if starts else template(rng, rng.randint(*rooms), rng.uniform(0.15, 0.45), old)
        current = judge(base, walks_cap)
        if current is None:
            continue
        target = rng.uniform(low, high)

        def scored(level: Level, _floor: tuple | None, target: float = target) -> Point | None:
            found = judge(level, walks_cap)
            return None if found is None else Point(level, found, (-cost(found, target, old),))

        f = climb(scored(current.level, None), rng, steps, scored, mutate).judged
        found += 1
        name = f"s{seed}-t{attempt}"
        print(f"{name}: par {f.par} coins {f.level.coins} gates {len(f.level.gates)} greedy gap {f.gap} "
              f"openings {f.keep} walks {f.walks} difficulty {f.difficulty:.2f} (target {target:.1f}) "
              f"changes {changes(f.level, old)} "
              f"cpu {time.process_time():.0f}s", flush=True)
        if out is not None:
            out.mkdir(parents=True, exist_ok=True)
            write_level(replace(f.level, name=name, par=f.par), out / f"{name}.toml")
    return found


def strip(level: Level, walks_cap: int, slack: float = 0.5) -> Level:
    """`level` without every gate whose removal keeps every rule, par and the solver's tolls,
    and moves the difficulty figure by at most `slack` (gates no solution needs are noise)."""
    found = judge(level, walks_cap)
    if found is None:
        raise ValueError(f"{level.name}: the board breaks a rule before stripping")

    def keep(point: Point, other: Level) -> Point | None:
        was, now = point.judged, judge(other, walks_cap)
        if (now is not None and now.par == was.par and now.walks <= max(was.walks, 10)
                and abs(now.difficulty - was.difficulty) <= slack):
            return Point(now.level, now, ())
        return None

    return prune(Point(found.level, found, ()), gates_of, keep, again=False).level


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tries", type=int, default=20)
    parser.add_argument("--steps", type=int, default=200)
    parser.add_argument("--low", type=float, default=25.0)
    parser.add_argument("--high", type=float, default=40.0)
    parser.add_argument("--rooms", type=int, nargs=2, default=(1, 3))
    parser.add_argument("--walks", type=int, default=50)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--from", dest="old", type=Path, help="lay the vaults over this level's board")
    parser.add_argument("--strip", type=Path, help="only take the gates no solution needs off this level")
    parser.add_argument("--start", type=Path, nargs="+", default=[], help="climb on from these boards, no template")
    args = parser.parse_args(argv)
    try:
        level = read_board(args.strip, "--strip") if args.strip is not None else None
        old = read_board(args.old, "--from") if args.old is not None else None
        starts = [replace(read_board(path, "--start"), par=None) for path in args.start]
    except BoardError as error:
        print(f"vault_search: {error}", file=sys.stderr)
        return 2
    if level is not None:
        try:
            stripped = strip(level, args.walks)
        except ValueError as error:
            print(f"vault_search: --strip: {error}", file=sys.stderr)
            return 1
        print(f"{level.name}: {len(level.gates)} -> {len(stripped.gates)} gates")
        if args.out is not None:
            write_level(stripped, args.out)
        return 0
    started = time.process_time()
    found = search(args.seed, args.tries, args.steps, args.low, args.high, tuple(args.rooms), args.walks,
                   args.out, old, tuple(starts))
    print(f"yield: {found} boards from {args.tries} templates in {time.process_time() - started:.0f}s CPU")
    return 0


if __name__ == "__main__":
    sys.exit(main())
