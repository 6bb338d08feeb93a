#!/usr/bin/env python3
"""How many clicks a Duel against `hard` takes once every move costs (issue #34 item 3).

Plays seeded Duels on the default board: seat 0 stands in for a person (played by `--you`, a
computer strength), seat 1 is `hard` at a fixed node budget (so the games replay anywhere). From
the first position where neither Hoarder has a move that crosses no gate of the other's ("every
move costs") to the end of the game, it counts the person's actions: each is one click (a gate
aimed at an edge, a Wait, a pass or a move). It prints the games that reached that point, the
clicks and the plies from it to the end (mean, median, most), and how those plies split into
gates, moves and passes.

It uses only what every version of the rules engine has (`new_duel`, `apply`, `hoarder_moves`),
so the same script measures the game before the Wait, run in an older checkout:

    .venv/bin/python scripts/duel_endgame_clicks.py --games 20 --you normal
    .venv/bin/python scripts/duel_endgame_clicks.py --games 20 --you normal --house-rule
"""

from __future__ import annotations

import argparse
import inspect
import random
import statistics
import sys

from game.coinland.actions import Move, Pass
from game.coinland.ai import make_agent
from game.coinland.rules import apply, hoarder_moves, legal_actions, new_duel


def every_move_costs(state) -> bool:
    """Neither Hoarder has a move that crosses no gate of the other's."""
    return not any(m.fee == 0 for player in (0, 1) for m in hoarder_moves(state, player))


def opening(state, seed: int, plies: int = 2):
    """The tournament's kind of opening: a few random legal plies, never a move that ends the game."""
    rng = random.Random(f"clicks-opening:{seed}")
    for _ in range(plies):
        if state.is_over:
            break
        state = apply(state, rng.choice(legal_actions(state)))[0]
    return state


def play(seed: int, you: str, nodes: int, house_rule: bool) -> dict | None:
    """One Duel; the counts from "every move costs" to the end (None when it never got there)."""
    options = {"may_pass": True} if house_rule else {}
    state = opening(new_duel(4, first=seed % 2, **options), seed)
    players = [make_agent(you, None, nodes if you == "hard" else None), make_agent("hard", None, nodes)]
    rng = random.Random(f"clicks:{seed}")
    counts = None
    while not state.is_over:
        if counts is None and every_move_costs(state):
            counts = {"clicks": 0, "plies": 0, "gates": 0, "moves": 0, "passes": 0, "purses": state.purses}
        action = players[state.to_move].choose(state, rng)
        if counts is not None:
            counts["plies"] += 1
            counts["clicks"] += state.to_move == 0
            kind = "moves" if isinstance(action, Move) else "passes" if isinstance(action, Pass) else "gates"
            counts[kind] += 1
        state = apply(state, action)[0]
    if counts is not None:
        counts["final"] = state.purses
    return counts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="seeded Duels (default 20)")
    parser.add_argument("--you", default="normal", choices=("greedy", "normal", "hard"),
                        help="who stands in for the person in seat 0 (default normal)")
    parser.add_argument("--nodes", type=int, default=4500, help="hard's nodes a move (default 4500, about 0.1 s)")
    parser.add_argument("--house-rule", action="store_true", help="play under the pass house rule")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    if args.house_rule and "may_pass" not in inspect.signature(new_duel).parameters:
        print("duel_endgame_clicks: --house-rule: this version of the rules has no pass house rule", file=sys.stderr)
        return 2
    if args.games < 1 or args.nodes < 1:
        print("duel_endgame_clicks: expected --games and --nodes of at least 1", file=sys.stderr)
        return 2
    found = [c for c in (play(args.seed * 100_000 + k, args.you, args.nodes, args.house_rule)
                         for k in range(args.games)) if c is not None]
    rule = ", pass house rule" if args.house_rule else ""
    print(f"{args.games} Duels, size 4, you: {args.you}, against hard at {args.nodes} nodes a move{rule}; "
          f"{len(found)} reached the point where every move costs")
    if not found:
        return 0
    for key in ("clicks", "plies"):
        values = [c[key] for c in found]
        print(f"  {key} from there to the end: mean {statistics.mean(values):.1f}, median "
              f"{statistics.median(values):.0f}, most {max(values)}")
    total = sum(c["plies"] for c in found)
    print(f"  of those plies: gates {sum(c['gates'] for c in found) / total:.0%}, moves "
          f"{sum(c['moves'] for c in found) / total:.0%}, passes {sum(c['passes'] for c in found) / total:.0%}")
    swing = [(c["final"][0] - c["final"][1]) - (c["purses"][0] - c["purses"][1]) for c in found]
    print(f"  your lead changed by {statistics.mean(swing):+.1f} coins on average from there to the end")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
