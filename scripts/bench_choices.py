#!/usr/bin/env python3
"""How often hard's Classic search gives a coin away, judged by exact endgame values, by depth.

More plies of the same evaluation are worth testing before they are worth tournaments: with
13 to 15 coins left the endgame solver (`game.coinland.ai.endgame`) proves each position in
seconds, so every move the heuristic search picks there can be priced exactly. Positions come
from seeded Classic games in which every move is `greedy`'s or `normal`'s at random (two per
game, either side to move). For each depth, `hard`'s search (its endgame proofs off, no node
limit) chooses a move, and the script prints how many of those moves lower the mover's proven
value and by how much in all. A Classic iteration that ends on the Hoarder's ply finds what the
one a ply shorter found, so odd depths are the ones that differ.
Usage: scripts/bench_choices.py [--coins 13] [--positions 40] [--depths 1,3,5] [--seed 0]
"""

from __future__ import annotations

import argparse
import random
import time
from dataclasses import replace

from game.coinland import ClassicMatch
from game.coinland.ai import choose_action
from game.coinland.ai.endgame import Endgame
from game.coinland.ai.players import HARD, HardPlayer
from game.coinland.ai.position import Pos
from game.coinland.ai.search import Searcher
from game.coinland.state import HOARDER, State


def positions(count: int, coins: int, seed: int) -> list[State]:
    """Up to two positions with `coins` coins left from each seeded game, until there are `count`."""
    rng = random.Random(seed)
    found: list[State] = []
    while len(found) < count:
        match = ClassicMatch(size=4, first_hoarder=rng.randrange(2))
        here = []
        while not match.is_over and not match.results:
            if len(match.state.coins) == coins:
                here.append(match.state)
            match, _ = match.apply(choose_action(match.state, rng.choice(["greedy", "normal"]), rng))
        found.extend(here[:2])
    return found[:count]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--coins", type=int, default=13, help="coins left in each position (default 13)")
    parser.add_argument("--positions", type=int, default=40, help="positions to judge (default 40)")
    parser.add_argument("--depths", default="1,3,5", help="search depths in plies, comma-separated")
    parser.add_argument("--seed", type=int, default=0, help="seed of the games the positions come from")
    args = parser.parse_args()
    depths = [int(d) for d in args.depths.split(",")]
    base = replace(HARD, endgame_coins=0)
    lost = {d: [0, 0, 0] for d in depths}  # moves that lose value, coins lost, moves judged
    started = time.process_time()
    for state in positions(args.positions, args.coins, args.seed):
        pos = Pos.from_state(state)
        codes = HardPlayer(base).root_codes(pos)
        solver = Endgame()
        best = solver.value(pos)
        for depth in depths:
            code = codes[0] if len(codes) == 1 else Searcher(replace(base, max_depth=depth)).run(pos, codes).code
            after = solver.value(pos.apply(code))
            loss = best - after if pos.to_move == HOARDER else after - best
            lost[depth][0] += loss > 0
            lost[depth][1] += loss
            lost[depth][2] += 1
    print(f"{args.positions} positions with {args.coins} coins left (seed {args.seed}), "
          f"{time.process_time() - started:.0f} s CPU")
    print(f"{'depth':>5} {'coins given away':>17} {'in moves':>9}")
    for depth in depths:
        moves, coins, judged = lost[depth]
        print(f"{depth:>5} {coins:>17} {moves:>5}/{judged}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
