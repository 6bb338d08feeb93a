"""Settings and puzzle progress in the user's data folder: atomic writes, merges, never a crash.

The folder is `$COINLAND_DATA_DIR` when set (tests use a temporary one), else
`$XDG_DATA_HOME/coinland`, else `~/.local/share/coinland`. Files are JSON read through
`game.safeio` (regular files only, a size cap, bounded nesting and numbers) and written
atomically, so a crash mid-save leaves the old file or the new one.

Two windows may be open on one folder. Progress is therefore never written from memory
alone: each write re-reads the file under a lock and keeps the better of each score, every
helped level and every opened pack, so no window erases another's. Settings are
last-writer-wins: they are preferences.

What progress.json holds, and how it is checked, merged, migrated and refused, is
game.client.progress; this module reads and writes the files.

A file that cannot be read is set aside (`NAME.corrupt`, `NAME.corrupt.2`, ... never over
an earlier copy) and replaced by defaults; a file with some bad fields keeps its good ones
and a copy of the original is set aside. Each is reported once, as a line in `warnings`
that the App shows as a toast, saying what really happened (also in a read-only folder).
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.client.progress import PROGRESS_FILE, Progress, ceilings, shipped_names
from game.client.settings import Settings
from game.coinland.level_key import level_key
from game.coinland.levels import Level
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
LOCK_FILE = ".progress.lock"
SETTINGS_LIMIT = 16 * KIB  # a handful of preferences
PROGRESS_LIMIT = 1024 * KIB  # a best score per level: 20,000 levels fit, and the worst megabyte parses in 0.3 s
SUBFOLDERS = ("records", "satoshi-saves", "levels", "cache", "exports")  # where our writers leave temporary files


def data_dir() -> Path:
    """The data folder (game.safeio.places: `$COINLAND_DATA_DIR`, else the XDG place), resolved."""
    return _data_dir()


def clean_start(folder: Path) -> int:
    """Remove the temporary files a killed run left in our folders; how many went."""
    return clean_temps(folder) + sum(clean_temps(folder / name) for name in SUBFOLDERS)


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
        self.tried: set[str] = set()  # level keys walked this run, kept in memory only: for the tip (play.py)
        self._refused_some = False
        self._helped_stamp: tuple[int, int, int] | None = None  # the file's stat when its help marks were read
        self._damaged_stamp: tuple[int, int, int] | None = None  # the damaged file last set aside
        self._refuse_impossible()  # before carrying: an impossible best moves nowhere
        changed = self.progress.migrated(self.folder, refuse=self._refuse_impossible)  # ... and opens no pack
        if changed or self._refused_some:
            self._write(self._write_progress)  # the file now says format 3: content keys, opened packs

    def _refuse_impossible(self, progress: Progress | None = None) -> bool:
        """Set aside the bests no walk can reach (more than the level's par), with one line for the
        player (a toast) and the log (stderr); True when any was refused."""
        progress = progress or self.progress
        lines = progress.refuse_impossible(ceilings(self.folder, set(progress.best)), names=shipped_names())
        if lines:
            more = f" (and {len(lines) - 1} more)" if len(lines) > 1 else ""
            path = self.folder / PROGRESS_FILE
            fate = set_aside(path, move=False) if os.path.lexists(path) else "none on disk"
            line = one_line(f"{lines[0]}{more}; not counted, kept under 'refused'", 300)
            self.warnings.append(line)  # a toast: short enough to read whole
            _log(f"{line}; the original: {fate}")
            self._refused_some = True
        return bool(lines)

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
            self._refuse_impossible()  # another window, or a hand edit since the start
            atomic_write_text(path, json.dumps(self.progress.to_dict(), indent=1) + "\n")

    def _on_disk(self, path: Path) -> Progress:
        """What another window may have written meanwhile. A file damaged since (a hand edit gone
        wrong) is set aside with one line before this window's save replaces it: nothing lost."""
        if not os.path.lexists(path):
            return Progress()
        try:
            raw = read_json_file(path, PROGRESS_LIMIT, "JSON file")
        except UnsafeInput as error:
            with contextlib.suppress(OSError):
                seen = path.stat()
                stamp = (seen.st_mtime_ns, seen.st_size, seen.st_ino)
                if stamp != self._damaged_stamp:  # once per damage, not once per read
                    self._damaged_stamp = stamp
                    fate = set_aside(path, move=False)
                    line = one_line(f"{PROGRESS_FILE} was damaged while the game ran ({error}); {fate}", 300)
                    self.warnings.append(line)
                    _log(line)
            return Progress()
        found = Progress.from_dict(raw)[0]
        # an older Coinland in another window may still write old keys, and no record of packs
        found.migrated(self.folder, refuse=lambda: self._refuse_impossible(found))
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

    # --- help and packs (game.coinland.campaign) ---------------------------------------
    def helped(self, key: str) -> bool:
        """Has the player taken help (Hint, Solve, the review's best line) on this level, here or
        in another window? A mark another window saved is read from the file: it must not wait
        for this window's next save, or the walk that window showed counts here unaided."""
        if key in self.progress.helped:
            return True
        path = self.folder / PROGRESS_FILE
        try:
            seen = path.stat()
        except OSError:
            return False
        stamp = (seen.st_mtime_ns, seen.st_size, seen.st_ino)
        if stamp != self._helped_stamp and seen.st_size <= PROGRESS_LIMIT:  # read again only after a write
            self._helped_stamp = stamp
            self.progress.helped |= self._on_disk(path).helped
        return key in self.progress.helped

    def mark_helped(self, key: str) -> None:
        """Help was shown on this level: its walks are assisted from now on, and it stays so."""
        if key not in self.progress.helped:
            self.progress.helped.add(key)
            self.save()

    @property
    def opened(self) -> frozenset[str]:
        """The packs the star rule has opened (they stay open)."""
        return frozenset(self.progress.opened or ())

    def note_opened(self, names: set[str]) -> bool:
        """Record packs the rule has just opened; True when any is new (then saved)."""
        new = set(names) - self.opened
        if new:
            self.progress.opened = (self.progress.opened or set()) | new
            self.save()
        return bool(new)


def _log(line: str) -> None:
    """A line in the log (stderr), for what a toast says only once; a closed stderr loses it."""
    if sys.stderr is not None:
        with contextlib.suppress(OSError, ValueError):
            print(f"coinland: {line}", file=sys.stderr, flush=True)
