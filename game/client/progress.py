"""The player's puzzle progress: what progress.json holds, read with checks, merged, migrated.

progress.json (format 3) holds `best` (the best unaided score per level content key),
`helped` (the content keys of levels on which the player took help: game.coinland.campaign),
`opened` (the packs the star rule has opened) and `refused` (bests no walk can reach, set
aside by `refuse_impossible`: kept in the file, never counted). A file from before `opened`
existed gets it once, by the old rule, so no pack that was open closes.

This module only turns data into a Progress and back, and judges it against the levels;
game.client.storage reads and writes the file (locks, atomic writes, damaged files set aside).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game import LEVELS
from game.coinland.campaign import best_ceiling, old_best_counts, opened_before
from game.coinland.level_key import is_content_key, level_key, migrate, needs_migration
from game.coinland.levels import Level, load_levels
from game.coinland.lineage import carry, carry_helped, former_boards, shipped_lineage
from game.coinland.pack_folders import FORMER_PACKS, former_packs, shipped_packs
from game.safeio import one_line

PROGRESS_FILE = "progress.json"
FORMAT = 3  # 3 adds helped, opened and refused; 2: bests keyed by level content; 1 keyed them by file name
MAX_KEY = 200  # characters in a level key
MAX_SCORE = 10**6  # no board holds more coins than this
MAX_HELPED = 20_000  # helped levels kept: as many levels as the file holds bests for
MAX_PACKS = 200  # opened packs kept (the campaign has a handful)
MAX_PACK_NAME = 80  # characters in a pack's name (a folder's name, tidied)


@dataclass
class Progress:
    """What the player has done on the puzzles, kept across sessions (module text: the fields)."""

    best: dict[str, int] = field(default_factory=dict)
    helped: set[str] = field(default_factory=set)
    opened: set[str] | None = field(default_factory=set)  # None: a file from before packs were recorded
    refused: dict[str, int] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "best": dict(sorted(self.best.items())), "helped": sorted(self.helped),
                "opened": sorted(self.opened or ()), "refused": dict(sorted(self.refused.items()))}

    @classmethod
    def from_dict(cls, data: Any, source: str = PROGRESS_FILE) -> tuple[Progress, list[str]]:
        if not isinstance(data, dict) or not isinstance(data.get("best", {}), dict):
            return cls(), [f"{source}: expected an object with a 'best' table of scores"]
        problems: list[str] = []
        best = _scores(data.get("best", {}), f"{source}: best", problems)
        refused = _scores(data.get("refused", {}), f"{source}: refused", problems)
        helped = _names(data.get("helped", []), f"{source}: helped", problems, _content_key, MAX_HELPED,
                        "a level key (c1- and 24 hex digits)")
        # no record yet: a file from before packs were recorded (migrated by the old rule), or none at all
        opened = (None if best else set()) if "opened" not in data else _names(
            data["opened"], f"{source}: opened", problems, _valid_pack, MAX_PACKS,
            f"a pack name of 1 to {MAX_PACK_NAME} printable characters")
        if "opened" in data and not isinstance(data["opened"], list):
            opened = None  # unreadable: opened again by the old rule, so no open pack closes
        return cls(best, helped, opened, refused), problems

    def migrated(self, folder: Path, refuse: Callable[[], object] | None = None) -> bool:
        """Move bests kept under old keys to content keys, then record the packs open under the
        old rule (a file from before `opened`); True when anything changed. `refuse` runs in
        between (Store: bests no walk can reach are set aside first, so they open no pack)."""
        changed = self.migrated_keys(folder)
        if self.opened is None and refuse is not None:
            refuse()
        if self.opened is None:
            packs = shipped_packs()  # judged by today's packs and by the packs before levels moved,
            gone = former_boards()  # with the bests on boards no longer shipped counted where earned
            self.opened = opened_before(packs, self.best.get, gone).union(
                *(opened_before(former_packs(packs, moved), self.best.get, former_boards(moved=moved))
                  for moved in FORMER_PACKS))
            changed = True
        return changed

    def migrated_keys(self, folder: Path) -> bool:
        """Move bests kept under old name keys (format 1) to content keys; True when any moved.

        The levels that old keys can name are the shipped packs and the player's own levels
        in `folder/levels`; an old best today's rule would not keep (a stop that gained
        nothing, game.coinland.campaign) is dropped; an old key no level matches stays.
        First, bests of shipped levels reworked since move to the new boards (lineage.py)."""
        self.best, carried = carry(self.best)
        self.helped, marked = carry_helped(self.helped)
        carried = carried or marked
        if all(is_content_key(key) for key in self.best):
            return carried
        levels = known_levels(folder)
        if not needs_migration(self.best, levels):
            return carried
        self.best, _ = migrate(self.best, levels,
                               keep=lambda level, score: old_best_counts(level.purse, level.par, score))
        return True

    def refuse_impossible(self, ceilings: dict[str, int], source: str = PROGRESS_FILE,
                          names: Mapping[str, str] | None = None) -> list[str]:
        """Set aside every best above what its level allows (`ceilings`: level key -> the highest
        score a walk can end with); they move to `refused`, kept in the file and never counted.
        One line per refused best, naming the file, the field and what was expected."""
        lines = []
        for key, score in list(self.best.items()):
            top = ceilings.get(key)
            if top is not None and score > top:
                del self.best[key]
                self.refused[key] = max(score, self.refused.get(key, score))
                named = names is not None and key in names  # then the name says which, and a short key will do
                field = (f"best['{key[:12]}…'] ({one_line(names[key], 20)})" if named
                         else f"best[{one_line(repr(key), 40)}]")
                lines.append(f"{source}: {field}: expected at most {top} (its level's best walk), got {score}")
        return lines

    def merge(self, other: Progress) -> None:
        """Keep the better score of each level from both, and every helped level and opened pack
        (a best this side has already refused is not taken back from the other)."""
        for key, score in other.best.items():
            if score > self.best.get(key, -1) and score != self.refused.get(key):
                self.best[key] = score
        for key, score in other.refused.items():
            if score > self.refused.get(key, -1):
                self.refused[key] = score
        self.helped |= other.helped
        if other.opened is not None:
            self.opened = (self.opened or set()) | other.opened


def _scores(table: Any, where: str, problems: list[str]) -> dict[str, int]:
    """The valid entries of a table of scores; one problem line per entry dropped."""
    if not isinstance(table, dict):
        problems.append(f"{where}: expected a table of level keys and scores, got {type(table).__name__}; dropped")
        return {}
    out = {}
    for key, score in table.items():
        if not _valid_key(key):
            problems.append(f"{where}: a level key of {len(key)} characters or with control characters; dropped")
        elif isinstance(score, int) and not isinstance(score, bool) and 0 <= score <= MAX_SCORE:
            out[key] = score
        else:
            problems.append(f"{where}[{one_line(repr(key), 60)}]: expected a score from 0 to {MAX_SCORE}, "
                            f"got {one_line(repr(score), 40)}; dropped")
    return out


def _names(items: Any, where: str, problems: list[str], valid: Callable[[str], bool], cap: int,
           expected: str) -> set[str]:
    """The valid names of a list (at most `cap`); one problem line for what was dropped."""
    if not isinstance(items, list):
        problems.append(f"{where}: expected a list, got {type(items).__name__}; dropped")
        return set()
    good = [item for item in items if isinstance(item, str) and valid(item)]
    if len(good) < len(items):
        bad = next(item for item in items if not (isinstance(item, str) and valid(item)))
        problems.append(f"{where}: expected {expected}, got {one_line(repr(bad), 40)}"
                        f"{f' (and {len(items) - len(good) - 1} more)' if len(items) - len(good) > 1 else ''}; dropped")
    if len(good) > cap:
        problems.append(f"{where}: expected at most {cap} entries, got {len(good)}; the first {cap} kept")
        good = good[:cap]
    return set(good)


def _content_key(key: str) -> bool:
    return is_content_key(key) and all(ch in "0123456789abcdef" for ch in key[len("c1-"):])


def _valid_pack(name: str) -> bool:
    return 0 < len(name) <= MAX_PACK_NAME and name.isprintable()


def _valid_key(key: str) -> bool:
    return 0 < len(key) <= MAX_KEY and key.isprintable()


def known_levels(folder: Path) -> list[Level]:
    """Every level an old progress key may name: the shipped packs, then `folder/levels`."""
    mine = Path(folder) / "levels"
    return [*_shipped_levels(), *(load_levels(mine)[0] if mine.is_dir() else [])]


@functools.cache
def _shipped_ceilings() -> dict[str, int]:
    """The highest score a walk can keep on each shipped level, by key: its proved par (and on each
    board shipped before and reworked since, its par then: lineage.py)."""
    old = {board.key: board.par for board in shipped_lineage()[0]}
    return old | {level_key(level): best_ceiling(level, level.par) for pack in shipped_packs() for level in pack.levels}


@functools.cache
def shipped_names() -> dict[str, str]:
    """The name of every shipped board by its key, boards shipped before included: a refused
    best is told by the level's name, not only by a key no player recognises."""
    old = {board.key: board.name for board in shipped_lineage()[0]}
    return old | {level_key(level): level.name for pack in shipped_packs() for level in pack.levels}


def ceilings(folder: Path, keys: set[str]) -> dict[str, int]:
    """The highest score a walk can keep on each known level among `keys`: a shipped board (or a
    copy of one) its proved par; one of the player's own levels, its purse and every coin (its
    file's par is the player's own claim, and a wrong one must not refuse a real walk)."""
    found = {key: top for key, top in _shipped_ceilings().items() if key in keys}
    mine = Path(folder) / "levels"
    if keys - found.keys() and mine.is_dir():
        for level in load_levels(mine)[0]:
            key = level_key(level)
            if key in keys and key not in found:
                found[key] = best_ceiling(level, None)
    return found


@functools.cache
def _shipped_levels() -> tuple[Level, ...]:
    """The campaign's levels, read once per run (every save may need them while old keys linger)."""
    return tuple(load_levels(LEVELS)[0]) if LEVELS.is_dir() else ()
