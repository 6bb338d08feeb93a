"""Play whole games between agents and summarise them (for `simulate`, tuning and the benchmark)."""

from __future__ import annotations

import random
import statistics
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from game.bitcoin.agents import AGENTS, Agent
from game.bitcoin.printed import GameData
from game.bitcoin.rules import apply
from game.bitcoin.setup import new_game
from game.bitcoin.state import State


@dataclass(frozen=True)
class GameResult:
    seed: int
    players: int
    rounds: int
    price: int
    condition: str  # "fiat", "bitcoin", "everyone"
    reason: str  # "end" or "round limit"
    satoshi_won: bool
    winners: tuple[int, ...]
    actions: int


def play_game(players: int, seed: int, agents: Sequence[Agent], difficulty: str = "normal",
              advanced: bool = False, data: GameData | None = None) -> tuple[State, int]:
    """Play one game to its end; (final state, number of actions)."""
    state = new_game(players, seed, difficulty, advanced, data=data)
    rng = random.Random(seed * 7919 + players)
    count = 0
    while state.phase != "over":
        who = state.current_player
        assert who is not None
        state, _ = apply(state, agents[who % len(agents)](state, rng))
        count += 1
    return state, count


def run_games(players: int, games: int, seed: int = 0, agent_names: Sequence[str] = ("baseline",),
              difficulty: str = "normal", advanced: bool = False,
              data: GameData | None = None) -> tuple[list[GameResult], float]:
    """Play `games` games with seeds seed, seed+1, ...; the results and the seconds taken."""
    agents = [AGENTS[name] for name in agent_names]
    results, started = [], time.perf_counter()
    for k in range(games):
        state, count = play_game(players, seed + k, agents, difficulty, advanced, data)
        out = state.outcome
        assert out is not None
        results.append(GameResult(seed + k, players, state.round, out.price, out.condition, out.reason,
                                  out.satoshi >= 0 and out.satoshi in out.winners, out.winners, count))
    return results, time.perf_counter() - started


def percentiles(values: Sequence[int]) -> dict[str, float]:
    ordered = sorted(values)

    def at(q: float) -> float:
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]

    return {"min": ordered[0], "p10": at(0.1), "median": statistics.median(ordered), "p90": at(0.9),
            "max": ordered[-1], "mean": statistics.fmean(ordered)}


def histogram(values: Sequence[int], width: int) -> list[tuple[str, int]]:
    """Counts per bucket of `width`; empty buckets are left out, so rare outliers stay one line."""
    counts = Counter(v // width for v in values)
    return [(f"{b * width}-{b * width + width - 1}", counts[b]) for b in sorted(counts)]


def summary(results: Sequence[GameResult], seconds: float) -> str:
    """The report `simulate` prints: game length, final price, winning conditions, speed."""
    n = len(results)
    rounds = [r.rounds for r in results]
    prices = [r.price for r in results]
    lines = [f"{n} games of {results[0].players} players in {seconds:.2f} s ({n / max(seconds, 1e-9):.1f} games/s)"]
    for label, values, width in (("rounds", rounds, 5), ("final Bitcoin price $", prices, 10)):
        p = percentiles(values)
        lines.append(f"{label}: min {p['min']:g}  p10 {p['p10']:g}  median {p['median']:g}  "
                     f"p90 {p['p90']:g}  max {p['max']:g}  mean {p['mean']:.1f}")
        lines.extend(f"  {bucket:>9} {count:6d}  {'#' * round(40 * count / n)}" for bucket, count in
                     histogram(values, width))
    conditions = Counter(r.condition for r in results)
    names = {"fiat": "most Fiat money (price under the low limit)",
             "bitcoin": "most Bitcoins (between the limits)",
             "everyone": "everybody wins (at or over the high limit)"}
    lines.append("winning condition:")
    lines.extend(f"  {names[c]:<45} {conditions[c]:6d}  {100 * conditions[c] / n:5.1f}%" for c in names)
    reached = sum(r.price >= 60 for r in results)
    lines.append(f"price $60 or more at the end: {reached} ({100 * reached / n:.1f}%)")
    limit = sum(r.reason == "round limit" for r in results)
    lines.append(f"ended by the round limit: {limit} ({100 * limit / n:.1f}%)")
    satoshi = sum(r.satoshi_won for r in results)
    lines.append(f"Satoshi won: {satoshi} ({100 * satoshi / n:.1f}%)")
    return "\n".join(lines)
