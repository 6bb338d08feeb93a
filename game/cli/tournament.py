"""`coinland tournament`: computer players against each other, round-robin, with ratings.

`--game` picks the game; each game's tournament lives in its own function below, so a
Finding Satoshi tournament slots in beside the Hoarder & Gatekeeper one.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from dataclasses import replace

from game.hexgrid import MAX_SIZE, MIN_SIZE

GAMES = ("coinland", "satoshi")
# Every Hoarder & Gatekeeper agent: the strengths plus `greedy`, the sparring partner (game.coinland.ai.AGENTS).
COINLAND_STRENGTHS = ("random", "easy", "greedy", "normal", "hard")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", choices=GAMES, default="coinland",
                        help="coinland: Hoarder & Gatekeeper (default); satoshi: Finding Satoshi")
    parser.add_argument("--mode", choices=("classic", "duel"), default="classic",
                        help="Classic plays two-game matches with roles swapped; Duel single games")
    parser.add_argument("--agents", default=None,
                        help="comma-separated strengths: for coinland two or more of " + ",".join(COINLAND_STRENGTHS)
                        + " (or hard@NODES: hard with its own node budget, to pit budgets against each other)"
                        + " (default all); for satoshi one per seat, repeated to fill the table")
    parser.add_argument("--players", type=int, default=4, help="satoshi: players at the table, 2..6 (default 4)")
    parser.add_argument("--difficulty", default="normal", help="satoshi: normal, hard or very-hard")
    parser.add_argument("--advanced", action="store_true", help="satoshi: the advanced rules")
    parser.add_argument("--games", type=int, default=20, help="matches (Classic) or games (Duel) per pairing")
    parser.add_argument("--seed", type=int, default=0, help="the tournament seed: the same seed replays")
    parser.add_argument("--budget", type=float, default=None, help="hard's seconds per move (default 1)")
    parser.add_argument("--nodes", type=int, default=None,
                        help="hard's search nodes per move instead of a time budget (reproducible anywhere); "
                        "satoshi: futures per choice")
    parser.add_argument("--size", type=int, default=4, help=f"board size {MIN_SIZE}..{MAX_SIZE} (default 4)")
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1), help="processes (default 2)")
    parser.add_argument("--opening", type=int, default=None, metavar="PLIES",
                        help="coinland: random plies that open every game (default 2; 0: none, so the players "
                        "alone make the games differ)")
    parser.add_argument("--self-play", action="store_true",
                        help="coinland: each agent against itself instead, to measure what starting is worth")
    parser.add_argument("--quiet", action="store_true", help="no progress count on a terminal")


def run(args: argparse.Namespace) -> int:
    if args.game == "satoshi":
        return run_satoshi(args)
    return run_coinland(args)


def run_satoshi(args: argparse.Namespace) -> int:
    """Finding Satoshi: games at one table, agents rotating over the seats (game.bitcoin.tournament)."""
    try:
        from game.bitcoin.tournament import run_tournament
    except ImportError:
        print("tournament: --game satoshi: the Finding Satoshi computer players are not installed", file=sys.stderr)
        return 2
    agents = [a.strip() for a in (args.agents if args.agents is not None else "hard,random").split(",") if a.strip()]
    if not agents:
        print("tournament: --agents: expected names separated by commas, got an empty list", file=sys.stderr)
        return 2
    if not 2 <= args.players <= 6:
        print(f"tournament: --players: expected 2..6, got {args.players}", file=sys.stderr)
        return 2
    if args.games < 1:
        print(f"tournament: --games: expected at least 1, got {args.games}", file=sys.stderr)
        return 2
    if args.nodes is not None and args.nodes < 1:
        print(f"tournament: --nodes: expected a positive number of futures, got {args.nodes}", file=sys.stderr)
        return 2
    if args.budget is not None and not args.budget > 0:
        print(f"tournament: --budget: expected a positive number of seconds, got {args.budget}", file=sys.stderr)
        return 2
    return run_tournament(args.players, agents, args.games, args.seed, args.budget if args.budget else 0.5,
                          args.difficulty, args.advanced, args.nodes)


def coinland_problem(args: argparse.Namespace, agents: list[str]) -> str | None:
    """What is wrong with the arguments, in one line, or None."""
    from game.coinland.ai.tournament import agent_spec

    try:
        strengths = [agent_spec(agent)[0] for agent in agents]  # hard@NODES is hard
    except ValueError as error:
        return f"--agents: {error}"
    unknown = [s for s in strengths if s not in COINLAND_STRENGTHS]
    least = 1 if getattr(args, "self_play", False) else 2  # self-play pits each agent against itself
    if unknown or len(set(agents)) < least or len(set(agents)) != len(agents):
        return f"--agents: expected {'one' if least == 1 else 'two'} or more different names from " \
               f"{','.join(COINLAND_STRENGTHS)}, got {args.agents!r}"
    if not MIN_SIZE <= args.size <= MAX_SIZE:
        return f"--size: expected {MIN_SIZE}..{MAX_SIZE}, got {args.size}"
    if args.games < 1:
        return f"--games: expected at least 1, got {args.games}"
    if args.budget is not None and not args.budget > 0:
        return f"--budget: expected a positive number of seconds, got {args.budget}"
    if args.nodes is not None and args.nodes < 1:
        return f"--nodes: expected a positive number of nodes, got {args.nodes}"
    if args.workers < 1:
        return f"--workers: expected at least 1, got {args.workers}"
    opening = getattr(args, "opening", None)
    if opening is not None and not 0 <= opening <= 20:
        return f"--opening: expected 0 to 20 random plies, got {opening}"
    return None


def run_coinland(args: argparse.Namespace) -> int:
    from game.coinland.ai.tournament import (
        format_self_play,
        format_table,
        run_all,
        schedule,
        self_play_schedule,
        table,
    )

    listed = args.agents if args.agents is not None else ",".join(COINLAND_STRENGTHS)
    agents = [a.strip() for a in listed.split(",") if a.strip()]
    problem = coinland_problem(args, agents)
    if problem:
        print(f"tournament: {problem}", file=sys.stderr)
        return 2
    plan = self_play_schedule if args.self_play else schedule
    pairings = plan(args.mode, agents, args.games, args.seed, args.size, args.budget, args.nodes)
    if args.opening is not None:
        pairings = [replace(p, opening=args.opening) for p in pairings]
    started = time.perf_counter()
    show = not args.quiet and sys.stderr.isatty()
    results = run_all(pairings, args.workers, _progress if show else None)
    unit = "matches" if args.mode == "classic" else "games"
    hard = f"{args.nodes} nodes" if args.nodes else f"{args.budget or 1.0:g} s"
    hard = f", hard: {hard} a move" if "hard" in agents else ""
    opened = "" if args.opening is None else f", {args.opening} opening plies"
    print(f"{args.mode}, size {args.size}, {args.games} {unit} per {'agent' if args.self_play else 'pairing'}, "
          f"seed {args.seed}{hard}{opened}, {time.perf_counter() - started:.0f} s")
    if args.self_play:
        print(format_self_play(results, agents, unit))
        return 0
    score_name = "hoard" if args.mode == "classic" else "coins"
    print(format_table(table(results, agents), unit, score_name))
    if args.mode == "classic":
        print("(hoard: mean Hoarder score per game; a match is won by the higher Hoarder score)")
    return 0


def _progress(done: int, total: int) -> None:
    if done == total or done % max(1, total // 20) == 0:
        print(f"\r{done}/{total}", end="\n" if done == total else "", file=sys.stderr, flush=True)
