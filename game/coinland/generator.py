"""Puzzle boards made by seeded chance: random boards for benchmarks, curated ones for players.

`generate_levels` keeps only boards worth playing: the solver must prove their par, par
must sit well below the coins on the board, and the obvious greedy walk (always take the
cheapest coin, nearest first) must fall clearly short of it, so a player has to think.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from game.coinland.actions import Move
from game.coinland.levels import Level
from game.coinland.rules import apply, hoarder_moves
from game.coinland.state import State
from game.hexgrid import board


def random_level(size: int, density: float, seed: int, purse: int = 0, name: str = "") -> Level:
    """A board with `density` of its edges gated at random, the Hoarder on the centre."""
    hexes = board(size)
    rng = random.Random(f"coinland-random:{size}:{density}:{seed}:{purse}")
    count = round(density * len(hexes.edges))
    gates = frozenset(rng.sample(hexes.edges, count))
    return Level(
        name=name or f"Random {size}-{density:g}-{seed}",
        size=size,
        purse=purse,
        gates=gates,
    )


def greedy_score(state: State) -> int:
    """The obvious walk: the move that gains most (nearest first) while it gains anything."""
    while not state.is_over:
        moves = hoarder_moves(state)
        if not moves:
            break
        move = max(moves, key=lambda m: (m.gain, -len(m.path), m.target))
        if move.gain <= 0:
            break
        state, _ = apply(state, Move(move.target))
    return state.purses[0]


@dataclass(frozen=True)
class Difficulty:
    densities: tuple[float, float]  # share of edges gated
    min_greedy_gap: int  # greedy must fall at least this far below par
    min_missed: int  # par at least this far below coins + purse


DIFFICULTIES = {
    "easy": Difficulty((0.25, 0.35), 1, 2),
    "medium": Difficulty((0.35, 0.5), 2, 4),
    "hard": Difficulty((0.45, 0.6), 3, 6),
}

_ADJECTIVES = (
    "Amber", "Brass", "Copper", "Crooked", "Dusty", "Gilded", "Hidden", "Hollow", "Iron", "Lucky",
    "Misty", "Narrow", "Old", "Quiet", "Rusty", "Silver", "Sleepy", "Stone", "Sunken", "Winding",
)
_NOUNS = (
    "Arcade", "Bazaar", "Bridge", "Crossing", "Customs", "Ferry", "Gate", "Harbour", "Ledger",
    "Market", "Mint", "Orchard", "Pass", "Quarter", "Road", "Square", "Tollhouse", "Vault", "Wall", "Yard",
)


def _names(rng: random.Random) -> Iterator[str]:
    used: set[str] = set()
    while True:
        name = f"{rng.choice(_ADJECTIVES)} {rng.choice(_NOUNS)}"
        suffix = 2
        unique = name
        while unique in used:
            unique, suffix = f"{name} {suffix}", suffix + 1
        used.add(unique)
        yield unique


def candidate(size: int, rng: random.Random, difficulty: Difficulty) -> Level:
    hexes = board(size)
    density = rng.uniform(*difficulty.densities)
    gates = frozenset(rng.sample(hexes.edges, round(density * len(hexes.edges))))
    start = rng.choice(hexes.cells) if rng.random() < 0.4 else (0, 0)
    others = [c for c in hexes.cells if c != start]
    empty = frozenset(rng.sample(others, rng.randrange(0, max(1, len(others) // 8))))
    return Level(name="?", size=size, start=start, purse=rng.choice((0, 0, 1, 2, 3)),
                 empty=empty, gates=gates)


def generate_levels(
    size: int, count: int, seed: int, difficulty: str = "medium",
    node_limit: int = 400_000, max_tries: int = 400,
) -> Iterator[Level]:
    """Up to `count` interesting levels with a proved par, reproducible from the seed.

    The solver's effort is capped by nodes, not seconds, so a seed gives the same levels
    on a slow machine as on a fast one.
    """
    from game.coinland.solver import solve

    rules = DIFFICULTIES[difficulty]
    rng = random.Random(f"coinland-generate:{size}:{seed}:{difficulty}")
    names = _names(rng)
    made = 0
    for _ in range(max_tries):
        if made == count:
            return
        level = candidate(size, rng, rules)
        result = solve(level, node_limit=node_limit)
        if not result.optimal:
            continue
        state = level.initial_state()
        if result.score > level.coins + level.purse - rules.min_missed:
            continue
        if greedy_score(state) > result.score - rules.min_greedy_gap:
            continue
        made += 1
        yield Level(name=next(names), size=size, start=level.start, purse=level.purse,
                    empty=level.empty, gates=level.gates, par=result.score,
                    hint="The greedy walk falls short here.", author="Coinland generator")
