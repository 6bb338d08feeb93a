"""`coinland tournament`: computer players against each other, round-robin, with ratings.

`--game` picks the game; each game's tournament lives in its own function below, so a
Finding Satoshi tournament slots in beside the Hoarder & Gatekeeper one.

Games are played on worker processes (`game.processes`): at most `--workers`, the CPUs this
process may use and the games to play; the schedule is made one game at a time as workers free
up, and Ctrl-C, SIGTERM or an error end every worker (docs/COMMANDS.md).
"""

from __future__ import annotations

import argparse
import time
from contextlib import closing

from game.cli.options import Choice, Seconds, Text, UsageError, int_range, seed
from game.cli.output import stderr_is_terminal, to_stderr
from game.cli.simulate import agent_list
from game.hexgrid import MAX_SIZE, MIN_SIZE
from game.processes import MAX_WORKERS, usable_cpus

GAMES = ("coinland", "satoshi")
# Every Hoarder & Gatekeeper agent: the strengths plus `greedy`, the sparring partner (game.coinland.ai.AGENTS).
COINLAND_STRENGTHS = ("random", "easy", "greedy", "normal", "hard")
MAX_GAMES = 100_000  # matches or games per pairing (coinland) or in all (satoshi)
MAX_NODES = 10**9
MAX_BUDGET = 600.0  # hard's seconds per move at most
#: options that belong to one game only, with the value that means "not given"
COINLAND_ONLY = ("mode", "size", "self_play", "opening")
SATOSHI_ONLY = ("players", "difficulty", "advanced")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", type=Choice(GAMES), default="coinland", metavar="{coinland,satoshi}",
                        help="coinland: Hoarder & Gatekeeper (default); satoshi: Finding Satoshi")
    parser.add_argument("--mode", type=Choice(("classic", "duel")), default=None, metavar="{classic,duel}",
                        help="coinland: Classic plays two-game matches with roles swapped (the default); "
                             "Duel single games")
    parser.add_argument("--agents", type=Text("agent names"), default=None, metavar="A,B[,...]",
                        help="comma-separated strengths: for coinland two or more of " + ",".join(COINLAND_STRENGTHS)
                        + " (or hard@NODES: hard with its own node budget, to pit budgets against each other)"
                        + " (default all); for satoshi one per seat, repeated to fill the table (default hard,random)")
    parser.add_argument("--players", type=int_range(2, 6), default=None,
                        help="satoshi: players at the table, 2..6 (default 4)")
    parser.add_argument("--difficulty", type=Choice(("normal", "hard", "very-hard")), default=None,
                        metavar="{normal,hard,very-hard}", help="satoshi: the game's difficulty (default normal)")
    parser.add_argument("--advanced", action="store_true", default=None, help="satoshi: the advanced rules")
    parser.add_argument("--games", type=int_range(1, MAX_GAMES), default=20,
                        help=f"matches (Classic) or games (Duel) per pairing; satoshi: games; 1..{MAX_GAMES:,} "
                             "(default 20)")
    parser.add_argument("--seed", type=seed, default=0, help="the tournament seed, 0..2**63-1: the same seed replays")
    parser.add_argument("--budget", type=Seconds(MAX_BUDGET), default=None, metavar="S",
                        help=f"hard's seconds per move, above 0 and at most {MAX_BUDGET:g} "
                             "(default 1; satoshi 0.5)")
    parser.add_argument("--nodes", type=int_range(1, MAX_NODES), default=None,
                        help=f"hard's search nodes per move instead of a time budget (reproducible anywhere), "
                             f"1..{MAX_NODES:,}; satoshi: futures per choice")
    parser.add_argument("--size", type=int_range(MIN_SIZE, MAX_SIZE), default=None,
                        help=f"coinland: board size {MIN_SIZE}..{MAX_SIZE} (default 4)")
    parser.add_argument("--workers", type=int_range(1, MAX_WORKERS), default=2,
                        help=f"worker processes, 1..{MAX_WORKERS} (default 2); never more than the CPUs this "
                             f"process may use (here {usable_cpus()}) or the games to play")
    parser.add_argument("--opening", type=int_range(0, 20), default=None, metavar="PLIES",
                        help="coinland: random plies that open every game, 0..20 (default 2; 0: none, so the "
                             "players alone make the games differ)")
    parser.add_argument("--self-play", action="store_true", default=None,
                        help="coinland: each agent against itself instead, to measure what starting is worth")
    parser.add_argument("--quiet", action="store_true", help="no progress count on a terminal")


def run(args: argparse.Namespace) -> int:
    theirs = COINLAND_ONLY if args.game == "satoshi" else SATOSHI_ONLY
    for name in theirs:
        if getattr(args, name, None) is not None:
            option = "--" + name.replace("_", "-")
            other = "coinland" if args.game == "satoshi" else "satoshi"
            raise UsageError(f"{option}: expected only with --game {other}, got it with --game {args.game}")
    if args.game == "satoshi":
        return run_satoshi(args)
    return run_coinland(args)


def run_satoshi(args: argparse.Namespace) -> int:
    """Finding Satoshi: games at one table, agents rotating over the seats (game.bitcoin.tournament)."""
    from game.bitcoin.ai import STRENGTHS
    from game.bitcoin.tournament import run_tournament

    agents = agent_list(args.agents if args.agents is not None else "hard,random", STRENGTHS, args.players or 4)
    show = not args.quiet and stderr_is_terminal()
    return run_tournament(args.players or 4, agents, args.games, args.seed, args.budget or 0.5,
                          (args.difficulty or "normal").replace("-", "_"), bool(args.advanced), args.nodes,
                          progress=_progress if show else None, workers=args.workers)


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
    agents = [a.strip() for a in listed.split(",")]
    problem = coinland_problem(args, agents)
    if problem:
        raise UsageError(problem)
    mode, size = args.mode or "classic", args.size or 4
    plan = self_play_schedule if args.self_play else schedule
    pairings = plan(mode, agents, args.games, args.seed, size, args.budget, args.nodes)  # lazy: never a list
    if args.opening is not None:
        pairings = pairings.with_opening(args.opening)
    started = time.perf_counter()
    show = not args.quiet and stderr_is_terminal()
    with closing(run_all(pairings, args.workers, _progress if show else None)) as results:
        if args.self_play:
            report = format_self_play(results, agents, "matches" if mode == "classic" else "games")
        else:
            rows = table(results, agents)
    unit = "matches" if mode == "classic" else "games"
    hard = f"{args.nodes} nodes" if args.nodes else f"{args.budget or 1.0:g} s"
    hard = f", hard: {hard} a move" if "hard" in agents else ""
    opened = "" if args.opening is None else f", {args.opening} opening plies"
    print(f"{mode}, size {size}, {args.games} {unit} per {'agent' if args.self_play else 'pairing'}, "
          f"seed {args.seed}{hard}{opened}, {time.perf_counter() - started:.0f} s")
    if args.self_play:
        print(report)
        return 0
    score_name = "hoard" if mode == "classic" else "coins"
    print(format_table(rows, unit, score_name))
    if mode == "classic":
        print("(hoard: mean Hoarder score per game; a match is won by the higher Hoarder score)")
    return 0


def _progress(done: int, total: int) -> None:
    if done == total or done % max(1, total // 20) == 0:
        to_stderr(f"\r{done}/{total}", end="\n" if done == total else "")
