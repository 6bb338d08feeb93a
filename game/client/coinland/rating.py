"""Puzzle ratings: stars for a score against the level's par, and level keys for progress.

The star rule lives with the rest of the progress rules in game.coinland.campaign; it is
re-exported here for the screens that draw stars.
"""

from __future__ import annotations

from pathlib import Path

from game.coinland.campaign import MAX_STARS, stars
from game.coinland.levels import Level

__all__ = ["MAX_STARS", "level_key", "stars"]


def level_key(level: Level) -> str:
    """`pack/file-stem`: stable across sessions while a level file keeps its name."""
    if not level.source:
        return f"custom/{level.name}"
    path = Path(level.source)
    return f"{path.parent.name}/{path.stem}"
