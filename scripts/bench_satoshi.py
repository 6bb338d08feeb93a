#!/usr/bin/env python3
"""Benchmark the Finding Satoshi engine: whole games of baseline agents, per player count.

Prints, per player count, the mean and median milliseconds per game, actions per game and
microseconds per action (agent decision plus apply), then the same for `legal_actions`,
`apply` and serialisation alone on positions from those games.

    .venv/bin/python scripts/bench_satoshi.py [--games 200] [--players 2,3,4,5,6]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.bitcoin.agents import baseline
from game.bitcoin.rules import apply, legal_actions
from game.bitcoin.setup import new_game
from game.bitcoin.simulate import play_game
from game.bitcoin.state import State


def bench_games(players: int, games: int) -> None:
    times, actions = [], []
    for seed in range(games):
        started = time.perf_counter()
        _, count = play_game(players, seed, [baseline])
        times.append(time.perf_counter() - started)
        actions.append(count)
    mean_ms = 1000 * statistics.fmean(times)
    print(f"{players} players: {mean_ms:6.2f} ms/game mean, {1000 * statistics.median(times):6.2f} median, "
          f"{max(times) * 1000:6.1f} max; {statistics.fmean(actions):5.0f} actions/game, "
          f"{1e6 * sum(times) / sum(actions):5.1f} us/action; {games / sum(times):6.1f} games/s")


def sample_positions(count: int) -> list[State]:
    rng, states = random.Random(1), []
    seed = 0
    while len(states) < count:
        state = new_game(4, seed)
        seed += 1
        while state.phase != "over" and len(states) < count:
            states.append(state)
            state, _ = apply(state, baseline(state, rng))
    return states


def bench_parts(positions: int) -> None:
    states = sample_positions(positions)
    rng = random.Random(2)
    chosen = [baseline(s, rng) for s in states]
    parts = {
        "legal_actions": lambda: [legal_actions(s) for s in states],
        "apply": lambda: [apply(s, a) for s, a in zip(states, chosen, strict=True)],
        "to_json+from_json": lambda: [State.from_json(s.to_json()) for s in states],
        "hash+eq": lambda: [hash(s) == hash(s.clone()) and s == s.clone() for s in states],
    }
    for name, run in parts.items():
        started = time.perf_counter()
        run()
        print(f"  {name:<18} {1e6 * (time.perf_counter() - started) / len(states):7.1f} us per position")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per player count (default 200)")
    parser.add_argument("--players", default="2,3,4,5,6", help="player counts (default 2,3,4,5,6)")
    args = parser.parse_args()
    counts = [int(p) for p in args.players.split(",")]
    print(f"Finding Satoshi engine, baseline agents, {args.games} games per player count")
    for players in counts:
        bench_games(players, args.games)
    print("parts, on 4-player positions from baseline games:")
    bench_parts(2000)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
