"""Puzzle packs: each subfolder of levels/ is a pack (a flat folder is one pack), plus
"My levels" from the user's data folder when it holds any.

Broken level files are skipped and returned as problems for the player to see once.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

from game import LEVELS
from game.client.storage import data_dir
from game.coinland.level_key import level_key
from game.coinland.levels import Level, LevelProblem, load_levels, read_level
from game.safeio import list_names

MY_LEVELS = "My levels"


@dataclass(frozen=True)
class Pack:
    name: str
    levels: tuple[Level, ...]


def user_levels(store) -> Path:
    """The player's own levels: `levels/` in the data folder of the App's Store (game.client.storage)."""
    return Path(store.folder) / "levels"


def pack_title(folder: Path) -> str:
    words = folder.name.replace("_", " ").replace("-", " ").split()
    if words and words[0].isdigit():
        words = words[1:]
    return " ".join(words).capitalize() or folder.name


def _sorted(levels: list[Level]) -> tuple[Level, ...]:
    return tuple(sorted(levels, key=lambda level: level.source))


def load_packs(root: Path = LEVELS, user_folder: Path | None = None,
               own: bool = True) -> tuple[list[Pack], list[LevelProblem]]:
    """The packs under `root` in folder order, then "My levels" (unless `own` is False); and every problem found."""
    packs: list[Pack] = []
    problems: list[LevelProblem] = []
    if root.is_dir():
        loose: list[Level] = []
        files, folders = list_names(root)
        for path in (p for p in files if p.suffix == ".toml"):
            level, found = read_level(path)
            problems.extend(found)
            if level is not None:
                loose.append(level)
        if loose:
            packs.append(Pack("Levels", _sorted(loose)))
        for folder in folders:
            levels, found = load_levels(folder)
            problems.extend(found)
            if levels:
                packs.append(Pack(pack_title(folder), _sorted(levels)))
    mine = user_folder if user_folder is not None else data_dir() / "levels"
    if own and mine.is_dir():
        levels, found = load_levels(mine)
        problems.extend(found)
        if levels:
            packs.append(Pack(MY_LEVELS, _sorted(levels)))
    return packs, problems


@functools.cache
def shipped_pars() -> dict[str, int | None]:
    """The proved par of every shipped level, by its board's key (read once)."""
    packs, _ = load_packs(LEVELS, own=False)
    return {level_key(level): level.par for pack in packs if pack.name != MY_LEVELS for level in pack.levels}


def trusted_par(level: Level) -> int | None:
    """The par a walk on `level` is judged by. Bests are kept by the board, so a copy of a shipped
    board (a .toml played as a shared level, a file in My levels) is judged by the shipped par,
    not by a par its file claims: a made-up `par` must not earn stars, keep a best on the shipped
    level (opening its pack) or open the review's best line. Any other board keeps its own par."""
    return shipped_pars().get(level_key(level), level.par)
