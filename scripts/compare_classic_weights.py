#!/usr/bin/env python3
"""Classic matches between hard with its own weights and hard with other Classic weights.

The tournament's `hard@N` agents all share `hard`'s evaluation; this plays `hard` against a copy
that differs only in its Classic weights (`Mobility`), at the same node budget, so a change of
evaluation is measured head to head, where a ceiling against `normal` cannot hide it (and, with
`--other-nodes`, hard against itself at another budget: with the other weights set to hard's own,
`--ray 0.47 --pairs 2.0 --nodes 140000 --other-nodes 5500 --start 100` replays the 42-47-11 by
which 1 s beat 0.05 s on other openings than the tournament's). Each
match starts from a seeded random opening (`open_game`, opening seeds 1,000,000 + i) and is
played twice with the roles swapped; the match goes to the larger hoard. The defaults are the
hand-set weights `hard` had before its fitted ones: 100 matches at 41,000 nodes went 61-27-12
to the fitted weights on 2026-11-26.
Usage: scripts/compare_classic_weights.py [--ray 0.1] [--move 0.02] [--pairs 0.4] [--nodes 41000]
       [--other-nodes N] [--matches 100] [--start 0] [--workers 2]
"""

from __future__ import annotations

import argparse
import random
from contextlib import closing
from dataclasses import replace

from game.coinland import apply, new_classic
from game.coinland.ai import make_agent
from game.coinland.ai.evaluation import Mobility
from game.coinland.ai.players import HARD
from game.coinland.ai.tournament import Pairing, open_game
from game.coinland.state import HOARDER
from game.processes import run_ordered, worker_count

Side = tuple[Mobility | None, int]  # Classic weights (None: hard's own) and nodes a move


def hoard(opening: int, hoarder: Side, keeper: Side) -> int:
    """The Hoarder's coins in one game from `opening`."""
    pairing = Pairing("classic", 4, ("hard", "hard"), opening, 0, None, None, opening_seed=opening)
    state = new_classic(4)
    for action in open_game(state, pairing):
        state = apply(state, action)[0]
    seats = {}
    for role, (weights, nodes) in ((HOARDER, hoarder), (1 - HOARDER, keeper)):
        seats[role] = make_agent("hard", node_limit=nodes)
        seats[role].settings = replace(HARD, mobility=weights or HARD.mobility)
    rng = random.Random(opening - 1_000_000)
    while not state.is_over:
        state = apply(state, seats[state.to_move].choose(state, rng))[0]
    return state.purses[HOARDER]


def match(job: tuple[int, Side, Side]) -> tuple[int, int, int]:
    """(opening, hard's own hoard, the other side's hoard), each hoarding against the other."""
    opening, own, other = job
    return opening, hoard(opening, own, other), hoard(opening, other, own)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ray", type=float, default=0.1, help="the other side's weight a free ray (default 0.1)")
    parser.add_argument("--move", type=float, default=0.02, help="its weight a free move (default 0.02)")
    parser.add_argument("--pairs", type=float, default=0.4, help="its weight an open pair per coin left (default 0.4)")
    parser.add_argument("--nodes", type=int, default=41_000, help="hard's nodes a move (default 41000)")
    parser.add_argument("--other-nodes", type=int, help="the other side's nodes a move (default: --nodes)")
    parser.add_argument("--matches", type=int, default=100, help="matches (default 100)")
    parser.add_argument("--start", type=int, default=0, help="index of the first opening (default 0)")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    args = parser.parse_args()
    other_nodes = args.nodes if args.other_nodes is None else args.other_nodes
    if min(args.nodes, other_nodes, args.matches, args.workers) < 1 or args.start < 0:
        parser.error("--nodes, --other-nodes, --matches and --workers must be positive, --start not negative")
    weights = replace(HARD.mobility or Mobility(), ray=args.ray, move=args.move, pairs=args.pairs)
    own, other = (None, args.nodes), (weights, other_nodes)
    jobs = ((1_000_000 + i, own, other) for i in range(args.start, args.start + args.matches))
    record, margin = [0, 0, 0], 0
    # capped, lazy workers that end with us, Ctrl-C included (game.processes)
    with closing(run_ordered(match, jobs, worker_count(args.workers, args.matches))) as results:
        for opening, mine, theirs in results:
            record[0 if mine > theirs else 1 if mine == theirs else 2] += 1
            margin += mine - theirs
            print(f"opening {opening}: hard hoarded {mine}, the other side {theirs}", flush=True)
    print(f"hard at {args.nodes} nodes against ray {args.ray}, move {args.move}, pairs {args.pairs} "
          f"at {other_nodes} nodes: "
          f"{record[0]}-{record[1]}-{record[2]} in {args.matches} matches, {margin / args.matches:+.2f} coins a match")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
