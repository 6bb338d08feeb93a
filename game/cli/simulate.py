"""`coinland simulate`: play Finding Satoshi games between computer players and print statistics.

    python -m game simulate --players 4 --games 200 --seed 1 [--agents baseline,...]
                            [--difficulty normal|hard|very-hard] [--advanced]

Prints the distribution of game length in rounds and of the final Bitcoin price, how often
each winning condition applied, how often Satoshi won, and games per second.
"""

from __future__ import annotations

import argparse

from game.cli.options import MAX_SEED, Choice, DataError, Text, expected, int_range, seed

MAX_GAMES = 100_000  # games one run plays at most (their results are held for the medians)
AGENTS_HELP = ("the computer player at each seat, comma separated, repeated to fill the table "
               "(default baseline: 'baseline,hard' at 4 seats is baseline, hard, baseline, hard). "
               "baseline: the simple rule-following player the statistics are measured with; "
               "random, easy, normal, hard: the game's computer players (hard weighs 4 futures a choice)")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players", type=int_range(2, 6), default=4, help="players per game, 2..6 (default 4)")
    parser.add_argument("--games", type=int_range(1, MAX_GAMES), default=100,
                        help=f"games to play, 1..{MAX_GAMES:,} (default 100)")
    parser.add_argument("--seed", type=seed, default=0,
                        help="seed of the first game, 0..2**63-1 (default 0); game k uses seed+k")
    parser.add_argument("--agents", type=Text("agent names"), default="baseline", metavar="A[,B...]",
                        help=AGENTS_HELP)
    parser.add_argument("--difficulty", type=Choice(("normal", "hard", "very-hard")), default="normal",
                        metavar="{normal,hard,very-hard}",
                        help="the game's difficulty (the rules' price limits), default normal")
    parser.add_argument("--advanced", action="store_true", help="play with steady inflation and savings")


def agent_list(text: str, known: tuple[str, ...] | list[str], seats: int | None = None) -> list[str]:
    """The comma-separated agents of `--agents`, each one of `known`, at most one per seat of `seats`;
    UsageError naming the first bad one (an agent past the last seat would never play)."""
    names = [name.strip() for name in text.split(",")]
    if not names or any(name not in known for name in names):
        bad = next((name for name in names if name not in known), text)
        raise expected("--agents", f"names separated by commas from {', '.join(known)}", bad)
    if seats is not None and len(names) > seats:
        raise expected("--agents", f"at most {seats} names (one per seat, --players {seats})", text)
    return names


def run(args: argparse.Namespace) -> int:
    from game.bitcoin.agents import AGENTS
    from game.bitcoin.data import DataError as GameDataError
    from game.bitcoin.setup import SetupError, normalise_difficulty
    from game.bitcoin.simulate import run_games, summary

    agents = agent_list(args.agents, list(AGENTS), args.players)
    if args.seed + args.games - 1 > MAX_SEED:  # every game's seed stays a seed
        raise expected("--seed", f"at most {MAX_SEED - args.games + 1} with --games {args.games}", str(args.seed))
    try:
        difficulty = normalise_difficulty(args.difficulty)
        results, seconds = run_games(args.players, args.games, args.seed, agents, difficulty, args.advanced)
    except (SetupError, GameDataError) as error:
        raise DataError(str(error)) from None
    rules = "advanced rules" if args.advanced else "basic rules"
    print(f"Finding Satoshi: agents {','.join(agents)}, {difficulty.replace('_', ' ')} difficulty, {rules}, "
          f"seeds {args.seed}..{args.seed + args.games - 1}")
    print(summary(results, seconds))
    return 0
