"""Settings and puzzle progress in the user's data folder: atomic writes, merges, never a crash.

The folder is `$COINLAND_DATA_DIR` when set (tests use a temporary one), else
`$XDG_DATA_HOME/coinland`, else `~/.local/share/coinland`. Files are JSON read through
`game.safeio` (regular files only, a size cap, bounded nesting and numbers) and written
atomically, so a crash mid-save leaves the old file or the new one.

Two windows may be open on one folder. Progress is therefore never written from memory
alone: each write re-reads the file under a lock and keeps the better of each score, every
helped level and every opened pack, so no window erases another's. Settings are
last-writer-wins: they are preferences.

progress.json (format 3) holds `best` (the best unaided score per level content key),
`helped` (the content keys of levels on which the player took help: game.coinland.campaign),
`opened` (the packs the star rule has opened) and `refused` (bests no walk can reach, set
aside by `refuse_impossible`: kept in the file, never counted). A file from before `opened`
existed gets it once, by the old rule, so no pack that was open closes.

A file that cannot be read is set aside (`NAME.corrupt`, `NAME.corrupt.2`, ... never over
an earlier copy) and replaced by defaults; a file with some bad fields keeps its good ones
and a copy of the original is set aside. Each is reported once, as a line in `warnings`
that the App shows as a toast, saying what really happened (also in a read-only folder).
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game import LEVELS
from game.client.settings import Settings
from game.coinland.campaign import best_ceiling, old_best_counts, opened_before
from game.coinland.level_key import is_content_key, level_key, migrate, needs_migration
from game.coinland.levels import Level, load_levels
from game.coinland.lineage import carry, carry_helped, shipped_lineage
from game.coinland.pack_folders import former_packs, shipped_packs
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
FORMAT = 3  # 3 adds helped, opened and refused; 2: bests keyed by level content; 1 keyed them by file name
SETTINGS_LIMIT = 16 * KIB  # a handful of preferences
PROGRESS_LIMIT = 1024 * KIB  # a best score per level: 20,000 levels fit, and the worst megabyte parses in 0.3 s
SUBFOLDERS = ("records", "satoshi-saves", "levels", "cache", "exports")  # where our writers leave temporary files
MAX_KEY = 200  # characters in a level key
MAX_SCORE = 10**6  # no board holds more coins than this
MAX_HELPED = 20_000  # helped levels kept: as many levels as the file holds bests for
MAX_PACKS = 200  # opened packs kept (the campaign has a handful)
MAX_PACK_NAME = 80  # characters in a pack's name (a folder's name, tidied)


def data_dir() -> Path:
    """The data folder (game.safeio.places: `$COINLAND_DATA_DIR`, else the XDG place), resolved."""
    return _data_dir()


def clean_start(folder: Path) -> int:
    """Remove the temporary files a killed run left in our folders; how many went."""
    return clean_temps(folder) + sum(clean_temps(folder / name) for name in SUBFOLDERS)


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
            packs = shipped_packs()  # judged by today's packs and by the packs before levels moved
            self.opened = opened_before(packs, self.best.get) | opened_before(former_packs(packs), self.best.get)
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
def _shipped_names() -> dict[str, str]:
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
        lines = progress.refuse_impossible(ceilings(self.folder, set(progress.best)), names=_shipped_names())
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
