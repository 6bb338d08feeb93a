"""Where a puzzle's best score is kept: a key made from the level's content, not its name.

Two different puzzles may share a name (endless puzzles draw theirs from a few hundred
combinations; anyone can call a shared level "Brass Gate"), and one puzzle may be renamed
or moved to another file. What makes a puzzle the same puzzle is its board: the size, the
start cell, the starting purse, the empty cells and the gates. The key hashes exactly
those, written in one canonical order, so equal boards share a best and different boards
never do. Name, par, hint and author are left out: they do not change the walk.

Progress files of format 1 keyed bests by `pack/file-stem` (or `custom/NAME`);
`migrate` moves those to content keys for the levels it is given. Pure: no pygame.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path

from game.coinland.levels import Level

PREFIX = "c1-"  # content key, version 1 of the canonical form
DIGEST_CHARS = 24  # 96 bits of SHA-256: no two boards will ever meet by chance


def canonical(level: Level) -> str:
    """The level's board as one canonical JSON text (sorted cells and gates, no spaces)."""
    board = {"size": level.size, "start": list(level.start), "purse": level.purse,
             "empty": [list(cell) for cell in sorted(level.empty)],
             "gates": [[list(a), list(b)] for a, b in sorted(tuple(sorted(gate)) for gate in level.gates)]}
    return json.dumps(board, separators=(",", ":"), sort_keys=True)


def level_key(level: Level) -> str:
    """The key of the level's best score: `c1-` and a hash of its board."""
    return PREFIX + hashlib.sha256(canonical(level).encode("utf-8")).hexdigest()[:DIGEST_CHARS]


def is_content_key(key: str) -> bool:
    return key.startswith(PREFIX) and len(key) == len(PREFIX) + DIGEST_CHARS


def legacy_key(level: Level) -> str:
    """The key format 1 progress files used: `pack-folder/file-stem`, or `custom/NAME`."""
    if not level.source:
        return f"custom/{level.name}"
    path = Path(level.source)
    return f"{path.parent.name}/{path.stem}"


def migrate(best: Mapping[str, int], levels: Iterable[Level],
            keep: Callable[[Level, int], bool] | None = None) -> tuple[dict[str, int], list[str]]:
    """Bests under content keys where possible, and the old keys no level was found for.

    An old key of one of `levels` moves to that level's content key (the higher score wins
    when two old keys meet); content keys stay. An old key matching none of `levels` (a
    level file that did not load today, a `custom/NAME` of an unsaved puzzle) is kept as it
    is, never read by the game but not thrown away, and returned so the caller may say so.
    `keep(level, score)` may refuse an old score that today's rules would not have kept
    (game.coinland.campaign: a stop with nothing gained). Running it again changes nothing.
    """
    by_old = {legacy_key(level): level for level in levels}
    out: dict[str, int] = {}
    unmatched: list[str] = []
    for key, score in best.items():
        if is_content_key(key):
            new = key
        elif key in by_old:
            level = by_old[key]
            if keep is not None and not keep(level, score):
                continue
            new = level_key(level)
        else:
            unmatched.append(key)
            new = key
        out[new] = max(score, out.get(new, score))
    return out, unmatched


def needs_migration(best: Iterable[str], levels: Iterable[Level]) -> bool:
    """Some key is the old form of one of `levels`."""
    old = {legacy_key(level) for level in levels}
    return any(key in old for key in best)
