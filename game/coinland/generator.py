"""Random puzzle boards, seeded and reproducible."""

from __future__ import annotations

import random

from game.coinland.levels import Level
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
