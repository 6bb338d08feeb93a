"""Puzzle ratings: stars for a score against the level's par, and level keys for progress."""

from __future__ import annotations

from pathlib import Path

from game.coinland.levels import Level

MAX_STARS = 3


def stars(score: int | None, par: int | None) -> int:
    """Three stars at par; two within two coins of it; one for any finished walk; none unplayed."""
    if score is None:
        return 0
    if par is None:
        return 1
    if score >= par:
        return 3
    return 2 if score >= par - 2 else 1


def level_key(level: Level) -> str:
    """`pack/file-stem`: stable across sessions while a level file keeps its name."""
    if not level.source:
        return f"custom/{level.name}"
    path = Path(level.source)
    return f"{path.parent.name}/{path.stem}"
