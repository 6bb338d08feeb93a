"""Round-robin tournaments between Hoarder & Gatekeeper agents, with Elo-style ratings.

Classic pairings play two-game matches (roles swapped); Duel pairings play single games,
alternating who starts. Every game is seeded from the tournament seed and its index, so
a tournament replays exactly.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from game.coinland.ai import choose_action
from game.coinland.match import ClassicMatch
from game.coinland.rules import apply, new_duel


@dataclass(frozen=True)
class Game:
    mode: str
    size: int
    agents: tuple[str, str]  # seat 0, seat 1
    seed: int
    budget: float | None


@dataclass(frozen=True)
class Result:
    game: Game
    scores: tuple[int, int]  # per seat: Hoarder scores (Classic) or coins (Duel)

    @property
    def winner(self) -> int | None:
        a, b = self.scores
        return None if a == b else (0 if a > b else 1)


def play(game: Game) -> Result:
    """Play one match (Classic) or game (Duel) to its end."""
    rng = random.Random(f"tournament:{game.seed}")
    if game.mode == "classic":
        match = ClassicMatch(size=game.size, first_hoarder=game.seed % 2)
        while not match.is_over:
            seat = match.current_seat
            assert seat is not None
            action = choose_action(match.state, game.agents[seat], rng, _budget(game, seat))
            match, _ = match.apply(action)
        return Result(game, match.hoarder_scores)
    state = new_duel(game.size, first=game.seed % 2)
    while not state.is_over:
        seat = state.to_move
        state, _ = apply(state, choose_action(state, game.agents[seat], rng, _budget(game, seat)))
    return Result(game, state.purses)


def _budget(game: Game, seat: int) -> float | None:
    return game.budget if game.agents[seat] == "hard" else None


def schedule(mode: str, agents: list[str], games: int, seed: int, size: int, budget: float | None) -> list[Game]:
    """`games` per pairing, seats alternating so neither agent always sits first."""
    out = []
    for index, (a, b) in enumerate(itertools.combinations(agents, 2)):
        for k in range(games):
            pair = (a, b) if k % 2 == 0 else (b, a)
            out.append(Game(mode, size, pair, seed * 1_000_003 + index * 10_007 + k, budget))
    return out


def run_all(games: list[Game], workers: int = 2) -> list[Result]:
    if workers <= 1 or len(games) < 4:
        return [play(g) for g in games]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(play, games, chunksize=4))


@dataclass
class Row:
    agent: str
    wins: int = 0
    draws: int = 0
    losses: int = 0
    score_sum: int = 0
    played: int = 0
    rating: float = 1500.0
    interval: float = 0.0
    head_to_head: dict[str, list[int]] = field(default_factory=dict)  # opponent -> [w, d, l]

    @property
    def mean_score(self) -> float:
        return self.score_sum / self.played if self.played else 0.0


def table(results: Iterable[Result], agents: list[str]) -> list[Row]:
    rows = {a: Row(a) for a in agents}
    results = list(results)
    for result in results:
        for seat in (0, 1):
            row = rows[result.game.agents[seat]]
            opponent = result.game.agents[1 - seat]
            record = row.head_to_head.setdefault(opponent, [0, 0, 0])
            row.played += 1
            row.score_sum += result.scores[seat]
            if result.winner is None:
                row.draws += 1
                record[1] += 1
            elif result.winner == seat:
                row.wins += 1
                record[0] += 1
            else:
                row.losses += 1
                record[2] += 1
    _rate(rows, results)
    return sorted(rows.values(), key=lambda r: -r.rating)


def _rate(rows: dict[str, Row], results: list[Result]) -> None:
    """Maximum-likelihood Elo (Bradley-Terry, draws as half wins), mean anchored at 1500.

    One virtual draw between every pair keeps a perfect record from rating at infinity;
    the interval is the 95% normal approximation from the likelihood's curvature.
    """
    games = [(r.game.agents, 0.5 if r.winner is None else float(r.winner == 0)) for r in results]
    games += [((a, b), 0.5) for a, b in itertools.combinations(rows, 2)]
    ratings = {a: 0.0 for a in rows}
    weights = {a: 1.0 for a in rows}
    for _ in range(300):
        for agent in rows:
            expected = actual = weight = 0.0
            for pair, first_score in games:
                if agent not in pair:
                    continue
                seat = pair.index(agent)
                p = 1 / (1 + 10 ** ((ratings[pair[1 - seat]] - ratings[agent]) / 400))
                expected += p
                weight += p * (1 - p)
                actual += first_score if seat == 0 else 1 - first_score
            weights[agent] = weight
            step = (actual - expected) / max(weight, 1e-9) * 400 / math.log(10)
            ratings[agent] += max(-100.0, min(100.0, step))
        mean = sum(ratings.values()) / len(ratings)
        ratings = {a: r - mean for a, r in ratings.items()}
    for agent, row in rows.items():
        row.rating = 1500 + ratings[agent]
        row.interval = 1.96 * 400 / math.log(10) / math.sqrt(max(weights[agent], 1e-9))


def format_table(rows: list[Row]) -> str:
    lines = [f"{'agent':<8} {'games':>5} {'wins':>5} {'draws':>5} {'losses':>6} {'mean':>6} {'Elo':>6} {'95% CI':>9}"]
    for row in rows:
        lines.append(
            f"{row.agent:<8} {row.played:>5} {row.wins:>5} {row.draws:>5} {row.losses:>6} "
            f"{row.mean_score:>6.1f} {row.rating:>6.0f} {'±' + format(row.interval, '.0f'):>9}"
        )
    lines.append("")
    lines.append("head to head (wins-draws-losses, share of decided games won):")
    for row in rows:
        for opponent, (w, d, lost) in sorted(row.head_to_head.items()):
            decided = w + lost
            share = f"{w / decided:.0%}" if decided else "-"
            lines.append(f"  {row.agent:>7} vs {opponent:<7} {w:>4}-{d}-{lost:<4} {share}")
    return "\n".join(lines)
