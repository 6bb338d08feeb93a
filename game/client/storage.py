"""Settings and puzzle progress in the user's data folder: atomic writes, merges, never a crash.

The folder is `$COINLAND_DATA_DIR` when set (tests use a temporary one), else
`$XDG_DATA_HOME/coinland`, else `~/.local/share/coinland`. Files are JSON read through
`game.safeio` (regular files only, a size cap, bounded nesting and numbers) and written
atomically, so a crash mid-save leaves the old file or the new one.

Two windows may be open on one folder. Progress is therefore never written from memory
alone: each write re-reads the file under a lock and keeps the better of each score, so no
window erases another's bests. Settings are last-writer-wins: they are preferences.

A file that cannot be read is set aside (`NAME.corrupt`, `NAME.corrupt.2`, ... never over
an earlier copy) and replaced by defaults; a file with some bad fields keeps its good ones
and a copy of the original is set aside. Each is reported once, as a line in `warnings`
that the App shows as a toast, saying what really happened (also in a read-only folder).
"""

from __future__ import annotations

import functools
import json
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game import LEVELS
from game.client.settings import Settings
from game.coinland.campaign import old_best_counts
from game.coinland.level_key import is_content_key, level_key, migrate, needs_migration
from game.coinland.levels import Level, load_levels
from game.coinland.lineage import carry
from game.safeio import (
    KIB,
    UnsafeInput,
    atomic_write_text,
    clean_temps,
    file_lock,
    make_folder,
    one_line,
    read_json_file,
    set_aside,
    show_name,
)
from game.safeio import data_dir as _data_dir

SETTINGS_FILE = "settings.json"
PROGRESS_FILE = "progress.json"
LOCK_FILE = ".progress.lock"
FORMAT = 2  # 2: bests keyed by level content (game.coinland.level_key); 1 keyed them by file name
SETTINGS_LIMIT = 16 * KIB  # a handful of preferences
PROGRESS_LIMIT = 1024 * KIB  # a best score per level: 20,000 levels fit, and the worst megabyte parses in 0.3 s
SUBFOLDERS = ("records", "satoshi-saves", "levels", "cache", "exports")  # where our writers leave temporary files
MAX_KEY = 200  # characters in a level key
MAX_SCORE = 10**6  # no board holds more coins than this


def data_dir() -> Path:
    """The data folder (game.safeio.places: `$COINLAND_DATA_DIR`, else the XDG place), resolved."""
    return _data_dir()


def clean_start(folder: Path) -> int:
    """Remove the temporary files a killed run left in our folders; how many went."""
    return clean_temps(folder) + sum(clean_temps(folder / name) for name in SUBFOLDERS)


@dataclass
class Progress:
    """Best score per level key (`game.coinland.level_key`: a hash of the board), kept across sessions."""

    best: dict[str, int] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "best": dict(sorted(self.best.items()))}

    @classmethod
    def from_dict(cls, data: Any, source: str = PROGRESS_FILE) -> tuple[Progress, list[str]]:
        if not isinstance(data, dict) or not isinstance(data.get("best", {}), dict):
            return cls(), [f"{source}: expected an object with a 'best' table of scores"]
        best, problems = {}, []
        for key, score in data.get("best", {}).items():
            if not _valid_key(key):
                problems.append(f"{source}: best: a level key of {len(key)} characters or with control characters; "
                                "dropped")
            elif isinstance(score, int) and not isinstance(score, bool) and 0 <= score <= MAX_SCORE:
                best[key] = score
            else:
                problems.append(f"{source}: best[{one_line(repr(key), 60)}]: expected a score from 0 to {MAX_SCORE}, "
                                f"got {one_line(repr(score), 40)}; dropped")
        return cls(best), problems

    def migrated(self, folder: Path) -> bool:
        """Move bests kept under old name keys (format 1) to content keys; True when any moved.

        The levels that old keys can name are the shipped packs and the player's own levels
        in `folder/levels`; an old best today's rule would not keep (a stop that gained
        nothing, game.coinland.campaign) is dropped; an old key no level matches stays.
        First, bests of shipped levels reworked since move to the new boards (lineage.py)."""
        self.best, carried = carry(self.best)
        if all(is_content_key(key) for key in self.best):
            return carried
        levels = known_levels(folder)
        if not needs_migration(self.best, levels):
            return carried
        self.best, _ = migrate(self.best, levels,
                               keep=lambda level, score: old_best_counts(level.purse, level.par, score))
        return True

    def merge(self, other: Progress) -> None:
        """Keep the better score of each level from both."""
        for key, score in other.best.items():
            if score > self.best.get(key, -1):
                self.best[key] = score


def _valid_key(key: str) -> bool:
    return 0 < len(key) <= MAX_KEY and key.isprintable()


def known_levels(folder: Path) -> list[Level]:
    """Every level an old progress key may name: the shipped packs, then `folder/levels`."""
    mine = Path(folder) / "levels"
    return [*_shipped_levels(), *(load_levels(mine)[0] if mine.is_dir() else [])]


@functools.cache
def _shipped_levels() -> tuple[Level, ...]:
    """The campaign's levels, read once per run (every save may need them while old keys linger)."""
    return tuple(load_levels(LEVELS)[0]) if LEVELS.is_dir() else ()


class Store:
    """Loads Settings and Progress, saves them atomically, collects warnings for the player."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = Path(folder) if folder is not None else data_dir()
        self.warnings: list[str] = []
        clean_start(self.folder)
        missing = [name for name in (SETTINGS_FILE, PROGRESS_FILE) if not os.path.lexists(self.folder / name)]
        self.settings: Settings = self._load(SETTINGS_FILE, SETTINGS_LIMIT, Settings.from_dict)
        self.progress: Progress = self._load(PROGRESS_FILE, PROGRESS_LIMIT, Progress.from_dict)
        if len(missing) == 2:
            self.warnings.append(f"Welcome! Settings and scores will be kept in {show_name(self.folder)}")
        elif missing:
            self.warnings.append(f"{missing[0]} was missing in {show_name(self.folder)}; starting from defaults")
        self._save_failed = False
        if self.progress.migrated(self.folder):
            self._write(self._write_progress)  # the file now says format 2, with content keys

    def _load(self, name: str, limit: int, parse: Callable[[Any, str], tuple[Any, list[str]]]) -> Any:
        """Read one file; on any damage set it aside, say what happened, and use what can be kept."""
        path = self.folder / name
        if not os.path.lexists(path):  # False for a name the system refuses (too long) too
            return parse({}, name)[0]
        try:
            raw = read_json_file(path, limit, "JSON file")
        except UnsafeInput as error:
            fate = set_aside(path, move=True)
            self.warnings.append(one_line(f"{name} was damaged ({error.reason}); {fate}; started from defaults"))
            return parse({}, name)[0]
        value, problems = parse(raw, name)
        if problems:
            fate = set_aside(path, move=False)
            more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
            self.warnings.append(one_line(f"{problems[0]}{more}; the original: {fate}"))
        return value

    def take_warnings(self) -> list[str]:
        """The warnings not shown yet; each is reported once."""
        out, self.warnings = self.warnings, []
        return out

    # --- saving -----------------------------------------------------------------------
    def save(self) -> bool:
        """Write settings, and progress merged with what is on disk; on failure warn once."""
        return self._write(self._write_settings) and self._write(self._write_progress)

    def _write(self, writer: Callable[[], None]) -> bool:
        try:
            writer()
        except OSError as error:
            if not self._save_failed:
                self.warnings.append(one_line(f"Could not save to {show_name(self.folder)}: {error.strerror or error}"))
            self._save_failed = True
            return False
        return True

    def _write_settings(self) -> None:
        atomic_write_text(self.folder / SETTINGS_FILE, json.dumps(self.settings.to_dict(), indent=1) + "\n")

    def _write_progress(self) -> None:
        """Re-read the file under a lock and merge, so another window's bests survive."""
        path = self.folder / PROGRESS_FILE
        make_folder(self.folder)
        with file_lock(self.folder / LOCK_FILE):
            self.progress.merge(self._on_disk(path))
            atomic_write_text(path, json.dumps(self.progress.to_dict(), indent=1) + "\n")

    def _on_disk(self, path: Path) -> Progress:
        """What another window may have written meanwhile (nothing when unreadable)."""
        try:
            raw = read_json_file(path, PROGRESS_LIMIT, "JSON file")
        except UnsafeInput:
            return Progress()
        found = Progress.from_dict(raw)[0]
        found.migrated(self.folder)  # an older Coinland in another window may still write old keys
        return found

    # --- scores -----------------------------------------------------------------------
    def best(self, key: str) -> int | None:
        return self.progress.best.get(key)

    def best_of(self, level: Level) -> int | None:
        """The player's best on a level, found by its content (any name, any file)."""
        return self.best(level_key(level))

    def record_level(self, level: Level, score: int) -> bool:
        return self.record(level_key(level), score)

    def record(self, key: str, score: int) -> bool:
        """Keep a new best score for a level and save; True when it beats the old one."""
        if score > self.progress.best.get(key, -1):
            self.progress.best[key] = score
            self.save()
            return True
        return False
