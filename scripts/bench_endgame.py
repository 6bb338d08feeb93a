#!/usr/bin/env python3
"""What proving a Classic endgame costs, by coins left: the figures behind hard's endgame budget.

Positions come from seeded Classic matches in which every move is `greedy`'s or `normal`'s at
random (either alone replays one game): for each number of coins left, the first position of
each game that has that many (either side to move), from at most 1000 matches. Each is proved from
scratch (`game.coinland.ai.endgame`) and the nodes and CPU seconds are printed per coin count:
median and worst, and how many proofs finished within `--limit` nodes.
Usage: scripts/bench_endgame.py [--coins 8,10,12] [--games 10] [--size 4] [--limit 2000000]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from game.coinland import ClassicMatch
from game.coinland.ai import choose_action
from game.coinland.ai.endgame import Endgame, OutOfBudget
from game.coinland.ai.position import Pos
from game.coinland.state import State


def endgames(size: int, games: int, coins: set[int], seed: int = 0) -> dict[int, list[State]]:
    """Per coin count, one position from each of up to `games` seeded games."""
    rng = random.Random(seed)
    found: dict[int, list[State]] = {n: [] for n in coins}
    for _ in range(1000):
        if min(len(v) for v in found.values()) >= games:
            break
        match = ClassicMatch(size=size, first_hoarder=rng.randrange(2))
        game, seen = 0, set()
        while not match.is_over:
            if len(match.results) != game:
                game, seen = len(match.results), set()
            count = len(match.state.coins)
            if count in found and count not in seen and len(found[count]) < games:
                found[count].append(match.state)
                seen.add(count)
            match, _ = match.apply(choose_action(match.state, rng.choice(["greedy", "normal"]), rng))
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--coins", default="8,10,11,12", help="coins left, comma-separated")
    parser.add_argument("--games", type=int, default=10, help="positions per coin count")
    parser.add_argument("--size", type=int, default=4, help="board size (default 4)")
    parser.add_argument("--limit", type=int, default=2_000_000, help="nodes a proof may take")
    args = parser.parse_args()
    coins = sorted({int(n) for n in args.coins.split(",")})
    print(f"size {args.size}, {args.games} positions per count, proofs of at most {args.limit:,} nodes")
    print(f"{'coins':>5} {'proved':>7} {'nodes median':>13} {'worst':>10} {'cpu s median':>13} {'worst':>7}")
    for count, states in endgames(args.size, args.games, set(coins)).items():
        nodes, seconds, proved = [], [], 0
        for state in states:
            solver = Endgame(node_limit=args.limit)
            started = time.process_time()
            try:
                solver.value(Pos.from_state(state))
                proved += 1
            except OutOfBudget:
                pass
            seconds.append(time.process_time() - started)
            nodes.append(solver.nodes)
        print(f"{count:>5} {proved:>3}/{len(states):<3} {statistics.median(nodes):>13,.0f} {max(nodes):>10,} "
              f"{statistics.median(seconds):>13.2f} {max(seconds):>7.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
