#!/usr/bin/env python3
"""Fit hard's Classic weights: what a Hoarder's free rays, free moves and open pairs are worth.

The Classic evaluation (`game.coinland.ai.evaluation.mobility_value`) scores the Hoarder's
purse plus what the board promises her. This script measures that promise: it plays seeded
`normal` self-play games (each opens with 2 to 6 random plies, so no two are alike), and at
every position with the Gatekeeper to move records her free rays (up to two), her free moves,
the board's open pairs per coin left, and what she went on to gain by the end. The weights are
the least-squares fit of that gain, compared within one count of coins left (a search compares
positions the same number of plies deep, which hold the same number of coins). `hard`'s
`Mobility(ray=0.47, pairs=2.0)` in `players.py` came from this procedure over 1200 games (32,605
positions: ray 0.466, move 0.023, pairs 2.03); 60 games (74 s on one core) give 0.47, 0.02 and 2.3.
Usage: scripts/fit_classic_weights.py [--games 1200] [--size 4] [--workers 2]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import defaultdict
from contextlib import closing

from game.coinland import apply, new_classic
from game.coinland.ai import make_agent
from game.coinland.ai.evaluation import open_pairs
from game.coinland.ai.greedy import mobility
from game.coinland.ai.position import Pos
from game.coinland.ai.tournament import random_plies
from game.coinland.state import GATEKEEPER, HOARDER
from game.processes import run_ordered, worker_count

FEATURES = ("ray", "move", "pairs")  # the Mobility fields fitted


def features(pos: Pos) -> tuple[float, ...]:
    """Free rays up to two, free moves, open pairs per coin left: what `mobility_value` weighs."""
    _, moves, rays = mobility(pos, HOARDER)
    return float(min(rays, 2)), float(moves), open_pairs(pos.geo, pos.coins, pos.gates[1]) / pos.coins.bit_count()


def self_play(job: tuple[int, int]) -> list[tuple[int, tuple[float, ...], int]]:
    """(coins left, features, coins the Hoarder gained after it) at each Gatekeeper turn of one game."""
    seed, size = job
    rng, state = random.Random(seed), new_classic(size)
    for action in random_plies(state, rng, 2 + seed % 5):
        state = apply(state, action)[0]
    normal, seen = make_agent("normal"), []
    while not state.is_over:
        pos = Pos.from_state(state)
        if state.to_move == GATEKEEPER and not pos.ended and pos.coins:
            seen.append((pos.coins.bit_count(), features(pos), pos.purses[HOARDER]))
        state = apply(state, normal.choose(state, rng))[0]
    final = state.purses[HOARDER]
    return [(coins, x, final - purse) for coins, x, purse in seen]


def within_groups(rows: list[tuple[int, tuple[float, ...], int]]) -> tuple[list[list[float]], list[float]]:
    """Features and gains minus their means among positions with the same number of coins left."""
    groups: dict[int, list[int]] = defaultdict(list)
    for index, (coins, _, _) in enumerate(rows):
        groups[coins].append(index)
    xs: list[list[float]] = [[] for _ in rows]
    ys = [0.0] * len(rows)
    for members in groups.values():
        mean_x = [sum(rows[i][1][k] for i in members) / len(members) for k in range(len(FEATURES))]
        mean_y = sum(rows[i][2] for i in members) / len(members)
        for i in members:
            xs[i] = [rows[i][1][k] - mean_x[k] for k in range(len(FEATURES))]
            ys[i] = rows[i][2] - mean_y
    return xs, ys


def least_squares(xs: list[list[float]], ys: list[float]) -> list[float]:
    """The weights minimising the squared error, by Gaussian elimination on the normal equations."""
    n = len(FEATURES)
    a = [[sum(x[i] * x[j] for x in xs) for j in range(n)] + [sum(x[i] * y for x, y in zip(xs, ys, strict=True))]
         for i in range(n)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        if abs(a[pivot][col]) < 1e-9:  # a feature never varied (too few games): no single best fit
            raise ValueError(f"{FEATURES[col]} never varied within a coin count")
        a[col], a[pivot] = a[pivot], a[col]
        for row in range(n):
            if row != col:
                factor = a[row][col] / a[col][col]
                a[row] = [v - factor * p for v, p in zip(a[row], a[col], strict=True)]
    return [a[i][n] / a[i][i] for i in range(n)]


def explained(xs: list[list[float]], ys: list[float], weights: list[float]) -> float:
    """The share of the gains' variance (within coin counts) the weights account for."""
    residual = sum((y - sum(w * v for w, v in zip(weights, x, strict=True))) ** 2 for x, y in zip(xs, ys, strict=True))
    return 1 - residual / sum(y * y for y in ys)


def scaled_fit(xs: list[list[float]], ys: list[float], weights: list[float]) -> float:
    """The share of variance the best multiple of `weights` accounts for (their squared correlation)."""
    guesses = [sum(w * v for w, v in zip(weights, x, strict=True)) for x in xs]
    product = sum(g * y for g, y in zip(guesses, ys, strict=True))
    return product * product / (sum(g * g for g in guesses) * sum(y * y for y in ys))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1200, help="self-play games (default 1200)")
    parser.add_argument("--size", type=int, default=4, help="board size (default 4)")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    args = parser.parse_args()
    if args.games < 1 or not 2 <= args.size <= 6 or args.workers < 1:
        parser.error("--games and --workers must be positive and --size 2 to 6")
    started = time.perf_counter()
    jobs = ((s, args.size) for s in range(args.games))  # capped, lazy workers that end with us (game.processes)
    with closing(run_ordered(self_play, jobs, worker_count(args.workers, args.games))) as games:
        rows = [row for game in games for row in game]
    xs, ys = within_groups(rows)
    try:
        weights = least_squares(xs, ys)
    except ValueError as error:
        print(f"fit_classic_weights: {args.games} games give too few positions to fit ({error}); "
              "play more games", file=sys.stderr)
        return 1
    print(f"{args.games} games, {len(rows)} positions with the Gatekeeper to move, "
          f"{time.perf_counter() - started:.0f} s")
    print("fitted:", ", ".join(f"{name} {w:.3f}" for name, w in zip(FEATURES, weights, strict=True)),
          f"(explains {explained(xs, ys, weights):.0%} of the variance within coin counts)")
    print(f"normal's weights (ray 0.1, move 0.02, pairs 0.2), at their best scale, explain "
          f"{scaled_fit(xs, ys, [0.1, 0.02, 0.2]):.0%}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
