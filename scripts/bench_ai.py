#!/usr/bin/env python3
"""Time the computer players' decisions on the default 37-cell board.

Positions come from seeded easy-versus-normal games of each mode (both roles in Classic);
each agent then decides in every position. Prints mean, median and worst per agent and
mode, in CPU milliseconds (the process's own time, so other programs on a shared machine
do not inflate it) and wall milliseconds; `--nodes N` gives hard a node budget and prints
its nodes per CPU second, which is how the tournaments' node budgets are calibrated.
Usage: scripts/bench_ai.py [--hard-positions 20] [--budget 1.0] [--nodes N] [--size 4]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from game.coinland import ClassicMatch, apply, new_duel
from game.coinland.ai import choose_action, make_agent


def positions(mode: str, count: int, seed: int = 0, size: int = 4) -> list:
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        if mode == "classic":
            match = ClassicMatch(size=size, first_hoarder=rng.randrange(2))
            while not match.is_over:
                found.append(match.state)
                match, _ = match.apply(choose_action(match.state, rng.choice(["easy", "normal"]), rng))
        else:
            state = new_duel(size, first=rng.randrange(2))
            while not state.is_over:
                found.append(state)
                state, _ = apply(state, choose_action(state, rng.choice(["easy", "normal"]), rng))
    rng.shuffle(found)
    return found[:count]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200, help="positions per mode for the fast agents")
    parser.add_argument("--hard-positions", type=int, default=20, help="positions per mode for hard")
    parser.add_argument("--budget", type=float, default=None,
                        help="hard's budget in seconds (default 1 for coinland, 0.5 for satoshi)")
    parser.add_argument("--nodes", type=int, default=None, help="coinland: hard's node budget instead of seconds")
    parser.add_argument("--size", type=int, default=4, help="coinland: board size (default 4)")
    parser.add_argument("--agents", default="random,easy,greedy,normal,hard", help="coinland: agents to time")
    parser.add_argument("--game", choices=("coinland", "satoshi"), default="coinland")
    args = parser.parse_args()
    if args.game == "satoshi":
        return bench_satoshi(args.positions, args.hard_positions, args.budget or 0.5)
    args.budget = args.budget or 1.0
    hard = f"{args.nodes} nodes" if args.nodes else f"{args.budget:g} s"
    print(f"size {args.size}, hard: {hard} a move; times in ms")
    print(f"{'mode':<8} {'agent':<7} {'positions':>9} {'cpu mean':>9} {'median':>7} {'worst':>7} {'wall mean':>10}"
          f" {'nodes/cpu s':>12}")
    for mode in ("classic", "duel"):
        pool = positions(mode, args.positions, size=args.size)
        for agent in args.agents.split(","):
            sample = pool[: args.hard_positions] if agent == "hard" else pool
            rng = random.Random(1)
            cpu, wall, nodes = [], [], 0
            for state in sample:
                started, clock = time.perf_counter(), time.process_time()
                if agent == "hard":
                    nodes += _hard_nodes(state, rng, args.budget, args.nodes)
                else:
                    choose_action(state, agent, rng)
                cpu.append((time.process_time() - clock) * 1000)
                wall.append((time.perf_counter() - started) * 1000)
            rate = f"{nodes / max(sum(cpu) / 1000, 1e-9):>12.0f}" if agent == "hard" else f"{'':>12}"
            print(f"{mode:<8} {agent:<7} {len(cpu):>9} {statistics.mean(cpu):>9.1f} {statistics.median(cpu):>7.1f} "
                  f"{max(cpu):>7.1f} {statistics.mean(wall):>10.1f} {rate}")
    return 0


def _hard_nodes(state, rng: random.Random, budget: float, node_limit: int | None) -> int:
    """Let hard decide as in play and return the nodes its search visited (0 when it did not search)."""
    from game.coinland.ai import search

    counted = []
    original = search.Searcher.run

    def run(self, pos, codes, *rest, **options):  # whatever else the search takes (a generator), passed on
        result = original(self, pos, codes, *rest, **options)
        counted.append(result.nodes)
        return result

    search.Searcher.run = run
    try:
        make_agent("hard", budget, node_limit).choose(state, rng)
    finally:
        search.Searcher.run = original
    return sum(counted)


def satoshi_positions(count: int, seed: int = 0) -> list:
    """Decision points from 4-player games of normal players: every fifth position, as seen by its player."""
    from game.bitcoin import apply, is_over, new_game
    from game.bitcoin.ai import choose_action as satoshi_choice
    from game.bitcoin.ai import own_view

    out, game = [], 0
    rng = random.Random(seed)
    while len(out) < count:
        state, step = new_game(players=4, seed=seed + game), 0
        while not is_over(state) and len(out) < count:
            if step % 5 == 0:
                out.append(own_view(state))
            state, _ = apply(state, satoshi_choice(state, "normal", rng))
            step += 1
        game += 1
    return out


def bench_satoshi(count: int, hard_count: int, budget: float) -> int:
    from game.bitcoin.ai import STRENGTHS
    from game.bitcoin.ai import choose_action as satoshi_choice
    from game.bitcoin.ai.search import endgame

    pool = satoshi_positions(count)
    late = [view for view in pool if endgame(view)]
    spread = pool[::max(1, len(pool) // hard_count)][:hard_count]
    print(f"Finding Satoshi, 4 players, hard budget {budget:g} s (hard searches only near End: the second hard row)")
    print(f"{'agent':<13} {'positions':>9} {'median ms':>10} {'worst ms':>9}")
    rows = [(agent, spread if agent == "hard" else pool) for agent in STRENGTHS]
    rows.append(("hard near End", late[:hard_count]))
    for label, sample in rows:
        agent = label.split()[0]
        rng = random.Random(1)
        times = []
        for view in sample:
            started = time.perf_counter()
            satoshi_choice(view, agent, rng, budget)
            times.append((time.perf_counter() - started) * 1000)
        if not times:  # e.g. no position near End among a few: say so rather than fail on an empty median
            print(f"{label:<13} {0:>9} {'-':>10} {'-':>9}")
            continue
        print(f"{label:<13} {len(times):>9} {statistics.median(times):>10.1f} {max(times):>9.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
