#!/usr/bin/env python3
"""What proving a Duel endgame costs: the figures behind hard's Duel proofs (issue #34 item 3).

Positions come from seeded Duels in which every action is `greedy`'s or `normal`'s at random: the
positions of each game from the first one where every move of both Hoarders costs, every few
plies. Each is proved from scratch (`game.coinland.ai.duel_endgame`); the nodes and CPU seconds
are printed by how many free edges a move can still cross (the gates the proof must try): median
and worst, and how many proofs finished within `--limit` nodes.
Usage: scripts/bench_duel_endgame.py [--games 20] [--size 4] [--limit 300000] [--every 6]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from game.coinland import apply, new_duel, waiting
from game.coinland.ai import choose_action
from game.coinland.ai.duel_endgame import DuelEndgame
from game.coinland.ai.endgame import OutOfBudget
from game.coinland.ai.position import Pos
from game.coinland.ai.waits import crossable
from game.coinland.state import State


def positions(size: int, games: int, every: int, seed: int = 0) -> list[State]:
    """From each seeded game, every `every`-th position once every move costs (at most 8 coins left)."""
    found = []
    for number in range(games):
        rng = random.Random(f"duel-endgame:{seed}:{number}")
        state = new_duel(size, first=number % 2)
        since = None
        while not state.is_over:
            if since is None and len(state.coins) <= 8 and waiting(state).every_move_costs:
                since = state.ply
            if since is not None and (state.ply - since) % every == 0:
                found.append(state)
            state = apply(state, choose_action(state, rng.choice(["greedy", "normal"]), rng))[0]
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="seeded games to take positions from")
    parser.add_argument("--size", type=int, default=4, help="board size (default 4)")
    parser.add_argument("--limit", type=int, default=300_000, help="nodes a proof may take")
    parser.add_argument("--every", type=int, default=6, help="plies between positions taken from one game")
    args = parser.parse_args()
    buckets: dict[int, list[tuple[int, float, bool]]] = {}
    for state in positions(args.size, args.games, args.every):
        pos = Pos.from_state(state)
        gates = (pos.free_edges() & crossable(pos)).bit_count()
        solver = DuelEndgame(node_limit=args.limit)
        started = time.process_time()
        try:
            solver.value(pos)
            proved = True
        except OutOfBudget:
            proved = False
        buckets.setdefault(min(gates, 16), []).append((solver.nodes, time.process_time() - started, proved))
    print(f"size {args.size}, positions from {args.games} games once every move costs, proofs of at most "
          f"{args.limit:,} nodes")
    print(f"{'crossable free edges':>20} {'positions':>9} {'proved':>7} {'nodes median':>13} {'worst':>9} "
          f"{'cpu s median':>13} {'worst':>7}")
    for gates in sorted(buckets):
        rows = buckets[gates]
        nodes = [n for n, _, _ in rows]
        seconds = [s for _, s, _ in rows]
        label = f"{gates}" if gates < 16 else "16+"
        print(f"{label:>20} {len(rows):>9} {sum(p for *_, p in rows):>7} {statistics.median(nodes):>13,.0f} "
              f"{max(nodes):>9,} {statistics.median(seconds):>13.2f} {max(seconds):>7.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
