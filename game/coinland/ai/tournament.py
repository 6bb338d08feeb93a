"""Round-robin tournaments between Hoarder & Gatekeeper computer players.

Classic pairings play two-game matches with the roles swapped (`ClassicMatch`); Duel
pairings play single games. Seats and who goes first alternate within each pairing, and
every match draws its randomness from one rng seeded by the tournament seed and the
match's number, so a tournament replays exactly (for `hard`, exactly only with a node
limit: a time budget gives way to the machine's load).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from game.coinland.ai import make_agent
from game.coinland.ai.ratings import Rating, rate
from game.coinland.match import ClassicMatch
from game.coinland.rules import apply, new_duel


@dataclass(frozen=True)
class Pairing:
    """One match (Classic) or game (Duel) to play: who sits where, and its seed."""

    mode: str
    size: int
    agents: tuple[str, str]  # seat 0, seat 1
    seed: int
    first: int  # Classic: the seat that hoards first; Duel: the player who moves first
    budget: float | None  # hard's seconds per move
    node_limit: int | None  # hard's nodes per move (reproducible on any machine)


@dataclass(frozen=True)
class Result:
    pairing: Pairing
    scores: tuple[int, int]  # per seat: Hoarder scores (Classic) or coins (Duel)

    @property
    def winner(self) -> int | None:
        a, b = self.scores
        return None if a == b else (0 if a > b else 1)


def play(pairing: Pairing) -> Result:
    """Play one match (Classic) or game (Duel) to its end."""
    rng = random.Random(f"coinland-tournament:{pairing.seed}")
    agents = [make_agent(name, pairing.budget if name == "hard" else None, pairing.node_limit)
              for name in pairing.agents]
    if pairing.mode == "classic":
        match = ClassicMatch(size=pairing.size, first_hoarder=pairing.first)
        while not match.is_over:
            seat = match.current_seat
            assert seat is not None
            match, _ = match.apply(agents[seat].choose(match.state, rng))
        return Result(pairing, match.hoarder_scores)
    state = new_duel(pairing.size, first=pairing.first)
    while not state.is_over:
        state, _ = apply(state, agents[state.to_move].choose(state, rng))
    return Result(pairing, state.purses)


def schedule(mode: str, agents: list[str], games: int, seed: int, size: int,
             budget: float | None = None, node_limit: int | None = None) -> list[Pairing]:
    """`games` per pairing of distinct agents; seats and the first player rotate through all four combinations."""
    out = []
    for index, (a, b) in enumerate(itertools.combinations(agents, 2)):
        for k in range(games):
            seats = (a, b) if k % 2 == 0 else (b, a)
            out.append(Pairing(mode, size, seats, seed * 1_000_003 + index * 10_007 + k, k // 2 % 2,
                               budget, node_limit))
    return out


def run_all(pairings: list[Pairing], workers: int = 2,
            progress: Callable[[int, int], None] | None = None) -> list[Result]:
    """Play every pairing, on `workers` processes; results in schedule order."""
    results: list[Result] = []
    if workers <= 1 or len(pairings) < 4:
        for pairing in pairings:
            results.append(play(pairing))
            if progress:
                progress(len(results), len(pairings))
        return results
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for result in pool.map(play, pairings, chunksize=1):
            results.append(result)
            if progress:
                progress(len(results), len(pairings))
    return results


@dataclass
class Row:
    agent: str
    wins: int = 0
    draws: int = 0
    losses: int = 0
    score_sum: int = 0
    played: int = 0
    rating: Rating | None = None
    head_to_head: dict[str, list[int]] = field(default_factory=dict)  # opponent -> [w, d, l]

    @property
    def mean_score(self) -> float:
        return self.score_sum / self.played if self.played else 0.0


def table(results: Iterable[Result], agents: list[str]) -> list[Row]:
    """Per agent: wins, draws, losses, mean score, rating; best rated first."""
    rows = {a: Row(a) for a in agents}
    results = list(results)
    for result in results:
        for seat in (0, 1):
            row = rows[result.pairing.agents[seat]]
            record = row.head_to_head.setdefault(result.pairing.agents[1 - seat], [0, 0, 0])
            row.played += 1
            row.score_sum += result.scores[seat]
            slot = 1 if result.winner is None else 0 if result.winner == seat else 2
            record[slot] += 1
            if slot == 0:
                row.wins += 1
            elif slot == 1:
                row.draws += 1
            else:
                row.losses += 1
    outcomes = [(*r.pairing.agents, 0.5 if r.winner is None else float(r.winner == 0)) for r in results]
    for rating in rate(outcomes, agents):
        rows[rating.agent].rating = rating
    return sorted(rows.values(), key=lambda r: -(r.rating.elo if r.rating else 0.0))


def format_table(rows: list[Row], unit: str = "games", score_name: str = "mean") -> str:
    """The table the tournament command prints, with each pairing's head-to-head below."""
    lines = [f"{'agent':<8} {unit:>7} {'wins':>5} {'draws':>5} {'losses':>6} {score_name:>6} {'Elo':>6} {'95% CI':>8}"]
    for row in rows:
        assert row.rating is not None
        lines.append(
            f"{row.agent:<8} {row.played:>7} {row.wins:>5} {row.draws:>5} {row.losses:>6} "
            f"{row.mean_score:>6.1f} {row.rating.elo:>6.0f} {'±' + format(row.rating.interval, '.0f'):>8}"
        )
    lines += ["", f"head to head ({unit}: wins-draws-losses; share of decided {unit} won):"]
    order = [row.agent for row in rows]
    for first, second in itertools.combinations(order, 2):
        row = next(r for r in rows if r.agent == first)
        w, d, lost = row.head_to_head.get(second, [0, 0, 0])
        if w + d + lost:
            share = f"{w / (w + lost):.0%}" if w + lost else "-"
            lines.append(f"  {first:>7} vs {second:<7} {w:>4}-{d}-{lost:<4} {share:>5}")
    return "\n".join(lines)
