"""Which puzzle packs are open: the campaign opens one pack at a time, as a player finishes levels.

A campaign pack opens once two thirds of the pack before it are finished (any finished walk
counts, so a stuck player is never walled in by par). The first pack, "My levels" and any
pack the player has already played in are always open: progress is never taken away.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game.client.coinland.packs import MY_LEVELS, Pack
from game.client.coinland.rating import level_key

SHARE_TO_OPEN = 2 / 3


@dataclass(frozen=True)
class PackLock:
    open: bool
    reason: str = ""  # what opens it, for a locked pack


def finished(pack: Pack, best: Callable[[str], int | None]) -> int:
    return sum(best(level_key(level)) is not None for level in pack.levels)


def needed(pack: Pack) -> int:
    """Levels of `pack` to finish before the next pack opens."""
    return math.ceil(len(pack.levels) * SHARE_TO_OPEN)


def pack_locks(packs: Sequence[Pack], best: Callable[[str], int | None]) -> list[PackLock]:
    """One lock per pack, in order; `best(key)` is the player's best score on a level, or None."""
    locks: list[PackLock] = []
    for index, pack in enumerate(packs):
        if index == 0 or pack.name == MY_LEVELS or finished(pack, best):
            locks.append(PackLock(True))
            continue
        before = packs[index - 1]
        missing = needed(before) - finished(before, best)
        if missing <= 0 and locks[-1].open:
            locks.append(PackLock(True))
        else:
            more = max(missing, 1)
            reason = f"Finish {more} more level{'s' if more != 1 else ''} of {before.name} to open {pack.name}."
            locks.append(PackLock(False, reason if locks[-1].open else f"Open {before.name} first."))
    return locks
