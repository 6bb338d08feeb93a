"""Finding Satoshi tournaments: computer players at one table, seats rotating, with a table of results.

`agents` lists one strength per seat; a shorter list is repeated to fill the table (so
"hard,random" at four seats is hard, random, hard, random). Game g rotates the list by g
seats, so every agent plays every seat and every starting order equally often. Game g is
seeded with seed + g, and the agents' choices with the same, so a tournament replays exactly
when `budget` is not what limits hard's search (small tables, or the same machine).
"""

from __future__ import annotations

import random
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from contextlib import closing
from dataclasses import dataclass

from game.bitcoin.ai import STRENGTHS, choose_action
from game.bitcoin.rules import apply, is_over
from game.bitcoin.setup import SetupError, new_game
from game.bitcoin.state import State
from game.processes import run_ordered, worker_count


@dataclass(frozen=True)
class GameResult:
    seats: tuple[str, ...]
    winners: tuple[int, ...]
    condition: str
    rounds: int
    price: int
    satoshi: int  # seat, -1 when the card was set aside


def seat_agents(agents: list[str], players: int, game: int) -> tuple[str, ...]:
    filled = [agents[i % len(agents)] for i in range(players)]
    return tuple(filled[(i + game) % players] for i in range(players))


def play_game(seats: tuple[str, ...], seed: int, budget: float, difficulty: str, advanced: bool,
              playouts: int | None = None) -> GameResult:
    state: State = new_game(players=len(seats), seed=seed, difficulty=difficulty, advanced=advanced)
    rng = random.Random(f"satoshi-tournament:{seed}")
    while not is_over(state):
        me = state.current_player
        assert me is not None
        state, _ = apply(state, choose_action(state, seats[me], rng, budget, playouts))
    result = state.outcome
    assert result is not None
    return GameResult(seats, result.winners, result.condition, state.round, result.price, result.satoshi)


def summary(results: list[GameResult], agents: list[str]) -> list[str]:
    names = list(dict.fromkeys(agents))
    played, won, alone = Counter(), Counter(), Counter()
    seat_won: Counter[int] = Counter()
    satoshi_games: dict[str, list[bool]] = defaultdict(list)
    for r in results:
        for seat, name in enumerate(r.seats):
            played[name] += 1
            if seat in r.winners:
                won[name] += 1 / len(r.winners)
                seat_won[seat] += 1 / len(r.winners)
        if len(r.winners) == 1:
            alone[r.seats[r.winners[0]]] += 1
        if r.satoshi >= 0:
            satoshi_games[r.seats[r.satoshi]].append(r.condition == "everyone")
    n = len(results)
    seats = len(results[0].seats)
    lines = [f"{'agent':8} {'seats':>6} {'win share':>10} {'fair':>6} {'won alone':>10}"]
    for name in names:
        lines.append(f"{name:8} {played[name]:>6} {won[name] / played[name]:>10.1%} {1 / seats:>6.1%} "
                     f"{alone[name] / n:>10.1%}")
    lines.append("win share by seat: " + "  ".join(f"{s + 1}: {seat_won[s] / n:.1%}" for s in range(seats)))
    everyone = sum(r.condition == "everyone" for r in results)
    lines.append(f"Satoshi won (everybody wins): {everyone / n:.1%}")
    for name in names:
        games = satoshi_games.get(name, [])
        if games:
            lines.append(f"  with {name} as Satoshi: {sum(games) / len(games):.1%} of {len(games)} games")
    conditions = Counter(r.condition for r in results)
    lines.append("winning condition: " + "  ".join(f"{c} {conditions[c] / n:.1%}"
                                                     for c in ("fiat", "bitcoin", "everyone")))
    lines.append(f"mean rounds {sum(r.rounds for r in results) / n:.1f}, "
                 f"mean final price ${sum(r.price for r in results) / n:.1f}")
    return lines


def play_job(job: tuple[tuple[str, ...], int, float, str, bool, int | None]) -> GameResult:
    """`play_game` for one job of the schedule (a worker process's entry: importable, one argument)."""
    return play_game(*job)


def run_tournament(players: int, agents: list[str], games: int, seed: int, budget: float,
                   difficulty: str = "normal", advanced: bool = False, playouts: int | None = None,
                   write: Callable[[str], None] = print, progress: Callable[[int, int], None] | None = None,
                   workers: int = 1) -> int:
    """Play `games` games on up to `workers` processes (`game.processes`: capped, lazy, no orphans)."""
    unknown = [a for a in agents if a not in STRENGTHS]
    if unknown or not agents:
        write(f"tournament: --agents: expected names from {','.join(STRENGTHS)}, got {','.join(agents) or 'none'}")
        return 2
    started = time.perf_counter()
    work = f"{playouts} futures a choice" if playouts else f"{budget:g} s a decision"
    jobs = ((seat_agents(agents, players, game), seed + game, budget, difficulty, advanced, playouts)
            for game in range(games))
    results = []
    try:
        with closing(run_ordered(play_job, jobs, worker_count(workers, games))) as played:
            for result in played:
                results.append(result)
                if progress:
                    progress(len(results), games)
    except SetupError as error:
        write(f"tournament: {error}")
        return 2
    write(f"Finding Satoshi, {players} players, {games} games, seed {seed}, {difficulty} difficulty"
          f"{', advanced rules' if advanced else ''}, hard {work}, "
          f"{time.perf_counter() - started:.0f} s")
    for line in summary(results, agents):
        write(line)
    return 0
