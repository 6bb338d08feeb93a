"""Puzzle packs as folders: each subfolder of levels/ is a pack (a flat folder is one pack).

Below the client, so the progress file (game.client.progress) can know the shipped campaign:
which level is in which pack, in what order, and each shipped board's proved par. The client's
level list (game.client.coinland.packs) adds the player's own levels to these.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, replace
from pathlib import Path

from game import LEVELS
from game.coinland.level_key import level_key
from game.coinland.levels import Level, LevelProblem, load_levels, read_level
from game.safeio import list_names

MY_LEVELS = "My levels"  # the player's own levels (game.coinland.campaign.OWN_LEVELS)


@dataclass(frozen=True)
class Pack:
    name: str
    levels: tuple[Level, ...]


def pack_title(folder: Path) -> str:
    words = folder.name.replace("_", " ").replace("-", " ").split()
    if words and words[0].isdigit():
        words = words[1:]
    return " ".join(words).capitalize() or folder.name


def sorted_levels(levels: list[Level]) -> tuple[Level, ...]:
    return tuple(sorted(levels, key=lambda level: level.source))


def read_packs(root: Path) -> tuple[list[Pack], list[LevelProblem]]:
    """The packs under `root` in folder order (loose files first, as "Levels"), and every problem found."""
    packs: list[Pack] = []
    problems: list[LevelProblem] = []
    if not root.is_dir():
        return packs, problems
    loose: list[Level] = []
    files, folders = list_names(root)
    for path in (p for p in files if p.suffix == ".toml"):
        level, found = read_level(path)
        problems.extend(found)
        if level is not None:
            loose.append(level)
    if loose:
        packs.append(Pack("Levels", sorted_levels(loose)))
    for folder in folders:
        levels, found = load_levels(folder)
        problems.extend(found)
        if levels:
            packs.append(Pack(pack_title(folder), sorted_levels(levels)))
    return packs, problems


@functools.cache
def shipped_packs() -> tuple[Pack, ...]:
    """The campaign's packs as shipped, read once per run."""
    return tuple(read_packs(LEVELS)[0])


#: Levels that changed pack, with the pack they were in, for every order the campaign had while
#: progress files kept no record of opened packs: before Medium and Hard were sorted together by
#: the difficulty figure, and after it, before Easy and Medium were (both 2026-11-27). A file
#: from before packs were recorded is judged by today's order and by each of these, so nobody
#: loses a pack that was open when it was written. A level not named is where it is today.
EASY_TO_MEDIUM = {"Worth the Loss": "Easy", "Attic": "Easy", "Penny Lane": "Easy",
                  "Old Square": "Medium", "Long Row": "Medium", "Crossroads": "Medium", "Switchback": "Medium",
                  # Return Fare holds Worth the Loss's place (Easy in both orders), as Walled Garden
                  # holds West Corner's, and Last Stop Switchback's (Medium in both): the packs of
                  # those orders keep their sizes
                  "Return Fare": "Easy", "Last Stop": "Medium"}
FORMER_PACKS = (
    {**EASY_TO_MEDIUM, "Zigzag": "Hard", "Toll Gates": "Hard", "Pinwheel": "Hard", "Upstream": "Hard",
     "Back Door": "Medium", "West Corner": "Medium", "Leap of Faith": "Medium", "Turnpike": "Medium",
     # Walled Garden holds West Corner's place (Hard 03 then, Medium in that order): so the packs of
     # that order keep the sizes whose half the stars of the file were counted against
     "Walled Garden": "Medium"},
    {**EASY_TO_MEDIUM, "Zigzag": "Medium"},
)


def former_packs(packs: tuple[Pack, ...], moved: dict[str, str]) -> tuple[Pack, ...]:
    """`packs` with every level `moved` names back in the pack it was in."""
    every = [level for pack in packs for level in pack.levels]
    return tuple(replace(pack, levels=tuple(level for level in every
                                            if moved.get(level.name, _home(level, packs)) == pack.name))
                 for pack in packs)


def _home(level: Level, packs: tuple[Pack, ...]) -> str:
    return next(pack.name for pack in packs if level in pack.levels)


@functools.cache
def shipped_pars() -> dict[str, int | None]:
    """The proved par of every shipped level, by its board's key (read once)."""
    return {level_key(level): level.par for pack in shipped_packs() for level in pack.levels}


def trusted_par(level: Level) -> int | None:
    """The par a walk on `level` is judged by. Bests are kept by the board, so a copy of a shipped
    board (a .toml played as a shared level, a file in My levels) is judged by the shipped par,
    not by a par its file claims: a made-up `par` must not earn stars, keep a best on the shipped
    level (opening its pack) or open the review's best line. Any other board keeps its own par."""
    return shipped_pars().get(level_key(level), level.par)
