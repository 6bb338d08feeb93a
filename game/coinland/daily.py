"""The puzzle of the day and endless random puzzles, each with a proved par.

The daily puzzle is seeded by the date alone and generated with a node budget, so every
player gets the same board on the same day, whatever their machine.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

from game.coinland.generator import generate_levels
from game.coinland.levels import Level

DAILY_SIZE = 4


def daily_level(day: dt.date | None = None) -> Level:
    """The same medium size-4 puzzle for everyone on `day` (default today)."""
    day = day or dt.date.today()
    seed = day.year * 10_000 + day.month * 100 + day.day
    level = _first(generate_levels(DAILY_SIZE, 1, seed, "medium"), seed)
    return replace(level, name=f"Daily {day.isoformat()}: {level.name}", author="Puzzle of the day")


def random_puzzle(difficulty: str, index: int, size: int | None = None) -> Level:
    """The `index`-th endless puzzle of a difficulty; size 3 for easy, 4 otherwise."""
    size = size or (3 if difficulty == "easy" else 4)
    seed = 1_000_000 + index
    return _first(generate_levels(size, 1, seed, difficulty), seed)


def _first(levels, seed: int) -> Level:
    for level in levels:
        return level
    raise RuntimeError(f"no interesting puzzle found for seed {seed}")  # pragma: no cover
