"""`coinland simulate`: play Finding Satoshi games between computer players and print statistics.

    python -m game simulate --players 4 --games 200 --seed 1 [--agents baseline,...]
                            [--difficulty normal|hard|very-hard] [--advanced]

Prints the distribution of game length in rounds and of the final Bitcoin price, how often
each winning condition applied, how often Satoshi won, and games per second.
"""

from __future__ import annotations

import argparse
import sys


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players", type=int, default=4, help="players per game, 2-6 (default 4)")
    parser.add_argument("--games", type=int, default=100, help="games to play (default 100)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game; game k uses seed+k")
    parser.add_argument("--agents", default="baseline",
                        help="comma-separated agent per seat, repeated to fill the table (default baseline)")
    parser.add_argument("--difficulty", default="normal", help="normal, hard or very-hard (default normal)")
    parser.add_argument("--advanced", action="store_true", help="play with steady inflation and savings")


def _fail(message: str) -> int:
    print(f"simulate: {message}", file=sys.stderr)
    return 2


def run(args: argparse.Namespace) -> int:
    from game.bitcoin.agents import AGENTS
    from game.bitcoin.data import DataError
    from game.bitcoin.setup import SetupError, normalise_difficulty
    from game.bitcoin.simulate import run_games, summary

    agents = [a.strip() for a in str(args.agents).split(",") if a.strip()]
    unknown = [a for a in agents if a not in AGENTS]
    if not agents or unknown:
        return _fail(f"--agents: expected names from {', '.join(AGENTS)}, got {args.agents!r}")
    if not 2 <= args.players <= 6:
        return _fail(f"--players must be 2 to 6, got {args.players}")
    if args.games < 1:
        return _fail(f"--games must be at least 1, got {args.games}")
    try:
        difficulty = normalise_difficulty(args.difficulty)
        results, seconds = run_games(args.players, args.games, args.seed, agents, difficulty, args.advanced)
    except (SetupError, DataError) as error:
        return _fail(str(error))
    rules = "advanced rules" if args.advanced else "basic rules"
    print(f"Finding Satoshi: agents {','.join(agents)}, {difficulty.replace('_', ' ')} difficulty, {rules}, "
          f"seeds {args.seed}..{args.seed + args.games - 1}")
    print(summary(results, seconds))
    return 0
