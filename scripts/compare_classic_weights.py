#!/usr/bin/env python3
"""Classic matches between hard with its own weights and hard with other Classic weights.

The tournament's `hard@N` agents all share `hard`'s evaluation; this plays `hard` against a copy
that differs only in its Classic weights (`Mobility`), at the same node budget, so a change of
evaluation is measured head to head, where a ceiling against `normal` cannot hide it. Each
match starts from a seeded random opening (`open_game`, opening seeds 1,000,000 + i) and is
played twice with the roles swapped; the match goes to the larger hoard. The defaults are the
hand-set weights `hard` had before its fitted ones: 100 matches at 41,000 nodes went 61-27-12
to the fitted weights on 2026-11-26.
Usage: scripts/compare_classic_weights.py [--ray 0.1] [--move 0.02] [--pairs 0.4] [--nodes 41000]
       [--matches 100] [--start 0] [--workers 2]
"""

from __future__ import annotations

import argparse
import random
from dataclasses import replace
from multiprocessing import Pool

from game.coinland import apply, new_classic
from game.coinland.ai import make_agent
from game.coinland.ai.evaluation import Mobility
from game.coinland.ai.players import HARD
from game.coinland.ai.tournament import Pairing, open_game
from game.coinland.state import HOARDER


def hoard(opening: int, hoarder_weights: Mobility | None, keeper_weights: Mobility | None, nodes: int) -> int:
    """The Hoarder's coins in one game from `opening`; None weights are hard's own."""
    pairing = Pairing("classic", 4, ("hard", "hard"), opening, 0, None, None, opening_seed=opening)
    state = new_classic(4)
    for action in open_game(state, pairing):
        state = apply(state, action)[0]
    seats = {}
    for role, weights in ((HOARDER, hoarder_weights), (1 - HOARDER, keeper_weights)):
        seats[role] = make_agent("hard", node_limit=nodes)
        seats[role].settings = replace(HARD, mobility=weights or HARD.mobility)
    rng = random.Random(opening - 1_000_000)
    while not state.is_over:
        state = apply(state, seats[state.to_move].choose(state, rng))[0]
    return state.purses[HOARDER]


def match(job: tuple[int, Mobility, int]) -> tuple[int, int, int]:
    """(opening, hard's own hoard, the other weights' hoard), each hoarding against the other."""
    opening, other, nodes = job
    return opening, hoard(opening, None, other, nodes), hoard(opening, other, None, nodes)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ray", type=float, default=0.1, help="the other side's weight a free ray (default 0.1)")
    parser.add_argument("--move", type=float, default=0.02, help="its weight a free move (default 0.02)")
    parser.add_argument("--pairs", type=float, default=0.4, help="its weight an open pair per coin left (default 0.4)")
    parser.add_argument("--nodes", type=int, default=41_000, help="both sides' nodes a move (default 41000)")
    parser.add_argument("--matches", type=int, default=100, help="matches (default 100)")
    parser.add_argument("--start", type=int, default=0, help="index of the first opening (default 0)")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    args = parser.parse_args()
    if args.nodes < 1 or args.matches < 1 or args.start < 0 or args.workers < 1:
        parser.error("--nodes, --matches and --workers must be positive, --start not negative")
    other = replace(HARD.mobility or Mobility(), ray=args.ray, move=args.move, pairs=args.pairs)
    jobs = [(1_000_000 + i, other, args.nodes) for i in range(args.start, args.start + args.matches)]
    record, margin = [0, 0, 0], 0
    with Pool(args.workers) as pool:
        for opening, own, theirs in pool.imap(match, jobs):
            record[0 if own > theirs else 1 if own == theirs else 2] += 1
            margin += own - theirs
            print(f"opening {opening}: hard's weights hoarded {own}, the others {theirs}", flush=True)
    print(f"hard's weights against ray {args.ray}, move {args.move}, pairs {args.pairs} at {args.nodes} nodes: "
          f"{record[0]}-{record[1]}-{record[2]} in {args.matches} matches, {margin / args.matches:+.2f} coins a match")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
