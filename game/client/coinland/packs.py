"""Puzzle packs: each subfolder of levels/ is a pack (a flat folder is one pack), plus
"My levels" from the user's data folder when it holds any.

Broken level files are skipped and returned as problems for the player to see once. The
shipped packs are read by game.coinland.pack_folders (below the client, so the progress file
knows the campaign too); this adds the player's own levels.
"""

from __future__ import annotations

from pathlib import Path

from game import LEVELS
from game.client.storage import data_dir
from game.coinland.levels import LevelProblem, load_levels
from game.coinland.pack_folders import MY_LEVELS, Pack, pack_title, read_packs, shipped_pars, sorted_levels, trusted_par

__all__ = ["MY_LEVELS", "Pack", "load_packs", "pack_title", "shipped_pars", "trusted_par", "user_levels"]


def user_levels(store) -> Path:
    """The player's own levels: `levels/` in the data folder of the App's Store (game.client.storage)."""
    return Path(store.folder) / "levels"


def load_packs(root: Path = LEVELS, user_folder: Path | None = None,
               own: bool = True) -> tuple[list[Pack], list[LevelProblem]]:
    """The packs under `root` in folder order, then "My levels" (unless `own` is False); and every problem found."""
    packs, problems = read_packs(root)
    mine = user_folder if user_folder is not None else data_dir() / "levels"
    if own and mine.is_dir():
        levels, found = load_levels(mine)
        problems.extend(found)
        if levels:
            packs.append(Pack(MY_LEVELS, sorted_levels(levels)))
    return packs, problems
