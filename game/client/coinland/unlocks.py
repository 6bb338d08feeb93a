"""Which puzzle packs are open: the campaign opens one pack at a time, as a player finishes levels.

A campaign pack opens once two thirds of the pack before it are finished (any finished walk
counts, so a stuck player is never walled in by par; what "finished" means, and why an
assisted walk does not count, is game.coinland.campaign's rule). The first pack, "My levels"
and any pack the player has already played in are always open: progress is never taken away.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game.client.coinland.packs import MY_LEVELS, Pack
from game.client.coinland.rating import level_key
from game.wording import plural

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
            reason = f"Finish {plural(more, 'more level')} of {before.name} to open {pack.name}."
            locks.append(PackLock(False, reason if locks[-1].open else f"Open {before.name} first."))
    return locks


def newly_opened(packs: Sequence[Pack], before: Sequence[PackLock], after: Sequence[PackLock]) -> list[str]:
    """The names of the packs a finished walk has just opened, for the announcement."""
    return [pack.name for pack, old, new in zip(packs, before, after, strict=True) if new.open and not old.open]


def first_unfinished(pack: Pack, best: Callable[[str], int | None], skip: int | None = None) -> int | None:
    """The index of the first level of `pack` with no finished walk (other than `skip`), or None."""
    for index, level in enumerate(pack.levels):
        if index != skip and best(level_key(level)) is None:
            return index
    return None


def next_in_campaign(packs: Sequence[Pack], pack: Pack, index: int,
                     best: Callable[[str], int | None]) -> tuple[Pack, int] | None:
    """Where Next leads after level `index` of `pack`: the next level; after a pack's last
    level, the next pack's first level when it is open, else this pack's first unfinished
    level (so the player works toward opening it); None when nothing is left to go to."""
    if index + 1 < len(pack.levels):
        return pack, index + 1
    names = [p.name for p in packs]
    if pack.name in names and pack.name != MY_LEVELS:
        position = names.index(pack.name)
        locks = pack_locks(packs, best)
        following = [(p, lock) for p, lock in zip(packs[position + 1:], locks[position + 1:], strict=True)
                     if p.name != MY_LEVELS and p.levels]
        if following and following[0][1].open:
            return following[0][0], 0
    unfinished = first_unfinished(pack, best, skip=index)
    return (pack, unfinished) if unfinished is not None else None
