"""Puzzle ratings: stars for a score against the level's par, and level keys for progress.

The star rule lives with the rest of the progress rules in game.coinland.campaign, and the
key of a level's best in game.coinland.level_key (a hash of the board, never the name);
both are re-exported here for the screens.
"""

from __future__ import annotations

from game.coinland.campaign import MAX_STARS, stars
from game.coinland.level_key import level_key

__all__ = ["MAX_STARS", "level_key", "stars"]
