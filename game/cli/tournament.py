"""`coinland tournament`: computer players against each other, round-robin, with ratings."""

from __future__ import annotations

import argparse
import os
import sys
import time

from game.coinland.ai import STRENGTHS
from game.hexgrid import MAX_SIZE, MIN_SIZE


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", choices=("coinland", "satoshi"), default="coinland",
                        help="Hoarder & Gatekeeper (default) or Finding Satoshi")
    parser.add_argument("--mode", choices=("classic", "duel"), default="classic")
    parser.add_argument("--agents", default="random,easy,normal,hard",
                        help=f"comma-separated strengths from {','.join(STRENGTHS)}")
    parser.add_argument("--games", type=int, default=20, help="games (Classic: matches) per pairing")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--budget", type=float, default=None, help="seconds per move for hard (default 1)")
    parser.add_argument("--size", type=int, default=4, help="board size (default 4)")
    parser.add_argument("--players", type=int, default=4, help=argparse.SUPPRESS)
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1), help="processes")


def run(args: argparse.Namespace) -> int:
    if args.game == "satoshi":
        try:
            from game.cli import satoshi_tournament
        except ImportError:
            print("tournament: --game satoshi: the Finding Satoshi players are not built yet", file=sys.stderr)
            return 2
        return satoshi_tournament.run(args)
    from game.coinland.tournament import format_table, run_all, schedule, table

    agents = [a.strip() for a in args.agents.split(",") if a.strip()]
    unknown = [a for a in agents if a not in STRENGTHS]
    if unknown or len(set(agents)) < 2:
        print(f"tournament: --agents: expected two or more of {','.join(STRENGTHS)}, got {args.agents!r}",
              file=sys.stderr)
        return 2
    if not MIN_SIZE <= args.size <= MAX_SIZE or args.games < 1:
        print("tournament: --size must be 2..8 and --games at least 1", file=sys.stderr)
        return 2
    games = schedule(args.mode, agents, args.games, args.seed, args.size, args.budget)
    started = time.perf_counter()
    results = run_all(games, workers=args.workers)
    unit = "matches" if args.mode == "classic" else "games"
    print(f"{args.mode}, size {args.size}, {args.games} {unit} per pairing, seed {args.seed}, "
          f"hard budget {args.budget or 1.0:g} s, {time.perf_counter() - started:.0f} s")
    print(format_table(table(results, agents)))
    return 0
